fs-tree --sample | awk -F'\t' -v OFS='\t' '$1 == "hep" && $2 == "" { $6 = 100 } { print }' | fs-rank
