fs-tree --sample | fs-explain chem bob
