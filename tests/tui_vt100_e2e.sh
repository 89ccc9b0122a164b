#!/bin/sh
# tui_vt100_e2e.sh — keys under a terminal description that lacks them
# (TAP), in a private tmux server at 80x24 with TERM=vt100.
#
# vt100's terminfo names no PgUp, PgDn, Home, End or S-Tab, but the
# terminals people use send xterm's sequences for them.  The view teaches
# ncurses those sequences (keys.c): S-Tab (ESC [ Z) takes the cursor to
# the previous unit instead of opening the log with its `[`; PgDn and
# Home in the legal list move the selection; an unknown sequence (ESC [
# 1 5 ~, an F5 the description does not name) does nothing at all.  Each
# such key has a one-character equivalent that does the same: v (S-Tab),
# [ and ] (PgUp, PgDn) and g, G (Home, End) in the list.
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=10
TUI_NAME=vt100-e2e
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"

raw() { $T send-keys -t "$S" -H "$@"; } # bytes, in hex

tui_run vt 80 24 "-u MANIPLE_CONFIG TERM=vt100 LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	XDG_CONFIG_HOME='$STATE/config' XDG_STATE_HOME='$STATE/state' \
	'$BIN' --solo --new --seed 1 drill" || skip_all "tmux cannot start a session"
tui_begin 'Turn'

first=$(screen | grep -o 'Hex [0-9]*' | head -1)
raw 1b 5b 5a # S-Tab
wait_gone "$first"
ok $? "S-Tab moves the cursor to another unit"
screen | grep -q 'Log:'
[ $? -ne 0 ]
ok $? "S-Tab does not open the log (ESC [ Z is not Esc and [)"
back=$(screen | grep -o 'Hex [0-9]*' | head -1)
keys Tab
wait_gone "$back"
ok $? "Tab moves on to the next unit"
keys v
wait_for "$back"
ok $? "v goes back to the previous unit, as S-Tab does"

before=$(screen)
raw 1b 5b 31 35 7e # F5, which vt100 does not name
keys '#'
wait_for 'hex numbers'
[ "$(echo "$before" | grep -c 'Log:')" -eq 0 ] &&
	! screen | grep -q 'Log:\|that key does nothing'
ok $? "an unknown sequence is dropped whole (its [ opens no log)"
keys "#"

# the legal list, made long: Rome's orders after an activation
cmd_shown 'continue'
cmd_shown 'roll 6 2'
cmd_shown 'continue'
cmd_shown 'activate tribune'
keys Enter
wait_for 'Enter does it'
# sel: the list's selected line (its footer's K of K/N); sel_wait OP:
# waits while the selection OP 1 holds (it stays on, or off, the first)
sel() { screen | grep -o '[0-9]*/[0-9]*  Enter does it' | cut -d/ -f1; }
sel_wait() { # "=" or "!=": polls while sel OP 1
	i=0
	while [ "$(sel)" "$1" 1 ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
raw 1b 5b 36 7e # PgDn
sel_wait =
pg=$(sel)
[ "$pg" -gt 1 ] 2>/dev/null
ok $? "PgDn (ESC [ 6 ~) pages the legal list down (to $pg)"
raw 1b 5b 31 7e # Home
sel_wait !=
[ "$(sel)" = 1 ]
ok $? "Home (ESC [ 1 ~) goes back to the first action"
keys ']'
sel_wait =
[ "$(sel)" = "$pg" ]
ok $? "] pages down as PgDn does"
keys '['
sel_wait !=
[ "$(sel)" = 1 ]
ok $? "[ pages up as PgUp does"
keys G
sel_wait =
last=$(screen | grep -o '[0-9]*/[0-9]*  Enter does it' | cut -d' ' -f1)
[ "${last%/*}" = "${last#*/}" ]
ok $? "G goes to the last action as End does ($last)"
