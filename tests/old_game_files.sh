#!/bin/sh
# Game files written by earlier builds load and replay to the same state
# (issue 19: "game files written by ff22bdd still load and replay with
# the same results").  tests/fixtures/old-format1-drill.game was written
# by ff22bdd (format 1: text digests), old-format2-*.game by the build
# before struct game was made small (format 2: binary-state digests of
# digest.h).  Loading checks every digest line of the file; the text
# digest of the state reached (`show state`) is the one the writing build
# printed for it.  (TAP)
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export MANIPLE_DATADIR="$MANIPLE_SRCDIR" XDG_STATE_HOME="$tmp/state"
n=0
echo "1..6"
check() { # FILE TURN the text digest the writing build printed
	cp "$MANIPLE_SRCDIR/tests/fixtures/$1" "$tmp/$1"
	printf 'load %s\nshow state\n' "$1" >"$tmp/script"
	( cd "$tmp" && "$MANIPLE_BIN" --script "$tmp/script" ) \
		>"$tmp/out" 2>"$tmp/err"
	n=$((n + 1))
	if grep -q "^loaded file=$1 .* turn=$2 " "$tmp/out"; then
		echo "ok $n - $1 loads, every digest line checked"
	else
		echo "not ok $n - $1 does not load"
		sed 's/^/# /' "$tmp/out" "$tmp/err" | head -n 5
	fi
	n=$((n + 1))
	if grep -qx "digest turn=$2 value=$3" "$tmp/out"; then
		echo "ok $n - $1 replays to the state its build reached"
	else
		echo "not ok $n - $1: not the state its build reached ($3)"
		grep '^digest' "$tmp/out" | sed 's/^/# /'
	fi
}
check old-format1-drill.game 6 3345584fe498bbc2
check old-format2-drill.game 6 81c01c9caf67a945
check old-format2-cannae.game 12 2b4c660139d9180b
