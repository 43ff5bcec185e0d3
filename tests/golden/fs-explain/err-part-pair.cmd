d=$(mktemp -d) && fs-rank --per-user "$d/p" --private golden/peruser-own.tsv >/dev/null && cd "$d" && fs-explain phys/nobody chem/nobody p/users/nobody; s=$?; cd - >/dev/null; rm -rf "$d"; exit $s
