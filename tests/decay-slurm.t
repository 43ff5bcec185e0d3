#!/usr/bin/env bash
# fs-decay against a real slurmctld (tests/slurm/stack.sh), scenario
# tests/slurm/fixtures/decay: Fair Tree, PriorityDecayHalfLife=5 (minutes),
# PriorityCalcPeriod=1 (minute).
#
# A background loop records the time of every priority pass: the first 8
# bytes of StateSaveLocation/priority_last_decay_ran, the decay thread's
# g_last_ran (pack_time, big-endian), i.e. the start_time of the pass that
# Slurm itself takes its decay intervals from. (stack.sh stamp prints the
# file's mtime instead, the end of the pass, which can be a second later.)
# The jobs of jobs.txt are submitted a few seconds after a pass P0, so that
# none ends in the same second as a pass (the order of a job's end charge
# and that pass would then be a race). After they end and a pass t1 runs,
# fs-tree captures S1; two passes later, with nothing running, S2 (pass t2).
#
# 1. Decay: fs-decay --from t1 --to t2 S1 must give S2's RawUsage, for every
#    association. Each RawUsage is slurmctld's long double usage_raw, sent
#    as "%Lf" text: rounded to 6 decimals, off by at most 5e-7. fs-decay
#    multiplies S1's value (off by <= 5e-7) by f = pow(df, t2 - t1) < 1
#    where slurmctld multiplied the exact value by pow(df, 60) per pass;
#    the two factors differ by a few double ulps per pass. So
#        |fs-decay(S1) - S2| <= 5e-7 * f + 5e-7 + |u| * (passes * 3 ulps)
#    and the tolerance is 1e-6 + 1e-14 |u| (the relative part also covers
#    awk reading the numbers as doubles).
# 2. Replay: from the same tree with its usage zeroed (--reset), fs-decay
#    --jobs with sacct's listing, run once per recorded pass interval
#    (--from P_i --to P_i+1, --calc-period longer than the interval, so each
#    run is exactly one decay cycle (P_i, P_i+1]), must give S1's RawUsage
#    for every user and account. One cycle does what the decay thread and
#    priority_p_job_end do (docs/slurm.md §4.2, §4.3): a job ending in the
#    cycle adds run_delta * pow(df, run_delta) * billing (double) for its
#    part of the cycle, to its association and every ancestor (long double),
#    all usage is multiplied by pow(df, P_i+1 - P_i), and jobs still running
#    add their part up to P_i+1. The operations are Slurm's own, in its order;
#    only the additions of different jobs to one account may come in another
#    order (a few long double ulps, ~1e-19 relative). The one real error is
#    S1's rounding to 6 decimals, so the tolerance is 5e-7 + 1e-14 |u|.
#    Accounts are compared as they are: fs-decay charges every ancestor like
#    slurmctld, so an account row is the replayed sum of its subtree.
#    Also: one run over the whole span, with the dump's calc_period (60 s),
#    must equal the per-pass runs bit for bit when the passes came exactly
#    60 s apart (the decay thread's schedule is absolute, so they usually
#    do; otherwise that check is skipped).
# 3. Both checks can fail: the true half-life (--exact) misses S2, and a
#    replay whose cycles are shifted 30 s from the passes misses S1.
#
# Own state directory and ports (FS_DECAY_SLURM_DIR, default
# /tmp/fs-slurm-decay; FS_DECAY_SLURM_PORT_BASE, default 17017), so that it
# never disturbs tests/slurm.t's stack. Skipped unless root, with the Slurm
# packages, fs-tree's live mode, FS_SKIP_SLURM unset and the ports free.
# Takes about four minutes (the passes are a minute apart).
# FS_DECAY_SLURM_KEEP=DIR keeps the captures, the sacct listing, the pass
# times and the replays there.
set -u
cd "$(dirname "$0")" || exit 1
here=$PWD/slurm
fixture=$here/fixtures/decay
bin=${FS_BIN:-$PWD/../bin}
export PATH="$bin:$PATH" LC_ALL=C

skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
[ -z "${FS_SKIP_SLURM:-}" ] || skip "FS_SKIP_SLURM is set"
[ "$(id -u)" = 0 ] || skip "starting the Slurm daemons needs root"
for c in slurmctld slurmd slurmdbd munged mariadbd sacctmgr sbatch squeue sacct; do
	command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] ||
		skip "the Slurm stack is not installed ($c; run ./bootstrap --all)"
