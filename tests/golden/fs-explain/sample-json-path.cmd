fs-tree --sample | fs-explain --json theory/frank
