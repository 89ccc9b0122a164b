#!/bin/sh
# The Extended Shock Example (SPQR 8.4) as a golden script:
# tests/scripts/shock_example.txt against
# tests/golden/shock_example_fixture.out (named apart from the script so
# that tools/regen-goldens, which runs scripts on the shipped battles,
# leaves it alone).
# The script's battle is the fixture tests/fixtures/shock-example.ini, so
# the program runs with a data directory of its own: the fixture as
# scenarios/shock_example.ini, its map under fixtures/, the rules of the
# source tree.  Checks 1-3 as tests/golden_lib.sh (exit status, output,
# a second run from standard input gives the same output); 4: the log
# ends the segment (shock_over) and reaches the Momentum phase.
# To regenerate the golden after a meant change:
#   tests/script_shock_example.sh --regen [BUILD]
: "${MANIPLE_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
if [ "${1:-}" = "--regen" ]; then
	MANIPLE_BIN="$MANIPLE_SRCDIR/${2:-build}/maniple"
fi
: "${MANIPLE_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
data="$tmp/data"
mkdir -p "$data/scenarios" "$data/fixtures" || exit 1
ln -s "$MANIPLE_SRCDIR/rules" "$data/rules" || exit 1
cp "$MANIPLE_SRCDIR/tests/fixtures/shock-example.ini" \
	"$data/scenarios/shock_example.ini" || exit 1
cp "$MANIPLE_SRCDIR/tests/fixtures/shock-example-map.ini" \
	"$data/fixtures/" || exit 1
script="$MANIPLE_SRCDIR/tests/scripts/shock_example.txt"
golden="$MANIPLE_SRCDIR/tests/golden/shock_example_fixture.out"
if [ "${1:-}" = "--regen" ]; then
	MANIPLE_DATADIR="$data" "$MANIPLE_BIN" --script "$script" \
		>"$golden" 2>/dev/null
	echo "regenerated $golden"
	exit 0
fi
echo "1..4"
MANIPLE_DATADIR="$data" "$MANIPLE_BIN" --script "$script" \
	>"$tmp/out1" 2>"$tmp/err1"
rc=$?
if [ "$rc" -eq 0 ]; then
	echo "ok 1 - exit status 0"
else
	echo "not ok 1 - exit status $rc, want 0"
	sed 's/^/# /' "$tmp/err1"
fi
if diff -u "$golden" "$tmp/out1" >"$tmp/diff"; then
	echo "ok 2 - output matches tests/golden/shock_example_fixture.out"
else
	echo "not ok 2 - output differs from the golden log"
	sed 's/^/# /' "$tmp/diff"
fi
MANIPLE_DATADIR="$data" "$MANIPLE_BIN" --script - <"$script" \
	>"$tmp/out2" 2>/dev/null
if cmp -s "$tmp/out1" "$tmp/out2"; then
	echo "ok 3 - same seed and commands give the same output"
else
	echo "not ok 3 - a second run differs"
fi
if grep -q '^shock_over ' "$tmp/out1" &&
	grep -q '^phase name=momentum' "$tmp/out1"; then
	echo "ok 4 - the Shock segment ends and play goes on to Momentum (8.4, 3.0)"
else
	echo "not ok 4 - the segment does not reach its end"
fi
