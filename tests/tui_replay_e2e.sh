#!/bin/sh
# tui_replay_e2e.sh — maniple --replay FILE in a private tmux server at
# 100x30 (TAP): a drill battle played by autoplay (seed 11) is written as
# a game file with --script, then stepped through on the map view: `.`
# forward, `,` back, `T` and a number to a turn's start, End and Home,
# the `:` line (a looking command runs, a game command is refused), q.
# The file must be byte for byte the same afterwards.  A file of another
# format version is refused with exit status 2; a file whose first digest
# line was changed stops at that line.  The session runs with
# TERM=screen-256color, whose Home and End are the keys tmux sends.
# Needs MANIPLE_BIN, AUTOPLAY_BIN and MANIPLE_SRCDIR (meson test sets
# them).

PLAN=14
TUI_NAME=replay
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
[ -n "${AUTOPLAY_BIN:-}" ] && [ -x "$AUTOPLAY_BIN" ] ||
	skip_all "AUTOPLAY_BIN is not set"
infocmp screen-256color >/dev/null 2>&1 ||
	skip_all "no terminfo entry for screen-256color"
GAME="$STATE/drill.game"

# ---- the game file ----
{
	echo "new drill solo 11"
	echo "branch $GAME"
	MANIPLE_DATADIR= "$AUTOPLAY_BIN" --no-check drill 11 2>/dev/null |
		grep -v -e '^#' -e '^new '
} >"$STATE/in.txt"
(cd "$SRC" && MANIPLE_CONFIG=/dev/null "$BIN" --script "$STATE/in.txt" \
	>"$STATE/out.txt" 2>&1)
[ -s "$GAME" ] || skip_all "no game file written"
N=$(sed -n '10,$p' "$GAME" | grep -vc '^digest ')
cp "$GAME" "$STATE/orig.game"

echo "1..$PLAN"

sed '1s/.*/maniple-game 9/' "$GAME" >"$STATE/v9.game"
msg=$(cd "$SRC" && "$BIN" --replay "$STATE/v9.game" 2>&1 </dev/null)
[ $? -eq 2 ] &&
	echo "$msg" | grep -q 'v9.game:1: format version 9 is not supported'
ok $? "another format version is refused, exit status 2"

tui_run replay 100 30 "TERM=screen-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null '$BIN' --replay '$GAME'" ||
	skip_all "tmux cannot start a session"
wait_for "REPLAY step 0/$N, turn 1"
ok $? "the replay opens at step 0 of $N"

keys . . .
wait_for "REPLAY step 3/$N, turn 1"
ok $? "three steps forward"
screen | grep -q "replay: step 3/$N: line hastati"
ok $? "the step's command is shown"

keys ,
wait_for "REPLAY step 2/$N, turn 1"
ok $? "one step back"

keys T 2 Enter
wait_for "REPLAY step [0-9]*/$N, turn 2"
ok $? "T 2 Enter: turn 2"
screen | grep -q "replay: to turn 2: step"
ok $? "the jump is reported"

keys End
wait_for "REPLAY step $N/$N"
ok $? "End: the last step"

keys Home
wait_for "REPLAY step 0/$N, turn 1"
ok $? "Home: the first step"

cmd_shown 'continue'
wait_for 'Refused: replay is read only'
ok $? "a game command is refused on the : line"

cmd_shown 'show units'
wait_for 'Hastati, Legion III (1) (ha1)'
ok $? "a looking command runs (its answer in the reading pane)"

keys q # closes the pane
wait_gone 'q closes'
keys q
wait_for 'EXIT=0'
st=$?
cmp -s "$GAME" "$STATE/orig.game" && [ $st -eq 0 ]
ok $? "q quits (status 0); the game file is unchanged"

# a tampered digest: End stops there, naming the line
# (its hash chain made right again with sha256sum, as the man page's
# GAME FILES says, so that the replay is what finds it)
rechain() {
	prev=0000000000000000
	cut -f 1 | while IFS= read -r text; do
		prev=$(printf '%s%s' "$prev" "$text" | sha256sum | cut -c1-16)
		printf '%s\t%s\n' "$text" "$prev"
	done
}
L=$(grep -n '^digest ' "$GAME" | head -1 | cut -d: -f1)
sed "${L}s/.*/digest 2 0123456789abcdef/" "$GAME" | rechain >"$STATE/bad.game"
tui_run bad 100 30 "TERM=screen-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null '$BIN' --replay '$STATE/bad.game'"
wait_for "REPLAY step 0/$N, turn 1"
keys End
wait_for "bad.game:$L: replay stops: digest mismatch"
ok $? "a tampered digest stops the replay at its line ($L)"
screen | grep -q "REPLAY step [0-9]*/$N, turn [0-9]* (stopped)"
ok $? "the status line says the replay stopped"
keys q
