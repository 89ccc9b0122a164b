#!/bin/sh
# Golden script test (TAP): maniple --script tests/scripts/drill_turn.txt
# --teach (the teach mode's narration as "# teach" comment lines, teach.h)
# against tests/golden/teach_drill_turn.out; then the narration's own
# checks: the activation explained (5.12, 5.21), the momentum and trump
# odds before their rolls (5.32, 5.33, 5.41), the withdrawal check with
# both armies' rout points against their levels (11.1, 11.2), and the
# output without the comment lines being the plain golden log; and
# maniple --check on teach.ini files (kind = teach) and on the events'
# sentences (sentences.ini, kind = sentences).
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..12"
script="$MANIPLE_SRCDIR/tests/scripts/drill_turn.txt"
out="$tmp/out"

ok() {
	if [ "$?" -eq 0 ]; then
		echo "ok $1 - $2"
	else
		echo "not ok $1 - $2"
	fi
}

MANIPLE_DATADIR= "$MANIPLE_BIN" --script "$script" --teach >"$out" 2>"$tmp/err"
[ "$?" -eq 0 ] && [ ! -s "$tmp/err" ]
ok 1 "exit status 0, nothing on standard error"

diff -u "$MANIPLE_SRCDIR/tests/golden/teach_drill_turn.out" "$out" >"$tmp/diff"
ok 2 "output matches tests/golden/teach_drill_turn.out"
[ -s "$tmp/diff" ] && sed 's/^/# /' "$tmp/diff"

grep -v '^# teach' "$out" | cmp -s - "$MANIPLE_SRCDIR/tests/golden/drill_turn.out"
ok 3 "without its comment lines the output is the plain golden log"

grep -q '^# teach next \[5.12,5.21\] Both armies have leaders at Initiative 3; .*Rome.s: the Tribune, with 3 orders' "$out"
ok 4 "the first activation explained: the tie at Initiative 3 (5.12, 5.21)"

grep -q '^# teach next \[5.31,5.32,5.33\] The Tribune may try for momentum, .* 3 or less (40%)' "$out" &&
grep -q '^# teach next \[5.12,5.21\] Mago goes next: .*Trump instead: Hanno (Initiative 4: 50%)' "$out"
ok 5 "momentum and trump odds told before the rolls (5.32, 5.41)"

grep -q '^# teach \[11.2\] Rome: 5 rout points against a withdrawal level of 22; withdraws: no' "$out" &&
grep -q '^# teach \[3.0,11.1,11.2\] Withdrawal check: .*Rome 5 of 22; Carthage 0 of 28' "$out"
ok 6 "the withdrawal check with both armies' rout points (11.1, 11.2)"

# a decision is told once while it stays the same: never twice in a row
awk '/^# teach next/ { if ($0 == last) bad = 1; last = $0 } END { exit bad }' "$out"
ok 7 "a pending decision is told once until it changes"

MANIPLE_DATADIR= "$MANIPLE_BIN" --script - --teach <"$script" >"$tmp/out2" 2>/dev/null
cmp -s "$out" "$tmp/out2"
ok 8 "the same from standard input"

"$MANIPLE_BIN" --check "$MANIPLE_SRCDIR/rules/spqr/teach.ini" >"$tmp/ck" 2>&1 &&
grep -q 'teach.ini: ok$' "$tmp/ck"
ok 9 "maniple --check accepts rules/spqr/teach.ini"

cp "$MANIPLE_SRCDIR/rules/spqr/events.ini" "$tmp/events.ini" # its catalog
printf '[file]\nkind = teach\nversion = 1\n[decision.orders]\nsay = {army} by {colour}\n' >"$tmp/teach.ini"
"$MANIPLE_BIN" --check "$tmp/teach.ini" >/dev/null 2>"$tmp/ck"
[ "$?" -eq 2 ] && grep -q "^$tmp/teach.ini:5: slot {colour}: never a field here$" "$tmp/ck"
ok 10 "a slot no event of its kind carries: refused with file:line, status 2"

"$MANIPLE_BIN" --check "$MANIPLE_SRCDIR/rules/spqr/sentences.ini" >"$tmp/ck" 2>&1 &&
grep -q 'sentences.ini: ok$' "$tmp/ck"
ok 11 "maniple --check accepts rules/spqr/sentences.ini"

printf '[file]\nkind = sentences\nversion = 1\n[moved]\nteach = {unit} by {colour}\n' >"$tmp/sentences.ini"
"$MANIPLE_BIN" --check "$tmp/sentences.ini" >/dev/null 2>"$tmp/ck"
[ "$?" -eq 2 ] && grep -q "^$tmp/sentences.ini:5: slot {colour}: moved has no field colour$" "$tmp/ck"
ok 12 "an event's teach text with a slot its kind lacks: refused with file:line, status 2"
