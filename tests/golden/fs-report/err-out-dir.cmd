fs-tree --sample | fs-report --out no-such-dir/report.txt
