# the tree's half_life metadata is the default; --half-life overrides it
fs-tree --sample | sed s/half_life=604800/half_life=3600/ | fs-decay --elapsed 1h | grep -E "^#decay_(half_life|factor)|alice"
fs-tree --sample | fs-decay --elapsed 1h --half-life 2h | grep -E "^#decay_(half_life|factor)|alice"
