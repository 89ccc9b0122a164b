#!/bin/sh
# tui_turn_e2e.sh — a full turn of the drill battle played by keystrokes
# on the map view (issue 8), in a private tmux server at 100x30 (TAP).
#
# The turn is tests/scripts/tui_turn.txt: the test first runs that file
# with --script (no refusal, turn 2 reached), then plays the same
# commands by keys in a solo game (seed 11, MANIPLE_CONFIG=/dev/null),
# checking the screen after each step: the activation prompt answered
# with a digit (5.12); `w` to the next piece that can act; the help with
# the current mode first; a Line Command chosen with `L` (5.23), a unit
# picked with `p`, its steps previewed in the panel and taken with `m`
# (6.21); the Orderly Withdrawal prompt answered (6.51, 6.52) and the
# other reactions declined from their prompts; the shock designation by
# `t` with the must-shock mark `!` (7.32, 8.41), `T` and the breakdown
# card of the combat (8.43-8.47); the rout, advance and momentum prompts
# (10.22, 8.52, 5.32); an Individual Order by `i` (5.22), fire targeting
# by `f` with the number needed and the volley by Enter (8.11, 8.15); the
# other leaders' phases by `D` and `T`; the Rout Movement choice (10.23)
# and turn 2.  At the end the game file holds exactly the script's
# commands.  Forced dice are typed on the `:` line (`roll`): no key
# forces dice.  Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets
# both).

PLAN=47
TUI_NAME=turn
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
GAME="$STATE/maniple/drill.game"
SCRIPT=$SRC/tests/scripts/tui_turn.txt

[ -r "$SCRIPT" ] || skip_all "no $SCRIPT"

