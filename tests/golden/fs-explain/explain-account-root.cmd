fs-tree --sample | fs-explain root chem
