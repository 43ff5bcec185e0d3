#!/usr/bin/env bash
# Threads change nothing: the programs that read a whole tree split reading,
# sorting, ranking and writing into chunks run on every core (lib/core/par.c), and
# fs-decay decays each block of rows in chunks; all must give the same
# bytes (fs-decay: the same rows before a bad line), the same message and
# the same status with one thread as with many. Trees here span several chunks (16 384 rows), rows
# shuffled, with errors planted in different chunks so that the first error
# in row order, not the first thread to finish, is the one reported.
set -u
cd "$(dirname "$0")" || exit 1
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
GEN=${GENTREE:-${FS_BUILD:-../build}/gen/gentree}
export LC_ALL=C TZ=UTC
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; }

if [ ! -x "$GEN" ]; then
	echo "1..0 # SKIP no tree generator at $GEN (make check builds it)"
	exit 0
fi
for p in fs-tree fs-rank fs-decay fs-report; do
	[ -x "$B/$p" ] || { echo "Bail out! $B/$p is not built"; exit 1; }
done

# A clean tree of 70 000 associations, rows shuffled, with partitions.
"$GEN" -n 70000 -s 11 -S -P >"$tmp/clean.tsv"
# The body rows, root first (it lands anywhere in the shuffle).
body() {
	awk -F'\t' 'h && $4 == "" && $2 == "" { print; next } !/^#/ { h = 1 }' "$tmp/clean.tsv"
	awk -F'\t' 'h && !($4 == "" && $2 == "") { print; next } !/^#/ { h = 1 }' "$tmp/clean.tsv"
}
head=$(awk '!/^#/ { print; exit } { print }' "$tmp/clean.tsv")
rows=$(body | wc -l)

# plant NAME 'awk program over the body rows (NR = row number)'
plant() {
	{ echo "$head"; body | awk -F'\t' -v OFS='\t' "$2"; } >"$tmp/$1.tsv"
}
# Columns: Account User Partition Parent RawShares RawUsage.
plant bad-late-second-root-early \
	'NR == 60000 && $2 != "" { $5 = "abc" } NR == 40000 { print "zz", "", "", "", 1, ""; } { print }'
plant bad-early-second-root-late \
	'NR == 20000 && $2 != "" { $6 = "-3" } NR == 20000 && $2 == "" { $5 = "x" } NR == 50000 { print "zz", "", "", "", 1, "" } { print }'
plant orphans-in-two-chunks \
	'NR == 65000 { if ($2 == "") $4 = "nosuchp2"; else $1 = $4 = "nosuch2" } NR == 30000 { if ($2 == "") $4 = "nosuchp1"; else $1 = $4 = "nosuch1" } { print }'
plant dups-in-two-chunks \
	'$2 != "" && !d1 && NR > 5000 { d1 = $0 } $2 != "" && !d2 && NR > 60000 { d2 = $0 } { print } END { print d2; print d1 }'
plant bad-in-every-chunk \
	'NR % 16384 == 100 && $2 != "" { $6 = "abc" } NR % 16384 == 100 && $2 == "" { $5 = "-1" } { print }'
plant fields-in-two-pieces \
	'NR == 50000 { NF = 5 } NR == 20000 { $7 = "x" } { print }'
plant empty-line-late-fields-early \
	'NR == 60000 { print "" } NR == 35000 { NF = 4 } { print }'
plant cr-late-fields-early \
	'NR == 61000 { $0 = $0 "\r" } NR == 25000 { NF = 3 } { print }'
plant triple-dup \
	'$2 != "" && !d && NR > 7000 { d = $0 } { print } END { print d; print d }'

modes=("fs-rank" "fs-rank -l -P" "fs-rank -l" "fs-rank -U -p -n" "fs-rank --json" "fs-rank --json=sshare --as-slurm 26.05" "fs-rank --algorithm classic"
	"fs-rank --ties merge" "fs-report" "fs-report --html" "fs-decay --elapsed 3d")
