fs-tree --sample | fs-explain nina kim
