fs-explain ua ub trees/ex6.tsv
