fs-tree --sample | fs-rank --tree --usage astro/bob=1 --usage chem/heidi=0.000001
