#!/bin/sh
# tui_tutorial_e2e.sh — the whole first lesson (`maniple --tutorial drill`,
# issue 9)
# played by keystrokes on the map view in a private tmux server at 100x30
# (TAP).  The lesson is scenarios/tutorial/drill.ini: one turn of the drill
# battle.  Each step's box is checked on the screen ("Step k of n" and a
# phrase of its text), then the step is done with the keys the view offers
# for it: the legal list's Enter (3.0), the prompt box's digits (5.12, 6.5,
# 10.22, 8.52, 5.32, 7.31), L and Enter for the Line Command (5.23), g and
# a hex to move the cursor, p to pick, m to step (6.21), x to halt, D for
# orders done, t and T for the shock designation (8.41), the breakdown
# card read and closed (8.4), i for the Individual Order (5.22), f and
# Enter for the volley (8.15), the `:` line for the rally (10.28), then D,
# T and the prompt's digits for every other leader's phase (5.12, 7.33).  A
# wrong answer is taken back with its note in the box; H shows how to do a
# step with the keys.  At the end the game file holds exactly the lesson's
# commands (its autos, its dice and the expected ones) and the turn
# reached turn 2 after the withdrawal check (11.1, 11.2).  Needs
# MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=56
TUI_NAME=tutorial
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
LESSON=$SRC/scenarios/tutorial/drill.ini
GAME="$STATE/maniple/tutorial/drill.game"

[ -r "$LESSON" ] || skip_all "no $LESSON"
NSTEPS=$(grep -c '^\[step\.' "$LESSON")

# step CCRR: the cursor to a hex, then m steps the mover into it
step() {
	at "$1"
	keys m
}

# close_card: the card viewer, when it opened again, is closed (Esc)
close_card() {
	sleep 0.3
	if screen | grep -q 'Esc close'; then
		keys Escape
		wait_gone 'Esc close'
	fi
}

# lesson K PHRASE: step K's box is up and shows PHRASE
lesson() {
	wait_for "Step $1 of $NSTEPS " && screen | grep -q -- "$2"
	ok $? "lesson step $1 shows: $2"
}

# without a screen: the lesson checks, --list leaves it out, and
# --tutorial names only a lesson of the list
CLI_OK=0
"$BIN" --check "$LESSON" >/dev/null 2>&1 || CLI_OK=1
"$BIN" --list 2>&1 | grep -q -i -e tutorial -e '^drill.ini' && CLI_OK=1
XDG_STATE_HOME="$STATE" "$BIN" --tutorial bagradas >/dev/null 2>&1
[ $? -eq 2 ] || CLI_OK=1

tui_run tut 100 30 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE' '$BIN' --tutorial drill" ||
	skip_all "tmux cannot start a session"
tui_begin "Step 1 of"
ok $CLI_OK "--check takes the lesson, --list leaves it out, --tutorial takes only a lesson"

