#!/usr/bin/env bash
# The library's layers (lib/fs.h): core/ <- model/ <- io/. A file may
# include headers of its own layer and of the layers below it, never one
# above, and never fs.h, the programs' umbrella. Programs and tests include
# fs.h (and, for the few that need one, a layer's private header).
set -u
cd "$(dirname "$0")/.." || exit 1
n=0 bad=0
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
	done < <(sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
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
obj=${FS_BUILD:-build}/lib
if [ -d "$obj/core" ] && command -v nm >/dev/null; then
	for o in "$obj"/core/*.o "$obj"/model/*.o; do
		n=$((n + 1))
		case $o in
		*/core/*) above=$(nm --defined-only "$obj"/model/*.o "$obj"/io/*.o) ;;
		*) above=$(nm --defined-only "$obj"/io/*.o) ;;
		esac
		calls=$(nm -u "$o" | awk '{ print $2 }' | grep -xF -f <(echo "$above" |
			awk '$2 ~ /[TDBR]/ { print $3 }') | tr '\n' ' ')
		if [ -n "$calls" ]; then
			echo "not ok $n - ${o#"$obj"/} calls above its layer: $calls"
			bad=$((bad + 1))
		else
			echo "ok $n - ${o#"$obj"/} calls nothing above its layer"
		fi
	done
fi
echo "1..$n"
[ "$bad" = 0 ]
