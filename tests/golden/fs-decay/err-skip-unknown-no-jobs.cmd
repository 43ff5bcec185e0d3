fs-decay --skip-unknown --elapsed 1d trees/ex1.tsv
