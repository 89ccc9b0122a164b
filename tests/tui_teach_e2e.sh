#!/bin/sh
# tui_teach_e2e.sh — teach mode on the map view, end to end in a private
# tmux server (TAP).
#
# `maniple --teach --new --solo --seed 11 drill` opens with the teach box
# telling how the game begins (2.0); Space closes it.  After a forced tie
# roll, `continue` is told one line at a time with its rule and "step k
# of n": the turn (3.0), the Leader Activation (5.1), the tie (5.12); a
# map key does nothing while the box is up and the prompt box waits under
# it; Esc skips to the decision pending (the Tribune's activation, 5.12),
# g explains the line's terms of the glossary in the reading pane
# (rule TERM, ...) and q closes it, the box still up; then the prompt
# box comes.  Its answer 1 is told in turn (5.12).
# M ends it with the box up; `:teach on` starts it again with the
# decision pending (5.21) and is not written to the game file; q quits
# with the box up.  A game at its Shock designation, resumed in teach
# mode, tells each planned combat's column, superiority and odds (8.45,
# 8.46) and each unit's pre-shock check (8.43: its chance of passing,
# the hits otherwise) before one is designated; once designated, the segment is told a
# page a step (the designation, the charge and 8.44 together; each
# combat's struggle), a few keys in all.
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=20
TUI_NAME=teach
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
GAME="$STATE/maniple/drill.game"

[ -r "$SRC/scenarios/drill.ini" ] || skip_all "no scenarios/drill.ini"
[ -r "$SRC/rules/spqr/teach.ini" ] || skip_all "no rules/spqr/teach.ini"

tui_run teach 80 24 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	XDG_STATE_HOME='$STATE' '$BIN' --teach --new --solo --seed 11 drill" ||
	skip_all "tmux cannot start a session"
tui_begin 'Teach (rule'

wait_for 'Teach (rule 2.0) - step 1 of 1' && wait_for 'A new game of drill'
ok $? "--teach: the box tells how the game begins, with its rule (2.0)"
keys Space
wait_gone 'Teach (rule'
ok $? "Space on the last line closes the box"

# ---- a command told step by step ----
cmd 'roll 6 2'
cmd continue
wait_for 'Teach (rule 3.0) - step 1 of ' && wait_for 'Game Turn 1 begins'
ok $? "continue: its first event told, step 1 of n, with its rule (3.0)"
! screen | grep -q '1 activate tribune'
ok $? "the prompt box waits under the teach box"
keys Space
wait_for 'Teach (rule 3.0,5.1) - step 2 of ' && wait_for 'Leader Activation'
ok $? "Space: the activation's narration with its rule (5.1)"
keys D
wait_for 'the game waits for the narration' &&
	screen | grep -q 'step 2 of ' && ! grep -q '^orders done	' "$GAME"
ok $? "a map key does nothing while the box is up"
keys Escape
wait_for 'Teach (rule 5.12,5.21) - now: step ' && wait_for 'Tribune'
ok $? "Esc skips to the decision pending: the Tribune's activation (5.12)"
keys g
wait_for ':rule Initiative, Individual Order, Line Command, trump' &&
	wait_for 'Initiative: Initiative rating'
ok $? "g: the line's terms of the glossary explained in the reading pane"
keys q
wait_gone ':rule Initiative' &&
	wait_for 'Teach (rule 5.12,5.21) - now: step ' &&
	! grep -q '^rule ' "$GAME"
ok $? "the pane closed, the box is back; rule is not in the game file"
keys Enter
wait_gone 'Teach (rule' && wait_for 'Rome: activation (5.12)' &&
	wait_for '1 activate tribune'
ok $? "Enter on the decision: the box goes, the prompt box comes"

# ---- the answer told ----
keys 1
wait_for 'Teach (rule 5.12) - step 1 of ' &&
	wait_for 'The Tribune (Rome) is activated'
ok $? "the answer (activate tribune) is told in turn (5.12)"
grep -q '^activate tribune	' "$GAME"
ok $? "the game file holds the answer"

# ---- off and on ----
keys M
wait_gone 'Teach (rule' && wait_for 'teach mode off'
ok $? "M ends teach mode with the box up"
cmd 'teach on'
wait_for 'Teach (rule 5.21,5.22,4.31,6.64) - now: step 1 of 1' &&
	wait_for 'teach mode on'
ok $? ":teach on: the decision pending told (5.21)"
! grep -q 'teach' "$GAME"
ok $? ":teach is the view's own: not in the game file"
keys q
wait_for 'EXIT=0'
ok $? "q quits with the box up"

# ---- the odds before the Shock designation (8.45, 8.46) ----
# the drill battle of tests/scripts/shock_drill_battle.txt at its first
# designation, saved by --script and resumed in teach mode
sed -n '/^new drill/,/^orders done/p' \
	"$SRC/tests/scripts/shock_drill_battle.txt" >"$STATE/shock.txt"
echo "save $STATE/shock.game" >>"$STATE/shock.txt"
"$BIN" --script "$STATE/shock.txt" >/dev/null 2>&1
tui_run teach2 80 24 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	XDG_STATE_HOME='$STATE' '$BIN' --teach --resume '$STATE/shock.game'"
# the box's text, its rows joined
box_text() {
	screen | sed -n '/Teach (rule/,/ next /p' | sed 's/^| //; s/ *|.*$//' |
		tr '\n' ' ' | tr -s ' '
}
wait_for 'Teach (rule 8.41,8.42) - now: step' &&
	box_text | grep -q 'designate ha1 ar1 puts ha1 on ar1 at column 11 with AS: hits attacker(defender) 1(4) 20%, 1(6) 40%' &&
	box_text | grep -q 'designate ha2 li1 puts ha2 on li1 at column 8 with AS'
ok $? "before the designation: each combat's column, superiority and odds"
box_text | grep -q '(8.43 checks first: ar1 passes 60% else 1-4 hits)' &&
	box_text | grep -q 'ha2 passes 70% else 1-3 hits, li1 passes 60% else 1-4 hits)'
ok $? "before the designation: each unit's pre-shock check (8.43), its chance and hits"

# ---- pace: a step of the segment, or a combat's struggle, a page ----
keys Space
wait_gone 'Teach (rule'
for c in 'designate ha1 ar1' 'designate ha2 li1'; do
	cmd_shown "$c"
	wait_for 'Teach (rule 8.42) - step 1 of 2'
	keys Escape
	wait_for 'now: step 2 of 2'
	keys Escape
	wait_gone 'Teach (rule'
done
cmd_shown 'designate done'
wait_for 'Teach (rule 8.42,8.43,8.44) - step 1 of ' &&
	screen | grep -q '2 combat(s) designated' &&
	screen | grep -q 'Pre-shock TQ checks' &&
	screen | grep -q 'Leaders in the fight may be hit'
ok $? "designate done: the designation, the charge and 8.44 on one page"
pages=$(screen | sed -n 's/.*Teach (rule [0-9.,]*) - step 1 of \([0-9]*\).*/\1/p')
presses=0
while [ "$presses" -lt 30 ] && screen | grep -q 'Teach (rule'; do
	keys Space
	presses=$((presses + 1))
	sleep 0.2
done
[ -n "$pages" ] && [ "$pages" -le 8 ] && [ "$presses" -eq "$pages" ] &&
	wait_for 'Carthage: rout move'
ok $? "the whole shock read in $presses keys (one a line: 48), then the rout"
keys q
