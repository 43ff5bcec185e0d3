#!/usr/bin/env bash
# Benchmarks (make bench): each program that exists in FS_BIN on generated
# trees of 10 thousand, 100 thousand and 1 million associations (tests/gen/
# gentree.c, kept in build/bench/), next to cat, wc -l and the yardstick,
# `LC_ALL=C sort FILE` (whole lines in byte order, GNU sort's default
# threads), run on the same file in the same run. Prints wall time (best of
# BENCH_REPS, default 3, and the median and worst: the spread), throughput in
# MB/s and rows/s of input, peak memory of the best run (GNU time %M), the
# ratio to sort (best to best, and median to median), and fs-rank's memory
# per association beyond the input size. BENCH_SIZES overrides the sizes
# ("10000 100000 1000000"). A second shape at the largest size: a flat tree
# (depth 3, thousands of accounts under few organisations) with a Partition
# column, from another seed, and a third: most accounts at RawShares 0,
# with a Partition column (gentree -z).
set -u
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
GEN=${GENTREE:?set GENTREE to the gentree program}
REPS=${BENCH_REPS:-3}
SIZES=${BENCH_SIZES:-10000 100000 1000000}
export LC_ALL=C TZ=UTC PATH="$B:$PATH"
dir=${BENCH_DIR:-build/bench}
mkdir -p "$dir"
if [ ! -x /usr/bin/time ]; then
	echo "bench: /usr/bin/time (GNU time) is missing: apt-get install time" >&2
	exit 1
fi

have() {	# a program that exists and is not a placeholder
	[ -x "$B/$1" ] && ! "$B/$1" --help 2>&1 | grep -q 'not implemented'
}

# run NAME INPUT CMD: best, median and worst wall time of REPS runs, peak
# RSS of the best.
run() {
	local name=$1 in=$2 cmd=$3 best= mem= i t0 t1 w m all= med worst
	for ((i = 0; i < REPS; i++)); do
		t0=$(date +%s%N)
		/usr/bin/time -f %M -o "$dir/mem" bash -o pipefail -c "$cmd" <"$in" >/dev/null 2>"$dir/err" ||
			{ echo "  $name: FAILED: $(head -c 300 "$dir/err")"; return; }
		t1=$(date +%s%N)
		w=$(((t1 - t0) / 1000))
		m=$(tail -1 "$dir/mem")
		if [ -z "$best" ] || [ "$w" -lt "$best" ]; then best=$w mem=$m; fi
		all="$all $w"
	done
	med=$(printf '%s\n' $all | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	worst=$(printf '%s\n' $all | sort -n | tail -1)
	case $name in sort | "$SORT"*) sort_us=$best sort_med=$med ;; esac
	last_us=$best last_med=$med
	[ "$name" = "fs-rank" ] && rank_mem=$mem rank_us=$best
	awk -v n="$name" -v us="$best" -v med="$med" -v worst="$worst" -v kb="$mem" -v bytes="$bytes" -v rows="$rows" -v s="${sort_us:-0}" -v sm="${sort_med:-0}" 'BEGIN {
		sec = us / 1e6; if (sec <= 0) sec = 1e-6
		printf "  %-38s %6.3f s (median %.3f, worst %.3f) %7.1f MB/s %10.0f rows/s %7.1f MB", n, sec, med / 1e6, worst / 1e6, bytes / 1e6 / sec, rows / sec, kb / 1024
		if (s > 0 && n != "sort" && index(n, "'"$SORT"'") != 1) printf "  %4.2fx sort (median %4.2fx)", us / s, med / sm
		printf "\n" }'
}

# outsize INPUT CMD: what CMD writes, next to its input (a shape whose
# answer is many times its input is bound by writing it, not by sort's work).
outsize() {
	awk -v o="$(bash -c "$2" <"$1" 2>/dev/null | wc -c)" -v i="$(stat -c %s "$1")" 'BEGIN {
		printf "  %-34s %.1f MB written from %.1f MB (x%.1f)\n", "", o / 1e6, i / 1e6, o / i }'
}

