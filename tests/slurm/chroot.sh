#!/bin/bash
# chroot.sh SUITE create|run CMD...|destroy|path
# A Debian SUITE (e.g. trixie: Slurm 24.11, forky: Slurm 26.05) in a
# minbase chroot with what the tests need, to run the real-Slurm tests
# against another Slurm than the host's. Needs root and debootstrap.
#
#   create    debootstrap --variant=minbase, then apt-get install $PKGS
#             (--no-install-recommends); a finished chroot is reused, and
#             re-installed when $PKGS changed (the stamp file records it)
#   run CMD   copy this checkout's files (tracked and untracked, not ignored;
#             its build/ and bin/ in the chroot stay) to /src (a copy of
#             its own for each checkout: srcs/ID in the chroot), then run CMD
#             there as root, in its own mount, pid and network namespaces:
#             /proc, /sys, /dev, a private /tmp, /run and /dev/shm; loopback
#             only, so its daemons never meet a stack on the host. When CMD
#             ends, every process it left is killed and every mount goes
#             with the namespace: nothing is left behind.
#   destroy   remove the chroot (the .deb cache stays)
#   path      print the chroot's directory
#
# FS_CHROOT_CACHE   where chroots live  [/var/cache/fs-toolkit]: chroot-SUITE
#                   and debs/, the .deb cache every suite and debootstrap share
# FS_CHROOT_MIRROR  Debian mirror [the host's deb.debian.org entry]
# Environment: only CI, TERM and FS_* (less FS_BIN, FS_BUILD, FS_CHROOT_*)
# reach CMD.
set -eu

# debhelper and man-db: tests/package.t builds the Debian package in the
# chroot, installs it and asks man for a page.
PKGS="build-essential libslurm-dev libreadline-dev libjson-c-dev libcurl4-openssl-dev jq python3 perl munge \
mariadb-server slurmdbd slurmctld slurmd slurm-client slurmrestd slurm-wlm-jwt-plugin procps \
iproute2 util-linux time debhelper man-db"
# slurmdbd (24.11 and 26.05) dies with libmariadb3 1:11.8.9 (forky's, and trixie's
# since its 13.x point release: error 5027 on "select @var :=
# concat('')"); bookworm's 1:10.11 works (the library's ABI is the same).
# Such a suite gets that library in /opt/libmariadb-SUITE, which 'run'
# hands to stack.sh (FS_SLURMDBD_LIBRARY_PATH). Drop it once fixed.
case $1 in
trixie | forky) LIBMARIADB_FROM=bookworm ;;
*) LIBMARIADB_FROM= ;;
esac
WANT="$PKGS${LIBMARIADB_FROM:+ libmariadb3/$LIBMARIADB_FROM}"

die() {
	echo "chroot.sh: $*" >&2
	exit 1
}

CACHE=${FS_CHROOT_CACHE:-/var/cache/fs-toolkit}
[ $# -ge 2 ] || die "usage: chroot.sh SUITE create|run CMD...|destroy|path"
SUITE=$1 ACTION=$2
shift 2
case $SUITE in
*[!a-z0-9-]* | "") die "bad suite name '$SUITE'" ;;
esac
ROOT=$CACHE/chroot-$SUITE
DEBS=$CACHE/debs
STAMP=$ROOT/.fs-chroot-packages
BASE_STAMP=$ROOT/.fs-chroot-debootstrap
SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
TOP=$(cd "$(dirname "$0")/../.." && pwd)
# Each checkout has its own copy in the chroot (srcs/ID, seen as /src inside):
# two checkouts whose runs interleave never build or test each other's files.
SRCID=$(printf '%s' "$TOP" | cksum | cut -d' ' -f1)

mirror() {
	if [ -n "${FS_CHROOT_MIRROR:-}" ]; then
		echo "$FS_CHROOT_MIRROR"
		return
	fi
	# The host's own Debian entry (one-line or deb822 format).
	cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
		/etc/apt/sources.list.d/*.sources 2>/dev/null |
		grep -oE 'https?://[^ ]*/debian/?( |$)' | grep -v security |
		head -n 1 | tr -d ' ' | grep . || echo http://deb.debian.org/debian
}

