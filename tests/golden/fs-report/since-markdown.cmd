fs-tree --sample | awk -F'\t' 'BEGIN { OFS = "\t" } $2 == "bob" { $6 *= 4 } { print }' | fs-rank | fs-report --markdown --since <(fs-tree --sample | fs-rank) --top 2 | sed -n '/^## Users/,$p'
