#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/drill_setup.txt
# against the drill battle, compared with tests/golden/drill_setup.out; run
# twice to show that the same seed and commands give the same output.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
script="$MANIPLE_SRCDIR/tests/scripts/drill_setup.txt"
golden="$MANIPLE_SRCDIR/tests/golden/drill_setup.out"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..4"
MANIPLE_DATADIR= "$MANIPLE_BIN" --script "$script" >"$tmp/out1" 2>"$tmp/err1"
rc=$?
# the script ends with two malformed lines: exit status 2
if [ "$rc" -eq 2 ]; then echo "ok 1 - exit status 2 after malformed lines"
else echo "not ok 1 - exit status $rc, want 2"; fi
if diff -u "$golden" "$tmp/out1" >"$tmp/diff"; then
	echo "ok 2 - output matches tests/golden/drill_setup.out"
else
	echo "not ok 2 - output differs from the golden log"
	sed 's/^/# /' "$tmp/diff"
fi
MANIPLE_DATADIR= "$MANIPLE_BIN" --script - <"$script" >"$tmp/out2" 2>/dev/null
if cmp -s "$tmp/out1" "$tmp/out2"; then
	echo "ok 3 - same seed and commands give the same output"
else
	echo "not ok 3 - a second run differs"
fi
if grep -q 'drill_setup.txt:26: hits must be 0-99' "$tmp/err1"; then
	echo "ok 4 - a malformed line is named file:line on stderr"
else
	echo "not ok 4 - no file:line for the malformed line"
	sed 's/^/# /' "$tmp/err1"
fi
