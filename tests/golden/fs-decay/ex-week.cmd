fs-tree --sample | fs-decay --elapsed 7d | fs-rank -l -P
