#!/usr/bin/env bash
# fs-tree --rest against hostile servers and inputs: a fake slurmrestd
# (rest-fake.py) on 127.0.0.1, on a port the system picks, one per case,
# each ending by itself. Every refusal must follow the toolkit's contract:
# exit 1, nothing on standard output, exactly one line on standard error,
# "fs-tree: URL: message", the URL without its password.
set -u
cd "$(dirname "$0")" || exit 1
B=${FS_BIN:?set FS_BIN to the directory of the built programs}
export LC_ALL=C TZ=UTC
if ! "$B/fs-tree" --help 2>/dev/null | grep -q 'slurmrestd: yes'; then
	echo "1..0 # SKIP fs-tree was built without libcurl and json-c"
	exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP no python3 for the fake slurmrestd"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT
. ./tap.sh
# FS_REST_SHOW=K: each case's first K lines (status, time, message) too.
check_show=${FS_REST_SHOW:-0}

# serve NAME MODE [LIFETIME [unix]]: a fake slurmrestd in $tmp/NAME; sets
# port (empty if it did not start within 5 s).
serve() {
	local d=$tmp/$1 i
	mkdir -p "$d"
	python3 rest-fake.py "$2" "$d" "${3:-60}" ${4:-} 2>"$d/server.err" &
	pids+=($!)
	port=
	for ((i = 0; i < 50; i++)); do
		[ -s "$d/port" ] && port=$(cat "$d/port") && return 0
		sleep 0.1
	done
	return 1
}

# The peak memory fs-tree may take on any answer: 256 MB, 1 GB under
# AddressSanitizer (its shadow and redzones). /usr/bin/time measures it.
timed=()
[ -x /usr/bin/time ] && timed=(/usr/bin/time -f %M)
max_kb=256000
grep -q __asan_init "$B/fs-tree" && max_kb=1000000

# run NAME LIMIT ARGS...: fs-tree ARGS under a LIMIT-second timeout, its
# output, standard error, status, seconds and peak memory (KB, when
# /usr/bin/time is there) in $tmp/NAME.*.
run() {
	local name=$1 limit=$2 t0 t1
	shift 2
	t0=$EPOCHREALTIME
	rm -f "$tmp/$name.kb"
	timeout -k 5 "$limit" ${timed[@]+"${timed[@]}" -o "$tmp/$name.kb"} \
		"$B/fs-tree" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	echo $? >"$tmp/$name.st"
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$tmp/$name.time"
}

# refused NAME REGEX [MAXSECONDS]: the run refused with one line matching
# ^fs-tree: REGEX$, in at most MAXSECONDS.
refused() {
	local name=$1 re=$2 max=${3:-} st bad=0
	st=$(cat "$tmp/$name.st")
	echo "exit status $st, $(cat "$tmp/$name.time") s"
	[ "$st" = 1 ] || { echo "want exit status 1"; bad=1; }
	[ -s "$tmp/$name.out" ] && { echo "output on standard output"; bad=1; }
	[ "$(wc -l <"$tmp/$name.err")" = 1 ] || { echo "not one line on standard error"; bad=1; }
	grep -Eqx "fs-tree: $re" "$tmp/$name.err" || { echo "want: fs-tree: $re"; bad=1; }
	if [ -n "$max" ] && ! awk -v t="$(cat "$tmp/$name.time")" -v m="$max" 'BEGIN { exit !(t <= m) }'; then
		echo "took longer than $max s"
		bad=1
	fi
	echo "standard error:"
	head -c 600 "$tmp/$name.err"
	return $bad
}

