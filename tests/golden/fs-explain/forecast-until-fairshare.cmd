fs-tree --sample | fs-explain --until fairshare=0.5 astro/alice --rate chem/grace=2 --rate ivan=8 --rate astro/bob=1
