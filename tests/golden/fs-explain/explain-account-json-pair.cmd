fs-tree --sample | fs-explain --json hep chem
