# Sourced by the golden script tests (TAP).  golden_run NAME WANT_RC runs
# `maniple --script tests/scripts/NAME.txt` against the shipped battles,
# checks its exit status, compares its output with tests/golden/NAME.out
# and runs it a second time from standard input to show that the same seed
# and commands give the same output: checks 1 to 3.  Leaves the first
# run's output in $tmp/out1 and its standard error in $tmp/err1 for the
# caller's own checks, numbered from 4.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

golden_run() {
	script="$MANIPLE_SRCDIR/tests/scripts/$1.txt"
	golden="$MANIPLE_SRCDIR/tests/golden/$1.out"
	MANIPLE_DATADIR= "$MANIPLE_BIN" --script "$script" >"$tmp/out1" 2>"$tmp/err1"
	rc=$?
	if [ "$rc" -eq "$2" ]; then
		echo "ok 1 - exit status $2"
	else
		echo "not ok 1 - exit status $rc, want $2"
		sed 's/^/# /' "$tmp/err1"
	fi
	if diff -u "$golden" "$tmp/out1" >"$tmp/diff"; then
		echo "ok 2 - output matches tests/golden/$1.out"
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
}
