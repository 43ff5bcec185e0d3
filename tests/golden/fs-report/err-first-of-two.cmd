# Two bad rows in different chunks of the read-back (4096 rows each, read on every core): the first in the file is reported, every time
f=$("${FS_BUILD:-../build}"/gen/gentree -n 10000 -s 7 | fs-rank | awk -F'\t' 'BEGIN { OFS = "\t" } NR == 3000 { $9 = "early" } NR == 9000 { $9 = "late" } { print }') && for i in 1 2 3; do printf '%s\n' "$f" | fs-report --prometheus; echo "status $?"; done
