fs-tree --sample | fs-rank -u astro/carol
