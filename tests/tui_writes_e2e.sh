#!/bin/sh
# tui_writes_e2e.sh — each key's screen changes leave in one write (TAP),
# in a private tmux server at 80x24.
#
# ncurses flushes its output at every cursor movement until the screen
# has once been left and taken back (tui.c's run_view does that at the
# start); over SSH each flush may be a packet of its own.  An LD_PRELOAD
# module (tests/writes_preload.c) counts the program's write() calls to
# the terminal between two reads of keys: cursor steps over empty hexes
# and over units, an Order-mode step and turn, the legal list opened and
# closed must each have gone out in at most one write, and the steps in
# exactly one.  No timing: each key is sent once the screen shows the
# one before it.
# Needs MANIPLE_BIN, MANIPLE_SRCDIR and MANIPLE_WRITES_PRELOAD (meson test
# sets them).

PLAN=4
TUI_NAME=writes-e2e
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
PRE=${MANIPLE_WRITES_PRELOAD:-}
[ -n "$PRE" ] && [ -f "$PRE" ] || skip_all "MANIPLE_WRITES_PRELOAD is not set"
LOG=$STATE/writes
# a sanitizer build: the module comes before the runtime in the list
ASAN=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0

mkdir -p "$STATE/state/maniple"
printf 'new drill solo 7\nroll 6 2\ncontinue\nactivate tribune\norder ha2\nsave %s\n' \
	"$STATE/order.game" >"$STATE/order.txt"
XDG_STATE_HOME="$STATE/state0" "$BIN" --script "$STATE/order.txt" \
	>/dev/null 2>&1
cp "$STATE/order.game" "$STATE/state/maniple/drill.game" ||
	skip_all "no game file to resume"

tui_run w 80 24 "-u MANIPLE_CONFIG TERM=xterm-256color LANG=C.UTF-8 \
	LC_ALL=C.UTF-8 XDG_CONFIG_HOME='$STATE/config' \
	XDG_STATE_HOME='$STATE/state' ASAN_OPTIONS='$ASAN' \
	MANIPLE_TEST_WRITES='$LOG' LD_PRELOAD='$PRE' '$BIN' --resume drill" ||
	skip_all "tmux cannot start a session"
tui_begin 'ORDER ha2'

# one key, then the screen it leads to
step() { # KEY PATTERN
	keys "$1"
	wait_for "$2"
}
step g 'go to hex'
keys 2 4 1
step 7 'Hex 2417 '
for h in 2418 2419 2420; do step j "Hex $h "; done # units and leaders
step k 'Hex 2419 '
keys g 2 1 1
step 2 'Hex 2112 '
for h in 2113 2114 2115; do step j "Hex $h "; done # empty hexes
keys g 2 4 1
step 7 'Hex 2417 '
step N 'Hex 2517 ' # ha2 steps ESE: Order mode
keys '>'
wait_gone 'facing E$'
step Enter 'Enter does it'
keys Escape
wait_gone 'Enter does it'
keys q
i=0
while [ $i -lt 100 ] && ! screen | grep -q 'EXIT='; do
	sleep 0.1
	i=$((i + 1))
done

[ -s "$LOG" ]
ok $? "the module counted the writes ($(wc -l <"$LOG" 2>/dev/null) lines)"
# line 1: the first screen; the last: the q (the terminal given back)
keysn=$(sed '1d;$d' "$LOG" | grep -c .)
more=$(sed '1d;$d' "$LOG" | awk '$2 > 1' | head -3 | tr '\n' ';')
[ "$keysn" -ge 18 ] && [ -z "$more" ]
ok $? "every key's changes went out in at most one write ($keysn keys${more:+; more: $more})"
steps=$(sed '1d;$d' "$LOG" | awk '$2 == 1' | grep -c .)
[ "$steps" -ge 14 ]
ok $? "the keys that changed the screen wrote once each ($steps)"
grep -q '^move 2517' "$STATE/state/maniple/drill.game"
ok $? "the Order-mode step was taken (move 2517 in the game file)"
