#!/usr/bin/env bash
# One letter, one meaning: every short option the six programs' --help
# lists stands for the same long option everywhere. Read from --help, so
# the check cannot drift from what the programs say. The only exceptions
# are the letters sshare and sprio themselves give different meanings,
# which fs-rank (sshare's) and fs-prio (sprio's) keep, and the letters of
# fs-prio --new, which are sbatch's (its help lists them last, after
# "A job not yet submitted"). -u is the same filter in both, spelt --users
# by sshare and --user by sprio.
set -u
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
export LC_ALL=C
n=0 bad=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; bad=$((bad + 1)); }
# Allowed: LETTER=long,long (the set of meanings, sorted).
allowed="h=help,noheader n=noheader,norm p=parsable,partition u=user,users"
pairs=$(for p in fs-tree fs-rank fs-decay fs-explain fs-prio fs-report; do
	"$B/$p" --help 2>&1 | sed '/^A job not yet submitted/,$d' |
		sed -n 's/^ *-\([A-Za-z]\), --\([A-Za-z0-9-]*\).*/\1 \2 '"$p"'/p'
done)
if [ "$(printf '%s\n' "$pairs" | wc -l)" -lt 20 ]; then
	nok "the --help texts list short options ($(printf '%s\n' "$pairs" | wc -l) found)"
fi
for l in $(printf '%s\n' "$pairs" | awk '{ print $1 }' | sort -u); do
	longs=$(printf '%s\n' "$pairs" | awk -v l="$l" '$1 == l { print $2 }' |
		sort -u | paste -sd, -)
	who=$(printf '%s\n' "$pairs" | awk -v l="$l" '$1 == l { print $3 "=" $2 }' |
		paste -sd' ' -)
	case $longs in
	*,*)
		if [[ " $allowed " == *" $l=$longs "* ]]; then
			ok "-$l: $longs, as sshare and sprio have it ($who)"
		else
			nok "-$l means $longs ($who)"
		fi ;;
	*) ok "-$l: --$longs ($who)" ;;
	esac
done
echo "1..$n"
[ "$bad" = 0 ]
