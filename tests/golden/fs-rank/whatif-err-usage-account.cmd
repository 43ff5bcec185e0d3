fs-tree --sample | fs-rank --usage chem=0
