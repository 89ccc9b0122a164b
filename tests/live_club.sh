#!/bin/sh
# live_club.sh — asynchronous play on a shared host (TAP): the game file
# is the game; a server ends a while after its last client leaves, and a
# join starts one again for the waiting game, with the host's options
# (NAME.host); the host's notify command runs (its words as argv, never a
# shell) when a side comes to owe a decision and nobody of that side is
# attached, what is owed in MANIPLE_* variables.  Every wait is on a
# condition, with a generous limit.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
export MANIPLE_DATADIR="$MANIPLE_SRCDIR" MANIPLE_CONFIG=/dev/null
M=$MANIPLE_BIN
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maniple-club.XXXXXX") || exit 1
chmod 700 "$tmp"
server_pid() { sed -n 's/^pid //p' "$tmp/drill.game.lock" 2>/dev/null; }
cleanup() {
	pid=$(server_pid)
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
# waits up to 60 s (a loaded machine) for a condition
waitfor() {
	i=0
	while [ $i -lt 600 ]; do
		eval "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
yes_no() { if eval "$2"; then ok "$1"; else notok "$1"; fi; }
cat >"$tmp/hook" <<'HOOK'
#!/bin/sh
# the notify hook: what it was told, and its arguments, one a line
{ env | grep '^MANIPLE_' | sort; printf 'arg %s\n' "$@"; } >"$1/telling"
mv "$1/telling" "$1/told.$MANIPLE_COMMANDS"
HOOK
chmod 755 "$tmp/hook"

echo "1..8"
# Rome opens the turn (seed 5) and leaves: Carthage, away, owes
printf 'continue\n:wait 1\n' | $M host drill --dir "$tmp" --seed 5 --idle 1 \
	--as rome --notify "$tmp/hook $tmp x;touch$tmp/pwned" --script - \
	>"$tmp/out" 2>"$tmp/err"
waitfor '[ -e "$tmp/told.1" ]'
yes_no "a side away that comes to owe is told: the hook runs with the side and the decision" \
	'grep -qx MANIPLE_SIDE=1 "$tmp/told.1" && grep -qx MANIPLE_SIDE_NAME=Carthage "$tmp/told.1" &&
	 grep -qx MANIPLE_RULE=5.12 "$tmp/told.1" && grep -qx MANIPLE_DECISION=activation "$tmp/told.1" &&
	 grep -qx MANIPLE_GAME=drill "$tmp/told.1" && grep -qx "MANIPLE_DIR=$tmp" "$tmp/told.1"'
yes_no "the hook's words are its arguments, never a shell's" \
	'grep -qx "arg x;touch$tmp/pwned" "$tmp/told.1" && [ ! -e "$tmp/pwned" ]'
yes_no "the server's log says who was told" 'grep -q "side 1 (Carthage) owes activation and is not here: told" "$tmp/drill.log"'
waitfor '[ ! -S "$tmp/drill.sock" ]'
yes_no "the server ends its idle time after the last client left; the game file waits" \
	'[ ! -S "$tmp/drill.sock" ] && [ -s "$tmp/drill.game" ] && grep -q "the server ends" "$tmp/drill.log"'
yes_no "the host's options are kept beside the game" \
	'grep -qx "idle = 1" "$tmp/drill.host" && grep -q "^notify = $tmp/hook" "$tmp/drill.host"'

# Carthage joins the waiting game: a server starts for it
printf 'activate mago\n:wait 2\n' | $M join drill --dir "$tmp" --as carthage --script - \
	>"$tmp/out" 2>"$tmp/err"
yes_no "a join starts the server of a waiting game, and the game goes on" \
	'grep -q "live commands=2" "$tmp/out"'
yes_no "that server keeps the host's options (its idle time, its hook)" \
	'[ "$(grep -c "^.* serving$" "$tmp/drill.log")" = 2 ]'
yes_no "a side that is here when it owes is not told" '[ ! -e "$tmp/told.2" ]'
