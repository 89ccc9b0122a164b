#!/bin/sh
# tui_keys_turn_e2e.sh — a whole turn of Bagradas Plains played with the
# mode keys alone (TAP): no `:` line and no legal list (Enter on the
# map), in a private tmux server at 100x30, seed 5, solitaire.
#
# Space goes on when nobody owes a decision (continue, 3.0); a digit
# answers the prompt box (activation 5.12, momentum 5.31, trump 5.41,
# the reactions): the first answer declining ("no ...") when there is
# one, else the first (so every leader is activated in turn); `D` ends a leader's orders (5.27); in
# the first Orders Phase of Rome `w` finds a unit that can act, `i`
# orders it (5.22), `U` steps it across its ENE side (6.21), `x` halts it
# (6.11); `T` closes the shock designation (8.41), Esc closes the cards.
# At the end turn 2 has begun, and the game file holds every command the
# keys gave.  Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets
# both).

PLAN=6
TUI_NAME=keysturn
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
GAME="$STATE/maniple/bagradas.game"

tui_run turn 100 30 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE' '$BIN' --new \
	--seed 5 --solo bagradas" || skip_all "tmux cannot start a session"
tui_begin 'no decision yet'

# press KEY: sends it and waits for the status lines to change
press() {
	before=$(screen | tail -2)
	keys "$1"
	wait_change "$before"
}

press Space
wait_for 'Rome: activation (5.12)'
ok $? "Space: continue, the turn begins with Rome's activation prompt"

# Rome's first leader: activated by the digit of his first answer
press 1
wait_for 'Rome: orders ('
ok $? "1 activates the first leader: his Orders Phase"

# an Individual Order by keys: w to a unit that can act, i, U, x
press w
press i
wait_for '| ORDER '
ok $? "w then i: a unit ordered, Order mode (5.22)"
press U
press x
wait_for ' ends its move at '
ok $? "U steps across the ENE side, x halts (6.21, 6.11)"

# the rest of the turn: every decision by its key
steps=0 stuck=0
while [ $steps -lt 400 ]; do
	s=$(screen)
	status=$(echo "$s" | tail -2 | head -1)
	case "$status" in
	*"Turn 2/"*) break ;;
	esac
	if echo "$s" | grep -q 'Space next  p back  Esc close'; then
		press Escape
	elif echo "$s" | grep -q 'answer  Enter all  Esc hides'; then
		d=$(echo "$s" | grep -o '| [1-9] no ' | head -1 | cut -c3)
		[ -n "$d" ] || d=1
		press "$d"
	elif echo "$status" | grep -q 'continue goes on'; then
		press Space
	elif echo "$status" | grep -q ': orders ('; then
		press D
	elif echo "$status" | grep -q -i 'designat'; then
		press T
	else
		stuck=$((stuck + 1))
		[ $stuck -lt 20 ] || break
		sleep 0.2
	fi
	steps=$((steps + 1))
done
screen | tail -2 | head -1 | grep -q 'Turn 2/'
ok $? "turn 2 reached by the mode keys alone ($steps keys)"

# the game file: commands only the keys gave, and the turn's end
grep -q '^continue' "$GAME" && grep -q '^order ' "$GAME" &&
	grep -q '^halt' "$GAME" && ! grep -q '^legal' "$GAME" &&
	[ "$(grep -c '^activate ' "$GAME")" -ge 8 ] &&
	[ "$(grep -c '^orders done' "$GAME")" -eq \
		"$(grep -c '^activate ' "$GAME")" ]
ok $? "the game file holds the keys' commands: every leader activated, ordered, done"

keys q
