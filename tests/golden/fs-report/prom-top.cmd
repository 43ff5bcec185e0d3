fs-tree --sample | fs-rank | fs-report --prometheus --top 1 --depth 0 --metrics rank,usage_raw,level_fs
