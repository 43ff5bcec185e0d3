#!/usr/bin/env bash
# Replays the fuzzing seed corpora (tests/fuzz/corpus/NAME/) through the
# fuzz targets' entry points, built without libFuzzer (FS_BUILD/fuzz/
# replay-NAME, from tests/fuzz/fuzz-NAME.c and tests/fuzz/replay.c), so that
# every input that ever mattered runs in the normal suite and under the
# sanitizers. A target whose replay binary was not built (its library
# module is missing) is skipped. FS_WRAP prefixes each run (valgrind, whose
# x87 long doubles have 64 bits: FS_FUZZ_LOSSY_LD tells the numbers target
# to make its calls without comparing their values bit for bit).
set -u
cd "$(dirname "$0")" || exit 1
b=${FS_BUILD:?set FS_BUILD to the build directory}/fuzz
n=0
for src in fuzz/fuzz-*.c; do
	t=${src#fuzz/fuzz-}
	t=${t%.c}
	n=$((n + 1))
	if [ ! -x "$b/replay-$t" ]; then
		echo "ok $n - fuzz/$t # SKIP not built"
		continue
	fi
	if out=$(${FS_WRAP:+env FS_FUZZ_LOSSY_LD=1} ${FS_WRAP:-} "$b/replay-$t" "fuzz/corpus/$t" 2>&1); then
		echo "ok $n - fuzz/$t: $out"
	else
		echo "not ok $n - fuzz/$t"
		printf '%s\n' "$out" | tail -20 | sed 's/^/#   /' >&2
	fi
done
echo "1..$n"
