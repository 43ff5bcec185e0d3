#!/usr/bin/env bash
# fs-prio against sprio on the real Slurm stack (tests/slurm/stack.sh).
#
# Starts a private stack in its own state directory (FS_PRIO_SLURM_DIR,
# default /tmp/fs-slurm-prio) with a non-zero weight for every factor, two
# partitions and two QOS of different priorities, loads a small tree, runs
# jobs for usage, fills the node with one running job and queues jobs of
# several users, accounts, partitions and QOS behind it (and a held one,
# which sprio and fs-prio both leave out). After a priority pass it compares
# every number fs-prio prints with sprio's, and fs-prio's priorities with
# the ones slurmctld stores (squeue %Q). Stops the stack at the end.
#
# Skipped unless root, with the Slurm packages, FS_SKIP_SLURM unset and
# the stack's ports free.
# Takes about three minutes (ages saturate after PriorityMaxAge=1 minute).
set -u
cd "$(dirname "$0")" || exit 1
bin=${FS_BIN:-$PWD/../bin}

skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
[ -z "${FS_SKIP_SLURM:-}" ] || skip "FS_SKIP_SLURM is set"
[ "$(id -u)" = 0 ] || skip "needs root to run the Slurm daemons"
for p in slurmctld slurmd slurmdbd munged mariadbd; do
	command -v "$p" >/dev/null || [ -x "/usr/sbin/$p" ] ||
		skip "Slurm packages missing ($p; see tests/slurm/install.sh)"
done
for p in sprio squeue sbatch sacctmgr scontrol; do
	command -v "$p" >/dev/null || skip "Slurm client missing ($p)"
done
[ -x "$bin/fs-prio" ] || skip "no $bin/fs-prio (run make)"
"$bin/fs-prio" --help | grep -q 'Live mode built in: yes' ||
	skip "fs-prio built without libslurm"

# The stack's ports are fixed: never disturb a stack that is running.
for port in 16817 16818 16819 13306; do
	if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
		skip "port $port is in use (another Slurm test stack runs)"
	fi
done

export FS_SLURM_DIR=${FS_PRIO_SLURM_DIR:-/tmp/fs-slurm-prio}
export FS_SLURM_CPUS=4 FS_SLURM_FLAGS= FS_SLURM_HALF_LIFE=7-0
node=$(hostname -s)
# Every weight non-zero (the stack sets Fairshare 100000 and Age 1000).
export FS_SLURM_EXTRA_CONF="PriorityWeightAssoc=2000
PriorityWeightJobSize=3000
PriorityWeightPartition=5000
PriorityWeightQOS=7000
PriorityWeightTRES=CPU=1100
PriorityMaxAge=1
PartitionName=high Nodes=$node MaxTime=INFINITE PriorityJobFactor=10 State=UP"
. slurm/env.sh

