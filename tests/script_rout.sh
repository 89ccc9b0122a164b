#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/rout_segment.txt
# (the Rout Movement segment, 10.22-10.24, in a sandbox drill game) against
# tests/golden/rout_segment.out; run twice to show that the same seed and
# commands give the same output.  Refusals are not errors: exit status 0.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..4"
golden_run rout_segment 0
# 10.22: the owner's choice stops Rout and Reload until it is answered
if grep -q '^rout_choice unit=rc1 side=0 hexes=2319;2318 rule=10.22$' "$tmp/out1" &&
   grep -q '^rout_movement_done rule=10.23$' "$tmp/out1" &&
   grep -q '^withdrawal side=0 army=rome rout_points=11 ' "$tmp/out1"; then
	echo "ok 4 - the segment waits for the rout choice, then Withdrawal counts its rout points"
else
	echo "not ok 4 - the segment did not wait for its choice or count the rout points"
fi
