fs-tree --sample | fs-rank | fs-report --top 1 --since <(fs-tree --sample | sed 's/^#taken=.*/#taken=2026-12-01T00:00:00Z/' | fs-rank) | sed -n 1,10p