# tree FILE LABEL: time everything on one tree.
tree() {
	local f=$1 label=$2 ranked a b
	bytes=$(stat -c %s "$f")
	rows=$(($(wc -l <"$f") - 6))
	ranked=${f%.tsv}.ranked
	"$B/fs-rank" <"$f" >"$ranked" || exit 1
	# Two users to explain: the first and the last user rows.
	a=$(awk -F'\t' 'NR > 6 && $2 != "" && $2 != "root" { print $1 "/" $2; exit }' "$f")
	b=$(awk -F'\t' 'NR > 6 && $2 != "" { u = $1 "/" $2 } END { print u }' "$f")
	echo
	printf '%s: %d associations, %.1f MB (%s)\n' "$label" "$rows" "$(echo "$bytes / 1000000" | bc -l)" "$f"
	sort_us= sort_med=
	run "$SORT" "$f" "sort"
	run cat "$f" "cat"
	run "wc -l" "$f" "wc -l"
	run fs-rank "$f" "fs-rank"
	run "fs-rank -l -P" "$f" "fs-rank -l -P"
	if have fs-decay; then
		run "fs-decay --elapsed 3d" "$f" "fs-decay --elapsed 3d"
		run "fs-decay --elapsed 3d | fs-rank" "$f" "fs-decay --elapsed 3d | fs-rank"
	fi
	if have fs-explain; then
		run "fs-rank | fs-explain A B" "$f" "fs-rank | fs-explain '$a' '$b'"
		# fs-explain alone reads fs-rank's output: its yardstick is
		# sort of that file.
		sort_us= sort_med= bytes=$(stat -c %s "$ranked")
		run "$SORT (the ranked tree)" "$ranked" "sort"
		run "fs-explain A B (the ranked tree)" "$ranked" "fs-explain '$a' '$b'"
		bytes=$(stat -c %s "$f")
	fi
	# fs-report --prometheus and --html: on the ranked tree
	# they read, next to sort of that same file, and as the cron line runs
	# --prometheus; the size of the page.
	if have fs-report; then
		run "fs-rank | fs-report --prometheus" "$f" "fs-rank | fs-report --prometheus"
		(
			bytes=$(stat -c %s "$ranked") sort_us=
			printf '  the ranked tree (%.1f MB):\n' "$(echo "$bytes / 1000000" | bc -l)"
			run sort "$ranked" "sort"
			run "fs-report --prometheus" "$ranked" "fs-report --prometheus"
			run "fs-report --html" "$ranked" "fs-report --html"
		)
		outsize "$ranked" "fs-report --html"
	fi
	awk -v kb="$rank_mem" -v bytes="$bytes" -v rows="$rows" 'BEGIN {
		printf "  fs-rank memory beyond the input: %.0f bytes per association\n", (kb * 1024 - bytes) / rows }'
}

echo "bench: $(nproc) cores, $(uname -m), best of $REPS, load average $(cut -d' ' -f1-3 /proc/loadavg)"
SORT="LC_ALL=C sort FILE"
prev_us= prev_n=
for n in $SIZES; do
	f=$dir/tree-$n.tsv
	[ -s "$f" ] || "$GEN" -n "$n" -s 42 >"$f" || exit 1
	tree "$f" tree
	if [ -n "$prev_us" ]; then
		awk -v a="$prev_us" -v b="$rank_us" -v na="$prev_n" -v nb="$rows" 'BEGIN {
			printf "  fs-rank growth from %d to %d rows: time x%.1f for rows x%.1f\n", na, nb, b / a, nb / na }'
	fi
	prev_us=$rank_us prev_n=$rows
done
# The other shape, at the largest size: flat, with partitions.
if [ -n "${n:-}" ]; then
	f=$dir/flat-$n.tsv
	[ -s "$f" ] || "$GEN" -n "$n" -s 7 -d 3 -P >"$f" || exit 1
	tree "$f" "flat tree, depth 3, with a Partition column"
	# Most accounts at RawShares 0 (Level FS 0: long runs of tied
	# accounts, ranks carried into them), with partitions. The
	# "fs-explain A B (the ranked tree)" line is the quick reader's.
	f=$dir/zero-$n.tsv
	[ -s "$f" ] || "$GEN" -n "$n" -s 7 -P -z 60 >"$f" || exit 1
	tree "$f" "zero-share tree, 60% of accounts at RawShares 0, with a Partition column"
fi

# Hostile shapes: inputs that were once quadratic, each next to
# sort of the same file; near-linear means a small ratio. fs-prio reads
# slurm.conf and the jobs file: its ratios are given to sort of the jobs
# file, then to sort of both files concatenated (the bytes it reads).
# BENCH_SHAPES=0 skips them.
[ "${BENCH_SHAPES:-1}" = 0 ] && exit 0
echo
echo "hostile shapes (each next to sort of the same input):"
f=$dir/shape-meta.tsv
awk 'BEGIN { print "#fs-tsv 1"; print "#cluster=c"; print "#taken=2026-11-20T08:00:00Z"
	for (i = 0; i < 40000; i++) print "#k" i "=v" i
	print "Account\tUser\tParent\tRawShares\tRawUsage"; print "root\t\t\t\t"
	print "a\t\troot\t1\t"; print "a\tu1\ta\t1\t5"; print "a\tu2\ta\t1\t3" }' >"$f"
