#!/usr/bin/env bash
# The cli_filter Lua script (contrib/cli_filter.lua, fs-prio(1) AT
# SUBMISSION) with real sbatch: on a private stack
# (tests/slurm/stack.sh with CliFilterPlugins=cli_filter/lua), the toolkit
# installed by 'make install' under a temporary prefix, the snapshot written
# by its fs-cli-filter-snapshot, and cli_filter.lua next to slurm.conf.
#
# Checks: sbatch prints the lines with the FairShare and rank the
# snapshot's ranked tree holds for the user, the priority and place and the
# cost fs-prio --new gives offline on that snapshot (and the cost is
# CPUs x time limit, billing being the CPUs here), and for a user in two
# accounts where the same job lands best; without -A the lines are those of
# the user's DefaultAccount; run as the user (su), the same; the job is
# submitted and runs. Negative controls: the expected line for another user
# is not the one printed; a missing snapshot, a corrupt one, a missing
# fs-prio, one that ignores SIGTERM and leaves a child holding its output,
# FS_CLI_FILTER=off and ~/.fs-toolkit-quiet all let the job submit
# (silently, the hang within the budget) and run. The lines come from the
# user's own small file (per-user/users/NAME), else from ranked.tsv. With
# PrivateData=usage,jobs the snapshot's tree and queue are root's alone and
# each user's file that user's: another user cannot read them, and the
# hook shows a user their own numbers, without the place or the FairShare
# after the job.
#
# Runs in the chroot stacks (tests/releases.t sets FS_RELEASE;
# FS_RELEASES_TESTS=tests/clifilter-slurm.t runs it alone) and on the host
# when it has Slurm and its Lua plugin (a private stack on ports
# FS_CLIFILTER_PORT_BASE.., default 17217, so it never meets slurm.t's;
# FS_CLIFILTER_HOST= (empty) skips it there). Takes about a minute and a half.
set -u
cd "$(dirname "$0")" || exit 1
bin=${FS_BIN:-$PWD/../bin}
export PATH="$bin:$PATH"

. slurm/private-stack.sh
FS_CLIFILTER_HOST=${FS_CLIFILTER_HOST-1}
unset FS_CLI_FILTER_DEBUG
export FS_SLURM_EXTRA_CONF="CliFilterPlugins=cli_filter/lua"
private_stack CLIFILTER /tmp/fs-slurm-clifilter 17217 sacct timeout
lua_so=$(ls /usr/lib/*/slurm-wlm/cli_filter_lua.so /usr/lib/*/slurm/cli_filter_lua.so \
	/usr/lib*/slurm/cli_filter_lua.so 2>/dev/null | head -n 1)
[ -n "$lua_so" ] || skip "Slurm's cli_filter/lua plugin is not installed"
! ldd "$lua_so" 2>/dev/null | grep -q 'not found' ||
	skip "$lua_so: a library is missing ($(ldd "$lua_so" | grep 'not found' | head -n 1))"
export FS_SLURM_CPUS=4 FS_SLURM_HALF_LIFE=7-0

echo "1..17"
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
cat >"$tmp/tree.cfg" <<'EOF'
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
EOF
slurm/load-tree.sh "$tmp/tree.cfg" >>"$log" 2>&1 || bail "load-tree.sh failed"
# Some usage, so that the users do not all tie.
slurm/run-jobs.sh cfc:cfother:1:5 cfb:cfacct:2:3 >>"$log" 2>&1 ||
	bail "run-jobs.sh failed"
# A pending job in the snapshot, for a place other than 1 of 1: cfc's job
# takes the node's 4 CPUs (cancelled at the end), cfb's waits.
blocker=$(sbatch --parsable --uid=cfc -A cfother -n 4 -t 10 -o /dev/null \
	--wrap 'sleep 600' 2>>"$log") || bail "sbatch failed"
for _ in $(seq 60); do
	[ "$(squeue -h -j "$blocker" -o %T 2>/dev/null)" = RUNNING ] && break
	sleep 0.5
done
waiting=$(sbatch --parsable --uid=cfb -A cfacct -n 2 -t 5 -o /dev/null \
	--wrap 'sleep 1' 2>>"$log") || bail "sbatch failed"
"$share/fs-cli-filter-snapshot" "$snap" >>"$log" 2>&1 ||
	bail "fs-cli-filter-snapshot failed"

