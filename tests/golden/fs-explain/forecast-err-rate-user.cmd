fs-tree --sample | fs-explain --forecast astro/alice bob --rate alice=1
