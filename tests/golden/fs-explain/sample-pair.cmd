fs-tree --sample | fs-rank | fs-explain astro/alice chem/grace
