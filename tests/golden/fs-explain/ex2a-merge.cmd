fs-explain --ties merge uA1 uB1 trees/ex2a.tsv
