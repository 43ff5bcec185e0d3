#!/usr/bin/env bash
# Building against a Slurm installed under its own prefix, as sites do
# (/opt/slurm, a module tree): make SLURM_PREFIX=DIR takes the headers from
# DIR/include, links DIR/lib's libslurm with an rpath to it, and looks for
# slurm.conf in DIR/etc; a prefix without Slurm's headers is an error.
# The prefix here is made of links to the system's libslurm-dev.
set -u
cd "$(dirname "$0")/.." || exit 1
inc=$(printf '#include <slurm/slurm.h>\n' | ${CC:-cc} -E - 2>/dev/null |
	sed -n 's|^# [0-9]* "\(.*\)/slurm/slurm.h".*|\1|p' | head -1)
lib=$(${CC:-cc} -print-file-name=libslurm.so)
if [ -z "$inc" ] || [ ! -e "$lib" ] || [ "$lib" = libslurm.so ]; then
	echo "1..0 # SKIP libslurm-dev is not installed"
	exit 0
fi
echo "1..5"
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
