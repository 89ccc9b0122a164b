#!/bin/sh
# tui_order_panel_e2e.sh — the side panel in Order mode (6.1), in a
# private tmux server at 80x24 (TAP).
#
# Resumes a drill game (seed 7) in which the Tribune has just ordered ha1
# (5.22), puts the cursor on it and steps it across its ENE side into
# sl1's hex (U: 2415 -> 2514, a stacking that costs each a hit, 6.69).
# The panel opens with the mover's block: its name, its hex and MP left
# side by side, its own lines (hits, facing, markers), its hex's ground
# and the other pieces stacked with it, a line each.  Across the step the
# block keeps its rows: the rows of the unit's lines before the step hold
# the same lines after it (the figures change in place), the hex number
# and the MP left change, sl1 gets a line of its own.  The status line
# names the mover and no count of legal actions; the key line leaves the
# MP left to the panel and fits the 80 columns; with the log open over
# the panel it names the MP left and still every key of the mode.  On another hex the panel keeps the mover's name and MP
# left on top and previews the step there (6.21, 6.32).  The same under
# NO_COLOR: the panel is words alone.  The step's result, wider than the
# screen, leads with what the map does not show (the stacking's hits)
# and wraps over both rows of the status bar, folded at a space, ending
# in a pointer to ^P, which opens the result whole in the reading pane;
# the next key brings the status line back.  The hexes the mover may step into
# carry the step's MP as a raised digit (¹), which no level digit looks
# like; the marks go with the mover; with NO_COLOR too, and in ASCII
# (LANG=C) a plain digit.
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=23
TUI_NAME=order-panel-e2e
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"

mkdir -p "$STATE/s0" "$STATE/s1/maniple" "$STATE/s2/maniple"
printf 'new drill solo 7\nroll 6 2\ncontinue\nactivate tribune\norder ha1\nsave %s\n' \
	"$STATE/order.game" >"$STATE/order.txt"
XDG_STATE_HOME="$STATE/s0" "$BIN" --script "$STATE/order.txt" \
	>/dev/null 2>&1
cp "$STATE/order.game" "$STATE/s1/maniple/drill.game" &&
	cp "$STATE/order.game" "$STATE/s2/maniple/drill.game" ||
	skip_all "no game file to resume"

# the panel's text (the columns right of its border), one line a row
panel() { screen | head -22 | sed 's/^.*│ \{0,1\}//'; }
# row N of the panel
row() { panel | sed -n "${1}p"; }
# the map (the columns left of the panel's border)
map() { screen | head -22 | sed 's/│.*$//'; }
# the rows of the map that hold a raised step mark, and how many marks
marks() { map | grep -n '¹' | cut -d: -f1 | tr '\n' ' '; }
nmarks() { map | grep -o '¹' | wc -l; }
# the column (1-based, in characters) of the first raised mark on row R
mark_col() {
	echo $(($(map | sed -n "${1}p" | sed 's/¹.*//' | LC_ALL=C.UTF-8 wc -m)))
}

tui_run p 80 24 "-u MANIPLE_CONFIG TERM=xterm-256color LANG=C.UTF-8 \
	LC_ALL=C.UTF-8 XDG_CONFIG_HOME='$STATE/config' \
	XDG_STATE_HOME='$STATE/s1' '$BIN' --resume drill" ||
	skip_all "tmux cannot start a session"
tui_begin 'ORDER ha1'

at 2415
[ "$(row 1)" = "ORDER ha1 (rome)" ] && [ "$(row 2)" = "Hex 2415 (5 MP left)" ]
ok $? "the panel opens with the mover, its hex and MP left (6.21)"
hexrow=$(panel | grep -n '^ terrain clear lvl 0$' | cut -d: -f1)
panel | sed -n "3,$((hexrow - 1))p" >"$STATE/before"
grep -q 'hits 0' "$STATE/before" && grep -q 'facing E' "$STATE/before" &&
	grep -q 'markers: none' "$STATE/before"
ok $? "then its own lines: hits, facing, markers"
[ -n "$hexrow" ] && [ "$(panel | sed -n "$((hexrow + 1))p")" = "" ]
ok $? "then its ground, alone in its hex"
screen | tail -2 | head -1 | grep -q '^Rome: orders (the Tribune) | ORDER ha1 | Turn'
ok $? "the status line names the mover, no count of legal actions"
screen | tail -1 | grep -q '^ORDER ha1  m step .* ? keys$'
ok $? "the key line names the mover and its keys whole, the MP left in the panel"
# the log open at 80x24 covers the panel: the MP left go on the key line,
# which still names every key of the mode within 79 columns
keys e
wait_for '^ORDER ha1 (5 MP) '
kl=$(screen | tail -1)
miss=""
for k in 'm step' 'KUNJBY side' '<> turn' 'f fire' 'z form' 'x halt' \
	'D done' '? keys'; do
	case "$kl" in *"$k"*) ;; *) miss="$miss [$k]" ;; esac
