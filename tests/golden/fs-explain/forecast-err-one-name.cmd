fs-tree --sample | fs-explain --forecast astro/alice
