#!/bin/sh
# tools/arena (TAP): pairs scored from known rows (a level wins a pair
# when its rout-point margin summed over the pair's two games is above 0),
# and the smoke arenas on the drill (random against itself, random
# against greedy), each played twice to the same report.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
MANIPLE_DATADIR=$MANIPLE_SRCDIR
ARENA_BUILD=$(dirname "$MANIPLE_BIN")
export MANIPLE_DATADIR ARENA_BUILD
arena=$MANIPLE_SRCDIR/tools/arena
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
echo "1..12"

# a.tsv: A plays rome; b.tsv: A plays carthage.  Seed 1: A's margins
# +5 and +4 (A's pair); seed 2: -6 and +6 (tied); seed 3: -3 and +1
# (B's pair).
mkdir "$tmp/rows"
h='seed\twinner\tturns\tRP_rome\tRP_carthage\tdecided\n'
printf "$h"'1\trome\t5\t5\t10\t-\n2\tcarthage\t6\t6\t0\t-\n3\tcarthage\t6\t3\t0\t-\n' >"$tmp/rows/a.tsv"
printf "$h"'1\tcarthage\t5\t8\t4\t-\n2\trome\t6\t6\t0\t-\n3\tdraw\t6\t2\t1\t-\n' >"$tmp/rows/b.tsv"
check "scoring known rows" 0 "$arena" -r "$tmp/rows" alpha beta
[ "$(tail -n 1 "$tmp/out")" = "pairs: alpha 1 beta 1 tied 1 of 3" ] &&
	ok "a pair won by its summed margin, one tied" || notok "pairs"
grep -Eq '^alpha +1 +33\.3% \[  6\.1%,  79\.2%\] +2$' "$tmp/out" &&
	grep -Eq '^beta +1 +33\.3% .* +3$' "$tmp/out" && grep -Eq '^tied +1 +1$' "$tmp/out" &&
	ok "pairs with the Wilson interval, games won by each" || notok "the report's rows"
grep -q '^mean margin per pair for alpha: +2.33 rout points$' "$tmp/out" &&
	ok "the mean margin per pair" || notok "mean margin"

check "the smoke arena on the drill" 0 "$arena" -n smoke drill random random
cp "$tmp/out" "$tmp/first"
[ "$(tail -n 1 "$tmp/out")" = "pairs: random 0 random 0 tied 4 of 4" ] &&
	ok "a level against itself ties every pair (the same seed, the same game)" || notok "self pairs"
check "the smoke arena again" 0 "$arena" -n smoke drill random random
cmp -s "$tmp/out" "$tmp/first" && ok "the same report" || notok "the report changed"
check "the smoke arena: random against greedy on the drill" 0 "$arena" -n smoke drill random greedy
last=$(tail -n 1 "$tmp/out")
case $last in
"pairs: random "*" greedy "*" tied "*" of 4")
	set -- $last
	[ "$5" -gt "$3" ] && ok "greedy wins more pairs than random ($last)" || notok "$last" ;;
*) notok "the last line: $last" ;;
esac
cp "$tmp/out" "$tmp/first"
"$arena" -n smoke drill random greedy >"$tmp/out" 2>"$tmp/err"
cmp -s "$tmp/out" "$tmp/first" && ok "random against greedy: the same report again" || notok "the report changed"
check "an unknown level" 2 "$arena" -n smoke drill random nosuch
