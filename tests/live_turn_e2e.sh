#!/bin/sh
# live_turn_e2e.sh — a whole turn of the drill played live in two tmux
# panes (TAP): Rome's view (maniple host) and Carthage's (maniple join),
# each typing its own side's commands on its `:` line.  Each step, a
# spectator's copy (maniple join --watch --script) lists the answers of
# the pending decision (`legal`); the first the owing side may give is
# typed in the pane of that side, and the step waits until the game file
# holds it.  The turn passes through reactions owed by the side whose
# leader does not command (6.5); the pane that does not owe says whom
# the game waits for; a spectator who joins late sees the same position.
# Skipped without tmux.  Every wait is on a condition.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP no tmux"
	exit 0
fi
export MANIPLE_DATADIR="$MANIPLE_SRCDIR"
M=$MANIPLE_BIN
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maniple-liveturn.XXXXXX") || exit 1
chmod 700 "$tmp"
SOCK=maniple-liveturn-$$
server_pid() { sed -n 's/^pid //p' "$tmp/drill.game.lock" 2>/dev/null; }
cleanup() {
	tmux -L "$SOCK" kill-server >/dev/null 2>&1
	pid=$(server_pid)
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
waitfor() {
	i=0
	while [ $i -lt 300 ]; do
		eval "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
watch() { $M join drill --dir "$tmp" --watch --script - 2>/dev/null; }
commands() {
	awk '!/^(maniple-game|ruleset|battle|kind|seed|prng|player|digest|note)/ { n++ }
	     END { print n + 0 }' "$tmp/drill.game" 2>/dev/null
}
cap() { tmux -L "$SOCK" capture-pane -p -t "$1"; }
echo "1..5"
tmux -L "$SOCK" -f /dev/null new-session -d -x 100 -y 60 \
	"MANIPLE_DATADIR=$MANIPLE_SRCDIR MANIPLE_CONFIG=/dev/null $M host drill --dir $tmp --seed 7 --as rome --idle 60; sleep 60"
waitfor '[ -S "$tmp/drill.sock" ]'
tmux -L "$SOCK" split-window -v \
	"MANIPLE_DATADIR=$MANIPLE_SRCDIR MANIPLE_CONFIG=/dev/null $M join drill --dir $tmp --as carthage; sleep 60"
waitfor 'cap 0.1 | grep -q "Drill"'
pane() { [ "$1" = 1 ] && echo 0.1 || echo 0.0; }
waited=0 reacted=0 steps=0 turn2=0 norders=0
while [ $steps -lt 300 ]; do
	# the pending decision on a spectator's copy: its owing side, then
	# each answer's side and line (the events and the text list are in
	# the same order)
	grep -q '^digest 1 ' "$tmp/drill.game" && { turn2=1; break; }
	printf 'legal\n' | watch >"$tmp/legal"
	owe=$(sed -n 's/^decision step=[^ ]* side=\(-\{0,1\}[0-9]\) actions=.*/\1/p' "$tmp/legal" | head -1)
	step=$(sed -n 's/^decision step=\([^ ]*\) side=.* actions=.*/\1/p' "$tmp/legal" | head -1)
	sides=$(sed -n 's/^legal side=\(-\{0,1\}[0-9]\) .*/\1/p' "$tmp/legal")
	lines=$(grep -vE '^[a-z_]+ [a-z_]+=' "$tmp/legal" | grep -v '^$')
	# the battle over (an army withdrew, 11.2) ends the turn too
	grep -q '^decision step=over' "$tmp/legal" && { turn2=1; break; }
	[ -n "$owe" ] || break
	who=$owe
	[ "$who" = -1 ] && who=0
	# the side that does not owe is told whom the game waits for
	if [ "$owe" != -1 ] && [ $waited = 0 ]; then
		other=$(pane $((1 - who)))
		waitfor "cap $other | grep -q 'waiting for'" && waited=1
	fi
	[ "$step" = reaction ] && reacted=1
	before=$(commands)
	# a few orders in each Orders Phase, then `orders done` (5.27)
	if [ "$step" = orders ]; then
		norders=$((norders + 1))
	else
		norders=0
	fi
	first=0
	if [ $norders -gt 3 ]; then
		first=$(echo "$lines" | grep -n '^orders done' | cut -d: -f1 | head -1)
		first=${first:-0}
	fi
	k=0 done=0
	for s in $sides; do
		k=$((k + 1))
		[ "$s" = "$owe" ] || [ "$s" = -1 ] || continue
		[ $first -gt 0 ] && [ $k -lt $first ] && continue
		line=$(echo "$lines" | sed -n "${k}p")
		tmux -L "$SOCK" send-keys -t "$(pane $who)" Escape
		tmux -L "$SOCK" send-keys -t "$(pane $who)" ':' "$line" Enter
		if waitfor '[ "$(commands)" -gt "$before" ] || cap $(pane $who) | grep -q "refused\|not your\|cannot\|may not"'; then
			[ "$(commands)" -gt "$before" ] && { done=1; break; }
		fi
		[ $k -ge 4 ] && break
	done
	[ $done = 1 ] || break
	steps=$((steps + 1))
done
if [ $turn2 = 1 ]; then
	echo "ok 1 - a whole turn of the drill played in two panes ($steps commands)"
else
	echo "not ok 1 - a whole turn of the drill played in two panes (stopped after $steps at: $(head -3 "$tmp/legal" | tr '\n' ' '))"
fi
if [ $reacted = 1 ]; then
	echo "ok 2 - a reaction owed by the side not in command was answered in its pane"
else
	echo "not ok 2 - a reaction owed by the side not in command was answered in its pane"
fi
if [ $waited = 1 ]; then
	echo "ok 3 - the pane that does not owe says whom the game waits for"
else
	echo "not ok 3 - the pane that does not owe says whom the game waits for"
fi
# a spectator in a third pane, late: the same status line as a player's
tmux -L "$SOCK" split-window -v \
	"MANIPLE_DATADIR=$MANIPLE_SRCDIR MANIPLE_CONFIG=/dev/null $M join drill --dir $tmp --watch; sleep 60"
tmux -L "$SOCK" select-layout even-vertical >/dev/null
tmux -L "$SOCK" resize-window -x 100 -y 80 >/dev/null 2>&1
status_of() { cap "$1" | grep 'Turn [0-9]' | tail -1 | sed 's/|.*Turn/Turn/'; }
if waitfor '[ -n "$(status_of 0.2)" ] && [ "$(status_of 0.2)" = "$(status_of 0.0)" ]'; then
	echo "ok 4 - a spectator joining late sees the same turn and phase"
else
	echo "not ok 4 - a spectator joining late sees the same turn and phase ($(status_of 0.2) / $(status_of 0.0))"
fi
printf 'show state\n' | watch | grep '^state' >"$tmp/w.state"
printf 'show state\n' | $M join drill --dir "$tmp" --as carthage --script - 2>/dev/null | grep '^state' >"$tmp/p.state"
if [ -s "$tmp/w.state" ] && cmp -s "$tmp/w.state" "$tmp/p.state"; then
	echo "ok 5 - and the same state"
else
	echo "not ok 5 - and the same state"
fi
