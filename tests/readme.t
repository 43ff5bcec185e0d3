#!/usr/bin/env bash
# Every command shown in README.md is a test: in a ```console block, a line
# "$ command" is run from the top of the checkout and the lines after it, up
# to the next command or the end of the block, are its expected output
# (trailing blanks ignored), and its status is 0 under pipefail (a failing
# program before | head fails it; SIGPIPE's 141 when head leaves early does
# not).
set -u
cd "$(dirname "$0")/.." || exit 1
export LC_ALL=C TZ=UTC
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
awk -v dir="$tmp" '
	/^```console/ { blk = 1; next }
	/^```/ { blk = 0; cur = ""; next }
	blk && substr($0, 1, 2) == "$ " { k++; cur = dir "/" k; print substr($0, 3) > (cur ".cmd"); printf "" > (cur ".want"); next }
	blk && cur != "" { print > (cur ".want") }
' README.md
set -- "$tmp"/*.cmd
[ -e "$1" ] || set --
echo "1..$#"
n=0
for c; do
	n=$((n + 1)); b=${c%.cmd}; cmd=$(cat "$c")
	bash -o pipefail -c "$cmd" 2>"$b.err" </dev/null | sed 's/[ \t]*$//' >"$b.got"
	st=${PIPESTATUS[0]}
	[ "$st" = 141 ] && st=0 # a writer killed by SIGPIPE: | head left early
	sed 's/[ \t]*$//' "$b.want" >"$b.want2"
	if [ "$st" = 0 ] && cmp -s "$b.want2" "$b.got"; then
		echo "ok $n - README: $cmd"
	else
		echo "not ok $n - README: $cmd"
		diff -u "$b.want2" "$b.got" | head -20 | sed 's/^/#   /' >&2
	fi
done
