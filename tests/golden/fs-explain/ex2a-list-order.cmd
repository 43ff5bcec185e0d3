fs-explain uA3 uB1 trees/ex2a.tsv
