#!/usr/bin/env bash
# The library's layers (lib/fs.h): core/ <- model/ <- io/. A file may
# include headers of its own layer and of the layers below it, never one
# above, and never fs.h, the programs' umbrella. Programs and tests include
# fs.h (and, for the few that need one, a layer's private header).
# Inside a layer, the built objects' calls between its files make no circle.
# Each function is declared in its file's section of the headers, no
# source or page cites an issue number, and each program is under 600
# lines.
# The checks on the built objects say "ok N # skip" when there are no
# objects in FS_BUILD (default build) or no nm; the plan is counted from the
# sources first, so that no check can vanish.
set -u
cd "$(dirname "$0")/.." || exit 1
n=0 bad=0
obj=${FS_BUILD:-build}/lib
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
skip=
if ! command -v nm >/dev/null; then
	skip="nm is not installed (binutils)"
elif [ ! -d "$obj/core" ]; then
	skip="no built objects in $obj (make first)"
fi
# One check per include line of lib/*/*, per file at lib/, per core and
# model source (its object's calls), three per layer (circles, header
# sections), and two more.
included() {
	sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$@"
}
includes=$(included lib/*/*.[ch] | wc -l)
below=(lib/core/*.c lib/model/*.c)
at_lib=(lib/*.[ch])
echo "1..$((includes + ${#at_lib[@]} + ${#below[@]} + 3 + 3 + 2))"
# skipped WHAT: "ok N # skip" with the reason the objects cannot be read.
skipped() {
	n=$((n + 1))
	echo "ok $n # skip $1: $skip"
}
# none WHAT PROBLEM FOUND: "ok N - WHAT" when FOUND is empty, else "not ok
# N - PROBLEM:" and FOUND's first 10 lines.
none() {
	n=$((n + 1))
	if [ -z "$3" ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $2:"
		echo "$3" | head -n 10 | sed 's/^/#   /'
		bad=$((bad + 1))
	fi
}
rank() {
	case $1 in
	core/*) echo 1 ;;
	model/*) echo 2 ;;
	io/*) echo 3 ;;
	*) echo 9 ;;
	esac
}
for f in lib/*/*.[ch]; do
	layer=${f#lib/}
	mine=$(rank "$layer")
	while IFS= read -r inc; do
		n=$((n + 1))
		if [ "$(rank "$inc")" -gt "$mine" ]; then
			echo "not ok $n - $f includes \"$inc\", above its layer"
			bad=$((bad + 1))
		else
			echo "ok $n - $f includes \"$inc\""
		fi
	done < <(included "$f")
done
# Every library file is in a layer: none left at lib/ beside fs.h.
for f in lib/*.[ch]; do
	n=$((n + 1))
	if [ "$f" = lib/fs.h ]; then
		echo "ok $n - lib/fs.h is the only file outside the layers"
	else
		echo "not ok $n - $f is outside the layers (lib/core, lib/model, lib/io)"
		bad=$((bad + 1))
	fi
done
# The same rule on the built objects, which sees a call that reaches past
# its layer's header: no object calls a function defined in a layer above.
# One check per source, so that a missing object is a failure.
for c in "${below[@]}"; do
	c=${c#lib/}
	o=$obj/${c%.c}.o
	if [ -n "$skip" ]; then
		skipped "${c%.c}.o calls nothing above its layer"
		continue
	fi
	n=$((n + 1))
	case $c in
	core/*) above=$(nm --defined-only "$obj"/model/*.o "$obj"/io/*.o) ;;
	*) above=$(nm --defined-only "$obj"/io/*.o) ;;
	esac
	if ! undef=$(nm -u "$o" 2>&1); then
		echo "not ok $n - ${c%.c}.o: no object, or nm cannot read it: $undef"
		bad=$((bad + 1))
		continue
	fi
	calls=$(echo "$undef" | awk '{ print $2 }' | grep -xF -f <(echo "$above" |
		awk '$2 ~ /[TDBR]/ { print $3 }') | tr '\n' ' ')
	if [ -n "$calls" ]; then
		echo "not ok $n - ${c%.c}.o calls above its layer: $calls"
		bad=$((bad + 1))
	else
		echo "ok $n - ${c%.c}.o calls nothing above its layer"
	fi
done
# Inside a layer, the calls between its files go one way: no circle, of
# two files or more, so that each file stands on those below it and can be
# read, tested and moved with them alone. From the same objects: each
# file's calls to a function (or data) another file of its layer defines,
# then the strongly connected components of those calls (Tarjan's); one of
# more than one file is a circle, named by its files and the calls that
# close it.
circles() {
	awk '
	$1 == "D" { def[$3] = $2; next }
	$1 == "F" { file[++nf] = $2; next }
	$1 == "U" && ($3 in def) && def[$3] != $2 {
		e = $2 SUBSEP def[$3]
		if (!(e in why)) {
			adj[$2, ++nadj[$2]] = def[$3]
			why[e] = $3
		} else
			why[e] = why[e] " " $3
	}
	function visit(v,    i, w, k, m, c, t) {
		idx[v] = low[v] = ++count
		stack[++sp] = v
		on[v] = 1
		for (i = 1; i <= nadj[v]; i++) {
			w = adj[v, i]
			if (!(w in idx)) {
				visit(w)
				if (low[w] < low[v])
					low[v] = low[w]
			} else if (on[w] && idx[w] < low[v])
				low[v] = idx[w]
		}
		if (low[v] != idx[v])
			return
		m = 0
		do {
			w = stack[sp--]
			on[w] = 0
			c[++m] = w
		} while (w != v)
		if (m < 2)
			return
		for (i = 2; i <= m; i++)	# by name
			for (k = i; k > 1 && c[k - 1] > c[k]; k--) {
				t = c[k]; c[k] = c[k - 1]; c[k - 1] = t
			}
		printf "C"
		for (i = 1; i <= m; i++)
			printf " %s", c[i]
		printf "\n"
		for (i = 1; i <= m; i++)
			for (k = 1; k <= m; k++)
				if ((c[i], c[k]) in why)
					printf "#   %s calls %s: %s\n", c[i],
					    c[k], why[c[i], c[k]]
	}
	END {
		for (i = 1; i <= nf; i++)
			if (!(file[i] in idx))
				visit(file[i])
	}'
}
for layer in core model io; do
	if [ -n "$skip" ]; then
		skipped "lib/$layer: no circle between its files"
		continue
	fi
	found=$(for o in "$obj/$layer"/*.o; do
		f=${o##*/}
		echo "F $f"
		nm --defined-only "$o" |
			awk -v f="$f" '$2 ~ /^[TDBR]$/ { print "D", f, $3 }'
		nm -u "$o" | awk -v f="$f" '{ print "U", f, $2 }'
	done | sort -s -k1,1 | circles)
	none "lib/$layer: no circle between its files" \
		"lib/$layer: circles between its files" \
		"$(sed 's/^C/a circle between/; s/^#   //' <<<"$found")"
