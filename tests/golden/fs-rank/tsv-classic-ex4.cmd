fs-rank --algorithm classic trees/ex4.tsv
