#!/bin/sh
# tui_e2e.sh — the map view end to end in a private tmux server (TAP).
#
# Opens `maniple drill` at 80x24 (TERM=xterm-256color, LANG=C.UTF-8), jumps
# with g to a unit's hex read from scenarios/drill.ini and checks that the
# side panel names the unit, steps the cursor S and checks the panel's hex
# number, shrinks the window to 60x20 (the too-small message), grows it to
# 100x30 (the map again), opens the ? help and its map legend, goes to the
# first stream hexside of maps/drill.ini and checks the stream glyph is
# drawn there, quits with q; then opens it again with LANG=C, checks that
# nothing but ASCII is drawn and, with hex numbers on, that the ASCII
# stream mark ':' stands on the right edge of that hex (its ENE side).
#
# Then it plays: a new drill game (seed 11) whose first activation is
# played by `:` commands (forced dice, continue, activate, order, a move
# completed with Tab), checking that the status line names the pending
# decision (3.0, 5.12, 5.21), that a refused command shows its rule (5.12,
# 6.32), that the game file holds the accepted commands and not the
# refused ones, that a resize while the `:` line is open keeps its text,
# and that 160x50 shows the panel and the event log together; and a second
# new game whose first activation is played by the legal actions' list
# alone (Enter, G, Enter).  Game files go to a private XDG_STATE_HOME.
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=38
TUI_NAME=e2e
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
GAME="$STATE/maniple/drill.game"

[ -r "$SRC/scenarios/drill.ini" ] || skip_all "no scenarios/drill.ini"

# the first unit of the drill and its (first) hex
UNIT=$(awk '/^\[unit /{sub(/^\[unit /,""); sub(/\].*/,""); print; exit}' \
	"$SRC/scenarios/drill.ini")