for f in clean bad-late-second-root-early bad-early-second-root-late \
	orphans-in-two-chunks dups-in-two-chunks bad-in-every-chunk \
	fields-in-two-pieces empty-line-late-fields-early cr-late-fields-early \
	triple-dup; do
	for m in "${modes[@]}"; do
		p=${m%% *}
		# shellcheck disable=SC2086
		FS_THREADS=1 "$B"/$m <"$tmp/$f.tsv" >"$tmp/out1" 2>"$tmp/err1"
		s1=$?
		same=1
		for t in 2 3 8; do
			# shellcheck disable=SC2086
			FS_THREADS=$t "$B"/$m <"$tmp/$f.tsv" >"$tmp/out" 2>"$tmp/err"
			s=$?
			if [ "$s" != "$s1" ] || ! cmp -s "$tmp/out" "$tmp/out1" ||
				! cmp -s "$tmp/err" "$tmp/err1"; then
				same=0
				echo "# $f, $m: FS_THREADS=$t gives status $s, FS_THREADS=1 status $s1"
				diff "$tmp/err1" "$tmp/err" | head -5 | sed 's/^/#   /' >&2
				cmp "$tmp/out1" "$tmp/out" 2>&1 | head -2 | sed 's/^/#   /' >&2
			fi
		done
		case $f in
		clean) want=0 ;;
		*) want=1 ;;
		esac
		# fs-decay streams and checks only what it reads: its status
		# depends on the plant, its bytes must not depend on threads.
		[ "$p" = fs-decay ] && want=$s1
		if [ "$same" = 1 ] && [ "$s1" = "$want" ]; then
			ok "$f: '$m' the same with 1, 2, 3 and 8 threads (status $s1)"
		else
			nok "$f: '$m' the same with 1, 2, 3 and 8 threads (status $s1, want $want)"
		fi
	done
done

# The planted errors are the ones reported: the earliest in row order.
line_of() { FS_THREADS=8 "$B/fs-rank" <"$tmp/$1.tsv" 2>&1 >/dev/null; }
check_msg() {
	local got
	got=$(line_of "$1")
	if printf '%s\n' "$got" | grep -Eq "$2"; then
		ok "$1: reports '$2'"
	else
		nok "$1: reports '$2'"
		echo "#   got: $got"
	fi
}
hl=$(printf '%s\n' "$head" | wc -l)
check_msg bad-late-second-root-early "<stdin>:$((hl + 40000)): second root 'zz'"
check_msg bad-early-second-root-late "<stdin>:$((hl + 20000)): column 'Raw(Shares|Usage)'"
check_msg orphans-in-two-chunks "<stdin>:$((hl + 30000)): parent account 'nosuch(p)?1' not found"
check_msg dups-in-two-chunks "<stdin>:$((hl + rows + 1)): duplicate user row: .*\\(first at line [0-9]+\\)"
check_msg bad-in-every-chunk "<stdin>:$((hl + 100)): "
r0=$(body | awk -F'\t' '$2 != "" && NR > 7000 { print NR; exit }')
check_msg triple-dup "<stdin>:$((hl + rows + 1)): duplicate user row: .*\\(first at line $((hl + r0))\\)"
check_msg fields-in-two-pieces "<stdin>:$((hl + 20000)): expected 6 fields, found 7"
check_msg empty-line-late-fields-early "<stdin>:$((hl + 35000)): expected 6 fields, found 4"
check_msg cr-late-fields-early "<stdin>:$((hl + 25000)): expected 6 fields, found 3"
# fs-decay over several blocks (4 MB each): a bad line in the third block;
# the rows before it are written, and only they.
"$GEN" -n 300000 -s 5 >"$tmp/big.tsv"
bh=$(awk '!/^#/ { print NR; exit }' "$tmp/big.tsv")
awk -F'\t' -v OFS='\t' -v bad=$((bh + 250000)) 'NR == bad { $5 = "x" } { print }' \
	"$tmp/big.tsv" >"$tmp/big-bad.tsv"
FS_THREADS=8 "$B/fs-decay" --elapsed 3d <"$tmp/big-bad.tsv" >"$tmp/out" 2>"$tmp/err"
s=$?
got_rows=$(awk '!h && !/^#/ { h = 1; next } h' "$tmp/out" | wc -l)
oh=$(awk '!/^#/ { print NR; exit }' "$tmp/out")
FS_THREADS=1 "$B/fs-decay" --elapsed 3d <"$tmp/big.tsv" | head -n $((oh + 249999)) |
	cmp -s - "$tmp/out"
same=$?
if [ $s = 1 ] && [ "$got_rows" = 249999 ] && [ $same = 0 ] &&
	grep -q "^fs-decay: <stdin>:$((bh + 250000)): column 'RawUsage': not a number: 'x'" "$tmp/err"; then
	ok "fs-decay over 10 MB: a bad line at row 250000 leaves the 249999 rows before it"
else
	nok "fs-decay over 10 MB: a bad line at row 250000 leaves the 249999 rows before it"
	echo "#   status $s, $got_rows rows, same as the clean run's head: $same; $(head -c 200 "$tmp/err")"