# 1: the activation tie (3.0, 5.12), continue from the legal list
lesson 1 "Leader Activation (3.0)"
keys Enter
wait_for '1/1  Enter does it'
keys Enter
# 2: a wrong answer is taken back; H shows how; then the right one
lesson 2 "activate its lowest-rated leader"
screen | grep -q "Rome rolls 6 in the tie"
ok $? "the box says what the last step did, from its events"
answer 'pass'
wait_for 'Taken back: pass is not this step'
ok $? "a wrong answer (pass) is taken back and the box says so"
screen | grep -q 'How: 1 in the prompt box gives activate tribune'
ok $? "after a mistake the box shows how, with the prompt's digit"
body() { # the game file's commands, one line, ';' after each
	grep -v -e '^maniple-game ' -e '^ruleset ' -e '^battle ' -e '^kind ' \
		-e '^seed' -e '^prng ' -e '^player ' -e '^digest ' "$GAME" |
		cut -f 1 | tr '\n' ';'
}
[ "$(body)" = "roll 6 2;continue;" ]
ok $? "the game file does not keep the wrong answer"
keys H
wait_gone 'How: 1 in the prompt'
ok $? "H hides the how line"
answer 'activate tribune'
# 3: the Line Command (4.31, 5.23)
lesson 3 "Line Command"
keys H
wait_for 'How: L lists the Line Commands'
ok $? "H shows how with the keys in use (L)"
keys L
wait_for 'line hastati'
keys Enter
# 4-9: ha1 picked and moved; the Orderly Withdrawal (6.5)
lesson 4 "Pick the first one"
at 2415
keys p
lesson 5 "into 2515"
step 2515
lesson 6 "One more step"
step 2615
lesson 7 "Orderly Withdrawal (6.5)"
answer 'withdraw ar1 2813'
lesson 8 "withdraw ar1 done"
answer 'withdraw ar1 done'
lesson 9 "halt ends its move"
keys x
# 10-15: ha2 into li1's zone (7.23, 7.32); the lesson declines for Carthage
lesson 10 "Pick ha2"
at 2417
keys p
lesson 11 "Move ha2 into 2517"
step 2517
lesson 12 "And on into 2617"
step 2617
lesson 13 "zone of control"
step 2716
lesson 14 "End ha2's move"
keys x
lesson 15 "orders are over"
keys D
# 16-17: the shock designation and the breakdown card (8.4)
lesson 16 "Designate the combat"
at 2716
keys t
wait_for 'attackers: ha2'
at 2817
keys t
lesson 17 "breakdown card"
keys T
wait_for 'Shock combat 1 of 1 (8.4)'
screen | grep -q 'Pre-shock checks' && screen | grep -q 'CRT column 8: 2(3)'
ok $? "designate done: the breakdown card shows the checks and the CRT"
keys Escape
wait_gone 'Shock combat 1 of 1'
# 18-19: the rout (10.21, 10.22) and the advance (8.52)
lesson 18 "A routed unit at once runs"
screen | grep -q 'Libyan javelinmen (li1) routs'
ok $? "the box says what the shock did, from its events"
answer 'rout 2917'
close_card
lesson 19 "advance keep"
answer 'advance keep'
close_card
# 20: momentum (5.31, 5.32)
lesson 20 "Momentum (5.31)"
answer 'momentum'
# 21-27: the Individual Order (5.22), the volley (8.1)
lesson 21 "Individual Order (5.22)"
at 2516
keys i
lesson 22 "into 2616 first"
step 2616
lesson 23 "Then 2716"
step 2716
lesson 24 "next to the phalanx"
step 2816
lesson 25 "missile volley (8.1)"
keys f
wait_for 'FIRE 1 target'
keys Enter
lesson 26 "End the move: halt"
keys x
lesson 27 "shock none ve1"
answer 'shock none ve1'
# 28-29: Mago activates and rallies li1 (10.28, 10.29) on the : line
lesson 28 "activate mago"
answer 'activate mago'
lesson 29 "A Rally (10.28)"
cmd_shown 'order li1 rally'
# 30-39: the other leaders' phases, played: orders done (D), no shock
# (T), no momentum, the tie of the two commanders (5.12)
lesson 30 "Mago has nothing more to order"
keys D
lesson 31 "phalanx and Celts"
keys T
lesson 32 "each rated 4"
answer 'no momentum'
lesson 33 "activate consul"
answer 'activate consul'
lesson 34 "Let the line stand"
keys D
lesson 35 "ha2 and ve1 stand"
keys T
lesson 36 "the Consul is Finished"
answer 'no momentum'
lesson 37 "Hanno is the last"
answer 'activate hanno'
lesson 38 "orders done"
keys D
lesson 39 "Carthage may shock again"
keys T
# 40: the last momentum, then Rout and Reload and the withdrawal check
lesson 40 "Every other leader"
answer 'no momentum'
wait_for 'Lesson over'
ok $? "the last step done: the box says the lesson is over"
screen | grep -q 'withdraws: no'
ok $? "the box says the withdrawal check passed, from its events"
wait_for 'Turn 2/6'
ok $? "the status line is in turn 2"
keys H
wait_gone 'Lesson over'
ok $? "H closes the box once the lesson is over"

# the game file: the lesson's autos, dice and expected commands, in order
awk -F ' = ' '
	/^\[step\./ { flush(); inside = 1; next }
	/^\[/ { flush(); inside = 0; next }
	inside && $1 == "auto" { autos = autos $2 "\n" }
	inside && $1 == "dice" { d = $2; gsub(/,/, " ", d); dice = "roll " d "\n" }
	inside && $1 == "expect" { e = $2; sub(/\|.*/, "", e); ex = e "\n" }
	function flush() { printf "%s%s%s", autos, dice, ex; autos = dice = ex = "" }
	END { flush() }' "$LESSON" >"$STATE/want"
grep -v -e '^maniple-game ' -e '^ruleset ' -e '^battle ' -e '^kind ' \
	-e '^seed' -e '^prng ' -e '^player ' -e '^digest ' "$GAME" 2>/dev/null |
	cut -f 1 >"$STATE/have"
cmp -s "$STATE/want" "$STATE/have"
ok $? "the game file holds exactly the lesson's commands"
grep -q '^digest 2 ' "$GAME"
ok $? "the game file has the digest of the turn's end"
keys q
wait_for 'EXIT=0'
ok $? "q quits with status 0"
