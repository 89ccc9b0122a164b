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
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=17
BIN=${MANIPLE_BIN:-}
SRC=${MANIPLE_SRCDIR:-.}
SOCK=maniple-test-$$
T="tmux -L $SOCK"
n=0

skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

ok() { # ok CONDITION-STATUS NAME
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		echo "# screen was:"
		screen | sed 's/^/#   /'
	fi
}

cleanup() {
	$T kill-server >/dev/null 2>&1
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"
}
trap cleanup EXIT INT TERM

command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
[ -n "$BIN" ] && [ -x "$BIN" ] || skip_all "MANIPLE_BIN is not set"
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

S=utf8 # the session being driven
screen() { $T capture-pane -p -t "$S" 2>/dev/null; }
keys() { $T send-keys -t "$S" "$@"; }

# wait_for PATTERN: polls the pane for up to about 5 seconds
wait_for() {
	i=0
	while [ $i -lt 50 ]; do
		if screen | grep -q -- "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

start() { # start NAME LANG: the game in a new session, its status after EXIT=
	S=$1
	$T new-session -d -s "$1" -x 80 -y 24 \
		"cd '$SRC' && env TERM=xterm-256color LANG=$2 LC_ALL=$2 \
		'$BIN' drill; echo EXIT=\$?; sleep 60" || return 1
}

start utf8 C.UTF-8 || skip_all "tmux cannot start a session"
if ! wait_for 'Turn'; then
	if screen | grep -q 'EXIT='; then
		skip_all "$BIN cannot open the drill battle yet"
	fi
fi
echo "1..$PLAN"

wait_for 'Drill'
ok $? "the map opens with the battle named in the status line"

keys g "$HEX"
wait_for "Hex $HEX"
ok $? "g$HEX puts the cursor on hex $HEX"
screen | grep -q -- "$UNIT (" 
ok $? "the side panel names unit $UNIT"

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
screen | grep -q 'map legend' || keys ' '
wait_for 'map legend'
ok $? "the help goes on with the map legend"
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
