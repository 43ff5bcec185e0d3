fs-tree --sample | fs-explain --forecast --json astro/alice bob
