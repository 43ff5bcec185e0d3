fs-explain --algorithm classic u1 u2 trees/ex1.tsv
