#!/usr/bin/env bash
# One release everywhere: the file VERSION is the one place it is written
# for the code (the Makefile hands it to the programs, the man pages and
# make dist); the packaging formats must write it again, and this checks
# that they agree with it: every program's --version, the footer (.Os) of
# every man page make install writes, debian/changelog's top entry (a
# native package: no Debian revision), fs-toolkit.spec's Version and its
# %changelog's top entry, and NEWS's top entry. Part of make check-quick
# (a package build runs it); a second or so.
set -u
cd "$(dirname "$0")/.." || exit 1
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
BD=${FS_BUILD:?set FS_BUILD to the build directory}
progs="fs-tree fs-rank fs-decay fs-explain fs-prio fs-report"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. tests/tap.sh
echo "1..7"

v=$(cat VERSION)
check "VERSION is one line, MAJOR.MINOR.PATCH ($v)" \
	bash -c "[ \$(wc -l <VERSION) = 1 ] && grep -qxE '[0-9]+\.[0-9]+\.[0-9]+' VERSION"
versions() {
	local p
	for p in $progs; do
		"$B/$p" --version | head -n 1 | tee /dev/stderr |
			grep -qxF "$p (fairshare toolkit) $v" || return 1
	done
}
check "every program's --version names $v" versions
pages() {
	local f n=0
	make -s install DESTDIR="$tmp/root" PREFIX=/usr BIN="$B" BUILD="$BD" || return 1
	for f in "$tmp"/root/usr/share/man/man*/*.[0-9]; do
		n=$((n + 1))
		grep -qxF ".Os \"fairshare toolkit\" $v" "$f" || { echo "$f: no .Os with $v"; return 1; }
	done
	# Every page: those of the programs and fs-tsv(5).
	[ "$n" = 7 ] || { echo "$n man pages installed"; return 1; }
}
check "every installed man page's footer (.Os) names $v" pages
check "debian/changelog's top entry is $v" \
	bash -c "head -n 1 debian/changelog | grep -qE '^fs-toolkit \($(sed 's/\./\\./g' VERSION)\) '"
check "fs-toolkit.spec's Version is $v" \
	bash -c "grep -qxE 'Version:[[:space:]]+$(sed 's/\./\\./g' VERSION)' fs-toolkit.spec"
check "fs-toolkit.spec's %changelog top entry is $v" \
	bash -c "sed -n '/^%changelog/,\$p' fs-toolkit.spec | grep -m 1 '^\*' | grep -qE ' - $(sed 's/\./\\./g' VERSION)-[0-9]+\$'"
check "NEWS's top entry is $v" \
	bash -c "grep -m 1 -E '^[0-9]+\.[0-9]+\.[0-9]+ ' NEWS | grep -qE '^$(sed 's/\./\\./g' VERSION) '"
