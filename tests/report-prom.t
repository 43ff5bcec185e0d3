#!/usr/bin/env bash
# fs-report --prometheus through promtool: the exposition must parse and
# pass promtool's lint, for the sample tree, for a tree with names that need
# escaping, and under classic. Skips when promtool is not installed.
set -u
cd "$(dirname "$0")" || exit 1
export PATH="${FS_BIN:?set FS_BIN to the directory of the built programs}:$PATH"
export LC_ALL=C TZ=UTC
if ! command -v promtool >/dev/null; then
	echo "1..0 # SKIP promtool is not installed (Debian package prometheus)"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi
}
echo "1..5"
fs-tree --sample | fs-rank | fs-report --prometheus >"$tmp/sample.prom"
check "sample tree passes promtool check metrics" \
	'promtool check metrics <"$tmp/sample.prom" >"$tmp/out" 2>&1 || { sed "s/^/# /" "$tmp/out"; false; }'
check "infinity is written +Inf" \
	'grep -q "^fairshare_level_fs{.*user=\"dave\".*} +Inf$" "$tmp/sample.prom"'
fs-tree --sample | sed 's/guests/g\\"q\\\\x/g' | fs-report --prometheus >"$tmp/esc.prom"
check "names with quotes and backslashes pass promtool" \
	'promtool check metrics <"$tmp/esc.prom" >"$tmp/out" 2>&1 || { sed "s/^/# /" "$tmp/out"; false; }'
check "the label value is escaped" \
	'grep -qF "account=\"g\\\\\\\"q\\\\\\\\x\"" "$tmp/esc.prom"'
fs-tree --sample | fs-rank --algorithm classic | fs-report --prometheus >"$tmp/classic.prom"
check "classic passes promtool check metrics" \
	'promtool check metrics <"$tmp/classic.prom" >"$tmp/out" 2>&1 || { sed "s/^/# /" "$tmp/out"; false; }'
