#!/usr/bin/env bash
# fs-prio against sprio on the real Slurm stack (tests/slurm/stack.sh).
#
# Starts a private stack in its own state directory (FS_PRIO_SLURM_DIR,
# default /tmp/fs-slurm-prio) with a non-zero weight for every factor, two
# partitions, three QOS with priorities and association priorities, loads a
# small tree; right after, before any priority pass has seen its
# associations, queues two jobs behind a full node and compares sprio -l
# with fs-prio -l (FAIRSHARE 0: what slurmctld holds) and fs-prio
# --next-pass; then runs jobs for usage, fills the node with one running job and
# queues jobs of several users, accounts, partitions and QOS behind it: one
# with a nice value, one pending in both partitions, some with full age
# (queued past PriorityMaxAge), some with part of it (queued before the
# last priority pass), one queued since that pass, a held one and one that
# begins in an hour (both left out by sprio and fs-prio); at the end the
# same queue under each PriorityFlags below. From Slurm 24.11
# also jobs of several QOS (sbatch --qos=high,low): one in two partitions,
# one with a QOS of priority 0 beside one of 100, one with two QOS of the
# same priority (in the order given); before 24.11 sbatch refuses them and
# those cases are skipped. Some
# seconds after a pass, it compares 'sprio -l', 'sprio -o FMT' (every
# field the release knows) and 'sprio -n -o FMT' with fs-prio's same
# options byte for byte, fs-prio's priorities with the ones slurmctld
# stores (squeue %Q), and a planned job with its queued twin.
# Stops the stack at the end (FS_PRIO_SLURM_KEEP=1 leaves it running).
#
# Skipped unless root, with the Slurm packages, FS_SKIP_SLURM unset and
# the stack's ports free.
# Takes about four minutes (ages saturate after PriorityMaxAge=1 minute).
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

# Never disturb a stack that is running (FS_SLURM_PORT_BASE moves the
# ports: tests/slurm/stack.sh).
base=${FS_SLURM_PORT_BASE:-16817}
for port in $base $((base + 1)) $((base + 2)) $((base - 3511)); do
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
PriorityWeightTRES=CPU=1100,billing=1300
PriorityMaxAge=1
PartitionName=high Nodes=$node MaxTime=INFINITE PriorityJobFactor=10 TRESBillingWeights=CPU=2.5 State=UP"
. slurm/env.sh

tmp=$(mktemp -d) || exit 1
log=$tmp/log
cleanup() {
	[ -n "${FS_PRIO_SLURM_KEEP:-}" ] || slurm/stack.sh stop >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT

. ./tap.sh	# ok, bail

echo "1..23"
{
	slurm/stack.sh wipe && slurm/stack.sh start
} >"$log" 2>&1 || bail "stack.sh start failed"
grep -q '^PriorityWeightQOS=7000' "$SLURM_CONF" ||
	bail "stack.sh did not add FS_SLURM_EXTRA_CONF to slurm.conf"
ok 0 "stack started with every weight set"

# Jobs of several QOS came in 24.11. (The clients read slurm.conf before
# they say their version, so only now.)
rel=$(sbatch --version 2>>"$log" | awk '{ print $2 }')
multi=
case $rel in
2[0-3].* | 24.0[0-9].*) ;;
[2-9][0-9].*) multi=1 ;;
*) bail "cannot read the Slurm release from sbatch --version ('$rel')" ;;
esac
skip_multi() { ok 0 "$1 # SKIP jobs of several QOS need Slurm 24.11 (this is $rel)"; }

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
	slurm/stack.sh stamp >"$FS_SLURM_DIR/tree-stamp" &&
	slurm/load-tree.sh "$tmp/tree.cfg" &&
		sacctmgr -i add qos high set priority=100 &&
		sacctmgr -i add qos low set priority=10 &&
		sacctmgr -i add qos mid set priority=50 &&
		sacctmgr -i add qos mid2 set priority=50 &&
		sacctmgr -i modify account where name=phys set priority=4 &&
		sacctmgr -i modify user where name=prcarol set priority=9 &&
		sacctmgr -i modify user where name=pralice,prbob,prcarol \
			set qos+=high,low,mid,mid2
} >>"$log" 2>&1 || bail "loading the tree and QOS failed"

