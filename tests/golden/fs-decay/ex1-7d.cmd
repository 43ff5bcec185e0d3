fs-decay --elapsed 7d trees/ex1.tsv
