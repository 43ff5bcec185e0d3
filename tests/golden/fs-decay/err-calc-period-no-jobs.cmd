fs-decay --elapsed 1d --calc-period 5 trees/ex1.tsv