# Right after the tree is loaded, before the pass that sees its
# associations: slurmctld holds FAIRSHARE 0 for them (and computed the
# jobs' factors with it at submission), which sprio shows and fs-prio
# too; --next-pass shows what that pass will give. The node is filled and
# two jobs queued behind it, compared, then all cancelled.
sub() { sbatch --parsable -o /dev/null --wrap 'sleep 600' "$@"; }
early=$(sub --uid=prbob -A phys -p main -n 4 -t 60 2>>"$log") || bail "sbatch failed"
# The two others only once it runs: sprio would list it while it waits.
for _ in $(seq 60); do
	[ "$(squeue -h -j "$early" -o %T 2>/dev/null)" = RUNNING ] && break
	sleep 0.5
done
early="$early $(
	sub --uid=pralice -A phys -p main -n 1 -N 1 &&
		sub --uid=prcarol -A chem -p main -n 2 -N 1 -q high
)" 2>>"$log" || bail "sbatch failed"
sleep 2
sprio -l >"$tmp/early-sprio" 2>>"$log"
"$bin/fs-prio" -l </dev/null >"$tmp/early-fsprio" 2>>"$log"
"$bin/fs-prio" -l --next-pass </dev/null >"$tmp/early-next" 2>>"$log"
"$bin/fs-prio" --tsv --next-pass </dev/null >"$tmp/early-next.tsv" 2>>"$log"
"$bin/fs-prio" --tsv </dev/null >"$tmp/early.tsv" 2>>"$log"
early_stamp=$(slurm/stack.sh stamp)
# shellcheck disable=SC2086
scancel $early >/dev/null 2>&1
{ echo "--- sprio -l before the first pass"; cat "$tmp/early-sprio"
  echo "--- fs-prio -l"; cat "$tmp/early-fsprio"
  echo "--- fs-prio -l --next-pass"; cat "$tmp/early-next"; } >>"$log"
# The FAIRSHARE cells of sprio -l's rows, by the header's name.
fs_col() { awk 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "FAIRSHARE") c = i; next } { print $c }' "$1" | sort -u | paste -sd,; }
if [ "$early_stamp" != "$(cat "$FS_SLURM_DIR/tree-stamp")" ]; then
	ok 0 "fs-prio -l equals sprio -l before any pass # SKIP a pass ran while the tree was loaded"
else
	[ "$(sed 1d "$tmp/early-sprio" | wc -l)" -eq 2 ] && [ "$(fs_col "$tmp/early-sprio")" = 0 ] &&
		cmp -s "$tmp/early-sprio" "$tmp/early-fsprio"
	r=$?
	ok $r "fs-prio -l equals sprio -l right after the tree is loaded, before any pass (FAIRSHARE $(fs_col "$tmp/early-sprio"))"
	[ $r = 0 ] || diff "$tmp/early-sprio" "$tmp/early-fsprio" | sed 's/^/# /' >&2
fi
[ "$(fs_col "$tmp/early-next")" != 0 ] &&
	grep -qx '#values=next-pass' "$tmp/early-next.tsv" &&
	grep -qx '#values=slurmctld' "$tmp/early.tsv"
ok $? "fs-prio --next-pass gives the factors of the next pass (FAIRSHARE $(fs_col "$tmp/early-next")), and the TSV says which"

# Usage, so that the fairshare factors differ.
slurm/run-jobs.sh pralice:phys:2:6 prcarol:chem:4:3 >>"$log" 2>&1 ||
	bail "run-jobs.sh failed"

# Fill the node, then queue jobs behind it.
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
		sub --uid=prcarol -A chem -p main -n 1 -N 1 --begin=now+1hour &&
		sub --uid=pralice -A phys -p main,high -n 2 -N 1 -q mid -t 20
} >"$tmp/ids" 2>>"$log" || bail "sbatch failed"
# Several QOS each: 2 rows; 2 partitions by 2 QOS; normal (priority 0)
# beside high; two QOS of priority 50, in the order given.
if [ -n "$multi" ]; then
	{
		sub --uid=pralice -A phys -p main -n 1 -N 1 -q high,low -t 20 &&
			sub --uid=prcarol -A chem -p main,high -n 2 -N 1 -q low,mid -t 10 &&
			sub --uid=prbob -A phys -p high -n 1 -N 1 -q normal,high &&
			sub --uid=pralice -A phys -p main -n 1 -N 1 -q mid2,mid -t 15
	} >"$tmp/multi-ids" 2>>"$log" || bail "sbatch of jobs of several QOS failed"
	cat "$tmp/multi-ids" >>"$tmp/ids"
