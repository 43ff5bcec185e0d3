fs-tree --sample | sed '12s/\t/ /g' | fs-decay --elapsed 1d | tail -1
