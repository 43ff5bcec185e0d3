d=$(mktemp -d) && fs-rank --per-user "$d/p" --private golden/peruser-own.tsv >/dev/null && fs-explain phys/nobody "$d/p/users/nobody"; s=$?; rm -rf "$d"; exit $s
