#!/bin/sh
# Issue 21 #7, the smaller items (TAP): a UTF-8 byte order mark before the
# first section is read past; an unterminated section header is named on
# its own line; `new BATTLE KIND SEED` refuses a seed out of range as
# --seed does; a game file that cannot be opened says its path once;
# --script quotes control characters instead of copying them; ^C (SIGINT)
# stops maniple as SIGTERM does, with status 3.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
export MANIPLE_DATADIR="$MANIPLE_SRCDIR"
echo "1..13"

# a byte order mark: the file reads as without it
{ printf '\357\273\277'; cat "$MANIPLE_SRCDIR/maps/drill.ini"; } >"$tmp/bom.ini"
check "--check: a map file opening with a UTF-8 BOM" 0 "$MANIPLE_BIN" --check "$tmp/bom.ini"

printf '[file]\nkind = battle\nversion = 1\n\n[unit ha2\nname = x\n' >"$tmp/open.ini"
check "--check: an unterminated [unit ha2" 2 "$MANIPLE_BIN" --check "$tmp/open.ini"
grep -q "open.ini:5: section header without its closing \]" "$tmp/err" &&
	ok "the unterminated header is named on its line" || notok "unterminated header message"

printf 'new drill solo 99999999999999999999\n' >"$tmp/seed.txt"
check "new with a seed past 2^64-1 is malformed" 2 "$MANIPLE_BIN" --script "$tmp/seed.txt"
grep -q "seed_99999999999999999999_is_out_of_range" "$tmp/out" &&
	ok "the seed is refused, not clamped" || notok "seed message"

# a game file that cannot be opened to append: its path said once
printf 'new drill\nsave %s/ro.game\n' "$tmp" >"$tmp/mk.txt"
"$MANIPLE_BIN" --script "$tmp/mk.txt" >/dev/null
chmod 444 "$tmp/ro.game"
printf 'load %s/ro.game\n' "$tmp" >"$tmp/ro.txt"
if [ "$(id -u)" = 0 ]; then
	ok "# SKIP root opens a read-only file"
	ok "# SKIP root opens a read-only file"
else
	check "load: a read-only game file" 0 "$MANIPLE_BIN" --script "$tmp/ro.txt"
	[ "$(grep -o "ro.game" "$tmp/out" | wc -l)" = 1 ] &&
		ok "the read-only file's path is said once" || notok "path said twice"
fi

printf 'new dr\033[31mill\001\n' >"$tmp/ctl.txt"
check "--script: a line with control characters" 0 "$MANIPLE_BIN" --script "$tmp/ctl.txt"
if grep -q "$(printf '\033')" "$tmp/out" "$tmp/err" || grep -q "$(printf '\001')" "$tmp/out" "$tmp/err"; then
	notok "a control character reached the output"
else
	ok "no control character is copied out"
fi
grep -q 'dr\\x1b\[31mill\\x01' "$tmp/out" && ok "control characters are shown as \\xNN" || notok "no \\xNN"

# ^C: the script waits on a FIFO; SIGINT stops it with status 3
mkfifo "$tmp/in"
( sleep 20 >"$tmp/in" ) &
holder=$!
"$MANIPLE_BIN" --script "$tmp/in" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
kill "$holder" 2>/dev/null
[ "$rc" = 3 ] && ok "SIGINT stops with status 3" || notok "SIGINT: status $rc, want 3"
grep -q "stopped by SIGINT" "$tmp/err" && ok "SIGINT is named" || notok "SIGINT not named"
"$MANIPLE_BIN" --help | grep -q "SIGINT" && ok "--help documents SIGINT's status" || notok "--help silent on SIGINT"
