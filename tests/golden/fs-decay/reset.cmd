fs-decay --reset trees/ex1.tsv
