fs-tree --sample | fs-rank | awk -F'\t' 'BEGIN { OFS = "\t" } $2 == "bob" { $10 = "-1" } { print }' | fs-report
