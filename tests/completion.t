#!/usr/bin/env bash
# Bash completion (contrib/fs-toolkit.bash): options from each program's
# --help, names from a tree, files after options that take one.
set -u
cd "$(dirname "$0")" || exit 1
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
export PATH="$B:$PATH" LC_ALL=C
# shellcheck source=/dev/null
. ../contrib/fs-toolkit.bash
n=0 bad=0
complete_line() {	# WORDS...: COMPREPLY for the last word, one per line
	COMP_WORDS=("$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	_fs_toolkit "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	printf '%s\n' "${COMPREPLY[@]}" | sort
}
check() {	# DESCRIPTION WANT WORDS...
	local what=$1 want=$2 got
	shift 2
	got=$(complete_line "$@" | paste -sd' ' -)
	n=$((n + 1))
	if [ "$got" = "$want" ]; then
		echo "ok $n - $what"
	else
		echo "not ok $n - $what: want '$want', got '$got'"
		bad=$((bad + 1))
	fi
}
check "fs-rank --al: sshare's --all, the toolkit's --algorithm" \
	"--algorithm --all" fs-rank --al
check "fs-decay --sk: --skip-unknown" "--skip-unknown" fs-decay --sk
check "fs-prio -S: sprio's sort letter" "-S" fs-prio -S
check "fs-explain: users of the tree on the line" \
	"u1" fs-explain trees/ex1.tsv u1
check "fs-explain: ACCOUNT/USER" "C/u2 C/u3" fs-explain trees/ex1.tsv C/
FS_TREE=trees/ex1.tsv check "fs-rank -A: the accounts of \$FS_TREE" \
	"A B C D E F G root" fs-rank -A ''
check "fs-prio --tree: files" \
	"trees/ex1.tsv" fs-prio --tree trees/ex1.t
echo "1..$n"
[ "$bad" = 0 ]