done
[ -x "$bin/fs-tree" ] && [ -x "$bin/fs-decay" ] || skip "no $bin/fs-tree or fs-decay (run make)"
fs-tree --help | grep -q 'Live mode built in: yes' ||
	skip "fs-tree was built without libslurm (install libslurm-dev, rebuild)"

export FS_SLURM_DIR=${FS_DECAY_SLURM_DIR:-/tmp/fs-slurm-decay}
export FS_SLURM_PORT_BASE=${FS_DECAY_SLURM_PORT_BASE:-17017}
for port in $FS_SLURM_PORT_BASE $((FS_SLURM_PORT_BASE + 1)) \
	$((FS_SLURM_PORT_BASE + 2)) $((FS_SLURM_PORT_BASE - 3511)); do
	if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
		skip "port $port is in use (set FS_DECAY_SLURM_PORT_BASE)"
	fi
done
unset FS_SLURM_HALF_LIFE FS_SLURM_FLAGS FS_SLURM_DAMPENING FS_SLURM_CPUS \
	FS_SLURM_RESET FS_SLURM_PRIVATE_DATA FS_SLURM_EXTRA_CONF
set -a
. "$fixture/settings"
set +a
. "$here/env.sh"
state=$FS_SLURM_DIR/spool/ctld/priority_last_decay_ran

tmp=$(mktemp -d) || exit 1
log=$tmp/log
poller=
cleanup() {
	[ -z "$poller" ] || kill "$poller" 2>/dev/null
	"$here/stack.sh" stop >/dev/null 2>&1
	# FS_DECAY_SLURM_KEEP=DIR keeps the captures, jobs and replays.
	[ -z "${FS_DECAY_SLURM_KEEP:-}" ] || cp -r "$tmp/." "$FS_DECAY_SLURM_KEEP/"
	rm -rf "$tmp"
}
trap cleanup EXIT

echo "1..6"
. ./tap.sh
check_show=40 # what each check measured, as it passes

# The start_time of the last priority pass (epoch), from the state file.
last_ran() {
	od -An -tu8 --endian=big -N8 "$state" 2>/dev/null | tr -d ' '
}
iso() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }
# Wait for a pass after the one that ran at $1 (90 s at most).
wait_pass_after() {
	local i=0
	while [ "$(last_ran)" = "$1" ]; do
		i=$((i + 1))
		[ $i -lt 450 ] || return 1
		sleep 0.2
	done
	sleep 0.5 # the controller releases its locks
}
# capture FILE: a live dump taken between two passes; prints its pass time.
capture() {
	local p q _
	for _ in 1 2 3; do
		p=$(last_ran)
		fs-tree >"$1" || return 1
		q=$(last_ran)
		[ "$p" != "$q" ] || { echo "$p"; return 0; }
		wait_pass_after "$q" || return 1
	done
	return 1
}

{
	"$here/stack.sh" wipe && "$here/stack.sh" start &&
		"$here/load-tree.sh" "$fixture/tree.cfg"
} >"$log" 2>&1 || bail "stack.sh start or load-tree.sh failed"
grep -q "^PriorityDecayHalfLife=$FS_SLURM_HALF_LIFE\$" "$SLURM_CONF" ||
	bail "slurm.conf lacks PriorityDecayHalfLife=$FS_SLURM_HALF_LIFE"
i=0
while [ -z "$(last_ran)" ]; do
	i=$((i + 1))
	[ $i -lt 300 ] || bail "no priority pass within 60 s of the start"
	sleep 0.2
done

# Every pass from now on, one line each.
(
	last=
	while :; do
		v=$(last_ran)
		if [ -n "$v" ] && [ "$v" != "$last" ]; then
			echo "$v" >>"$tmp/passes"
			last=$v
		fi
		sleep 0.2
	done
) &
poller=$!

# Submit 2-10 s after a pass.
p0=$(last_ran)
off=$(($(date +%s) - p0))
if [ $off -gt 10 ]; then
	wait_pass_after "$p0" || bail "no priority pass within 90 s"
	p0=$(last_ran)
	off=$(($(date +%s) - p0))
