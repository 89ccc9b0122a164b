#!/bin/sh
# live_club.sh — asynchronous play on a shared host (TAP): the game file
# is the game; a server ends a while after its last client leaves, and a
# join starts one again for the waiting game, with the host's options
# (NAME.host); the host's notify command runs (its words as argv, never a
# shell) when a side comes to owe a decision and nobody of that side is
# attached, what is owed in MANIPLE_* variables; a game of two-party dice
# played by two processes.  Every wait is on a
# condition, with a generous limit.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
export MANIPLE_DATADIR="$MANIPLE_SRCDIR" MANIPLE_CONFIG=/dev/null
M=$MANIPLE_BIN
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maniple-club.XXXXXX") || exit 1
chmod 700 "$tmp"
server_pid() { sed -n 's/^pid //p' "$tmp/drill.game.lock" 2>/dev/null; }
cleanup() {
	for lock in "$tmp"/*.game.lock "$tmp"/tp/*.game.lock; do
		pid=$(sed -n 's/^pid //p' "$lock" 2>/dev/null)
		[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	done
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

echo "1..19"
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

# the club: maniple games lists the waiting game and who owes
waitfor '[ ! -S "$tmp/drill.sock" ]'
touch -d '3 hours ago' "$tmp/drill.game"
check "maniple games runs" 0 $M games --dir "$tmp"
me=$(id -un)
yes_no "it lists a waiting game, its commands, who sat where, how long it is idle and who owes" \
	'grep -q "^drill: drill, hotseat, 2 commands, trusted dice; waiting (no server: a join starts it); last seated: seat 0 $me, seat 1 $me; idle 3h; side 1 owes orders (5.2)$" "$tmp/out"'
# another player (here: a seed store elsewhere) may not start the waiting
# committed game: its seed is in its host's private store until the end
XDG_STATE_HOME="$tmp/elsewhere" $M join drill --dir "$tmp" --as carthage \
	--script - </dev/null >"$tmp/out2" 2>"$tmp/err2"
st=$?
yes_no "a join whose seed store lacks the seed is refused, naming who can start it" \
	'[ $st = 2 ] && grep -q "drill waits for its host, $(id -un), to start it" "$tmp/err2" &&
	 [ ! -S "$tmp/drill.sock" ]'
XDG_STATE_HOME="$tmp/elsewhere" $M games --dir "$tmp" >"$tmp/out2"
yes_no "maniple games says so too" \
	'grep -q "^drill: .*; waiting for its host, $(id -un), to start it" "$tmp/out2"'
# games untouched for longer than clean-days are cleaned; a fresh one stays
cp "$tmp/drill.game" "$tmp/old.game"
touch -d '40 days ago' "$tmp/old.game"
cp "$tmp/drill.game" "$tmp/young.game"
touch -d '10 days ago' "$tmp/young.game"
printf '[club]\nclean-days = 30\ngames-per-user = 2\n' >"$tmp/club.ini"
MANIPLE_CONFIG="$tmp/club.ini" $M games --dir "$tmp" --clean >"$tmp/out" 2>"$tmp/err"
yes_no "games --clean removes a game untouched for clean-days, says so, keeps the others" \
	'grep -qx "cleaned old: abandoned, untouched 40 days" "$tmp/out" && [ ! -e "$tmp/old.game" ] &&
	 [ -e "$tmp/young.game" ] && [ -e "$tmp/drill.game" ]'
# games-per-user: two unfinished games (drill, young) of this user's here already
MANIPLE_CONFIG="$tmp/club.ini" $M host zama --dir "$tmp" --idle 1 --script - </dev/null >"$tmp/out" 2>"$tmp/err"
st=$?
yes_no "a user hosting games-per-user unfinished games may not host another" \
	'[ $st = 2 ] && grep -q "you host 2 unfinished games in $tmp already (games-per-user 2" "$tmp/err" && [ ! -e "$tmp/zama.game" ]'
printf '[club]\ngames-per-user = 0\nnotify = a\tb\nclean-days = 30\n' >"$tmp/bad.ini"
MANIPLE_CONFIG="$tmp/bad.ini" $M --check-config >"$tmp/out" 2>"$tmp/err"
st=$?
yes_no "the config's [club] is checked: a bad entry is refused as file:line: reason" \
	'[ $st = 2 ] && grep -q "bad.ini:2: games-per-user 0: a whole number from 1 to 1000" "$tmp/err" &&
	 [ "$(wc -l <"$tmp/err")" = 1 ]'
check "a good [club] passes --check-config" 0 env MANIPLE_CONFIG="$tmp/club.ini" $M --check-config


# two-party dice between processes: the guest's client gives each
# command's nonce, the file holds them, maniple games says the dice
tp="$tmp/tp"
mkdir -m 700 "$tp"
$M host drill --dir "$tp" --seed 5 --idle 5 --as rome --dice two-party \
	--script - </dev/null >/dev/null 2>"$tp/host.err"
yes_no "host --dice two-party says the game's dice in its banner" \
	'grep -q "is live (two-party dice: " "$tp/host.err"'
printf ':wait 1\n' | $M join drill --dir "$tp" \
	--as carthage --script - >"$tp/guest.out" 2>"$tp/guest.err" &
guest=$!
waitfor 'grep -q "seated 1" "$tp/drill.log"'
printf 'continue\n:wait 1\n' | $M join drill --dir "$tp" --as rome --script - \
	>"$tp/rome.out" 2>"$tp/rome.err"
wait $guest
# (the dice come from the seed and the guest's nonce, fresh each run:
# who owes after the first command is not known beforehand)
yes_no "the host's command is played with the guest's nonce, in the file before it" \
	'grep -q "live commands=1" "$tp/rome.out" && grep -q "live commands=1" "$tp/guest.out" &&
	 [ "$(grep -c "^nonce [0-9a-f]\{32\}" "$tp/drill.game")" = 1 ] &&
	 grep -A1 "^nonce " "$tp/drill.game" | grep -q "^continue" &&
	 grep -q "seated as Carthage; two-party dice: .* (yours)" "$tp/guest.err"'
$M games --dir "$tp" >"$tp/games.out"
yes_no "maniple games says the game's dice are two-party" \
	'grep -q "^drill: drill, hotseat, 1 commands, two-party dice; " "$tp/games.out"'
