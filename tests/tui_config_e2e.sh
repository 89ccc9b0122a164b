#!/bin/sh
# tui_config_e2e.sh — the player's settings file in the map view (TAP), in
# a private tmux server at 80x24.
#
# A file under a private XDG_CONFIG_HOME gives quit the key x and help F1
# and ?, and takes # (hex numbers) away: the key line shows "x quit" and
# "F1 help", q and # then do nothing, the ? help lists x for quit, and x
# quits (on the too-small screen too).  A file with refused entries: the game still opens, the status
# line says how many were refused, the defaults hold (q quits).
# Needs MANIPLE_BIN and MANIPLE_SRCDIR (meson test sets both).

PLAN=11
BIN=${MANIPLE_BIN:-}
SRC=${MANIPLE_SRCDIR:-.}
SOCK=maniple-cfg-test-$$
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

DIR=$(mktemp -d "${TMPDIR:-/tmp}/maniple-cfg-e2e.XXXXXX") || exit 1
cleanup() {
	$T kill-server >/dev/null 2>&1
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"
	rm -rf "$DIR"
}
trap cleanup EXIT INT TERM

command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
[ -n "$BIN" ] && [ -x "$BIN" ] || skip_all "MANIPLE_BIN is not set"

mkdir -p "$DIR/good/maniple" "$DIR/bad/maniple" "$DIR/state"
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

S=good
screen() { $T capture-pane -p -t "$S" 2>/dev/null; }
keys() { $T send-keys -t "$S" "$@"; }

wait_for() { # wait_for PATTERN: polls the pane for up to about 30 seconds (a loaded machine)
	i=0
	while [ $i -lt 300 ]; do
		if screen | grep -q -- "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

start() { # start CONFIG-DIR: the drill battle with that XDG_CONFIG_HOME
	S=$1
	$T new-session -d -s "$S" -x 80 -y 24 \
		"cd '$SRC' && env -u MANIPLE_CONFIG TERM=xterm-256color \
		LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CONFIG_HOME='$DIR/$1' \
		XDG_STATE_HOME='$DIR/state' '$BIN' drill; echo EXIT=\$?; \
		sleep 60" || return 1
}

start good || skip_all "tmux cannot start a session"
if ! wait_for 'Turn'; then
	if screen | grep -q 'EXIT='; then
		skip_all "$BIN cannot open the drill battle"
	fi
fi
echo "1..$PLAN"

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
