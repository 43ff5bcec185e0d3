fs-tree --sample | fs-rank -l
