#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/sop_turn.txt
# (a whole game turn of the drill battle through the sequence of play,
# 3.0, 5.1-5.4, 11.2) against tests/golden/sop_turn.out; run twice to show
# that the same seed and commands give the same output.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
script="$MANIPLE_SRCDIR/tests/scripts/sop_turn.txt"
golden="$MANIPLE_SRCDIR/tests/golden/sop_turn.out"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..4"
MANIPLE_DATADIR= "$MANIPLE_BIN" --script "$script" >"$tmp/out1" 2>"$tmp/err1"
rc=$?
if [ "$rc" -eq 0 ]; then echo "ok 1 - exit status 0 (refusals are not errors)"
else echo "not ok 1 - exit status $rc, want 0"; sed 's/^/# /' "$tmp/err1"; fi
if diff -u "$golden" "$tmp/out1" >"$tmp/diff"; then
	echo "ok 2 - output matches tests/golden/sop_turn.out"
else
	echo "not ok 2 - output differs from the golden log"
	sed 's/^/# /' "$tmp/diff"
fi
MANIPLE_DATADIR= "$MANIPLE_BIN" --script - <"$script" >"$tmp/out2" 2>/dev/null
if cmp -s "$tmp/out1" "$tmp/out2"; then
	echo "ok 3 - same seed and commands give the same output"
else
	echo "not ok 3 - a second run differs"
fi
# 3.0: the turn ends in Rout and Reload, Withdrawal and turn 2
if grep -q '^turn_end turn=1 rule=3.0$' "$tmp/out1" &&
   grep -q '^turn_start turn=2 ' "$tmp/out1" &&
   grep -q '^not_yet what=rout_movement rule=10.23$' "$tmp/out1"; then
	echo "ok 4 - the turn reaches Rout and Reload, Withdrawal and turn 2"
else
	echo "not ok 4 - the turn did not reach turn 2 through Rout and Reload"
fi
