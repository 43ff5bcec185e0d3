fs-tree --sample | sed 's/^\(astro\tbob\t.*\)cpu=0$/\1cpu=600,billing=1200/' | fs-explain --until rank=3 --json astro/bob --rate chem/grace=3