# inside ROOT NET CMD...: the namespaces' first process (pid 1, so it reaps
# orphans; when it exits, the kernel kills everything left in the pid
# namespace and the mounts go with the mount namespace).
inside() {
	local root=$1 net=$2
	shift 2
	mount -t proc proc "$root/proc"
	mount --rbind /sys "$root/sys"
	mount --rbind /dev "$root/dev"
	mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
	mount -t tmpfs -o mode=755 tmpfs "$root/run"
	if [ -d "$root/srcs/$SRCID" ]; then
		mkdir -p "$root/src"
		mount --bind "$root/srcs/$SRCID" "$root/src"
	fi
	if [ "$net" = net ]; then
		mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
		ip link set lo up
		# glibc's AI_ADDRCONFIG ignores 127.0.0.1: without another IPv4
		# address, getaddrinfo() finds nothing (Slurm 24.11 asks with it).
		ip addr add 127.0.1.1/8 dev lo
	fi
	chroot "$root" "$@"
}

# enter NET|host CMD...: run CMD in the chroot in new namespaces (with its
# own network when NET is 'net'); --kill-child: if we die, so does it all.
enter() {
	local net=$1 opts=(--mount --pid --fork --kill-child)
	shift
	[ "$net" != net ] || opts+=(--net)
	unshare "${opts[@]}" -- "$SELF" "$SUITE" __inside "$net" "$@"
}

# The environment CMD gets: a clean one, plus CI, TERM and FS_* settings.
clean_env() {
	local v
	echo PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
	echo HOME=/root
	echo LC_ALL=C
	for v in CI TERM; do
		[ -z "${!v+x}" ] || echo "$v=${!v}"
	done
	for v in $(compgen -e | grep '^FS_' | grep -vE '^FS_(BIN|BUILD|CHROOT_.*)$'); do
		echo "$v=${!v}"
	done
}

write_etc() {
	# minbase writes no /etc/hosts; mariadb-install-db needs the host name.
	printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\tlocalhost\n' \
		"$(hostname -s)" >"$ROOT/etc/hosts"
	printf '#!/bin/sh\n# chroot.sh: no service starts here\nexit 101\n' \
		>"$ROOT/usr/sbin/policy-rc.d"
	chmod 755 "$ROOT/usr/sbin/policy-rc.d"
	# A testing suite's Release can be past its Valid-Until on the mirror.
	cat >"$ROOT/etc/apt/apt.conf.d/90fs-chroot" <<-EOF
		Acquire::Check-Valid-Until "false";
		APT::Install-Recommends "false";
		APT::Install-Suggests "false";
		Dpkg::Use-Pty "false";
	EOF
	echo "deb $(mirror) $SUITE main" >"$ROOT/etc/apt/sources.list"
	[ -n "$LIBMARIADB_FROM" ] || return 0
	# Another suite, for 'apt-get download' only: never installed from.
	echo "deb $(mirror) $LIBMARIADB_FROM main" \
		>"$ROOT/etc/apt/sources.list.d/fs-$LIBMARIADB_FROM.list"
	printf 'Package: *\nPin: release n=%s\nPin-Priority: 1\n' \
		"$LIBMARIADB_FROM" >"$ROOT/etc/apt/preferences.d/fs-$LIBMARIADB_FROM"
}

cmd_create() {
	local t0 script
	t0=$(date +%s)
	if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ]; then
		echo "chroot.sh: $ROOT is ready"
		return 0
	fi
	command -v debootstrap >/dev/null || die "debootstrap is not installed"
	mkdir -p "$DEBS/partial"
	if [ ! -f "$BASE_STAMP" ]; then
		# A half-made chroot from an interrupted run: start again.
		[ ! -e "$ROOT" ] || cmd_destroy
		script=/usr/share/debootstrap/scripts/$SUITE
		[ -e "$script" ] || script=/usr/share/debootstrap/scripts/sid
		echo "chroot.sh: debootstrap $SUITE into $ROOT" >&2
		# In a mount namespace of its own: its /proc and /sys mounts
		# vanish with it, even when it fails.
		unshare --mount -- debootstrap --variant=minbase \
			--cache-dir="$DEBS" "$SUITE" "$ROOT" "$(mirror)" "$script" \
			>"$CACHE/debootstrap-$SUITE.log" 2>&1 || {
			tail -n 30 "$CACHE/debootstrap-$SUITE.log" >&2
			die "debootstrap failed (log: $CACHE/debootstrap-$SUITE.log)"
		}
		touch "$BASE_STAMP"
		echo "chroot.sh: debootstrap took $(($(date +%s) - t0))s" >&2
	fi
	write_etc
	mkdir -p "$ROOT/var/cache/apt/archives"
	echo "chroot.sh: installing $WANT" >&2
	# The .deb cache is shared by all suites (and kept by destroy).
	# shellcheck disable=SC2016,SC2086
	FS_CHROOT_DEBS=$DEBS enter host env -i \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C \
		DEBIAN_FRONTEND=noninteractive FROM="$LIBMARIADB_FROM" sh -c '
		set -e
		apt-get update -q
		apt-get install -y -q --no-install-recommends "$@"
		[ -n "$FROM" ] || exit 0
		cd "$(mktemp -d)"
		apt-get download -q "libmariadb3/$FROM"
		rm -rf "/opt/libmariadb-$FROM"
		dpkg-deb -x libmariadb3_*.deb "/opt/libmariadb-$FROM"' \
		sh $PKGS >"$CACHE/install-$SUITE.log" 2>&1 || {
		tail -n 30 "$CACHE/install-$SUITE.log" >&2
		die "apt-get install failed (log: $CACHE/install-$SUITE.log)"
	}
	echo "$WANT" >"$STAMP"
	echo "chroot.sh: $ROOT ready in $(($(date +%s) - t0))s"
}

