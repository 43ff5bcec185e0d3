#!/usr/bin/env bash
# The cli_filter Lua script (contrib/cli_filter.lua, fs-prio(1) AT
# SUBMISSION) with real sbatch: on a private stack
# (tests/slurm/stack.sh with CliFilterPlugins=cli_filter/lua), the toolkit
# installed by 'make install' under a temporary prefix, the snapshot written
# by its fs-cli-filter-snapshot, and cli_filter.lua next to slurm.conf.
#
# The node is drained, so that every job submitted stays pending. For each
# shape of job in a matrix (sbatch's options alone and together: --nice,
# --exclusive, --ntasks-per-node, -c, -N without -n, --mem, --mem-per-cpu,
# no --mem, no -t, --array, a heterogeneous job, several partitions,
# --hold, --dependency, --begin, -A), the lines sbatch prints are checked
# against slurmctld's own numbers for the job just submitted: the
# priority in each partition against squeue's %Q (as sbatch's owner sees
# it), the cost against the billing times the time limit of scontrol show
# job, the FairShare and rank against sshare's for the job's account, the
# place against the pending jobs squeue lists before the snapshot; a held,
# dependent or --begin job's line says why it has no place.
#
# The billing (TRESBillingWeights of partition wide: CPU=3,Mem=16G,
# GRES/gpu=5): for held jobs of CPUs, of memory, of --gres=gpu:2, of
# --gpus=1 and of two nodes, the billing slurmctld gives each (TRES= or
# ReqTRES=) against fs-prio --new --cost's for the same job not submitted,
# under no PriorityFlags, MAX_TRES and (Slurm 25.05 on) MAX_TRES_GRES, a
# restart of slurmctld each; the GPU job bills 15, 10 and 13 under them.
#
# Negative controls: no snapshot (the job's own numbers still, without
# FairShare or place), a corrupt one, no fs-prio, one that hangs ignoring
# SIGTERM (sbatch returns within the budget), FS_CLI_FILTER=off and
# ~/.fs-toolkit-quiet: the job is submitted all the same. Run as the user
# (su), the same lines. Under PrivateData=usage,jobs a user's file holds
# nothing of another user's and the lines have no place.
#
# Runs in the chroot stacks (tests/releases.t sets FS_RELEASE;
# FS_RELEASES_TESTS=tests/clifilter-slurm.t runs it alone) and on the host
# when it has Slurm and its Lua plugin (a private stack on ports
# FS_CLIFILTER_PORT_BASE.., default 17217, so it never meets slurm.t's;
# FS_CLIFILTER_HOST= (empty) skips it there).
set -u
cd "$(dirname "$0")" || exit 1
bin=${FS_BIN:-$PWD/../bin}
export PATH="$bin:$PATH"

. slurm/private-stack.sh
FS_CLIFILTER_HOST=${FS_CLIFILTER_HOST-1}
unset FS_CLI_FILTER_DEBUG FS_CLI_FILTER
# Every factor the hook must get right from the job's record: TRES
# (memory, GPUs), job size, partition; a second node, down, for -N 2; a
# partition with a default time, another factor and a higher tier.
node=$(hostname -s)
export FS_SLURM_EXTRA_CONF="CliFilterPlugins=cli_filter/lua
SchedulerType=sched/backfill
PriorityWeightJobSize=1000
PriorityWeightPartition=1000
PriorityWeightTRES=CPU=100,Mem=2000,GRES/gpu=3000
PriorityMaxAge=7-0
DefMemPerCPU=100
GresTypes=gpu
AccountingStorageTRES=gres/gpu
NodeName=fsx2 NodeAddr=127.0.0.2 CPUs=4 RealMemory=1000 Gres=gpu:2 State=DOWN
PartitionName=short Nodes=$node DefaultTime=7 MaxTime=60 PriorityJobFactor=10 PriorityTier=2 State=UP
PartitionName=wide Nodes=$node,fsx2 MaxTime=INFINITE State=UP TRESBillingWeights=CPU=3,Mem=16G,GRES/gpu=5"
private_stack CLIFILTER /tmp/fs-slurm-clifilter 17217 sacct timeout sshare
lua_so=$(ls /usr/lib/*/slurm-wlm/cli_filter_lua.so /usr/lib/*/slurm/cli_filter_lua.so \
	/usr/lib*/slurm/cli_filter_lua.so 2>/dev/null | head -n 1)
[ -n "$lua_so" ] || skip "Slurm's cli_filter/lua plugin is not installed"
! ldd "$lua_so" 2>/dev/null | grep -q 'not found' ||
	skip "$lua_so: a library is missing ($(ldd "$lua_so" | grep 'not found' | head -n 1))"
export FS_SLURM_CPUS=4 FS_SLURM_HALF_LIFE=7-0

