fs-tree --sample | fs-explain --until rank=16 astro/alice
