#!/usr/bin/env bash
# The real-Slurm tests (slurm.t, prio-slurm.t, decay-slurm.t, and
# cost-slurm.t, clifilter-slurm.t and snapshot.t's slurmctld part, which run
# only here: FS_RELEASE names
# the suite) against other Slurm releases: for each Debian suite in
# FS_RELEASES (default "trixie forky": Slurm 24.11 and 26.05), a minbase
# chroot (tests/slurm/chroot.sh, made once and cached under
# /var/cache/fs-toolkit), 'make -k WERROR=1' of this checkout inside it,
# then each test file through prove inside it, in namespaces of its own (so
# its stack never meets the host's).
# One TAP line for each suite's build and one per (suite, test file); the
# inner output of a failure follows as comments (on standard error too, which
# prove shows without -v); each stage's wall time too.
# Skipped unless root with debootstrap (./bootstrap --all) and FS_SKIP_SLURM
# unset. FS_RELEASES_TESTS replaces the list of test files; settings such as
# FS_SLURM_SCENARIOS reach the inner tests. The suites run side by side:
# about 20 minutes in all, plus 2-3 minutes to make a chroot the first time.
set -u
cd "$(dirname "$0")/.." || exit 1
chroot_sh=$PWD/tests/slurm/chroot.sh

skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
[ -z "${FS_SKIP_SLURM:-}" ] || skip "FS_SKIP_SLURM is set"
[ "$(id -u)" = 0 ] || skip "making and entering chroots needs root"
command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] ||
	skip "debootstrap is not installed (run ./bootstrap --all)"

suites=${FS_RELEASES:-trixie forky}
files=${FS_RELEASES_TESTS:-tests/slurm.t tests/prio-slurm.t tests/decay-slurm.t tests/cost-slurm.t tests/clifilter-slurm.t tests/snapshot.t}
# shellcheck disable=SC2206 # a list of words
files_list=($files)
# shellcheck disable=SC2086 # lists of words
set -- $suites
nsuites=$#
# shellcheck disable=SC2086
set -- $files
echo "1..$((nsuites * ($# + 1)))"

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

n=0
result() { # STATUS NAME [LOG [FILTER...]]: a TAP line, on failure the log
	local st=$1 name=$2 log=${3:-}
	shift 3 2>/dev/null || shift $#
	n=$((n + 1))
	if [ "$st" = 0 ]; then
		echo "ok $n - $name"
	elif [ -z "$log" ]; then
		echo "not ok $n - $name"
	else
		echo "not ok $n - $name"
		"${@:-cat}" <"$log" | tail -n 200 | sed 's/^/#   /' >&2
	fi
}
passes() { grep -v '^ok '; }           # a test's output less its passes
errors() { grep -E '(error|warning):|\*\*\*' | head -n 40; } # a build's
since() { echo "$(($(date +%s) - $1))s"; }

# One suite: its TAP lines, numbered from $2 + 1, on standard output.
suite_run() {
	local suite=$1 t0 have_root=1 root slurm st f why log=$tmp/$1
	n=$2
	if [ "$(cat "$log/create.st")" = 0 ]; then
		root=$("$chroot_sh" "$suite" path)
		slurm=$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Version}' slurmd 2>/dev/null)
		echo "# $suite: chroot ready in $(cat "$log/create.time") (Slurm $slurm)"
		t0=$(date +%s)
		# From clean: the chroot keeps its build/ across runs, and objects
		# of another checkout may look newer than this one's sources.
		# -k: what builds is tested even when one program does not.
		"$chroot_sh" "$suite" run sh -c 'make clean && make -k WERROR=1' \
			</dev/null >"$log/build.log" 2>&1
		st=$?
		echo "# $suite: make -k WERROR=1 took $(since "$t0")"
		result $st "$suite: make WERROR=1 against Slurm $slurm" "$log/build.log" errors
	else
		have_root=0
		result 1 "$suite: the chroot (tests/slurm/chroot.sh $suite create)" "$log/create.log"
	fi
	for f in $files; do
		if [ $have_root = 0 ]; then
			result 1 "$suite: $f (not run: no chroot)"
			continue
		fi
		t0=$(date +%s)
		"$chroot_sh" "$suite" run env FS_BIN=/src/bin FS_RELEASE="$suite" \
			prove -v "$f" \
			</dev/null >"$log/test.log" 2>&1
		st=$?
		echo "# $suite: $f took $(since "$t0")"
		why=$(sed -n 's/^.* \.\. skipped: //p' "$log/test.log" | head -n 1)
		if [ $st = 0 ] && [ -n "$why" ]; then
			n=$((n + 1))
			echo "ok $n - $suite: $f # SKIP $why"
		else
			result $st "$suite: $f" "$log/test.log" passes
		fi
	done
}

# The suites side by side (each stack has its own network, mounts and
# processes; they mostly wait on their daemons), their lines in order.
# FS_RELEASES_SERIAL=1 runs them one after the other.
# The chroots first, one after the other: they share a cache of packages.
for suite in $suites; do
	mkdir -p "$tmp/$suite"
	t0=$(date +%s)
	"$chroot_sh" "$suite" create >"$tmp/$suite/create.log" 2>&1
	echo $? >"$tmp/$suite/create.st"
	since "$t0" >"$tmp/$suite/create.time"
done
k=0
pids=()
for suite in $suites; do
	if [ -n "${FS_RELEASES_SERIAL:-}" ]; then
		suite_run "$suite" $k
	else
		suite_run "$suite" $k >"$tmp/$suite.tap" 2>&1 &
		pids+=($!)
	fi
	k=$((k + ${#files_list[@]} + 1))
done
if [ -z "${FS_RELEASES_SERIAL:-}" ]; then
	t0=$(date +%s)
	wait "${pids[@]}"
	# The comments (each stage's time, a failure's log) to standard error
	# too: prove shows a test's standard output only with -v.
	for suite in $suites; do
		cat "$tmp/$suite.tap"
		grep '^#' "$tmp/$suite.tap" >&2
	done
	echo "# all suites took $(since "$t0")"
fi