fi
# Full ages after PriorityMaxAge (1 minute); then jobs with part of it.
sleep 65
{
	sub --uid=prcarol -A chem -p main,high -n 1 -N 1 -q low -t 10 &&
		sub --uid=prbob -A phys -p high -n 3 -N 1 -q mid --nice=50
} >>"$tmp/ids" 2>>"$log" || bail "sbatch failed"
sleep 20
slurm/stack.sh wait-pass 120 >>"$log" 2>&1 || bail "no priority pass"

# Every field the release's sprio knows (%c, the federation's cluster, is
# not fs-prio's; %o and %n came in 23.02).
fmt='%i|%r|%u|%y|%Y|%S|%a|%A|%b|%B|%f|%F|%j|%J|%p|%P|%q|%Q|%N|%t|%T'
sprio -o '%o' 2>&1 >/dev/null | grep -q . || fmt="$fmt|%o|%n"
# Some seconds after the pass, a job queued since: sprio shows the factors
# of the pass (and of its submission), whatever the time now. Everything
# is read between two passes (the pass stamp does not move) while sprio
# stays the same (read again at the end), else again.
for try in 1 2 3 4 5; do
	sleep 5
	stamp=$(slurm/stack.sh stamp)
	sub --uid=pralice -A phys -p main -n 1 -N 1 -q mid -t 15 \
		>"$tmp/late" 2>>"$log" || bail "sbatch failed"
	sleep 2
	sprio -l >"$tmp/sprio-l" 2>>"$log"
	"$bin/fs-prio" -l </dev/null >"$tmp/fsprio-l" 2>>"$log"
	sprio -o "$fmt" >"$tmp/sprio-o" 2>>"$log"
	"$bin/fs-prio" -o "$fmt" </dev/null >"$tmp/fsprio-o" 2>>"$log"
	sprio -n -o "$fmt" >"$tmp/sprio-n" 2>>"$log"
	"$bin/fs-prio" -n -o "$fmt" </dev/null >"$tmp/fsprio-n" 2>>"$log"
	# Held jobs (priority 0) are not in the queue, and a job whose begin
	# time is still to come is not eligible: sprio and fs-prio skip both.
	# A job in several partitions has one priority per partition, which
	# 22.05's squeue shows one of (24.11's squeue -P each): those are
	# left to sprio's rows.
	squeue -h -t PD -o '%i %P %Q %r %q' |
		awk '$3 != 0 && $4 != "BeginTime" && $2 !~ /,/ && $5 !~ /,/ { print $1, $2, $3 }' |
		sort >"$tmp/squeue"
	# A job of several QOS in one partition: the priority it stores is
	# that of the QOS the scheduler tried last (it sets the job's QOS and
	# priority from each of its queue records it tries), its last and
	# lowest: the job's lowest row.
	squeue -h -t PD -o '%i %P %Q %r %q' |
		awk '$3 != 0 && $2 !~ /,/ && $5 ~ /,/ { print $1, $2, $3 }' |
		sort >"$tmp/squeue-multi"
	"$bin/fs-prio" --tsv </dev/null |
		awk -F '\t' '!/^#/ && $1 != "JobID" { print $1, $4, $13 }' |
		sort >"$tmp/fsprio-all"
	awk '{ print $1 }' "$tmp/fsprio-all" | uniq -d >"$tmp/multi"
	awk 'NR == FNR { m[$1]; next } !($1 in m)' "$tmp/multi" \
		"$tmp/fsprio-all" >"$tmp/fsprio-q"
	awk 'NR == FNR { m[$1]; next } ($1 in m) && !($1 in low && low[$1] <= $3) { low[$1] = $3; part[$1] = $2 }
		END { for (i in low) print i, part[i], low[i] }' \
		"$tmp/squeue-multi" "$tmp/fsprio-all" | sort >"$tmp/fsprio-multi"
	sprio -l >"$tmp/sprio-l2" 2>>"$log"
	[ "$(slurm/stack.sh stamp)" = "$stamp" ] &&
		cmp -s "$tmp/sprio-l" "$tmp/sprio-l2" && break
	echo "# a priority pass came, or sprio changed, during try $try: again" >>"$log"
	scancel "$(cat "$tmp/late")" >/dev/null 2>&1
