fs-tree --sample | fs-explain physics
