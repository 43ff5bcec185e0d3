fs-tree --sample | fs-explain --until rank=3 astro/alice bob
