#!/bin/sh
# live_e2e.sh — a live game between processes (TAP): maniple host starts
# a detached server, maniple join attaches players and a spectator
# (--script: command lines, `:wait` for this seat's decision or for N
# commands), a client and then the server are killed with -9 and the game
# goes on from the server and then from the game file; last, in tmux
# (when there is one), two views in two panes: the guest's command shows
# on the host's map, and the side that does not owe sees whom it waits
# for.  Every wait is on a condition, with a generous limit.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
export MANIPLE_DATADIR="$MANIPLE_SRCDIR"
M=$MANIPLE_BIN
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maniple-live.XXXXXX") || exit 1
chmod 700 "$tmp"
SOCK=maniple-live-$$
cleanup() {
	tmux -L "$SOCK" kill-server >/dev/null 2>&1
	pid=$(server_pid)
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; }
check() { if eval "$2"; then ok "$1"; else not_ok "$1"; fi; }
# waits up to 30 s (a loaded machine), or $2 tenths of a second, for a
# condition
waitfor() {
	i=0
	while [ $i -lt "${2:-300}" ]; do
		eval "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
server_pid() {
	sed -n 's/^pid //p' "$tmp/drill.game.lock" 2>/dev/null
}
commands() {
	awk '!/^(maniple-game|ruleset|battle|kind|seed|prng|player|digest|note|dice|reveal|mail-share)/ { n++ }
	     END { print n + 0 }' "$tmp/drill.game" 2>/dev/null
}
host() { $M host drill --dir "$tmp" --seed 5 --idle 60 "$@"; }
join() { $M join drill --dir "$tmp" "$@"; }

echo "1..14"
: | host --as 0 --script - >"$tmp/host.out" 2>"$tmp/host.err"
check "host starts a server and returns" '[ -S "$tmp/drill.sock" ] && [ -n "$(server_pid)" ]'
check "the server holds the game file's lock, detached (a session of its own)" \
	'[ "$(ps -o sid= -p "$(server_pid)")" != "$(ps -o sid= -p $$)" ]'
check "the socket is private (0700 directory, 0600 socket)" \
	'[ "$(stat -c %a "$tmp/drill.sock")" = 600 ] || [ "$(stat -c %a "$tmp/drill.sock")" = 700 ]'
check "host says how to join" 'grep -q "maniple join drill --dir" "$tmp/host.err"'
$M games --dir "$tmp" >"$tmp/games.out"
check "maniple games lists it, who sits where and who owes" \
	'grep -q "^drill: drill, hotseat, 0 commands, trusted dice; seat 0 -, seat 1 -, 0 watching; idle [0-9]*[smhd]; nobody owes a decision" "$tmp/games.out"'

# Rome opens the turn; then Carthage owes (seed 5): Rome's next command
# is refused, Carthage's accepted.
printf 'continue\n:wait 1\nactivate tribune\n' | host --as rome --script - >"$tmp/rome.out" 2>&1
check "a seat's command for the other side is refused with the reason" \
	'grep -q "refused reason=not_your_decision:_waiting_for_Carthage" "$tmp/rome.out"'
printf 'activate mago\norder li1\nload /etc/passwd\nroll 9\n' | join --as carthage --script - >"$tmp/carthage.out" 2>&1
check "the owing side's commands are accepted" 'grep -q "order leader=mago to=li1" "$tmp/carthage.out"'
check "load and roll are refused from a client" \
	'[ "$(grep -c "is_not_given_in_a_live_game" "$tmp/carthage.out")" = 2 ]'
check "the game file holds the three commands" '[ "$(commands)" = 3 ]'

# a spectator joining late sees the same state as a player
printf 'show state\n' | join --watch --script - | grep '^state' >"$tmp/watch.state"
printf 'show state\n' | join --as carthage --script - | grep '^state' >"$tmp/player.state"
check "a spectator joining late sees the same game" \
	'[ -s "$tmp/watch.state" ] && cmp -s "$tmp/watch.state" "$tmp/player.state"'

# a client killed with -9 in the middle of its game, then back
mkfifo "$tmp/fifo"
(join --as carthage --script "$tmp/fifo" >"$tmp/killed.out" 2>&1) &
exec 7>"$tmp/fifo"
echo "move 2717" >&7
waitfor '[ "$(commands)" = 4 ]'
pkill -9 -P $$ -f "join drill --dir $tmp --as carthage --script $tmp/fifo" 2>/dev/null
exec 7>&-
wait
printf ':wait 4\n' | join --as carthage --script - >"$tmp/back.out" 2>&1
check "a client killed with -9 comes back with nothing lost" \
	'grep -q "live commands=4" "$tmp/back.out"'

# the server killed with -9: the game resumes from its file
spid=$(server_pid)
kill -9 "$spid"
waitfor '! kill -0 "$spid" 2>/dev/null'
: | host --as 0 --script - >/dev/null 2>&1
check "the server killed with -9: host again resumes the game from its file" \
	'printf ":wait 4\n" | join --as carthage --script - | grep -q "live commands=4"'
printf 'show state\n' | join --watch --script - | grep '^state' >"$tmp/after.state"
check "and the position is the same" 'cmp -s "$tmp/after.state" "$tmp/player.state"'

# two views in two tmux panes
if ! command -v tmux >/dev/null 2>&1; then
	ok "# SKIP no tmux"
	exit 0
fi
cap() { tmux -L "$SOCK" capture-pane -p -t "$1"; }
tmux -L "$SOCK" -f /dev/null new-session -d -x 100 -y 60 \
	"MANIPLE_DATADIR=$MANIPLE_SRCDIR MANIPLE_CONFIG=/dev/null $M host drill --dir $tmp --as rome --idle 60; sleep 30"
tmux -L "$SOCK" split-window -v \
	"MANIPLE_DATADIR=$MANIPLE_SRCDIR MANIPLE_CONFIG=/dev/null $M join drill --dir $tmp --as carthage; sleep 30"
tmux -L "$SOCK" select-layout even-vertical >/dev/null
# two views starting beside the other tests (under a sanitizer, slowly):
# a generous limit, and the guest's keys only once its view is drawn
waitfor 'cap 0.0 | grep -q "waiting for Carthage"' 1200
host_waits=$?
waitfor 'cap 0.1 | grep -q "Turn "' 1200
tmux -L "$SOCK" send-keys -t 0.1 ':' 'order mi1' Enter
waitfor 'printf "show orders\n" | join --watch --script - | grep -q "mi1"' 1200
check "two panes: the host waits for Carthage, and the guest's order reaches the game" \
	'[ $host_waits = 0 ] && printf "show orders\n" | join --watch --script - | grep -q mi1'
