# Sourced by test files: TAP lines. check DESCRIPTION COMMAND...: "ok N"
# when COMMAND succeeds, else "not ok N" and the first 30 lines of its
# output on standard error, where prove shows them without -v, as in a CI
# log (needs tmp, a scratch directory); with check_show=K, the first K
# lines after an "ok" too. ok STATUS NAME: "ok N" when STATUS is 0. bail
# MESSAGE: "Bail out!", the last 40 lines of $log on standard error (prove
# stops reading standard output at a bail-out), exit 1.
n=0
check_show=0
check() {
	local what=$1
	shift
	n=$((n + 1))
	if "$@" >"$tmp/check.out" 2>&1; then
		echo "ok $n - $what"
		[ "$check_show" -gt 0 ] && head -n "$check_show" "$tmp/check.out" | sed 's/^/# /'
	else
		echo "not ok $n - $what"
		head -30 "$tmp/check.out" | sed 's/^/#   /' >&2
	fi
	return 0
}

ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
bail() {
	echo "Bail out! $*"
	sed 's/^/# /' "$log" 2>/dev/null | tail -n 40 >&2
	exit 1
}
