#!/bin/sh
# tui_map_e2e.sh — the map's legend and overlays in a private tmux server
# (TAP): `/` opens the legend (every glyph, mark and overlay on the map:
# the unit letters there, facings, markers, each leader with his own
# mark), `r` the active leader's Command Range (4.21) and `Z` each side's
# ZOC (7.2) on the map and off again, and without colour (NO_COLOR) the
# legend says how the sides differ; at 160x50 the hexes are outlined
# (80x24 keeps the compact map), each unit inside its own outline, a
# two-hex phalanx one piece, `+` switching to the compact map and back,
# with colour and without.  A solo drill game on seed 11 with forced
# dice.  A status line wider than 80 columns (Bagradas Plains' activation)
# drops its last parts whole (the battle's name), never cut in a word.  Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets
# both).

PLAN=27
TUI_NAME=map
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"

# map: the map window's part of the screen (left of the panel's border)
map() {
	screen | head -22 | sed 's/│.*//'
}

tui_run map 80 24 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE' '$BIN' --new \
	--seed 11 --solo drill" || skip_all "tmux cannot start a session"
tui_begin 'no decision yet'

# ---- the legend on its own key ----
keys /
wait_for '^map legend (Drill)'
ok $? "/ opens the map legend"
screen | grep -q 'units:.* L legion.* i light infantry'
ok $? "the legend names the unit letters on the map"
screen | grep -q '★c consul' && screen | grep -q '★t tribune' &&
	screen | grep -q '★h hanno' && screen | grep -q '★m mago'
ok $? "each leader with his own mark"
screen | grep -q '∘ command range (r)  × ZOC (Z)'
ok $? "the legend names the overlays and their keys"
screen | grep -q 'side 1: Rome, red counters'
ok $? "with colour: the sides by their colours"
keys Escape
wait_gone '^map legend'
ok $? "any key closes the legend"
keys '?'
wait_for "maniple keys"
keys Space
wait_for '/ *legend *the map legend'
ok $? "? lists the legend's key"
keys Escape
wait_gone 'maniple keys'

# ---- 4.21: the active leader's Command Range ----
cmd_shown 'roll 6 2'
cmd_shown continue
answer 'activate tribune'
wait_for 'orders (the Tribune)'
keys r
wait_for 'command range of the active leader: [0-9]* hexes'
ok $? "r: the Command Range of the active leader (4.21)"
[ "$(map | grep -o '∘' | wc -l)" -ge 10 ]
ok $? "its hexes are marked on the map"
keys r
wait_for 'command range off'
map | grep -q '∘'
[ $? -ne 0 ]
ok $? "r again: the marks are gone"

# ---- 7.2: each side's ZOC ----
keys Z
wait_for 'ZOC of Rome: [0-9]* hexes'
ok $? "Z: Rome's zones of control (7.2)"
map | grep -q '×'
ok $? "marked on the map"
keys Z
wait_for 'ZOC of Carthage: [0-9]* hexes'
ok $? "Z again: Carthage's"
keys /
wait_for 'on now: the zones of control of carthage'
ok $? "the legend says which overlay is on"
keys Escape
wait_gone '^map legend'
keys Z
wait_for 'ZOC off'
map | grep -q '×'
[ $? -ne 0 ]
ok $? "Z a third time: off"

# 80x24: the compact map, no outlines
map | grep -qF '\____/'
[ $? -ne 0 ]
ok $? "80x24: the compact map (as many hexes as before), no outlines"

# ---- 160x50: outlined hexes ----
tui_run big 160 50 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE/big' '$BIN' --new \
	--seed 11 --solo drill"
wait_for 'no decision yet'
wait_for '\\____/'
ok $? "160x50: the hexes are outlined"
screen | grep -qF '/ L→ \' && screen | grep -qF '/ ★t \'
ok $? "a unit's letter and facing, a leader's mark, inside their own hex"
# ph1 stands on 2915 and 2916: no outline between its halves
screen | grep -qF '\    /'
ok $? "the two-hex phalanx is one piece"
keys +
wait_for 'compact (no outlines) hexes'
screen | grep -qF '\____/'
[ $? -ne 0 ]
ok $? "+: the compact map"
keys +
wait_for '^outlined hexes'
screen | grep -qF '\____/'
ok $? "+ again: outlined"
keys /
wait_for '^map legend (Drill)'
screen | grep -q '^outlined hexes (+ for compact ones)'
ok $? "the legend explains the outlined hexes"
keys Escape
wait_gone '^map legend'
# a unit's marks stay in its own hex: ve1 moves 2516 -> 2616 (6.21), its
# Moved marker under its letter, its hits/TQ under them (c)
cmd_shown 'roll 6 2'
cmd_shown continue
cmd_shown 'activate tribune'
cmd_shown 'order ve1'
cmd_shown 'move 2616'
cmd_shown end
keys c
wait_for 'cohesion hits/TQ on'
screen | grep -qF '/ M    \'
ok $? "outlined: the Moved marker inside the unit's own hex"
screen | grep -qF '\ 0/5  /'
ok $? "outlined: hits/TQ inside the unit's own hex"

# ---- without colour ----
tui_run nocolour 80 24 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	NO_COLOR=1 MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE/nc' \
	'$BIN' --new --seed 11 --solo drill"
wait_for 'no decision yet'
keys /
wait_for '^map legend (Drill)'
screen | grep -q 'side 1: Rome, letters bold (no colour)' &&
	screen | grep -q 'side 2: Carthage, letters bold and underlined'
ok $? "NO_COLOR: the legend tells the sides apart without colour"
keys Escape
wait_gone '^map legend'
keys q

tui_run ncbig 160 50 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	NO_COLOR=1 MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE/ncbig' \
	'$BIN' --new --seed 11 --solo drill"
wait_for 'no decision yet'
wait_for '\\____/'
ok $? "NO_COLOR at 160x50: outlined"
keys q

# the status line at 80 columns: its last part goes whole, not cut
tui_run wide 80 24 "TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	MANIPLE_CONFIG=/dev/null XDG_STATE_HOME='$STATE/wide' \
	'$BIN' --new --seed 11 --solo bagradas"
wait_for 'no decision yet'
keys Space
wait_for '^Rome: activation - '
[ "$(screen | tail -2 | head -1)" = "Rome: activation - 20 legal actions | Turn 1/12 A Leader Activation" ]
ok $? "a status line too wide for 80 columns drops the battle's name whole: $(screen | tail -2 | head -1)"
keys q
