# Sourced by the map view's end-to-end tests, which drive maniple in a
# private tmux server and print TAP.  Set TUI_NAME first: it names the tmux
# socket (maniple-TUI_NAME-PID) and the temporary directory $STATE, which
# goes when the test ends, with the server.  Gives BIN, SRC, T (the tmux
# command), n (the count of checks), S (the session being driven, set by
# tui_run or by the caller) and the helpers below; skips the whole test
# when tmux or MANIPLE_BIN is missing.
: "${TUI_NAME:?}"
BIN=${MANIPLE_BIN:-}
SRC=${MANIPLE_SRCDIR:-.}
SOCK=maniple-$TUI_NAME-$$
T="tmux -L $SOCK"
n=0

skip_all() { # skip_all WHY: a plan of no checks, and the end of the test
	echo "1..0 # SKIP $1"
	exit 0
}

screen() { $T capture-pane -p -t "$S" 2>/dev/null; }
keys() { $T send-keys -t "$S" "$@"; }

ok() { # ok CONDITION-STATUS NAME: the next check, with the screen if failed
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		echo "# screen was:"
		screen | sed 's/^/#   /'
	fi
}

STATE=$(mktemp -d "${TMPDIR:-/tmp}/maniple-$TUI_NAME.XXXXXX") || exit 1

# The processes the panes run (the shell and maniple below it), so that
# none outlives the test: a maniple built with LeakSanitizer can hang in
# its exit-time leak check once its terminal is gone, and it would spin
# on through the later tests.
pane_procs() {
	for pp in $($T list-panes -a -F '#{pane_pid}' 2>/dev/null); do
		echo "$pp"
		for c in $(pgrep -P "$pp" 2>/dev/null); do
			echo "$c"
			pgrep -P "$c" 2>/dev/null
		done
	done
}

any_alive() {
	for p in "$@"; do
		kill -0 "$p" 2>/dev/null && return 0
	done
	return 1
}

cleanup() {
	procs=$(pane_procs)
	$T kill-server >/dev/null 2>&1
	if [ -n "$procs" ]; then
		w=0
		while [ $w -lt 20 ] && any_alive $procs; do
			sleep 0.25
			w=$((w + 1))
		done
		kill -9 $procs 2>/dev/null
	fi
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"
	rm -rf "$STATE"
}
trap cleanup EXIT INT TERM

command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
[ -n "$BIN" ] && [ -x "$BIN" ] || skip_all "MANIPLE_BIN is not set"

# wait_for PATTERN: polls the pane for up to about 30 seconds (a loaded
# machine) until a line matches PATTERN
wait_for() {
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

# wait_gone PATTERN: polls the same way until no line matches PATTERN
wait_gone() {
	i=0
	while [ $i -lt 300 ]; do
		if ! screen | grep -q -- "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# cmd TEXT: types TEXT on the `:` line and runs it
cmd() {
	keys :
	keys -l "$1"
	keys Enter
}

# cmd_shown TEXT: the same, waiting for the `:` line to open before typing
# and to close after Enter
cmd_shown() {
	keys :
	wait_for '^:'
	keys -l "$1"
	keys Enter
	wait_gone '^:'
}

# tui_run NAME WIDTH HEIGHT WORDS: a new session NAME (now the one driven)
# of WIDTHxHEIGHT that runs `env WORDS` in the source tree, then shows
# EXIT=its status for a minute
tui_run() {
	S=$1
	$T new-session -d -s "$1" -x "$2" -y "$3" \
		"cd '$SRC' && env $4; echo EXIT=\$?; sleep 60"
}

# tui_begin PATTERN: waits for the first session's screen to show PATTERN,
# skips the test when maniple ended instead, and prints the plan ($PLAN)
tui_begin() {
	if ! wait_for "$1"; then
		if screen | grep -q 'EXIT='; then
			skip_all "$BIN cannot open the drill battle"
		fi
	fi
	echo "1..$PLAN"
}

# wait_change TEXT: polls until the status lines are no longer TEXT (a
# command ran: its message replaced the one before)
wait_change() {
	i=0
	while [ $i -lt 300 ]; do
		if [ "$(screen | tail -2)" != "$1" ]; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# answer TEXT: waits for the prompt box to offer TEXT, then presses the
# digit it is numbered with
answer() {
	wait_for "[1-9] $1  *[0-9]" || return 1
	d=$(screen | grep -o "[1-9] $1  *[0-9]" | head -1 | cut -c1)
	[ -n "$d" ] || return 1
	before=$(screen | tail -2)
	keys "$d"
	wait_change "$before"
}

# at CCRR: the cursor to a hex (g and four digits), the panel follows
at() {
	keys g "$1"
	wait_for "Hex $1 "
}
