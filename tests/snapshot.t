#!/usr/bin/env bash
# contrib/fs-cli-filter-snapshot run as root, as cron or the timer runs it,
# under each way it used to fail open; every check of what a user can do
# is made as that user (su), with two users of one group (snapa, snapb).
#
# Without a daemon (the script installed with fs-tree, fs-prio and
# sacctmgr stand-ins first on its PATH, fs-rank the real one): a tree that
# does not say PrivateData (an older fs-tree, or no way to ask) gives the
# private form and a line; fs-tree failing keeps what is there private;
# turning PrivateData on leaves no public generation after one run; a
# user's private file holds no account's usage, TRESRunMins or Level FS,
# its user reads it and cannot write, grow or replace it, the other user
# cannot read it; DIR a symlink, not root's, or writable by others is
# refused, and an existing DIR keeps its mode; fs-rank --per-user over an
# existing directory refuses it; three runs at once leave a link to a
# whole generation (each run writes or says it did nothing); a run killed
# (KILL) leaves a .new.* that the next run removes, one stopped by TERM
# removes its own; a user named with 256 bytes is left out with a line,
# the others written; a FIFO at users/NAME or lists.tsv is an error for
# fs-prio --new, not a wait, and one left in DIR does not stop a run.
#
# With slurmctld (a private stack, tests/slurm/private-stack.sh: in the
# chroots through tests/releases.t, on the host with FS_SNAPSHOT_HOST=1;
# ports from 17317): the live tree says the controller's PrivateData
# (#private_data=), and the snapshot, with a failing scontrol first on the
# PATH, writes the public form without PrivateData and the private one
# with PrivateData=usage,jobs.
#
# Needs root (su, chown). About 7 s without the daemon part, 20 s with it.
set -u
cd "$(dirname "$0")" || exit 1
bin=${FS_BIN:-$PWD/../bin}
export LC_ALL=C TZ=UTC
. ./tap.sh
# The stack's checks; its skip, once tests have run, is one more line.
. slurm/private-stack.sh
skip() {
	ok 0 "with slurmctld # skip $*"
	echo "1..$n"
	exit 0
}
if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP needs root (su as two users, files of root's)"
	exit 0
fi
for p in flock su; do
	command -v "$p" >/dev/null || { echo "1..0 # SKIP $p missing"; exit 0; }
done
t=$(mktemp -d) || exit 1
chmod 755 "$t"
trap 'rm -rf "$t"' EXIT
mkfifo "$t/gate"
for u in snapa snapb; do
	id "$u" >/dev/null 2>&1 ||
		useradd -r -M -N -g users -s /bin/sh -d /nonexistent "$u" ||
		{ echo "Bail out! cannot create user $u"; exit 1; }
done
as() { # USER COMMAND: COMMAND run by USER in sh
	su -s /bin/sh "$1" -c "$2" </dev/null
}

# The script installed, its BINDIR a directory of stand-ins: fs-tree
# prints $t/tree.in (fails with FAKE_FAIL set, first waits on the FIFO
# FAKE_GATE when set), fs-prio --tsv another user's pending job (--places its place), sacctmgr
# a QOS; fs-rank and fs-prio's other uses are the real ones.
fake=$t/bin
mkdir "$fake"
sed -e "s|@BINDIR@|$fake|g" -e "s|@DATADIR@|$t|g" ../contrib/fs-cli-filter-snapshot >"$t/snapshot"
chmod 755 "$t/snapshot"
cat >"$fake/fs-tree" <<EOF
#!/bin/sh
[ -n "\${FAKE_GATE:-}" ] && read -r _ <"\$FAKE_GATE"
[ -z "\${FAKE_FAIL:-}" ] || { echo "fs-tree: cannot reach slurmctld" >&2; exit 1; }
cat "$t/tree.in"
EOF
cat >"$fake/fs-prio" <<EOF
#!/bin/sh
case "\$*" in
--tsv) printf '#fs-jobs 1\nJobID\tUser\tAccount\tPartition\n7\tsnapb\tsecret\tmain\n' ;;
--places) printf '#fs-places 1\nPartition\tTier\tBefore\tPriority\tJobs\nmain\t1\t0\t0\t0\nmain\t1\t0\t100\t1\n' ;;
*) exec "$bin/fs-prio" "\$@" ;;
esac
EOF
printf '#!/bin/sh\necho "normal|0|1.000000"\n' >"$fake/sacctmgr"
ln -s "$bin/fs-rank" "$fake/fs-rank"
chmod 755 "$fake"/*

long=$(printf 'u%.0s' $(seq 256))
tree() { # PRIVATE_DATA (or - for none): $t/tree.in
	{
		echo '#fs-tsv 1'
		[ "$1" = - ] || echo "#private_data=$1"
		printf 'Account\tUser\tParent\tRawShares\tRawUsage\tTRESRunMins\n'
		printf 'root\t\t\t1\t\tcpu=999\n'
		printf 'acct\t\troot\t1\t\tcpu=777\n'
		printf 'acct\tsnapa\tacct\t1\t500\tcpu=5\n'
		printf 'acct\tsnapb\tacct\t1\t100\tcpu=3\n'
		printf 'acct\t%s\tacct\t1\t1\tcpu=0\n' "$long"
	} >"$t/tree.in"
}
d=$t/snap
run() { # [ENV=VALUE...]: the snapshot into $d, stderr into $t/err
	env "$@" "$t/snapshot" "$d" >"$t/out" 2>"$t/err"
}
own=$d/per-user/users/snapa
private_form() { # [jobs]: the files as PrivateData=usage[,jobs] leaves them
	[ "$(stat -c %a "$d/ranked.tsv")" = 600 ] &&
		[ "$(stat -c %a "$d/pending.tsv")" = "$([ "${1:-}" = jobs ] && echo 600 || echo 644)" ] &&
		[ "$(stat -c '%a %U' "$own")" = "640 root" ] && [ ! -e "$d/per-user/lists.tsv" ] &&
		as snapa "cat '$own'" >/dev/null 2>&1 &&
		! as snapb "cat '$own'" >/dev/null 2>&1 &&
		! as snapb "ls '$d/per-user/users'" >/dev/null 2>&1 &&
		! as snapb "cat '$d/ranked.tsv'" >/dev/null 2>&1 &&
		{ [ "${1:-}" != jobs ] || ! as snapa "cat '$d/pending.tsv'" >/dev/null 2>&1; }
}
public_gens() { # the per-user generations any user can list or read
	find "$d" -maxdepth 1 -name 'per-user.*' -exec sh -c \
		'[ -e "$1/lists.tsv" ] || [ -n "$(find "$1/users" -maxdepth 0 -perm -004)" ]' _ {} \; -print
}

# A tree that does not say the site's PrivateData: the private form.
tree -
run
st=$?
ok "$([ $st = 0 ] && private_form jobs && grep -q "does not say the site's PrivateData.*private" "$t/err"; echo $?)" \
	"a tree without #private_data: the private form, and a line: $(head -1 "$t/err")"
# The user's own file: their rows; no account's usage or running TRES.
ok "$(! grep -q 'cpu=999\|cpu=777\|snapb\|500.*snapb' "$own" && grep -q 'cpu=5' "$own" &&
	! grep -q 'cpu=3' "$own"; echo $?)" \
	"snapa's file holds its own TRESRunMins, not the account's, the cluster's or snapb's"
ok "$(! as snapa "echo x >>'$own'" 2>/dev/null && ! as snapa "head -c 5000 /dev/zero >'$own'" 2>/dev/null &&
	! as snapa "rm -f '$own'" 2>/dev/null && ! as snapa "mv '$own' '$own.x'" 2>/dev/null &&
	! as snapa "touch '$d/per-user/users/new'" 2>/dev/null && [ "$(stat -c %s "$own")" -lt 2000 ] &&
	ls -l "$own" | grep -q '^-rw-r-----+'; echo $?)" \
	"snapa cannot write, grow, remove or replace its file (root's, an ACL for snapa)"
ok "$(grep -q "user 'uuuu.*': a name that is no file name" "$t/err" && [ -e "$d/per-user/users/snapb" ]; echo $?)" \
	"a user named with 256 bytes is left out with a line, the others written"

# Public (no PrivateData), then PrivateData turned on: one run leaves no
# public generation, and the earlier public files become root's.
tree ''
run && run
ok "$(private_form; [ $? != 0 ] && [ -e "$d/per-user/lists.tsv" ] &&
	[ "$(stat -c %a "$d/ranked.tsv")" = 644 ] && as snapb "cat '$own'" >/dev/null 2>&1; echo $?)" \
	"no PrivateData: the public form (lists, 644), snapb may read snapa's file"
tree usage
run
st=$?
ok "$([ $st = 0 ] && private_form && [ -z "$(public_gens)" ]; echo $?)" \
	"PrivateData=usage turned on: one run and no public generation is left, pending.tsv still 644 ($(ls "$d" | tr '\n' ' '))"
tree ''
run
tree usage,jobs
run FAKE_FAIL=1
st=$?
ok "$([ $st = 1 ] && [ "$(stat -c %a "$d/ranked.tsv")" = 600 ] && [ "$(stat -c %a "$d/pending.tsv")" = 600 ] &&
	[ -z "$(public_gens)" ] && grep -q "fs-tree failed.*kept private" "$t/err"; echo $?)" \
	"fs-tree failing: status 1, and what is there kept private: $(head -1 "$t/err")"

# The directory: a symlink, not root's, writable by others: refused,
# nothing written there; an existing one keeps its mode.
mkdir "$t/target" && chmod 1777 "$t/target" && ln -s "$t/target" "$t/link"
"$t/snapshot" "$t/link" >/dev/null 2>"$t/err"
st=$?
ok "$([ $st = 1 ] && [ -z "$(ls -A "$t/target")" ] && [ "$(stat -c %a "$t/target")" = 1777 ] &&
	grep -q 'symbolic link' "$t/err"; echo $?)" "DIR a symlink: refused, its target untouched: $(cat "$t/err")"
mkdir "$t/users-dir" && chown snapa "$t/users-dir"
"$t/snapshot" "$t/users-dir" >/dev/null 2>&1
st=$?
"$t/snapshot" "$t/target" >/dev/null 2>&1
st2=$?
ok "$([ $st = 1 ] && [ $st2 = 1 ] && [ -z "$(ls -A "$t/users-dir")" ] && [ -z "$(ls -A "$t/target")" ]; echo $?)" \
	"DIR not root's, or writable by others (1777): refused, nothing written"
mkdir -m 750 "$t/kept"
tree ''
"$t/snapshot" "$t/kept" >/dev/null 2>&1
ok "$([ "$(stat -c %a "$t/kept")" = 750 ] && [ -e "$t/kept/ranked.tsv" ]; echo $?)" "an existing DIR keeps its mode (750)"
"$bin/fs-rank" --per-user "$(readlink -f "$t/kept/per-user")" <"$t/tree.in" >/dev/null 2>"$t/err"
st=$?
ok "$([ $st != 0 ] && grep -q 'not empty' "$t/err"; echo $?)" \
	"fs-rank --per-user over an existing directory: refused: $(cat "$t/err")"

# Killed midway (fs-tree waiting): KILL leaves its .new.*, the next run
# removes it; TERM removes its own.
killed() { # SIGNAL: a run killed while fs-tree waits
	setsid env FAKE_GATE="$t/gate" "$t/snapshot" "$d" >/dev/null 2>&1 &
	local pid=$! k
	for k in $(seq 600); do
		[ -n "$(ls -d "$d"/.new.* 2>/dev/null)" ] && break
		sleep 0.1
	done
	kill -"$1" -- -"$pid"
	wait "$pid" 2>/dev/null
	sleep 0.2
}
killed KILL
left=$(ls -d "$d"/.new.* 2>/dev/null | wc -l)
run
ok "$([ "$left" = 1 ] && [ -z "$(ls -d "$d"/.new.* 2>/dev/null)" ] && [ -f "$own" ]; echo $?)" \
	"a run killed by KILL leaves $left .new.*, which the next run removes"
killed TERM
ok "$([ -z "$(ls -d "$d"/.new.* 2>/dev/null)" ]; echo $?)" "a run stopped by TERM removes its own .new.*"

# Three runs at once: while the first holds the lock (its fs-tree
# waiting), the two others say so and do nothing; then the first ends, its
# link naming a whole generation, nothing left behind.
setsid env FAKE_GATE="$t/gate" "$t/snapshot" "$d" >/dev/null 2>"$t/err.1" &
first=$!
for k in $(seq 600); do
	[ -n "$(ls -d "$d"/.new.* 2>/dev/null)" ] && break
	sleep 0.1
done
for i in 2 3; do
	env FAKE_GATE="$t/gate" "$t/snapshot" "$d" >/dev/null 2>"$t/err.$i" &
	eval "pid$i=\$!"
done
# (A hang guard: runs that wait on the gate too are let go after 60 s.)
for k in $(seq 600); do
	kill -0 "$pid2" 2>/dev/null || kill -0 "$pid3" 2>/dev/null || break
	sleep 0.1
done
for k in 1 2 3; do
	kill -0 "$first" 2>/dev/null || kill -0 "$pid2" 2>/dev/null || kill -0 "$pid3" 2>/dev/null || break
	timeout 5 sh -c 'echo go >"$1"' _ "$t/gate"
done
wait "$pid2"
st2=$?
wait "$pid3"
st3=$?
wait "$first"
st1=$?
ok "$([ "$st1$st2$st3" = 000 ] && grep -q 'another run is writing' "$t/err.2" &&
	grep -q 'another run is writing' "$t/err.3" && [ -f "$d/per-user/users/snapa" ] &&
	[ -z "$(ls -d "$d"/.new.* 2>/dev/null)" ] && [ "$(ls -d "$d"/per-user.* | wc -l)" -le 2 ]; echo $?)" \
	"three runs at once: two say another run is writing and do nothing (status $st1 $st2 $st3); the link names a whole generation, nothing left"

# FIFOs: in the per-user directory, an error for fs-prio --new, not a
# wait (timeout: a hang guard); left in DIR, a run is not stopped.
conf=golden/fs-prio-cluster.conf
cp -r "$(readlink -f "$d/per-user")" "$t/fifo.d"
rm "$t/fifo.d/users/snapa" && mkfifo "$t/fifo.d/users/snapa"
timeout 20 "$bin/fs-prio" --new --brief --conf "$conf" --tree "$t/fifo.d" -u snapa -t 1:00:00 >/dev/null 2>"$t/err"
st=$?
ok "$([ $st != 0 ] && [ $st -lt 124 ] && grep -q 'not a regular file' "$t/err"; echo $?)" \
	"a FIFO at users/NAME: an error, no wait: $(cat "$t/err")"
rm -rf "$t/fifo.d" && cp -r "$(readlink -f "$d/per-user")" "$t/fifo.d"
rm "$t/fifo.d/lists.tsv" && mkfifo "$t/fifo.d/lists.tsv"
timeout 20 "$bin/fs-prio" --new --brief --conf "$conf" --tree "$t/fifo.d" -u snapa -t 1:00:00 >/dev/null 2>"$t/err"
st=$?
ok "$([ $st -lt 124 ] && grep -q 'lists.tsv: not a regular file' "$t/err"; echo $?)" \
	"a FIFO at lists.tsv: an error, no wait: $(cat "$t/err")"
rm -f "$d/ranked.tsv" && mkfifo "$d/ranked.tsv" "$d/junk"
timeout 60 "$t/snapshot" "$d" >/dev/null 2>"$t/err"
st=$?
ok "$([ $st = 0 ] && [ -f "$d/ranked.tsv" ]; echo $?)" "FIFOs left in DIR: the run ends and replaces ranked.tsv (status $st)"

# With slurmctld: the live tree says PrivateData, whatever scontrol on
# the PATH does; the snapshot follows it.
private_stack SNAPSHOT /tmp/fs-slurm-snapshot 17317
trap 'slurm/stack.sh stop >/dev/null 2>&1; rm -rf "$tmp" "$t"' EXIT
{
	slurm/stack.sh wipe && slurm/stack.sh start
} >>"$log" 2>&1 || bail "stack.sh start failed"
printf '%s\n' "Cluster - 'fstest'" "Parent - 'root'" "Account - 'snapacct':Fairshare=10" \
	"Parent - 'snapacct'" "User - 'snapa':DefaultAccount='snapacct':Fairshare=1" \
	"User - 'snapb':DefaultAccount='snapacct':Fairshare=1" >"$tmp/tree.cfg"
slurm/load-tree.sh "$tmp/tree.cfg" >>"$log" 2>&1 || bail "load-tree.sh failed"
sed -e "s|@BINDIR@|$bin|g" -e "s|@DATADIR@|$tmp|g" ../contrib/fs-cli-filter-snapshot >"$tmp/snapshot"
chmod 755 "$tmp/snapshot"
mkdir "$tmp/nosc" && printf '#!/bin/sh\nexit 1\n' >"$tmp/nosc/scontrol" && chmod 755 "$tmp/nosc/scontrol"
d=$tmp/live
own=$d/per-user/users/snapa
"$bin/fs-tree" >"$tmp/tree.tsv" 2>>"$log"
PATH=$tmp/nosc:$PATH "$tmp/snapshot" "$d" >>"$log" 2>"$t/err"
st=$?
ok "$(grep -qx '#private_data=' "$tmp/tree.tsv" && [ $st = 0 ] && [ -e "$d/per-user/lists.tsv" ] &&
	[ "$(stat -c %a "$d/ranked.tsv")" = 644 ] && as snapb "cat '$own'" >/dev/null 2>&1; echo $?)" \
	"no PrivateData: the live tree says so (#private_data=), the public form with a failing scontrol on the PATH (status $st)"
FS_SLURM_PRIVATE_DATA=usage,jobs slurm/stack.sh restart-ctld >>"$log" 2>&1 ||
	bail "cannot restart slurmctld with PrivateData=usage,jobs"
"$bin/fs-tree" >"$tmp/tree.tsv" 2>>"$log"
PATH=$tmp/nosc:$PATH "$tmp/snapshot" "$d" >>"$log" 2>"$t/err"
st=$?
ok "$(grep -q '^#private_data=.*usage' "$tmp/tree.tsv" && grep -q '^#private_data=.*jobs' "$tmp/tree.tsv" &&
	[ $st = 0 ] && private_form jobs && [ -z "$(public_gens)" ]; echo $?)" \
	"PrivateData=usage,jobs: the live tree says $(grep '^#private_data=' "$tmp/tree.tsv"); the private form at once, no public generation left (status $st)"
echo "1..$n"
