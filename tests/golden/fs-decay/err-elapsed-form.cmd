fs-decay --elapsed 1:2:3:4 trees/ex1.tsv
