#!/usr/bin/env bash
# fs-report --prometheus through promtool: the exposition must parse and
# pass promtool's lint, for the sample tree, for a tree with names that need
# escaping, under classic and with --scope all. The default is bounded:
# --top users and --depth accounts, so a generated tree of 50,000
# associations gives a few hundred series (the count is printed), and no
# user series repeats its account as a parent or carries a depth. Accounts
# and users are families of their own, so that sum by (account) counts each
# association once, usage is named in its unit and fractions end
# in _ratio; the series counts the README and fs-report(1) give hold: 193 on
# gentree -n 50000 -s 42, 1,334 with 165 accounts under root. Skips when
# promtool is not installed. Every promtool check also asks that the command
# writing the file exited 0 and wrote a family and a series: promtool passes
# an empty file.
set -u
set -o pipefail
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
# promtool_ok FILE STATUS: STATUS is the exit status of the command that
# wrote FILE.
promtool_ok() {
	[ "$2" = 0 ] || { echo "# the command writing $1 exited $2"; return 1; }
	grep -q '^# TYPE fairshare_' "$1" && grep -q '^fairshare_[a-z_]*{' "$1" ||
		{ echo "# $1: no family or no series ($(wc -c <"$1") bytes)"; return 1; }
	promtool check metrics <"$1" >"$tmp/out" 2>&1 || { sed "s/^/# /" "$tmp/out"; false; }
}
# The users of the series of one family, sorted.
users() {
	grep "^$1{" "$2" | grep -o 'account="[^"]*",user="[^"]*"' | sort | tr '\n' ' '
}
series() {
	grep -vc '^#' "$1"
}
echo "1..18"
fs-tree --sample | fs-rank | fs-report --prometheus >"$tmp/sample.prom"
st_sample=$?
check "sample tree passes promtool check metrics" 'promtool_ok "$tmp/sample.prom" $st_sample'
fs-tree --sample | fs-rank | fs-report --prometheus --scope all >"$tmp/all.prom"
st_all=$?
check "--scope all passes promtool check metrics" 'promtool_ok "$tmp/all.prom" $st_all'
check "infinity is written +Inf" \
	'grep -q "^fairshare_user_level_fs{.*user=\"dave\".*} +Inf$" "$tmp/all.prom"'
check "no series has a depth label, no user series a parent" \
	'grep -q "^fairshare_user_" "$tmp/all.prom" && ! grep -E "depth=|user=.*parent=|parent=.*user=" "$tmp/all.prom"'
check "an account series names its parent" \
	'grep -q "^fairshare_account_level_fs{cluster=\"demo\",account=\"astro\",parent=\"physics\"} " "$tmp/all.prom"'
fs-tree --sample | fs-rank | fs-report --prometheus --top 2 >"$tmp/top2.prom"
check "--top 2: the two heaviest users and the two of lowest FairShare" \
	'[ "$(users fairshare_user_factor "$tmp/top2.prom")" = "account=\"astro\",user=\"alice\" account=\"chem\",user=\"grace\" account=\"guests\",user=\"mallory\" account=\"theory\",user=\"erin\" " ]'
check "--depth 1 (default): root and the accounts below it" \
	'[ "$(grep -c "^fairshare_account_usage_billing_seconds{" "$tmp/top2.prom")" = 5 ]'
fs-tree --sample | fs-rank | fs-report --prometheus --depth 0 --top 1 \
	--metrics factor,usage_billing_seconds >"$tmp/narrow.prom"
