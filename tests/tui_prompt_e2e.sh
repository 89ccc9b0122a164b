#!/bin/sh
# tui_prompt_e2e.sh — prompts and who plays, end to end in a private tmux
# server (TAP).
#
# A new drill game opened without --solo or --hotseat asks who plays;
# `s` makes it a solitaire study (the game file's kind solo).  After the
# forced tie roll and continue the activation prompt (5.12) numbers its
# answers; `1` activates the Tribune and the box goes for the Orders Phase
# (5.2).  The velites' move brings Carthage's Orderly Withdrawal prompt
# (6.5) with its hexes, the map scrolling to show them; a resize (100x30,
# too small, 80x24) keeps it; `1` withdraws one hex and the next step
# prompts again; Esc hides the box.
# Then a hotseat game (asked, `h`): passing the Tribune hands the keyboard
# to Carthage (RULINGS R9), and no key but Enter is taken until it does;
# and `--hotseat` skips the question.
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=29
TUI_NAME=prompt
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
GAME="$STATE/maniple/drill.game"

[ -r "$SRC/scenarios/drill.ini" ] || skip_all "no scenarios/drill.ini"

start() { # start NAME [OPTION...]: a new drill game on seed 11
	name=$1
	shift
	tui_run "$name" 80 24 "TERM=xterm-256color LANG=C.UTF-8 \
		LC_ALL=C.UTF-8 XDG_STATE_HOME='$STATE' '$BIN' --new --seed 11 \
		$* drill"
}

start solo || skip_all "tmux cannot start a session"
tui_begin 'who plays which side'

screen | grep -q 'solitaire study' && screen | grep -q 'hotseat'
ok $? "a new game asks: solitaire study or hotseat"
keys s
wait_for 'solitaire study: you play both sides' &&
	wait_gone 'who plays which side' && grep -q '^kind solo	' "$GAME"
ok $? "s: a solitaire study, kind solo in the game file"

# ---- the activation prompt (5.12) ----
cmd 'roll 6 2'
cmd continue
wait_for 'Rome: activation (5.12)' && wait_for '1 activate tribune' &&
	screen | grep -q '3 trump consul'
ok $? "the activation prompt names the side, the rule and its answers"
keys 1
wait_for 'Rome: orders (the Tribune)' && wait_gone 'activation (5.12)'
ok $? "1 activates the Tribune; no box in the Orders Phase (5.2)"
grep -q '^activate tribune	' "$GAME"
ok $? "the game file holds the answer given by its digit"

# ---- Orderly Withdrawal (6.5) ----
cmd 'order ve1'
cmd 'face NE'
cmd 'move 2616'
# the map scrolled down (hex numbers on): row 13 out of sight
keys '#'
keys g 2 0 2 4
wait_for 'Hex 2024' && ! screen | grep -q '2013'
ok $? "g2024 scrolls the map down: row 13 is out of sight"
cmd 'move 2615'
wait_for 'Carthage: Orderly Withdrawal (6.5)' && wait_for '2013'
ok $? "the new prompt scrolls the map so its hexes (row 13) show above it"
# what the decision is about stays in sight: ve1's hex, whose step
# raised it, above the box
box=$(screen | grep -n '^+- Carthage: Orderly' | head -1 | cut -d: -f1)
mover=$(screen | grep -n '2615' | head -1 | cut -d: -f1)
[ -n "$box" ] && [ -n "$mover" ] && [ "$mover" -lt "$box" ]
ok $? "the box leaves the mover (2615) in sight above it"
keys '#'
wait_for 'hex numbers off'
wait_for 'Carthage: Orderly Withdrawal (6.5)' &&
	wait_for '1 withdraw ar1 2813' && screen | grep -q '5 no reaction'
ok $? "the withdrawal prompt lists the hexes ar1 may reach"
screen | grep -q '^Carthage: reaction'
ok $? "the status line says Carthage owes the reaction"
# a resize while the prompt is up loses nothing
$T resize-window -t "$S" -x 100 -y 30
wait_for '1 withdraw ar1 2813'
ok $? "at 100x30 the prompt is still there"
$T resize-window -t "$S" -x 60 -y 20
wait_for 'make the terminal at least 80x24'
ok $? "too small: the view asks for a larger terminal"
$T resize-window -t "$S" -x 80 -y 24
wait_for 'Carthage: Orderly Withdrawal (6.5)' &&
	wait_for '3 withdraw ar1 2914'
ok $? "back at 80x24 the prompt and its answers are rebuilt"
keys 1
wait_for 'withdrawal_begun' || wait_for 'withdraw'
grep -q '^withdraw ar1 2813	' "$GAME"
ok $? "1 withdraws ar1 into 2813 (the game file holds it)"
wait_for 'withdraw ar1 done' && screen | grep -q 'Orderly Withdrawal (6.5)'
ok $? "the next step of the withdrawal is a new prompt (6.52)"
keys Escape
wait_for 'prompt hidden' && wait_gone 'Orderly Withdrawal (6.5) -'
ok $? "Esc hides the box; the status line still names the decision"
screen | grep -q '^Carthage: reaction'
ok $? "hidden, the status line still says what is pending"
keys q
wait_for 'EXIT=0'
ok $? "q quits the solitaire game (status 0)"

# ---- hotseat (R9) ----
start hot
wait_for 'who plays which side'
keys h
wait_for 'hotseat: the screen says when' && wait_gone 'who plays which side' &&
	grep -q '^kind hotseat	' "$GAME"
ok $? "h: a hotseat game, kind hotseat in the game file"
cmd continue
wait_for 'Rome to play - pass the keyboard, press Enter' &&
	! screen | grep -q 'Rome: activation (5.12)'
ok $? "hotseat: the first decision is handed over before it shows"
keys Enter
wait_for 'Rome: activation (5.12)'
keys 2 # pass (5.15): the decision goes to Carthage
wait_for 'Carthage to play - pass the keyboard, press Enter'
ok $? "the decision passes to Carthage: the screen says hand over"
keys 1
sleep 0.3
wait_for 'press Enter first' && ! grep -q 'activate mago' "$GAME"
ok $? "no key but Enter is taken during the hand-over"
keys Enter
wait_for 'Carthage: activation (5.12)' && wait_for '1 activate mago'
ok $? "Enter: Carthage's activation prompt"
keys q
wait_for 'EXIT=0'
ok $? "q quits during a hotseat game (status 0)"

start opt --hotseat
wait_for 'no decision yet'
! screen | grep -q 'who plays' && grep -q '^kind hotseat	' "$GAME"
ok $? "--hotseat: no question, a hotseat game"
keys q
wait_for 'EXIT=0'
ok $? "q quits the --hotseat game (status 0)"

# A game left at the question (q) holds no command yet: opened again
# without --new it asks again, and the answer is the game file's kind.
start leave
wait_for 'who plays which side'
keys q
wait_for 'EXIT=0' && grep -q '^kind solo	' "$GAME" &&
	[ "$(grep -c '^[a-z]' "$GAME")" -eq "$(sed -n '/^player 1 /=' "$GAME")" ]
ok $? "q at the question leaves a game file with no command"
tui_run again 80 24 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	XDG_STATE_HOME='$STATE' '$BIN' drill"
wait_for 'who plays which side'
ok $? "opened again, the unplayed game asks who plays again"
keys h
wait_for 'hotseat: the screen says when' && grep -q '^kind hotseat	' "$GAME"
keys q
ok $? "h: the resumed game becomes a hotseat game in its file"