# step CCRR: the cursor to a hex, then m steps the mover into it; waits
# for one more `move CCRR` in the game file (the panel's "CCRR: the
# mover's" is not shown when a reaction prompt opens after the step)
step() {
	at "$1"
	was=$(moves_to "$1")
	keys m
	i=0
	while [ $i -lt 300 ] && [ "$(moves_to "$1")" -le "$was" ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# moves_to CCRR: how many `move CCRR` commands the game file holds
moves_to() {
	c=$(grep -c "^move $1	" "$GAME" 2>/dev/null)
	echo "${c:-0}"
}

# ---- the turn without a screen ----
OUT=$(cd "$SRC" && env MANIPLE_CONFIG=/dev/null XDG_STATE_HOME="$STATE" \
	"$BIN" --script "$SCRIPT" 2>&1)
status=$?
echo "1..$PLAN"
[ $status -eq 0 ] && ! echo "$OUT" | grep -q -e '^refused' -e '^malformed'
ok $? "tui_turn.txt runs with --script and nothing is refused"
echo "$OUT" | grep -q '^sequence turn=2 .*phase=activation'
ok $? "tui_turn.txt ends in turn 2's activation"

# ---- the same turn by keys ----
rm -rf "$STATE/maniple"
tui_run turn 100 30 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE' '$BIN' --new \
	--seed 11 --solo drill" || skip_all "tmux cannot start a session"
wait_for 'no decision yet'
ok $? "a new solo game waits for continue (3.0)"

# activation: the tie die forced, continue from the legal list, the
# prompt answered by its digit (5.12)
cmd_shown 'roll 6 2'
keys Enter
wait_for '1/1  Enter does it'
keys Enter
wait_for 'Rome: activation (5.12)'
ok $? "continue from the list: the activation prompt opens (5.12)"
screen | grep -q '[1-9] activate tribune  *5.12'
ok $? "the prompt numbers the answers with their rules"
answer 'activate tribune'
wait_for 'Rome: orders (the Tribune) - 9 legal actions'
ok $? "1 activates the Tribune: his Orders Phase (5.21)"

# w: the next piece a legal action names; the cursor starts on ha1
keys w
wait_for 'ha2 can act now'
ok $? "w jumps to the next unit that can act (ha2)"
wait_for 'Hex 2417 '
ok $? "the panel follows w to ha2's hex"
keys W
wait_for 'ha1 can act now'
ok $? "W jumps back to ha1"

# the help: the map's keys first on the map
keys '?'
wait_for 'maniple keys: now the map view'
screen | grep -q '^now: map view'
ok $? "? on the map: the map's keys first, titled now"
keys Escape
wait_gone 'maniple keys'

# the Line Command (5.23): L lists them, Enter gives the first
keys L
wait_for 'line hastati'
ok $? "L lists the legal Line Commands"
keys Enter
wait_for 'gives the hastati line a Line Command'
ok $? "Enter gives it: the message line names the hastati line (5.23)"
screen | cut -c1-76 | grep -q '='
ok $? "the line's units still to move are marked ="
keys '?'
wait_for 'maniple keys: now'
screen | grep -q '^now: .*Line'
ok $? "? in Line mode: the Line mode's keys first"
keys Escape
wait_gone 'maniple keys'

# ha1 picked; its steps previewed and taken (6.21)
at 2415
wait_for 'LINE COMMAND'
ok $? "a Line Command open: the status line says Line mode"
keys p
wait_for 'ORDER ha1'
ok $? "p picks ha1: Order mode names the mover and its MP"
at 2515
wait_for 'to 2515: 1 MP'
ok $? "the panel previews the step: 1 MP (6.21)"
keys m
wait_for 'Hex 2515 (4 MP left)' &&
	screen | grep -q '^ORDER ha1  m step'
ok $? "m steps ha1 into 2515 (the panel's mover block says so, 4 MP left; no event echo)"
step 2615

# the Orderly Withdrawal prompt (6.5) answered: ar1 steps back one hex
wait_for 'Carthage: Orderly Withdrawal (6.5)'
ok $? "ha1 within 2 hexes of ar1: the Orderly Withdrawal prompt (6.51)"
answer 'withdraw ar1 2813'
wait_for 'withdraw ar1 done'
at 2813
screen | grep -q 'ar1 (carthage)'
ok $? "its answer withdraws ar1 to 2813"
answer 'withdraw ar1 done'
wait_for 'ends its withdrawal at 2813'
ok $? "withdraw ar1 done ends the withdrawal (6.52)"
keys x
wait_for '(ha1) ends its move at'

# ha2 into li1's zone; the reactions declined from their prompts
at 2417
keys p
wait_for 'ORDER ha2'
step 2517
step 2617
answer 'no reaction'
step 2716
answer 'no reaction'
ok $? "li1's and mi1's reactions declined from the prompt (6.5, 7.15)"
keys x
wait_for 'Carthage: reaction fire (8.2)'
ok $? "the line's move over: li1's entry fire is offered (8.21)"
answer 'no reaction'
wait_gone 'Carthage: reaction fire (8.2)'

# the shock designation: ha2 must shock (7.32), t and T (8.41, 8.42)
keys D
wait_for 'Rome: shock - 1 legal action'
ok $? "D ends the orders: the shock designation (8.41)"
screen | grep -q '!'
ok $? "the must-shock unit is marked !"
keys '?'
wait_for 'maniple keys: now'
screen | grep -q '^now: .*hock'
ok $? "? while designating: the shock keys first"
keys Escape
wait_gone 'maniple keys'
at 2716
keys t
wait_for 'attackers: ha2'
ok $? "t on ha2 gathers it as an attacker"
at 2817
keys t
wait_for 'Shock combat 0: .*(ha2) against .*(li1)'
ok $? "t on li1 designates the combat"
cmd_shown 'roll 7 2 7'
keys T
wait_for 'Shock combat 1 of 1 (8.4)'
ok $? "T resolves: the combat's breakdown card opens"
screen | grep -q 'Pre-shock checks' && screen | grep -q 'Die 7, modified 7'
ok $? "the card shows the pre-shock checks and the roll (8.43, 8.46)"
screen | grep -q 'CRT column 8: 2(3)'
ok $? "the card shows the result on the CRT (8.46)"
keys Escape
wait_gone 'Shock combat 1 of 1'
ok $? "Esc closes the card"
wait_for 'Carthage: rout move (10.22)'
ok $? "li1 routs: the rout prompt (10.22)"
answer 'rout 2917'
answer 'advance keep'
ok $? "the advance prompt answered: ha2 keeps its facing (8.52)"
answer 'no reaction'

# momentum (5.31, 5.32)
wait_for 'Rome: momentum (5.31)'
ok $? "the momentum prompt (5.31)"
cmd_shown 'roll 2'
answer 'momentum'
wait_for 'tries for momentum: rolled 2, needed 3 or less: success'
ok $? "momentum rolled: a 2 against 3 succeeds (5.32)"
answer 'no trump'
wait_for 'Rome: orders (the Tribune) - 9 legal actions'
ok $? "no trump: the Tribune's second Orders Phase"

# an Individual Order (5.22) by i, three steps, then fire by f (8.11)
at 2516
keys i
wait_for 'ORDER ve1'
ok $? "i on ve1 gives it an Individual Order"
step 2616
step 2716
step 2816
cmd_shown 'roll 3'
keys f
wait_for 'FIRE 1 target'
ok $? "f: fire targeting offers the phalanx"
screen | grep -q 'needs 4 or'
ok $? "the panel shows the number needed (8.15)"
keys Enter
wait_for 'fire at'
keys e
wait_for 'result=hit'
screen | grep -q 'missile_result'
ok $? "Enter fires: the log shows the volley's hit"
keys e
keys x
answer 'shock none ve1'
ok $? "the Shock marker prompt answered (7.31)"

# the other leaders: nothing ordered
keys D
wait_for 'Rome: shock'
keys T
answer 'no momentum'
answer 'activate mago'
keys D
wait_for 'Carthage: shock'
keys T
cmd_shown 'roll 7 2'
answer 'no momentum'
answer 'activate consul'
keys D
wait_for 'Rome: shock'
keys T
answer 'no momentum'
answer 'activate hanno'
keys D
wait_for 'Carthage: shock'
keys T
answer 'no momentum'
ok $? "D and T pass the other three leaders' phases"
cmd_shown 'roll 5 4'
answer 'rout 3117'
wait_for 'Turn 2/6 A Leader Activation'
ok $? "li1 routs off the map: turn 2 begins (10.24, 3.0)"
wait_for 'Rome: activation (5.12)'
ok $? "turn 2 opens with the activation prompt"

# the game file holds the script's commands, in its order
grep -v -e '^#' -e '^$' -e '^show ' -e '^new ' "$SCRIPT" >"$STATE/want"
grep -v -e '^maniple-game ' -e '^ruleset ' -e '^battle ' -e '^kind ' \
	-e '^seed' -e '^prng ' -e '^player ' -e '^digest ' "$GAME" 2>/dev/null |
	cut -f 1 >"$STATE/have"
cmp -s "$STATE/want" "$STATE/have"
ok $? "the game file holds exactly tui_turn.txt's commands"
keys q
wait_for 'EXIT=0'
ok $? "q quits with status 0"