# The matrix: NAME|USER|sbatch's options (the job sleeps 1 s, -o /dev/null).
matrix="plain|cfa|-A cfacct -n 2 -t 5
default|cfa|-n 2 -t 5
other|cfa|-A cfother -n 2 -t 5
cfc|cfc|-n 1 -t 10
nice|cfa|-A cfacct -n 2 -t 5 --nice=300
exclusive|cfa|-A cfacct -n 1 -t 5 --exclusive
pernode|cfa|-A cfacct -N 1 --ntasks-per-node=3 -t 5
cpt|cfb|-n 2 -c 2 -t 5
nodes2|cfb|-N 2 -t 5 -p wide
mem|cfa|-A cfacct -n 1 --mem=600 -t 5
mempercpu|cfa|-A cfacct -n 2 --mem-per-cpu=250 -t 5
notime|cfb|-n 1
notimeshort|cfb|-n 1 -p short
array|cfa|-A cfacct -n 1 -t 5 --array=1-4
arraystep|cfb|-n 1 -t 3 --array=0-9:3%2
gres|cfb|-n 1 -t 5 -p wide --gres=gpu:1
gpus|cfa|-A cfacct -n 2 -t 5 -p wide --gpus=2 --mem-per-gpu=300
parts|cfa|-A cfacct -n 1 -t 5 -p main,short
hold|cfa|-A cfacct -n 1 -t 5 --hold
begin|cfa|-A cfacct -n 1 -t 5 --begin=now+2hours
combo|cfb|-N 1 --ntasks-per-node=2 -c 2 --mem-per-cpu=100 --nice=50 -t 1:30:00 -p short"
rows=$(echo "$matrix" | wc -l)
echo "1..$((rows + 25))"
# The toolkit as 'make install' puts it, under a prefix of its own.
prefix=$tmp/inst
make -s -C .. install PREFIX="$prefix" >"$log" 2>&1 || bail "make install failed"
share=$prefix/share/fs-toolkit
[ -f "$share/cli_filter.lua" ] && [ -x "$share/fs-cli-filter-snapshot" ] &&
	grep -q "^local FS_PRIO = \"$prefix/bin/fs-prio\"$" "$share/cli_filter.lua"
ok $? "make install puts cli_filter.lua (fs-prio at $prefix/bin) and fs-cli-filter-snapshot in $share"

# cli_filter.lua next to slurm.conf, reading the snapshot in $snap (sed
# as an admin would edit SNAPSHOT). FS_PRIO=PATH installs it with another
# fs-prio.
snap=$tmp/snap
filter() { # [FS_PRIO]
	local etc
	etc=$(dirname "$SLURM_CONF")
	mkdir -p "$etc"
	sed -e "s|^local SNAPSHOT = .*|local SNAPSHOT = \"$snap\"|" \
		${1:+-e "s|^local FS_PRIO = .*|local FS_PRIO = \"$1\"|"} \
		"$share/cli_filter.lua" >"$etc/cli_filter.lua.new" &&
		mv "$etc/cli_filter.lua.new" "$etc/cli_filter.lua"
}
{
	slurm/stack.sh wipe && slurm/stack.sh start
} >>"$log" 2>&1 || bail "stack.sh start failed"
filter || bail "cannot write cli_filter.lua next to $SLURM_CONF"
cat >"$tmp/tree.cfg" <<'TREE'
Cluster - 'fstest'
Parent - 'root'
Account - 'cfacct':Fairshare=10
Account - 'cfother':Fairshare=10
Parent - 'cfacct'
User - 'cfa':DefaultAccount='cfacct':Fairshare=1
User - 'cfb':DefaultAccount='cfacct':Fairshare=3
Parent - 'cfother'
User - 'cfa':DefaultAccount='cfacct':Fairshare=1
User - 'cfc':DefaultAccount='cfother':Fairshare=1
TREE
slurm/load-tree.sh "$tmp/tree.cfg" >>"$log" 2>&1 || bail "load-tree.sh failed"
# Some usage, so that the users do not all tie.
slurm/run-jobs.sh cfc:cfother:1:5 cfb:cfacct:2:3 >>"$log" 2>&1 ||
	bail "run-jobs.sh failed"
# Nothing runs from now on: every job submitted stays pending.
scontrol update nodename="$node" state=drain reason=fs-toolkit-test >>"$log" 2>&1 ||
	bail "cannot drain $node"
# Pending jobs in the snapshot, for places other than 1 of 1.
for a in "cfc -A cfother -n 1 -t 10" "cfb -A cfacct -n 2 -t 5" \
	"cfa -A cfother -n 1 -t 5 -p short" "cfc -A cfother -n 1 -t 10 -p main,short"; do
	set -- $a
	u=$1
	shift
	sbatch --parsable --uid="$u" "$@" -o /dev/null --wrap 'sleep 1' >>"$log" 2>&1 ||
		bail "sbatch $a failed"
