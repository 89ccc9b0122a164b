#!/bin/sh
# live_users.sh — a second local user and a live game (TAP): made with
# useradd and removed with userdel (skipped when not root).  The game's
# directory belongs to the user's group (mode 2770); a server whose
# --allow does not name the user refuses it (SO_PEERCRED), one that names
# it admits it; the waiting committed game (no server) is started by its
# host alone, whose private seed store holds its seed: the user's join is
# refused with the reason, naming the host.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
if [ "$(id -u)" != 0 ] || ! command -v useradd >/dev/null 2>&1 ||
	! command -v setpriv >/dev/null 2>&1; then
	echo "1..0 # SKIP not root (or no useradd, setpriv): no second user to make"
	exit 0
fi
export MANIPLE_DATADIR="$MANIPLE_SRCDIR"
M=$MANIPLE_BIN
u=mnpl$$
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maniple-users.XXXXXX") || exit 1
cleanup() {
	pid=$(sed -n 's/^pid //p' "$tmp/games/drill.game.lock" 2>/dev/null)
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	userdel "$u" >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
echo "1..4"
if ! useradd -M -U -s /bin/sh "$u" 2>"$tmp/useradd.err"; then
	echo "ok 1 # SKIP useradd failed: $(cat "$tmp/useradd.err")"
	echo "ok 2 # SKIP"
	echo "ok 3 # SKIP"
	echo "ok 4 # SKIP"
	exit 0
fi
chmod 711 "$tmp"
mkdir "$tmp/games"
chgrp "$u" "$tmp/games"
chmod 2770 "$tmp/games"
as_user() { setpriv --reuid="$u" --regid="$u" --init-groups env HOME=/ "$@"; }
server_gone() {
	pid=$(sed -n 's/^pid //p' "$tmp/games/drill.game.lock" 2>/dev/null)
	[ -n "$pid" ] && kill -9 "$pid"
	i=0
	while [ -S "$tmp/games/drill.sock" ] && [ -n "$pid" ] &&
		kill -0 "$pid" 2>/dev/null && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# another user named: the socket is the group's, but this user is not let in
$M host drill --dir "$tmp/games" --allow daemon --idle 30 --seed 5 --as 0 \
	--script - </dev/null 2>/dev/null
printf 'show state\n' | as_user "$M" join drill --dir "$tmp/games" --as 1 \
	--script - >"$tmp/out1" 2>"$tmp/err1"
st=$?
if [ $st = 2 ] && grep -q "is not allowed" "$tmp/err1"; then
	echo "ok 1 - a user --allow does not name is refused"
else
	echo "not ok 1 - a user --allow does not name is refused (status $st: $(cat "$tmp/err1"))"
fi
if grep -q "refused: not allowed" "$tmp/games/drill.log"; then
	echo "ok 2 - the refusal is logged"
else
	echo "not ok 2 - the refusal is logged"
fi
server_gone
$M host drill --dir "$tmp/games" --allow "$u" --idle 30 --as 0 --script - \
	</dev/null 2>/dev/null
printf 'show state\n' | as_user "$M" join drill --dir "$tmp/games" --as 1 \
	--script - >"$tmp/out2" 2>"$tmp/err2"
if grep -q '^state' "$tmp/out2"; then
	echo "ok 3 - once allowed, the user joins"
else
	echo "not ok 3 - once allowed, the user joins ($(cat "$tmp/err2"))"
fi
server_gone
served=$(grep -c " serving$" "$tmp/games/drill.log")
printf 'show state\n' | as_user "$M" join drill --dir "$tmp/games" --as 1 \
	--script - >"$tmp/out3" 2>"$tmp/err3"
st=$?
if [ $st = 2 ] && grep -q "waits for its host, $(id -un), to start it" "$tmp/err3" &&
	[ "$(grep -c " serving$" "$tmp/games/drill.log")" = "$served" ]; then
	echo "ok 4 - the user may not start the host's waiting game, and is told who can"
else
	echo "not ok 4 - the user may not start the host's waiting game, and is told who can (status $st: $(cat "$tmp/err3"))"
fi
