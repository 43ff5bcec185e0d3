#!/bin/bash
# scenario.sh NAME
# Replay one recorded scenario on a fresh test cluster and capture it:
#   fixtures/NAME/settings   FS_SLURM_* assignments for stack.sh (optional)
#   fixtures/NAME/tree.cfg   the sacctmgr load file
#   fixtures/NAME/sacctmgr   more sacctmgr commands, one a line, run one by
#                            one after the load (optional: the order in which
#                            associations are created is kept)
#   fixtures/NAME/restart    if present, slurmctld is restarted after the
#                            tree is loaded (it then builds its children
#                            lists from the database's order)
#   fixtures/NAME/jobs.txt   one USER:ACCOUNT:CPUS:SECONDS per line
# The stack is wiped (all usage and associations forgotten), started with
# the settings, the tree loaded, the jobs run to completion, a priority pass
# awaited, and live.tsv / sshare.txt / sshare-fixed.txt written by capture.sh.
# Leaves the stack running.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || {
	echo "usage: scenario.sh NAME" >&2
	exit 2
}
dir=$here/fixtures/$1
[ -r "$dir/tree.cfg" ] || {
	echo "scenario.sh: no $dir/tree.cfg" >&2
	exit 1
}
start=$(date +%s)
"$here/stack.sh" wipe
# Unset settings fall back to the defaults, not to a previous scenario's.
unset FS_SLURM_HALF_LIFE FS_SLURM_FLAGS FS_SLURM_DAMPENING FS_SLURM_CPUS \
	FS_SLURM_RESET FS_SLURM_PRIVATE_DATA FS_SLURM_BILLING
if [ -r "$dir/settings" ]; then
	set -a
	. "$dir/settings"
	set +a
fi
# Usage at a cluster's scale, not a test's: a CPU-second is charged as a
# million billing units, so that the usages of these 20-second jobs have 15
# significant digits in the dump's 6 decimals, as a real cluster's have
# (docs/slurm.md §1.4). At 30 CPU-seconds the dump rounds a usage by up to
# 2e-8 of itself, and a Level FS that close to a boundary of its 6th printed
# decimal can print one digit apart from sshare's. A settings file can set
# FS_SLURM_BILLING= (empty) to turn it off.
export FS_SLURM_BILLING="${FS_SLURM_BILLING-CPU=1000000}"
"$here/stack.sh" start
"$here/load-tree.sh" "$dir/tree.cfg" >/dev/null
if [ -r "$dir/sacctmgr" ]; then
	"$here/load-tree.sh" --commands "$dir/sacctmgr" >/dev/null
fi
if [ -e "$dir/restart" ]; then
	"$here/stack.sh" restart-ctld
fi
echo "scenario.sh: tree loaded after $(($(date +%s) - start))s"
# shellcheck disable=SC2046
"$here/run-jobs.sh" $(grep -v '^[[:space:]]*\(#\|$\)' "$dir/jobs.txt" 2>/dev/null || true)
"$here/capture.sh" "${FS_SCENARIO_OUT:-$dir}"
echo "scenario.sh: $1 done in $(($(date +%s) - start))s"
