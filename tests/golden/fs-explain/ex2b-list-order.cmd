fs-explain uB2 uA1 trees/ex2b.tsv