# A job: 2 CPUs, 5 minutes (a sleep of 1 s). Its stderr in $tmp/err.$1,
# its id in $tmp/id.$1, sbatch's time in $tmp/time.$1.
ids=
submit() { # NAME [USER [ACCOUNT]] (ACCOUNT - for none)
	local t0 st a=(-A "${3:-cfacct}")
	[ "${3:-}" = - ] && a=()
	t0=$(date +%s%N)
	sbatch --parsable --uid="${2:-cfa}" "${a[@]}" -n 2 -t 5 -o /dev/null \
		--wrap 'sleep 1' >"$tmp/id.$1" 2>"$tmp/err.$1"
	st=$?
	echo $((($(date +%s%N) - t0) / 1000000)) >"$tmp/time.$1"
	{ echo "== sbatch $1: status $st, $(cat "$tmp/time.$1") ms"; cat "$tmp/id.$1" "$tmp/err.$1"; } >>"$log"
	grep -qx '[0-9][0-9]*' "$tmp/id.$1" && ids="$ids${ids:+,}$(cat "$tmp/id.$1")"
	return $st
}

# What the lines must say, from the snapshot: FairShare and rank from the
# ranked tree's columns, the rest from fs-prio offline on it.
want() { # ACCOUNT/USER: the two lines
	local fs rank users pl cost
	read -r fs rank users < <(awk -F'\t' -v a="${1%/*}" -v u="${1#*/}" '
		$1 == "Account" { for (i = 1; i <= NF; i++) c[$i] = i; next }
		/^#/ { next }
		$c["User"] != "" { n++ }
		$c["Account"] == a && $c["User"] == u { fs = $c["FairShare"]; r = $c["Rank"] }
		END { printf "%.6f %s %d\n", fs, r, n }' "$snap/ranked.tsv")
	pl=$(fs-prio --new --tree "$snap/ranked.tsv" --conf "$SLURM_CONF" \
		--jobs-file "$snap/pending.tsv" -u "$1" -n 2 -t 5 </dev/null |
		sed -n 's/^priority: \([0-9]*\) =.*/priority \1/p; s/^place: \([0-9]* of [0-9]* in partition [^ ]*\).*/place \1/p' |
		paste -sd, | sed 's/,/, /')
	cost=$(fs-prio --new --tree "$snap/ranked.tsv" --conf "$SLURM_CONF" \
		-u "$1" -n 2 -t 5 --cost </dev/null |
		sed -n 's/^  [a-z]*\/[a-z]*: .* -> \(FairShare [0-9.]*, rank [0-9]* of [0-9]*\)$/\1/p')
	echo "fs-toolkit: $1: FairShare $fs, rank $rank of $users; this job: $pl"
	echo "fs-toolkit: its cost: 600 billing-seconds; once it has run: $cost (as of $(sed -n 's/^#taken=//p' "$snap/ranked.tsv"))"
	# Several accounts: where the job lands best (place, then priority),
	# from the table fs-prio --accounts prints.
	fs-prio --new --tree "$snap/ranked.tsv" --conf "$SLURM_CONF" \
		--jobs-file "$snap/pending.tsv" -u "$1" -n 2 -t 5 --accounts </dev/null |
		awk '/^  -A / { a = $2; sub(":", "", a); p = $4 + 0; pl = $6 + 0; t = $8 + 0; n++
			if (n == 1) { ma = a; mpl = pl; mp = p; ba = a; bpl = pl; bp = p }
			else if (pl < bpl || (pl == bpl && p > bp)) { ba = a; bpl = pl; bp = p } }
		END { if (n < 2) exit
			if (ba != ma && bpl == mpl) printf "fs-toolkit: under -A %s: priority %d instead of %d (place %d of %d either way)\n", ba, bp, mp, mpl, t
			else if (ba != ma) printf "fs-toolkit: under -A %s: place %d of %d instead of %d of %d\n", ba, bpl, t, mpl, t
			else printf "fs-toolkit: -A %s is the best of your %d accounts for this job\n", ma, n }'
}
want cfacct/cfa >"$tmp/want"
want cfother/cfc >"$tmp/want.other"
sed 's/^/# want: /' "$tmp/want"

submit good
st=$?
sed 's/^/# got:  /' "$tmp/err.good"
echo "# sbatch took $(cat "$tmp/time.good") ms with the filter"
[ $st = 0 ] && cmp -s "$tmp/want" "$tmp/err.good"
ok $? "sbatch prints FairShare, rank, priority, place and cost as the snapshot says"
grep -q '^fs-toolkit: its cost: 600 billing-seconds' "$tmp/err.good" &&
	grep -q 'place 2 of 2 in partition main\|place 1 of 2 in partition main' "$tmp/err.good" &&
	! cmp -s "$tmp/want.other" "$tmp/err.good"
ok $? "the cost is 2 CPUs x 300 s, the place among 2 pending jobs; negative control: not the lines for cfother/cfc"

