fs-tree --sample | fs-explain theory/frank
