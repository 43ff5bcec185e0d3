fs-tree --sample | fs-explain --usage-by physics
fs-tree --sample | fs-explain --usage-by bob
fs-tree --sample | fs-explain --usage-by root
fs-tree --sample | fs-explain --usage-by theory
fs-tree --sample | fs-explain --usage-by --algorithm classic chem
