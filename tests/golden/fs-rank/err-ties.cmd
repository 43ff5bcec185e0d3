fs-rank --ties bogus trees/ex1.tsv
