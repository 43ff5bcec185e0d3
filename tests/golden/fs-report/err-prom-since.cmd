fs-tree --sample | fs-rank | fs-report --prometheus --since golden/fs-report/since.cmd