fi
[ $off -ge 2 ] || sleep $((2 - off))
# shellcheck disable=SC2046
"$here/run-jobs.sh" -n $(grep -v '^[[:space:]]*\(#\|$\)' "$fixture/jobs.txt") >>"$log" 2>&1 ||
	bail "run-jobs.sh failed"
sacct -a -X -P -S "$(date -d "@$p0" +%Y-%m-%dT%H:%M:%S)" -E now \
	-o JobID,User,Account,Partition,Start,End,AllocTRES,AllocCPUS,State \
	>"$tmp/jobs.txt" 2>>"$log" || bail "sacct failed"

# S1 right after the first pass after the jobs, S2 two passes later.
wait_pass_after "$(last_ran)" || bail "no priority pass within 90 s"
t1=$(capture "$tmp/s1.tsv") || bail "no capture S1 between two passes"
wait_pass_after "$t1" && wait_pass_after "$(last_ran)" ||
	bail "no priority pass within 90 s"
[ -z "$(squeue -h -o %i)" ] || bail "jobs ran between S1 and S2"
t2=$(capture "$tmp/s2.tsv") || bail "no capture S2 between two passes"
kill "$poller" 2>/dev/null
wait "$poller" 2>/dev/null
poller=
"$here/stack.sh" stop >>"$log" 2>&1
echo "# passes: P0=$p0 ($(iso "$p0")), S1 at t1=$t1, S2 at t2=$t2"

# The passes from P0 to t1, in order.
awk -v a="$p0" -v b="$t1" '$1 >= a && $1 <= b' "$tmp/passes" >"$tmp/cycle"
jobs_ran() {
	local want st
	want=$(grep -cv '^[[:space:]]*\(#\|$\)' "$fixture/jobs.txt")
	st=0
	awk -F'|' -v want="$want" '
		NR == 1 { next }
		{ k++; if ($9 != "COMPLETED") { print "job " $1 ": " $9; bad = 1 } }
		END { printf "%d jobs, %d in jobs.txt\n", k, want; exit bad || k != want }' \
		"$tmp/jobs.txt" || st=1
	# Every pass seen: they come a minute apart (a gap of two minutes is
	# a pass the poller missed).
	awk 'NR > 1 { d = $1 - p; if (d < 1 || d > 90) { print "gap of " d " s before pass " $1; bad = 1 } }
		{ p = $1 } END { exit bad || NR < 2 }' "$tmp/cycle" || st=1
	echo "passes P0..t1: $(tr '\n' ' ' <"$tmp/cycle")"
	# No job ends in the second of a pass (its order against the pass
	# would be a race in slurmctld).
	awk -F'|' 'NR == FNR { pass[$1] = 1; next }
		FNR > 1 { cmd = "date -d \"" $6 "\" +%s"; cmd | getline e; close(cmd)
			if (e in pass) { print "job " $1 " ends at pass " e; bad = 1 } }
		END { exit bad }' "$tmp/cycle" "$tmp/jobs.txt" || st=1
	return $st
}
check "the jobs ran to completion and every pass from P0 to t1 was recorded" jobs_ran

# compare A B ABS REL WHO: RawUsage of A against B by (Account, User,
# Partition); WHO = all or users. Prints the worst difference.
compare() {
	awk -F'\t' -v abs="$3" -v rel="$4" -v who="$5" '
		FNR == 1 { hdr = 0 }
		/^#/ { next }
		!hdr { delete c; for (i = 1; i <= NF; i++) c[$i] = i; hdr = 1; next }
		{ k = $c["Account"] "/" $c["User"] "/" $c["Partition"] }
		who == "users" && $c["User"] == "" { next }
		NR == FNR { want[k] = $c["RawUsage"]; next }
		{
			seen[k] = 1
			if (!(k in want)) { print "only in the second: " k; bad = 1; next }
			u = $c["RawUsage"] + 0; d = want[k] - u; if (d < 0) d = -d
			r = u < 0 ? -u : u; tol = abs + rel * r
			m++
			if (d > worst) { worst = d; wk = k }
			if (d / tol > wr) wr = d / tol
			if (d > tol) { printf "%s: %s against %s (off by %.3g)\n", k, want[k], $c["RawUsage"], d; bad = 1 }
		}
		END {
			for (k in want) if (!(k in seen)) { print "only in the first: " k; bad = 1 }
			printf "%d rows; worst difference %.3g (%s), %.2f of the tolerance %g + %g|u|\n", m, worst, wk, wr, abs, rel
			exit bad || !m
		}' "$1" "$2"
}