bytes=$(stat -c %s "$f") rows=40000 sort_us=
echo " 40,000 metadata lines:"
run sort "$f" "sort"
run fs-rank "$f" "fs-rank"
have fs-decay && run "fs-decay --elapsed 3d" "$f" "fs-decay --elapsed 3d"
have fs-report && run fs-report "$f" "fs-report"
have fs-explain && run "fs-explain u1 u2" "$f" "fs-explain u1 u2"
f=$dir/shape-chain.tsv
awk 'BEGIN { OFS = "\t"; print "#fs-tsv 1"; print "#cluster=c"; print "#taken=2026-11-20T08:00:00Z"
	print "Account", "User", "Parent", "RawShares", "RawUsage"; print "root", "", "", "", ""; p = "root"
	for (i = 1; i <= 8000; i++) { print "a" i, "", p, 1 + i % 3, ""; p = "a" i }
	print p, "u1", p, 1, 5; print "root", "u2", "root", 1, 3 }' >"$f"
bytes=$(stat -c %s "$f") rows=8003 sort_us=
echo " an 8,000-deep chain:"
run sort "$f" "sort"
run "fs-rank --json" "$f" "fs-rank --json"
outsize "$f" "fs-rank --json"
have fs-explain && run "fs-explain u1" "$f" "fs-explain u1" && outsize "$f" "fs-explain u1"
if have fs-prio; then
	conf=$dir/shape-nodes.conf jobs=$dir/shape-jobs.tsv
	{
		echo 'PriorityType=priority/multifactor'
		echo 'PriorityWeightAge=1000'
		echo 'PriorityWeightFairshare=0'
		echo 'NodeName=n[00000-39999] CPUs=4'
		echo 'PartitionName=p Nodes=n[00000-39999] Default=YES'
	} >"$conf"
	awk 'BEGIN { OFS = "\t"; print "JobID", "User", "Account", "Partition", "QOS", "CPUs", "Nodes", "TimeLimit", "Accrue", "Nice", "Site"
		for (i = 0; i < 40000; i++) print 1000 + i, "u" i % 97, "a", "p", "normal", 1 + i % 8, 1, 60, "2026-11-19T20:00:00Z", 0, 0 }' >"$jobs"
	bytes=$(stat -c %s "$jobs") rows=40000 sort_us=
	echo " 40,000 nodes and 40,000 pending jobs:"
	run sort "$jobs" "sort"
	run "fs-prio --tsv" "$jobs" "fs-prio --conf '$conf' --jobs-file '$jobs' --now 2026-11-20T08:00:00Z --tsv"
	tsv_us=$last_us tsv_med=$last_med
	outsize "$jobs" "fs-prio --conf '$conf' --jobs-file '$jobs' --now 2026-11-20T08:00:00Z --tsv"
	run "fs-prio --json" "$jobs" "fs-prio --conf '$conf' --jobs-file '$jobs' --now 2026-11-20T08:00:00Z --json"
	json_us=$last_us json_med=$last_med
	outsize "$jobs" "fs-prio --conf '$conf' --jobs-file '$jobs' --now 2026-11-20T08:00:00Z --json"
	# The ratios above are to sort of the jobs file alone; fs-prio reads
	# slurm.conf too: the same two runs next to sort of both files.
	both=$dir/shape-conf-and-jobs.txt
	cat "$conf" "$jobs" >"$both"
	bytes=$(stat -c %s "$both") rows=$(wc -l <"$both")
	run "$SORT (slurm.conf+jobs)" "$both" "sort"
	awk -v a="$tsv_us" -v am="$tsv_med" -v b="$json_us" -v bm="$json_med" -v s="$last_us" -v sm="$last_med" 'BEGIN {
		printf "  %-38s %4.2fx sort of slurm.conf+jobs (median %4.2fx)\n", "fs-prio --tsv", a / s, am / sm
		printf "  %-38s %4.2fx sort of slurm.conf+jobs (median %4.2fx)\n", "fs-prio --json", b / s, bm / sm }'
	# 40,000 jobs under a tree of 20,000 associations: each job's
	# association found by account and user (a walk of the tree took 4 s
	# of CPU); tests/golden/fs-prio/big-tree-jobs checks the answer.
	tree=$dir/shape-tree-20000.tsv jobs=$dir/shape-tree-jobs.tsv
	"$GEN" -n 20000 -s 42 >"$tree"
	awk -F'\t' 'BEGIN { OFS = "\t"; n = 0 } !/^#/ && $2 != "" && $2 != "User" { u[n] = $2; a[n] = $1; n++ }
		END { print "JobID", "User", "Account", "Partition", "CPUs"; for (i = 0; i < 40000; i++) { k = (i * 7919) % n; print 1000 + i, u[k], a[k], "main", 1 + i % 8 } }' "$tree" >"$jobs"
	bytes=$(stat -c %s "$jobs") rows=40000 sort_us=
	echo " 40,000 pending jobs under a tree of 20,000 associations:"
	run sort "$jobs" "sort"
	run "fs-prio --tree --tsv" "$jobs" "fs-prio --conf '$(dirname "$0")/golden/fs-prio-cluster.conf' --jobs-file '$jobs' --tree '$tree' --now 2026-11-20T08:00:00Z --tsv"
	# 8 million nodes in 8 NodeName ranges, kept whole (one index entry a
	# node took 3.5 s and 400 MB), two jobs, one in a partition listing
	# 900,000 of them; tests/golden/fs-prio/node-ranges-whole checks the
	# answer. Throughput is of the slurm.conf's 13 lines: time and memory
	# are the figures.
	conf=$dir/shape-ranges.conf jobs=$dir/shape-ranges-jobs.tsv
	{
		echo 'PriorityType=priority/multifactor'
		echo 'PriorityWeightJobSize=1000'
		echo 'PriorityWeightTRES=CPU=1000,Mem=1000,Node=1000'
		for r in a b c d e f g h; do echo "NodeName=$r[0000000-0999999] CPUs=4 RealMemory=1000"; done
		echo 'PartitionName=all Nodes=ALL Default=YES'
		echo 'PartitionName=p Nodes=a[0000000-0899999]'
	} >"$conf"
	printf 'JobID\tUser\tAccount\tPartition\tQOS\tCPUs\tNodes\tTRES\n1\tu\ta\tall\tnormal\t4\t1\tcpu=4,mem=1000M,node=1\n2\tu\ta\tp\tnormal\t8\t1\tcpu=8,mem=1000M,node=1\n' >"$jobs"
	bytes=$(stat -c %s "$conf") rows=13 sort_us=
	echo " 8 million nodes in 8 NodeName ranges:"
	run sort "$conf" "sort"
	run "fs-prio --tsv" "$conf" "fs-prio --conf '$conf' --jobs-file '$jobs' --now 2026-11-20T08:00:00Z --tsv"