done
# Headers a reader can hold: every function a library file defines for
# others is declared in the section of its layer's headers named after
# that file ("/* --- cost.c */"), or in a header of its own (NAME.h).
for layer in core model io; do
	if [ -n "$skip" ]; then
		skipped "lib/$layer: each file's functions in its own section of the headers"
		continue
	fi
	astray=$(for c in lib/"$layer"/*.c; do
		m=$(basename "$c" .c)
		[ -f "lib/$layer/$m.h" ] && continue
		nm --defined-only "$obj/$layer/$m.o" >"$tmp" 2>&1 ||
			{ echo "$m.c: no object, or nm cannot read it"; continue; }
		awk -v m="$m.c" '$2 == "T" { print m, $3 }' "$tmp"
	done | awk -v hdrs="$(ls lib/"$layer"/*.h | tr '\n' ' ')" '
		BEGIN {
			n = split(hdrs, h, " ")
			for (i = 1; i <= n; i++)
				while ((getline l < h[i]) > 0) {
					if (l ~ /^\/\* -+ [a-z_0-9]+\.c \*\/$/) {
						sec = l
						sub(/^\/\* -+ /, "", sec)
						sub(/ \*\/$/, "", sec)
					}
					while (match(l, /fs_[a-z0-9_]+[ \t]*\(/)) {
						f = substr(l, RSTART, RLENGTH)
						sub(/[ \t]*\($/, "", f)
						if (!(f in at))
							at[f] = sec
						l = substr(l, RSTART + RLENGTH)
					}
				}
		}
		NF != 2 { print; next }
		{ if (at[$2] != $1) printf "%s %s (in %s)\n", $1, $2, at[$2] == "" ? "no header" : at[$2] }')
	none "lib/$layer: each file's functions in its own section of the headers" \
		"lib/$layer: functions declared outside their file's section" "$astray"
done
# No comment or page cites a tracker's issue: the tracker is not in the
# repository, and a reader cannot follow the reference.
cited=$(grep -rnE '[Ii]ssues? #?[0-9]+' lib tools contrib man docs Makefile README.md HACKING.md \
	tests/*.t tests/*.sh tests/unit tests/gen tests/slurm 2>/dev/null | head -n 5)
none "no source cites an issue number" "the sources cite issue numbers" "$cited"
# Programs are glue: each tools/NAME/*.c under 600 lines (what grows
# there belongs in the library).
none "every program under 600 lines" "programs of 600 lines or more" \
	"$(wc -l tools/*/*.c | awk '$2 != "total" && $1 >= 600')"
[ "$bad" = 0 ]
