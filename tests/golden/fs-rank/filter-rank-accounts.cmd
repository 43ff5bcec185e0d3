fs-tree --sample | fs-rank -A physics,HEP
