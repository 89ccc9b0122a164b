#!/bin/sh
# maniple --study-puzzles (TAP): every puzzle of tests/puzzles is
# checked (its position built, each good and bad answer accepted there)
# and played by a level; the count solved; a malformed puzzle is
# file:line: reason and status 2.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
MANIPLE_DATADIR=$MANIPLE_SRCDIR
export MANIPLE_DATADIR
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
echo "1..15"
set -- "$MANIPLE_SRCDIR"/tests/puzzles/*.puzzle
check "the puzzles, each checked and played by random" 0 "$MANIPLE_BIN" --study-puzzles --ai random "$@"
[ "$(grep -c '^\(solved\|missed\) ' "$tmp/out")" -eq $# ] && ok "a line for each of the $# puzzles" || notok "lines"
tail -n 1 "$tmp/out" | grep -Eq "^puzzles: random solved [0-9]+ of $#\$" && ok "the count solved" || notok "count"
# declining a shock is the only answer random can give at a designation
grep -q '^solved cavalry_phalanx.puzzle: .*(played: designate done)$' "$tmp/out" &&
	grep -q '^missed flank_charge.puzzle: .*(played: designate done)$' "$tmp/out" &&
	ok "a good answer solves, a bad one misses" || notok "solved and missed"
cp "$tmp/out" "$tmp/first"
"$MANIPLE_BIN" --study-puzzles --ai random "$@" >"$tmp/out" 2>"$tmp/err"
cmp -s "$tmp/out" "$tmp/first" && ok "the same answers again" || notok "answers changed"

check "the puzzles played by greedy" 0 "$MANIPLE_BIN" --study-puzzles --ai greedy "$@"
grep -q '^solved flank_charge.puzzle: .*(played: designate ha1 hi2)$' "$tmp/out" &&
	ok "greedy takes the flank charge" || notok "greedy's flank charge"
# the search level the issue names solves at least 12 of the puzzles
# (each player seeded by its puzzle's place: the same answers every run)
check "the puzzles played by normal" 0 "$MANIPLE_BIN" --study-puzzles --ai normal "$@"
k=$(tail -n 1 "$tmp/out" | sed -n "s/^puzzles: normal solved \([0-9]*\) of $#\$/\1/p")
[ -n "$k" ] && [ "$k" -ge 12 ] && ok "normal solves $k of $# (at least 12)" || notok "normal solves ${k:-?} of $#"
grep -q '^solved leader_withdraws.puzzle: .*(played: withdraw hanno 27[01][56])$' "$tmp/out" &&
	ok "normal withdraws the lone leader (4.72)" || notok "normal's leader withdrawal"
printf 'title a refused answer\nnew drill sandbox 1\nsetup phase shock\ncontinue\ngood designate ha1 hi2\n' >"$tmp/bad.puzzle"
check "a good answer the position refuses" 2 "$MANIPLE_BIN" --study-puzzles --ai random "$tmp/bad.puzzle"
said "it says file:line: reason" "^$tmp/bad.puzzle:5: the good answer is refused"
printf 'new drill sandbox 1\ngood continue\n' >"$tmp/notitle.puzzle"
check "a puzzle without a title" 2 "$MANIPLE_BIN" --study-puzzles --ai random "$tmp/notitle.puzzle"
check "an unknown level" 2 "$MANIPLE_BIN" --study-puzzles --ai godlike "$@"
check "no puzzle file" 2 "$MANIPLE_BIN" --study-puzzles --ai random
