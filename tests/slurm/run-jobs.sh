#!/bin/bash
# run-jobs.sh [-n] [-r] USER:ACCOUNT:CPUS:SECONDS ...
# Submit one 'sleep SECONDS' batch job per argument, as USER (sbatch --uid),
# charged to ACCOUNT with CPUS tasks; wait until they have all finished, then
# wait for the next priority pass so that usage, Level FS and the fair-share
# factors are all up to date and stable (no job running).
#   -n  do not wait for a priority pass after the jobs end
#   -r  force the pass by restarting slurmctld instead of waiting for the
#       next PriorityCalcPeriod (note: the restart rebuilds the association
#       lists in database order, which changes tie order; see docs/slurm.md
#       §1.2 and docs/slurm-order.md)
# Job output goes to $FS_SLURM_DIR/jobs (mode 1777).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/env.sh"

pass=wait
while getopts nr o; do
	case $o in
	n) pass=none ;;
	r) pass=restart ;;
	*)
		echo "usage: run-jobs.sh [-n] [-r] USER:ACCOUNT:CPUS:SECONDS ..." >&2
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))

outdir=$FS_SLURM_DIR/jobs
ids=""
for spec in "$@"; do
	IFS=: read -r user acct cpus secs <<<"$spec"
	id=$(sbatch --parsable --uid="$user" -A "$acct" -n "$cpus" -t 10 \
		-o "$outdir/%j.out" -J "fs-$user" --wrap "sleep $secs")
	echo "run-jobs.sh: job $id: $user account $acct $cpus cpus ${secs}s"
	ids="$ids${ids:+,}$id"
done

if [ -n "$ids" ]; then
	while [ -n "$(squeue -h -t PD,R,CG,CF,S -j "$ids" -o %i 2>/dev/null)" ]; do
		sleep 1
	done
	echo "run-jobs.sh: jobs finished: $(sacct -n -X -P -j "$ids" -o JobID,User,Account,AllocCPUS,Elapsed,State | tr '\n' ' ')"
fi

case $pass in
wait) "$here/stack.sh" wait-pass 90 ;;
restart) "$here/stack.sh" restart-ctld ;;
esac
