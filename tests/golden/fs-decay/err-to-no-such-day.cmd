fs-decay --to 2026-02-29 trees/ex1.tsv
