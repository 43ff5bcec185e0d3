fs-tree --sample | fs-explain --until rank=3 chem
