fs-tree --sample | fs-explain alice bob
