fs-tree --sample | fs-explain --json --usage-by physics
fs-tree --sample | fs-explain --json --usage-by root | grep -E '"(asked|account|children|more)"'
