#!/bin/bash
# capture.sh DIR
# Capture, in one interval between two priority passes and with no job
# running, the live fs-tree dump (DIR/live.tsv) and sshare's view of the same
# state (DIR/sshare.txt: 'sshare -a -l -P'; DIR/sshare-fixed.txt:
# 'sshare -a -l'; DIR/sshare.json: 'sshare -a --json', where sshare has
# --json: 23.02 and later), then check them against each other
# (compare-sshare.py).
# The dump comes from $FS_TREE if set, else from the checkout's bin/fs-tree
# (run 'make' first).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/env.sh"

[ $# -eq 1 ] || {
	echo "usage: capture.sh DIR" >&2
	exit 2
}
dir=$1
mkdir -p "$dir"

tree=${FS_TREE:-$top/bin/fs-tree}
[ -x "$tree" ] || {
	echo "capture.sh: $tree not found; run 'make' or set FS_TREE" >&2
	exit 1
}

if [ -n "$(squeue -h -t R,CG,S -o %i)" ]; then
	echo "capture.sh: jobs are running; their usage would differ between the captures" >&2
	exit 1
fi

json=
if sshare --help 2>&1 | grep -q -- --json; then json=1; fi
for try in 1 2 3; do
	before=$("$here/stack.sh" stamp)
	"$tree" >"$dir/live.tsv.new"
	sshare -a -l -P >"$dir/sshare.txt.new"
	sshare -a -l >"$dir/sshare-fixed.txt.new"
	if [ -n "$json" ]; then sshare -a --json >"$dir/sshare.json.new"; fi
	after=$("$here/stack.sh" stamp)
	[ "$before" = "$after" ] && break
	echo "capture.sh: a priority pass ran during the capture; again" >&2
	[ $try -lt 3 ] || exit 1
	"$here/stack.sh" wait-pass 90
done
mv "$dir/live.tsv.new" "$dir/live.tsv"
mv "$dir/sshare.txt.new" "$dir/sshare.txt"
mv "$dir/sshare-fixed.txt.new" "$dir/sshare-fixed.txt"
if [ -n "$json" ]; then mv "$dir/sshare.json.new" "$dir/sshare.json"; fi
echo "capture.sh: wrote $dir/live.tsv, sshare.txt, sshare-fixed.txt"
"$here/compare-sshare.py" "$dir/live.tsv" "$dir/sshare.txt"
