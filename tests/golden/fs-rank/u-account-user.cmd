fs-tree --sample | fs-rank -l -P -u astro/alice,dave
