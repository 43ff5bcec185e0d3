fs-tree --sample | fs-explain --usage chem/grace=0 chem/grace astro/bob
