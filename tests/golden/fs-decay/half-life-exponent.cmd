fs-tree --sample | sed 's/^#half_life=.*/#half_life=1e5/' | fs-decay --elapsed 1d
