fs-tree --sample | fs-explain bob astro/bob
