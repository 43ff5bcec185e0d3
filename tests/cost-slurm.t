#!/usr/bin/env bash
# fs-prio --new ... --cost against the controller: on a private
# stack (tests/slurm/stack.sh, its own state directory and ports), predict
# what a job of 2 CPUs and a 2-minute limit adds to a fresh user's RawUsage,
# run that job (sleep 120 s, so it runs its whole limit), and compare the
# RawUsage slurmctld then holds with the prediction.
#
# Then the forecast the same way (below). Tolerance: 5 %. The job's real
# run time is its 120 s of sleep plus the second or two of starting and ending (about 2 %), and the usage decays
# for the minute or so between the job's end and the pass that is read
# (PriorityCalcPeriod 1 minute, half-life 7 days: 0.01 %). Negative
# controls: the predictions for 4 CPUs and for a 4-minute limit must both
# be outside the tolerance, or the comparison means nothing.
#
# Runs in the chroot stacks (tests/releases.t sets FS_RELEASE;
# FS_RELEASES_TESTS=tests/cost-slurm.t runs it alone); on the host only with
# FS_COST_HOST=1 (a private stack on ports FS_COST_PORT_BASE.., default
# 17117), when no other run uses the host's Slurm.
# Takes about four minutes.
set -u
cd "$(dirname "$0")" || exit 1
bin=${FS_BIN:-$PWD/../bin}
export PATH="$bin:$PATH"

. slurm/private-stack.sh
# FS_COST_HOST=1: on the host, only when no other run uses its Slurm.
unset FS_SLURM_EXTRA_CONF
private_stack COST /tmp/fs-slurm-cost 17117
export FS_SLURM_CPUS=4 FS_SLURM_HALF_LIFE=7-0

echo "1..7"
{
	slurm/stack.sh wipe && slurm/stack.sh start
} >"$log" 2>&1 || bail "stack.sh start failed"
cat >"$tmp/tree.cfg" <<'EOF'
Cluster - 'fstest'
Parent - 'root'
Account - 'costacct':Fairshare=10
Account - 'other':Fairshare=10
Parent - 'costacct'
User - 'costa':DefaultAccount='costacct':Fairshare=1
User - 'costb':DefaultAccount='costacct':Fairshare=1
Parent - 'other'
User - 'costc':DefaultAccount='other':Fairshare=1
EOF
slurm/load-tree.sh "$tmp/tree.cfg" >>"$log" 2>&1 || bail "load-tree.sh failed"
# Some usage elsewhere, so that the tree is not all zero.
slurm/run-jobs.sh costc:other:1:5 >>"$log" 2>&1 || bail "run-jobs.sh failed"

# RawUsage of costacct/costa in a live dump.
raw() {
	fs-tree </dev/null | awk -F'\t' '
		$1 == "Account" { for (i = 1; i <= NF; i++) c[$i] = i; next }
		!/^#/ && $c["Account"] == "costacct" && $c["User"] == "costa" { print $c["RawUsage"] + 0 }'
}
# What fs-prio predicts the job adds to costa's usage by its end.
predict() { # CPUS MINUTES
	fs-prio --new -u costacct/costa -n "$1" -t "$2" --cost --json </dev/null |
		sed -n 's/^ *"added": \([0-9.e+]*\),$/\1/p'
}
before=$(raw)
want=$(predict 2 2)
neg_cpus=$(predict 4 2)
neg_time=$(predict 2 4)
echo "# before $before; predicted added $want (4 CPUs: $neg_cpus, 4 minutes: $neg_time)"
[ "$before" = 0 ] && [ -n "$want" ] && [ -n "$neg_cpus" ] && [ -n "$neg_time" ]
ok $? "a fresh user (RawUsage $before) and fs-prio --cost's predictions"

