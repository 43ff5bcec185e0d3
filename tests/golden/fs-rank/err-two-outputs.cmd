fs-rank --json --tree trees/ex1.tsv
