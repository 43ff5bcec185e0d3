fs-tree --sample | fs-rank | fs-explain bob
fs-tree --sample | fs-explain --json bob | grep -o '{"name": "theory"[^}]*}'