fi

# Where a person waits: bash completion of user names (contrib/
# fs-toolkit.bash) on a tree of 50,000 associations, ms per TAB.
echo "bash completion, one TAB (fs-explain TREE u12<TAB>), 50,000 associations:"
f=$dir/tree-50000.tsv
[ -f "$f" ] || "$GEN" -n 50000 >"$f"
bash -c '
	. "$1/contrib/fs-toolkit.bash"
	COMP_WORDS=(fs-explain "$2" u12); COMP_CWORD=2
	best=
	for i in 1 2 3 4 5; do
		COMPREPLY=()
		t0=$(date +%s%N); _fs_toolkit fs-explain u12 "$2"; t1=$(date +%s%N)
		t=$(((t1 - t0) / 1000))
		[ -z "$best" ] || [ "$t" -lt "$best" ] && best=$t
	done
	awk -v us="$best" -v n="${#COMPREPLY[@]}" "BEGIN { printf \"  %-38s %6.1f ms (best of 5), %d names\\n\", \"_fs_toolkit\", us / 1000, n }"
' _ "$(cd "$(dirname "$0")/.." && pwd)" "$f"

# Where a person waits: fs-report --html's page of those 50,000
# associations in headless Chromium (tests/chrome-load.py, a new browser
# each run): to the end of its load event, best of BENCH_REPS, and the
# least CPU time of its main thread (the page it replaced, 7.9 MB, took 3 to
# 17 s and 2.1 to 3.3 s).
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ] || ! command -v python3 >/dev/null || ! have fs-report; then
	echo "fs-report --html in Chromium: not measured (no chromium, python3 or fs-report)"
elif fs-report --html "$f" >"$dir/tree-50000.html" &&
	python3 "$(dirname "$0")/chrome-load.py" "$browser" "$dir/tree-50000.html" "$REPS" >"$dir/load"; then
	echo "fs-report --html in headless Chromium, 50,000 associations:"
	awk -v reps="$REPS" '{ printf "  %-38s %6d ms (best of %d), main thread %d ms, %d elements; loads", "load and layout", $1, reps, $2, $3
		for (i = 5; i <= NF && $i != "main-thread"; i++) printf " %s", $i
		printf " ms\n" }' "$dir/load"
else
	echo "  fs-report --html in Chromium: FAILED"
fi