HEX=$(awk -v u="[unit $UNIT]" '$0==u{f=1;next} /^\[/{f=0}
	f && $1=="hex"{print $3; exit}' "$SRC/scenarios/drill.ini")
[ -n "$UNIT" ] && [ -n "$HEX" ] || skip_all "no unit with a hex in drill.ini"
COL=$(echo "$HEX" | cut -c1-2)
ROW=$(echo "$HEX" | cut -c3-4)
SOUTH=$(printf '%s%02d' "$COL" $((${ROW#0} + 1)))
# the first hex with a stream on its ENE side (the drill's stream runs down
# the east sides of column 27) and the hex south of it
STREAM=$(awk '$1=="stream" && $2=="="{for(i=3;i<=NF;i++) if ($i ~ /^[0-9]+\/ENE$/)
	{sub(/\/ENE/,"",$i); print $i; exit}}' "$SRC/maps/drill.ini" 2>/dev/null)
[ -n "$STREAM" ] || skip_all "no stream hexside in maps/drill.ini"
STREAM_S=$(printf '%s%02d' "$(echo "$STREAM" | cut -c1-2)" \
	$(($(echo "$STREAM" | cut -c3-4 | sed 's/^0//') + 1)))

start() { # start NAME LANG [OPTION...]: the game in a new session, its
	# status after EXIT=
	name=$1
	L=$2
	shift 2
	tui_run "$name" 80 24 "TERM=xterm-256color LANG=$L LC_ALL=$L \
		XDG_STATE_HOME='$STATE' '$BIN' --solo $* drill"
}

start utf8 C.UTF-8 || skip_all "tmux cannot start a session"
tui_begin 'Turn'

wait_for 'Drill'
ok $? "the map opens with the battle named in the status line"

keys g "$HEX"
wait_for "Hex $HEX"
ok $? "g$HEX puts the cursor on hex $HEX"
screen | grep -q -- "$UNIT (" 
ok $? "the side panel names unit $UNIT"
wait_for 'Space continue  '
ok $? "while the game waits for nobody the key line starts with the key that goes on (3.0)"

keys j
wait_for "Hex $SOUTH"
ok $? "j (cursor S) moves the panel to hex $SOUTH"

$T resize-window -t "$S" -x 60 -y 20
wait_for 'make the terminal at least 80x24'
ok $? "at 60x20 the too-small message shows"

$T resize-window -t "$S" -x 100 -y 30
wait_for "Hex $SOUTH"
ok $? "at 100x30 the map and panel come back"
screen | grep -q 'Turn'
ok $? "the status line is back too"

keys '?'
wait_for 'maniple keys'
ok $? "? shows the key help"
screen | grep -q 'goto CCRR'
ok $? "the help lists the goto binding"

# the legend follows the keys, on the next page when they fill this one
# (its title may end one page, its lines begin the next)
legend=1
for page in 1 2 3 4 5 6 7 8 9 10; do
	screen | grep -q 'map legend' && legend=0
	screen | grep -q 'Roman road' && break
	keys ' '
	sleep 0.2
done
ok $legend "the help goes on with the map legend"
screen | grep -q 'stream' && screen | grep -q 'Roman road'
ok $? "the legend names the hexside features"

keys Escape
wait_for 'Turn'
keys g "$STREAM"
wait_for "Hex $STREAM"
screen | grep -q 'stream:ENE'
ok $? "the panel of hex $STREAM lists its stream hexside"
screen | grep -q '∿∿'
ok $? "the stream is drawn on the map as a band of ∿ (both hexes' edges)"
keys q
wait_for 'EXIT=0'
ok $? "q quits with status 0"

# ASCII when the locale is not UTF-8
start ascii C
wait_for 'Turn'
ok $? "the map opens in the C locale"
screen | grep -q 'Turn' && ! screen | LC_ALL=C grep -q '[^ -~]'
ok $? "only ASCII is drawn in the C locale"
# hex numbers on, the cursor off the stream hex (so the panel does not
# name it): the line above the number is the hex's top line, and its last
# character is the ENE edge, where the stream's ':' goes
keys g "$STREAM"
wait_for "Hex $STREAM"
keys j '#'
wait_for "Hex $STREAM_S"
wait_for 'hex numbers on'
screen | awk -v h="$STREAM" 'NR > 1 { p = index($0, h)
		if (p > 0 && p < 56 && substr(prev, p + 3, 1) == ":") found = 1 }
	{ prev = $0 } END { exit !found }'
ok $? "the ASCII stream mark ':' is on the ENE edge of hex $STREAM"
keys q
wait_for 'EXIT=0'

# ---- playing the first activation by `:` commands ----
start play C.UTF-8 --new --seed 11
wait_for 'no decision yet: continue'
ok $? "a new game: the status line says continue starts it (3.0)"
cmd 'roll 6 2'
cmd continue
wait_for 'Rome: activation - 3 legal actions'
ok $? "after continue the status line names the decision: Rome, activation (5.12)"
cmd 'activate consul'
wait_for '(rule 5.12)\.'
ok $? "a refused command shows its reason and rule on the status line"
cmd 'activate tribune'
wait_for 'Rome: orders (the Tribune) - 9 legal actions'
ok $? "the Tribune's Orders Phase: 9 legal actions (5.21)"
cmd 'order ve1'
wait_for 'Rome: orders (the Tribune) | ORDER ve1 | Turn'
ok $? "an order given: Order mode names the mover, no count that changes at each step"
cmd 'move 2517'
wait_for '(rule 6.32)\.'
ok $? "a move into a flank hex is refused under 6.32"
# Tab completes the command name, then the hex from the legal moves
keys : m o v Tab
wait_for ':move' # (with a blank after it, which the pane drops)
ok $? "Tab completes mov to move"
keys -l 261
keys Tab
wait_for ':move 2616'
ok $? "Tab puts in the legal hex 2616"
keys Enter
wait_for 'moves from 2516 to 2616'
ok $? "the move runs and is told as a sentence"
grep -q '^move 2616	' "$GAME" 2>/dev/null
ok $? "the game file holds the move"
awk 'BEGIN{want="roll 6 2|continue|activate tribune|order ve1|move 2616"
	n=split(want, w, "|"); FS="\t"} { for (i = 1; i <= n; i++) if ($1 == w[i]) seen[i]=1 }
	/activate consul|move 2517/ { bad = 1 }
	END { for (i = 1; i <= n; i++) if (!seen[i]) exit 1; exit bad }' "$GAME"
ok $? "the game file holds every accepted command and no refused one"
# a resize while the `:` line is open keeps its text
keys :
keys -l 'show unit ve1'
wait_for ':show unit ve1' # typed into the line before the resize
$T resize-window -t "$S" -x 60 -y 20
wait_for 'make the terminal at least 80x24'
$T resize-window -t "$S" -x 100 -y 30
wait_for ':show unit ve1'
ok $? "after a resize the open : line still holds its text"
keys Enter
wait_for 'q closes' &&
	screen | grep -q '^ *| Velites, Legion III (ve1), Rome VE (LI'
ok $? "a looking command's answer shows in the reading pane, in words"
keys q
wait_gone 'q closes'
$T resize-window -t "$S" -x 160 -y 50
wait_for 'Hex '
screen | grep -q 'Hex ' && screen | grep -q 'Log:' &&
	[ "$(screen | head -1 | wc -L)" -gt 120 ]
ok $? "at 160x50 the side panel and the event log show together"
keys : Up
wait_for ':show unit ve1'
ok $? "Up on the : line recalls the last command"
keys Escape q
wait_for 'EXIT=0'
ok $? "q quits the game being played"

# ---- playing it by the legal actions' list alone ----
start keys C.UTF-8 --new --seed 11
wait_for 'no decision yet'
keys Enter
wait_for '1/1  Enter does it'
ok $? "Enter opens the legal actions' list"
keys Enter
wait_for 'Rome: activation - 3 legal actions'
keys Enter
wait_for 'activate tribune'
keys Enter
wait_for 'Rome: orders (the Tribune)'
ok $? "the list's first actions: continue, then activate tribune"
keys Enter G
wait_for '9/9'
keys Enter
wait_for 'Rome: momentum (the Tribune) - 2 legal actions'
ok $? "G and Enter end the Orders Phase: the momentum decision (5.31)"
grep -q '^orders done	' "$GAME" 2>/dev/null &&
	grep -q '^activate tribune	' "$GAME"
ok $? "the game file holds the actions chosen from the list"
keys q
wait_for 'EXIT=0'
