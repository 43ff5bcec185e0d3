fs-tree --sample | fs-explain grace astro/alice | head -3
