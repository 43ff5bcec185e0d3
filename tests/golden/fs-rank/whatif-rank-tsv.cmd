fs-tree --sample | fs-rank --shares physics=60 --usage chem/grace=0 --shares astro/bob=parent
