fs-tree --sample | sed 's/^\(astro\tbob\t.*\)cpu=0$/\1cpu=lots/' | fs-explain --forecast astro/alice bob