done
FS_CLI_FILTER=off sbatch --parsable --uid=cfb -A cfacct -n 1 -t 5 -o /dev/null \
	--wrap 'sleep 1' >"$tmp/blocker" 2>>"$log" || bail "sbatch failed"
sleep 2	# a priority pass over them (PriorityCalcPeriod=1)
"$share/fs-cli-filter-snapshot" "$snap" >>"$log" 2>&1 ||
	bail "fs-cli-filter-snapshot failed"
squeue -h -t PD -o '%i %P %Q' >"$tmp/queue.before" 2>>"$log"
sshare -a -P -n -o Account,User,FairShare >"$tmp/sshare" 2>>"$log"
sed 's/^/# queue: /' "$tmp/queue.before"

# A job of options "$@" by user U: its id in $tmp/id.NAME, its stderr in
# $tmp/err.NAME.
submit() { # NAME USER OPTIONS...
	local name=$1 u=$2 st
	shift 2
	${FS_CLIFILTER_DEBUG:+env FS_CLI_FILTER_DEBUG=1} sbatch --parsable --uid="$u" "$@" -o /dev/null --wrap 'sleep 1' \
		>"$tmp/id.$name" 2>"$tmp/err.$name"
	st=$?
	{ echo "== sbatch $name ($*): status $st"; cat "$tmp/id.$name" "$tmp/err.$name"; } >>"$log"
	return $st
}

# The billing of the TRES a job asked for, in its scontrol -o show job:
# TRES= to 24.05, ReqTRES= from 24.11.
billing_of() { # FILE
	sed -n 's/.* \(Req\)\{0,1\}TRES=\([^ ]*\).*/\2/p' "$1" | head -n 1 |
		tr , '\n' | sed -n 's/^billing=//p'
}
# The TimeLimit of scontrol -o show job's FILE, in seconds.
limit_seconds() { # FILE
	sed -n 's/.* TimeLimit=\([^ ]*\) .*/\1/p' "$1" | head -n 1 |
		awk -F'[-:]' '{ if (NF == 4) print (($1 * 24 + $2) * 60 + $3) * 60 + $4; else if (NF == 3) print ($1 * 60 + $2) * 60 + $3; else print $1 * 60 }'
}

