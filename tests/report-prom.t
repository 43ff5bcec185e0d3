#!/usr/bin/env bash
# fs-report --prometheus through promtool: the exposition must parse and
# pass promtool's lint, for the sample tree, for a tree with names that need
# escaping, under classic and with --scope all. The default is bounded:
# --top users and --depth accounts, so a generated tree of 50,000
# associations gives a few hundred series (the count is printed), and no
# user series repeats its account as a parent or carries a depth. Skips when
# promtool is not installed.
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
promtool_ok() {
	promtool check metrics <"$1" >"$tmp/out" 2>&1 || { sed "s/^/# /" "$tmp/out"; false; }
}
# The users of the series of one family, sorted.
users() {
	grep "^$1{" "$2" | grep -o 'account="[^"]*",user="[^"]*"' | sort | tr '\n' ' '
}
series() {
	grep -vc '^#' "$1"
}
echo "1..13"
fs-tree --sample | fs-rank | fs-report --prometheus >"$tmp/sample.prom"
check "sample tree passes promtool check metrics" 'promtool_ok "$tmp/sample.prom"'
fs-tree --sample | fs-rank | fs-report --prometheus --scope all >"$tmp/all.prom"
check "--scope all passes promtool check metrics" 'promtool_ok "$tmp/all.prom"'
check "infinity is written +Inf" \
	'grep -q "^fairshare_level_fs{.*user=\"dave\".*} +Inf$" "$tmp/all.prom"'
check "no series has a depth label, no user series a parent" \
	'! grep -E "depth=|user=.*parent=|parent=.*user=" "$tmp/all.prom"'
check "an account series names its parent" \
	'grep -q "^fairshare_level_fs{cluster=\"demo\",account=\"astro\",parent=\"physics\"} " "$tmp/all.prom"'
fs-tree --sample | fs-rank | fs-report --prometheus --top 2 >"$tmp/top2.prom"
check "--top 2: the two heaviest users and the two of lowest FairShare" \
	'[ "$(users fairshare_factor "$tmp/top2.prom")" = "account=\"astro\",user=\"alice\" account=\"chem\",user=\"grace\" account=\"guests\",user=\"mallory\" account=\"theory\",user=\"erin\" " ]'
check "--depth 1 (default): root and the accounts below it" \
	'[ "$(grep "^fairshare_usage_raw{" "$tmp/top2.prom" | grep -vc user=)" = 5 ]'
fs-tree --sample | fs-rank | fs-report --prometheus --depth 0 --top 1 \
	--metrics factor,usage_raw >"$tmp/narrow.prom"
check "--metrics and --depth 0: two families, root and two users" \
	'[ "$(grep -c "^# TYPE fairshare_\(factor\|usage_raw\) " "$tmp/narrow.prom")" = 2 ] &&
	 [ "$(grep -c "^# TYPE fairshare_\(level_fs\|rank\|shares_raw\) " "$tmp/narrow.prom")" = 0 ] &&
	 [ "$(grep -c "^fairshare_usage_raw{" "$tmp/narrow.prom")" = 3 ]'
fs-tree --sample | sed 's/guests/g\\"q\\\\x/g' | fs-report --prometheus --scope all >"$tmp/esc.prom"
check "names with quotes and backslashes pass promtool" 'promtool_ok "$tmp/esc.prom"'
check "the label value is escaped" \
	'grep -qF "account=\"g\\\\\\\"q\\\\\\\\x\"" "$tmp/esc.prom"'
fs-tree --sample | fs-rank --algorithm classic | fs-report --prometheus >"$tmp/classic.prom"
check "classic passes promtool check metrics" 'promtool_ok "$tmp/classic.prom"'
gen=${FS_BUILD:-../build}/gen/gentree
if [ -x "$gen" ]; then
	"$gen" -n 50000 -s 42 | fs-rank >"$tmp/50k.tsv"
	fs-report --prometheus "$tmp/50k.tsv" >"$tmp/50k.prom"
	echo "# 50,000 associations: $(series "$tmp/50k.prom") series by default, $(wc -c <"$tmp/50k.prom") bytes"
	check "50,000 associations: at most 1000 series by default" \
		'[ "$(series "$tmp/50k.prom")" -le 1000 ]'
	check "50,000 associations: promtool check metrics" 'promtool_ok "$tmp/50k.prom"'
else
	check "50,000 associations # SKIP no gentree ($gen)" true
	check "50,000 associations: promtool # SKIP no gentree ($gen)" true
fi
