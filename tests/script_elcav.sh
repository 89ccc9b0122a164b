#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/elcav.txt
# (cavalry and elephants, 9.15 and 9.16, in a sandbox game of Zama)
# against tests/golden/elcav.out, run twice for the same output.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..6"
golden_run elcav 0
# 9.16: the elephant next to mn1 from two hexes off: a withdrawal it may
# not decline, and no reaction fire
if grep -q '^withdrawal_offered unit=mn1 by=el1 distance=1 mp=2 approach=front must=yes rule=6.51,9.16$' "$tmp/out1" &&
   grep -q '^reaction_fire_barred unit=mn1 at=el1 why=must_withdraw rule=9.16$' "$tmp/out1" &&
   ! grep -q '^reaction_fire_offer unit=mn1 ' "$tmp/out1"; then
	echo "ok 4 - 9.16 mn1 must withdraw and may not fire"
else
	echo "not ok 4 - the forced withdrawal or the fire bar is missing"
fi
# 9.16: declining is refused, naming the rule
if [ "$(grep -c '^refused .* rule=9.16$' "$tmp/out1")" -eq 2 ]; then
	echo "ok 5 - no reaction and withdraw done are refused (9.16)"
else
	echo "not ok 5 - the refusals do not name 9.16"
fi
# 9.16: mn2 held by hc1's ZOC takes the TQ check: 8 against 6, 2 hits
if grep -q '^elephant_check unit=mn2 by=el2 dr=8 tq=6 hits=2 routs=no rule=9.16$' "$tmp/out1" &&
   grep -q '^unit id=mn2 .* hits=2 ' "$tmp/out1"; then
	echo "ok 6 - 9.16 the cavalry that cannot withdraw takes DR - TQ hits"
else
	echo "not ok 6 - the 9.16 TQ check is not as expected"
fi
