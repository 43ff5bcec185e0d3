#!/usr/bin/env bash
# bench-submit.sh: the time the cli_filter hook (contrib/cli_filter.lua)
# adds to a real sbatch, on a snapshot of BENCH_SUBMIT_N associations
# (default 100,000: gentree's tree, plus one user, bs1, in two accounts with
# a DefaultAccount) and a queue of BENCH_SUBMIT_PENDING pending jobs
# (default 100,000, each of its own priority: the places file's largest
# form). A benchmark, not a test: `make bench-submit`, never part of
# `make check`.
#
# Starts a private stack (tests/slurm/stack.sh with CliFilterPlugins=
# cli_filter/lua, state in /tmp/fs-slurm-benchsubmit, ports from 17417),
# installs the toolkit under a temporary prefix, writes the snapshot, then
# alternates BENCH_SUBMIT_RUNS (default 100) submissions of one job by bs1
# with the hook (SLURM_CONF with the plugin) and without it (a copy of
# slurm.conf without the line), each run by bs1 itself (setpriv, as a
# user runs sbatch; the node drained, so that the jobs stay pending), and
# prints the median and the slowest wall time of each, and the medians'
# difference: the time the hook adds.
# Needs root, the Slurm packages and Slurm's cli_filter/lua plugin.
set -u
cd "$(dirname "$0")" || exit 1
bin=${FS_BIN:-$PWD/../bin}
gentree=${GENTREE:-$PWD/../build/gen/gentree}
export PATH="$bin:$PATH" LC_ALL=C
N=${BENCH_SUBMIT_N:-100000}
PENDING=${BENCH_SUBMIT_PENDING:-100000}
RUNS=${BENCH_SUBMIT_RUNS:-100}
FS_BENCHSUBMIT_HOST=1
. slurm/private-stack.sh
export FS_SLURM_EXTRA_CONF="CliFilterPlugins=cli_filter/lua"
private_stack BENCHSUBMIT /tmp/fs-slurm-benchsubmit 17417
[ -x "$gentree" ] || bail "no $gentree (make $gentree)"
prefix=$tmp/inst
make -s -C .. install PREFIX="$prefix" >"$log" 2>&1 || bail "make install failed"
{ slurm/stack.sh wipe && slurm/stack.sh start; } >>"$log" 2>&1 || bail "stack.sh start failed"
snap=$tmp/snap
etc=$(dirname "$SLURM_CONF")
sed -e "s|^local SNAPSHOT = .*|local SNAPSHOT = \"$snap\"|" \
	"$prefix/share/fs-toolkit/cli_filter.lua" >"$etc/cli_filter.lua"
grep -v '^CliFilterPlugins' "$SLURM_CONF" >"$tmp/plain.conf"
cat >"$tmp/tree.cfg" <<'CFG'
Cluster - 'fstest'
Parent - 'root'
Account - 'bsa':Fairshare=10
Account - 'bsb':Fairshare=10
Parent - 'bsa'
User - 'bs1':DefaultAccount='bsa':Fairshare=1
Parent - 'bsb'
User - 'bs1':DefaultAccount='bsa':Fairshare=1
CFG
slurm/load-tree.sh "$tmp/tree.cfg" >>"$log" 2>&1 || bail "load-tree.sh failed"
# The snapshot: gentree's tree with bs1's two associations, ranked, and
# its per-user files (what the hook reads); an empty queue; the QOS.
mkdir -p "$snap"
{
	# The public form (a site without PrivateData): fs-rank writes the
	# private one from a tree that does not say.
	"$gentree" -n "$N" | sed '1a #private_data=' |
		sed 's/^Account\tUser\tParent\tRawShares\tRawUsage$/&\tDefaultAccount/; /^[^#]/s/$/\t/; s/^Account\(.*\)\t$/Account\1/'
	printf 'bsa\t\troot\t10\t\t\nbsa\tbs1\tbsa\t1\t5000\tbsa\nbsb\t\troot\t10\t\t\nbsb\tbs1\tbsb\t1\t10\tbsa\n'
} >"$tmp/tree.tsv"
t0=$(date +%s%N)
fs-rank --per-user "$snap/per-user.0" <"$tmp/tree.tsv" >"$snap/ranked.tsv" 2>>"$log" ||
	bail "cannot rank the snapshot"
