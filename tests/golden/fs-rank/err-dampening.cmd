fs-rank --dampening 0 trees/ex1.tsv
