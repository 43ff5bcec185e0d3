#!/usr/bin/env bash
# Hostile input: every file in tests/hostile/ (and a few big ones generated
# here: a 100 000-deep chain, a million siblings, 1 MB lines) goes through
# every program that exists in FS_BIN, in each of its main modes, on standard
# input. Each run must either
#   exit 0 with nothing on standard error and output that checks out (a TSV
#   tree that fs-rank reads back to the same bytes, JSON that parses, one
#   sshare line per row, an imported tree that fs-rank accepts), or
#   exit 1 with nothing on standard output and exactly one line on standard
#   error, "prog: <stdin>:LINE: message";
# never crash (status >= 128), hang (FS_HOSTILE_TIMEOUT, default 120 s) or
# print a sanitizer report. Names say what fs-rank must do: ok-* exit 0,
# bad-* exit 1; sshare-ok-* must import with fs-tree --sshare.
# Programs whose --help says "not implemented" are skipped, and so are
# programs this file has no mode for (add one to the case below). fs-decay
# streams (fs-decay(1)): on exit 1 it may have written whole rows.
set -u
shopt -s extglob
cd "$(dirname "$0")" || exit 1
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
export LC_ALL=C TZ=UTC
T=${FS_HOSTILE_TIMEOUT:-120}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

progs=()
for p in "$B"/fs-*; do
	[ -x "$p" ] || continue
	"$p" --help 2>&1 | grep -q 'not implemented' && continue
	progs+=("${p##*/}")
done

# Big inputs are made here rather than committed.
g=$tmp/gen
mkdir -p "$g"
H=$'#fs-tsv 1\n#cluster=c\n#taken=2026-11-20T08:00:00Z\n#half_life=604800\nAccount\tUser\tParent\tRawShares\tRawUsage'
{
	echo "$H"
	awk 'BEGIN { OFS = "\t"; print "root", "", "", "", ""; p = "root"
		for (i = 1; i <= 100000; i++) { print "a" i, "", p, 1 + i % 3, ""; p = "a" i }
		print p, "u1", p, 1, 5; print "root", "u2", "root", 1, 3 }'
} >"$g/ok-deep-chain-100000"
{
	echo "$H"
	awk 'BEGIN { OFS = "\t"; print "root", "", "", "", ""; p = "root"
		for (i = 1; i <= 2000; i++) { print "a" i, "", p, 1 + i % 3, ""; print "a" i, "u" i, "a" i, 1, i; p = "a" i } }'
} >"$g/ok-deep-caterpillar-2000"
{
	echo "$H"
	awk 'BEGIN { OFS = "\t"; print "root", "", "", "", ""; p = "root"
		for (i = 1; i <= 100000; i++) { print "a" i, "", p, "parent", ""; p = "a" i }
		print p, "u1", p, 1, 5; print "root", "u2", "root", 1, 3 }'
} >"$g/ok-parent-chain-100000"
{
	echo "$H"
	awk 'BEGIN { OFS = "\t"; print "root", "", "", "", ""; print "A", "", "root", 1, ""
		for (i = 1; i <= 1000000; i++) print "A", "u" i, "A", 1 + i % 5, (i * 7919) % 100003 }'
} >"$g/ok-million-siblings"
{
	echo "$H"
	printf 'root\t\t\t\t\nA\t\troot\t1\t\n'
	awk 'BEGIN { s = "x"; while (length(s) < 1048576) s = s s; print "A\tu1" s "\tA\t1\t5"; print "A\tu2\tA\t1\t" substr(s, 1, 1000000) }'
} >"$g/bad-line-1mb"
{
	echo "$H"
	printf 'root\t\t\t\t\nA\t\troot\t1\t\n'
	awk 'BEGIN { s = "x"; while (length(s) < 1048576) s = s s; print "A\tu1" s "\tA\t1\t5"; print "A\tu2\tA\t1\t0." substr(s, 1, 10) }' | sed 's/x/1/g'
} >"$g/ok-line-1mb"
awk 'BEGIN { s = "garbage "; while (length(s) < 1048576) s = s s; print s }' >"$g/bad-line-1mb-no-tabs"
# 100 000 rows of sshare text: the importer must stay linear under the
# sanitizers and valgrind too, whose realloc always moves the block.
{
	echo 'Account|User|RawShares|NormShares|RawUsage'
	awk 'BEGIN { print "root|||0.000000|99000"; for (a = 1; a <= 1000; a++) {
		print " a" a "||1|0.001000|99"
		for (u = 1; u <= 99; u++) print "  a" a "|u" u "|1|0.010101|1" } }'
} >"$g/sshare-ok-rows-100000"

