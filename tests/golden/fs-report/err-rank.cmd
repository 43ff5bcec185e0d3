fs-tree --sample | fs-rank | awk -F'\t' 'BEGIN { OFS = "\t" } $2 == "bob" { $14 = 17 } { print }' | fs-report
