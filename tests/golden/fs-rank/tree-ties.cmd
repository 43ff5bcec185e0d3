fs-rank --tree trees/ex2a.tsv
