#!/bin/sh
# The command line (TAP): --help, --version, --check on good and bad
# files, an unknown option, --list, --script on a missing file, and a
# game file of a ruleset the program does not know.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
echo "1..18"
check "--help" 0 "$MANIPLE_BIN" --help
missing=
for opt in --script --check --list --ascii --no-color --new --seed --solo --hotseat --replay --teach --tutorial --resume --config --check-config --help --version; do
	grep -q -- "$opt" "$tmp/out" || missing="$missing $opt"
done
[ -z "$missing" ] && ok "--help lists every option" || notok "--help omits$missing"
check "--version" 0 "$MANIPLE_BIN" --version
version=$(sed -n "s/^  version : '\(.*\)',$/\1/p" "$MANIPLE_SRCDIR/meson.build")
[ "$(cat "$tmp/out")" = "maniple $version" ] && ok "--version prints maniple $version" || notok "--version text"
check "an unknown option" 2 "$MANIPLE_BIN" --frobnicate
grep -q "Try 'maniple --help'" "$tmp/err" && ok "an unknown option points at --help" || notok "no hint"
printf '[file]\nkind = battle\nversion = 1\n\n[battle]\nname = x\nbogus_key = 3\n' >"$tmp/bad.ini"
check "--check on a bad battle file" 2 "$MANIPLE_BIN" --check "$tmp/bad.ini"
grep -q "^$tmp/bad.ini:[0-9][0-9]*: " "$tmp/err" && ok "--check says file:line: reason" || notok "--check message"
printf 'hello\n' >"$tmp/nokind.ini"
check "--check on a file without [file] kind" 2 "$MANIPLE_BIN" --check "$tmp/nokind.ini"
check "--check on good files" 0 "$MANIPLE_BIN" --check "$MANIPLE_SRCDIR/maps/drill.ini" "$MANIPLE_SRCDIR/scenarios/drill.ini"
check "--check on a good and a bad file" 2 "$MANIPLE_BIN" --check "$MANIPLE_SRCDIR/maps/drill.ini" "$tmp/bad.ini"
check "--list" 0 env MANIPLE_DATADIR="$MANIPLE_SRCDIR" "$MANIPLE_BIN" --list
grep -q "^drill " "$tmp/out" && ok "--list names the drill" || notok "--list omits drill"
check "--script on a missing file" 2 "$MANIPLE_BIN" --script "$tmp/none.txt"
check "--replay on a missing file" 2 "$MANIPLE_BIN" --replay "$tmp/none.game"
# the game file's ruleset header is looked up among the program's rulesets
printf 'maniple-game 1\nruleset nosuch\nbattle drill\nkind solo\nseed 3\nprng pcg32 54\nroll 1\n' >"$tmp/nosuch.game"
check "--replay of a game file of an unknown ruleset" 2 env MANIPLE_DATADIR="$MANIPLE_SRCDIR" "$MANIPLE_BIN" --replay "$tmp/nosuch.game"
grep -q "^maniple: $tmp/nosuch.game:[0-9][0-9]*: unknown ruleset nosuch (known: [a-z]" "$tmp/err" && ok "it says file:line: unknown ruleset and the known ones" || notok "unknown ruleset message"
printf 'load %s\n' "$tmp/nosuch.game" | env MANIPLE_DATADIR="$MANIPLE_SRCDIR" "$MANIPLE_BIN" --script - >"$tmp/out" 2>"$tmp/err"
grep -q "^refused reason=$tmp/nosuch.game:[0-9]*:_unknown_ruleset_nosuch_(known:" "$tmp/out" && ok "load refuses it with the same reason" || notok "load of an unknown ruleset"
