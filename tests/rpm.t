#!/usr/bin/env bash
# The RPM spec (fs-toolkit.spec), as far as a Debian machine can test it
# (Debian's rpm package: rpmspec, rpmbuild; no EL libslurm, so no binary
# RPM is built here against SchedMD's slurm-devel): rpmspec parses it; of
# make dist's tarball, rpmbuild -bs makes a source RPM and rpmbuild -ts
# finds the spec inside (what rpmbuild -ta needs); the spec hands the
# Makefile a site's Slurm prefix (SLURM_PREFIX) only when it is not /usr;
# and its %files list is what its %install (make install with rpm's
# directories, run here on the built programs) installs: every file
# claimed, nothing left over, with rpm's default prefix and with
# --define '_prefix /opt/fs-toolkit'. A few seconds; skipped without
# rpmbuild and rpmspec or outside a git checkout (make dist).
set -u
cd "$(dirname "$0")/.." || exit 1
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
BD=${FS_BUILD:?set FS_BUILD to the build directory}
skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
command -v rpmbuild >/dev/null 2>&1 && command -v rpmspec >/dev/null 2>&1 ||
	skip "rpmbuild and rpmspec are not installed (Debian's rpm: ./bootstrap --all)"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
	skip "not a git checkout (make dist packs the files git tracks)"
echo "1..7"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. tests/tap.sh
spec=fs-toolkit.spec
v=$(cat VERSION)
rpmdefs=(--define "_topdir $tmp/rpm" --define "_sourcedir $tmp" --define "_srcrpmdir $tmp/srpm")

check "rpmspec -P parses $spec" rpmspec -P "$spec"
make -s dist DIST_DIR="$tmp" >/dev/null 2>&1
srpm() {
	rpmbuild -bs "${rpmdefs[@]}" "$spec" &&
		rpm -qpl "$tmp/srpm/fs-toolkit-$v-1.src.rpm" | tee "$tmp/srpm.list" &&
		grep -qx "fs-toolkit-$v.tar.gz" "$tmp/srpm.list" && grep -qx "$spec" "$tmp/srpm.list"
}
check "rpmbuild -bs on make dist's tarball: a source RPM with it and the spec" srpm
check "rpmbuild -ts finds the spec in the tarball (rpmbuild -ta)" \
	rpmbuild -ts "${rpmdefs[@]}" --define "_srcrpmdir $tmp/ts" "$tmp/fs-toolkit-$v.tar.gz"
# The make command line of the spec's %build, expanded with these options.
build_line() { rpmspec -P "$@" "$spec" | grep -E '^(/[^ ]*/)?make ' | head -n 1; }
slurm_prefix() {
	build_line | tee "$tmp/default" | grep -q SLURM_PREFIX && return 1
	build_line --define 'slurm_prefix /opt/slurm' | tee "$tmp/opt" |
		grep -q ' SLURM_PREFIX=/opt/slurm\( \|$\)' &&
		grep -q ' SLURM_SYSCONFDIR=/etc/slurm\( \|$\)' "$tmp/opt"
}
check "a Slurm prefix reaches make as SLURM_PREFIX (none for /usr), slurm.conf in /etc/slurm" \
	slurm_prefix

# files_match NAME RPM-OPTIONS...: run the spec's %install, expanded with
# these options, into a root of its own, with the programs already built
# (make's BIN and BUILD, through MAKEFLAGS), then compare what it installed
# with the %files list, its globs expanded as rpmbuild does.
files_match() {
	local name=$1 root=$tmp/root-$1 line f got=$tmp/$1.got want=$tmp/$1.want
	shift
	rpmspec -P --define "buildroot $root" "$@" "$spec" >"$tmp/spec.p" || return 1
	awk '/^%install/ { f = 1; next } /^%(check|files|clean|changelog)/ { f = 0 } f' \
		"$tmp/spec.p" >"$tmp/install.sh"
	MAKEFLAGS="BIN=$B BUILD=$BD" sh -e "$tmp/install.sh" >"$tmp/install.log" 2>&1 ||
		{ cat "$tmp/install.log"; return 1; }
	(cd "$root" && find . ! -type d | sed 's|^\.||' | LC_ALL=C sort) >"$got"
	: >"$want"
	awk '/^%files/ { f = 1; next } /^%changelog/ { f = 0 } f && NF' "$tmp/spec.p" |
		while read -r line; do
			case $line in
			%doc* | %license*) continue ;; # from the source, not make install
			%dir\ *)
				f=${line#%dir }
				[ -d "$root$f" ] || echo "%dir $f: not installed"
				continue
				;;
			%*) echo "unexpected in %files: $line" ;;
			esac
			# shellcheck disable=SC2086 # the glob, as rpm expands it
			set -- "$root"$line
			[ -e "$1" ] || [ -L "$1" ] || echo "%files $line: nothing installed"
			for f; do echo "${f#"$root"}" >>"$want"; done
		done >"$tmp/$name.errors"
	LC_ALL=C sort -u -o "$want" "$want"
	cat "$tmp/$name.errors"
	echo "installed but not in %files:"
	comm -23 "$got" "$want"
	[ ! -s "$tmp/$name.errors" ] && cmp -s "$got" "$want"
}
check "%files is what %install installs (rpm's default prefix)" files_match usr
check "%files is what %install installs (_prefix /opt/fs-toolkit)" \
	files_match opt --define '_prefix /opt/fs-toolkit' --define 'slurm_prefix /usr'
# The installed scripts know where the programs went.
check "the cli_filter script and the snapshot command name %{_bindir}" \
	grep -q '"/opt/fs-toolkit/bin/fs-prio"' "$tmp/root-opt$(rpm --define '_prefix /opt/fs-toolkit' --eval %_datadir)/fs-toolkit/cli_filter.lua"