fi
# A line longer than a block (a 5 MB user name between 200 000 rows): the
# block grows to take it whole, and every row comes out as it went in.
awk 'BEGIN { OFS = "\t"; print "#fs-tsv 1"; print "#taken=2026-11-20T08:00:00Z"
	print "#half_life=604800"; print "Account", "User", "Parent", "RawShares", "RawUsage"
	print "root", "", "", "", ""; print "a", "", "root", 1, ""
	for (i = 0; i < 100000; i++) print "a", "u" i, "a", 1, i
	s = "x"; while (length(s) < 5242880) s = s s; print "a", s, "a", 1, 7
	for (i = 100000; i < 200000; i++) print "a", "u" i, "a", 1, i }' >"$tmp/long.tsv"
FS_THREADS=2 "$B/fs-decay" --elapsed 0 <"$tmp/long.tsv" >"$tmp/out" 2>"$tmp/err"
s=$?
if [ $s = 0 ] && [ ! -s "$tmp/err" ] &&
	cmp -s <(awk '!h && !/^#/ { h = 1 } h' "$tmp/long.tsv") \
		<(awk '!h && !/^#/ { h = 1 } h && $0 != "#end"' "$tmp/out"); then
	ok "fs-decay: a 5 MB line among 200 000 rows comes out whole, every row unchanged"
else
	nok "fs-decay: a 5 MB line among 200 000 rows comes out whole, every row unchanged"
	echo "#   status $s: $(head -c 200 "$tmp/err")"
fi
# fs-decay reads a regular file itself, each chunk its own lines (pread,
# spread over the cores), and anything else through the stream reader: the
# two must give the same bytes, message and status, wherever a block, a
# chunk or a line ends.
bh=$(awk '!/^#/ { print NR; exit }' "$tmp/big.tsv")
awk -v at=$((bh + 150000)) 'NR == at { print "#end" } { print }' "$tmp/big.tsv" >"$tmp/d-end-inside.tsv"
awk -v at=$((bh + 200000)) 'NR == at { printf "%s\0\n", $0; next } { print }' "$tmp/big.tsv" >"$tmp/d-nul.tsv"
awk -v at=$((bh + 123456)) 'NR == at { print $0 "\r"; next } { print }' "$tmp/big.tsv" >"$tmp/d-cr.tsv"
head -c -1 "$tmp/big.tsv" >"$tmp/d-no-last-newline.tsv"
{ cat "$tmp/big.tsv"; echo "#end"; } >"$tmp/d-end.tsv"
{ cat "$tmp/big.tsv"; echo "#end"; echo "a	u1	a	1	1"; } >"$tmp/d-after-end.tsv"
awk -v at=$((bh + 100000)) 'NR == at { printf "#end\0\n" } { print }' "$tmp/big.tsv" >"$tmp/d-end-nul.tsv"
{ head -c -1 "$tmp/big.tsv"; head -c 20000000 /dev/zero; echo; } >"$tmp/d-zeros.tsv"
{ awk '/^#/ { print } !/^#/ { exit }' "$tmp/big.tsv"
	awk 'BEGIN { for (i = 0; i < 40000; i++) print "#k" i "=v" i }'
	awk 'h { print } !/^#/ { h = 1; print }' "$tmp/big.tsv"; } >"$tmp/d-long-prologue.tsv"
for f in big big-bad long d-end-inside d-nul d-cr d-no-last-newline d-end d-after-end d-end-nul d-zeros d-long-prologue; do
	FS_THREADS=2 "$B/fs-decay" --elapsed 3d <"$tmp/$f.tsv" >"$tmp/out1" 2>"$tmp/err1"
	s1=$?
	cat "$tmp/$f.tsv" | FS_THREADS=2 "$B/fs-decay" --elapsed 3d >"$tmp/out" 2>"$tmp/err"
	s=$?
	if [ "$s" = "$s1" ] && cmp -s "$tmp/out" "$tmp/out1" && cmp -s "$tmp/err" "$tmp/err1"; then
		ok "fs-decay: $f.tsv read from the file and from a pipe: the same (status $s, $(wc -l <"$tmp/out") lines)"
	else
		nok "fs-decay: $f.tsv read from the file and from a pipe: the same"
		echo "#   file: status $s1, $(wc -l <"$tmp/out1") lines, $(head -c 200 "$tmp/err1")"
		echo "#   pipe: status $s, $(wc -l <"$tmp/out") lines, $(head -c 200 "$tmp/err")"
	fi
