#!/usr/bin/env bash
# fs-explain A B checks every row, not only the rows it explains.
# A reader that parses only A's and B's paths and the lists they compete in
# must still refuse a tree with a bad row anywhere: a bad number, a
# duplicate, a cycle, an orphan, a second root, a broken line, a cut end,
# each planted here in a row far from both paths (neither on them nor in a
# list they compete in). The message and status must be fs-rank's on the
# same tree (the program's name aside), with one thread and with two.
#
# And the answer comes from RawShares and RawUsage alone: the same bytes
# from the ranked tree, from the tree before fs-rank, from the ranked tree
# with its computed columns (LevelFS, FairShare, Rank) changed, and with 1,
# 2 and 3 threads, for several kinds of question.
# The plants are awk programs, in single quotes on purpose.
# shellcheck disable=SC2016
set -u
cd "$(dirname "$0")" || exit 1
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
GEN=${GENTREE:-${FS_BUILD:-../build}/gen/gentree}
export LC_ALL=C TZ=UTC
tmp=$(mktemp -d) || exit 1
[ -n "${KEEP:-}" ] && echo "# kept: $tmp"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
# A failure's details on standard error, where prove shows them without -v.
nok() { n=$((n + 1)); echo "not ok $n - $1"; shift; printf '#   %s\n' "$@" >&2; }
# verdict OK_TEXT NOT_OK_TEXT: by the failures gathered in bad.
verdict() { if [ ${#bad[@]} = 0 ]; then ok "$1"; else nok "$2" "${bad[@]}"; fi; }

if [ ! -x "$GEN" ]; then
	echo "1..0 # SKIP no tree generator at $GEN (make check builds it)"
	exit 0
fi

# 70 000 associations with a Partition column (several 16 384-row chunks),
# ranked: fs-explain's usual input.
"$GEN" -n 70000 -s 11 -d 6 -P >"$tmp/in.tsv"
"$B/fs-rank" <"$tmp/in.tsv" >"$tmp/ranked.tsv" || { echo "Bail out! fs-rank"; exit 1; }

# Columns by name (1-based), from the header line.
col() { awk -F'\t' -v c="$1" '!/^#/ { for (i = 1; i <= NF; i++) if ($i == c) print i; exit }' "$tmp/ranked.tsv"; }
cA=$(col Account) cU=$(col User) cP=$(col Parent) cS=$(col RawShares)
cR=$(col RawUsage) cPart=$(col Partition) cL=$(col LevelFS) cF=$(col FairShare)
cK=$(col Rank)
hl=$(awk '!/^#/ { print NR; exit }' "$tmp/ranked.tsv")	# the header's line

# A and B as make bench picks them (the first and the last user rows of
# the tree fs-rank read), two users of one account, an account.
A=$(awk -F'\t' -v a="$cA" -v u="$cU" '!/^#/ && h && $u != "" && $u != "root" { print $a "/" $u; exit } !/^#/ { h = 1 }' "$tmp/in.tsv")
Bu=$(awk -F'\t' -v a="$cA" -v u="$cU" '!/^#/ && h && $u != "" { x = $a "/" $u } !/^#/ { h = 1 } END { print x }' "$tmp/in.tsv")
read -r S1 S2 < <(awk -F'\t' -v a="$cA" -v u="$cU" '!/^#/ && h && $u != "" && $u != "root" {
	if (seen[$a]) { print seen[$a], $a "/" $u; exit } seen[$a] = $a "/" $u } !/^#/ { h = 1 }' "$tmp/ranked.tsv")
ACC=$(awk -F'\t' -v a="$cA" -v u="$cU" -v p="$cP" '!/^#/ && h && $u == "" && $p != "root" && $p != "" { k++ } k == 500 { print $a; exit } !/^#/ { h = 1 }' "$tmp/ranked.tsv")

# Line numbers of rows far from both paths: a row whose account is not on
# A's or B's path, nor a child of an account on them (a list they compete
# in); users (kind u) and accounts (kind a) with a child account (kind c).
far() {
	awk -F'\t' -v a="$cA" -v u="$cU" -v p="$cP" -v A="${A%%/*}" -v B="${Bu%%/*}" -v want="$1" '
	!/^#/ && !h { h = 1; next }
	!h || /^#/ { next }
	{ line[NR] = $0; acc[NR] = $a; usr[NR] = $u; if ($u == "") { par[$a] = $p; if ($p != "") kids[$p]++ } }
	END {
		for (x = A; x != ""; x = par[x]) on[x] = 1
		for (x = B; x != ""; x = par[x]) on[x] = 1
		for (i in line) {
			x = acc[i]
			if (on[x] || on[par[x]]) continue
			if (want == "u" && usr[i] != "" ) print i
			if (want == "a" && usr[i] == "" && !kids[x]) print i
			if (want == "c" && usr[i] == "" && kids[x]) print i
		}
	}' "$tmp/ranked.tsv" | sort -n
}
far u >"$tmp/far-u"
far a >"$tmp/far-a"
far c >"$tmp/far-c"
# One past the middle of the body: rows in a later chunk than A's.
pick() { awk -v k="$2" 'NR == k { print; exit }' "$tmp/far-$1"; }
U1=$(pick u 15000) U2=$(pick u 25000) L1=$(pick a 1000) C1=$(pick c 200)
if [ -z "$U1" ] || [ -z "$U2" ] || [ -z "$L1" ] || [ -z "$C1" ]; then
	echo "Bail out! no rows far from the paths ($U1 $U2 $L1 $C1)"
	exit 1
fi
# A child account of C1 (for a cycle).
C1acc=$(awk -F'\t' -v a="$cA" -v k="$C1" 'NR == k { print $a; exit }' "$tmp/ranked.tsv")

# plant NAME 'awk program over every line (NR: the line number)'
plant() {
	awk -F'\t' -v OFS='\t' -v U1="$U1" -v U2="$U2" -v L1="$L1" -v C1="$C1" \
		-v C1acc="$C1acc" -v cA="$cA" -v cU="$cU" -v cP="$cP" -v cS="$cS" \
		-v cR="$cR" -v cPart="$cPart" -v hl="$hl" "$2" "$tmp/ranked.tsv" >"$tmp/$1.tsv"
}
plant usage-bad 'NR == U1 { $cR = "12x" } { print }'
plant usage-negative 'NR == U2 { $cR = "-1" } { print }'
plant usage-nan 'NR == U1 { $cR = "nan" } { print }'
plant shares-decimal 'NR == U2 { $cS = "1.5" } { print }'
plant shares-account-bad 'NR == L1 { $cS = "abc" } { print }'
plant shares-huge 'NR == U1 { $cS = "4294967296" } { print }'
plant dup-user 'NR == U1 { d = $0 } $0 == "#end" { print d } { print }'
plant dup-account 'NR == L1 { d = $0 } $0 == "#end" { print d } { print }'
plant orphan-account 'NR == L1 { $cP = "nosuchparent" } { print }'
plant orphan-user 'NR == U2 { $cA = "nosuchacct"; $cP = "nosuchacct" } { print }'
plant self-parent 'NR == L1 { $cP = $cA } { print }'
plant cycle 'NR == C1 { c = 1 } c && NR > C1 && $cU == "" && $cP == C1acc && !done { kid = $cA; done = 1 } { l[NR] = $0 } END {
	for (i = 1; i <= NR; i++) { if (i == C1) { $0 = l[i]; $cP = kid; print } else print l[i] } }'
plant second-root 'NR == U2 { print "zz", "", "", "", "", "", "", "", "", "", "", "" } { print }'
plant fields-short 'NR == U1 { NF = NF - 1 } { print }'
plant fields-long 'NR == U2 { $(NF + 1) = "x" } { print }'
plant cr 'NR == U1 { $0 = $0 "\r" } { print }'
plant empty-line 'NR == U2 { print "" } { print }'
plant nul 'NR == U1 { printf "%s\0\n", $0; next } { print }'
plant end-early 'NR == U2 { print "#end" } { print }'
plant cut-end '$0 != "#end" { print }'
plant header-again 'NR == U1 { print l } NR == hl { l = $0 } { print }'
plant partition-on-account 'NR == L1 { $cPart = "p1" } { print }'
plant empty-account 'NR == U2 { $cA = ""; $cP = "" } { print }'

for f in usage-bad usage-negative usage-nan shares-decimal shares-account-bad \
	shares-huge dup-user dup-account orphan-account orphan-user self-parent \
	cycle second-root fields-short fields-long cr empty-line nul end-early \
	cut-end header-again partition-on-account empty-account; do
	cmp -s "$tmp/$f.tsv" "$tmp/ranked.tsv" && { nok "$f: planted" "the tree is unchanged"; continue; }
	"$B/fs-rank" <"$tmp/$f.tsv" >/dev/null 2>"$tmp/rank.err"
	rs=$?
	sed 's/^fs-rank: //' "$tmp/rank.err" >"$tmp/want"
	bad=()
	[ "$rs" = 1 ] || bad+=("fs-rank status $rs (the plant should make it refuse the tree): $(head -c 200 "$tmp/rank.err")")
	for q in "$A $Bu" "$S1 $S2" "$A" "$ACC"; do
		for t in 1 2; do
			# shellcheck disable=SC2086
			FS_THREADS=$t "$B/fs-explain" $q <"$tmp/$f.tsv" >"$tmp/out" 2>"$tmp/err"
			s=$?
			[ "$s" = "$rs" ] || bad+=("fs-explain $q, $t thread(s): status $s, fs-rank's $rs")
			[ -s "$tmp/out" ] && bad+=("fs-explain $q, $t thread(s): output on standard output")
			sed 's/^fs-explain: //' "$tmp/err" | cmp -s - "$tmp/want" ||
				bad+=("fs-explain $q, $t thread(s): '$(head -c 200 "$tmp/err")', fs-rank: '$(head -c 200 "$tmp/rank.err")'")
		done
	done
	verdict "$f: fs-explain refuses it as fs-rank does: $(head -c 120 "$tmp/want")" \
		"$f: fs-explain refuses it as fs-rank does"
done

# The computed columns changed, each row still well formed.
awk -F'\t' -v OFS='\t' -v cU="$cU" -v cL="$cL" -v cF="$cF" -v cK="$cK" \
	'!/^#/ && h && $cU != "" { $cK = $cK + 7; $cF = "0.5"; $cL = "1" } !/^#/ { h = 1 } { print }' \
	"$tmp/ranked.tsv" >"$tmp/scrambled.tsv"
for q in "$A $Bu" "$Bu $A" "$S1 $S2" "$A" "$ACC" "$ACC $A"; do
	# shellcheck disable=SC2086
	FS_THREADS=1 "$B/fs-explain" $q <"$tmp/ranked.tsv" >"$tmp/want" 2>"$tmp/want.err"
	ws=$?
	bad=()
	[ "$ws" = 0 ] && [ -s "$tmp/want" ] && [ ! -s "$tmp/want.err" ] ||
		bad+=("status $ws: $(head -c 200 "$tmp/want.err")")
	for run in "2 ranked" "3 ranked" "2 in" "1 in" "2 scrambled"; do
		# shellcheck disable=SC2086
		set -- $run
		# shellcheck disable=SC2086
		FS_THREADS=$1 "$B/fs-explain" $q <"$tmp/$2.tsv" >"$tmp/out" 2>&1
		s=$?
		[ "$s" = 0 ] && cmp -s "$tmp/out" "$tmp/want" ||
			bad+=("$2.tsv with $1 thread(s): status $s, $(cmp "$tmp/out" "$tmp/want" 2>&1 | head -1)")
	done
	verdict "fs-explain $q: the same answer from the ranked tree, the unranked one and changed computed columns, 1 to 3 threads ($(wc -l <"$tmp/want") lines)" \
		"fs-explain $q: the same answer everywhere"
done
echo "1..$n"
