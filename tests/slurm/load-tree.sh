#!/bin/bash
# load-tree.sh FILE [clean]
# Load an association tree into the test cluster with 'sacctmgr -i load',
# after creating the Unix users the file names (useradd, idempotent), so that
# slurmctld resolves their uids and jobs can run as them.
#
# FILE is in sacctmgr's dump/load format, e.g.
#   Cluster - 'fstest'
#   Parent - 'root'
#   Account - 'a':Fairshare=40
#   Parent - 'a'
#   User - 'u1':DefaultAccount='a':Fairshare=20
# Slurm lower-cases account names: use lower-case names.
# With 'clean', everything already in the cluster is removed first.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/env.sh"

[ $# -ge 1 ] && [ -r "$1" ] || {
	echo "usage: load-tree.sh FILE [clean]" >&2
	exit 2
}
file=$1
shift

users=$(sed -n "s/^[[:space:]]*User[[:space:]]*-[[:space:]]*'\{0,1\}\([^':]*\).*/\1/p" "$file" | sort -u)
for u in $users; do
	[ "$u" = root ] && continue
	if ! id -u "$u" >/dev/null 2>&1; then
		useradd -M -N -g users -s /bin/sh -d /nonexistent "$u"
	fi
done

sacctmgr -i load file="$file" "$@"
