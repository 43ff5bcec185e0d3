fs-tree --sample | fs-decay --from 9999-12-31T00:00:00Z --elapsed 2d
