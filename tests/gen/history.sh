#!/usr/bin/env bash
# history.sh DIR N: N snapshots of the sample tree as cron would keep them
# (DIR/YYYY-MM-DD-0800.tsv, one a day from 2026-11-01), with a known trend:
# alice's usage in astro grows by 20000 CPU-seconds a day, so astro's Level
# FS and her FairShare there fall, and everyone else's usage stays put.
set -eu
dir=$1 n=$2
mkdir -p "$dir"
for ((k = 0; k < n; k++)); do
	day=$(printf '2026-11-%02d' $((k + 1)))
	fs-tree --sample | awk -F'\t' -v OFS='\t' -v k="$k" -v day="$day" '
		/^#taken=/ { print "#taken=" day "T08:00:00Z"; next }
		$1 == "astro" && $2 == "alice" { $6 = sprintf("%.6f", $6 + 20000 * k) }
		{ print }' >"$dir/$day-0800.tsv"
done
