#!/usr/bin/env bash
# fs-report --html in a real browser: headless Chromium loads the page with
# a hostile account name, and the dumped DOM must hold the SVG picture and
# the tables, show the name as escaped text and contain no <script> element.
# The screenshot is kept in $FS_REPORT_SHOT when set, for a person to look at.
# Then a generated tree of 50,000 associations: every account has a section,
# every in-page link has its target, the page stays linear in size, and the
# browser lays it out.
# Skips when Chromium is not installed.
set -u
cd "$(dirname "$0")" || exit 1
export PATH="${FS_BIN:?set FS_BIN to the directory of the built programs}:$PATH"
export LC_ALL=C TZ=UTC
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
	echo "1..0 # SKIP chromium is not installed"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi
}
hostile='<script>alert(1)</script>'
fs-tree --sample | awk -F'\t' -v h="$hostile" 'BEGIN { OFS = "\t" }
	{ for (i = 1; i <= NF; i++) if ($i == "bio") $i = h; print }' | fs-rank |
	fs-report --html --out "$tmp/report.html"
chrome() {
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$(mktemp -d -p "$tmp")" "$@" 2>/dev/null
}
chrome --dump-dom "file://$tmp/report.html" >"$tmp/dom"
chrome --window-size=1400,1400 --screenshot="$tmp/shot.png" \
	"file://$tmp/report.html" >/dev/null
[ -n "${FS_REPORT_SHOT:-}" ] && cp "$tmp/shot.png" "$FS_REPORT_SHOT"

# Every href="#X" of a page has an element id="X".
links_resolve() {
	grep -o 'href="#[^"]*"' "$1" | sed 's/^href="#//; s/"$//' | sort -u >"$tmp/hrefs"
	grep -o ' id="[^"]*"' "$1" | sed 's/^ id="//; s/"$//' | sort -u >"$tmp/ids"
	[ -s "$tmp/hrefs" ] && [ -z "$(comm -23 "$tmp/hrefs" "$tmp/ids")" ]
}
"${GENTREE:-${FS_BUILD:-../build}/gen/gentree}" -n 50000 -s 1 >"$tmp/50k.tsv" 2>/dev/null
fs-report --html "$tmp/50k.tsv" >"$tmp/50k.html"
fs-report --html --width usage "$tmp/50k.tsv" >"$tmp/50k-usage.html"
chrome --dump-dom "file://$tmp/50k.html" >"$tmp/50k.dom"
chrome --window-size=1400,2000 --screenshot="$tmp/50k.png" \
	"file://$tmp/50k.html" >/dev/null
size50k=$(wc -c <"$tmp/50k.html")
accounts50k=$(awk -F'\t' '!/^#/ && $2 == "" && $1 != "Account"' "$tmp/50k.tsv" | wc -l) # root too

echo "1..22"
check "the page loads" '[ -s "$tmp/dom" ]'
check "every table it opens it closes, once (no stray end tag)" \
	'[ "$(grep -o "<table" "$tmp/report.html" | wc -l)" -eq "$(grep -o "</table>" "$tmp/report.html" | wc -l)" ]'
check "the page fetches nothing (links stay in the page)" '! grep -Eq "(src|href)=\"[^#]|@import|url\\(http" "$tmp/report.html"'
check "an SVG picture with one box per drawn association" \
	'[ "$(grep -o "<rect x=" "$tmp/dom" | wc -l)" -ge 20 ]'
check "every box has its numbers in a title" \
	'grep -q "<title>user alice in account astro" "$tmp/dom"'
check "the tables are there" \
	'[ "$(grep -o "<table" "$tmp/dom" | wc -l)" -ge 5 ] && grep -q "Accounts furthest below their share of the cluster" "$tmp/dom"'
check "the hostile name is escaped text" \
	'grep -qF "<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>" "$tmp/dom"'
check "no script element exists" '! grep -qi "<script" "$tmp/dom"'
check "the hostile name is escaped in the SVG tooltips too" \
	'grep -qF "account &lt;script&gt;alert(1)&lt;/script&gt;" "$tmp/dom"'
check "a screenshot was taken" \
	'[ "$(head -c 4 "$tmp/shot.png" | od -An -c | tr -d " ")" = "211PNG" ]'
check "each account a section of its own, with its sub-accounts as links" \
	'[ "$(grep -c "<details id=\"n" "$tmp/report.html")" -eq 10 ] && grep -q "<summary><b>physics</b>" "$tmp/report.html" && grep -q "<tr><td><a href=\"#n[0-9]*\">astro</a>" "$tmp/report.html"'
check "every in-page link has its target" 'links_resolve "$tmp/report.html"'
check "the picture's accounts link to their sections" \
	'grep -q "<a href=\"#n[0-9]*\"><g><title>account astro" "$tmp/report.html"'
check "the user with usage but no shares is marked" \
	'grep -q "<tr class=\"ns\"><td>judy<td><mark>0</mark>" "$tmp/report.html" && grep -q "<mark>1 with usage but no shares</mark>" "$tmp/report.html"'
check "the index names every user once, with each of its accounts" \
	'grep -q "<li>alice: <a href=\"#n[0-9]*\">astro</a>, <a href=\"#n[0-9]*\">chem</a>" "$tmp/report.html"'
check "usage in hours in the sections" \
	'grep -q "<tr><td>alice<td>1<td>[0-9.]*%<td>[0-9.]*%<td>[^<]*<td>14.54<td>" "$tmp/report.html"'
check "50k: one section per account" \
	'[ "$(grep -c "<details id=\"n" "$tmp/50k.html")" -eq "$accounts50k" ]'
check "50k: every in-page link has its target" 'links_resolve "$tmp/50k.html"'
check "50k: the page is under 12 MB ($size50k bytes)" '[ "$size50k" -lt 12000000 ]'
check "50k: the browser lays the page out, with no script" \
	'grep -q "Find by name" "$tmp/50k.dom" && ! grep -qi "<script" "$tmp/50k.dom" && [ "$(head -c 4 "$tmp/50k.png" | od -An -c | tr -d " ")" = "211PNG" ]'
check "--width usage draws other boxes and says so" \
	'grep -q "whole cluster.s usage" "$tmp/50k-usage.html" && ! cmp -s "$tmp/50k.html" "$tmp/50k-usage.html"'
check "the hostile name is escaped in its section and the index" \
	'grep -qF "<summary><b>&lt;script&gt;alert(1)&lt;/script&gt;</b>" "$tmp/report.html" && grep -qF "\">&lt;script&gt;alert(1)&lt;/script&gt;</a>" "$tmp/report.html"'
