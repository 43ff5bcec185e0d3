fs-tree --sample | fs-explain kim leo
