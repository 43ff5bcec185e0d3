fs-tree --sample | fs-explain --until rank=17 astro/alice
