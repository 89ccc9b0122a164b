#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/sop_turn.txt
# (a whole game turn of the drill battle through the sequence of play,
# 3.0, 5.1-5.4, 11.2) against tests/golden/sop_turn.out; run twice to show
# that the same seed and commands give the same output.  Refusals are not
# errors: exit status 0.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..4"
golden_run sop_turn 0
# 3.0: the turn ends in Rout and Reload, Withdrawal and turn 2
if grep -q '^turn_end turn=1 rule=3.0$' "$tmp/out1" &&
   grep -q '^turn_start turn=2 ' "$tmp/out1" &&
   grep -q '^rout_movement_done rule=10.23$' "$tmp/out1"; then
	echo "ok 4 - the turn reaches Rout and Reload, Withdrawal and turn 2"
else
	echo "not ok 4 - the turn did not reach turn 2 through Rout and Reload"
fi
