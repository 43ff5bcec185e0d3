fs-tree --sample | fs-explain proteomics genomics
