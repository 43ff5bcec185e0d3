fs-tree --sample | fs-report >/dev/full