done
cat "$tmp/late" >>"$tmp/ids"
ids=$(paste -sd, "$tmp/ids")
{
	echo "--- squeue -a"; squeue -a -o '%i %T %r %P %q %u %a %C %Q %S %V'
	for f in l o n; do
		echo "--- sprio -$f"; cat "$tmp/sprio-$f"
		echo "--- fs-prio -$f"; cat "$tmp/fsprio-$f"
	done
	echo "--- squeue"; cat "$tmp/squeue"
	echo "--- fs-prio Priority"; cat "$tmp/fsprio-q"
	echo "--- squeue, several QOS"; cat "$tmp/squeue-multi"
	echo "--- fs-prio Priority, several QOS (the lowest row)"; cat "$tmp/fsprio-multi"
	echo "--- sprio -w"; sprio -w
	echo "--- fs-prio -w"; "$bin/fs-prio" -w </dev/null
} >>"$log" 2>&1

# 6 jobs with full age, one of them in two partitions; 2 with part of it,
# one in two partitions; the one queued since the pass; from 24.11, 4 jobs
# of several QOS in 10 rows.
rows=11
[ -n "$multi" ] && rows=21
[ "$(sed 1d "$tmp/sprio-l" | wc -l)" -eq $rows ] &&
	[ "$(wc -l <"$tmp/squeue")" -eq 7 ]
ok $? "$rows rows of $((rows == 11 ? 9 : 13)) jobs queued behind the full node, the held one and the one that begins in an hour aside ($(sed 1d "$tmp/sprio-l" | wc -l))"
for f in l o n; do
	case $f in
	l) what="sprio -l" ;;
	o) what="sprio -o '$fmt'" ;;
	n) what="sprio -n -o '$fmt'" ;;
	esac
	cmp -s "$tmp/sprio-$f" "$tmp/fsprio-$f"
	r=$?
	ok $r "fs-prio prints $what byte for byte"
	[ $r = 0 ] || diff "$tmp/sprio-$f" "$tmp/fsprio-$f" | sed 's/^/# /' >&2
done
cmp -s "$tmp/squeue" "$tmp/fsprio-q"
r=$?
ok $r "fs-prio's priorities equal slurmctld's (squeue %Q, jobs in one partition)"
[ $r = 0 ] || diff "$tmp/squeue" "$tmp/fsprio-q" | sed 's/^/# /' >&2
# The factors differ between jobs: the comparison means something.
col() { sed 1d "$tmp/sprio-o" | cut -d'|' -f"$1" | sort -u | wc -l; }
[ "$(col 5)" -ge 6 ] && [ "$(col 8)" -ge 3 ] && [ "$(col 12)" -ge 2 ] &&
	[ "$(col 16)" -ge 2 ] && [ "$(col 18)" -ge 4 ] && [ "$(col 19)" -ge 3 ]
ok $? "priorities, ages, fairshare, partition, QOS and nice differ between jobs"

# A planned job and its queued twin, read between two passes (the job
# that runs adds usage at each, and so moves the fairshare factors).
between_passes() { # COMMAND...: run it again while a pass comes during it
	local try stamp
	for try in 1 2 3; do
		stamp=$(slurm/stack.sh stamp)
		"$@"
		[ "$(slurm/stack.sh stamp)" = "$stamp" ] && return 0
		echo "# a priority pass came during $1, try $try: again" >>"$log"
	done
}
twin() { # N OPTION...: $have, a planned job's priority; $want, queued job N's
	local id
	id=$(awk '{ print $1 }' "$tmp/ids" | sed -n "$1p")
	shift
	have=$("$bin/fs-prio" --new "$@" --tsv </dev/null 2>>"$log" |
		awk -F '\t' '$1 == "new" { print $13 }')
	want=$("$bin/fs-prio" --tsv </dev/null | awk -F '\t' -v id="$id" '$1 == id { print $13 }')
}
# A job not yet submitted: the same numbers as the same job once queued.
between_passes twin 6 --user prcarol --account chem --partition main --qos high \
	--ntasks 3 --nodes 1 --time 5
# The queued job has full age (AGE weight 1000); the new one none.
[ -n "$want" ] && [ -n "$have" ] && [ $((want - have)) -eq 1000 ]
ok $? "a planned job is the queued twin less its age ($have vs $want)"
# The same in partition high, whose TRESBillingWeights make the job's
# billing (a TRES with a priority weight) 10 for its 4 CPUs.
between_passes twin 4 --user prcarol --account chem --partition high \
	--ntasks 4 --nodes 1 --time 120
