#!/bin/bash
# load-tree.sh FILE [clean]
# load-tree.sh --commands FILE
# Load an association tree into the test cluster with 'sacctmgr -i load',
# after creating the Unix users the file names (useradd, idempotent), so that
# slurmctld resolves their uids and jobs can run as them. With --commands,
# FILE holds sacctmgr commands ('add user NAME account=A ...'), one a line,
# '#' comments and blank lines skipped, run one by one in that order.
#
# FILE is in sacctmgr's dump/load format, e.g.
#   Cluster - 'fstest'
#   Parent - 'root'
#   Account - 'a':Fairshare=40
#   Parent - 'a'
#   User - 'u1':DefaultAccount='a':Fairshare=20
# Slurm lower-cases account names: use lower-case names.
# With 'clean', everything already in the cluster is removed first.
# FS_LOAD_USERADD="NAME..." creates only the Unix users named (of those the
# file has), =no none: for a large generated tree whose users never run jobs
# (slurmctld keeps an unknown user's association all the same).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/env.sh"

add_users() {
	local u only=${FS_LOAD_USERADD:-yes}
	for u in "$@"; do
		[ "$u" = root ] && continue
		case "$only" in
		yes) ;;
		*) case " $only " in *" $u "*) ;; *) continue ;; esac ;;
		esac
		if ! id -u "$u" >/dev/null 2>&1; then
			useradd -M -N -g users -s /bin/sh -d /nonexistent "$u"
		fi
	done
}

if [ "${1:-}" = --commands ] && [ $# -eq 2 ] && [ -r "$2" ]; then
	# shellcheck disable=SC2046
	add_users $(sed -n 's/^[[:space:]]*add[[:space:]][[:space:]]*user[[:space:]][[:space:]]*\([^[:space:]]*\).*/\1/p' "$2" | sort -u)
	grep -v '^[[:space:]]*\(#\|$\)' "$2" | while read -r line; do
		# shellcheck disable=SC2086
		sacctmgr -i $line </dev/null
	done
	exit 0
fi

[ $# -ge 1 ] && [ -r "$1" ] || {
	echo "usage: load-tree.sh FILE [clean]" >&2
	exit 2
}
file=$1
shift

# shellcheck disable=SC2046
add_users $(sed -n "s/^[[:space:]]*User[[:space:]]*-[[:space:]]*'\{0,1\}\([^':]*\).*/\1/p" "$file" | sort -u)

sacctmgr -i load file="$file" "$@"
