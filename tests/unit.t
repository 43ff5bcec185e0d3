#!/usr/bin/env bash
# Runs every C unit test binary built from tests/unit/*.c; each prints TAP.
cd "$(dirname "$0")" || exit 1
b=${FS_BUILD:?set FS_BUILD to the build directory}/tests
set -- unit/*.c
echo "1..$#"
n=0
for src; do
	n=$((n + 1))
	t=$(basename "$src" .c)
	if out=$("$b/$t" 2>&1); then
		echo "ok $n - unit/$t"
	else
		echo "not ok $n - unit/$t"
		printf '%s\n' "$out" | grep -v '^ok ' | sed 's/^/# /' >&2
	fi
done
