fs-tree --sample | fs-decay --exact --to 2026-11-27T08:00:00Z
