#!/bin/sh
# Issue 21 #2: every read is bounded (TAP).  Data and game files must be
# regular files, opened without blocking: a FIFO never hangs --check or
# --list, /dev/zero is refused by `load`, --replay and --script before it
# can fill memory (each run here under a sandbox `ulimit -v`); over-long
# lines, too many lines and too large files are refused with
# file:line: reason naming the limit.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
# run DESCRIPTION WANT_STATUS COMMAND...: under 30 s and 1 GB of address
# space (an unbounded read fails the memory or the time limit); a
# sanitizer build reserves more address space than that at its start, so
# there only the time limit holds
case "${MANIPLE_SANITIZE:-none}" in
none | "") vlimit=1000000 ;;
*) vlimit=unlimited ;;
esac
run() {
	d=$1 want=$2
	shift 2
	( ulimit -v $vlimit; exec timeout 30 "$@" ) >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	if [ "$rc" -eq "$want" ]; then ok "$d (status $rc)"; else notok "$d: status $rc, want $want"; fi
}
says() { # description, pattern, file (an event's _ read as blanks)
	tr _ ' ' <"$3" | grep -q -- "$2" && ok "$1" || notok "$1: no \"$2\""
}
echo "1..21"
export MANIPLE_DATADIR="$MANIPLE_SRCDIR"

printf 'load /dev/zero\n' >"$tmp/load.txt"
run "load /dev/zero in a script ends" 0 "$MANIPLE_BIN" --script "$tmp/load.txt"
says "load /dev/zero: not a regular file" "/dev/zero: not a regular file (a character device)" "$tmp/out"
run "--replay /dev/zero is refused" 2 "$MANIPLE_BIN" --replay /dev/zero
says "--replay /dev/zero: not a regular file" "/dev/zero: not a regular file" "$tmp/err"
run "--script /dev/zero is refused" 2 "$MANIPLE_BIN" --script /dev/zero
says "--script /dev/zero: line 1 over the limit" "^/dev/zero:1: line longer than 4096 bytes (the limit)" "$tmp/err"

mkfifo "$tmp/fifo.ini"
run "--check on a FIFO does not hang" 2 "$MANIPLE_BIN" --check "$tmp/fifo.ini"
says "--check on a FIFO: not a regular file" "fifo.ini: cannot open: not a regular file (a FIFO)" "$tmp/err"

mkdir -p "$tmp/data/scenarios"
ln -s "$MANIPLE_SRCDIR/maps" "$tmp/data/maps"
ln -s "$MANIPLE_SRCDIR/rules" "$tmp/data/rules"
cp "$MANIPLE_SRCDIR/scenarios/drill.ini" "$tmp/data/scenarios/"
mkfifo "$tmp/data/scenarios/pipe.ini"
run "--list with a FIFO in scenarios/ does not hang" 2 env MANIPLE_DATADIR="$tmp/data" "$MANIPLE_BIN" --list
says "--list still lists the drill" "^drill " "$tmp/out"
says "--list names the FIFO" "pipe.ini: cannot open: not a regular file (a FIFO)" "$tmp/err"

# a data file: too many lines, too large, a map that is a FIFO
{ printf '[file]\nkind = map\nversion = 1\n'; yes '; a comment' | head -n 100000; } >"$tmp/long.ini"
run "--check: a data file of 100003 lines" 2 "$MANIPLE_BIN" --check "$tmp/long.ini"
says "--check names the line limit" "long.ini:100001: more than 100000 lines (the limit)" "$tmp/err"
truncate -s 5M "$tmp/big.ini"
run "--check: a data file of 5 MB" 2 "$MANIPLE_BIN" --check "$tmp/big.ini"
says "--check names the size limit" "big.ini: cannot open: larger than 4194304 bytes (the limit)" "$tmp/err"

# game files: a line with no end in sight, a sparse file past the size
# limit, a FIFO (its open would wait for a writer)
head -c 3000000 /dev/zero | tr '\0' a >"$tmp/wide.game"
printf 'load %s\n' "$tmp/wide.game" >"$tmp/wide.txt"
run "load: a game file of one 3 MB line" 0 "$MANIPLE_BIN" --script "$tmp/wide.txt"
says "load names the line limit" "wide.game:1: line longer than 1100 bytes (the limit)" "$tmp/out"
truncate -s 600M "$tmp/huge.game"
run "--replay: a game file of 600 MB" 2 "$MANIPLE_BIN" --replay "$tmp/huge.game"
says "--replay names the size limit" "huge.game: larger than 536870912 bytes (the limit)" "$tmp/err"
mkfifo "$tmp/pipe.game"
printf 'load %s\n' "$tmp/pipe.game" >"$tmp/pipe.txt"
run "load: a FIFO game file does not hang" 0 "$MANIPLE_BIN" --script "$tmp/pipe.txt"
says "load: a FIFO is not a regular file" "pipe.game: not a regular file (a FIFO)" "$tmp/out"
