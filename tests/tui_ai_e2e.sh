#!/bin/sh
# tui_ai_e2e.sh — playing against the computer in the map view, end to end
# in a private tmux server (TAP).
#
# The computer on both sides plays the drill by itself, to the end card,
# which names its levels and says no undo was used; I makes it wait and go
# on.  A person (Rome) against the computer (Carthage): the computer
# answers its side's decisions with no hand-over screen, :why tells its
# plan, and again after the game is resumed from its file.  --no-undo
# refuses R with the reason.  The who-plays question's "against the
# computer": the side, then the level (Enter: normal), into the game
# file's header.  Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets
# both).

PLAN=15
TUI_NAME=ai
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
commands() { sed -n '10,$p' "$1" | grep -v '^digest ' | grep -v '^note ' | cut -f 1; }
count() { commands "$GAME" | wc -l; }
# wait_long PATTERN: as wait_for, for up to about 3 minutes (a whole
# game played on a loaded machine)
wait_long() {
	j=0
	while [ $j -lt 6 ]; do
		wait_for "$1" && return 0
		j=$((j + 1))
	done
	return 1
}
# quit: Esc (a card viewer open closes) and q until maniple has ended
quit() {
	k=0
	while [ $k -lt 20 ]; do
		keys Escape
		keys q
		i=0
		while [ $i -lt 10 ] && ! screen | grep -q 'EXIT='; do
			sleep 0.1
			i=$((i + 1))
		done
		screen | grep -q 'EXIT=0' && return 0
		k=$((k + 1))
	done
	return 1
}
# wait_file PATTERN: until a line of the game file matches PATTERN
wait_file() {
	i=0
	while [ $i -lt 300 ] && ! grep -q -- "$1" "$GAME" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	grep -q -- "$1" "$GAME" 2>/dev/null
}
# wait_more N: until the game file holds more than N commands
wait_more() {
	i=0
	while [ $i -lt 300 ] && [ "$(count)" -le "$1" ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ "$(count)" -gt "$1" ]
}

# the computer against itself, watched at a pace; I
run watch --new --seed 7 --ai rome=greedy --ai carthage=greedy --pace 100 drill
tui_begin 'Turn '
wait_more 5
ok $? "the computer plays both sides by itself"
keys I
wait_for 'computer waits (I)'
ok $? "I: the computer waits, and the status line says so"
c=$(count)
sleep 1
[ "$(count)" -eq "$c" ]
ok $? "while it waits, no command is played"
keys I
wait_more "$c"
ok $? "I again: it goes on"
grep -q "$(printf '^player 0 computer 2\t')" "$GAME" &&
	grep -q "$(printf '^player 1 computer 2\t')" "$GAME"
ok $? "the game file's header says the computer plays both sides"
quit
ok $? "q quits"

# at full speed to the end card
run end --new --seed 7 --ai rome=greedy --ai carthage=greedy --pace 0 drill
wait_long 'battle over'
keys Escape
keys V
wait_for 'End of the battle'
ok $? "it plays the battle to its end"
screen | grep -q 'Rome: the computer (greedy)' && screen | grep -q 'No undo used'
ok $? "the end card names the computer's levels and says no undo was used"
quit

# a person against the computer
run duel --new --seed 7 --ai carthage=fast --pace 0 drill
wait_for 'Turn 1'
keys Space
wait_file '^note plan 1 fast '
! grep -q '^note plan 0 ' "$GAME"
ok $? "after the person's continue the computer plays Carthage, never Rome"
grep -q "$(printf '^kind solo\t')" "$GAME"
ok $? "one person at the keyboard: a solo game, no hand-over"
cmd_shown "why"
wait_for "The computer's plan for Carthage (fast)"
ok $? ":why tells the computer's plan"
quit
run again --resume drill
wait_for 'Turn 1'
cmd_shown "why"
wait_for "The computer's plan for Carthage (fast)"
ok $? ":why after a resume tells the plan from the game file"
quit

# --no-undo with the question: the game resumed is made fair
run offer --no-undo
wait_for 'Resume Drill'
keys 1
wait_for 'a fair game (no undo)'
keys R
wait_for 'fair game'
ok $? "--no-undo on a game resumed from the question: R is refused"
quit

# a fair game
run fair --new --seed 7 --ai carthage=fast --no-undo drill
wait_for 'Turn 1'
keys Space
wait_file '^note plan 1 fast '
keys R
wait_for 'fair game'
ok $? "--no-undo: R is refused, saying why"
quit

# the question: against the computer
run ask --new --seed 7 drill
wait_for 'c  against the computer'
keys c
wait_for 'which side do you play'
keys 1
wait_for 'normal (Enter)'
keys Enter
wait_for 'the computer Carthage at normal'
grep -q "$(printf '^player 0 person\t')" "$GAME" &&
	grep -q "$(printf '^player 1 computer 4\t')" "$GAME"
ok $? "the question's 'against the computer': Rome for the person, Carthage normal in the header"
quit
