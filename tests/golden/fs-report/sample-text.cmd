fs-tree --sample | fs-rank | fs-report
