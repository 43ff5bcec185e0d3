fs-rank trees/ex2a.tsv
