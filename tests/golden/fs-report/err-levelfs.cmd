fs-tree --sample | fs-rank | awk -F'\t' 'BEGIN { OFS = "\t" } $2 == "bob" { $12 = "lots" } { print }' | fs-report
