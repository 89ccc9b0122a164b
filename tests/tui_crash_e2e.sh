#!/bin/sh
# tui_crash_e2e.sh — a game killed with SIGKILL in the middle of a turn,
# restarted, resumed (issue 9), end to end in a private tmux server at
# 100x30 (TAP).
#
# A solitaire drill game (seed 11) is played on the map view's `:` line
# into the middle of the hastati's Line Command (5.23) in turn 1, then the
# maniple process gets SIGKILL.  `maniple` alone, started again, offers
# the game ("Resume Drill, turn 1 of 6, last played ..."); `1` resumes
# it: the game file holds every command typed before the kill, in order,
# resuming wrote nothing, the status line and `show state` are what they
# were before the kill, and play goes on from there.
# Then the offer's other answers: `maniple drill` asks the same, `2`
# starts a new game of drill and keeps the old one under a dated name
# (the view says which); `maniple` offers the kept one (a game with no
# command is passed over) and `q` leaves everything as it was;
# `--resume` resumes it without asking; the branch key `C` opens the `:`
# line with `branch` and a free name, Enter branches.  Last, --resume
# with nothing to resume and --resume with --new are refused (status 2).
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=23
TUI_NAME=crash
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

# the game file's commands (digest lines and the header left out)
commands() { sed -n '10,$p' "$1" | grep -v '^digest ' | cut -f 1; }

# `show state` of a copy of a game file, loaded with --script
state_of() {
	cp "$1" "$STATE/probe.game"
	printf 'load %s\nshow state\n' "$STATE/probe.game" |
		(cd "$SRC" && "$BIN" --script - 2>&1) | sed -n '/^state/,$p'
}

# the status line: the screen's line that names whose decision it is
status_line() { screen | grep -E '^(Rome|Carthage)' | head -1; }

run play --new --solo --seed 11 drill || skip_all "tmux cannot start a session"
tui_begin 'Turn 1'

# ---- play into the middle of turn 1 ----
typed="continue
activate tribune
line hastati
pick ha1
move 2515
move 2615
no reaction
move 2714
no reaction"
echo "$typed" | while IFS= read -r c; do
	cmd_shown "$c"
done
i=0 # the last command's result may still be on its way
while [ $i -lt 300 ] && [ "$(commands "$GAME")" != "$typed" ]; do
	sleep 0.1
	i=$((i + 1))
done
[ "$(commands "$GAME")" = "$typed" ]
ok $? "the game file holds the nine commands typed, in order"
before_status=$(status_line)
[ -n "$before_status" ]
ok $? "the status line names the decision due: $before_status"
cp "$GAME" "$STATE/before.game"
state_of "$STATE/before.game" >"$STATE/state-before.txt"

# ---- SIGKILL ----
pane=$($T display -p -t "$S" '#{pane_pid}')
pid=$(ps -o pid= --ppid "$pane" | tr -d ' ' | head -1)
[ -n "$pid" ] && kill -9 "$pid"
wait_for 'EXIT=137'
ok $? "SIGKILL ends maniple in the middle of the Line Command"

# ---- start again: the offer ----
run again
wait_for 'Resume Drill, turn 1 of 6, last played [0-9-]* [0-9:]*?'
ok $? "maniple alone offers the unfinished drill game, its turn and date"
screen | grep -q '1  resume it' &&
	screen | grep -q '2  start a new game of bagradas instead'
ok $? "the offer numbers its answers: resume, or the default battle"
keys 1
wait_gone 'Resume Drill' && wait_for 'resumed: Drill, turn 1'
ok $? "1 resumes the game"
[ "$(status_line)" = "$before_status" ]
ok $? "the status line is the one before the kill"
cmp -s "$GAME" "$STATE/before.game"
ok $? "resuming wrote nothing: the file is the one before the kill"
state_of "$GAME" >"$STATE/state-after.txt"
[ -s "$STATE/state-after.txt" ] &&
	cmp -s "$STATE/state-before.txt" "$STATE/state-after.txt"
ok $? "show state of the game is the one before the kill"
cmd_shown 'halt'
wait_for 'Turn 1' && [ "$(commands "$GAME" | tail -1)" = "halt" ]
ok $? "play goes on: halt ends ha1's move and is written"
keys q
wait_for 'EXIT=0'
ok $? "q quits the resumed game (status 0)"

# ---- maniple drill: a new game instead, the old one kept ----
run named drill
wait_for 'Resume Drill, turn 1 of 6' &&
	screen | grep -q '2  start a new game of drill (this one is kept)'
ok $? "maniple drill offers the saved drill game the same way"
keys 2
wait_for 'who plays which side' &&
	wait_for 'new game; the old one is kept as .*/drill-[0-9]\{8\}-[0-9]\{6\}'
ok $? "2 starts a new game (who plays?) and says where the old one went"
kept=$(ls "$DIR"/drill-*.game 2>/dev/null | head -1)
[ -n "$kept" ] && [ "$(commands "$kept")" = "$typed
halt" ] && [ "$(commands "$GAME" | wc -l)" -eq 0 ]
ok $? "the old game is kept whole under a dated name; drill.game is new"
keys s
keys q
wait_for 'EXIT=0'
ok $? "the new game, solitaire, quits with status 0"

# ---- maniple: the kept game is offered; q changes nothing ----
cp "$kept" "$STATE/kept.game"
run quit
wait_for 'Resume Drill, turn 1 of 6'
ok $? "maniple offers the kept game (the new one holds no command)"
keys q
wait_for 'EXIT=0' && cmp -s "$kept" "$STATE/kept.game" &&
	[ "$(commands "$GAME" | wc -l)" -eq 0 ]
ok $? "q at the offer quits and changes nothing"

# ---- --resume: no question; the branch key ----
run yes --resume
wait_for 'Turn 1' && ! screen | grep -q 'Resume Drill' &&
	[ "$(status_line)" != "" ]
ok $? "--resume opens the map without asking"
keys C
wait_for "^:branch $DIR/drill-branch-1.game"
ok $? "C opens the : line with branch and a free name"
keys Enter
wait_gone '^:branch' && [ -f "$DIR/drill-branch-1.game" ] &&
	[ "$(commands "$DIR/drill-branch-1.game")" = "$typed
halt" ]
ok $? "Enter branches: the copy holds the whole game"
keys q
wait_for 'EXIT=0'
ok $? "q quits the branched game (status 0)"

# ---- refusals ----
out=$(cd "$SRC" && XDG_STATE_HOME="$STATE" "$BIN" --resume cannae 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q 'no unfinished game in cannae'
ok $? "--resume with no unfinished game of the battle: status 2"
out=$(cd "$SRC" && XDG_STATE_HOME="$STATE" "$BIN" --resume --new 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q 'exclude each other'
ok $? "--resume with --new: status 2"
