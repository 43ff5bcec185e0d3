#!/usr/bin/env bash
# fs-explain -i through a real pseudo-terminal: tmux runs the prompt, we
# type with send-keys and read the screen with capture-pane. Covers the
# prompt, Tab completion of a user and of an account, an answer, an error
# that does not end the session, history (Up), quit, and the tree on a pipe
# with the prompt reading /dev/tty. Skips when tmux is missing, and skips
# the completion and history checks when fs-explain was built without
# readline.
set -u
cd "$(dirname "$0")" || exit 1
bin=${FS_BIN:?set FS_BIN to the directory of the built programs}
if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP tmux is not installed"
	exit 0
fi
rl=1
ldd "$bin/fs-explain" 2>/dev/null | grep -q readline || rl=0

sock=fs-explain-pty-$$
T() { tmux -L "$sock" "$@"; }
trap 'T kill-server 2>/dev/null' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; screen | sed 's/^/#   /' >&2; fi; }
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
screen() { T capture-pane -p -t t 2>/dev/null | sed -e 's/[ ]*$//' -e '/^$/d'; }
# wait until the screen matches an extended regex (30 s at most: a guard
# against a hang, not a bound on speed, which a busy machine stretches)
waitfor() {
	local i
	for i in $(seq 300); do
		screen | grep -Eq -- "$1" && return 0
		sleep 0.1
	done
	return 1
}
# A server just killed may still be going away: try again.
start() {
	local i
	for i in 1 2 3 4 5; do
		T new-session -d -x 100 -y 50 -s t \
			"cd '$PWD' && export PATH='$bin':\$PATH INPUTRC=/dev/null LC_ALL=C && $1" \
			2>/dev/null && return 0
		sleep 0.5
	done
	return 1
}

echo "1..12"
start "fs-explain -i trees/ex5.tsv"
waitfor '^fs-explain>$'; ok $? "the prompt comes up"
screen | grep -q '^5 users in trees/ex5.tsv'; ok $? "it says how many users"

if [ $rl = 1 ]; then
	# the space after z1 is Tab's: we type none
	T send-keys -t t z Tab
	T send-keys -t t u0
	waitfor '^fs-explain> z1 u0$'; ok $? "Tab completes 'z' to the user 'z1 '"
	T send-keys -t t Enter
	waitfor '^root/u0 ranks above acctZ/z1\.$'; ok $? "'z1 u0' is answered"
	T send-keys -t t C-l
	T send-keys -t t sub Tab
	waitfor '^fs-explain> subY/$'; ok $? "Tab completes an account to 'subY/'"
	T send-keys -t t y2 Enter
	waitfor '^subY/y2: FairShare 0\.600000, rank 3 of 5$'; ok $? "'subY/y2' gives the path"
else
	T send-keys -t t "z1 u0" Enter
	for s in "Tab completion (no readline)" "answer" "account completion" "path"; do skip "$s"; done
fi
T send-keys -t t zed Enter
waitfor "^fs-explain: trees/ex5.tsv: user 'zed' not found"; ok $? "an unknown user is an error, and the prompt stays"
if [ $rl = 1 ]; then
	T send-keys -t t C-l
	sleep 0.2
	T send-keys -t t Up
	waitfor '^fs-explain> zed$'; ok $? "Up brings back the last line"
	T send-keys -t t C-u
else
	skip "history (no readline)"
fi
T send-keys -t t quit Enter
gone=1
for i in $(seq 300); do T has-session -t t 2>/dev/null || { gone=0; break; }; sleep 0.1; done
ok $gone "quit ends the session"

# The tree on a pipe: the prompt reads the terminal.
T kill-server 2>/dev/null
start "fs-rank trees/ex2a.tsv | fs-explain -i; sleep 30"
waitfor '^fs-explain>$'
T send-keys -t t "uA3 uB1" Enter
waitfor '^Tie carry-in: acctB is entered tied'; ok $? "the tree on a pipe, the prompt on /dev/tty"

# A filter typed alone on a terminal says what it waits for, and reads what
# is pasted until Ctrl-D.
T kill-server 2>/dev/null
start "fs-rank -P -o account,user,fairshare -U; sleep 30"
waitfor '^fs-rank: reading from the terminal: type or paste the input and end it with Ctrl-D'
ok $? "fs-rank alone on a terminal says it is reading from it"
T send-keys -t t -l "$(cat trees/ex2a.tsv)"; T send-keys -t t Enter; sleep 0.2; T send-keys -t t C-d
waitfor '^acctA\|uA1\|'; ok $? "and ranks what is typed, up to Ctrl-D"
