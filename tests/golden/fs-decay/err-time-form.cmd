fs-tree --sample | fs-decay --to yesterday
