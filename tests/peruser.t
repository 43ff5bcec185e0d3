#!/usr/bin/env bash
# fs-rank --per-user DIR and fs-prio --new --tree DIR against the whole
# tree: for every user asked (all of the sample's; the first, the last and
# random ones of generated trees, partitions included; the hand-made trees
# of tests/trees with their ties), the hook's lines (--brief --accounts)
# from the user's own small file are the bytes, messages and status that
# the whole ranked tree gives, with a queue (a jobs file that fs-prio --tsv
# wrote from the whole tree) and job shapes small and large. A rank after
# the job that would need the walk's tie rules is left out (the cost line
# without it), never guessed. Then what --private writes: no lists, no
# account's usage, a user without a local account left out and said so;
# and what refuses such a part (fs-rank, fs-prio without --new).
set -u
cd "$(dirname "$0")" || exit 1
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
GEN=${GENTREE:-${FS_BUILD:-../build}/gen/gentree}
export LC_ALL=C TZ=UTC
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ./tap.sh
conf=golden/fs-prio-cluster.conf
now=2026-11-21T08:00:00Z

# The cluster of the golden cases, with the generated trees' partition.
cp "$conf" "$tmp/cluster.conf" &&
	echo 'PartitionName=gpu Nodes=n[1-4] MaxTime=2-0 PriorityJobFactor=2' >>"$tmp/cluster.conf" || exit 1
conf=$tmp/cluster.conf

trees=()
mk() {	# NAME: $tmp/NAME.in into ranked NAME.tsv and the directory NAME.d,
	# the public form (the tree says the site hides nothing)
	sed -i '1a #private_data=' "$tmp/$1.in"
	"$B/fs-rank" --per-user "$tmp/$1.d" <"$tmp/$1.in" >"$tmp/$1.tsv" 2>"$tmp/$1.err" ||
		{ echo "Bail out! fs-rank --per-user on $1: $(head -1 "$tmp/$1.err")"; exit 1; }
	trees+=("$1")
}
"$B/fs-tree" --sample >"$tmp/sample.in" && mk sample
if [ -x "$GEN" ]; then
	"$GEN" -n 3000 -s 2 -d 3 >"$tmp/gen.in" && mk gen
	"$GEN" -n 3000 -s 8 -d 5 -P >"$tmp/parts.in" && mk parts
else
	ok 0 "generated trees # skip no $GEN (make $GEN)"
