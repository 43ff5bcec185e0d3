fs-tree --sample | fs-explain --json proteomics
