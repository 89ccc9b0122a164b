#!/bin/sh
# tui_screens_e2e.sh — the map view's new layouts at 80x24 and 160x50 in a
# private tmux server (TAP): the help over the legal list (its keys
# first), the prompt box (a decision to answer, 5.12, 10.22), the side
# panel's views (P: leaders 5.1, the sequence of play 3.0), the help
# opened over a prompt (the prompt's keys first), the shock
# breakdown card (8.4) at both sizes, and resizes while a prompt or a card
# is open: the too-small screen, then back, and nothing is lost (the same
# answers, still answered by their digits; the same card).  A solo drill
# game on seed 11 with forced dice, reaching its first shock by `:`
# commands (the moves of tests/scripts/tui_turn.txt).  Needs MANIPLE_BIN
# and MANIPLE_SRCDIR (meson test sets both).

PLAN=28
TUI_NAME=screens
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"

size() { # size W H: resizes the window and waits for the new size
	$T resize-window -t "$S" -x "$1" -y "$2"
	i=0
	while [ $i -lt 300 ]; do
		[ "$(screen | wc -l)" -eq "$2" ] && break
		sleep 0.1
		i=$((i + 1))
	done
}

# boxed PATTERN: the prompt box (between its +- borders) holds PATTERN
boxed() {
	screen | awk '/^\+- /{inbox=1} inbox{print} /^\+-+ .*answer/{inbox=0}' |
		grep -q -- "$1"
}

# widest: the widest line of the pane, in characters
widest() {
	screen | LC_ALL=C.UTF-8 wc -L
}

tui_run screens 80 24 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE' '$BIN' --new \
	--seed 11 --solo drill" || skip_all "tmux cannot start a session"
tui_begin 'no decision yet'

# ---- the help over the legal list: the list's keys first ----
keys Enter
wait_for '1/1  Enter does it'
keys '?'
wait_for "maniple keys: now legal actions' list"
screen | grep -q "^now: legal actions' list"
ok $? "? in the legal list: the list's keys come first"
keys Escape
wait_for '1/1  Enter does it'
ok $? "the help closed: the list is there again"
keys Escape
wait_gone '1/1  Enter does it'

# ---- the prompt box at 80x24 ----
cmd_shown 'roll 6 2'
cmd_shown continue
wait_for '^+- Rome: activation (5.12) '
ok $? "80x24: the prompt box opens over the map with its title (5.12)"
boxed '| 1 activate tribune  *5.12 |' && boxed '| 3 trump consul  *5.41 |'
ok $? "80x24: the box numbers the three answers with their rules"
screen | tail -2 | head -1 | grep -q '^Rome: activation - 3 legal actions'
ok $? "80x24: the status line stays below the box"
[ "$(widest)" -le 80 ]
ok $? "80x24: nothing is drawn past column 80"

# a resize during the prompt: too small, then back
size 60 20
wait_for 'make the terminal at least 80x24'
ok $? "60x20 during the prompt: the too-small message"
size 80 24
wait_for '^+- Rome: activation (5.12) '
boxed '| 1 activate tribune ' && boxed '| 2 pass ' && boxed '| 3 trump consul '
ok $? "back at 80x24: the same box with the same answers"

# ---- 160x50: the box, the panel and the log together ----
size 160 50
wait_for 'Log:'
wait_for '^+- Rome: activation (5.12) '
ok $? "160x50: the prompt box is there after the resize"
screen | grep -q 'Log:' && screen | grep -q 'Hex '
ok $? "160x50: the side panel and the event log show beside the map"
[ "$(screen | wc -l)" -eq 50 ] && [ "$(widest)" -le 160 ]
ok $? "160x50: the screen fills 160x50 and no more"

# the panel's views
keys P
wait_for 'Leaders (5.1)'
screen | grep -q 'tribune I3 R4' && screen | grep -q 'mago I3 R4'
ok $? "P: the leaders of both sides with Initiative and Range (5.1)"
keys P
wait_for 'Sequence (3.0)'
screen | grep -q 'Decides: Rome'
ok $? "P again: the sequence of play, who decides (3.0)"
keys P
wait_for 'Hex '
ok $? "P a third time: back to the hex under the cursor"

# the help over a prompt: the prompt's keys first
keys '?'
wait_for 'maniple keys: now prompt box'
screen | grep -q '^now: prompt box'
ok $? "? over a prompt: the prompt box's keys come first"
keys Escape
wait_for '^+- Rome: activation (5.12) '
ok $? "the help closed: the prompt box is back"
keys 1
wait_for 'Rome: orders (the Tribune)'
ok $? "1 answers it after all this (activate tribune)"

# ---- a shock: the breakdown card ----
for c in 'line hastati' 'pick ha1' 'move 2515' 'move 2615' \
	'withdraw ar1 2813' 'withdraw ar1 done' halt 'pick ha2' 'move 2517' \
	'move 2617' 'no reaction' 'move 2716' 'no reaction' halt \
	'no reaction' 'orders done' 'designate ha2 li1' 'roll 7 2 7'; do
	cmd_shown "$c"
done
wait_for 'Rome: shock - 2 legal actions'
ok $? "the moves of tui_turn.txt bring the shock designation (8.41)"
cmd_shown 'designate done'
wait_for 'Shock combat 1 of 1 (8.4)'
ok $? "160x50: the combat's card opens when the shock resolves"
screen | grep -q 'CRT column 8: 2(3)' && screen | grep -q 'Pre-shock checks'
ok $? "160x50: the card shows the checks and the result"
[ "$(widest)" -le 160 ] &&
	screen | grep -q '| Shock combat 1 of 1 (8.4)  *|'
ok $? "160x50: the card fits the screen, both its borders drawn"

size 80 24
wait_for 'Shock combat 1 of 1 (8.4)'
ok $? "80x24: the card is still open after the resize"
screen | grep -q 'Space next'
ok $? "80x24: the card's footer names its keys"
[ "$(widest)" -le 80 ] && screen | grep -q '| Shock combat 1 of 1 (8.4)  *|'
ok $? "80x24: the card fits 80 columns, both its borders drawn"
keys Escape
wait_gone 'Shock combat 1 of 1'
wait_for '^+- Carthage: rout move (10.22) '
ok $? "Esc closes the card: the rout prompt (10.22)"

# a resize during this prompt loses nothing either
size 60 20
wait_for 'make the terminal at least 80x24'
size 100 30
wait_for '^+- Carthage: rout move (10.22) '
boxed '| 1 rout 2916 ' && boxed '| 2 rout 2917 '
ok $? "100x30 after too small: the rout prompt holds both hexes"
size 80 24
wait_for '^+- Carthage: rout move (10.22) '
keys 2
wait_for 'rout_move unit=li1 from=2817 to=2917'
ok $? "80x24: 2 still answers it (rout 2917)"
# the advance decision may have opened the card again: q closes it first
for try in 1 2 3; do
	keys q
	i=0
	while [ $i -lt 30 ] && ! screen | grep -q 'EXIT='; do
		sleep 0.1
		i=$((i + 1))
	done
	screen | grep -q 'EXIT=' && break
done
wait_for 'EXIT=0'
ok $? "q quits with status 0"
