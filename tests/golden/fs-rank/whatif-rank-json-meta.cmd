fs-tree --sample | fs-rank --shares physics=60 --usage hep/dave=1e4 --json | grep -o "\"whatif\":\"[^\"]*\""
