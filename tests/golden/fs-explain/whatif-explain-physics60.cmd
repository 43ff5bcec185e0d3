fs-tree --sample | fs-explain --shares physics=60 physics chem
