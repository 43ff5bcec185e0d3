# Values --prometheus reads on demand, in forms other than fs-rank's (a hex float, an exponent, upper case), are those strtold reads
fs-tree --sample | fs-rank | awk -F'\t' 'BEGIN { OFS = "\t" } $2 == "bob" { $9 = "5E-1"; $10 = "0x1p-3"; $11 = "0.25e+0" } { print }' | fs-report --prometheus --top 20 --metrics shares_normalized,usage_normalized,usage_effective | grep 'user="bob"'
