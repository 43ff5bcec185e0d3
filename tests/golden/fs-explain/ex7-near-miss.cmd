fs-explain uD3 uD2 trees/ex7.tsv
