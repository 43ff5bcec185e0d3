fs-decay --elapsed 99999999999999999999d trees/ex1.tsv
