fs-tree --sample | fs-explain --json --shares physics=60 physics chem | head -6
