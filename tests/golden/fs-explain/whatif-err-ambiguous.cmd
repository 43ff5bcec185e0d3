fs-tree --sample | fs-explain --usage alice=0 bob
