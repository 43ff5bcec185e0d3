fs-tree --sample | fs-rank --shares chem/zed=1