# The files of this checkout (tracked and untracked, not ignored), to its
# srcs/ID; its build/ and bin/ there are kept (make rebuilds what changed).
copy_src() {
	local src=$ROOT/srcs/$SRCID f
	mkdir -p "$src"
	find "$src" -mindepth 1 -maxdepth 1 ! -name build ! -name bin \
		-exec rm -rf --one-file-system {} +
	if git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1; then
		git -C "$TOP" ls-files -z -c -o --exclude-standard |
			while IFS= read -r -d '' f; do
				case $f in build/* | bin/*) continue ;; esac
				[ -e "$TOP/$f" ] || [ -L "$TOP/$f" ] || continue
				printf '%s\0' "$f"
			done |
			tar -C "$TOP" --null -T - -cf - | tar -C "$src" -xf -
	else
		tar -C "$TOP" --exclude=./build --exclude=./bin -cf - . |
			tar -C "$src" -xf -
	fi
}

cmd_run() {
	[ $# -ge 1 ] || die "run: no command"
	[ -f "$STAMP" ] || die "no chroot for $SUITE: run 'chroot.sh $SUITE create'"
	write_etc
	copy_src
	local envs=() lib
	mapfile -t envs < <(clean_env)
	if [ -n "$LIBMARIADB_FROM" ]; then
		lib=$(find "$ROOT/opt/libmariadb-$LIBMARIADB_FROM" \
			-name libmariadb.so.3 -printf '%h\n' | head -n 1)
		[ -n "$lib" ] || die "no libmariadb.so.3 in $ROOT/opt/libmariadb-$LIBMARIADB_FROM"
		envs+=("FS_SLURMDBD_LIBRARY_PATH=${lib#"$ROOT"}")
	fi
	enter net env -i "${envs[@]}" /bin/bash -c 'cd /src && "$@"' chroot.sh "$@"
}

# Unmount whatever is still mounted below ROOT (deepest first), then delete
# it without crossing into any other file system.
cmd_destroy() {
	local m
	[ -d "$ROOT" ] || return 0
	awk -v r="$ROOT" 'index($5, r "/") == 1 { print $5 }' /proc/self/mountinfo |
		sort -r | while read -r m; do umount -l "$m"; done
	rm -rf --one-file-system "$ROOT"
	echo "chroot.sh: removed $ROOT"
}

# One create, run or destroy of a suite at a time (they share its /src);
# the lock goes with the last process that holds it.
if [ "$ACTION" != __inside ] && [ "$ACTION" != path ]; then
	mkdir -p "$CACHE"
	exec 9>"$CACHE/chroot-$SUITE.lock"
	flock 9
fi

case $ACTION in
create) cmd_create ;;
run) cmd_run "$@" ;;
destroy) cmd_destroy ;;
path) echo "$ROOT" ;;
__inside)
	net=$1
	shift
	if [ -n "${FS_CHROOT_DEBS:-}" ]; then
		mount --bind "$FS_CHROOT_DEBS" "$ROOT/var/cache/apt/archives"
	fi
	inside "$ROOT" "$net" "$@"
	;;
*) die "unknown action '$ACTION' (create, run, destroy, path)" ;;
esac
