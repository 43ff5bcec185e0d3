fs-tree --sample | fs-explain --algorithm classic chem physics
