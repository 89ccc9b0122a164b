#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/hd_drill.txt
# (Harassment and Dispersal, 8.31-8.33, in a sandbox drill game) against
# tests/golden/hd_drill.out, run twice for the same output.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..8"
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
# 8.33: the target's side decides after the order, in the reactions window
if grep -q '^reaction_offer kind=hd unit=hi1 side=1 by=ve1 rule=8.33$' "$tmp/out1" &&
   grep -q '^reaction_facing unit=hi1 from=W to=NW mover=ve1 rule=8.33,7.15$' "$tmp/out1" &&
   grep -q '^hd_fire_back unit=li1 at=ve1 range=1 rule=8.33,8.21$' "$tmp/out1" &&
   grep -q '^missile_fire firer=li1 .* kind=entry at=2422 target=ve1 range=1 ' "$tmp/out1"; then
	echo "ok 7 - 8.33 the target's side turns (7.15) and names who fires back (8.21), then the volleys"
else
	echo "not ok 7 - the target's side did not decide its H&D answers"
fi
# 8.31: legal lists the accepted H&D orders
if grep -q '^legal side=0 command=order_ve1_hd_hi1 rule=8.31$' "$tmp/out1"; then
	echo "ok 8 - 8.31 legal lists order ve1 hd hi1"
else
	echo "not ok 8 - legal does not list the H&D order"
fi
