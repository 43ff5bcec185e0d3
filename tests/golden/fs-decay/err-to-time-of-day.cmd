fs-decay --to 2026-11-25T24:00 trees/ex1.tsv
