fs-tree --sample | fs-rank --algorithm classic | fs-report --top 3
