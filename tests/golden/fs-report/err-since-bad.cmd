fs-tree --sample | fs-report --since golden/fs-report-err-since-bad.cmd
