#!/usr/bin/env bash
# The Debian package (debian/). On the host (Debian 12), in a copy of the
# checkout's files: dpkg-buildpackage -us -uc -b builds it, it holds the
# six programs, the seven man pages, bash completion, the cli_filter
# script and snapshot command with /usr/bin filled in, the snapshot's
# systemd service and timer (not enabled) and /var/lib/fs-toolkit (root's,
# 755), and fs-prio(1)'s example files, it depends on the host's libslurm, and lintian finds no
# error in it nor in its source.
# Then in each chroot of FS_PACKAGE_SUITES (default "trixie forky", those
# tests/releases.t uses: tests/slurm/chroot.sh, which also brings debhelper
# and man-db), from the chroot's /src: built again there (each suite has
# its own libslurm ABI), installed with dpkg -i, depending on that suite's
# libslurm, 'fs-tree --sample | fs-rank --tree' runs and 'man -w fs-rank'
# finds the page; the package is purged again, whatever happened.
# Each build runs debian/rules' tests (make check-quick, seconds).
# About 2 minutes of CPU in all, three builds and a lintian run: 3 to 4
# minutes of wall time on a quiet 2-core machine (the chroots waiting for
# tests/releases.t's runs to free them can add to that).
# Skipped unless root with dpkg-buildpackage, debhelper and debootstrap
# (chroot.sh makes a missing chroot, as releases.t would) and FS_SKIP_SLURM
# unset (CI's sanitizer pass sets it: the packages are the same there).
set -u
cd "$(dirname "$0")/.." || exit 1
chroot_sh=$PWD/tests/slurm/chroot.sh
v=$(cat VERSION)

# The installed libslurm's package (libslurm38 on Debian 12).
libslurm() {
	dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' 'libslurm[0-9]*' 2>/dev/null |
		awk '$1 == "ii" { print $2; exit }'
}

# Inside a chroot (chroot.sh SUITE run tests/package.t --inside), in /src:
# one line "PASS STEP" or "FAIL STEP" per step, a failure's log after it.
if [ "${1:-}" = --inside ]; then
	export DEBIAN_FRONTEND=noninteractive
	b=$(mktemp -d) || exit 1
	mkdir "$b/fs-toolkit-$v"
	trap 'dpkg --purge fs-toolkit >/dev/null 2>&1; rm -rf "$b"' EXIT
	dpkg --purge fs-toolkit >/dev/null 2>&1 # left by a killed run
	step() { # NAME COMMAND...
		local name=$1
		shift
		if "$@" >"$b/log" 2>&1; then
			echo "PASS $name"
		else
			echo "FAIL $name"
			tail -n 40 "$b/log"
		fi
	}
	tar --exclude=./build --exclude=./bin -cf - . | tar -C "$b/fs-toolkit-$v" -xf -
	lib=$(libslurm)
	step build sh -c "cd '$b/fs-toolkit-$v' && dpkg-buildpackage -us -uc -b -j2"
	step install dpkg -i "$b/fs-toolkit_${v}_$(dpkg --print-architecture).deb"
	step depends sh -c "dpkg-query -W -f '\${Depends}\n' fs-toolkit | tee /dev/stderr |
		grep -qE '(^|, )$lib( |,|\$)'"
	step run sh -c 'fs-tree --sample | fs-rank --tree | tee /dev/stderr | grep -q "^root "'
	step man sh -c 'man -w fs-rank | tee /dev/stderr | grep -qx /usr/share/man/man1/fs-rank.1.gz'
	echo "LIB $lib"
	exit 0
fi

skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
[ -z "${FS_SKIP_SLURM:-}" ] || skip "FS_SKIP_SLURM is set"
[ "$(id -u)" = 0 ] || skip "entering the chroots needs root"
command -v dpkg-buildpackage >/dev/null 2>&1 || skip "dpkg-buildpackage is not installed"
command -v dh >/dev/null 2>&1 || skip "debhelper is not installed (./bootstrap --all)"
command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] ||
	skip "debootstrap is not installed (./bootstrap --all)"

suites=${FS_PACKAGE_SUITES:-trixie forky}
# shellcheck disable=SC2086 # a list of words
set -- $suites
steps="build install depends run man"
echo "1..$((3 + $# * 5))"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. tests/tap.sh
since() { echo "$(($(date +%s) - $1))s"; }

# The host: a copy of the checkout's files (tracked and untracked, not
# ignored, as chroot.sh copies them), built where the checkout is untouched.
t0=$(date +%s)
src=$tmp/fs-toolkit-$v
mkdir "$src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z -c -o --exclude-standard |
		while IFS= read -r -d '' f; do
			[ -e "$f" ] || [ -L "$f" ] || continue
			printf '%s\0' "$f"
		done | tar --null -T - -cf - | tar -C "$src" -xf -
else
	tar --exclude=./build --exclude=./bin -cf - . | tar -C "$src" -xf -
fi
arch=$(dpkg --print-architecture)
deb=$tmp/fs-toolkit_${v}_$arch.deb
# The source package first, from the clean copy, for lintian (gzip -1:
# 1 s where xz takes 6).
(cd "$src" && dpkg-source -Zgzip -z1 -b .) >"$tmp/source.log" 2>&1
check "bookworm (host): dpkg-buildpackage -us -uc -b" \
	sh -c "cd '$src' && dpkg-buildpackage -us -uc -b -j2"
