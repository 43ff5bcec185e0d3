fs-decay trees/ex1.tsv
