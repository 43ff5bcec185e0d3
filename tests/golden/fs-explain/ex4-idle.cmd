fs-explain i2a i1b trees/ex4.tsv
