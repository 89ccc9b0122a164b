#!/bin/sh
# tools/gba-coverage (issue 25: every numbered GBA rule of sections 4-10
# cited by an asserting test, as "GBA N.NN").  The mechanism on a small
# made-up tree: which rules it lists, what counts as a citation (a "GBA"
# number in a Criterion Test's body, name or the comment right above it,
# or in a TAP script that reports checks) and what does not (a bare
# number, a helper, a comment parted from its test, a script with no
# checks, a chapter head), its count line and --max.  Then
# the real tree against the ceiling in tests/gba_coverage_ceiling, a
# number that only comes down: more uncited rules than it fails; fewer
# says the ceiling may come down.  Prints TAP.
set -u
tool="$MANIPLE_SRCDIR/tools/gba-coverage"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
echo "1..11"

t=$tmp/tree
G=GBA # written apart, so that this script cites no rule itself
mkdir -p "$t/rules/gba" "$t/tests"
cat >"$t/rules/gba/summaries.ini" <<'INI'
[file]
kind = summaries
version = 1
[3.0]
title = Sequence
[4.0]
title = Leaders
[4.1]
title = Leader Counters
[5.33]
title = Doom
[6.41]
title = Double-size types
[6.43]
title = Pivot
[7.16]
title = Reaction facing
[8.37]
title = Breakthrough
[9.65]
title = Phalanx rout
[10.44]
title = Both at once
INI
cat >"$t/tests/test_a.c" <<C
/* $G 8.37 in a file comment does not count */
static void helper(void) { /* $G 6.43 outside a test */ }
Test(a, one)
{
	/* $G 6.41: a phalanx */
	cr_assert(1, "4.1 bare is SPQR's");
}

/* $G 5.33, parted from its test by a blank line */

/* $G 7.16 right above its test,
 * on two lines */
Test(a, two)
{
	cr_assert(1);
}

Test(a, named_gba_9_65)
{
	cr_assert(1);
}
C
cat >"$t/tests/b.sh" <<SH
# $G 10.44, both armies
ok "x"
SH
cat >"$t/tests/c.sh" <<SH
# $G 4.1 in a script that checks nothing
echo hello
SH

check "the made-up tree is read" 0 "$tool" "$t"
if [ "$(cut -f1 "$tmp/out" | sed '$d' | tr '\n' ' ')" = "4.1 5.33 6.43 8.37 " ]; then
	ok "uncited: 4.1 (bare, or in a script with no checks), 5.33 (a comment parted from its test), 6.43 (a helper), 8.37 (a file comment); cited in a body, right above, by name, in a TAP script"
else
	notok "uncited listed wrong"
fi
if tail -n 1 "$tmp/out" | grep -q '^gba-coverage: 4 of 8 rules of sections 4-10 uncited (4 cited)$'; then
	ok "count line: chapter heads and section 3 left out"
else
	notok "count line"
fi
if grep -q 'Pivot' "$tmp/out"; then ok "titles shown"; else notok "titles shown"; fi
check "--max below the count fails" 1 "$tool" --max 3 "$t"
check "--max at the count passes" 0 "$tool" --max 4 "$t"
check "--max wants a number" 2 "$tool" --max x "$t"
check "no summaries: status 2" 2 "$tool" "$tmp/none"

ceiling=$(cat "$MANIPLE_SRCDIR/tests/gba_coverage_ceiling")
check "the tree's uncited GBA rules stay at or under $ceiling" 0 "$tool" --max "$ceiling" "$MANIPLE_SRCDIR"
now=$(tail -n 1 "$tmp/out" | sed -E 's/^gba-coverage: ([0-9]+) of.*/\1/')
all=$(tail -n 1 "$tmp/out" | sed -E 's/^gba-coverage: [0-9]+ of ([0-9]+) .*/\1/')
echo "# $(tail -n 1 "$tmp/out")"
[ "$now" -lt "$ceiling" ] 2>/dev/null &&
	echo "# fewer than the ceiling: tests/gba_coverage_ceiling may come down to $now"
# every rule of sections 4-10 but the chapter heads: the summaries' count
want=$(grep -cE '^\[(4|5|6|7|8|9|10)\.([1-9]|[0-9][0-9])\]' "$MANIPLE_SRCDIR/rules/gba/summaries.ini")
if [ "$all" = "$want" ] && [ "$all" -gt 200 ]; then
	ok "all $all rules of sections 4-10 are counted"
else
	notok "counted $all rules, the summaries hold $want"
fi
if [ "$ceiling" -le "$all" ] 2>/dev/null; then
	ok "the ceiling ($ceiling) is no more than the rules ($all)"
else
	notok "ceiling $ceiling over $all rules"
fi
