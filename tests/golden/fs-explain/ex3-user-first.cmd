fs-explain uX2 u0 trees/ex3.tsv
