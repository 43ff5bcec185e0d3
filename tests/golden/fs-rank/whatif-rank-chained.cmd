fs-tree --sample | fs-rank --shares physics=60 | fs-rank --usage hep/dave=100 --usage hep/dave=200 | grep "^#whatif"
