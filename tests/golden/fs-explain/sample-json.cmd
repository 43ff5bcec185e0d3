fs-tree --sample | fs-explain --json bob grace