done
# fs-report picks its --top users (heaviest, lowest FairShare) from each
# 65 536-node chunk's own first --top when --top is at most 4096, and from
# all users at once above that: the first rows must be the same users. A
# tree of three chunks, the last a fifth full.
"$GEN" -n 144000 -s 3 | "$B/fs-rank" >"$tmp/clean.ranked"
# rows_of FILE K: the first K rows of both user tables, spaces squeezed.
rows_of() {
	awk -v k="$2" '/^(Heaviest users|Users served last)/ { t = $0; r = -1; next }
		t != "" && /^User / { r = 0; next }
		t != "" && r >= 0 && NF { if (r++ < k) { $1 = $1; print t ": " $0 } next }
		t != "" && r > 0 && !NF { t = "" }' "$1"
}
for t in 1 3 8; do
	FS_THREADS=$t "$B/fs-report" --top 20 <"$tmp/clean.ranked" >"$tmp/top20" &&
		FS_THREADS=$t "$B/fs-report" --top 5000 <"$tmp/clean.ranked" >"$tmp/top5000"
	if [ "$(rows_of "$tmp/top20" 20 | wc -l)" = 40 ] &&
		[ "$(rows_of "$tmp/top20" 20)" = "$(rows_of "$tmp/top5000" 20)" ]; then
		ok "fs-report --top 20 lists the first 20 users of --top 5000, $t thread(s)"
	else
		nok "fs-report --top 20 lists the first 20 users of --top 5000, $t thread(s)"
		diff <(rows_of "$tmp/top20" 20) <(rows_of "$tmp/top5000" 20) | head -10 | sed 's/^/#   /' >&2
	fi
done
# fs-report --history reads each small snapshot in its own thread: a team
# of threads for each of thousands of snapshots of a few associations cost
# ten times the work (10,000 snapshots of the sample tree: 80,000 threads,
# 5.2 s against 0.64 s with FS_THREADS=1). A big snapshot still gets the
# cores, with the same bytes as with one thread. Threads are counted with
# strace, where there is one.
mkdir "$tmp/snap" "$tmp/big-snap"
"$B/fs-tree" --sample >"$tmp/sample.tsv"
for k in $(seq 100 299); do
	day=$(printf '2026-%02d-%02d' $((k / 28 % 12 + 1)) $((k % 28 + 1)))
	sed "s/^#taken=.*/#taken=${day}T08:00:00Z/" "$tmp/sample.tsv" >"$tmp/snap/$day.tsv"
done
for k in 1 2 3; do
	sed "s/^#taken=.*/#taken=2026-11-0${k}T08:00:00Z/" "$tmp/clean.tsv" >"$tmp/big-snap/$k.tsv"
done
if ! command -v strace >/dev/null; then
	ok "# SKIP fs-report --history's threads: no strace"
	ok "# SKIP fs-report --history's threads: no strace"
else
	# threads DIR: the threads fs-report --history DIR starts
	# (LeakSanitizer's own thread, which cannot work under ptrace,
	# left out), or "failed" when it does not report (a refusal starts
	# no thread either).
	threads() {
		ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 FS_THREADS=2 strace -f -qq -e trace=clone,clone3 -o "$tmp/strace" \
			"$B/fs-report" --history "$1" >/dev/null 2>"$tmp/history.err" ||
			{ echo "failed: $(head -c 200 "$tmp/history.err")"; return; }
		grep -c 'clone' "$tmp/strace"
	}
	c=$(threads "$tmp/snap")
	if [ "$c" = 0 ]; then
		ok "fs-report --history: 200 snapshots of 16 associations, no thread started"
	else
		nok "fs-report --history: 200 snapshots of 16 associations, no thread started (threads: $c)"
	fi
	c=$(threads "$tmp/big-snap")
	if [ "$c" -gt 0 ] 2>/dev/null; then
		ok "fs-report --history: snapshots of $rows associations on 2 threads ($c started)"
	else
		nok "fs-report --history: snapshots of $rows associations on 2 threads (none started)"
	fi
fi
same=1
for d in snap big-snap; do
	for f in --text --html; do
		FS_THREADS=1 "$B/fs-report" --history "$tmp/$d" $f >"$tmp/out1" 2>&1 ||
			{ same=0; echo "# --history $d $f: $(head -c 200 "$tmp/out1")"; }
		FS_THREADS=2 "$B/fs-report" --history "$tmp/$d" $f >"$tmp/out" 2>&1
		cmp -s "$tmp/out1" "$tmp/out" || { same=0; echo "# --history $d $f differs"; }
	done
done
if [ $same = 1 ]; then
	ok "fs-report --history: the same bytes with 1 and 2 threads, small snapshots and big"
else
	nok "fs-report --history: the same bytes with 1 and 2 threads, small snapshots and big"
fi
[ "$rows" -gt 65536 ] && ok "the tree spans more than four chunks ($rows rows)" ||
	nok "the tree spans more than four chunks ($rows rows)"
echo "1..$n"
