#!/usr/bin/env bash
# Every example in the man pages is a test. In an EXAMPLES section, a
# literal block (.Bd -literal ... .Ed) whose lines start with "$ " holds
# commands; the lines after a command, up to the next command or the end of
# the block, are its expected standard output. Commands run in tests/ with
# the built programs first on PATH. Trailing blanks are ignored, as roff
# drops them; every other byte must match. The status must be 0 under
# pipefail (a failing program before | tail fails it; SIGPIPE's 141 when
# head leaves early does not).
set -u
cd "$(dirname "$0")" || exit 1
export PATH="${FS_BIN:?set FS_BIN}:$PATH" LC_ALL=C TZ=UTC
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# Extract "page<TAB>command" records and expected outputs into $tmp.
n=0
for page in ../tools/*/*.1 ../man/*.[1-9]; do
	[ -f "$page" ] || continue
	awk -v dir="$tmp" -v page="$page" '
		/^\.Sh / { ex = ($2 == "EXAMPLES") }
		ex && /^\.Bd -literal/ { inblk = 1; next }
		ex && /^\.Ed/ { inblk = 0; cur = ""; next }
		inblk {
			gsub(/\\e/, "\\"); gsub(/\\&/, ""); gsub(/\\\(em/, "-")
			if (substr($0, 1, 2) == "$ ") {
				k++
				f = dir "/" FILENAME "." k
				gsub(/[\/.]/, "_", f); f = dir "/" substr(f, length(dir) + 2)
				print page "\t" substr($0, 3) > (f ".cmd")
				printf "" > (f ".want")
				cur = f
			} else if (cur != "")
				print > (cur ".want")
		}
		/^\.Ed/ { cur = "" }
	' "$page"
done
set -- "$tmp"/*.cmd
[ -e "$1" ] || set --
echo "1..$#"
for c; do
	n=$((n + 1))
	base=${c%.cmd}
	page=$(cut -f1 "$c")
	cmd=$(cut -f2- "$c")
	timeout 60 bash -o pipefail -c "$cmd" </dev/null 2>"$base.err" | sed 's/[ \t]*$//' >"$base.got"
	st=${PIPESTATUS[0]}
	[ "$st" = 141 ] && st=0 # a writer killed by SIGPIPE: | head left early
	sed 's/[ \t]*$//' "$base.want" >"$base.want2"
	if [ "$st" = 0 ] && cmp -s "$base.want2" "$base.got"; then
		echo "ok $n - ${page#../}: $cmd"
	else
		echo "not ok $n - ${page#../}: $cmd"
		echo "# exit status $st"
		diff -u "$base.want2" "$base.got" | head -30 | sed 's/^/#   /' >&2
		sed 's/^/#   stderr: /' "$base.err" | head -5 >&2
	fi
done