tmp=$(mktemp -d) || exit 1
log=$tmp/log
cleanup() {
	slurm/stack.sh stop >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT

n=0
ok() { # ok COND-STATUS NAME
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
bail() {
	echo "Bail out! $*"
	sed 's/^/# /' "$log" 2>/dev/null | tail -n 30
	exit 1
}

echo "1..6"
{
	slurm/stack.sh wipe && slurm/stack.sh start
} >"$log" 2>&1 || bail "stack.sh start failed"
grep -q '^PriorityWeightQOS=7000' "$SLURM_CONF" ||
	bail "stack.sh did not add FS_SLURM_EXTRA_CONF to slurm.conf"
ok 0 "stack started with every weight set"

cat >"$tmp/tree.cfg" <<'EOF'
Cluster - 'fstest'
Parent - 'root'
Account - 'phys':Fairshare=60
Account - 'chem':Fairshare=40
Parent - 'phys'
User - 'pralice':DefaultAccount='phys':Fairshare=1
User - 'prbob':DefaultAccount='phys':Fairshare=2
Parent - 'chem'
User - 'prcarol':DefaultAccount='chem':Fairshare=1
EOF
{
	slurm/load-tree.sh "$tmp/tree.cfg" &&
		sacctmgr -i add qos high set priority=100 &&
		sacctmgr -i add qos low set priority=10 &&
		sacctmgr -i modify account where name=phys set priority=4 &&
		sacctmgr -i modify user where name=prcarol set priority=9 &&
		sacctmgr -i modify user where name=pralice,prbob,prcarol \
			set qos+=high,low
} >>"$log" 2>&1 || bail "loading the tree and QOS failed"

# Usage, so that the fairshare factors differ.
slurm/run-jobs.sh pralice:phys:2:6 prcarol:chem:4:3 >>"$log" 2>&1 ||
	bail "run-jobs.sh failed"

# Fill the node, then queue jobs behind it.
sub() { sbatch --parsable -o /dev/null --wrap 'sleep 600' "$@"; }
blocker=$(sub --uid=prbob -A phys -p main -n 4 -t 60 2>>"$log") ||
	bail "sbatch failed"
for _ in $(seq 60); do
	[ "$(squeue -h -j "$blocker" -o %T 2>/dev/null)" = RUNNING ] && break
	sleep 0.5
done
[ "$(squeue -h -j "$blocker" -o %T 2>/dev/null)" = RUNNING ] ||
	bail "the job filling the node does not run"
{
	echo "$blocker" &&
		sub --uid=pralice -A phys -p main -n 1 -N 1 &&
		sub --uid=prbob -A phys -p main -n 2 -N 1 -q high -t 30 &&
		sub --uid=prcarol -A chem -p high -n 4 -N 1 -t 120 &&
		sub --uid=prbob -A phys -p high -n 1 -N 1 -q low --nice=100 &&
		sub --uid=prcarol -A chem -p main -n 3 -N 1 -q high -t 5 &&
		sub --uid=pralice -A phys -p high -n 2 -N 1 -H &&
		sub --uid=prcarol -A chem -p main -n 1 -N 1 --begin=now+1hour
} >"$tmp/ids" 2>>"$log" || bail "sbatch failed"
ids=$(paste -sd, "$tmp/ids")
# Ages saturate after PriorityMaxAge (1 minute); then a fresh pass.
sleep 65
slurm/stack.sh wait-pass 120 >>"$log" 2>&1 || bail "no priority pass"

fmt='%i %r %Y %A %B %F %J %P %Q %N %T'
sprio -h -o "$fmt" | sort -n >"$tmp/sprio" 2>>"$log"
"$bin/fs-prio" --noheader -o "$fmt" </dev/null | sort -n >"$tmp/fsprio" 2>>"$log"
# Held jobs (priority 0) are not in the queue, and a job whose begin time
# is still to come is not eligible: sprio and fs-prio skip both.
squeue -h -t PD -o '%i %Q %r' | awk '$2 != 0 && $3 != "BeginTime" { print $1, $2 }' |
	sort -n >"$tmp/squeue"
"$bin/fs-prio" --tsv </dev/null | awk -F '\t' '!/^#/ && $1 != "JobID" { print $1, $13 }' |
	sort -n >"$tmp/fsprio-q"
{
	echo "--- squeue -a"; squeue -a -o '%i %T %r %P %q %u %a %C %Q'
	echo "--- sprio"; cat "$tmp/sprio"
	echo "--- fs-prio"; cat "$tmp/fsprio"
	echo "--- squeue"; cat "$tmp/squeue"
	echo "--- fs-prio Priority"; cat "$tmp/fsprio-q"
	echo "--- sprio -w"; sprio -w
	echo "--- fs-prio -w"; "$bin/fs-prio" -w </dev/null
} >>"$log" 2>&1

[ "$(wc -l <"$tmp/sprio")" -eq 5 ] && [ "$(wc -l <"$tmp/squeue")" -eq 5 ]
ok $? "5 jobs queued behind the full node, the held one and the one that begins in an hour aside ($(wc -l <"$tmp/sprio"))"
cmp -s "$tmp/sprio" "$tmp/fsprio"
r=$?
ok $r "every factor fs-prio prints equals sprio's"
[ $r = 0 ] || diff "$tmp/sprio" "$tmp/fsprio" | sed 's/^/# /'
cmp -s "$tmp/squeue" "$tmp/fsprio-q"
r=$?
ok $r "fs-prio's priorities equal slurmctld's (squeue %Q)"
[ $r = 0 ] || diff "$tmp/squeue" "$tmp/fsprio-q" | sed 's/^/# /'
# The factors differ between jobs: the comparison means something.
[ "$(cut -d' ' -f3 "$tmp/sprio" | sort -u | wc -l)" -ge 4 ] &&
	[ "$(cut -d' ' -f6 "$tmp/sprio" | sort -u | wc -l)" -ge 2 ] &&
	[ "$(cut -d' ' -f9 "$tmp/sprio" | sort -u | wc -l)" -ge 2 ] &&
	[ "$(cut -d' ' -f8 "$tmp/sprio" | sort -u | wc -l)" -ge 2 ]
ok $? "priorities, fairshare, partition and QOS factors differ between jobs"

# A job not yet submitted: the same numbers as the same job once queued.
"$bin/fs-prio" --new --user prcarol --account chem --partition main --qos high \
	--ntasks 3 --nodes 1 --time 5 --tsv </dev/null |
	awk -F '\t' '$1 == "new" { print $13 }' >"$tmp/new" 2>>"$log"
last=$(awk '{ print $1 }' "$tmp/ids" | sed -n 6p)
want=$("$bin/fs-prio" --tsv </dev/null | awk -F '\t' -v id="$last" '$1 == id { print $13 }')
have=$(cat "$tmp/new")
# The queued job has full age (AGE weight 1000); the new one none.
[ -n "$want" ] && [ -n "$have" ] && [ $((want - have)) -eq 1000 ]
ok $? "a planned job is the queued twin less its age ($have vs $want)"
scancel "${ids//,/ }" >/dev/null 2>&1
[ "${FS_PRIO_SLURM_VERBOSE:-}" ] && sed 's/^/# /' "$log"
exit 0
