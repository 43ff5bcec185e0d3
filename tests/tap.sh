# Sourced by test files: TAP lines for checks that are commands. Needs tmp,
# a scratch directory. check DESCRIPTION COMMAND...: "ok N" when COMMAND
# succeeds, else "not ok N" and the first 30 lines of its output; with
# check_show=K, the first K lines after an "ok" too.
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
		head -30 "$tmp/check.out" | sed 's/^/#   /'
	fi
	return 0
}
