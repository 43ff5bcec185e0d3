fs-decay --to 2026-1-8 trees/ex1.tsv
