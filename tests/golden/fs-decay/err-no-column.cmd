fs-decay --elapsed 7d
