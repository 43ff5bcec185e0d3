fs-decay --half-life 0 --elapsed 30d trees/ex1.tsv | grep -E "^#decay_factor|u1"