last=$(awk '{ print $1 }' "$tmp/ids" | sed -n 4p)
billing=$(scontrol -o show job "$last" 2>>"$log" | tr ' ,' '\n\n' | sed -n 's/^billing=//p' | head -n 1)
[ -n "$want" ] && [ -n "$have" ] && [ $((want - have)) -eq 1000 ] && [ "$billing" = 10 ]
ok $? "a planned job in a partition with TRESBillingWeights is its queued twin less its age ($have vs $want, billing $billing)"

# Jobs of several QOS: a row per partition and QOS in sprio's order, each
# with its QOS's factor (normal's 0: the job's own QOS, which a row of a QOS
# of priority 0 takes, is the last the scheduler tried, normal), and the
# priority slurmctld stores for one (squeue %Q) its last QOS's row.
if [ -n "$multi" ]; then
	m=$(paste -sd'|' "$tmp/multi-ids")
	got=$(awk -F'|' -v re="^($m)\$" '$1 ~ re { printf "%s/%s/%s ", $1, $2, $NF }' "$tmp/sprio-o")
	set -- $(cat "$tmp/multi-ids")
	want="$1/main/high $1/main/low $2/main/mid $2/main/low $2/high/mid $2/high/low $3/high/high $3/high/normal $4/main/mid2 $4/main/mid "
	q_high=$(awk -F'|' -v id="$3" '$1 == id && $NF == "high" { print $18 }' "$tmp/sprio-o")
	q_normal=$(awk -F'|' -v id="$3" '$1 == id && $NF == "normal" { print $18 }' "$tmp/sprio-o")
	[ "$got" = "$want" ] && [ -n "$q_high" ] && [ "$q_high" != 0 ] &&
		[ "$q_normal" = 0 ]
	ok $? "sprio lists jobs of several QOS by partition, then QOS by priority, ties as given; each row its QOS's factor (high $q_high, normal $q_normal) (fs-prio the same, above)"
	[ -n "$got" ] || echo "# sprio's rows: $(cat "$tmp/sprio-o")" >&2
	[ "$got" = "$want" ] || echo "# rows: '$got', expected '$want'" >&2
	[ "$(wc -l <"$tmp/squeue-multi")" -eq 3 ] &&
		cmp -s "$tmp/squeue-multi" "$tmp/fsprio-multi"
	r=$?
	ok $r "slurmctld's priority for a job of several QOS (squeue %Q, 3 jobs in one partition) is fs-prio's for its last QOS"
	[ $r = 0 ] || diff "$tmp/squeue-multi" "$tmp/fsprio-multi" | sed 's/^/# /' >&2
	# A planned job of QOS high and low: each row its queued twin's less
	# the twin's full age.
	twin_multi() {
		"$bin/fs-prio" --new --user pralice --account phys --partition main \
			--qos high,low --ntasks 1 --nodes 1 --time 20 --tsv </dev/null |
			awk -F '\t' '$1 == "new" { print $5, $13 }' >"$tmp/new-multi" 2>>"$log"
		"$bin/fs-prio" --tsv -j "$1" </dev/null |
			awk -F '\t' '!/^#/ && $1 != "JobID" { print $5, $13 - 1000 }' >"$tmp/twin-multi"
	}
	between_passes twin_multi "$1"
	[ "$(wc -l <"$tmp/new-multi")" -eq 2 ] && cmp -s "$tmp/new-multi" "$tmp/twin-multi"
	ok $? "a planned job of QOS high and low: for each QOS, the queued twin less its age ($(paste -sd, "$tmp/new-multi") vs $(paste -sd, "$tmp/twin-multi"))"
else
	skip_multi "sprio lists jobs of several QOS by partition, then QOS by priority; each row its QOS's factor"
	skip_multi "slurmctld's priority for a job of several QOS is fs-prio's for its last QOS"
	skip_multi "a planned job of QOS high and low: for each QOS, the queued twin less its age"
fi
# PriorityFlags a site turns on, each on the same queue with a job that
# waits for the running one (a dependency) beside the held one: slurmctld
# restarted with them (its first pass runs at once and recomputes every
# pending job), then sprio -l and fs-prio -l read between two passes.
# DEPTH_OBLIVIOUS twice: on that first pass, which reads stale sibling
# values (docs/slurm.md §3.4), and on the next. CALCULATE_RUNNING (with
# NO_NORMAL_PART and NO_NORMAL_QOS) twice: sprio then lists the job that
# runs, then also one just cancelled. NO_NORMAL_ALL with MAX_TRES
# (MAX_TRES_GRES from 25.05); SMALL_RELATIVE_TO_TIME with
# PriorityFavorSmall=YES, NO_NORMAL_ASSOC and NO_NORMAL_TRES.
sub --uid=prcarol -A chem -p main -n 1 -N 1 -d "afterok:$blocker" >>"$tmp/ids" 2>>"$log" ||
	bail "sbatch of a dependent job failed"
