#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/drill_setup.txt
# against the drill battle, compared with tests/golden/drill_setup.out; run
# twice to show that the same seed and commands give the same output.  The
# script ends with two malformed lines: exit status 2.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..4"
golden_run drill_setup 2
if grep -q 'drill_setup.txt:26: hits must be 0-99' "$tmp/err1"; then
	echo "ok 4 - a malformed line is named file:line on stderr"
else
	echo "not ok 4 - no file:line for the malformed line"
	sed 's/^/# /' "$tmp/err1"
fi