# What slurmctld says of job ID, as the lines should: for each partition
# "priority P in partition X" (squeue), and the cost line's numbers.
expect() { # NAME ID USER
	local id=$2 u=$3 tl billing secs tasks acct fs rank users
	: >"$tmp/want.$1"
	acct=$(squeue -h -j "$id" -o %a | head -n 1)
	# Fair Tree's rank: 1 + the users of a higher FairShare.
	read -r fs rank users < <(awk -F'|' -v a="$acct" -v u="$u" '
		$2 != "" { n++; v[n] = $3; sub(/^ +/, "", $1); if ($1 == a && $2 == u) f = $3 }
		END { for (i = 1; i <= n; i++) r += v[i] > f
		      printf "%.6f %d %d\n", f, r + 1, n }' "$tmp/sshare")
	echo "who: $acct/$u" >>"$tmp/want.$1"
	scontrol -o show job "$id" >"$tmp/show.$1"
	tl=$(sed -n 's/.* TimeLimit=\([^ ]*\) .*/\1/p' "$tmp/show.$1" | head -n 1)
	billing=$(billing_of "$tmp/show.$1")
	secs=$(limit_seconds "$tmp/show.$1")
	# An array's tasks: "1-4", "0,3,6,9%2" (% limits those running).
	tasks=$(sed -n 's/.* ArrayTaskId=\([^ ]*\) .*/\1/p' "$tmp/show.$1" | head -n 1 |
		sed 's/%.*//' | tr , '\n' | awk -F'[-:]' 'NF { n += NF == 1 ? 1 : int(($2 - $1) / (NF == 3 ? $3 : 1)) + 1 } END { if (n) print n }')
	if [ "$tl" = UNLIMITED ]; then
		echo "cost: unknown" >>"$tmp/want.$1"
	else
		echo "cost: $((billing * secs))${tasks:+ tasks $tasks}" >>"$tmp/want.$1"
	fi
	# A job in several partitions: squeue may give one row for all,
	# sprio gives each partition's.
	if squeue -h -j "$id" -o %P | grep -q ,; then
		sprio -h -j "$id" -o 'priority %Y in partition %r'
	else
		squeue -h -j "$id" -o 'priority %Q in partition %P'
	fi | sed 's/  */ /g; s/^ //' | sort -u >>"$tmp/want.$1"
	echo "fairshare: $fs, rank $rank of $users" >>"$tmp/want.$1"
}
# The same facts from the lines sbatch printed.
got() { # NAME
	local e=$tmp/err.$1
	sed -n 's|^fs-toolkit: job [0-9+]*, \([^:]*\):.*|who: \1|p' "$e"
	sed -n 's/^fs-toolkit: its cost: \(at least \)\{0,1\}\([0-9]*\) billing-seconds.*/cost: \2/p; s/^fs-toolkit: its cost: unknown.*/cost: unknown/p' "$e" |
		sed "$(grep -q ' tasks' "$e" && sed -n 's/.* for its \([0-9]*\) tasks.*/s|$| tasks \1|/p' "$e")"
	grep '^fs-toolkit: job ' "$e" | sed 's/^[^;]*; //; s/^fs-toolkit: job [^:]*: //' |
		tr ';' '\n' | sed -n 's/^ *\(priority [0-9]*\)\(, place [0-9]* of [0-9]*\)\{0,1\}\( in partition [^ ]*\).*/\1\3/p' | sort -u
	sed -n 's/^fs-toolkit: job [^:]*: FairShare \([0-9.]*\), \(rank [0-9]* of [0-9]*\);.*/fairshare: \1, \2/p' "$e"
}

# The place: among the jobs pending before (squeue), those of the same
# partition at or above the job's priority, plus those of higher-tier
# partitions on its nodes (short's tier is 2: over main's and wide's).
place() { # PRIORITY PARTITION
	awk -v p="$1" -v part="$2" '
		{ n = split($2, ps, ",")
		  for (i = 1; i <= n; i++) { c[ps[i]]++; if (ps[i] == part && $3 >= p) ahead++ } }
		END { mt = part == "short" ? 2 : 1
		      for (q in c) if ((q == "short" ? 2 : 1) > mt) before += c[q]
		      printf "place %d of %d in partition %s\n", before + ahead + 1, before + c[part] + 1, part }' \
		"$tmp/queue.before"
}

while IFS='|' read -r name u opts; do
	# shellcheck disable=SC2086 # options as words
	submit "$name" "$u" $opts
	st=$?
	id=$(cut -d';' -f1 "$tmp/id.$name")
	sed "s/^/# $name: /" "$tmp/err.$name"
	if [ $st != 0 ] || ! grep -qx '[0-9][0-9]*' "$tmp/id.$name"; then
		ok 1 "$name ($opts): sbatch failed (status $st)"
		continue
	fi
	expect "$name" "$id" "$u"
	got "$name" >"$tmp/got.$name"
	diff "$tmp/want.$name" "$tmp/got.$name" >"$tmp/diff.$name"
	r=$?
	sed "s/^/# $name: /" "$tmp/diff.$name" >&2
	case $name in
	hold) grep -q 'priority 0 in partition main; held: not in the queue until released' "$tmp/err.$name" &&
		[ $r = 0 ] ;;
	exclusive) grep -q '^fs-toolkit: its cost: at least ' "$tmp/err.$name" && [ $r = 0 ] ;;
	begin) grep -q 'no place before [0-9TZ:-]* (--begin)' "$tmp/err.$name" &&
		! grep -q 'place [0-9]' "$tmp/err.$name" && [ $r = 0 ] ;;
	*) [ $r = 0 ] ;;
	esac
	r=$?
	# The place, in each partition, as the queue before was.
	if [ $r = 0 ] && [ "$name" != hold ] && [ "$name" != begin ]; then
		while read -r _ prio _ _ part; do
			want=$(place "$prio" "$part")
			grep -q "priority $prio, $(echo "$want" | sed 's/ in partition.*//') in partition $part" "$tmp/err.$name" ||
				{ echo "# $name: want $want" >&2; r=1; }
		done < <(grep '^priority' "$tmp/want.$name")
	fi
	ok $r "$name ($opts): the lines are slurmctld's for job $id (priority, cost, FairShare, place)"
done <<<"$matrix"

# A --gres sbatch refuses: the job is not submitted, and the hook (after
# submission) says nothing.
submit badgres cfa -A cfacct -n 1 -t 5 --gres=nosuch:1
st=$?
sed 's/^/# badgres: /' "$tmp/err.badgres"
[ $st != 0 ] && ! grep -q '^fs-toolkit:' "$tmp/err.badgres"
ok $? "a --gres sbatch refuses: no job, no lines"

# A dependency: no place until it is met.
submit dep cfa -A cfacct -n 1 -t 5 --dependency=afterok:"$(cat "$tmp/blocker")"
sed 's/^/# dep: /' "$tmp/err.dep"
grep -q "priority $(squeue -h -j "$(cat "$tmp/id.dep")" -o %Q) in partition main; no place yet: it waits for its dependency" "$tmp/err.dep"
ok $? "--dependency: the priority, and no place until the dependency is met"

# A heterogeneous job: a line for each component, with its own numbers.
sbatch --parsable --uid=cfb -A cfacct -n 1 -t 5 -o /dev/null : -n 2 -t 10 \
	--wrap 'sleep 1' >"$tmp/id.het" 2>"$tmp/err.het"
