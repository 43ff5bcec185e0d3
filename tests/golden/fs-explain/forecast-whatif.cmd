fs-tree --sample | fs-explain --forecast astro/alice bob --rate bob=4 --usage astro/bob=40000