# cfa is in cfacct (its DefaultAccount) and cfother: without -A, sbatch
# runs the job under cfacct, and the lines say so.
submit default cfa -
sed 's/^/# got:  /' "$tmp/err.default"
[ $? = 0 ] && [ "$(wc -l <"$tmp/want")" = 3 ] && cmp -s "$tmp/want" "$tmp/err.default"
ok $? "a user in two accounts without -A: the lines of the DefaultAccount, and where the job lands best"

silent() { # NAME WHAT: submitted, nothing on stderr
	[ "$2" = 0 ] && [ -s "$tmp/id.$1" ] && [ ! -s "$tmp/err.$1" ]
}
# The user's own file is what the hook reads: the lines are those of the
# whole tree (want) with it; without it, those of ranked.tsv.
[ -L "$snap/per-user" ] && [ -f "$snap/per-user/users/cfa" ] &&
	[ "$(stat -c %a "$snap/per-user/users/cfa")" = 644 ] &&
	grep -q '^#subset=paths$' "$snap/per-user/users/cfa"
ok $? "the snapshot holds each user's own small file (per-user/users/NAME, a part of the ranked tree)"
mv "$snap/per-user" "$snap/per-user.away"
submit whole
[ $? = 0 ] && cmp -s "$tmp/want" "$tmp/err.whole"
st=$?
mv "$snap/ranked.tsv" "$snap/ranked.tsv.good"
submit nosnap
silent nosnap $? && [ $st = 0 ]
ok $? "without the per-user files, the same lines from ranked.tsv; negative control: with neither, the job is submitted silently"

printf 'garbage\tnot a tree\n\001\002\n' >"$snap/ranked.tsv"
mv "$snap/per-user.away" "$snap/per-user"
cp "$snap/per-user/users/cfa" "$tmp/cfa.good"
printf 'garbage\tnot a tree\n\001\002\n' >"$snap/per-user/users/cfa"
submit corrupt
silent corrupt $?
ok $? "negative control: a corrupt snapshot, the job is submitted silently"
mv "$snap/ranked.tsv.good" "$snap/ranked.tsv"
cp "$tmp/cfa.good" "$snap/per-user/users/cfa"

filter "$tmp/no/such/fs-prio"
submit noprio
silent noprio $?
ok $? "negative control: no fs-prio, the job is submitted silently"

# A stand-in for an fs-prio stuck (on a hung file system, say): it ignores
# SIGTERM and leaves a child of its own, in a session of its own, holding
# its standard output and error for 30 s.
printf '#!/bin/sh\ntrap "" TERM\nsetsid sleep 30 &\nsleep 30\n' >"$tmp/hang"
chmod 755 "$tmp/hang"
filter "$tmp/hang"
submit hang
st=$?
echo "# sbatch took $(cat "$tmp/time.hang") ms with an fs-prio that hangs"
silent hang $st && [ "$(cat "$tmp/time.hang")" -lt 2500 ]
ok $? "negative control: an fs-prio that ignores SIGTERM and leaves a child holding its output, the job is submitted within the budget (1 s)"

filter
submit again
[ $? = 0 ] && cmp -s "$tmp/want" "$tmp/err.again"
ok $? "the filter back in place, the same lines again"

FS_CLI_FILTER=off submit off
silent off $?
st=$?
mkdir -p "$tmp/home" && : >"$tmp/home/.fs-toolkit-quiet"
HOME=$tmp/home submit quietfile
silent quietfile $? && [ $st = 0 ]
ok $? "a user turns it off: FS_CLI_FILTER=off, or a file ~/.fs-toolkit-quiet"

# As the user, not root: cfa's own sbatch (the hook runs as cfa).
chmod 755 "$tmp"
asuser() { # NAME USER [ENV...]: sbatch run by USER, as submit
	local n=$1 u=$2
	shift 2
	(cd / && su -s /bin/sh "$u" -c "env $* SLURM_CONF='$SLURM_CONF' sbatch --parsable -n 2 -t 5 -o /dev/null --wrap 'sleep 1'") \
		>"$tmp/id.$n" 2>"$tmp/err.$n"
	local st=$?
	{ echo "== sbatch $n as $u: status $st"; cat "$tmp/id.$n" "$tmp/err.$n"; } >>"$log"
	grep -qx '[0-9][0-9]*' "$tmp/id.$n" && ids="$ids${ids:+,}$(cat "$tmp/id.$n")"
	return $st
}
asuser user cfa
[ $? = 0 ] && cmp -s "$tmp/want" "$tmp/err.user"
ok $? "run by the user itself, the same lines"