check "--metrics and --depth 0: three families, root and two users" \
	'[ "$(grep -c "^# TYPE fairshare_\(user_factor\|account_usage_billing_seconds\|user_usage_billing_seconds\) " "$tmp/narrow.prom")" = 3 ] &&
	 [ "$(grep -c "^# TYPE fairshare_\(account\|user\)_\(level_fs\|rank\|shares\) " "$tmp/narrow.prom")" = 0 ] &&
	 [ "$(grep -c "^fairshare_account_usage_billing_seconds{" "$tmp/narrow.prom")" = 1 ] &&
	 [ "$(grep -c "^fairshare_user_usage_billing_seconds{" "$tmp/narrow.prom")" = 2 ]'
fs-tree --sample | sed 's/guests/g\\"q\\\\x/g' | fs-report --prometheus --scope all >"$tmp/esc.prom"
st_esc=$?
check "names with quotes and backslashes pass promtool" 'promtool_ok "$tmp/esc.prom" $st_esc'
check "the label value is escaped" \
	'grep -qF "account=\"g\\\\\\\"q\\\\\\\\x\"" "$tmp/esc.prom"'
fs-tree --sample | fs-rank --algorithm classic | fs-report --prometheus >"$tmp/classic.prom"
st_classic=$?
check "classic passes promtool check metrics" 'promtool_ok "$tmp/classic.prom" $st_classic'
# Every family holds accounts only (no user label) or users only, so that
# sum by (account) of a family adds each association once: of an account
# family, exactly one series an account.
one_kind() {
	awk '/^#/ { next } { f = $0; sub(/\{.*/, "", f); u = /,user="/ ? 1 : 0
		if (f in kind && kind[f] != u && !(f in said)) { print "family " f " mixes accounts and users"; said[f] = bad = 1 }
		kind[f] = u
		if (!u) { a = $0; sub(/.*account="/, "", a); sub(/".*/, "", a)
			if (++n[f SUBSEP a] == 2) { print "family " f ": account " a " twice"; bad = 1 } } }
		END { exit bad }' "$1"
}
check "sum by (account): no family mixes accounts and users (--scope all)" 'one_kind "$tmp/all.prom"'
# sum by (account) of the usage of the accounts' family, and of the users'
# family: astro's own usage, 70551.522163 billing-seconds, and its users'
# (alice, bob) adding up to it; one family of both gave twice that.
sum_by_account() {
	awk -v f="$1" -v a="$2" 'index($0, f "{") == 1 && index($0, "account=\"" a "\"") { s += $NF } END { printf "%.6f\n", s }' "$3"
}
check "sum by (account) of usage is astro's usage, once, in each family" \
	'[ "$(sum_by_account fairshare_account_usage_billing_seconds astro "$tmp/all.prom")" = "$(sum_by_account fairshare_user_usage_billing_seconds astro "$tmp/all.prom")" ] &&
	 [ "$(sum_by_account fairshare_account_usage_billing_seconds astro "$tmp/all.prom")" = 70551.522163 ]'
check "names follow Prometheus's conventions: usage in billing-seconds, fractions in _ratio" \
	'grep -q "^# TYPE fairshare_user_usage_billing_seconds gauge" "$tmp/all.prom" &&
	 grep -q "^# TYPE fairshare_account_shares_cluster_ratio gauge" "$tmp/all.prom" &&
	 ! grep -Eq "^# TYPE [a-z_]*(_raw|_fraction|_normalized|_effective) " "$tmp/all.prom"'
fs-tree --sample | fs-rank | fs-report --prometheus --metrics usage_raw,shares_cluster_fraction >"$tmp/old-names.prom"
check "--metrics takes the names before 0.9.0" \
	'[ "$(grep -c "^# TYPE " "$tmp/old-names.prom")" = 7 ] && grep -q "^fairshare_user_shares_cluster_ratio{" "$tmp/old-names.prom"'
gen=${FS_BUILD:-../build}/gen/gentree
if [ -x "$gen" ]; then
	"$gen" -n 50000 -s 42 | fs-rank >"$tmp/50k.tsv"
	fs-report --prometheus "$tmp/50k.tsv" >"$tmp/50k.prom"
	st_50k=$?
	"$gen" -n 50001 -s 18 | awk -F'\t' 'BEGIN { OFS = "\t" }
		!/^#/ && $1 == "org1" && $2 == "" { next }
		!/^#/ && $3 == "org1" { $3 = "root" } { print }' | fs-rank |
		fs-report --prometheus >"$tmp/flat.prom"
	echo "# 50,000 associations: $(series "$tmp/50k.prom") series by default, $(wc -c <"$tmp/50k.prom") bytes; with 165 accounts under root $(series "$tmp/flat.prom"), $(wc -c <"$tmp/flat.prom") bytes"
	check "50,000 associations: at most 1000 series by default" \
		'[ "$(series "$tmp/50k.prom")" -le 1000 ]'
	check "50,000 associations: promtool check metrics" 'promtool_ok "$tmp/50k.prom" $st_50k'
	check "the series counts the README gives: 193, and 1,334 with 165 accounts under root" \
		'[ "$(series "$tmp/50k.prom")" = 193 ] && [ "$(series "$tmp/flat.prom")" = 1334 ]'
else
	check "50,000 associations # SKIP no gentree ($gen)" true
	check "50,000 associations: promtool # SKIP no gentree ($gen)" true
	check "the README's series counts # SKIP no gentree ($gen)" true
fi
