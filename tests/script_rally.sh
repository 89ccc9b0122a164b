#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/rally.txt
# (Recovery 10.16 and Rally 10.28, 10.29, 10.31 in a sandbox drill game)
# against tests/golden/rally.out, run twice for the same output.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..5"
golden_run rally 0
# 10.28 example: rolls 2 then 5 rally a printed TQ 7 unit with 2 hits
if grep -q '^rally unit=pr1 leader=consul dr=2 initiative=4 needed=5 printed_tq=7 depleted_before=no result=rallied rule=10.28$' "$tmp/out1" &&
   grep -q '^rallied unit=pr1 dr=5 printed_tq=7 hits=2 faced=SE rule=10.28,10.29$' "$tmp/out1" &&
   grep -q '^rally unit=ha2 .*dr=8 .*result=eliminated rule=10.28$' "$tmp/out1"; then
	echo "ok 4 - the 10.28 example: 2 then 5 rallies with 2 hits; 8 eliminates"
else
	echo "not ok 4 - the 10.28 example did not come out"
fi
# 10.16 two hits per Orders Phase; 3.0 D.1 the Rallied marker comes off
if grep -q '^recovery unit=pr2 hits_before=6 removed=2 hits=4 missiles_near=no rule=10.16$' "$tmp/out1" &&
   grep -q 'rule=10.16$' "$tmp/out1" &&
   grep -q '^rallied_markers_removed count=1 rule=10.28$' "$tmp/out1"; then
	echo "ok 5 - recovery removes 2 hits, the Rallied marker comes off in Rout and Reload"
else
	echo "not ok 5 - recovery or the marker removal went wrong"
fi