# PrivateData=usage,jobs: the snapshot keeps the tree and the queue for
# root and each user's file for that user; another user cannot read them
# (nor list the users), and the hook shows a user what sshare and sprio
# would: their FairShare and rank, the job's priority and cost, not its
# place among others' jobs nor their FairShare after it (the debug switch
# says why).
FS_SLURM_PRIVATE_DATA=usage,jobs slurm/stack.sh restart-ctld >>"$log" 2>&1 &&
	scontrol show config | grep -q '^PrivateData *= *.*usage' ||
	bail "cannot restart slurmctld with PrivateData=usage,jobs"
"$share/fs-cli-filter-snapshot" "$snap" >>"$log" 2>&1 ||
	bail "fs-cli-filter-snapshot failed under PrivateData"
ls -l "$snap" "$snap/per-user/users" | sed 's/^/# /'
own=$snap/per-user/users/cfa
[ "$(stat -c %a "$snap/ranked.tsv")" = 600 ] && [ "$(stat -c %a "$snap/pending.tsv")" = 600 ] &&
	[ "$(stat -c '%a %U' "$own")" = "600 cfa" ] && [ ! -e "$snap/per-user/lists.tsv" ] &&
	! su -s /bin/sh cfc -c "cat '$snap/ranked.tsv' '$snap/pending.tsv'" >/dev/null 2>&1 &&
	! su -s /bin/sh cfc -c "cat '$own'" >/dev/null 2>&1 &&
	! su -s /bin/sh cfc -c "ls '$snap/per-user/users'" >/dev/null 2>&1 &&
	su -s /bin/sh cfc -c "cat '$snap/per-user/users/cfc' '$snap/qos.txt'" >/dev/null 2>&1
ok $? "PrivateData=usage,jobs: ranked.tsv and pending.tsv are root's, cfa's file cfa's alone (cfc can read neither, nor list the users, but reads its own), no lists"
# cfa's file: cfa's rows with their numbers, the accounts without usage.
awk -F'\t' '$1 == "Account" { for (i = 1; i <= NF; i++) c[$i] = i; next } /^#/ { next }
	$c["User"] != "" && $c["User"] != "cfa" { bad = 1 }
	$c["User"] == "" && ($c["RawUsage"] != "" || $c["EffectvUsage"] != "" || $c["LevelFS"] != "") { bad = 1 }
	END { exit bad }' "$own"
ok $? "PrivateData: cfa's file holds cfa's rows alone, and no account's usage"
fs=$(awk -F'\t' '$1 == "Account" { for (i = 1; i <= NF; i++) c[$i] = i; next } /^#/ { next }
	$c["Account"] == "cfacct" && $c["User"] == "cfa" { printf "%.6f, rank %s", $c["FairShare"], $c["Rank"] }' "$snap/ranked.tsv")
asuser private cfa
st=$?
sed 's/^/# got:  /' "$tmp/err.private"
[ $st = 0 ] && grep -qx "fs-toolkit: cfacct/cfa: FairShare $fs of [0-9]*; this job: priority [0-9]*" "$tmp/err.private" &&
	grep -qx 'fs-toolkit: its cost: 600 billing-seconds (as of [0-9TZ:-]*)' "$tmp/err.private" &&
	! grep -q 'place\|once it has run' "$tmp/err.private"
ok $? "PrivateData: cfa is shown its FairShare and rank ($fs), the job's priority and cost; no place, no FairShare after"
asuser privdebug cfa FS_CLI_FILTER_DEBUG=1
sed 's/^/# debug: /' "$tmp/err.privdebug"
grep -q 'no place in the queue' "$tmp/err.privdebug" &&
	grep -q 'FairShare after the job is left out.*private' "$tmp/err.privdebug"
ok $? "PrivateData: the debug switch says what was left out and why"

# Every job submitted above runs to its end, once cfc's is cancelled.
scancel "$blocker" >>"$log" 2>&1
ids="$ids,$waiting"
completed() { sacct -X -n -P -j "$ids" -o State 2>/dev/null | grep -cx COMPLETED; }
for _ in $(seq 90); do
	[ "$(completed)" = 14 ] && break
	sleep 1
done
states=$(sacct -X -n -P -j "$ids" -o JobID,State 2>>"$log" | paste -sd' ')
echo "# jobs: $states"
[ "$(echo "$ids" | tr , '\n' | wc -l)" = 14 ] && [ "$(completed)" = 14 ]
ok $? "all 14 jobs ran and completed (13 above, and the one in the snapshot)"

[ "${FS_CLIFILTER_VERBOSE:-}" ] && sed 's/^/# /' "$log"
exit 0
