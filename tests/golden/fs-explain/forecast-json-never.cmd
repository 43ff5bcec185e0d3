fs-tree --sample | fs-explain --forecast --json astro/alice bob --horizon 1d --no-running --shares astro/alice=5