het=$(cat "$tmp/id.het")
sed 's/^/# het: /' "$tmp/err.het"
p0=$(squeue -h -j "$het" -o '%i %Q' | sed -n "s/^$het+0 //p")
p1=$(squeue -h -j "$het" -o '%i %Q' | sed -n "s/^$het+1 //p")
grep -q "^fs-toolkit: job $het+0, cfacct/cfb: .*priority $p0, place" "$tmp/err.het" &&
	grep -q "^fs-toolkit: job $het+1, cfacct/cfb: .*priority $p1, place" "$tmp/err.het" &&
	[ -n "$p0" ] && [ -n "$p1" ] &&
	[ "$(grep -c '^fs-toolkit: its cost: ' "$tmp/err.het")" = 2 ]
ok $? "a heterogeneous job: each component's priority ($p0, $p1) and cost"

# The user's other account: where the same job would land.
grep -q '^fs-toolkit: \(under -A cfother: \|-A cfacct is the best of your 2 accounts\)' "$tmp/err.plain"
ok $? "a user in two accounts: where the same job lands under the other"

# Negative controls.
silent() { # NAME STATUS: submitted, nothing on stderr
	[ "$2" = 0 ] && grep -qx '[0-9][0-9]*' "$tmp/id.$1" && [ ! -s "$tmp/err.$1" ]
}
mv "$snap" "$snap.away"
submit nosnap cfa -A cfacct -n 2 -t 5
expect nosnap "$(cat "$tmp/id.nosnap")" cfa
grep -q "^fs-toolkit: job [0-9]*, cfacct/cfa: priority $(squeue -h -j "$(cat "$tmp/id.nosnap")" -o %Q) in partition main$" "$tmp/err.nosnap" &&
	grep -q "^fs-toolkit: its cost: 600 billing-seconds (as of now)$" "$tmp/err.nosnap"
ok $? "without a snapshot: the job's own priority and cost, no FairShare nor place"
mkdir -p "$snap" && cp -a "$snap.away/." "$snap/"
printf 'garbage\tnot a tree\n\001\002\n' >"$snap/places.tsv"
submit corrupt cfa -A cfacct -n 2 -t 5
[ $? = 0 ] && grep -q '^fs-toolkit: job [0-9]*, cfacct/cfa: FairShare' "$tmp/err.corrupt" &&
	! grep -q 'place' "$tmp/err.corrupt"
ok $? "a corrupt places file: the lines without the place"
rm -rf "$snap" && mv "$snap.away" "$snap"

filter "$tmp/no/such/fs-prio"
submit noprio cfa -A cfacct -n 2 -t 5
silent noprio $?
ok $? "negative control: no fs-prio, the job is submitted silently"

# A stand-in for an fs-prio stuck (on a hung file system, say): it ignores
# SIGTERM; timeout's KILL ends it within the budget (1 s).
printf '#!/bin/sh\ntrap "" TERM\nsleep 30\n' >"$tmp/hang"
chmod 755 "$tmp/hang"
filter "$tmp/hang"
t0=$(date +%s)
submit hang cfa -A cfacct -n 2 -t 5
st=$?
t=$(($(date +%s) - t0))
echo "# sbatch took $t s with an fs-prio that hangs"
silent hang $st && [ "$t" -lt 20 ]
ok $? "negative control: an fs-prio that ignores SIGTERM, the job is submitted well before it would end (30 s)"

filter
FS_CLI_FILTER=off submit off cfa -A cfacct -n 2 -t 5
silent off $?
st=$?
mkdir -p "$tmp/home" && : >"$tmp/home/.fs-toolkit-quiet"
HOME=$tmp/home submit quietfile cfa -A cfacct -n 2 -t 5
silent quietfile $? && [ $st = 0 ]
ok $? "a user turns it off: FS_CLI_FILTER=off, or a file ~/.fs-toolkit-quiet"

# As the user, not root: cfa's own sbatch (the hook runs as cfa).
chmod 755 "$tmp"
asuser() { # NAME USER [ENV...]: sbatch run by USER
	local n=$1 u=$2
	shift 2
	(cd / && su -s /bin/sh "$u" -c "env $* SLURM_CONF='$SLURM_CONF' sbatch --parsable -n 2 -t 5 -o /dev/null --wrap 'sleep 1'") \
		>"$tmp/id.$n" 2>"$tmp/err.$n"
	local st=$?
	{ echo "== sbatch $n as $u: status $st"; cat "$tmp/id.$n" "$tmp/err.$n"; } >>"$log"
	return $st
}
asuser user cfa
st=$?
expect user "$(cat "$tmp/id.user")" cfa
got user >"$tmp/got.user"
[ $st = 0 ] && diff "$tmp/want.user" "$tmp/got.user" >&2
ok $? "run by the user itself, the job's own numbers"

