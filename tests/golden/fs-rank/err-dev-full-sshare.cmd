fs-tree --sample | fs-rank -l -P >/dev/full
