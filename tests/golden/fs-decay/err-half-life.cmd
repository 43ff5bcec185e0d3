fs-decay --half-life 7x --elapsed 1d trees/ex1.tsv
