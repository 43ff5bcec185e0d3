d=$(mktemp -d) && sed 's/^#private_data=.*/#private_data=/' golden/peruser-own.tsv | fs-rank --per-user "$d/p" >/dev/null && fs-explain chem/daemon "$d/p/users/daemon"; s=$?; rm -rf "$d"; exit $s
