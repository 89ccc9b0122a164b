#!/bin/sh
# tui_reading_e2e.sh — results in plain words (TAP), in a private tmux
# server at 80x24: the answers of show, help and why open the reading
# pane over the map, told in sentences of the ruleset's sentences.ini
# (not key=value), scrolled with j and k and closed with q; a refusal
# wider than the screen is told in full over both rows of the status bar,
# `rule TERM` explains a term of the glossary there (7.2),
# and whole in the log; an accepted command is told as a sentence (a
# leader's activation with his Initiative, 5.12).
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=10
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

cmd_shown 'help why'
wait_for 'The command why: explain the last roll'
ok $? "help answers in a sentence in the pane"
keys Escape
wait_gone 'q closes'

cmd_shown 'rule zoc'
wait_for 'ZOC: Zone of Control'
screen | grep -q 'Rules to read (rule N): 7.2 Zones of Control'
ok $? "rule TERM explains a word of the rules in the pane, with its rules"
keys q
wait_gone 'q closes'

cmd_shown 'roll 6 2'
cmd_shown 'continue'
cmd_shown 'activate consul'
wait_for 'Refused: consul'
screen | tail -2 | tr '\n' ' ' | tr -s ' ' | grep -q 'not the lowest-rated leader still to go (3); a trump may activate him sooner (5.41) (rule 5.12)\.'
ok $? "a refusal in full, over both rows of the status bar"
screen | grep -q 'Log:' || keys e # (show opened it)
wait_for 'Log:'
screen | grep -q '(5.41) (rule 5.12)\.'
ok $? "the log holds it whole"

cmd_shown 'activate tribune'
wait_for 'is activated'
screen | tail -2 | grep -q 'The Tribune is activated (Initiative 3)'
ok $? "an accepted command told as a sentence (5.12)"

cmd_shown 'show leaders'
wait_for 'q closes'
screen | grep -q 'Initiative' && ! screen | grep -q 'initiative='
ok $? "show leaders in sentences"
keys q
