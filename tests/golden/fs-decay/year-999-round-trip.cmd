fs-tree --sample | fs-decay --from 0999-01-01T00:00:00Z --elapsed 1d | fs-decay --elapsed 1d | grep -E '^#(taken|decay_from)='
