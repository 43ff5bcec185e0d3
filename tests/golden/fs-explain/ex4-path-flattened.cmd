fs-explain s1 trees/ex4.tsv
