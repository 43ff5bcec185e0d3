fs-tree --sample | fs-explain oscar
