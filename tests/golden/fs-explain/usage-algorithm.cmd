fs-explain --algorithm best u1 u2 trees/ex1.tsv
