#!/usr/bin/env bash
# Golden tests. Where a case goes: tests/golden/PROGRAM/NAME, in the folder
# of the program it tests (fs-tree, fs-decay, fs-rank, fs-explain, fs-prio,
# fs-report; in `fs-tree --sample | fs-rank | fs-report` that is fs-report,
# the programs before it only make its input), or all/ when it runs every
# program alike. NAME says what it checks, without the program's name:
# fs-rank/err-bad-option, not fs-rank/fs-rank-err-bad-option; errors start
# err-. An input file only that case reads sits beside it as NAME.EXT
# (golden/fs-decay/replay-hand.jobs); one that several cases or other tests
# read (tests/peruser.t, tests/hostile.t) sits at the top of tests/golden/
# (golden/fs-prio-cluster.conf), as do the older ones whose path an expected
# output prints. The top holds no case (its one .cmd, fs-report-err-since-bad,
# is such an input).
#
# A case PROGRAM/NAME.cmd is a shell command line run in tests/ with the
# built programs first on PATH, standard input from NAME.in (or /dev/null).
# Its standard output must equal NAME.out, its standard error NAME.err, and
# its exit status NAME.status (missing files mean: empty, empty, 0). It runs
# under pipefail: a program that fails before a filter (| sed, | wc -l)
# makes the case's status its own, not the filter's; but for 141, a writer
# killed by SIGPIPE when its reader left early (| head), which counts as 0.
# FS_UPDATE=1 rewrites the expected files from what the programs do now:
# review the diff before committing it. FS_ONLY=PREFIX runs only the cases
# whose PROGRAM/NAME starts with PREFIX (a glob): FS_ONLY=fs-rank (a folder),
# FS_ONLY=fs-rank/err (its errors), FS_ONLY='*/err' (every folder's errors).
set -u
cd "$(dirname "$0")" || exit 1
export PATH="${FS_BIN:?set FS_BIN to the directory of the built programs}:$PATH"
export LC_ALL=C TZ=UTC
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# FS_WRAP (make check-valgrind): run every program through this command,
# by wrappers first on PATH, so pipelines are wrapped too.
if [ -n "${FS_WRAP:-}" ]; then
	mkdir "$tmp/wrap"
	for p in "$FS_BIN"/*; do
		printf '#!/bin/sh\nPATH="%s:$PATH" exec %s %s "$@"\n' \
			"$FS_BIN" "$FS_WRAP" "${p##*/}" >"$tmp/wrap/${p##*/}"
		chmod +x "$tmp/wrap/${p##*/}"
	done
	PATH="$tmp/wrap:$PATH"
fi

cases=()
for cmd in golden/*/*.cmd; do
	# shellcheck disable=SC2053 # FS_ONLY is a glob
	[[ ${cmd#golden/} == ${FS_ONLY:-}* ]] && cases+=("$cmd")
done
echo "1..${#cases[@]}"
n=0
for cmd in "${cases[@]}"; do
	n=$((n + 1))
	name=${cmd%.cmd}
	# NAME.novalgrind: the case needs the x87's 80 bits (valgrind has 64).
	if [ -n "${FS_WRAP:-}" ] && [ -f "$name.novalgrind" ]; then
		echo "ok $n - ${name#golden/} # SKIP $(head -1 "$name.novalgrind")"
		continue
	fi
	in=/dev/null
	[ -f "$name.in" ] && in=$name.in
	timeout 60 bash -o pipefail -c "$(cat "$cmd")" <"$in" >"$tmp/out" 2>"$tmp/err"
	st=$?
	# A writer killed by SIGPIPE (141) when its reader (| head) left.
	[ "$st" = 141 ] && st=0
	echo "$st" >"$tmp/status"
	if [ "${FS_UPDATE:-}" = 1 ]; then
		cp "$tmp/out" "$name.out"
		if [ -s "$tmp/err" ]; then cp "$tmp/err" "$name.err"; else rm -f "$name.err"; fi
		if [ "$(cat "$tmp/status")" != 0 ]; then cp "$tmp/status" "$name.status"; else rm -f "$name.status"; fi
		[ -s "$name.out" ] || rm -f "$name.out"
	fi
	ok=1
	todo=
	for what in out err; do
		want=$name.$what
		[ -f "$want" ] || want=/dev/null
		if ! cmp -s "$want" "$tmp/$what"; then
			# valgrind computes x87 long doubles in 64 bits: the
			# digits differ, memory errors show on stderr.
			if [ -n "${FS_WRAP:-}" ] && [ $what = out ]; then
				todo=" # TODO valgrind emulates long double in 64 bits"
			else
				ok=0
			fi
			echo "# $name: standard ${what/err/error} differs:"
			diff -u "$want" "$tmp/$what" | head -40 | sed 's/^/#   /' >&2
		fi
	done
	want=0
	[ -f "$name.status" ] && want=$(cat "$name.status")
	if [ "$(cat "$tmp/status")" != "$want" ]; then
		ok=0
		echo "# $name: exit status $(cat "$tmp/status"), expected $want"
	fi
	if [ $ok = 1 ] && [ -z "$todo" ]; then echo "ok $n - ${name#golden/}"
	elif [ $ok = 1 ]; then echo "not ok $n - ${name#golden/}$todo"
	else echo "not ok $n - ${name#golden/}"; fi
done
