#!/usr/bin/env bash
# fs-explain's quick reader (lib/model/explain_read.c) against the full one:
# the same bytes, messages and status, question by question. A tree given
# as a regular file (FILE, or standard input from one, as here) may take
# the quick way; the same tree on a pipe is always read the full way (the quick
# reader reads the file in pieces, at offsets). Trees: fs-rank's output of
# generated trees (several pieces on every core, one piece, partitions,
# depths 3 to 7, most accounts at RawShares 0), and the hand-made trees of
# tests/trees with their ties and carry-in, the two tie trees also without
# their sibling_order=controller. Each answer says whether it was read
# quick (the quick reader leaves standard input where it was, the full
# reader reads it to its end): on each of these trees some are, on the
# generated ones at least half, else the full reader would only be
# compared with itself. The trees the quick reader gives up on (unranked,
# shuffled, changed below, sibling_order=controller) are read the full way,
# every answer.
# Questions: two users (the first and the last, of one account, far
# apart, random), tied users, accounts (alone, with a user, with one of
# its own users), USER and ACCOUNT/USER/PARTITION forms, root, a
# FairShare=parent account, names not found.
set -u
cd "$(dirname "$0")" || exit 1
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
GEN=${GENTREE:-${FS_BUILD:-../build}/gen/gentree}
export LC_ALL=C TZ=UTC
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ./tap.sh

if [ ! -x "$GEN" ]; then
	echo "1..0 # SKIP no tree generator at $GEN (make check builds it)"
	exit 0
fi