# The billing: for each shape of job in partition wide (its
# TRESBillingWeights CPU=3,Mem=16G,GRES/gpu=5: the GPU job bills 15 summed,
# 10 under MAX_TRES, 13 under MAX_TRES_GRES), the billing slurmctld gives
# it, held, against fs-prio --new --cost's for the same job not submitted.
rel=$(sbatch --version 2>>"$log" | awk '{ print $2 }')
billing_shapes="cpus|-n 3 --mem=64
mem|-n 1 --mem=960
gres|-n 1 --mem=128 --gres=gpu:2
gpus|-n 2 --mem=64 --gpus=1
nodes|-N 2 -n 4 --mem=640"
same_billing() { # FLAGS: one line, the shapes' billings in $tmp/billing.FLAGS
	local name opts id want got r=0 ids=
	: >"$tmp/billing.$1"
	while IFS='|' read -r name opts; do
		# shellcheck disable=SC2086 # options as words
		id=$(FS_CLI_FILTER=off sbatch --parsable -H --uid=cfa -A cfacct \
			-p wide -t 5 $opts -o /dev/null --wrap 'sleep 1' 2>>"$log")
		ids="$ids $id"
		scontrol -o show job "$id" >"$tmp/show.bill" 2>>"$log"
		want=$(billing_of "$tmp/show.bill")
		# shellcheck disable=SC2086
		got=$(fs-prio --new -u cfa -A cfacct -p wide -t 5 $opts --cost \
			</dev/null 2>>"$log" | sed -n 's/^Billing \([^:]*\):.*/\1/p')
		echo "# $1: $name ($opts): slurmctld's billing ${want:-none}, fs-prio's ${got:-none}"
		[ -n "$want" ] && [ "$want" = "$got" ] || r=1
		echo "$name $want" >>"$tmp/billing.$1"
	done <<<"$billing_shapes"
	# shellcheck disable=SC2086
	scancel $ids >/dev/null 2>&1
	ok $r "PriorityFlags=$1: fs-prio --new --cost's billing is slurmctld's for $(echo "$billing_shapes" | wc -l) held jobs (CPUs, memory, --gres, --gpus, 2 nodes)"
}
same_billing none

# ------------------------------------------------ another cluster (sbatch -M)
# fstest2: a second slurmctld on the same slurmdbd (stack.sh start-second;
# its node has no slurmd, its jobs wait), with a tree of its own for cfa
# and cfb. Its job ids start at 1 as fstest's did: jobs held there (the
# hook off) until its next id is that of fstest's job "plain", still
# pending, so that each job sent there has the id of a pending job of
# fstest. Its lines must be its own, read from fstest2's controller, with
# no FairShare, rank or place (the snapshot is fstest's), and nothing of
# fstest's job of the same id. -M fstest names the local cluster: the
# snapshot is used, as without -M.
m2=
if {
	slurm/stack.sh start-second &&
		printf '%s\n' "Cluster - 'fstest2'" "Parent - 'root'" \
			"Account - 'cf2acct':Fairshare=10" "Parent - 'cf2acct'" \
			"User - 'cfa':DefaultAccount='cf2acct':Fairshare=1" \
			"User - 'cfb':DefaultAccount='cf2acct':Fairshare=2" >"$tmp/tree2.cfg" &&
		slurm/load-tree.sh "$tmp/tree2.cfg"
} >>"$log" 2>&1; then
	target=$(cat "$tmp/id.plain")
	id2=0
	while [ -n "$id2" ] && [ "$id2" -lt $((target - 1)) ]; do
		id2=$(FS_CLI_FILTER=off sbatch -M fstest2 --parsable --uid=cfa --hold -n 1 -t 5 \
			-o /dev/null --wrap 'sleep 1' 2>>"$log" | cut -d';' -f1)
	done
	[ "$id2" = $((target - 1)) ] && m2=1
	echo "# fstest2: held jobs up to $id2; fstest's job $target is $(squeue -h -j "$target" -o '%a/%u priority %Q')"
