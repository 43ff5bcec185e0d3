fs-tree --sample | fs-rank --shares physics=60 --tree
