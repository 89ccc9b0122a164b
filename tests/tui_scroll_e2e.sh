#!/bin/sh
# tui_scroll_e2e.sh — nothing on the screen is cut without a way to see
# the rest (TAP), in a private tmux server at 80x24, on Cannae: the side
# panel's leaders view (P) is longer than the screen and ends in a line
# that says so; } shows its lines after, { its lines before.  Rome's
# first activation prompt has 96 answers: the box keys nine at a time,
# . shows the next nine and , the nine before, its digits then give
# those; an answer too long for half the box puts the box in one column
# (none cut).
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=12
TUI_NAME=scroll
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"

tui_run sc 80 24 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE' '$BIN' --new \
	--seed 1 --solo cannae" || skip_all "tmux cannot start a session"
tui_begin 'no decision yet'

# the side panel: the columns right of the map's border
panel() { screen | head -22 | awk -F '│' 'NF > 1 {print $NF}'; }

keys P
wait_for 'more: }'
ok $? "P: the leaders view is longer than the screen and ends in ... (more: })"
first=$(panel)
keys '}'
wait_for '{ back\|back: {'
ok $? "}: the panel's lines after, and a way back ({)"
second=$(panel)
[ "$first" != "$second" ] &&
	! echo "$second" | grep -q "^$(echo "$first" | head -1)\$"
ok $? "} shows other lines than the first page"
# every line of the leaders view is reached by } (none only cut)
for i in 1 2 3 4 5 6 7 8; do keys '}'; done
sleep 0.3
wait_for 'back: {'
ok $? "at the end the last line says there is more only before"
keys '{'
for i in 1 2 3 4 5 6 7 8; do keys '{'; done
wait_for 'more: }'
[ "$(panel)" = "$first" ]
ok $? "{ goes back to the first lines"
# another view (P) starts from its first line
keys '}'
wait_for '{ back\|back: {'
keys P
wait_gone '{ back\|back: {'
ok $? "P: the next view starts from its first line"
keys P

# the prompt box: Carthage's elite question (5.51), one column since
# "prearrange hannibal nopw" is wider than half the box
cmd_shown continue
wait_for 'elite initiative (5.51)'
screen | grep -q '| 2 prearrange hannibal nopw  *6.82 |'
ok $? "an answer wider than half the box: one column, the answer whole"
keys 9
wait_for 'answers 1-9 of '
ok $? "Rome's activation (5.12): the box says which nine answers it keys"
screen | grep -q ' 1 activate praef3 '
ok $? "the first nine answers first"
keys .
wait_for 'answers 10-18 of '
ok $? ". shows the next nine"
screen | grep -q ' 1 pass praef5 '
ok $? "digit 1 now keys the tenth answer (pass praef5)"
keys ,
wait_for 'answers 1-9 of '
keys .
wait_for 'answers 10-18 of '
keys 1
i=0
while [ $i -lt 300 ] && ! grep -q '^pass praef5	' "$STATE/maniple/cannae.game" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
grep -q '^pass praef5	' "$STATE/maniple/cannae.game"
ok $? ", goes back, . again, and 1 gives the tenth answer (pass praef5)"
keys q