# 1. Decay.
fs-decay --from "$(iso "$t1")" --to "$(iso "$t2")" "$tmp/s1.tsv" >"$tmp/decayed.tsv" 2>"$tmp/err" ||
	cat "$tmp/err" >&2
check "decay: fs-decay --from t1 --to t2 S1 gives S2's RawUsage, every association" \
	compare "$tmp/decayed.tsv" "$tmp/s2.tsv" 1e-6 1e-14 all
misses() { # like compare, but must fail on a complete output
	[ -s "$1" ] && grep -q '^Account' "$1" || { echo "no output: $1"; return 1; }
	! compare "$@" >"$tmp/misses.out" || { cat "$tmp/misses.out"; return 1; }
	tail -n 1 "$tmp/misses.out"
}
fs-decay --exact --from "$(iso "$t1")" --to "$(iso "$t2")" "$tmp/s1.tsv" >"$tmp/exact.tsv"
check "decay: the true half-life (--exact) misses S2 (the check can fail)" \
	misses "$tmp/exact.tsv" "$tmp/s2.tsv" 1e-6 1e-14 all

# 2. Replay, one decay cycle per recorded pass interval.
replay_passes() {
	local a b in=$tmp/s1.tsv reset=--reset k=0
	a=$(head -n 1 "$tmp/cycle")
	for b in $(tail -n +2 "$tmp/cycle"); do
		k=$((k + 1))
		fs-decay $reset --jobs "$tmp/jobs.txt" --from "$(iso "$a")" \
			--to "$(iso "$b")" --calc-period 1d "$in" >"$tmp/replay.$k" || return 1
		in=$tmp/replay.$k
		reset=
		a=$b
	done
	cp "$in" "$tmp/replay.tsv"
}
replay_passes 2>"$tmp/err" || cat "$tmp/err" >&2
check "replay: fs-decay --reset --jobs, one run per pass from P0 to t1, gives S1's RawUsage, users and accounts" \
	compare "$tmp/replay.tsv" "$tmp/s1.tsv" 5e-7 1e-14 all

# How close it is: the replay printed like the controller ("%.6Lf").
paste <(grep -v '^#' "$tmp/replay.tsv" | cut -f 6) <(grep -v '^#' "$tmp/s1.tsv" | cut -f 6) |
	awk -F'\t' 'NR > 1 { n++; same += sprintf("%.6f", $1) == $2 }
		END { printf "# %d of %d rows of the replay, rounded to 6 decimals, are the controller'"'"'s own text\n", same, n }'

# One run from P0, its cycles of the dump's calc_period (60 s; note that a
# bare --calc-period 60 would be slurm.conf's minutes): the same as the runs
# per pass when the passes came exactly 60 s apart.
fs-decay --reset --jobs "$tmp/jobs.txt" --from "$(iso "$p0")" --to "$(iso "$t1")" \
	"$tmp/s1.tsv" >"$tmp/once.tsv"
same_rows() {
	grep -qx '#decay_calc_period=60' "$tmp/once.tsv" || { echo "decay_calc_period is not 60"; return 1; }
	diff <(grep -v '^#' "$tmp/replay.tsv") <(grep -v '^#' "$tmp/once.tsv")
}
if awk 'NR > 1 && $1 - p != 60 { bad = 1 } { p = $1 } END { exit bad }' "$tmp/cycle"; then
	check "replay: one run with the tree's calc_period from P0 equals the runs per pass, bit for bit" \
		same_rows
else
	n=$((n + 1))
	echo "ok $n # SKIP the passes were not exactly 60 s apart: $(tr '\n' ' ' <"$tmp/cycle")"
fi
fs-decay --reset --jobs "$tmp/jobs.txt" --from "$(iso $((p0 - 30)))" --to "$(iso "$t1")" \
	--calc-period 60s "$tmp/s1.tsv" >"$tmp/shifted.tsv"
check "replay: cycles shifted 30 s from the passes miss S1 (the check can fail)" \
	misses "$tmp/shifted.tsv" "$tmp/s1.tsv" 5e-7 1e-14 users
