# shellcheck shell=bash disable=SC2154 # bin and log: the test's
# private-stack.sh: sourced by the tests that run a private stack of their
# own in the chroots (cost-slurm.t, clifilter-slurm.t): the TAP helpers
# (skip, ok, bail), the checks that skip where such a stack cannot run, and
# the stack's settings, temporary directory and cleanup.
#   private_stack NAME DIR PORT_BASE [CLIENT...]
# skips unless FS_RELEASE is set (tests/releases.t), or FS_<NAME>_HOST=1
# allows the host; unless root with Slurm's daemons, the clients named, a
# live fs-prio, and the ports free. Then it exports FS_SLURM_DIR (DIR, or
# FS_<NAME>_SLURM_DIR) and FS_SLURM_PORT_BASE (PORT_BASE, or
# FS_<NAME>_PORT_BASE), sources env.sh, and sets tmp (removed at exit, after
# stack.sh stop) and log. Expects cwd tests/ and bin set.

skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
. ./tap.sh	# ok, bail

private_stack() {
	local name=$1 dir=$2 base=$3 p port v
	shift 3
	[ -z "${FS_SKIP_SLURM:-}" ] || skip "FS_SKIP_SLURM is set"
	eval "v=\${FS_${name}_HOST:-}"
	[ -n "${FS_RELEASE:-}" ] || [ -n "$v" ] ||
		skip "runs in the chroot stacks (tests/releases.t), or on the host with FS_${name}_HOST=1"
	[ "$(id -u)" = 0 ] || skip "needs root to run the Slurm daemons"
	for p in slurmctld slurmd slurmdbd munged mariadbd; do
		command -v "$p" >/dev/null || [ -x "/usr/sbin/$p" ] ||
			skip "Slurm packages missing ($p; see tests/slurm/install.sh)"
	done
	for p in sbatch sacctmgr scontrol squeue scancel "$@"; do
		command -v "$p" >/dev/null || skip "Slurm client missing ($p)"
	done
	[ -x "$bin/fs-prio" ] && [ -x "$bin/fs-tree" ] || skip "no $bin/fs-prio (run make)"
	"$bin/fs-prio" --help | grep -q 'Live mode built in: yes' ||
		skip "fs-prio built without libslurm"
	eval "FS_SLURM_DIR=\${FS_${name}_SLURM_DIR:-$dir}"
	eval "FS_SLURM_PORT_BASE=\${FS_${name}_PORT_BASE:-$base}"
	export FS_SLURM_DIR FS_SLURM_PORT_BASE
	for port in $FS_SLURM_PORT_BASE $((FS_SLURM_PORT_BASE + 1)) \
		$((FS_SLURM_PORT_BASE + 2)) $((FS_SLURM_PORT_BASE - 3511)); do
		if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
			skip "port $port is in use (set FS_${name}_PORT_BASE)"
		fi
	done
	unset FS_SLURM_FLAGS FS_SLURM_DAMPENING FS_SLURM_RESET \
		FS_SLURM_PRIVATE_DATA
	. slurm/env.sh
	tmp=$(mktemp -d) || exit 1
	chmod 755 "$tmp"
	log=$tmp/log
	trap 'slurm/stack.sh stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT
}
