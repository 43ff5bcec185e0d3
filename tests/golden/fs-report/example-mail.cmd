fs-tree --sample | fs-rank | fs-report --top 3
