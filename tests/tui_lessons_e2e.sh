#!/bin/sh
# tui_lessons_e2e.sh — the lesson menu of `maniple --tutorial` and the
# progress kept under XDG state, driven by keystrokes in a private tmux
# server at 100x30 (TAP).  A malformed progress file is said on the menu
# with file:line: reason and play goes on; Down and Enter start the second
# lesson (scenarios/tutorial/lessons.ini); each step done is written to
# $XDG_STATE_HOME/maniple/tutorial/progress.ini at once; O in the lesson
# box opens the menu with the progress, Esc goes back; the lesson played
# to its end shows as done, also after maniple starts again; a digit
# starts a lesson from the menu.  In a game of one's own, :lessons opens
# the same menu, Esc goes back to the game, and a lesson started from it
# leaves the game's file as it was.  The lesson box's keys are a table of
# the view (keys.h KM_LESSON): the `?` help lists them first while the box
# is up, and a settings file's lesson.how and lesson.menu move them.
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=21
TUI_NAME=lessons
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
LESSON=$SRC/scenarios/tutorial/terrain.ini
PROGRESS="$STATE/maniple/tutorial/progress.ini"
[ -r "$LESSON" ] || skip_all "no $LESSON"
NSTEPS=$(grep -c '^\[step\.' "$LESSON")

# a malformed progress file: refused, said, and play goes on
mkdir -p "$STATE/maniple/tutorial"
printf '[file]\nkind = progress\nversion = 1\n\n[progress]\ndrill = half\n' \
	>"$PROGRESS"

RUN="TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE' '$BIN' --tutorial"
tui_run les 100 30 "$RUN" || skip_all "tmux cannot start a session"
tui_begin "Lessons (maniple --tutorial)"

screen | grep -q 'progress.ini:6: drill =' &&
	screen | grep -q 'half: done or a number of steps 0-64 expected'
ok $? "a malformed progress file is said with file:line: reason"
screen | grep -q '1. One turn of the drill battle' &&
	screen | grep -q '2. Facing, terrain and cohesion hits'
ok $? "the menu lists the lessons in their order"

keys Down
keys Enter
wait_for "Step 1 of $NSTEPS "
ok $? "Down and Enter start the second lesson"
answer 'activate tribune'
wait_for "Step 2 of $NSTEPS "
grep -q '^terrain = 1$' "$PROGRESS"
ok $? "the step done is kept in the progress file at once"

keys O
wait_for "step 2 of $NSTEPS reached"
ok $? "O opens the menu, with the progress"
keys Escape
wait_for "Step 2 of $NSTEPS "
ok $? "Esc goes back to the lesson"

# the rest of the lesson, on the : line
k=2
for c in 'order ha1' 'face NE' 'move 2414' 'move 2513' 'move 2613' 'halt' \
	'orders done' 'momentum' 'order ha1' 'face NW' 'move 2612' 'halt'; do
	wait_for "Step $k of $NSTEPS " || break
	cmd_shown "$c"
	k=$((k + 1))
done
wait_for 'Lesson over: Facing, terrain'
ok $? "the lesson plays to its end"
grep -q '^terrain = done$' "$PROGRESS"
ok $? "the progress file says the lesson is done"
screen | grep -q 'second move'
ok $? "the box tells the last step's hit from its events"
keys q
wait_for 'EXIT=0'
ok $? "q quits with status 0"

# again: the progress is read back; a digit starts the first lesson
tui_run les2 100 30 "$RUN" || skip_all "tmux cannot start a session"
wait_for "Lessons (maniple --tutorial)"
screen | grep -q '2. Facing, terrain and cohesion hits  (done)'
ok $? "started again, the menu shows the lesson done"
keys 1
wait_for "Step 1 of "
screen | grep -q 'Leader Activation (3.0)'
ok $? "1 starts the first lesson"
keys q
wait_for 'EXIT=0'
ok $? "q quits with status 0"

# in a game of one's own: :lessons, Esc back, then a lesson from it
tui_run own 100 30 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE' '$BIN' --new --solo drill" ||
	skip_all "tmux cannot start a session"
wait_for 'Turn 1/6'
keys Enter Escape
cmd_shown 'roll 6 2'
OWN="$STATE/maniple/drill.game"
before=$(cat "$OWN")
cmd_shown 'lessons'
wait_for 'Esc: back to the game' &&
	screen | grep -q '3. Line Command eligibility'
ok $? ":lessons in one's own game opens the lesson menu"
keys Escape
wait_gone 'Lessons (maniple --tutorial)'
ok $? "Esc goes back to the game"
cmd_shown 'lessons'
wait_for 'Esc: back to the game'
keys 3
LC_STEPS=$(grep -c '^\[step\.' "$SRC/scenarios/tutorial/linecmd.ini")
wait_for "Step 1 of $LC_STEPS "
ok $? "a digit starts that lesson over the game"
[ "$(cat "$OWN")" = "$before" ] && [ -s "$STATE/maniple/tutorial/drill.game" ]
ok $? "the game's own file is left as it was; the lesson has its own"
keys q

# the lesson box's keys from a settings file (lesson.how, lesson.menu)
CONF="$STATE/lesson-keys.ini"
printf '[file]\nkind = config\nversion = 1\n\n[keys]\nlesson.how = F2\nlesson.menu = %%\n' >"$CONF"
tui_run keys 100 30 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG='$CONF' XDG_STATE_HOME='$STATE' '$BIN' --tutorial drill" ||
	skip_all "tmux cannot start a session"
wait_for "Step 1 of "
wait_for 'F2: how, with the keys, %: lessons'
ok $? "the box's foot names the settings file's keys"
keys '?'
wait_for 'now: lesson box' && screen | grep -q '^  F2  *show or hide how'
ok $? "? lists the lesson box's keys first, as the file gives them"
keys q
wait_gone 'now: lesson box'
keys F2
wait_for 'How: '
ok $? "F2 (lesson.how) shows how"
keys %
wait_for "Lessons (maniple --tutorial)"
ok $? "% (lesson.menu) opens the lesson menu"
keys q
