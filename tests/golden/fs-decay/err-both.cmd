fs-decay --elapsed 1d --to 2026-01-02 trees/ex1.tsv
