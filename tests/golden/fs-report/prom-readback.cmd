r() { fs-tree --sample | fs-rank $1 | awk -F'\t' 'BEGIN { OFS = "\t" } $2 == "bob" { $10 = "0.125"; $11 = "0.375" } { print }'; }
r | fs-report --prometheus --scope all | grep 'usage_[en].*user="bob"'
r | fs-report --prometheus --top 20 | grep 'usage_[en].*user="bob"'
r "--algorithm classic" | fs-report --prometheus --scope all | grep 'user="bob"'
