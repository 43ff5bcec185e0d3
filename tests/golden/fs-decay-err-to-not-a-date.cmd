fs-decay --to tomorrow trees/ex1.tsv
