fs-tree --sample | fs-rank --shares phys=60
