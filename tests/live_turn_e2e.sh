#!/bin/sh
# live_turn_e2e.sh — a whole turn of the drill between two views in two
# tmux panes (TAP): the host seated as Rome in one, the guest as Carthage
# in the other, each command typed on the `:` line of the pane of the
# side that owes it (a spectator's `legal` says who owes and what may be
# given).  Carthage goes first (seed 5); its javelinmen walk up to the
# Roman slingers, so Rome, the side not in its turn, owes an Orderly
# Withdrawal decision (6.5) and then the reaction fire of entry (8.21)
# from its own pane.  Then the opening of Zama: while Carthage owes the
# Elite Commander step (5.51), Rome's standing offer of a Pre-arranged
# Withdrawal marker (6.82) is typed in Rome's pane and taken.  Every wait
# is on a condition, with a generous limit.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
export MANIPLE_DATADIR="$MANIPLE_SRCDIR" MANIPLE_CONFIG=/dev/null
M=$MANIPLE_BIN
if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP no tmux"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maniple-turn.XXXXXX") || exit 1
chmod 700 "$tmp"
# a tmux server for each battle (one killed and one started at once on
# the same socket can race)
SOCK=maniple-turn-$$-drill
cleanup() {
	tmux -L "maniple-turn-$$-drill" kill-server >/dev/null 2>&1
	tmux -L "maniple-turn-$$-zama" kill-server >/dev/null 2>&1
	for lock in "$tmp"/*.game.lock; do
		pid=$(sed -n 's/^pid //p' "$lock" 2>/dev/null)
		[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
yes_no() { if eval "$2"; then ok "$1"; else notok "$1"; fi; }
# waits up to $2 tenths of a second (default 600: a loaded machine)
waitfor() {
	i=0
	while [ $i -lt "${2:-600}" ]; do
		eval "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
cap() { tmux -L "$SOCK" capture-pane -p -t "$1"; }
# the commands in battle B's game file
commands() {
	awk '!/^(maniple-game|ruleset|battle|kind|seed|prng|player|digest|note|dice|reveal)/ { n++ }
	     END { print n + 0 }' "$tmp/$1.game" 2>/dev/null
}
# two views of battle B in two panes: Rome (pane 0), Carthage (pane 1)
panes() {
	SOCK=maniple-turn-$$-$1
	tmux -L "$SOCK" -f /dev/null new-session -d -x 100 -y 50 \
		"MANIPLE_DATADIR=$MANIPLE_SRCDIR MANIPLE_CONFIG=/dev/null $M host $1 --dir $tmp --seed $2 --as rome --idle 60; sleep 60"
	# the guest joins once the host's server listens
	waitfor 'cap 0.0 | grep -q "Turn "' 1200
	tmux -L "$SOCK" split-window -v \
		"MANIPLE_DATADIR=$MANIPLE_SRCDIR MANIPLE_CONFIG=/dev/null $M join $1 --dir $tmp --as carthage; sleep 60"
	tmux -L "$SOCK" select-layout even-vertical >/dev/null
	waitfor 'cap 0.1 | grep -q "Turn "' 1200
}
# types LINE on the `:` line of pane P and waits until battle B's game
# holds one command more
give() {
	gb=$1
	had=$(commands "$gb")
	tmux -L "$SOCK" send-keys -t "0.$2" ':' "$3" Enter
	waitfor '[ "$(commands "$gb")" -gt "$had" ]'
	st=$?
	echo "$2 $3" >>"$tmp/given"
	return $st
}
# what a spectator of battle B sees: the decision and its answers
legal() { printf 'legal\n' | $M join "$1" --dir "$tmp" --watch --script - 2>/dev/null; }

echo "1..7"
panes drill 5
# Carthage's plan: Mago orders the javelinmen up to the slingers
plan="activate mago|order li1|move 2716|face NW|move 2715|move 2714|move 2614"
steps=0 stuck=
while [ $steps -lt 150 ] && ! grep -q '^digest' "$tmp/drill.game"; do
	legal drill >"$tmp/legal"
	side=$(sed -n 's/^decision step=[^ ]* side=\(-*[0-9]\).*/\1/p' "$tmp/legal" | tail -n 1)
	grep -v -E '^(decision|legal|live|[a-z_]+ [a-z_]+=)' "$tmp/legal" >"$tmp/answers"
	next=${plan%%|*}
	if [ -n "$next" ] && grep -qx "$next" "$tmp/answers"; then
		line=$next
		[ "$plan" = "${plan#*|}" ] && plan= || plan=${plan#*|}
	else
		line=$(grep -m1 -E '^react fire' "$tmp/answers" || grep -m1 -xE 'no reaction|orders done|no trump|no momentum|pass' "$tmp/answers" ||
			grep -m1 -E '^activate ' "$tmp/answers" || head -n 1 "$tmp/answers")
	fi
	[ "$side" = 1 ] && p=1 || p=0
	if [ -z "$line" ] || ! give drill $p "$line"; then
		stuck="$side: '$line'"
		break
	fi
	steps=$((steps + 1))
	echo "# $steps: side $side: $line"
done
yes_no "two panes play the drill's turn 1 to its end ($steps commands)" \
	'[ -z "$stuck" ] && grep -q "^digest" "$tmp/drill.game"'
yes_no "both panes gave commands" 'grep -q "^0 " "$tmp/given" && grep -q "^1 " "$tmp/given"'
yes_no "Rome, not in its turn, answered Carthage's move from its own pane: Orderly Withdrawal (6.5) and reaction fire (8.21)" \
	'grep -qx "0 no reaction" "$tmp/given" && grep -qx "0 react fire sl1 2614" "$tmp/given"'
yes_no "each pane's view reached turn 2" 'waitfor "cap 0.0 | grep -q \"Turn 2\"" 300 && waitfor "cap 0.1 | grep -q \"Turn 2\"" 300'
tmux -L "$SOCK" kill-server >/dev/null 2>&1

# Zama: Carthage owes the Elite Commander step; Rome's standing offer
panes zama 3
give zama 0 continue
legal zama >"$tmp/legal"
yes_no "Carthage owes, and the decision carries Rome's standing offer (6.82)" \
	'grep -q "^decision step=[a-z_]* side=1" "$tmp/legal" && grep -q "^legal side=0 command=prearrange_laelius_pw" "$tmp/legal"'
give zama 0 "prearrange laelius pw"
yes_no "Rome's pane takes the offer while Carthage owes" '[ "$(commands zama)" = 2 ] && grep -q "^prearrange laelius pw" "$tmp/zama.game"'
# its message line may show Rome's news for a while; its status line
# names the decision Carthage still owes
yes_no "Carthage's pane still sees its own decision" \
	'waitfor "cap 0.1 | grep -qE \"your decision|Carthage: elite initiative\"" 300'
