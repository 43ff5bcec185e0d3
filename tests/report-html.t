#!/usr/bin/env bash
# fs-report --html in a real browser: headless Chromium loads the page with
# a hostile account name, and the dumped DOM must hold the SVG picture and
# the tables, show the name as escaped text and contain no <script> element.
# The screenshot is kept in $FS_REPORT_SHOT when set, for a person to look at.
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

echo "1..9"
check "the page loads" '[ -s "$tmp/dom" ]'
check "the page fetches nothing" '! grep -Eq "(src|href)=|@import|url\\(http" "$tmp/report.html"'
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
