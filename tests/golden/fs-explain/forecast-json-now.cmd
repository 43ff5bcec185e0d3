fs-tree --sample | fs-explain --until fairshare=0.1 --json astro/bob