echo "# host: build took $(since "$t0")"
hostlib=$(libslurm)
contents() { # what the package must hold, and its Depends
	local x=$tmp/x f
	dpkg-deb -x "$deb" "$x" || return 1
	# The snapshot's directory (root's, 755) and its timer, not enabled.
	[ "$(dpkg-deb -c "$deb" | awk '$6 == "./var/lib/fs-toolkit/" { print $1, $2 }')" = "drwxr-xr-x root/root" ] ||
		{ echo "no /var/lib/fs-toolkit, root's, 755"; return 1; }
	grep -qx 'ExecStart=/usr/share/fs-toolkit/fs-cli-filter-snapshot' \
		"$x/lib/systemd/system/fs-cli-filter-snapshot.service" &&
		grep -qx 'OnUnitActiveSec=5min' "$x/lib/systemd/system/fs-cli-filter-snapshot.timer" ||
		{ echo "no snapshot service and timer in /lib/systemd/system"; return 1; }
	# Off: debhelper's snippet for a unit not enabled (it enables one
	# only where the administrator had), and nothing started.
	dpkg-deb -e "$deb" "$x/DEBIAN" &&
		grep -q "deb-systemd-helper debian-installed 'fs-cli-filter-snapshot.timer'" "$x/DEBIAN/postinst" &&
		! grep -q 'deb-systemd-invoke.*start.*fs-cli-filter' "$x/DEBIAN/postinst" ||
		{ sed -n '/fs-cli-filter/p' "$x/DEBIAN/postinst"; echo "the package turns the timer on"; return 1; }
	for f in fs-tree fs-rank fs-decay fs-explain fs-prio fs-report; do
		[ -x "$x/usr/bin/$f" ] || { echo "no /usr/bin/$f"; return 1; }
		[ -f "$x/usr/share/man/man1/$f.1.gz" ] || { echo "no $f.1.gz"; return 1; }
		[ -L "$x/usr/share/bash-completion/completions/$f" ] ||
			{ echo "no completion for $f"; return 1; }
	done
	[ -f "$x/usr/share/man/man5/fs-tsv.5.gz" ] || { echo "no fs-tsv.5.gz"; return 1; }
	[ -f "$x/usr/share/bash-completion/completions/fs-toolkit" ] || return 1
	for f in cluster.conf jobs.tsv tree.tsv; do
		[ -f "$x/usr/share/fs-toolkit/examples/$f" ] || { echo "no examples/$f"; return 1; }
	done
	grep -q '"/usr/bin/fs-prio"' "$x/usr/share/fs-toolkit/cli_filter.lua" &&
		grep -qx 'bin=/usr/bin' "$x/usr/share/fs-toolkit/fs-cli-filter-snapshot" &&
		[ -x "$x/usr/share/fs-toolkit/fs-cli-filter-snapshot" ] &&
		{ grep -l '@[A-Z_]*@' "$x/usr/share/fs-toolkit/cli_filter.lua" \
			"$x/usr/share/fs-toolkit/fs-cli-filter-snapshot"; [ $? = 1 ]; } ||
		{ echo "cli_filter files without /usr/bin, or a @PLACEHOLDER@ left"; return 1; }
	dpkg-deb -f "$deb" Depends
	dpkg-deb -f "$deb" Depends | grep -qE "(^|, )$hostlib( |,|\$)"
}
check "bookworm (host): the programs, man pages, completion, cli_filter files (/usr/bin), examples, Depends: $hostlib" \
	contents
# lintian, once for both: no error in the package nor in its source; the
# tags it gives are shown as comments (but for the test data's long lines).
lint() {
	lintian --pedantic -I -E "$tmp/fs-toolkit_${v}_$arch.changes" \
		"$tmp/fs-toolkit_$v.dsc" 2>&1 | grep -v 'root privileges' |
		grep -v 'very-long-line-length-in-source-file' >"$tmp/lint"
	cat "$tmp/lint"
	[ -e "$tmp/fs-toolkit_$v.dsc" ] && ! grep -q '^E: ' "$tmp/lint"
}
if command -v lintian >/dev/null 2>&1; then
	t0=$(date +%s)
	check_show=40
	check "lintian: no error in the package nor in its source" lint
	check_show=0
	echo "# host: lintian took $(since "$t0")"
else
	n=$((n + 1))
	echo "ok $n # SKIP lintian is not installed"
fi

for suite in $suites; do
	t0=$(date +%s)
	if ! "$chroot_sh" "$suite" create >"$tmp/create.log" 2>&1; then
		for s in $steps; do
			n=$((n + 1))
			echo "not ok $n - $suite: $s (no chroot: tests/slurm/chroot.sh $suite create)"
		done
		tail -n 20 "$tmp/create.log" | sed 's/^/#   /' >&2
		continue
	fi
	"$chroot_sh" "$suite" run tests/package.t --inside </dev/null >"$tmp/$suite.log" 2>&1
	lib=$(sed -n 's/^LIB //p' "$tmp/$suite.log")
	for s in $steps; do
		n=$((n + 1))
		what="$suite: $s"
		case $s in
		build) what="$suite: dpkg-buildpackage -us -uc -b in the chroot" ;;
		install) what="$suite: dpkg -i" ;;
		depends) what="$suite: depends on ${lib:-its libslurm}" ;;
		run) what="$suite: fs-tree --sample | fs-rank --tree" ;;
		man) what="$suite: man -w fs-rank" ;;
		esac
		if grep -qx "PASS $s" "$tmp/$suite.log"; then
			echo "ok $n - $what"
		else
			echo "not ok $n - $what"
			# The step's log, else the whole run's end.
			if grep -qx "FAIL $s" "$tmp/$suite.log"; then
				sed -n "/^FAIL $s\$/,/^\(PASS\|FAIL\|LIB\) /p" "$tmp/$suite.log"
			else
				tail -n 30 "$tmp/$suite.log"
			fi | sed 's/^/#   /' >&2
		fi
	done
	echo "# $suite: took $(since "$t0")"
done
