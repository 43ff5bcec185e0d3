t=$(mktemp -d) && trap "rm -rf $t" EXIT && gen/history.sh $t/snap 30 && fs-report --history $t/snap
