t=$(mktemp -d) && trap "rm -rf $t" EXIT && gen/history.sh $t/snap 30 && mv $t/snap/2026-11-03-0800.tsv $t/snap/2026-11-30-0900.tsv && fs-report --history $t/snap 2>&1 | sed "s|$t|DIR|g"
