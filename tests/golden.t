#!/usr/bin/env bash
# Golden tests: each tests/golden/NAME.cmd is a shell command line run in
# tests/ with the built programs first on PATH, standard input from NAME.in
# (or /dev/null). Its standard output must equal NAME.out, its standard error
# NAME.err, and its exit status NAME.status (missing files mean: empty, empty,
# 0). FS_UPDATE=1 rewrites the expected files from what the programs do now:
# review the diff before committing it.
set -u
cd "$(dirname "$0")" || exit 1
export PATH="${FS_BIN:?set FS_BIN to the directory of the built programs}:$PATH"
export LC_ALL=C TZ=UTC
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

cases=(golden/*.cmd)
echo "1..${#cases[@]}"
n=0
for cmd in "${cases[@]}"; do
	n=$((n + 1))
	name=${cmd%.cmd}
	in=/dev/null
	[ -f "$name.in" ] && in=$name.in
	timeout 60 bash -o pipefail -c "$(cat "$cmd")" <"$in" >"$tmp/out" 2>"$tmp/err"
	echo $? >"$tmp/status"
	if [ "${FS_UPDATE:-}" = 1 ]; then
		cp "$tmp/out" "$name.out"
		if [ -s "$tmp/err" ]; then cp "$tmp/err" "$name.err"; else rm -f "$name.err"; fi
		if [ "$(cat "$tmp/status")" != 0 ]; then cp "$tmp/status" "$name.status"; else rm -f "$name.status"; fi
		[ -s "$name.out" ] || rm -f "$name.out"
	fi
	ok=1
	for what in out err; do
		want=$name.$what
		[ -f "$want" ] || want=/dev/null
		if ! cmp -s "$want" "$tmp/$what"; then
			ok=0
			echo "# $name: standard ${what/err/error} differs:"
			diff -u "$want" "$tmp/$what" | head -40 | sed 's/^/#   /'
		fi
	done
	want=0
	[ -f "$name.status" ] && want=$(cat "$name.status")
	if [ "$(cat "$tmp/status")" != "$want" ]; then
		ok=0
		echo "# $name: exit status $(cat "$tmp/status"), expected $want"
	fi
	if [ $ok = 1 ]; then echo "ok $n - ${name#golden/}"; else echo "not ok $n - ${name#golden/}"; fi
done
