fs-tree --sample | sed 's/^#taken=.*/#taken=2026-11-20T09:00:00+01:00/' | fs-rank | fs-report --prometheus | grep '^fairshare_snapshot_timestamp'
