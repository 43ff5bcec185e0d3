fs-tree --sample | fs-explain --until fairshare=2 astro/alice
