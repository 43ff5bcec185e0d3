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
echo "1..$n"
[ "$bad" = 0 ]
