fs-explain "" u1 trees/ex1.tsv
