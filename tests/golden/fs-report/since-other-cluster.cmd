fs-tree --sample | fs-rank | fs-report --since <(fs-tree --sample | sed 's/^#cluster=demo/#cluster=other/' | fs-rank)