# The job: 2 CPUs for its whole 2-minute limit.
slurm/run-jobs.sh costa:costacct:2:120 >>"$log" 2>&1 || bail "run-jobs.sh failed"
got=$(raw)
sacct -a -X -P -o JobID,User,Elapsed,AllocCPUS -u costa >>"$log" 2>&1
echo "# RawUsage of costacct/costa after the job: $got"
within() { # A B: |A - B| <= 5 % of B
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.05 * b) }'
}
within "$got" "$want"
ok $? "the controller's RawUsage $got is within 5 % of the prediction $want"
# The negative controls pass on two numbers only: with none (no usage read,
# no prediction) "not within" would be a pass that proves nothing.
[ -n "$got" ] && [ -n "$neg_cpus" ] && ! within "$got" "$neg_cpus"
ok $? "negative control: not within 5 % of the prediction for 4 CPUs ($neg_cpus)"
[ -n "$got" ] && [ -n "$neg_time" ] && ! within "$got" "$neg_time"
ok $? "negative control: not within 5 % of the prediction for 4 minutes ($neg_time)"

# The forecast (fs-explain --forecast): costb, without usage, ranks above
# costa (240 from the job above); costb now keeps 3 CPUs busy, so its usage
# passes costa's after about 80 s, between two passes (at 60 s it would be a
# coin's toss). When does costa rank above costb again? Predicted from a
# live dump with --rate costb=3 (and --no-running, the job being that rate),
# then watched: the first pass at which the controller's tree ranks costa
# above costb must come within 65 s of the predicted decay run (the
# controller's passes are a minute apart and not in step with the dump's
# time, plus a poll every 2 s). Negative control: the prediction for 1 CPU
# (about 240 s) is not within 65 s. The prediction from the running job
# itself (--running, sacct -s R with its Timelimit) must come within 65 s
# too.
job=$(sbatch --parsable --uid=costb -A costacct -n 3 -t 10 -o /dev/null \
	--wrap 'sleep 400' 2>>"$log") || bail "sbatch failed"
for _ in $(seq 60); do
	[ "$(squeue -h -j "$job" -o %T 2>/dev/null)" = RUNNING ] && break
	sleep 0.5
done
fs-tree </dev/null >"$tmp/t0.tsv" 2>>"$log" || bail "fs-tree failed"
at() { # RATE: the predicted time, seconds since the epoch
	fs-explain --forecast costacct/costa costacct/costb --no-running \
		--rate "costacct/costb=$1" "$tmp/t0.tsv" 2>>"$log" | tee -a "$log" |
		sed -n 's/^Answer: at \([^,]*\),.*/\1/p' | xargs -r -I{} date -d {} +%s
}
pred=$(at 3)
neg=$(at 1)
# The same from the running job itself (--running: sacct -s R, the job
# charged to its 10-minute limit, TRESRunMins not charged as well).
sacct -a -X -P -s R -o JobID,User,Account,Partition,Start,End,AllocTRES,Timelimit \
	>"$tmp/running.txt" 2>>"$log"
cat "$tmp/running.txt" >>"$log"
pred_run=$(fs-explain --forecast costacct/costa costacct/costb \
	--running "$tmp/running.txt" "$tmp/t0.tsv" 2>>"$log" | tee -a "$log" |
	sed -n 's/^Answer: at \([^,]*\),.*/\1/p' | xargs -r -I{} date -d {} +%s)
seen=
if [ -n "$pred" ]; then
	while [ "$(date +%s)" -lt $((pred + 150)) ]; do
		t=$(date +%s)
		if fs-tree </dev/null | fs-explain costacct/costa costacct/costb |
			grep -q '^costacct/costa ranks above'; then
			seen=$t
			break
		fi
		sleep 2
	done
fi
scancel "$job" >/dev/null 2>&1
echo "# forecast: predicted $pred (--running: $pred_run; 1 CPU: $neg), seen $seen"
close() { # A B: |A - B| <= 65
	[ -n "$1" ] && [ -n "$2" ] && [ $(($1 - $2)) -le 65 ] && [ $(($2 - $1)) -le 65 ]
}
close "$seen" "$pred"
ok $? "costa ranks above costb again at the predicted decay run (+-65 s): seen $seen, predicted $pred"
[ -n "$seen" ] && [ -n "$neg" ] && ! close "$seen" "$neg"
ok $? "negative control: not at the time predicted for 1 CPU ($neg)"
close "$seen" "$pred_run"
ok $? "with --running (sacct -s R) instead of the rate: the same decay run (+-65 s): predicted $pred_run"
[ "${FS_COST_SLURM_VERBOSE:-}" ] && sed 's/^/# /' "$log"
exit 0
