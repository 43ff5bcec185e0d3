fs-decay --elapsed 7x trees/ex1.tsv
