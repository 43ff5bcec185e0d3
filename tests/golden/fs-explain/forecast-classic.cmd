fs-tree --sample | fs-explain --algorithm classic --forecast astro/alice bob --rate bob=4
