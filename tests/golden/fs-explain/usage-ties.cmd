fs-explain --ties maybe a b trees/ex1.tsv