fi
for f in trees/*.tsv; do
	b=$(basename "$f" .tsv)
	cp "$f" "$tmp/hand-$b.in" && mk "hand-$b"
done

# Up to 25 users of a tree: the first, the last, then random ones.
users() {
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "User") u = i; next }
		/^#/ || $u == "" { next } !seen[$u]++ { print $u }' <(grep -v '^#' "$1") >"$tmp/all"
	{ head -1 "$tmp/all"; tail -1 "$tmp/all"; shuf -n 23 --random-source=<(yes) "$tmp/all"; } | awk '!s[$0]++'
}
# A queue of 40 jobs of random user associations, as fs-prio --tsv writes
# it from the whole tree (with each job's FairShare and Assoc factors).
queue() { # TREE: $tmp/pending.tsv
	grep -v '^#' "$1" | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["User"] != "" { print $c["Account"] "\t" $c["User"] "\t" ((c["Partition"] && $c["Partition"] != "") ? $c["Partition"] : "main") }' |
		shuf -n 40 --random-source=<(yes) |
		awk 'BEGIN { print "JobID\tUser\tAccount\tPartition\tCPUs\tTimeLimit\tAccrue" }
			{ print NR + 100 "\t" $2 "\t" $1 "\t" $3 "\t" (NR % 7) + 1 "\t" 60 * (NR % 5 + 1) "\t2026-11-2" NR % 10 "T00:00:00Z" }' >"$tmp/jobs.txt"
	"$B/fs-prio" --conf "$conf" --now "$now" --tree "$1" --jobs-file "$tmp/jobs.txt" --tsv >"$tmp/pending.tsv" 2>"$tmp/pending.err"
}

# A rank after the job is left out only where the user's association
# ties with another at the job's end (the walk's tie rules need the whole
# tree): the same lines but that one, with that reason; and rarely, at
# most 1 answer in 10 of a tree (a part that never gives it is caught).
for t in "${trees[@]}"; do
	# Every job of the jobs file in the queue (not dropped when fs-prio fails).
	queue "$tmp/$t.tsv" && jobs=$(($(grep -vc '^#' "$tmp/pending.tsv") - 1)) &&
		[ "$jobs" -gt 0 ] && [ "$jobs" = $(($(wc -l <"$tmp/jobs.txt") - 1)) ] ||
		{ echo "Bail out! no queue for $t: $(head -1 "$tmp/pending.err")"; exit 1; }
	q=(--jobs-file "$tmp/pending.tsv")
	bad=0 asked=0 left_out=0
	while IFS= read -r u; do
		for shape in "-n 1 -t 1:00:00" "-n 64 -t 2-0" "-N 4 -t 1-0 -p prio"; do
			# shellcheck disable=SC2086
			set -- --new --brief --accounts --conf "$conf" --now "$now" "${q[@]}" -u "$u" $shape
			"$B/fs-prio" "$@" --tree "$tmp/$t.tsv" >"$tmp/whole" 2>&1
			echo "status $?" >>"$tmp/whole"
			"$B/fs-prio" "$@" --tree "$tmp/$t.d" >"$tmp/part" 2>&1
			echo "status $?" >>"$tmp/part"
			asked=$((asked + 1))
			cmp -s "$tmp/whole" "$tmp/part" && continue
			# The rank after left out: the same but that line.
			if grep -q '^fs-prio: the FairShare after the job is left out: at the job.s end the user.s association ties with another' "$tmp/part" &&
				sed 's/; once it has run: .* (as of/ (as of/' "$tmp/whole" |
				cmp -s - <(grep -v '^fs-prio: the FairShare after the job is left out: ' "$tmp/part"); then
				left_out=$((left_out + 1))
				continue
			fi
			bad=$((bad + 1))
			if [ "$bad" = 1 ]; then
				echo "# $t: fs-prio $* differs:" >&2
				diff "$tmp/whole" "$tmp/part" | head -8 | sed 's/^/#   /' >&2
			fi
		done
	done < <(users "$tmp/$t.tsv")
	[ $((left_out * 10)) -le "$asked" ] || bad=$((bad + 1))
	ok "$bad" "$t: $asked answers from the users' own files are the whole tree's, $left_out with the rank after left out at a tie (queue: $jobs jobs)"
done

# A part is read back, not ranked again: its user's rows are the whole
# tree's; what would rank it again is refused. Nor is it for sprio's listing.
d=$tmp/sample.d
bad=0
for u in $(users "$tmp/sample.tsv"); do
	"$B/fs-rank" -l -P -U -u "$u" "$tmp/sample.tsv" >"$tmp/whole" 2>&1
	"$B/fs-rank" -l -P "$d/users/$u" >"$tmp/part" 2>&1 || bad=$((bad + 1))
	cmp -s "$tmp/whole" "$tmp/part" || bad=$((bad + 1))
done
ok "$bad" "fs-rank -l -P on each user's part: the whole tree's -U -u USER rows"
"$B/fs-rank" --shares chem=5 "$d/users/alice" >"$tmp/out" 2>"$tmp/err"
st=$?
ok "$([ "$st" = 2 ] && [ ! -s "$tmp/out" ] && grep -q "one user's part of a ranked tree" "$tmp/err"; echo $?)" \
	"fs-rank --shares refuses a user's part: $(head -1 "$tmp/err")"
"$B/fs-prio" --conf "$conf" --tree "$d" -l >"$tmp/out" 2>"$tmp/err"
st=$?
ok "$([ "$st" != 0 ] && grep -q "answers --new" "$tmp/err"; echo $?)" \
	"fs-prio -l refuses the directory: $(head -1 "$tmp/err")"
"$B/fs-prio" --new --brief --conf "$conf" --tree "$d" -u nosuchuser >"$tmp/out" 2>"$tmp/err"
st=$?
ok "$([ "$st" != 0 ] && [ ! -s "$tmp/out" ] && grep -q "nosuchuser" "$tmp/err"; echo $?)" \
	"a user without a file: $(head -1 "$tmp/err")"
# A lists file from another time: refused, not a wrong rank.
cp -r "$d" "$tmp/mixed.d"
sed -i "s/^u\tchem\talice\t/u\tchem\talicx\t/" "$tmp/mixed.d/lists.tsv"
"$B/fs-prio" --new --brief --conf "$conf" --tree "$tmp/mixed.d" -u chem/alice -t 1:00:00 >"$tmp/out" 2>"$tmp/err"
st=$?
ok "$([ "$st" != 0 ] && [ ! -s "$tmp/out" ] && grep -q "does not match" "$tmp/err"; echo $?)" \
	"lists that do not match the user's file: $(head -1 "$tmp/err")"

# Hostile parts and lists: a message and a status, or the lines; never a
# crash, a hang or a rank past the tree's 16 users.
hostile=0 tried=0
try() { # FILE SED-EDIT: alice's answer with FILE of the directory edited
	rm -rf "$tmp/h.d" && cp -r "$d" "$tmp/h.d" && sed -i "$2" "$tmp/h.d/$1"
	timeout 10 "$B/fs-prio" --new --brief --conf "$conf" --tree "$tmp/h.d" \
		-u chem/alice -t 1:00:00 >"$tmp/out" 2>"$tmp/err"
	local st=$?
	tried=$((tried + 1))
	if [ "$st" -ge 124 ] || { [ "$st" != 0 ] && [ "$(wc -l <"$tmp/err")" != 1 ]; } ||
		awk '{ for (i = 1; i < NF; i++) if ($i == "rank" && $(i + 1) + 0 > 16) bad = 1 } END { exit !bad }' "$tmp/out"; then
		hostile=$((hostile + 1))
		echo "# $1 $2: status $st: $(head -2 "$tmp/err") $(head -2 "$tmp/out")" >&2
	fi
}
for edit in 's/^#users=.*/#users=3/' 's/^#users=.*/#users=abc/' 's/^#lists=.*/#lists=99999999+50 0+0/' \
	's/^#lists=.*/#lists=1+1/' 's/^#lists=.*/#lists=-/' 's/^#subset=.*/#subset=rows/' \
	's/^#lists=.*/#lists=0+18446744073709551615/' '/^#lists=/d'; do
	try users/alice "$edit"
