# --to a date 7 days after taken is --elapsed 7d, and 7-0 and 10080 (minutes) are 7 days
a=$(fs-decay --elapsed 7d trees/ex1.tsv) &&
b=$(fs-decay --to 2026-01-08 trees/ex1.tsv) &&
c=$(fs-decay --elapsed 7-0 --half-life 10080 trees/ex1.tsv) &&
d=$(fs-decay --elapsed 168h --half-life 7-0 trees/ex1.tsv) &&
[ "$a" = "$b" ] && [ "$a" = "$c" ] && [ "$a" = "$d" ] && echo same
