#!/usr/bin/env bash
# make dist: fs-toolkit-VERSION.tar.gz holds the files git tracks, under
# fs-toolkit-VERSION/, and nothing else; a second run gives the same bytes;
# and it builds on its own, as a site would take it: unpacked in a fresh
# directory, ./bootstrap (which only checks when the packages are there),
# make, make check-quick (the README's and the man pages' examples and the
# options' letters, which run every program), make install.
# Not the whole 'make check' of the unpacked tree: it takes minutes and
# tests the same files as this checkout's own 'make check' does; what the
# tarball could get wrong is a file it lacks, which the build, the quick
# checks and the comparison with git's list find. About 20 s of CPU (one
# build) and a few seconds more; skipped outside a git checkout.
set -u
cd "$(dirname "$0")/.." || exit 1
top=$PWD
skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
command -v git >/dev/null 2>&1 || skip "git is not installed"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
	skip "not a git checkout (make dist packs the files git tracks)"
echo "1..6"
# The unpacked tree is built as a site would build it: not with what the
# make running this test was given (make check SANITIZE=... passes its
# variables down through MAKEFLAGS, and would build into build/san).
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES SANITIZE WERROR BUILD BIN
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. tests/tap.sh

v=$(cat VERSION)
name=fs-toolkit-$v
tgz=$tmp/$name.tar.gz
mkdir "$tmp/again" "$tmp/src"
check "make dist writes $name.tar.gz" make -s dist DIST_DIR="$tmp"
listed() {
	diff <(git ls-files | sed "s|^|$name/|" | LC_ALL=C sort) \
		<(tar tzf "$tgz" | LC_ALL=C sort)
}
check "it holds the files git tracks under $name/, nothing else" listed
check "a second make dist gives the same bytes" \
	bash -c "make -s dist DIST_DIR='$tmp/again' && cmp '$tgz' '$tmp/again/$name.tar.gz'"
tar -C "$tmp/src" -xzf "$tgz"
cd "$tmp/src/$name" || exit 1
check "unpacked alone: ./bootstrap and make build every program" \
	bash -c './bootstrap && make -s -j2 && ls bin/fs-tree bin/fs-rank bin/fs-decay bin/fs-explain bin/fs-prio bin/fs-report'
check "unpacked alone: make check-quick" make -s check-quick
check "unpacked alone: make install" \
	bash -c "make -s install DESTDIR='$tmp/root' PREFIX=/usr &&
		'$tmp/root/usr/bin/fs-tree' --sample | '$tmp/root/usr/bin/fs-rank' --tree | grep -q '^root '"
cd "$top" || exit 1
