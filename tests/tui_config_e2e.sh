#!/bin/sh
# tui_config_e2e.sh — the player's settings file in the map view (TAP), in
# a private tmux server at 80x24.
#
# A file under a private XDG_CONFIG_HOME gives quit the key x and help F1
# and ?, and takes # (hex numbers) away: the key line shows "x quit" and
# "F1 help", q and # then do nothing, the ? help lists x for quit, and x
# quits (on the too-small screen too).  A file with refused entries: the game still opens, the status
# line says how many were refused, the defaults hold (q quits).  A file
# rebinding the legal list's keys (list.run = Space, list.close = x) and
# the : line's completion (line.complete = F2): the list's footer and hint
# name them, and they work.
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=17
TUI_NAME=cfg-e2e
. "${MANIPLE_SRCDIR:-.}/tests/tui_lib.sh"
DIR=$STATE

mkdir -p "$DIR/good/maniple" "$DIR/bad/maniple" "$DIR/modes/maniple" \
	"$DIR/state"
cat >"$DIR/modes/maniple/maniple.ini" <<'EOF'
[keys]
list.run = Space
list.close = x
line.complete = F2
EOF
cat >"$DIR/good/maniple/maniple.ini" <<'EOF'
[file]
kind = config
version = 1
[keys]
quit = x
help = F1 ?
overlay hexnum = none
[colours]
side1 = purple
EOF
cat >"$DIR/bad/maniple/maniple.ini" <<'EOF'
[keys]
quit = k
warp = w
[colours]
side1 = plaid
EOF

start() { # start CONFIG-DIR: the drill battle with that XDG_CONFIG_HOME
	tui_run "$1" 80 24 "-u MANIPLE_CONFIG TERM=xterm-256color \
		LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CONFIG_HOME='$DIR/$1' \
		XDG_STATE_HOME='$DIR/state' '$BIN' --solo drill"
}

start good || skip_all "tmux cannot start a session"
tui_begin 'Turn'

screen | grep -q 'x quit'
ok $? "the key line shows the file's quit key"
screen | grep -q 'F1 help'
ok $? "the key line shows the file's first help key"
keys q
wait_for 'that key does nothing here'
ok $? "q no longer quits"
keys '#'
sleep 0.3
! screen | grep -q 'hex numbers on'
ok $? "# (unbound by the file) turns no hex numbers on"
keys '?'
wait_for 'maniple keys'
for page in 1 2 3 4; do # quit is near the end of the map's keys
	screen | grep -q '^  x  *quit' && break
	keys ' '
	sleep 0.2
done
screen | grep -q '^  x  *quit'
ok $? "the ? help lists x for quit"
keys Escape
wait_for 'x quit'
$T resize-window -t "$S" -x 60 -y 20
wait_for 'make the terminal at least'
keys q
sleep 0.3
! screen | grep -q 'EXIT='
ok $? "on the too-small screen q does not quit either"
keys x
wait_for 'EXIT=0'
ok $? "x quits with status 0"

start bad
wait_for 'Turn'
ok $? "a file with refused entries: the game still opens"
screen | grep -q '3 settings refused'
ok $? "the status line says how many settings were refused"
keys j
wait_for 'q quit'
ok $? "the default key line is back after a key"
keys q
wait_for 'EXIT=0'
ok $? "q (the default, k was refused) quits"

# the legal list's and the : line's keys from the file (line., list.)
start modes
wait_for 'no decision yet'
keys Enter
wait_for '1/1  Space does it  : edits  x closes'
ok $? "the list's footer names the file's keys (Space, x)"
keys z
wait_for 'in the list: Up/Down select, Space does, : edits, x closes'
ok $? "a key the list does not know: the hint names the file's keys"
keys x
wait_gone '1/1  Space does it'
ok $? "x closes the list"
keys Enter
wait_for '1/1  Space does it'
keys Space
wait_for 'activation'
ok $? "Space does the selected action (continue)"
keys : h e l
wait_for '^:hel'
keys F2
wait_for '^:help'
ok $? "F2 completes on the : line (line.complete)"
keys Escape q
wait_for 'EXIT=0'
ok $? "q quits"
