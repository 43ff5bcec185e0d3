fs-tree --sample | sed '2a#partial=-A physics' | fs-rank --tree
