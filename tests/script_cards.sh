#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/cards_drill.txt
# (the screen cards of `show card`, issue 8) against
# tests/golden/cards_drill.out, twice for the same output.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..4"
golden_run cards_drill 0
# 8.62, 11.2: the pursuit card and the end card after Rome withdraws
if grep -q '^hc1 pursuit 9 vs TQ 7: pursue  *8.62$' "$tmp/out1" &&
   grep -q '^Carthage WINS  *11.2$' "$tmp/out1"; then
	echo "ok 4 - the pursuit and the end of the battle show on the cards"
else
	echo "not ok 4 - a card lacks the pursuit (8.62) or the result (11.2)"
fi
