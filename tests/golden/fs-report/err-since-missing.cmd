fs-tree --sample | fs-report --since no-such-snapshot.tsv