fi
# A job of fstest2, ID: its lines (in $tmp/err.NAME) are exactly its own,
# "who" in account/user form, from fstest2's squeue and scontrol.
other_cluster() { # NAME WHO
	local n=$1 id pr billing secs mine
	id=$(cut -d';' -f1 "$tmp/id.$n")
	sed "s/^/# $n: /" "$tmp/err.$n"
	[ -n "$m2" ] && grep -qx "$id;fstest2" "$tmp/id.$n" || return 1
	mine=$(squeue -h -j "$id" -o '%a/%u' 2>/dev/null)
	echo "# $n: fstest2's job $id; fstest's job $id: ${mine:-none}"
	[ -n "$mine" ] && [ "$mine" != "$2" ] || return 1
	pr=$(squeue -M fstest2 -h -j "$id" -o %Q | grep -x '[0-9][0-9]*')
	scontrol -M fstest2 -o show job "$id" >"$tmp/show.$n"
	billing=$(billing_of "$tmp/show.$n")
	secs=$(limit_seconds "$tmp/show.$n")
	printf 'fs-toolkit: job %s, %s: priority %s in partition main\nfs-toolkit: its cost: %s billing-seconds (as of now)\n' \
		"$id" "$2" "$pr" "$((billing * secs))" >"$tmp/want.$n"
	grep '^fs-toolkit: ' "$tmp/err.$n" | grep -v '^fs-toolkit: \(exec timeout\|fs-prio: \)' >"$tmp/got.$n"
	diff "$tmp/want.$n" "$tmp/got.$n" >&2 && [ -n "$pr" ] && [ -n "$billing" ]
}
submit m2 cfa -M fstest2 -A cf2acct -n 1 -t 7
other_cluster m2 cf2acct/cfa
ok $? "sbatch -M fstest2: the lines are fstest2's job's (its priority and cost, no FairShare, rank or place), not fstest's job of the same id"
SLURM_CLUSTERS=fstest2 submit m2env cfb -n 3 -t 4
other_cluster m2env cf2acct/cfb
ok $? "SLURM_CLUSTERS=fstest2 sbatch: the same, for the cluster sbatch took from the environment"
FS_CLIFILTER_DEBUG=1 submit m2debug cfa -M fstest2 -A cf2acct -n 1 -t 7
grep -q "^fs-toolkit: exec timeout .* --submitted [0-9]* -M 'fstest2' " "$tmp/err.m2debug" &&
	grep -q "^fs-toolkit: fs-prio: job [0-9]* is cluster fstest2's, the snapshot .* cluster fstest's: " "$tmp/err.m2debug" &&
	other_cluster m2debug cf2acct/cfa
ok $? "FS_CLI_FILTER_DEBUG=1: fs-prio gets -M fstest2 and says why the snapshot is left out"
submit mlocal cfa -M fstest -A cfacct -n 2 -t 5
id=$(cut -d';' -f1 "$tmp/id.mlocal")
sed "s/^/# mlocal: /" "$tmp/err.mlocal"
expect mlocal "$id" cfa
got mlocal >"$tmp/got.mlocal"
diff "$tmp/want.mlocal" "$tmp/got.mlocal" >&2 && grep -q '^fs-toolkit: job [0-9]*, cfacct/cfa: FairShare .*, place [0-9]' "$tmp/err.mlocal"
ok $? "sbatch -M fstest, the local cluster named: the snapshot's FairShare and place, as without -M"
# Two clusters (-M fstest2,fstest): sbatch sends the job to the one that
# would start it first and does not tell the hook which (here it refuses:
# neither can run it). fs-prio refuses -M with two, naming them, and
# prints no lines: the hook shows none.
id=$(cut -d';' -f1 "$tmp/id.m2")
"$prefix/bin/fs-prio" --submitted "$id" -M fstest2,fstest --snapshot "$snap" >"$tmp/out.mboth" 2>"$tmp/err.mboth"
st=$?
sed "s/^/# fs-prio -M fstest2,fstest: /" "$tmp/out.mboth" "$tmp/err.mboth"
[ $st != 0 ] && [ ! -s "$tmp/out.mboth" ] && grep -q '2 clusters (fstest, fstest2)' "$tmp/err.mboth"
ok $? "fs-prio --submitted $id -M fstest2,fstest: refused, naming both; no lines"
slurm/stack.sh stop-second >>"$log" 2>&1
# ------------------------------------------- end of another cluster (sbatch -M)

# PrivateData=usage,jobs: the tree, the queue and the places are root's,
# each user's file that user's; the hook shows a user their own numbers
# and no place.
FS_SLURM_PRIVATE_DATA=usage,jobs slurm/stack.sh restart-ctld >>"$log" 2>&1 &&
	scontrol show config | grep -q '^PrivateData *= *.*usage' ||
	bail "cannot restart slurmctld with PrivateData=usage,jobs"
"$share/fs-cli-filter-snapshot" "$snap" >>"$log" 2>&1 ||
	bail "fs-cli-filter-snapshot failed under PrivateData"
own=$snap/per-user/users/cfa
! su -s /bin/sh cfc -c "cat '$snap/ranked.tsv'" >/dev/null 2>&1 &&
	! su -s /bin/sh cfc -c "cat '$snap/places.tsv'" >/dev/null 2>&1 &&
	! su -s /bin/sh cfc -c "cat '$own'" >/dev/null 2>&1 &&
	su -s /bin/sh cfa -c "cat '$own'" >/dev/null 2>&1
