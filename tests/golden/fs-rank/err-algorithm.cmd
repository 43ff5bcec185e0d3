fs-rank --algorithm bogus trees/ex1.tsv
