fs-rank --tree trees/ex6.tsv
