fs-tree --sample | fs-explain --forecast astro/alice bob --rate bob=4 --horizon 2h
