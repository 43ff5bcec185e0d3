fs-explain s2 b2 trees/ex4.tsv
