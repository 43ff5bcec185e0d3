#!/usr/bin/env bash
# bench-live.sh: fs-tree | fs-rank -l -P against sshare -a -l -P on a real
# controller with a large tree ("against the real thing"). A
# benchmark, not a test: `make bench-live`, never part of `make check`.
#
# Starts the host test stack (tests/slurm/stack.sh, Slurm 22.05) in its own
# state directory, loads a generated tree (tests/slurm/gen-big-tree.sh: by
# default 10,001 associations, 2,475 users in 4 accounts each) with
# `sacctmgr load` one top account at a time (slurmdbd's load is quadratic in
# a file's size), runs a few short jobs so that some associations have usage,
# then alternates N calls of each side and prints
#   - whether the two outputs are byte-identical (both taken in one interval
#     between priority passes),
#   - the median wall time per call of each side,
#   - slurmctld's CPU (utime+stime from /proc/PID/stat) per call of each side.
# A call during which a priority pass ended is thrown away and made again, so
# that the pass's own CPU is not charged to either side.
# The loaded cluster is kept in the state directory: the next run starts it
# and skips the load (BENCH_LIVE_FRESH=1 wipes it and loads again). The stack
# is stopped at the end (BENCH_LIVE_KEEP=1 leaves it running).
#
# Needs root, the Slurm packages (./bootstrap --all) and fs-tree built with
# libslurm. Only one run may use the host stack at a time (ports 16817-16819,
# 13306): not while tests/slurm.t, prio-slurm.t or decay-slurm.t run.
#
# Environment:
#   FS_BIN              the programs                      [bin/ of the checkout]
#   BENCH_LIVE_DIR      the stack's state directory       [/var/tmp/fs-slurm-bench]
#   BENCH_LIVE_N        calls of each side                [20]
#   BENCH_LIVE_USERS, BENCH_LIVE_PER_USER, BENCH_LIVE_TOP, BENCH_LIVE_SUB
#                       the tree's shape (gen-big-tree.sh) [2475 4 10 9]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
here=$top/tests/slurm
bin=${FS_BIN:-$top/bin}
export PATH="$bin:$PATH" LC_ALL=C
export FS_SLURM_DIR=${BENCH_LIVE_DIR:-/var/tmp/fs-slurm-bench}
N=${BENCH_LIVE_N:-20}
shape="${BENCH_LIVE_USERS:-2475} ${BENCH_LIVE_PER_USER:-4} ${BENCH_LIVE_TOP:-10} ${BENCH_LIVE_SUB:-9}"
# A few users with jobs (their Unix users are created): user:account:cpus:secs
jobs="u00000:t00s00:8:20 u00001:t03s02:4:30 u00002:t01s05:16:10 u00003:t07s02:2:25"
job_users="u00000 u00001 u00002 u00003"

die() {
	echo "bench-live.sh: $*" >&2
	exit 1
}
[ "$(id -u)" = 0 ] || die "starting the Slurm daemons needs root"
fs-tree --help | grep -q 'Live mode built in: yes' ||
	die "fs-tree was built without libslurm"
command -v sshare >/dev/null || die "sshare is not installed (./bootstrap --all)"

