fs-rank --json=bogus trees/ex1.tsv
