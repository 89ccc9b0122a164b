#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/passthru.txt
# (elephant Pass-Thru, SPQR 9.11, the book's 3022 -> 2921 example in a
# Bagradas sandbox) against tests/golden/passthru.out, run twice.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..6"
golden_run passthru 0
# 9.11: offered before the pre-shock rolls; +1 to the infantry's DR
if grep -q '^passthru_offered combat=0 unit=l3_ha1 elephant=el01 rear=2821,2822 rule=9.11$' "$tmp/out1" &&
   grep -q '^charge_modifier unit=l3_ha1 name=pass_thru drm=+1 rule=9.11$' "$tmp/out1"; then
	echo "ok 4 - Pass-Thru offered before the charge, +1 to the infantry (9.11 #1)"
else
	echo "not ok 4 - no Pass-Thru offer or no +1"
fi
# 9.11 #2: the CRT's 2(2) cut to 1 and 1
if grep -q '^passthru_hits combat=0 elephant=2->1 infantry=2->1 rule=9.11$' "$tmp/out1"; then
	echo "ok 5 - shock hits: elephant less one, infantry halved (9.11 #2)"
else
	echo "not ok 5 - the shock hits were not cut"
fi
# 9.11 #3, #4: to 2822 facing W; the check's 8 against TQ 6
if grep -q '^passthru combat=0 elephant=el01 from=3022 to=2822 facing=W through=l3_ha1 rule=9.11$' "$tmp/out1" &&
   grep -q '^tq_check unit=l3_ha1 dr=8 tq=6 routed=no hits=2 ' "$tmp/out1"; then
	echo "ok 6 - the elephant ends in 2822 facing W; the check scores 2 (9.11 #3, #4)"
else
	echo "not ok 6 - the elephant did not pass through as the book says"
fi
