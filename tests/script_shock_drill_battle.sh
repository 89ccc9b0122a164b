#!/bin/sh
# Golden script test (TAP): a drill battle played from the first
# activation to the armies' withdrawal (11.2) with shock combat (8.4),
# tests/scripts/shock_drill_battle.txt against
# tests/golden/shock_drill_battle.out, run twice to show that the same
# seed and commands give the same event log.  Refusals are not errors:
# exit status 0.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..6"
golden_run shock_drill_battle 0
# 8.4: shock combats are fought (not only designated)
if grep -q '^shock_result combat=' "$tmp/out1" &&
   grep -q '^shock_over combats=[1-9]' "$tmp/out1"; then
	echo "ok 4 - shock combats are resolved (8.46)"
else
	echo "not ok 4 - no shock combat was resolved"
fi
# 11.2: the battle ends by withdrawal, not by the turn limit
if grep -q '^withdrawal side=[01] .* withdraws=yes rule=11.2$' "$tmp/out1" &&
   grep -q '^game_over .*rule=11.2$' "$tmp/out1"; then
	echo "ok 5 - an army withdraws and the game is over (11.2)"
else
	echo "not ok 5 - the battle does not end by withdrawal"
fi
# every recorded command is still accepted: the script plays as recorded
if grep -q '^refused \|^malformed ' "$tmp/out1"; then
	echo "not ok 6 - some recorded command is refused now"
	grep '^refused \|^malformed ' "$tmp/out1" | head -5 | sed 's/^/# /'
else
	echo "ok 6 - every recorded command is accepted"
fi
