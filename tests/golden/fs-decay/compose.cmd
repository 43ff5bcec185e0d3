# decaying by 3d then 4d equals decaying by 7d to 1e-12 relative
fs-decay --elapsed 3d trees/ex1.tsv | fs-decay --elapsed 4d | cut -f 6 > /tmp/fs-decay-compose.$$ &&
fs-decay --elapsed 7d trees/ex1.tsv | cut -f 6 | paste /tmp/fs-decay-compose.$$ - |
awk -F "\t" "\$1 ~ /^[0-9]/ { n++; d = \$1 - \$2; if (d < 0) d = -d; if (d > 1e-12 * \$2) bad++ } END { print n \" values, \" bad + 0 \" differ\" }"; rm -f /tmp/fs-decay-compose.$$
