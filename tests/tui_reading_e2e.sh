#!/bin/sh
# tui_reading_e2e.sh — results in plain words (TAP), in a private tmux
# server at 80x24: the answers of show, help and why open the reading
# pane over the map, told in sentences of the ruleset's sentences.ini
# (not key=value), scrolled with j and k and closed with q; a refusal
# wider than the screen is told in full over both rows of the status bar,
# `help COMMAND`, `rule N` and `why` answer in sentences there (what the
# command does, its rules, how to type it), `rule TERM` explains a term
# of the glossary there (7.2), `why COMMAND` the refusal a command would
# meet now (5.21),
# and whole in the log; an accepted command is told as a sentence (a
# leader's activation with his Initiative, 5.12); when it brings a new
# decision the status line keeps its row and a sentence wider than the
# screen ends in a pointer to ^P, the result whole in the pane.
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=16
TUI_NAME=reading-e2e
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"

tui_run rd 80 24 "-u MANIPLE_CONFIG LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	XDG_CONFIG_HOME='$STATE/config' XDG_STATE_HOME='$STATE/state' \
	'$BIN' --solo --new --seed 11 drill" || skip_all "tmux cannot start a session"
tui_begin 'Turn'

cmd_shown 'show unit ha1'
wait_for 'q closes'
ok $? "show opens the reading pane (its keys in its footer)"
screen | grep -q '^ *| Hastati, Legion III (1) (ha1), Rome' &&
	! screen | grep -q '^ *| .*id=ha1'
ok $? "the unit told as a sentence in the pane, not key=value"
screen | grep -q 'hit(s), TQ 6'
ok $? "its cohesion and TQ in words"
keys q
wait_gone 'q closes'
ok $? "q closes the pane"

# the pane's text, its rows joined
pane_text() {
	screen | sed -n '/^ *+--/,/q closes/p' | sed 's/^ *| //; s/ *|.*$//' |
		tr '\n' ' ' | tr -s ' '
}
cmd_shown 'help why'
wait_for 'The command why only looks, changing nothing: explain the last'
ok $? "help answers in a sentence in the pane"
keys Escape
wait_gone 'q closes'
cmd_shown 'help designate'
wait_for 'The command designate changes the game' &&
	pane_text | grep -q 'designate a shock combat (8.41, 8.42)\. Type it as designate ATT\[,ATT\.\.\.\] DEF\[,DEF\.\.\.\], or cancel N, or done\.' &&
	! pane_text | grep -q 'args='
ok $? "help COMMAND: what it does with its rules, and how to type it, in sentences"
keys q
wait_gone 'q closes'
cmd_shown 'rule 8.46'
wait_for 'Rule 8.46: The Hand-to-Hand Struggle\.'
ok $? "rule N answers in a sentence, then our summary"
keys q
wait_gone 'q closes'

cmd_shown 'rule zoc'
wait_for 'ZOC: Zone of Control'
screen | grep -q 'Rules to read (rule N): 7.2 Zones of Control'
ok $? "rule TERM explains a word of the rules in the pane, with its rules"
keys q
wait_gone 'q closes'

cmd_shown 'roll 6 2'
cmd_shown 'continue'
cmd_shown 'why'
wait_for 'What the last activation tie came from (rule 5.12):' &&
	pane_text | grep -q 'The die: 2 (forced with roll)\.' &&
	pane_text | grep -q 'As the game recorded the roll: for activation tie, side 1,'
ok $? "why answers in sentences: the die, the outcome, the roll as recorded"
keys q
wait_gone 'q closes'
cmd_shown 'activate consul'
wait_for 'Refused: consul'
screen | tail -2 | tr '\n' ' ' | tr -s ' ' | grep -q 'not the lowest-rated leader still to go (3); a trump may activate him sooner (5.41) (rule 5.12)\.'
ok $? "a refusal in full, over both rows of the status bar"
screen | grep -q 'Log:' || keys e # (show opened it)
wait_for 'Log:'
screen | grep -q '(5.41) (rule 5.12)\.'
ok $? "the log holds it whole"

cmd_shown 'why'
wait_for 'Why the last command was refused (rule 5.12):'
ok $? "why after a refusal: a sentence, then the reason"
keys q
wait_gone 'q closes'

cmd_shown 'activate tribune'
wait_for 'is activated'
screen | tail -2 | grep -q 'The Tribune is activated (Initiative 3)'
ok $? "an accepted command told as a sentence (5.12)"
screen | tail -2 | head -1 | grep -q '^Rome: orders (the Tribune)' &&
	screen | tail -1 | grep -q '^The Tribune is activated (Initiative 3)\. .* \.\.\. (more: ^P)$'
ok $? "a new decision keeps the status row; the long sentence its row, the rest on ^P"

cmd_shown 'show leaders'
wait_for 'q closes'
screen | grep -q 'Initiative' && ! screen | grep -q 'initiative='
ok $? "show leaders in sentences"
keys q
wait_gone 'q closes'

# why COMMAND: the command tried on a copy, its refusal told with its
# rule (5.21: no Line Command after an Individual Order)
cmd_shown 'order ve1'
cmd_shown 'why line velites'
wait_for 'Why that command is refused now (rule 5.21):' &&
	pane_text | grep -q 'line velites is refused now (rule 5.21): tribune has given Individual Orders this phase'
ok $? "why COMMAND in the pane: the refusal it would meet, with its rule"
keys q