# The jobs of several QOS too: after a restart a row of such a job for a
# QOS of priority 0 shows the factor of the job's first QOS (26.05: 7000
# for normal beside high) until the scheduler has tried its QOS again.
same_now() { # NAME [JOBID...]: sprio -l and fs-prio -l between two passes,
	# compared; sprio must list each JOBID
	local try stamp name=$1 id
	shift
	# Read while nothing moves: no pass, and sprio the same before and
	# after fs-prio (after a restart the scheduler's first tries move a
	# job of several QOS to its last QOS, whose factor its priority-0
	# rows show).
	for try in 1 2 3 4 5; do
		stamp=$(slurm/stack.sh stamp)
		sprio -l >"$tmp/flag-sprio" 2>>"$log"
		"$bin/fs-prio" -l </dev/null >"$tmp/flag-fsprio" 2>>"$log"
		sprio -l >"$tmp/flag-sprio2" 2>>"$log"
		[ "$(slurm/stack.sh stamp)" = "$stamp" ] &&
			cmp -s "$tmp/flag-sprio" "$tmp/flag-sprio2" && break
		sleep 1
	done
	{ echo "--- $name: sprio -l"; cat "$tmp/flag-sprio"; echo "--- fs-prio -l"; cat "$tmp/flag-fsprio"; } >>"$log"
	[ -s "$tmp/flag-sprio" ] && cmp -s "$tmp/flag-sprio" "$tmp/flag-fsprio"
	r=$?
	for id; do
		grep -q "^ *$id " "$tmp/flag-sprio" && continue
		echo "# sprio -l does not list job $id" >&2
		r=1
	done
	ok $r "PriorityFlags=$name: fs-prio -l equals sprio -l ($(($(wc -l <"$tmp/flag-sprio") - 1)) rows)"
	[ $r = 0 ] || diff "$tmp/flag-sprio" "$tmp/flag-fsprio" | sed 's/^/# /' >&2
}
conf=$FS_SLURM_EXTRA_CONF
# MAX_TRES_GRES came in 25.05.
max_tres=MAX_TRES
case $rel in
2[0-4].* | 25.0[0-4].*) ;;
*) max_tres=MAX_TRES_GRES ;;
esac
for flags in NO_FAIR_TREE INCR_ONLY ACCRUE_ALWAYS DEPTH_OBLIVIOUS \
	CALCULATE_RUNNING,NO_NORMAL_PART,NO_NORMAL_QOS NO_NORMAL_ALL,$max_tres \
	SMALL_RELATIVE_TO_TIME,NO_NORMAL_ASSOC,NO_NORMAL_TRES; do
	FS_SLURM_EXTRA_CONF=$conf
	# Job size favouring small jobs relative to their time limit.
	case $flags in
	SMALL_RELATIVE_TO_TIME*) FS_SLURM_EXTRA_CONF="$conf
PriorityFavorSmall=YES" ;;
	esac
	FS_SLURM_FLAGS=$flags slurm/stack.sh restart-ctld >>"$log" 2>&1 ||
		bail "restarting slurmctld with PriorityFlags=$flags failed"
	case $flags in
	DEPTH_OBLIVIOUS)
		same_now "$flags, the first pass after a restart"
		slurm/stack.sh wait-pass 90 >>"$log" 2>&1 || bail "no priority pass"
		same_now "$flags, the next pass"
		;;
	CALCULATE_RUNNING*)
		# sprio lists the job that runs too, and one that ended
		# (cancelled here, kept for MinJobAge), each with the factors
		# the controller stored: recomputed for the running one on
		# each pass (the first after the restart), as they were for
		# the other.
		same_now "$flags, the job that runs" "$blocker"
		gone=$(awk 'NR == 2 { print $1 }' "$tmp/squeue")
		scancel "$gone" >/dev/null 2>&1
		same_now "$flags, and one cancelled" "$blocker" "$gone"
		;;
	*) same_now "$flags" ;;
	esac
done
FS_SLURM_EXTRA_CONF=$conf
# shellcheck disable=SC2086
scancel ${ids//,/ } >/dev/null 2>&1
[ "${FS_PRIO_SLURM_VERBOSE:-}" ] && sed 's/^/# /' "$log"
exit 0
