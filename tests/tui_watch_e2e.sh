#!/bin/sh
# tui_watch_e2e.sh — issue 21 #1, two maniples on one game file, end to
# end in a private tmux server (TAP).
#
# Window a plays a solitaire drill game.  Window b, started on the same
# battle, is told who plays it (the lock file drill.game.lock: user, pid)
# and offered to watch it read only; 1 watches.  A command played in a
# shows in b; an undo in a (the file rewritten and renamed into place)
# is followed too: b reads the file again.  b writes nothing: `load` in a
# script is refused naming the player, and the game file holds a's
# commands only, whole and loadable.  After a quits, the lock is gone.
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=11
TUI_NAME=watch
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
DIR="$STATE/maniple"
GAME="$DIR/drill.game"

[ -r "$SRC/scenarios/drill.ini" ] || skip_all "no scenarios/drill.ini"

run() { # run NAME ARG...: maniple on $STATE at 100x30
	name=$1
	shift
	tui_run "$name" 100 30 "TERM=xterm-256color LANG=C.UTF-8 \
		LC_ALL=C.UTF-8 XDG_STATE_HOME='$STATE' '$BIN' $*"
}
commands() { sed -n '10,$p' "$1" | grep -v '^digest ' | cut -f 1; }

run a --solo --new --seed 11 drill
tui_begin 'Turn 1'
cmd_shown "continue"
cmd_shown "activate tribune"
i=0
while [ $i -lt 100 ] && [ "$(commands "$GAME" | tail -n 1)" != "activate tribune" ]; do
	sleep 0.1
	i=$((i + 1))
done
grep -q "^pid " "$GAME.lock" && grep -q "^user " "$GAME.lock"
ok $? "the game's lock file says who plays it"

A=$S
run b drill
wait_for 'is being played by'
ok $? "a second maniple is told the game is being played"
screen | grep -q "pid [0-9]" && screen | grep -q '1  watch it, read only'
ok $? "it names the player's process and offers to watch"
keys 1
wait_for 'WATCH step 2/2'
ok $? "1 watches: the status line says WATCH, at the game's last command"
B=$S

S=$A
cmd_shown "line hastati"
S=$B
wait_for 'WATCH step 3/3'
ok $? "a command played in the first window shows in the watcher"

S=$A
cmd_shown "undo"
S=$B
wait_for 'WATCH step 2/2'
ok $? "an undo (the file replaced) is followed: the watcher reads it again"

printf 'load %s\n' "$GAME" | MANIPLE_DATADIR="$SRC" "$BIN" --script - >"$STATE/out" 2>&1
tr _ ' ' <"$STATE/out" | grep -q "the game is being played by .* (pid [0-9]"
ok $? "load of the game in a script is refused naming who plays it"

S=$A
cmd_shown "line hastati"
S=$B
wait_for 'WATCH step 3/3'
[ "$(commands "$GAME")" = "continue
activate tribune
line hastati" ]
ok $? "the game file holds the player's commands only, in order"

keys q
wait_for 'EXIT=0'
ok $? "the watcher quits with q"

S=$A
keys q
wait_for 'EXIT=0' && [ ! -e "$GAME.lock" ]
ok $? "the player quits; the lock file goes with it"
printf 'load %s\n' "$GAME" | MANIPLE_DATADIR="$SRC" "$BIN" --script - >"$STATE/out" 2>&1
grep -q "^loaded " "$STATE/out"
ok $? "the game then loads whole"
