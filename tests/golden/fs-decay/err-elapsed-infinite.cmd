fs-decay --elapsed UNLIMITED trees/ex1.tsv