# small NAME: the run's peak memory under $max_kb KB (or a skip, with no
# /usr/bin/time: check_skip's reason).
small() {
	local kb
	kb=$(tail -1 "$tmp/$1.kb" 2>/dev/null)
	echo "peak memory: ${kb:-?} KB (at most $max_kb)"
	[[ $kb =~ ^[0-9]+$ ]] && [ "$kb" -le "$max_kb" ]
}
# check_small NAME TEXT CMD...: check TEXT CMD, and that the run NAME
# stayed small; with no /usr/bin/time, the memory is a skip of its own.
check_small() {
	local name=$1 text=$2
	shift 2
	check "$text" "$@"
	if [ ${#timed[@]} = 0 ]; then
		n=$((n + 1))
		echo "ok $n - $text: peak memory # skip no /usr/bin/time"
	else
		check "$text: peak memory under $max_kb KB" small "$name"
	fi
}

echo "1..44"

# 5. Time: a server that accepts and never answers, and one that answers
# 404 after 8 s to each of the six versions (48 s): both end within the
# 30 s fs-tree allows over all its attempts; one whose connection never
# opens, in 10 s. Run side by side.
serve hang hang 60 && hang_url=http://127.0.0.1:$port
serve slow slow404 70 && slow_url=http://127.0.0.1:$port
serve full full 60 && full_url=http://127.0.0.1:$port
run hang 60 --rest "$hang_url" &
r1=$!
run slow 60 --rest "$slow_url" &
r2=$!
run full 60 --rest "$full_url" &
wait $r1 $r2 $!
check "a server that accepts and never answers: one line naming the URL, within 25 s" \
	refused hang "http://127\.0\.0\.1:[0-9]+: slurmrestd stalled: less than 1024 bytes a second for 20 s \(asking for /slurm/v0\.0\.45/shares\)" 25
check "a slow 404 for every version: the 30 s deadline over all attempts, one line naming the URL" \
	refused slow "http://127\.0\.0\.1:[0-9]+: gave up after 30 s, the most fs-tree waits for slurmrestd \(no answer yet to /slurm/v0\.0\.4[0-5]/shares\)" 35
check "a connection that never opens: one line naming the URL, within 15 s" \
	refused full "http://127\.0\.0\.1:[0-9]+: cannot reach slurmrestd: no connection within 10 s" 15

# 6. Size: an answer with no length that never ends is refused when it
# passes 1 GiB, and one whose length says more than that at once, before
# a byte of it is read: each "too large", not a write error.
serve endless endless 60 && run endless 60 --rest "http://127.0.0.1:$port"
check_small endless "an endless answer: refused as too large, one line naming the URL" \
	refused endless "http://127\.0\.0\.1:[0-9]+: the answer to /slurm/v0\.0\.45/shares is too large: more than 1 GiB, the most fs-tree reads" 29
# What fs-tree keeps of an answer is its text without white space, at
# most 128 MiB: an endless list of small objects is refused there.
serve dense dense 60 && run dense 60 --rest "http://127.0.0.1:$port"
check_small dense "an endless list of objects: refused when what is kept passes 128 MiB, in one line" \
	refused dense "http://127\.0\.0\.1:[0-9]+: the answer to /slurm/v0\.0\.45/shares is too large: more than 128 MiB without its white space, the most fs-tree keeps" 29
serve huge huge 60 && run huge 60 --rest "http://127.0.0.1:$port"
check "an answer whose Content-Length is 2 TiB: refused at once as too large" \
	refused huge "http://127\.0\.0\.1:[0-9]+: the answer to /slurm/v0\.0\.45/shares is too large: more than 1 GiB, the most fs-tree reads" 5

# 7. Secrets. The password of a URL's user:password@ is never shown: the
# URL is shown as http://***@host/, whatever the error.
run pw-down 20 --rest "http://alice:s3cret@127.0.0.1:1"
check "user:password@ in the URL: masked when the server cannot be reached" \
	refused pw-down "http://\*\*\*@127\.0\.0\.1:1: cannot reach slurmrestd: Couldn't connect to server"
run pw-version 20 --rest "https://alice:s3cret@127.0.0.1:1/slurm/v0.0.39"
check "user:password@ in the URL: masked when the URL is refused" \
	refused pw-version "https://\*\*\*@127\.0\.0\.1:1/slurm/v0\.0\.39: expected a URL ending in /slurm/v0\.0\.40 to v0\.0\.45, or none"
run pw-noscheme 20 --rest "alice:s3cret@127.0.0.1:1"
check "user:password@ in a URL without a scheme: masked" \
	refused pw-noscheme "\*\*\*@127\.0\.0\.1:1: expected http://HOST:PORT, https://HOST:PORT or unix:/PATH"
# Masked in messages only: the server still gets the credentials.
serve pw-404 ok 30 && run pw-404 20 --rest "http://alice:s3cret@127.0.0.1:$port/slurm/v0.0.44"
check "user:password@ in the URL: sent to the server (Basic), masked in its 404" \
	eval 'refused pw-404 "http://\*\*\*@127\.0\.0\.1:[0-9]+/slurm/v0\.0\.44: slurmrestd answers 404 for /slurm/v0\.0\.44/shares: it does not serve data_parser v0\.0\.44 \(leave the version out for the newest it serves\)" 5 &&
	grep -a "^Authorization: Basic $(printf alice:s3cret | base64)" "$tmp/pw-404/log"'

# The token (SLURM_JWT) goes in a header: a control character in it would
# end the header and begin others of the holder's choosing. Refused, with
# no connection made and the token not shown.
serve jwt-crlf ok 30 && SLURM_JWT=$'tok-Secret-1\r\nX-Injected: yes' run jwt-crlf 20 --rest "http://127.0.0.1:$port"
check "a SLURM_JWT with CR LF: refused in one line, not sent, not shown" \
	eval 'refused jwt-crlf "http://127\.0\.0\.1:[0-9]+: SLURM_JWT holds a control character \(0x0d, byte 13 of 29\): not sent" 5 &&
	! grep -q tok-Secret "$tmp/jwt-crlf.err" && ! [ -e "$tmp/jwt-crlf/log" ]'
# The token is never in a message, even when the server repeats it (here,
# the whole request in its error's description), nor in any process's
# arguments while fs-tree talks to the server.
serve jwt-echo echo401 30 && SLURM_JWT=tok-Secret-2.abcdefgh run jwt-echo 20 --rest "http://127.0.0.1:$port"
check "a server that repeats the token in its 401: the token sent, shown as ***" \
	eval 'refused jwt-echo "http://127\.0\.0\.1:[0-9]+: slurmrestd refused us \(HTTP 401: refused: GET .*X-SLURM-USER-TOKEN: \*\*\*.*\): check the token in SLURM_JWT" 5 &&
	! grep -q tok-Secret "$tmp/jwt-echo.err" && grep -aq "^X-SLURM-USER-TOKEN: tok-Secret-2.abcdefgh" "$tmp/jwt-echo/log"'
argv_clean() {
	local i pid
	SLURM_JWT=tok-Secret-3.abcdefgh "$B/fs-tree" --rest "http://127.0.0.1:$1" >/dev/null 2>&1 &
	pid=$!
	for ((i = 0; i < 50; i++)); do
		grep -aq '^X-SLURM-USER-TOKEN' "$tmp/jwt-argv/log" 2>/dev/null && break
		sleep 0.1
	done
	grep -aq "^X-SLURM-USER-TOKEN: tok-Secret-3" "$tmp/jwt-argv/log" || { echo "the token did not reach the server"; kill "$pid"; return 1; }
	if grep -al tok-Secret-3 /proc/[0-9]*/cmdline 2>/dev/null; then
		echo "the token is in the arguments of a process"
		kill "$pid"
		return 1
	fi
	kill "$pid"
	wait "$pid" 2>/dev/null
	return 0
}
serve jwt-argv hang 30 && check "the token in no process's arguments while fs-tree waits for the server" argv_clean "$port"

# Schemes: http, https and unix:/PATH (http on slurmrestd's socket) only.
# libcurl would read a file, or speak gopher or dict to any port (a
# request of the holder's choosing).
mkdir -p "$tmp/files/slurm/v0.0.45"
cp sshare/json-2605-classic.json "$tmp/files/slurm/v0.0.45/shares"
run scheme-file 20 --rest "file://$tmp/files"
check "file:// refused: not a scheme fs-tree reads" \
	refused scheme-file "file://[^ ]*: file:// is not a scheme fs-tree reads: expected http://HOST:PORT, https://HOST:PORT or unix:/PATH" 5
for scheme in gopher dict; do
	serve "scheme-$scheme" ok 30 && run "scheme-$scheme" 20 --rest "$scheme://127.0.0.1:$port"
	check "$scheme:// refused, no connection made" \
		eval "refused scheme-$scheme '$scheme://127\.0\.0\.1:[0-9]+: $scheme:// is not a scheme fs-tree reads: expected http://HOST:PORT, https://HOST:PORT or unix:/PATH' 5 &&
		! [ -e '$tmp/scheme-$scheme/log' ]"
done
# What is documented keeps working, HTTP in capitals too.
good() {
	local st
	st=$(cat "$tmp/$1.st")
	echo "exit status $st"
	head -c 300 "$tmp/$1.err"
	[ "$st" = 0 ] && [ ! -s "$tmp/$1.err" ] && grep -qx '#source=slurmrestd' "$tmp/$1.out" &&
		[ "$(grep -vc '^#' "$tmp/$1.out")" = 18 ] && "$B/fs-rank" <"$tmp/$1.out" >/dev/null
}
FAKE_BODY=$PWD/sshare/json-2605-classic.json serve ok-http ok 30 &&
	run ok-http 20 --rest "HTTP://127.0.0.1:$port/"
check "HTTP://127.0.0.1:PORT/ reads the fake server's tree" good ok-http
FAKE_BODY=$PWD/sshare/json-2605-classic.json serve ok-unix ok 30 unix &&
	run ok-unix 20 --rest "unix:$tmp/ok-unix/sock"
check "unix:/PATH reads the tree on the fake server's socket" good ok-unix

# A 200 that is not JSON (a web server's page, an empty answer) is not
# slurmrestd's: said so, not read as sshare text (whose message would
# advise against 'sshare -n').
serve html html 30 && run html 20 --rest "http://127.0.0.1:$port"
check "a 200 with an HTML page: not JSON, in one line" \
	refused html "http://127\.0\.0\.1:[0-9]+: the answer to /slurm/v0\.0\.45/shares is not JSON \(Content-Type text/html, beginning '<!DOCTYPE html>\\\\n<html><h'\): is this slurmrestd\?" 5
FAKE_BODY=/dev/null serve empty ok 30 && run empty 20 --rest "http://127.0.0.1:$port"
check "a 200 with nothing: not JSON, in one line" \
	refused empty "http://127\.0\.0\.1:[0-9]+: the answer to /slurm/v0\.0\.45/shares is not JSON \(Content-Type application/json, empty\): is this slurmrestd\?" 5

# The users' default accounts (/slurmdb/v0.0.45/users) are read as they
# come, each user's name and default kept and the rest passed over: a
# realistic answer for a million users (some 250 MB), one user whose
# record holds 10 MB of empty objects (json-c took 2.7 GB for the whole
# answer), and one that never ends. The first two give the column; the
# last a tree that says in #approximate which answer was too large.
defacct() { # NAME ACCOUNT USER: the DefaultAccount of ACCOUNT/USER in NAME
	awk -F'\t' -v a="$2" -v u="$3" '!h && !/^#/ { for (i = 1; i <= NF; i++) if ($i == "DefaultAccount") c = i; h = 1; next }
		h && c && $1 == a && $2 == u { print $c }' "$tmp/$1.out"
}
users_ok() { # NAME: a tree with the sample's users' default accounts
	local st
	st=$(cat "$tmp/$1.st")
	echo "exit status $st; $(grep -m1 '^#approximate' "$tmp/$1.out" | head -c 400)"
	head -c 300 "$tmp/$1.err"
	[ "$st" = 0 ] && [ ! -s "$tmp/$1.err" ] &&
		[ "$(defacct "$1" chem alice)" = chem ] && [ "$(defacct "$1" physics bob)" = physics ] &&
		[ "$(defacct "$1" bio gina)" = bio ] && [ "$(grep -vc '^#' "$tmp/$1.out")" = 18 ] &&
		! grep -q 'no DefaultAccount' "$tmp/$1.out"
}
classic=$PWD/sshare/json-2605-classic.json
FAKE_BODY=$classic FAKE_USERS_GEN=real:1000000 serve users-real ok 120 &&
	run users-real 100 --rest "http://127.0.0.1:$port"
check_small users-real "the users answer for a million users (some 250 MB): read as it comes, the default accounts given" \
	users_ok users-real
FAKE_BODY=$classic FAKE_USERS_GEN=deep:10500000 serve users-deep ok 60 &&
	run users-deep 50 --rest "http://127.0.0.1:$port"
check_small users-deep "a user's record with 10 MB of empty objects: passed over, the default accounts given" \
	eval 'users_ok users-deep && [ "$(defacct users-deep bio hank)" = bio ]'
users_big() {
	local st
	st=$(cat "$tmp/users-big.st")
	echo "exit status $st"
	grep -m1 '^#approximate' "$tmp/users-big.out"
	[ "$st" = 0 ] && [ ! -s "$tmp/users-big.err" ] &&
		grep -qx '#approximate=.*; no DefaultAccount (the answer to /slurmdb/v0\.0\.45/users?with_assocs=true is too large: more than 48 MiB of user names and default accounts, the most fs-tree keeps)' "$tmp/users-big.out" &&
		[ "$(grep -vc '^#' "$tmp/users-big.out")" = 18 ]
}
FAKE_BODY=$classic FAKE_USERS_GEN=endless:0 serve users-big ok 60 &&
	run users-big 50 --rest "http://127.0.0.1:$port"
check_small users-big "a users answer without end: the tree, its #approximate naming the answer too large" users_big
# The largest shares answer fs-tree reads: 62,000 associations of 8 TRES
# (some 300 MB as slurmrestd indents it, 127 MiB without): read, small.
shares_big() {
	local st
	st=$(cat "$tmp/shares-big.st")
	echo "exit status $st"
	head -c 300 "$tmp/shares-big.err"
	[ "$st" = 0 ] && [ "$(grep -vc '^#' "$tmp/shares-big.out")" = 62002 ]
}
FAKE_SHARES_GEN=62000 serve shares-big ok 60 && run shares-big 50 --rest "http://127.0.0.1:$port"
check_small shares-big "62,000 associations (300 MB as sent): read" shares_big

# A user the users answer gives several default accounts has none (no
# choice among them, which json-c's order made), and #approximate says
# so; the same bytes every run.
cat >"$tmp/users-conflict.json" <<'JSON'
{"users": [
 {"name": "alice", "default": {"account": "chem"}},
 {"name": "bob", "default": {"account": "physics"}},
 {"name": "alice", "default": {"account": "physics"}},
 {"name": "gina", "default": {"account": "bio"}},
 {"name": "gina", "default": {"account": "bio"}},
 {"name": "alice", "default": {"account": "bio"}}
], "errors": [], "warnings": []}
JSON
conflict() {
	local k
	for k in 1 2 3; do
		run "conflict$k" 20 --rest "http://127.0.0.1:$port" || return 1
		grep -v '^#taken=' "$tmp/conflict$k.out" >"$tmp/conflict$k.tsv"
	done
	grep -m1 '^#approximate' "$tmp/conflict1.out"
	echo "alice: '$(defacct conflict1 chem alice)' '$(defacct conflict1 physics alice)'; bob: '$(defacct conflict1 physics bob)'; gina: '$(defacct conflict1 bio gina)'"
	[ "$(cat "$tmp/conflict1.st")" = 0 ] && cmp -s "$tmp/conflict1.tsv" "$tmp/conflict2.tsv" &&
		cmp -s "$tmp/conflict1.tsv" "$tmp/conflict3.tsv" &&
		grep -qx '#approximate=.*; no DefaultAccount for "alice" (the answer to /slurmdb/v0\.0\.45/users?with_assocs=true gives it more than one)' "$tmp/conflict1.out" &&
		[ -z "$(defacct conflict1 chem alice)" ] && [ -z "$(defacct conflict1 physics alice)" ] &&
		[ "$(defacct conflict1 physics bob)" = physics ] && [ "$(defacct conflict1 bio gina)" = bio ]
}
FAKE_BODY=$classic FAKE_USERS=$tmp/users-conflict.json serve conflict ok 30 &&
	check "a user given three default accounts: none, said in #approximate, the same bytes every run" conflict

# Basic credentials that the server repeats (its 401 quotes the request's
# headers): neither the password nor its base64 shown.
serve basic-echo echo401 30 && run basic-echo 20 --rest "http://alice:s3cret-Pw@127.0.0.1:$port"
check "a server that repeats the Basic credentials in its 401: shown as ***" \
	eval 'refused basic-echo "http://\*\*\*@127\.0\.0\.1:[0-9]+: slurmrestd refused us \(HTTP 401: refused: GET .*Authorization: Basic \*\*\*.*\): set SLURM_JWT \(scontrol token\)" 5 &&
	! grep -q -e "$(printf alice:s3cret-Pw | base64)" -e s3cret "$tmp/basic-echo.err" &&
	grep -aq "^Authorization: Basic $(printf alice:s3cret-Pw | base64)" "$tmp/basic-echo/log"'

# meta.slurm.release is a release (MAJOR.MINOR.MICRO, 1 to 4 digits a
# number) or the answer is refused: never read as another release, nor
# cut at 31 bytes.
for rel in 99999999999999999999 2147483648 -5 25.-11 0x19.11 25.11garbage abc \
	26.05.0000000000000000000000000005; do
	FAKE_SHARES_GEN=20 FAKE_RELEASE=$rel serve "rel$rel" ok 30 &&
		run "rel$rel" 20 --rest "http://127.0.0.1:$port"
	check "meta.slurm.release '$rel': refused in one line" \
		refused "rel$rel" "http://127\.0\.0\.1:[0-9]+: /slurm/v0\.0\.45/shares, line 1: meta\.slurm\.release \"${rel//./\\.}\" is not a Slurm release: expected MAJOR\.MINOR\.MICRO, each of 1 to 4 digits, as 26\.05\.3" 10
done
FAKE_SHARES_GEN=20 FAKE_RELEASE=25.05.0-0rc1 serve rel-rc ok 30 && run rel-rc 20 --rest "http://127.0.0.1:$port"
check "meta.slurm.release '25.05.0-0rc1' (a pre-release): #slurm_version=25.05.0-0rc1" \
	eval '[ "$(cat "$tmp/rel-rc.st")" = 0 ] && grep -qx "#slurm_version=25.05.0-0rc1" "$tmp/rel-rc.out"'

# A users answer that reports an error, one cut short and one that is not
# JSON in its list: the tree, #approximate saying which and why.
users_why() { # NAME REGEX: the tree, its #approximate ending in REGEX
	local st
	st=$(cat "$tmp/$1.st")
	echo "exit status $st"
	grep -m1 '^#approximate' "$tmp/$1.out"
	[ "$st" = 0 ] && [ ! -s "$tmp/$1.err" ] && grep -qx "#approximate=.*; no DefaultAccount ($2)" "$tmp/$1.out" &&
		[ "$(grep -vc '^#' "$tmp/$1.out")" = 18 ]
}
printf '{"errors": [{"description": "slurmdbd says no"}], "users": []}' >"$tmp/users-err.json"
printf '{"users": [{"name": "alice", "default": {"account": "chem"}}, {"name": "bob"' >"$tmp/users-cut.json"
printf '{"users": [{"name": "alice", "default": {"account": chem}}]}' >"$tmp/users-bad.json"
for k in err cut bad; do
	FAKE_BODY=$classic FAKE_USERS=$tmp/users-$k.json serve "users-$k" ok 30 &&
		run "users-$k" 20 --rest "http://127.0.0.1:$port"
done
check "a users answer reporting an error: the tree, the error in #approximate" \
	users_why users-err 'slurmrestd reported an error for /slurmdb/v0\.0\.45/users?with_assocs=true: slurmdbd says no'
check "a users answer cut short: the tree, #approximate says so" \
	users_why users-cut 'the answer to /slurmdb/v0\.0\.45/users?with_assocs=true is not valid JSON (it ends before the document does)'
check "a users answer whose list is not JSON: the tree, #approximate says so" \
	users_why users-bad "the answer to /slurmdb/v0\.0\.45/users?with_assocs=true is not valid JSON (in its list 'users')"
