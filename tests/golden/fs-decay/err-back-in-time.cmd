fs-decay --to 2025-12-31 trees/ex1.tsv
