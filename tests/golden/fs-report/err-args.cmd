fs-report a.tsv b.tsv
