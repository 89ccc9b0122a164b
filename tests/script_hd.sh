#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/hd_drill.txt
# (Harassment and Dispersal, 8.31-8.33, in a sandbox drill game) against
# tests/golden/hd_drill.out, run twice for the same output.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..6"
golden_run hd_drill 0
# 8.33: fired at range 1 as H&D, without moving the unit (8.31: whole MA)
if grep -q '^missile_fire firer=ve1 .* kind=hd at=2622 target=hi1 range=1 ' "$tmp/out1" &&
   grep -q '^move_end unit=ve1 at=2422 spent=6 hexes=0 ' "$tmp/out1"; then
	echo "ok 4 - 8.33 H&D fires at range 1 from two hexes; 8.31 it spends the whole MA in place"
else
	echo "not ok 4 - the H&D volley or its move_end is not as 8.31/8.33 say"
fi
# 8.32, 8.33: refusals name their rules
if grep -q 'rule=8.32$' "$tmp/out1" && grep -q 'rule=8.33$' "$tmp/out1"; then
	echo "ok 5 - refusals name 8.32 (path through a Front hex) and 8.33 (who fires back)"
else
	echo "not ok 5 - a refusal does not name 8.32 or 8.33"
fi
# a refused H&D changes nothing: the order that took was the first one given
if grep -q '^order leader=tribune to=ve1 orders=1 left=2 rule=5.22$' "$tmp/out1"; then
	echo "ok 6 - the refused H&D orders cost no order"
else
	echo "not ok 6 - a refused H&D order changed the orders left"
fi
