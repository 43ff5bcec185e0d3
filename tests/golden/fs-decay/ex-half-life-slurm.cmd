fs-tree --sample | fs-decay --half-life 1-0 --elapsed 1-12
