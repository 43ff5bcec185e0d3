fs-report --history golden stray.tsv