ln -s per-user.0 "$snap/per-user"
echo "# fs-rank --per-user: $((($(date +%s%N) - t0) / 1000000)) ms for $(ls "$snap/per-user/users" | wc -l) users' files, $(du -sh "$snap/per-user.0" | cut -f1)"
printf 'JobID\tUser\tAccount\tPartition\n' >"$snap/pending.tsv"
awk -v n="$PENDING" 'BEGIN { print "#fs-places 1"; print "#taken=2026-11-29T00:00:00Z"
	print "Partition\tTier\tBefore\tPriority\tJobs"; print "main\t1\t0\t0\t0"
	for (i = n; i > 0; i--) print "main\t1\t0\t" i * 7 "\t1"
	print "debug\t1\t0\t0\t0" }' >"$snap/places.tsv"
echo "# places.tsv: $PENDING pending jobs, $(du -h "$snap/places.tsv" | cut -f1)"
scontrol update nodename="$(hostname -s)" state=drain reason=bench >>"$log" 2>&1 ||
	bail "cannot drain the node"
sacctmgr -nP show qos format=name,priority,usagefactor >"$snap/qos.txt"
chmod -R a+rX "$tmp"
echo "# snapshot: $(grep -vc '^#' "$snap/ranked.tsv") rows, $(du -h "$snap/ranked.tsv" | cut -f1)"
one() { # CONF: one sbatch by bs1, its wall time in ms on stdout
	local t0 t1
	t0=$(date +%s%N)
	SLURM_CONF=$1 setpriv --reuid=bs1 --regid="$gid" --init-groups \
		sbatch -n 1 -t 5 -o /dev/null --wrap true >/dev/null 2>"$tmp/err" ||
		bail "sbatch failed: $(cat "$tmp/err")"
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000000))
}
gid=$(id -g bs1)
one "$SLURM_CONF" >/dev/null
sed 's/^/# the lines: /' "$tmp/err"
grep -q '^fs-toolkit: job [0-9]*, bsa/bs1: FairShare.*place' "$tmp/err" || bail "the hook printed no lines"
echo "# the hook's processes: the shell of io.popen, which execs timeout, and fs-prio; fs-prio asks slurmctld once (slurm_load_job)"
: >"$tmp/with"
: >"$tmp/without"
# slurmctld's CPU (utime+stime, in clock ticks) over each side's runs: what
# the hook's one request costs the controller, against sbatch's own.
pid=$(cat "$FS_SLURM_DIR/run/slurmctld.pid")
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
cw=0 co=0
for _ in $(seq "$RUNS"); do
	t=$(ticks)
	one "$SLURM_CONF" >>"$tmp/with"
	cw=$((cw + $(ticks) - t))
	t=$(ticks)
	one "$tmp/plain.conf" >>"$tmp/without"
	co=$((co + $(ticks) - t))
done
hz=$(getconf CLK_TCK)
echo "# slurmctld's CPU: $((cw * 1000 / hz)) ms over the $RUNS submissions with the hook, $((co * 1000 / hz)) ms over those without"
# Where the time goes: fs-prio --submitted alone on the last job, with the
# snapshot and without it (the record alone: libslurm and one request).
last=$(squeue -h -u bs1 -o %i | sort -n | tail -n 1)
part() { # ARGS...: the median of 20 runs as bs1, in ms
	local i t0
	for i in $(seq 20); do
		t0=$(date +%s%N)
		setpriv --reuid=bs1 --regid="$gid" --init-groups \
			"$prefix/bin/fs-prio" --submitted "$last" "$@" >/dev/null 2>&1
		echo $((($(date +%s%N) - t0) / 1000000))
	done | sort -n | sed -n 10p
}
echo "# fs-prio --submitted alone: $(part --snapshot "$snap") ms with the snapshot, $(part) ms the record alone (medians of 20)"
scancel -u bs1 >/dev/null 2>&1
stat() { sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%d %d", v[int((NR + 1) / 2)], v[NR] }'; }
read -r mw sw < <(stat "$tmp/with")
read -r mo so < <(stat "$tmp/without")
echo "| $N associations, $PENDING pending jobs, $RUNS sbatch each | median | slowest |"
echo "|---|---|---|"
echo "| sbatch with the hook | $mw ms | $sw ms |"
echo "| sbatch without it | $mo ms | $so ms |"
echo "| added by the hook | $((mw - mo)) ms | $((sw - mo)) ms (slowest with, less the median without) |"
