fs-tree --sample | fs-rank
