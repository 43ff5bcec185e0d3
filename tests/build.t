#!/usr/bin/env bash
# Building against a Slurm installed under its own prefix, as sites do
# (/opt/slurm, a module tree): make SLURM_PREFIX=DIR takes the headers from
# DIR/include, links DIR/lib's libslurm with an rpath to it, and looks for
# slurm.conf in DIR/etc (or SLURM_SYSCONFDIR: SchedMD's RPMs keep it in
# /etc/slurm under any prefix); a prefix without Slurm's headers is an error.
# The prefix here is made of links to the system's libslurm-dev. An rpath
# goes only where the dynamic linker would not look anyway: not to a system
# directory (SLURM_PREFIX=/usr, or SchedMD's slurm.pc, whose libdir is
# /usr/lib64), which packages' rpath checks refuse.
set -u
cd "$(dirname "$0")/.." || exit 1
inc=$(printf '#include <slurm/slurm.h>\n' | ${CC:-cc} -E - 2>/dev/null |
	sed -n 's|^# [0-9]* "\(.*\)/slurm/slurm.h".*|\1|p' | head -1)
lib=$(${CC:-cc} -print-file-name=libslurm.so)
if [ -z "$inc" ] || [ ! -e "$lib" ] || [ "$lib" = libslurm.so ]; then
	echo "1..0 # SKIP libslurm-dev is not installed"
	exit 0
fi
echo "1..9"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/opt/include" "$tmp/opt/lib"
ln -s "$inc/slurm" "$tmp/opt/include/slurm"
ln -s "$(readlink -f "$lib")" "$tmp/opt/lib/libslurm.so"

. tests/tap.sh
b=$tmp/build
check "make SLURM_PREFIX builds fs-tree with live mode" \
	make -s BUILD="$b" BIN="$b/bin" SLURM_PREFIX="$tmp/opt" "$b/bin/fs-tree"
check "the binary finds libslurm through an rpath into the prefix" \
	bash -c "readelf -d '$b/bin/fs-tree' | grep -E 'R(UN)?PATH' | grep -qF '$tmp/opt/lib'"
check "--version names the release it was built against" \
	bash -c "'$b/bin/fs-tree' --version | grep -qE '^Slurm: built against [0-9]+\.[0-9]+\.[0-9]+$'"
check "without SLURM_CONF, slurm.conf is looked for in the prefix" \
	bash -c "env -u SLURM_CONF '$b/bin/fs-tree' 2>&1 >/dev/null | grep -qF '$tmp/opt/etc/slurm.conf'"
check "a prefix without Slurm's headers is a clear error" \
	bash -c "! make -s SLURM_PREFIX='$tmp/none' config >'$tmp/none.out' 2>&1 &&
		grep -q 'SLURM_PREFIX=$tmp/none: no include/slurm/slurm.h' '$tmp/none.out'"

# relink ARGS...: fs-tree linked again (the objects stay) with these make
# variables; rpath: the directories its dynamic section names.
relink() {
	rm -f "$b/bin/fs-tree"
	make -s BUILD="$b" BIN="$b/bin" "$@" "$b/bin/fs-tree" >/dev/null
}
rpath() {
	readelf -d "$b/bin/fs-tree" | sed -n 's/.*R\(UN\)\{0,1\}PATH.*\[\(.*\)\]$/\2/p'
}
no_rpath() { relink "$@" && [ -z "$(rpath)" ]; }
rpath_to() { # DIR ARGS...
	local want=$1
	shift
	relink "$@" && [ "$(rpath)" = "$want" ]
}
if [ "$inc" = /usr/include ]; then
	check "SLURM_PREFIX=/usr: no rpath to a system directory" \
		no_rpath SLURM_PREFIX=/usr
else
	n=$((n + 1))
	echo "ok $n # SKIP libslurm's headers are not in /usr/include"
fi
pc() { # LIBDIR: a slurm.pc as SchedMD's spec writes it
	mkdir -p "$tmp/pc"
	printf '%s\n' "includedir=$inc" "libdir=$1" "" 'Cflags: -I${includedir}' \
		'Libs: -L${libdir} -lslurm' 'Description: Slurm API' 'Name: slurm' \
		'Version: 1' >"$tmp/pc/slurm.pc"
}
export PKG_CONFIG_PATH=$tmp/pc
syslib=$(dirname "$(readlink -f "$lib")")
pc "$syslib"
check "pkg-config's slurm with a system libdir ($syslib): no rpath" no_rpath
pc "$tmp/opt/lib"
check "pkg-config's slurm with a libdir of its own: an rpath to it" \
	rpath_to "$tmp/opt/lib"
check "SLURM_SYSCONFDIR: slurm.conf is looked for there" bash -c "
	rm -f '$b/lib/io/live.o' '$b/bin/fs-tree' &&
	make -s BUILD='$b' BIN='$b/bin' SLURM_PREFIX='$tmp/opt' \
		SLURM_SYSCONFDIR='$tmp/sysconf' '$b/bin/fs-tree' >/dev/null &&
	env -u SLURM_CONF '$b/bin/fs-tree' 2>&1 >/dev/null | grep -qF '$tmp/sysconf/slurm.conf'"