files=(hostile/* "$g"/*)
# FS_WRAP (make check-valgrind): each run goes through it (valgrind -q
# --error-exitcode=99: a memory error or leak is status 99 and a report on
# standard error, both failures here). The generated giants would take
# hours under valgrind and are left to the plain and sanitizer runs.
W=${FS_WRAP:-}
[ -n "$W" ] && files=(hostile/*)
# Inputs whose verdict needs the x87's 80-bit range (valgrind has 64 bits).
x87_only=" bad-usage-1e400-ok-but-1e5000 bad-usage-sum-overflow "

# Data rows of a TSV tree: lines after the header line.
rows() { awk '!h && !/^#/ { h = 1; next } h && $0 != "#end"' "$1" | wc -l; }

n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; shift; printf '#   %s\n' "$@"; }
# judge STATUS TIMEOUT PROG ANSWER_RE NOUN [WANT]: the contract of a
# generated family, on $tmp/out and $tmp/err: exit 0 with stdout matching
# ANSWER_RE and nothing on stderr, or exit 1 or 2 with nothing on stdout
# and one line "PROG: ..." on stderr; no hang, crash or sanitizer report.
# WANT says which of the two the input must have: ok (a valid input, which
# a refusal fails), refused (an invalid one, which an answer fails), or
# nothing (either). One TAP line, named $what.
judge() {
	local st=$1 to=$2 prog=$3 re=$4 noun=$5 want=${6:-} lines msg=()
	if [ "$st" = 124 ] || [ "$st" = 137 ]; then
		msg+=("hung: no answer in $to s")
	elif [ "$st" -ge 128 ]; then
		msg+=("crashed: status $st")
	elif [ "$st" = 0 ]; then
		[ -s "$tmp/err" ] && msg+=("exit 0 with standard error: $(head -c 200 "$tmp/err")")
		grep -q "$re" "$tmp/out" || msg+=("exit 0 without $noun")
	elif [ "$st" = 1 ] || [ "$st" = 2 ]; then
		[ -s "$tmp/out" ] && msg+=("exit $st with output on standard output")
		lines=$(wc -l <"$tmp/err")
		[ "$lines" = 1 ] || msg+=("exit $st with $lines lines on standard error: $(head -c 300 "$tmp/err")")
		grep -q "^$prog: " "$tmp/err" || msg+=("message not '$prog: ...': $(head -c 200 "$tmp/err")")
	else
		msg+=("exit status $st (expected 0, 1 or 2): $(head -c 200 "$tmp/err")")
	fi
	if grep -qE 'Sanitizer|runtime error:' "$tmp/err"; then
		msg+=("sanitizer report: $(grep -m1 -E 'Sanitizer|runtime error:' "$tmp/err")")
	fi
	want_met "$st"
	if [ ${#msg[@]} = 0 ]; then ok "$what${want:+ ($want)}"; else notok "$what${want:+ ($want)}" "${msg[@]}"; fi
}
# want_met STATUS: a message in msg if $want says the input is valid and
# it was refused, or invalid and it was answered.
want_met() {
	if [ "$want" = ok ] && [ "$1" != 0 ]; then
		msg+=("a valid input refused (status $1, want 0): $(head -c 200 "$tmp/err")")
	elif [ "$want" = refused ] && [ "$1" = 0 ]; then
		msg+=("an invalid input answered (status 0, want 1 or 2)")
	fi
}

for f in "${files[@]}"; do
	name=${f##*/}
	if [ -n "$W" ] && [[ $x87_only == *" $name "* ]]; then
		n=$((n + 1)); echo "ok $n - $name # SKIP its verdict needs 80-bit long doubles, valgrind has 64"
		continue
	fi
	for prog in "${progs[@]}"; do
		case $prog in
		fs-rank) modes=("" "-l" "--json") ;;
		fs-tree) case $name in sshare-*) modes=("--sshare -") ;; *) continue ;; esac ;;
		fs-decay) modes=("--elapsed 3d") ;;
		fs-explain) modes=("u1 u2") ;;
		fs-report) modes=("" "--html") ;;
		*) continue ;;
		esac
		for mode in "${modes[@]}"; do
			what="$prog $mode < $name"
			# shellcheck disable=SC2086
			timeout -k 5 "$T" $W "$B/$prog" $mode <"$f" >"$tmp/out" 2>"$tmp/err"
			st=$?
			msg=()
			if [ $st = 124 ] || [ $st = 137 ]; then
				msg+=("hung: no answer in $T s")
			elif [ $st -ge 128 ]; then
				msg+=("crashed: status $st")
			fi
			if grep -qE 'Sanitizer|runtime error:' "$tmp/err"; then
				msg+=("sanitizer report: $(grep -m1 -E 'Sanitizer|runtime error:' "$tmp/err")")
			fi
			if [ $st = 0 ]; then
				[ -s "$tmp/err" ] && msg+=("exit 0 with standard error: $(head -c 200 "$tmp/err")")
				[ -s "$tmp/out" ] || msg+=("exit 0 with no output")
				case $prog/$mode in
				fs-rank/)
					[ "$(head -1 "$tmp/out")" = "#fs-tsv 1" ] || msg+=("output is not a TSV tree")
					[ "$(rows "$tmp/out")" = "$(rows "$f")" ] || msg+=("$(rows "$tmp/out") rows out, $(rows "$f") in")
					# Not under valgrind: it computes long doubles in
					# 64 bits, so its digits differ from a real run's.
					if [ -z "$W" ]; then
						"$B/fs-rank" <"$tmp/out" >"$tmp/again" 2>&1
						cmp -s "$tmp/out" "$tmp/again" || msg+=("ranking the output again changes it")
					fi
					;;
				fs-rank/-l)
					[ "$(wc -l <"$tmp/out")" = $(($(rows "$f") + 2)) ] || msg+=("not one sshare line per row")
					;;
				fs-rank/--json)
					python3 -c 'import json, sys; json.loads(sys.stdin.buffer.read().decode("utf-8"))' <"$tmp/out" 2>"$tmp/perr" ||
						msg+=("not JSON: $(tail -1 "$tmp/perr")")
					;;
				fs-tree/*)
					"$B/fs-rank" <"$tmp/out" >/dev/null 2>"$tmp/err2" || msg+=("fs-rank refuses the import: $(head -1 "$tmp/err2")")
					;;
				esac
			elif [ $st = 1 ]; then
				if [ -s "$tmp/out" ]; then
					if [ "$prog" != fs-decay ]; then
						msg+=("exit 1 with output on standard output")
					elif [ -n "$(tail -c 1 "$tmp/out")" ]; then
						msg+=("exit 1 with half a row on standard output")
					fi
				fi
				lines=$(wc -l <"$tmp/err")
				[ "$lines" = 1 ] || msg+=("exit 1 with $lines lines on standard error: $(head -c 300 "$tmp/err")")
				re="^$prog: [^:]+:[0-9]+: "
				# A user not found is not a line of the input.
				case $prog/$name in fs-rank/*|*/bad-*) ;; *) re="^$prog: " ;; esac
				grep -qE "$re" "$tmp/err" || msg+=("message not '$prog: FILE:LINE: ...': $(head -c 200 "$tmp/err")")
			elif [ ${#msg[@]} = 0 ]; then
				msg+=("exit status $st (expected 0 or 1): $(head -c 200 "$tmp/err")")
			fi
			case $prog/$name in
			fs-rank/ok-*) [ $st = 0 ] || msg+=("fs-rank must accept $name: $(head -c 200 "$tmp/err")") ;;
			fs-rank/bad-*) [ $st = 1 ] || msg+=("fs-rank must refuse $name (status $st)") ;;
			fs-tree/sshare-ok-*) [ $st = 0 ] || msg+=("fs-tree must import $name: $(head -c 200 "$tmp/err")") ;;
			esac
			if [ ${#msg[@]} = 0 ]; then ok "$what"; else notok "$what" "${msg[@]}"; fi
		done
	done
done

# sshare --json with hostile numbers and names: each value stands in one
# element (at line BAD of the document) of a small document and, for those
# marked big, deep in one of 10 000 associations (read in pieces, a chunk
# of elements on each core). Every document is read twice: as it is, and with an
# escaped key at its top, which makes fs-tree give up the read in pieces
# and read it as one document: both must give the same bytes, message and
# status. Each run must exit 0 with a tree fs-rank accepts, or exit 1 with
# nothing on standard output and one line on standard error,
# "fs-tree: <stdin>:BAD: ..." (the element's line, never one past the end).
if [ -x "$B/fs-tree" ] && [ -x "$B/fs-rank" ] && "$B/fs-tree" --help | grep -q 'json'; then
	# doc SIZE FIELD VALUE: FIELD is what the element at line BAD gets
	# (name, usage, usage_normalized, level, tres, tresname; cluster
	# every element, BAD then 2).
	doc() {
		# The value through the environment: awk -v would read its
		# backslashes.
		V=$3 awk -v size="$1" -v field="$2" '
		function el(name, parent, type, line,   f, u, n, lv, tv, tn, cl) {
			f = (line == bad) ? field : ""
			# Accounts without a usage of their own: the sums of
			# their users (all 0 but one).
			u = type == "USER" ? "0" : "{\"set\": false, \"infinite\": false, \"number\": 0}"
			n = "0.5"; lv = "1.0"; tv = "60"; tn = "\"cpu\""; cl = "\"c\""
			if (f == "usage") u = value
			if (f == "usage_normalized") n = value
			if (f == "level") lv = value
			if (f == "tres") tv = value
			if (f == "tresname") tn = value
			# The first cluster named is the one of the tree: every
			# element names it.
			if (field == "cluster") cl = value
			if (f == "name") name = value
			printf "  {\"cluster\": %s, \"name\": %s, \"parent\": \"%s\", \"type\": [\"%s\"], \"shares\": 1, \"usage\": %s, \"usage_normalized\": %s, \"fairshare\": {\"level\": %s, \"factor\": 0.5}, \"tres\": {\"run_seconds\": [{\"name\": %s, \"value\": {\"set\": true, \"infinite\": false, \"number\": %s}}], \"group_minutes\": []}}%s\n", cl, name, parent, type, u, n, lv, tn, tv, (line == last) ? "" : ","
		}
		BEGIN {
			value = ENVIRON["V"]
			print "{\"shares\": {\"shares\": ["
			line = 2
			if (size == "small") { bad = 4; last = 5 } else { bad = 7002; last = 10001 }
			el("\"root\"", "", "ASSOCIATION", line++)
			for (a = 1; line <= last; a++) {
				el("\"a" a "\"", "root", "ASSOCIATION", line++)
				for (u = 1; u <= 99 && line <= last; u++)
					el("\"u" u "\"", "a" a, "USER", line++)
			}
			print "]}, \"meta\": {\"slurm\": {\"release\": \"24.11.5\"}}}"
		}'
	}
	jcheck='
import json, os, sys
lines = open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n")
row = int(sys.argv[2])
field, value = os.environ["F"], json.loads(os.environ["V"])
if isinstance(value, dict):
    value = value.get("number")
keys, k = set(), 1
while lines[k].startswith("#"):
    key = lines[k][1:].split("=", 1)[0]
    if key in keys:
        sys.exit("metadata %r twice" % key)
    keys.add(key)
    k += 1
if not lines[k].startswith("Account\t"):
    sys.exit("a line %r where the header should be" % lines[k][:60])
head = lines[k].split("\t")
rows = [l.split("\t") for l in lines[k + 1:] if l and l != "#end"]
for r in rows:
    for c, v in zip(head, r):
        if c in ("GrpTRESMins", "TRESRunMins"):
            for t in filter(None, v.split(",")):
                n, _, x = t.partition("=")
                if not n or not x.isdigit() or int(x) >= 2 ** 64:
                    sys.exit("%s cell %r" % (c, v))
        elif c not in ("Account", "User", "Partition", "Parent") and v.startswith("-"):
            sys.exit("%s cell %r" % (c, v))
cell = dict(zip(head, rows[row - 1]))
num = isinstance(value, (int, float)) and not isinstance(value, bool)
if num and isinstance(value, int) and not 0 <= value < 2 ** 64:
    sys.exit("%s %s read as %s" % (field, os.environ["V"], cell.get("RawUsage")))
if field == "usage" and num and cell["RawUsage"] != os.environ["V"]:
    sys.exit("RawUsage %r from %s" % (cell["RawUsage"], os.environ["V"]))
if field == "tres" and num and cell["TRESRunMins"] != "cpu=%d" % (int(value) // 60):
    sys.exit("TRESRunMins %r from %s" % (cell["TRESRunMins"], os.environ["V"]))
'
	jfam=$tmp/jfam
	mkdir -p "$jfam"
	while IFS='|' read -r field value big; do
		[ -n "$field" ] || continue
		for size in small big; do
			[ $size = big ] && { [ -n "$W" ] || [ -z "$big" ]; } && continue
			bad=4
			[ $size = big ] && bad=7002
			[ "$field" = cluster ] && bad=2
			doc $size "$field" "$value" >"$jfam/a.json"
			sed '1s/^{"shares"/{"m\\u0065ta": {}, "shares"/' "$jfam/a.json" >"$jfam/b.json"
			what="fs-tree --sshare - < sshare --json, $size, $field $value"
			msg=()
			for k in a b; do
				timeout -k 5 "$T" $W "$B/fs-tree" --sshare - --taken 2026-01-01 \
					<"$jfam/$k.json" >"$jfam/$k.out" 2>"$jfam/$k.err"
				echo $? >"$jfam/$k.status"
			done
			st=$(cat "$jfam/a.status")
			for x in out err status; do
				cmp -s "$jfam/a.$x" "$jfam/b.$x" ||
					msg+=("read in pieces and as one document differ in standard ${x/err/error}: $(head -c 200 "$jfam/a.$x" | tr '\n' ' ') / $(head -c 200 "$jfam/b.$x" | tr '\n' ' ')")
			done
			if grep -qE 'Sanitizer|runtime error:' "$jfam/a.err" "$jfam/b.err"; then
				msg+=("sanitizer report")
			fi
			if [ "$st" = 0 ]; then
				[ -s "$jfam/a.err" ] && msg+=("exit 0 with standard error: $(head -c 200 "$jfam/a.err")")
				"$B/fs-rank" <"$jfam/a.out" >/dev/null 2>"$jfam/err2" ||
					msg+=("fs-rank refuses the import: $(head -1 "$jfam/err2")")
				[ "$(rows "$jfam/a.out")" = "$(($(wc -l <"$jfam/a.json") - 2))" ] ||
					msg+=("$(rows "$jfam/a.out") rows from $(($(wc -l <"$jfam/a.json") - 2)) elements")
				# What the tree must say of the element: its
				# metadata one line a key, no negative number, TRES
				# cells of whole numbers, a number as written.
				why=$(V=$value F=$field python3 -c "$jcheck" "$jfam/a.out" $((bad - 1)) 2>&1) ||
					msg+=("$why")
			elif [ "$st" = 1 ]; then
				[ -s "$jfam/a.out" ] && msg+=("exit 1 with output on standard output")
				[ "$(wc -l <"$jfam/a.err")" = 1 ] || msg+=("exit 1 with $(wc -l <"$jfam/a.err") lines on standard error")
				grep -q "^fs-tree: <stdin>:$bad: " "$jfam/a.err" ||
					msg+=("message not at the element's line $bad: $(head -c 200 "$jfam/a.err")")
			else
				msg+=("exit status $st: $(head -c 200 "$jfam/a.err")")
			fi
			if [ ${#msg[@]} = 0 ]; then ok "$what"; else notok "$what" "${msg[@]}"; fi
		done
	done <<'VALUES'
usage|0
usage|5.5|big
usage|1e3
usage|-5
usage|-5.0|big
usage|-0.0
usage|1e400
usage|-1e400
usage|9223372036854775808
usage|18446744073709551615
usage|18446744073709551616|big
usage|99999999999999999999999
usage|-9223372036854775808
usage|-99999999999999999999999|big
usage|{"set": true, "infinite": false, "number": 99999999999999999999999}
usage_normalized|-0.5|big
usage_normalized|1e-400
usage_normalized|99999999999999999999999
level|-1.0
level|18446744073709551615.0
level|{"set": false, "infinite": true, "number": 0}
tres|0
tres|-5
tres|-5.0|big
tres|5.0
tres|5.5
tres|1e3
tres|1e400
tres|18446744073709551615
tres|18446744073709551616
tres|99999999999999999999999|big
tres|-99999999999999999999999
tresname|"gres/gpu:a100"
tresname|"a=b"|big
tresname|"a,b"
tresname|""
tresname|"a\tb"
tresname|"a\u0000b"
name|"a\tb"|big
name|"a\nb"
name|"a\rb"
name|"a\u0000b"|big
name|"a\u001b[31mb"
name|"a=b,c|d"
name|""
name|"\u00e9t\u00e9"
cluster|"x\ny"|big
cluster|"demo\n#algorithm=classic"
cluster|"a\u001b[31m"
cluster|"a\u0000b"
cluster|"a\tb"
cluster|""
VALUES
fi
# A job not yet submitted, sized and timed with hostile values: each of
# fs-prio --new's size and time options alone, for its priority and for its
# cost, on a cluster of 4 nodes of 16 CPUs and 256000 MB whose partition
# allows 2 days. Each run must
# exit 0 with a job Slurm would take (CPUs, nodes and memory within the
# partition, a time limit from 1 minute to its MaxTime, a billing within
# what the partition holds) and nothing on standard error, or exit 1 or 2
# with nothing on standard output and one line "fs-prio: ..." on standard
# error.
if [ -x "$B/fs-prio" ] && [ -x "$B/fs-tree" ]; then
	"$B/fs-tree" --sample >"$tmp/sample.tsv"
	cat >"$tmp/sizes.conf" <<'CONF'
PriorityType=priority/multifactor
PriorityWeightFairshare=10000
PriorityWeightJobSize=1000
PriorityWeightTRES=CPU=1000,Mem=2000
NodeName=n[1-4] CPUs=16 RealMemory=256000
PartitionName=main Nodes=n[1-4] Default=YES MaxTime=2-0 TRESBillingWeights=CPU=1.0,Mem=0.25G
CONF
	sizes=(0 1 2 -1 +1 " 1" "1 " "" 1.5 1e3 0x10 010 64 65 4294967294
		4294967295 4294967296 9223372036854775807 18446744073709551615
		18446744073709551616 99999999999999999999999 nan inf 1K 1k 1M
		1G 1T 1P 16GB 1KB 1Kx K 250G 251G 256000 256001 2147483645
		-2147483645 2147483646)
	times=(0 00:00:00 0:0:0 0-0 0:30 0s 0m 1 -1 60 1:00 1:00:00 1-0 2-0
		2-0:0:1 2-1 3-0 UNLIMITED INFINITE unlimited 2880 2881 9999999
		4294967294 4294967295 99999999999 1e3 0x10 1.5 "" 1: :1 1::1
		1:2:3:4 1-2-3 1h 90m 36h 2d 7d 1w 99999999w -1h nan " 1" "1 ")
	# Under valgrind, a few of each.
	if [ -n "$W" ]; then
		sizes=(0 -1 1e3 0x10 65 18446744073709551615 251G 16GB)
		times=(0 0:30 -1 2881 UNLIMITED 1e3 99999999w)
	fi
	# What sbatch takes on this cluster must be answered, and what it
	# refuses refused; the rest either.
	declare -A new_want=()
	for v in 1 2 64; do new_want["--ntasks $v"]=ok new_want["--cpus-per-task $v"]=ok; done
	for v in 1 1K 1M 1G 16GB 250G 256000; do new_want["--mem $v"]=ok; done
	for v in 0 1 -1 2147483645 -2147483645; do new_want["--nice $v"]=ok; done
	for v in 1 60 0:30 1:00 1:00:00 1-0 2-0 2880; do new_want["--time $v"]=ok; done
	new_want["--nodes 1"]=ok
	for o in --ntasks --cpus-per-task --nodes --mem --nice --time; do
		for v in -1 "" "1 " 1.5 1e3 0x10 nan inf 1Kx K 99999999999999999999999; do
			new_want["$o $v"]=refused
		done
	done
	for o in --ntasks --cpus-per-task --nodes; do
		for v in 0 65 4294967296 1K 1G; do new_want["$o $v"]=refused; done
	done
	for v in 0 2881 2-1 UNLIMITED INFINITE 99999999w -1h; do new_want["--time $v"]=refused; done
	for o in --nice --mem; do new_want["$o -1"]=; done
	new_want["--nice 2147483646"]=refused
	for opt in --ntasks --cpus-per-task --nodes --mem --nice --time; do
		vals=("${sizes[@]}")
		[ "$opt" = --time ] && vals=("${times[@]}")
		for v in "${vals[@]}"; do
			for cost in "" --cost; do
				what="fs-prio --new $opt '$v' $cost"
				timeout -k 5 "$T" $W "$B/fs-prio" --new --conf "$tmp/sizes.conf" \
					--tree "$tmp/sample.tsv" -u astro/bob -t 60 \
					--now 2026-11-20T08:00:00Z "$opt" "$v" $cost \
					>"$tmp/out" 2>"$tmp/err"
				st=$?
				msg=()
				if [ $st = 0 ]; then
					[ -s "$tmp/err" ] && msg+=("exit 0 with standard error: $(head -c 200 "$tmp/err")")
					# The job as the output states it.
					awk -v cost="$cost" '
						function bad(m) { print m; exit }
						cost && /^Job of / {
							if (!match($0, /: [0-9]+ CPUs?, [0-9]+ nodes?, [0-9.e+]+ MB, time limit [0-9]+ minutes$/)) bad("unreadable job line: " $0)
							split(substr($0, RSTART + 2), f, /[ ,]+/)
							if (f[1] < 1 || f[1] > 64) bad("CPUs " f[1])
							if (f[3] < 1 || f[3] > 4) bad("nodes " f[3])
							if (f[5] > 256000 * f[3]) bad("memory " f[5] " MB")
							if (f[9] < 1 || f[9] > 2880) bad("time limit " f[9])
							seen = 1 }
						cost && /^Billing / { b = $2; sub(/:$/, "", b)
							if (b !~ /^[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?$/ || b + 0 > 64 + 4 * 62.5) bad("billing " $2) }
						!cost && /^new job: / {
							if (!match($0, /, [0-9]+ CPUs? on [0-9]+ nodes?, time limit [0-9]+ min$/)) bad("unreadable job line: " $0)
							split(substr($0, RSTART + 2), f, / /)
							if (f[1] < 1 || f[1] > 64 || f[4] < 1 || f[4] > 4) bad("job " $0)
							if (f[8] < 1 || f[8] > 2880) bad("time limit " f[8])
							seen = 1 }
						# The TRES term: CPU=1000 and Mem=2000, each
						# factor at most 1 in a partition that holds it.
						!cost && /^priority: / {
							if ($2 + 0 > 4294967295) bad("priority " $2)
							t = $0; sub(/.* tres /, "", t); sub(/ .*/, "", t)
							if (t + 0 > 3000) bad("TRES term " t) }
						END { if (!seen) print "no job line" }' "$tmp/out" >"$tmp/why"
					[ -s "$tmp/why" ] && msg+=("exit 0, but: $(head -1 "$tmp/why")")
				elif [ $st = 1 ] || [ $st = 2 ]; then
					[ -s "$tmp/out" ] && msg+=("exit $st with output on standard output")
					lines=$(wc -l <"$tmp/err")
					[ "$lines" = 1 ] || msg+=("exit $st with $lines lines on standard error: $(head -c 300 "$tmp/err")")
					grep -q '^fs-prio: ' "$tmp/err" || msg+=("message not 'fs-prio: ...': $(head -c 200 "$tmp/err")")
				elif [ $st = 124 ] || [ $st = 137 ]; then
					msg+=("hung: no answer in $T s")
				else
					msg+=("exit status $st: $(head -c 200 "$tmp/err")")
				fi
				if grep -qE 'Sanitizer|runtime error:' "$tmp/err"; then
					msg+=("sanitizer report: $(grep -m1 -E 'Sanitizer|runtime error:' "$tmp/err")")
				fi
				want=${new_want["$opt $v"]:-}
				want_met "$st"
				if [ ${#msg[@]} = 0 ]; then ok "$what${want:+ ($want)}"; else notok "$what${want:+ ($want)}" "${msg[@]}"; fi
			done
		done
	done
fi

# Streams cut short: the ranked sample tree cut after every line, and in the
# middle of every line, through every program that reads a tree. Each must
# refuse it (exit 1, one line on standard error; fs-decay may have streamed
# whole rows, never the tree's last line '#end'). Under valgrind, every
# fifth cut.
if [ -x "$B/fs-tree" ] && [ -x "$B/fs-rank" ]; then
	"$B/fs-tree" --sample | "$B/fs-rank" >"$tmp/whole.tsv"
	total=$(wc -l <"$tmp/whole.tsv")
	step=1
	[ -n "$W" ] && step=5
	readers=()
	for p in "${progs[@]}"; do
		case $p in
		fs-rank) readers+=("fs-rank") ;;
		fs-decay) readers+=("fs-decay --elapsed 1d") ;;
		fs-explain) readers+=("fs-explain bob") ;;
		fs-report) readers+=("fs-report --prometheus") ;;
		fs-prio) readers+=("fs-prio --set NodeName=n1 --set PartitionName=p\ Nodes=n1\ Default=YES --tree -") ;;
		esac
	done
	for ((k = 1; k < total; k += step)); do
		head -n "$k" "$tmp/whole.tsv" >"$tmp/cut-line"
		head -n $((k + 1)) "$tmp/whole.tsv" | head -c -3 >"$tmp/cut-mid"
		for cut in cut-line cut-mid; do
			for r in "${readers[@]}"; do
				what="$r < ranked sample, $cut at line $k of $total"
				eval "timeout $T $W $B/$r" <"$tmp/$cut" >"$tmp/out" 2>"$tmp/err"
				st=$?
				msg=()
				[ $st = 1 ] || msg+=("exit status $st, want 1")
				[ "$(wc -l <"$tmp/err")" = 1 ] || msg+=("standard error: $(head -c 300 "$tmp/err")")
				case $r in
				fs-decay*) grep -qx '#end' "$tmp/out" && msg+=("'#end' written") ;;
				*) [ -s "$tmp/out" ] && msg+=("output on standard output") ;;
				esac
				if [ ${#msg[@]} = 0 ]; then ok "$what"; else notok "$what" "${msg[@]}"; fi
			done
		done
	done
fi
# Forecast options (fs-explain --forecast, --until): each option given
# values out of range, not numbers, overflowing or far too large, on the
# sample tree. Each run must exit 0 with an answer and nothing on standard
# error, or exit 1 or 2 with nothing on standard output and one line on
# standard error, "fs-explain: ..."; within FS_HOSTILE_FORECAST_TIMEOUT
# (default 10 s; a forecast steps through every decay run to its horizon,
# and 2^31 minutes took a minute before horizons were bounded).
if [ -x "$B/fs-tree" ] && [ -x "$B/fs-explain" ]; then
	FT=${FS_HOSTILE_FORECAST_TIMEOUT:-10}
	[ -n "$W" ] && FT=$T
	"$B/fs-tree" --sample >"$tmp/sample.tsv"
	nums=(0 -1 -0 1 0.5 abc "" " 1" "1 " nan inf -inf 1e308 1e-400 0x10
		2147483648 4294967296 99999999999999999999 9223372036854775808)
	spans=("${nums[@]}" 1s 2h 36526d 5000000w 10000y 9223372036854775807s
		1d1h 1-0 1:00:00:00 2-0:00:00:00 2147483648:00)
	files=("" / /dev/null golden/no-such-file hostile/bad-crlf
		golden/forecast-running-jobs.txt)
	fc=()
	for v in "${spans[@]}"; do
		fc+=("--forecast astro/alice bob --horizon" "$v")
		fc+=("--forecast astro/alice bob --rate-from golden/forecast-sacct.txt --window" "$v")
	done
	for v in "${nums[@]}"; do
		fc+=("--forecast astro/alice bob --rate" "bob=$v")
		fc+=("astro/alice --rate chem/grace=2 --until" "fairshare=$v")
		fc+=("astro/alice --rate chem/grace=2 --until" "rank=$v")
	done
	for v in "" = "=4" bob "bob==4" nobody=4 "astro/bob=4=4" chem=4; do
		fc+=("--forecast astro/alice bob --rate" "$v")
	done
	for v in "${files[@]}"; do
		fc+=("--forecast astro/alice bob --running" "$v")
		fc+=("--forecast astro/alice bob --rate-from" "$v")
	done
	# Which must be answered (a span, a rate, a goal, a file that is one)
	# and which refused (not a number, below 0, 0 where 0 means nothing).
	fc_want() { # OPTIONS VALUE: ok, refused or nothing
		case $1 in
		*--running | *--rate-from)
			[ "$2" = golden/forecast-running-jobs.txt ] && echo ok || echo refused
			return ;;
		esac
		case "$1 $2" in
		*"--horizon "@(1|1s|2h|1-0)) echo ok ;;
		*"--window "@(1|1s|2h|1-0|36526d)) echo ok ;;
		*"--horizon "@(0|-1|-0|abc|nan|inf|-inf|0x10|1d1h|36526d|10000y)) echo refused ;;
		*"--window "@(0|-1|-0|abc|nan|inf|-inf|0x10|1d1h)) echo refused ;;
		*"--rate "bob=@(0|1|0.5)) echo ok ;;
		*"--rate "bob=@(-1|abc|nan|inf|-inf|0x10|)) echo refused ;;
		*"--until "fairshare=@(0|1|0.5)) echo ok ;;
		*"--until "fairshare=@(-1|abc|nan|inf|2147483648)) echo refused ;;
		*"--until "rank=1) echo ok ;;
		*"--until "rank=@(0|-1|0.5|abc|2147483648)) echo refused ;;
		*"--rate "@(|=|=4|bob|bob==4|nobody=4|astro/bob=4=4|chem=4)) echo refused ;;
		esac
	}
	shopt -s extglob
	for ((k = 0; k < ${#fc[@]}; k += 2)); do
		what="fs-explain ${fc[k]} '${fc[k + 1]}' (forecast options)"
		# shellcheck disable=SC2086
		timeout -k 5 "$FT" $W "$B/fs-explain" ${fc[k]} "${fc[k + 1]}" \
			"$tmp/sample.tsv" </dev/null >"$tmp/out" 2>"$tmp/err"
		judge $? $FT fs-explain '^Answer: ' "an answer" "$(fc_want "${fc[k]}" "${fc[k + 1]}")"
	done
fi
# Snapshot directories (fs-report --history DIR): what cron, a careless
# script or another user can leave in one. Each directory holds two good
# snapshots of the sample a day apart, and one hostile entry: nothing
# else, a FIFO, a directory or a device named *.tsv, a dangling link, a
# link loop, a name with a line break, an empty file, a cut-short tree,
# text that is no tree, a different cluster, the same time twice, 400 tiny
# snapshots. Each run must exit 0 with a report and nothing on standard
# error, or exit 1 or 2 with nothing on standard output and one line
# "fs-report: ..." on standard error; within FS_HOSTILE_TIMEOUT, never
# waiting on the FIFO.
if [ -x "$B/fs-tree" ] && [ -x "$B/fs-rank" ] && [ -x "$B/fs-report" ]; then
	sd=$tmp/snapdirs
	mkdir -p "$sd"
	"$B/fs-tree" --sample | "$B/fs-rank" >"$sd/day1"
	sed 's/^#taken=.*/#taken=2026-11-21T08:00:00Z/' "$sd/day1" >"$sd/day2"
	snapdir() { # NAME: a directory with the two good snapshots
		mkdir -p "$sd/$1"
		cp "$sd/day1" "$sd/$1/2026-11-20.tsv"
		cp "$sd/day2" "$sd/$1/2026-11-21.tsv"
		echo "$sd/$1"
	}
	cases=()
	d=$(snapdir good) && cases+=("$d")
	mkdir -p "$sd/none" && cases+=("$sd/none")
	d=$(snapdir fifo) && mkfifo "$d/a.tsv" && cases+=("$d")
	d=$(snapdir dir) && mkdir "$d/x.tsv" && cases+=("$d")
	d=$(snapdir dev) && ln -s /dev/zero "$d/z.tsv" && cases+=("$d")
	d=$(snapdir dangling) && ln -s "$sd/no-such" "$d/b.tsv" && cases+=("$d")
	d=$(snapdir loop) && ln -s c.tsv "$d/c.tsv" && cases+=("$d")
	d=$(snapdir newline) && cp "$sd/day1" "$d/a
b.tsv" && cases+=("$d")
	d=$(snapdir empty) && : >"$d/e.tsv" && cases+=("$d")
	d=$(snapdir cut) && head -n 12 "$sd/day1" >"$d/2026-11-22.tsv" && cases+=("$d")
	d=$(snapdir garbage) && printf 'not\ta tree\n\001\n' >"$d/g.tsv" && cases+=("$d")
	d=$(snapdir cluster) && sed 's/^#cluster=.*/#cluster=other/; s/^#taken=.*/#taken=2026-11-22T08:00:00Z/' \
		"$sd/day1" >"$d/2026-11-22.tsv" && cases+=("$d")
	d=$(snapdir twice) && cp "$sd/day1" "$d/2026-11-20-copy.tsv" && cases+=("$d")
	d=$(snapdir many) && for i in $(seq 100 499); do
		sed "s/^#taken=.*/#taken=2026-11-22T$(printf %02d:%02d $((i / 60)) $((i % 60))):00Z/" "$sd/day1" >"$d/s$i.tsv"
	done && cases+=("$d")
	# Usage past a double in hours (6.5e311 seconds): refused where it
	# is read, never summed into inf or nan; just under it, a report
	# whose every number is finite.
	usage_snaps() { # NAME USAGE1 USAGE2: two snapshots of one user's usage
		mkdir -p "$sd/$1"
		for k in 1 2; do
			{ printf '#fs-tsv 1\n#cluster=c\n#taken=2026-11-2%dT08:00:00Z\n' "$k"
			  printf 'Account\tUser\tParent\tRawShares\tRawUsage\n'
			  printf 'root\t\t\t\t\nA\t\troot\t1\t\nA\tu1\tA\t1\t%s\nA\tu2\tA\t1\t%s\n' \
				"$([ $k = 1 ] && echo 1 || echo "$2")" "$3"; } |
				"$B/fs-rank" >"$sd/$1/2026-11-2$k.tsv"
		done
		echo "$sd/$1"
	}
	d=$(usage_snaps past-double 7e311 5) && cases+=("$d")
	d=$(usage_snaps past-double-sum 4e311 4e311) && cases+=("$d")
	d=$(usage_snaps near-double 1e311 5) && cases+=("$d")
	declare -A snap_want=([good]=ok [many]=ok [none]=refused [cut]=refused
		[garbage]=refused [cluster]=refused [twice]=refused [empty]=refused
		[past-double]=refused [past-double-sum]=refused [near-double]=ok)
	# Under valgrind a long double has a double's 64 bits: 1e311 is past
	# it there, and either answer is right.
	[ -z "$W" ] || snap_want[near-double]=
	for d in "${cases[@]}"; do
		what="fs-report --history ${d#"$sd"/} (snapshot directories)"
		# shellcheck disable=SC2086
		timeout -k 5 "$T" $W "$B/fs-report" --history "$d" </dev/null >"$tmp/out" 2>"$tmp/err"
		st=$?
		# Every number of the report finite.
		if [ $st = 0 ] && grep -qiwE 'inf|nan' "$tmp/out"; then
			notok "$what" "a number not finite: $(grep -m1 -iwE 'inf|nan' "$tmp/out")"
			continue
		fi
		judge $st $T fs-report '^Fairshare history' "a report" "${snap_want[${d#"$sd"/}]:-}"
	done
fi
# A tree whose text is over 4 GB (a table's rows are 32-bit offsets into
# it, fs-tsv(5)): refused with a message, whether the whole text is read
# (fs-rank) or only some columns kept (fs-explain). Some 10 s and 4.3 GB
# each, so not under valgrind or the sanitizers.
if [ -z "$W" ] && [[ ${FS_BUILD:-} != */san ]]; then
	long=$(printf 'u%01000d' 0)
	for r in "fs-rank" "fs-explain u1 u2"; do
		p=${r%% *}
		[ -x "$B/$p" ] || continue
		what="$r < a tree of 4.4 GB"
		{ echo "$H"; printf 'root\t\t\t\t\nA\t\troot\t1\t\n'
		  yes "A	$long	A	1	5" | head -c 4400000000; } |
			timeout $T $B/$r >"$tmp/out" 2>"$tmp/err"
		st=${PIPESTATUS[1]}
		msg=()
		[ "$st" = 1 ] || msg+=("exit status $st, want 1")
		[ -s "$tmp/out" ] && msg+=("output on standard output")
		grep -qx "$p: <stdin>: the tree is larger than 4294967295 bytes (4 GB): more than a table holds" "$tmp/err" ||
			msg+=("standard error: $(head -c 300 "$tmp/err")")
		if [ ${#msg[@]} = 0 ]; then ok "$what"; else notok "$what" "${msg[@]}"; fi
	done
fi
echo "1..$n"
