fs-decay --elapsed 1d trees/ex1.tsv trees/ex2a.tsv