done
[ -z "$miss" ] && [ ${#kl} -le 79 ]
ok $? "the log open: the key line has the MP left and every key${miss:+, not$miss}: $kl"
keys e
wait_for '^ORDER ha1  m step'
[ "$(nmarks)" -eq 2 ] && map | grep -q '[1-9] ·'
ok $? "its two front hexes marked with the step's MP, raised: ¹; a hill's level a plain digit"
before_marks=$(marks)
mark_row=${before_marks%% *}
mark_at=$(mark_col "$mark_row")

keys U
wait_for 'Hex 2514 (4 MP left)'
ok $? "U steps ha1 across its ENE side into 2514: 4 MP left (6.21)"
[ "$(row 1)" = "ORDER ha1 (rome)" ] &&
	[ "$(panel | sed -n "${hexrow}p")" = " terrain clear lvl 0" ]
ok $? "the block keeps its rows: the new hex's ground where the old one's was"
panel | sed -n "3,$((hexrow - 1))p" >"$STATE/after"
odd=$(diff "$STATE/before" "$STATE/after" | grep '^[<>]' |
	grep -v 'hits [0-9]\|markers:')
[ "$(grep -c . "$STATE/before")" = "$(grep -c . "$STATE/after")" ] &&
	[ "$(grep -c . "$STATE/before")" -gt 3 ] && [ -z "$odd" ]
ok $? "the unit's rows hold the same lines, only hits and markers changed${odd:+: $odd}"
grep -q 'hits 1' "$STATE/after" && grep -q 'markers: moved' "$STATE/after"
ok $? "the stacking hit and the moved marker shown in place (6.69)"
[ "$(panel | sed -n "$((hexrow + 1))p")" = "+sl1 1/5 skirmishers" ]
ok $? "sl1 on a line of its own: its hits against TQ and class (6.69)"
! screen | grep -q 'legal action'
ok $? "the step leaves the count of legal actions out"
# the status bar's two rows, and joined by a space (tmux drops the
# blanks at a row's end): the sentence again only when it was folded at
# a space
bar() { screen | tail -2; }
said="$(bar | head -1) $(bar | sed -n 2p)"
bar | head -1 | grep -q '^Hastati, Legion III (1) (ha1) stacks with Allied slingers (sl1) in 2514:'
ok $? "the result leads with the stacking, which the map does not show (6.69)"
echo "$said" | grep -q '^Hastati, Legion III (1) (ha1) stacks with Allied slingers (sl1) in 2514: 1 and 1 hit(s) (6\.69)\. .* \.\.\. (more: ^P)$'
ok $? "wrapped over both rows at a space, the hits whole, the rest on ^P: $said"
keys C-p
wait_for 'the result of :move 2514' &&
	screen | grep -q '(ha1) moves from 2415 to 2514 (clear): 1' &&
	screen | grep -q 'stacks with Allied' &&
	[ "$(screen | grep -c 'cohesion hit(s) (stacking): 1')" -eq 2 ]
ok $? "^P opens the step's result whole in the reading pane"
keys q
wait_gone 'the result of :'
[ "$(nmarks)" -eq 2 ] && [ "$(marks)" != "$before_marks" ]
ok $? "the step marks went with the mover: two, on other rows ($before_marks-> $(marks))"

keys j
wait_for 'Hex 2515 clear'
bar | head -1 | grep -q '^Rome: orders (the Tribune) | ORDER ha1 | Turn'
ok $? "the next key brings the status line back"
[ "$(row 1)" = "ORDER ha1 (rome)" ] && [ "$(row 2)" = "Hex 2514 (4 MP left)" ] &&
	panel | grep -q '^no step to 2515 (rule$'
ok $? "on another hex: the mover on top, the step refused with its rule (6.32)"
keys q

tui_run n 80 24 "-u MANIPLE_CONFIG NO_COLOR=1 TERM=xterm-256color \
	LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CONFIG_HOME='$STATE/config' \
	XDG_STATE_HOME='$STATE/s2' '$BIN' --resume drill"
wait_for 'ORDER ha1'
at 2415
keys U
wait_for 'Hex 2514 (4 MP left)'
[ "$(row 1)" = "ORDER ha1 (rome)" ] && panel | grep -q '^+sl1 1/5 skirmishers$'
ok $? "NO_COLOR: the same block in words"
panel | grep -q 'hits 1' && panel | grep -q 'markers: moved'
ok $? "NO_COLOR: hits and markers readable"
[ "$(nmarks)" -eq 2 ]
ok $? "NO_COLOR: the step marks raised digits, told from levels by shape"
keys q

mkdir -p "$STATE/s3/maniple"
cp "$STATE/order.game" "$STATE/s3/maniple/drill.game"
tui_run a 80 24 "-u MANIPLE_CONFIG TERM=xterm-256color LANG=C LC_ALL=C \
	XDG_CONFIG_HOME='$STATE/config' XDG_STATE_HOME='$STATE/s3' \
	'$BIN' --resume drill"
wait_for 'ORDER ha1'
at 2415
[ "$(nmarks)" -eq 0 ] &&
	[ "$(map | sed -n "${mark_row}p" | cut -c "$mark_at")" = 1 ]
ok $? "ASCII: the step's MP a plain digit where UTF-8 raised it (in the highlight's colour)"
keys q