ok $? "PrivateData=usage,jobs: ranked.tsv and places.tsv are root's, cfa's file cfa's alone"
awk -F'\t' '$1 == "Account" { for (i = 1; i <= NF; i++) c[$i] = i; next } /^#/ { next }
	$c["User"] != "" && $c["User"] != "cfa" { bad = 1 }
	$c["User"] == "" && ($c["RawUsage"] != "" || $c["EffectvUsage"] != "" || $c["LevelFS"] != "" ||
		$c["NormUsage"] != "" || $c["TRESRunMins"] != "") { bad = 1 }
	END { exit bad }' "$own" && ! grep -q 'cfb\|cfc' "$own"
ok $? "PrivateData: cfa's file holds cfa's rows alone, no account's usage, Level FS or running TRES, no other user's name"
# fs-explain from the user's own file, as the user: their path.
su -s /bin/sh cfa -c "'$prefix/bin/fs-explain' cfacct/cfa '$own'" >"$tmp/explain.own" 2>&1
st=$?
sed 's/^/# fs-explain: /' "$tmp/explain.own"
[ $st = 0 ] && grep -q 'cfa' "$tmp/explain.own" && grep -q 'cfacct' "$tmp/explain.own" &&
	grep -q "$(awk -F'\t' '$1 == "Account" { for (i = 1; i <= NF; i++) c[$i] = i; next } /^#/ { next }
		$c["User"] == "cfa" && $c["Account"] == "cfacct" { printf "%.6f", $c["FairShare"] }' "$own")" "$tmp/explain.own"
ok $? "PrivateData: fs-explain cfacct/cfa on cfa's own file, run by cfa, gives cfa's path and FairShare"
asuser private cfa
st=$?
sed 's/^/# private: /' "$tmp/err.private"
pr=$(squeue -h -j "$(cat "$tmp/id.private")" -o %Q)
[ $st = 0 ] && grep -qx "fs-toolkit: job [0-9]*, cfacct/cfa: FairShare [0-9.]*, rank [0-9]* of [0-9]*; priority $pr in partition main" "$tmp/err.private" &&
	! grep -q 'place' "$tmp/err.private"
ok $? "PrivateData: cfa is shown the job's priority ($pr) and FairShare; no place"

# fs-prio from the user's own file, live, run by the user: their pending
# jobs as sprio shows them to that user.
su -s /bin/sh cfa -c "SLURM_CONF='$SLURM_CONF' sprio -l" >"$tmp/sprio.cfa" 2>&1
su -s /bin/sh cfa -c "SLURM_CONF='$SLURM_CONF' '$prefix/bin/fs-prio' -l --tree '$own'" >"$tmp/fsprio.cfa" 2>"$tmp/fsprio.err"
st=$?
sed 's/^/# sprio -l as cfa: /' "$tmp/sprio.cfa"
sed "s/^/# fs-prio as cfa: /" "$tmp/fsprio.err"
diff "$tmp/sprio.cfa" "$tmp/fsprio.cfa" | sed 's/^/# /'
[ $st = 0 ] && [ "$(wc -l <"$tmp/sprio.cfa")" -gt 1 ] && cmp -s "$tmp/sprio.cfa" "$tmp/fsprio.cfa"
ok $? "PrivateData: fs-prio -l on cfa's own file, run by cfa, is sprio -l's for cfa ($(($(wc -l <"$tmp/sprio.cfa") - 1)) rows)"

# The billing under each flag that changes it (a restart each).
FS_SLURM_FLAGS=MAX_TRES slurm/stack.sh restart-ctld >>"$log" 2>&1 ||
	bail "cannot restart slurmctld with PriorityFlags=MAX_TRES"
same_billing MAX_TRES
case $rel in
2[0-4].* | 25.0[0-4].*)
	ok 0 "PriorityFlags=MAX_TRES_GRES: fs-prio's billing is slurmctld's # SKIP MAX_TRES_GRES came in Slurm 25.05 (this is $rel)" ;;
*)
	FS_SLURM_FLAGS=MAX_TRES_GRES slurm/stack.sh restart-ctld >>"$log" 2>&1 ||
		bail "cannot restart slurmctld with PriorityFlags=MAX_TRES_GRES"
	same_billing MAX_TRES_GRES ;;
esac
# The GPU job tells the flags apart: a billing of its own under each.
gpu=$(for f in none MAX_TRES MAX_TRES_GRES; do
	[ ! -e "$tmp/billing.$f" ] || sed -n 's/^gres //p' "$tmp/billing.$f"
done | tr '\n' ' ')
[ "$(echo "$gpu" | wc -w)" -ge 2 ] &&
	[ "$(echo "$gpu" | tr ' ' '\n' | sed '/^$/d' | sort -u | wc -l)" = "$(echo "$gpu" | wc -w)" ]
ok $? "the GPU job bills differently under each flag tested (slurmctld's: ${gpu% })"

[ "${FS_CLIFILTER_VERBOSE:-}" ] && sed 's/^/# /' "$log"
exit 0
