fs-tree --sample | tr '\t' ' ' | fs-rank