done
for edit in 's/\t1$/\t-1/' 's/\t1$/\t99999999999/' 's/\t0.25\t/\tnan\t/' 's/^P\t.*/P\t-5/' \
	's/^P\t.*/P\tinf/' 's/\t0.5\t/\t1e400\t/' 's/^u\t/x\t/' '5,$d' 's/\t/\t\t/' 's/\t1$/\t17/'; do
	try lists.tsv "$edit"
done
ok "$hostile" "$tried hostile parts and lists: a message, or lines with a rank within the tree's 16 users"

# --private: the lists and the accounts' usage stay out; a user without a
# local account is left out (no one to read the file). Without --private,
# a tree that does not say the site's PrivateData is written private too.
"$B/fs-rank" --per-user "$tmp/priv.d" --private <"$tmp/sample.in" >/dev/null 2>"$tmp/err"
st=$?
ok "$([ "$st" = 0 ] && [ ! -e "$tmp/priv.d/lists.tsv" ]; echo $?)" "--private writes no lists"
sed '/^#private_data=/d' "$tmp/sample.in" >"$tmp/nokey.in"
"$B/fs-rank" --per-user "$tmp/nokey.d" <"$tmp/nokey.in" >/dev/null 2>"$tmp/err"
st=$?
ok "$([ "$st" = 0 ] && [ ! -e "$tmp/nokey.d/lists.tsv" ] && [ -e "$tmp/sample.d/lists.tsv" ] &&
	grep -q "does not say the site's PrivateData.*written private" "$tmp/err"; echo $?)" \
	"a tree without private_data: written private, and said: $(head -1 "$tmp/err")"
for pd in usage jobs,users accounts; do
	sed "s/^#private_data=.*/#private_data=$pd/" "$tmp/sample.in" >"$tmp/pd.in"
	"$B/fs-rank" --per-user "$tmp/pd-$pd.d" <"$tmp/pd.in" >/dev/null 2>&1
done
sed "s/^#private_data=.*/#private_data=jobs,nodes/" "$tmp/sample.in" >"$tmp/pd.in"
"$B/fs-rank" --per-user "$tmp/pd-jobs.d" <"$tmp/pd.in" >/dev/null 2>&1
ok "$([ ! -e "$tmp/pd-usage.d/lists.tsv" ] && [ ! -e "$tmp/pd-jobs,users.d/lists.tsv" ] &&
	[ ! -e "$tmp/pd-accounts.d/lists.tsv" ] && [ -e "$tmp/pd-jobs.d/lists.tsv" ]; echo $?)" \
	"private_data=usage, users or accounts: private; jobs,nodes: public"
if id root >/dev/null 2>&1; then
	printf 'root\t\t\t1\t\t\nacct\t\troot\t1\t\tcpu=7\nacct\troot\tacct\t1\t500\tcpu=5\nacct\tnobodyhere\tacct\t1\t100\tcpu=2\n' |
		sed '1i Account\tUser\tParent\tRawShares\tRawUsage\tTRESRunMins' | sed '1i #fs-tsv 1' >"$tmp/own.in"
	"$B/fs-rank" --per-user "$tmp/own.d" --private <"$tmp/own.in" >/dev/null 2>"$tmp/err"
	st=$?
	f=$tmp/own.d/users/root
	ok "$([ "$st" = 0 ] && [ -f "$f" ] && [ "$(stat -c '%a %u' "$f")" = "640 $(id -u)" ] &&
		ls -l "$f" | grep -q '^-rw-r-----+' &&
		[ ! -e "$tmp/own.d/users/nobodyhere" ] && grep -q "1 user left out" "$tmp/err" &&
		grep -q "user 'nobodyhere': no local account" "$tmp/err"; echo $?)" \
		"--private: root's file mode 640 with an ACL, the writer's; the user without an account left out: $(tr '\n' ' ' <"$tmp/err")"
	# Every column of an account row empty but its names and shares.
	ok "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[i] = $i; h = 1; next }
		$2 == "" { for (i = 1; i <= NF; i++) if ($i != "" && c[i] !~ /^(Account|Parent|RawShares|NormShares)$/) print c[i] }' "$f" |
		grep -c . | grep -qx 0 && grep -q 'cpu=5' "$f"; echo $?)" \
		"--private: no account row holds usage, TRESRunMins or Level FS; the user's own row its TRESRunMins"
	"$B/fs-prio" --new --brief --conf "$conf" --tree "$tmp/own.d" -u root -t 1:00:00 >"$tmp/out" 2>&1
	ok "$(grep -q '^fs-toolkit: its cost: 3600 billing-seconds (as of' "$tmp/out"; echo $?)" \
		"--private: the cost without the rank after: $(tail -1 "$tmp/out")"
fi
echo "1..$n"
