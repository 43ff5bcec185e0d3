t=$(mktemp -d) && trap "rm -rf $t" EXIT && fs-report --history $t 2>&1 | sed "s|$t|DIR|g"
