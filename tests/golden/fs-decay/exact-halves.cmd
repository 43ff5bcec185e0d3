# one exact half-life halves every usage: 20 25 25 30 -> 10 12.5 12.5 15
fs-decay --exact --half-life 1d --elapsed 1d trees/ex1.tsv | awk -F "\t" "\$2 ~ /^u/ { print \$2, \$6 }"
