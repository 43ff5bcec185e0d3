fs-tree --sample | fs-rank -l -P -u carol,dave
