fs-tree --sample | fs-explain astro/bob chem