trees=()
mk() {	# NAME GENTREE-ARGS...: the generated tree, ranked
	local name=$1
	shift
	"$GEN" "$@" >"$tmp/$name.in" || { echo "Bail out! gentree $*"; exit 1; }
	"$B/fs-rank" <"$tmp/$name.in" >"$tmp/$name.tsv" || { echo "Bail out! fs-rank"; exit 1; }
	trees+=("$name")
}
mk big -n 40000 -s 5
mk parts -n 30000 -s 8 -d 7 -P
mk small -n 3000 -s 2 -d 3
mk deep -n 12000 -s 13 -d 7
# Most accounts at RawShares 0 (runs of accounts tied at Level FS 0, ranks
# carried into them), with partitions.
mk zero -n 20000 -s 7 -P -z 30
cp "$tmp/big.in" "$tmp/unranked.tsv"
"$GEN" -n 20000 -s 4 -S >"$tmp/shuffled.tsv"
trees+=(unranked shuffled)
# Changed trees, each read the full way or quick: an account's own
# usage (above its children's: kept; below: refused), a sum past the long
# double range (refused), two sibling rows swapped (not fs-rank's order),
# the last line '#end' cut (refused).
plant() {	# NAME FROM 'awk program'
	awk -F'\t' -v OFS='\t' "$3" "$tmp/$2.tsv" >"$tmp/$1.tsv"
	cmp -s "$tmp/$1.tsv" "$tmp/$2.tsv" && { echo "Bail out! $1: unchanged"; exit 1; }
	trees+=("$1")
}
# The account above the first user with usage, its line.
hl=$(awk '!/^#/ { print NR; exit }' "$tmp/big.tsv")
acl=$(awk -F'\t' -v hl="$hl" 'NR > hl && $2 == "" { l[$1] = NR } NR > hl + 2 && $2 != "" && $5 + 0 > 10 { print l[$1]; exit }' "$tmp/big.tsv")
plant own-usage big "NR == $acl { \$5 = \"1e18\" } { print }"
plant own-usage-low big "NR == $acl { \$5 = \"1\" } { print }"
plant overflow big "NR > $acl && \$2 != \"\" && k++ < 2 { \$5 = \"1e4932\" } { print }"
plant swapped big "NR == $acl + 1 { d = \$0; next } NR == $acl + 2 { print; print d; next } { print }"
plant cut small '$0 != "#end" { print }'
for f in trees/*.tsv; do
	b=$(basename "$f" .tsv)
	"$B/fs-rank" <"$f" >"$tmp/t-$b.tsv" || { echo "Bail out! fs-rank $f"; exit 1; }
	trees+=("t-$b")
done
# The tie trees in Slurm 22.05's sibling order, which the quick reader reads.
for b in ties-controller ties-listorder; do
	grep -v '^#sibling_' "trees/$b.tsv" | "$B/fs-rank" >"$tmp/t-$b-22.tsv" ||
		{ echo "Bail out! fs-rank $b without sibling_order"; exit 1; }
	trees+=("t-$b-22")
done

# questions TREE: one question a line, picked from the tree's rows.
questions() {
	awk -F'\t' '
	!/^#/ && !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
	!h || /^#/ || $0 == "" { next }
	{
		a = $c["Account"]; u = $c["User"]; p = ("Partition" in c) ? $c["Partition"] : ""
		if (u == "") {
			acc[++na] = a
			if ($c["Parent"] == "") root = a
			if ($c["RawShares"] == "parent") par = a
			next
		}
		spec = a "/" u (p != "" ? "/" p : "")
		us[++nu] = spec; ua[nu] = a; uname[nu] = u
		key = a SUBSEP $c["RawUsage"] SUBSEP $c["RawShares"]
		if (key in tie && !tied) tied = tie[key] " " spec
		tie[key] = spec
		if (a in first && !same) same = first[a] " " spec
		if (!(a in first)) first[a] = spec
	}
	END {
		srand(7)
		print us[1] " " us[nu]
		print us[nu] " " us[1]
		print us[1]
		print us[nu]
		if (same) print same
		if (tied) { print tied; split(tied, t, " "); print t[1]; print t[2] }
		for (k = 0; k < 8; k++) {
			i = int(rand() * nu) + 1; j = int(rand() * nu) + 1
			print us[i] " " us[j]
		}
		for (k = 0; k < 4; k++) print us[int(rand() * nu) + 1]
		for (k = 0; k < 4; k++) {
			i = int(rand() * na) + 1; j = int(rand() * nu) + 1
			print acc[i]
			print acc[i] " " us[j]
			print us[j] " " acc[i]
		}
		i = int(rand() * nu) + 1
		print ua[i] " " us[i]
		print uname[i]
		print uname[i] " " us[nu]
		print us[1] " " us[1]
		print root
		if (par) print par
		print "nosuchuser " us[1]
		print ua[1] "/nosuchuser"
		print us[1] " nosuchacct/x"
	}' "$tmp/$1.tsv"
}

for t in "${trees[@]}"; do
	questions "$t" >"$tmp/q"
	size=$(stat -c %s "$tmp/$t.tsv")
	bad=()
	nq=0 answers=0 quick=0
	# One thread and two where the file is in several pieces.
	ths=2
	[ "$size" -ge 1048576 ] && ths="1 2"
	while IFS= read -r q; do
		nq=$((nq + 1))
		for th in $ths; do
			# shellcheck disable=SC2086
			left=$( { FS_THREADS=$th "$B/fs-explain" $q >"$tmp/quick.out" 2>"$tmp/quick.err"
				echo $? >"$tmp/quick.status"; wc -c; } <"$tmp/$t.tsv")
			qs=$(cat "$tmp/quick.status")
			answers=$((answers + 1))
			[ "$left" = "$size" ] && quick=$((quick + 1))
			# shellcheck disable=SC2086
			cat "$tmp/$t.tsv" | FS_THREADS=$th "$B/fs-explain" $q >"$tmp/full.out" 2>"$tmp/full.err"
			fs=$?
			[ "$qs" = "$fs" ] || bad+=("$q ($th threads): status $qs, full $fs")
			cmp -s "$tmp/quick.out" "$tmp/full.out" ||
				bad+=("$q ($th threads): $(diff "$tmp/quick.out" "$tmp/full.out" | head -3 | tr '\n' ' ')")
			cmp -s "$tmp/quick.err" "$tmp/full.err" ||
				bad+=("$q ($th threads): '$(head -c 150 "$tmp/quick.err")', full '$(head -c 150 "$tmp/full.err")'")
		done
	done <"$tmp/q"
	case $t in
	unranked | shuffled | own-usage-low | overflow | swapped | cut | t-ties-controller | t-ties-listorder)
		[ "$quick" = 0 ] || bad+=("$quick of $answers answers read quick, where the quick reader gives up")
		what="read the full way (the quick reader gives up on it)" ;;
	big | parts | small | deep | zero | own-usage)
		[ $((2 * quick)) -ge "$answers" ] || bad+=("only $quick of $answers answers read quick")
		what="the same answers read quick and in full ($quick of $answers read quick, at least half)" ;;
	*)
		[ "$quick" -ge 1 ] || bad+=("no answer read quick: the full reader compared with itself")
		what="the same answers read quick and in full ($quick of $answers read quick)" ;;
	esac
	ok ${#bad[@]} "$t: $nq questions, $what"
	[ ${#bad[@]} = 0 ] || printf '#   %s\n' "${bad[@]}" >&2
done
# The quick way is taken on the zero-share tree: it reads the file at
# offsets and leaves standard input where it was (the full way reads it to
# its end), so what follows on the same descriptor is the whole file. These
# pairs (gentree's bytes are the same everywhere) each meet a tie that
# carries a rank into an account on a path, or into the user's list from
# inside a sibling account; the last six, a rank carried from inside an
# account whose children the first small tree lacks (made again with them,
# once to three times). Each is read quick, with the same bytes as the
# full way.
size=$(stat -c %s "$tmp/zero.tsv")
taken=0 same=0 tot=0
while read -r qa qb; do
	tot=$((tot + 1))
	left=$( { "$B/fs-explain" "$qa" "$qb" >"$tmp/quick.out" 2>&1; wc -c; } <"$tmp/zero.tsv")
	[ "$left" = "$size" ] && taken=$((taken + 1))
	cat "$tmp/zero.tsv" | "$B/fs-explain" "$qa" "$qb" >"$tmp/full.out" 2>&1
	cmp -s "$tmp/quick.out" "$tmp/full.out" && same=$((same + 1))
done <<'EOF2'
sub1455/u885/ dept818/u3083/
sub297/u6144/ team592/u11835/
proj86/u6235/ grp479/u3582/
team712/u4953/ sub1374/u12917/
team499/u14739/ proj827/u4451/gpu
team1574/u120/ proj1432/u9277/
team1131/u13215/gpu team1340/u2443/
team613/u7002/ proj1269/u3535/
grp65/u12309/ proj98/u6960/
grp755/u681/ proj1578/u14114/
EOF2
ok $((tot - taken)) "zero: the quick way taken for $taken of $tot pairs"
ok $((tot - same)) "zero: the same bytes for $same of $tot pairs"
# A chain of 100,000 accounts, ranked: root/u2 comes after a1 in root's
# list, so its walk goes down the whole chain (a100000/u1's path, which the
# small tree holds), list after list. Read quick, the same bytes.
awk 'BEGIN { OFS = "\t"; print "#fs-tsv 1"; print "#cluster=c"; print "#taken=2026-11-20T08:00:00Z"
	print "Account", "User", "Parent", "RawShares", "RawUsage"; print "root", "", "", "", ""; p = "root"
	for (i = 1; i <= 100000; i++) { print "a" i, "", p, 1 + i % 3, ""; p = "a" i }
	print p, "u1", p, 1, 5; print "root", "u2", "root", 1, 3 }' | "$B/fs-rank" >"$tmp/chain.tsv"
size=$(stat -c %s "$tmp/chain.tsv")
left=$( { "$B/fs-explain" u1 u2 >"$tmp/quick.out" 2>&1; wc -c; } <"$tmp/chain.tsv")
cat "$tmp/chain.tsv" | "$B/fs-explain" u1 u2 >"$tmp/full.out" 2>&1
st=1
[ "$left" = "$size" ] && cmp -s "$tmp/quick.out" "$tmp/full.out" && st=0
ok $st "chain: u1 u2 read quick, the same bytes"
echo "1..$n"
