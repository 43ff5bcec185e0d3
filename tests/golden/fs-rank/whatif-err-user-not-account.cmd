fs-tree --sample | fs-rank --shares bob=6