tmp=$(mktemp -d) || exit 1
cleanup() {
	[ -n "${BENCH_LIVE_KEEP:-}" ] || "$here/stack.sh" stop >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT

done_file=$FS_SLURM_DIR/bench-live.loaded
if [ -n "${BENCH_LIVE_FRESH:-}" ] || [ ! -r "$done_file" ] ||
	[ "$(sed -n 1p "$done_file")" != "$shape" ]; then
	"$here/stack.sh" wipe >/dev/null 2>&1
	rm -f "$done_file"
fi
"$here/stack.sh" start >/dev/null || die "the stack did not start"
# shellcheck source=/dev/null
. "$here/env.sh"

if [ ! -r "$done_file" ]; then
	# shellcheck disable=SC2086
	"$here/gen-big-tree.sh" "$tmp/tree" $shape || die "gen-big-tree.sh failed"
	echo "loading $(cat "$tmp/tree/count") associations in $(find "$tmp/tree" -name 'batch-*.cfg' | wc -l) batches ..." >&2
	t0=$(date +%s.%N)
	for f in "$tmp"/tree/batch-*.cfg; do
		FS_LOAD_USERADD="$job_users" "$here/load-tree.sh" "$f" >"$tmp/load.log" 2>&1 ||
			{ cat "$tmp/load.log" >&2; die "loading $f failed"; }
	done
	t1=$(date +%s.%N)
	load_s=$(echo "$t1 - $t0" | bc)
	echo "running jobs: $jobs" >&2
	# shellcheck disable=SC2086
	"$here/run-jobs.sh" $jobs >"$tmp/jobs.log" 2>&1 ||
		{ cat "$tmp/jobs.log" >&2; die "run-jobs.sh failed"; }
	printf '%s\n%s %s\n' "$shape" "$(cat "$tmp/tree/count")" "$load_s" >"$done_file"
else
	# A start runs a priority pass at once; wait for the next one so that
	# the numbers have settled (docs/slurm.md §1.2).
	"$here/stack.sh" wait-pass 90 >/dev/null
fi
read -r assocs load_s < <(sed -n 2p "$done_file")

pid=$(cat "$FS_SLURM_DIR/run/slurmctld.pid")
hz=$(getconf CLK_TCK)
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
stamp() { "$here/stack.sh" stamp; }
now_ns() { date +%s%N; }

side_sshare() { sshare -a -l -P; }
side_fs() { fs-tree | fs-rank -l -P; }

# 1. byte-identical, both outputs from one interval between passes
identical=no
for _ in 1 2 3; do
	s0=$(stamp)
	side_sshare >"$tmp/sshare.txt"
	side_fs >"$tmp/fs.txt"
	[ "$(stamp)" = "$s0" ] || continue
	if cmp -s "$tmp/sshare.txt" "$tmp/fs.txt"; then
		identical=yes
	else
		diff "$tmp/sshare.txt" "$tmp/fs.txt" | head -n 10 >&2
	fi
	break
done
rows=$(($(wc -l <"$tmp/sshare.txt") - 1))

# 2-3. N alternating calls of each side: wall and controller CPU per call
one() { # SIDE: appends "wall_ns ticks" to $tmp/SIDE, retrying across a pass
	local s0 c0 t0 t1 c1
	while :; do
		s0=$(stamp)
		c0=$(ticks)
		t0=$(now_ns)
		"side_$1" >/dev/null
		t1=$(now_ns)
		c1=$(ticks)
		[ "$(stamp)" = "$s0" ] && break
	done
	echo "$((t1 - t0)) $((c1 - c0))" >>"$tmp/$1"
}
for _ in $(seq "$N"); do
	one sshare
	one fs
done
median_ms() { cut -d' ' -f1 "$1" | sort -n | awk '{ v[NR] = $1 }
	END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	      printf "%.0f", m / 1e6 }'; }
cpu_ms() { awk -v hz="$hz" '{ t += $2 } END { printf "%.1f", t * 1000 / hz / NR }' "$1"; }

ws=$(median_ms "$tmp/sshare")
wf=$(median_ms "$tmp/fs")
cs=$(cpu_ms "$tmp/sshare")
cf=$(cpu_ms "$tmp/fs")
printf 'Slurm %s, %s associations (%s rows), loaded in batches in %.0f s; %s alternating calls of each side\n' \
	"$(sshare -V | cut -d' ' -f2)" "$assocs" "$rows" "$load_s" "$N"
printf '| %-24s | %8s | %14s | %18s |\n' "" "calls" "median wall ms" "slurmctld CPU ms"
printf '|%s|%s|%s|%s|\n' "--------------------------" "---------:" "---------------:" "-------------------:"
printf '| %-24s | %8s | %14s | %18s |\n' "sshare -a -l -P" "$N" "$ws" "$cs"
printf '| %-24s | %8s | %14s | %18s |\n' "fs-tree \\| fs-rank -l -P" "$N" "$wf" "$cf"
printf 'byte-identical: %s; end to end %sx faster; slurmctld CPU %sx of sshare\n' "$identical" \
	"$(echo "scale=2; $ws / $wf" | bc)" "$(echo "scale=2; $cf / $cs" | bc)"
[ "$identical" = yes ]
