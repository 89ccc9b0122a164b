#!/bin/sh
# maniple --study and --study-merge (TAP): the table and its last line,
# the TSV rows, the same results whatever --jobs and however sharded, the
# 95% Wilson interval on known counts, the deciding pieces counted, and
# every bad input a message and status 2.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
MANIPLE_DATADIR=$MANIPLE_SRCDIR
export MANIPLE_DATADIR
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
AI="--ai rome=greedy --ai carthage=random"
echo "1..30"

check "a study of the drill" 0 "$MANIPLE_BIN" --study drill --games 6 --seed 5 $AI --tsv "$tmp/one.tsv"
cp "$tmp/out" "$tmp/one.out"
tail -n 1 "$tmp/one.out" | grep -Eq '^wins: rome [0-9]+ carthage [0-9]+ draws [0-9]+ of 6$' &&
	ok "its last line: wins: rome W1 carthage W2 draws D of 6" || notok "last line"
grep -q '^side .*95% interval (Wilson).*mean RP$' "$tmp/one.out" &&
	grep -q '^mean turn the game ended: ' "$tmp/one.out" &&
	grep -q '^decided by ' "$tmp/one.out" && ok "the table's rows" || notok "the table's rows"
[ "$(head -n 1 "$tmp/one.tsv")" = "$(printf 'seed\twinner\tturns\tRP_rome\tRP_carthage\tdecided')" ] &&
	ok "the TSV header" || notok "the TSV header"
[ "$(tail -n +2 "$tmp/one.tsv" | cut -f 1 | tr '\n' ' ')" = "5 6 7 8 9 10 " ] &&
	ok "one row per game, seeds 5 to 10" || notok "the TSV's seeds"
# the last line agrees with the rows
w=$(tail -n +2 "$tmp/one.tsv" | awk -F '\t' '{ c[$2]++ } END { printf "wins: rome %d carthage %d draws %d of %d", c["rome"], c["carthage"], c["draw"], NR }')
[ "$(tail -n 1 "$tmp/one.out")" = "$w" ] && ok "the wins counted from the rows" || notok "wins: $w"
tail -n +2 "$tmp/one.tsv" | awk -F '\t' 'NF != 6 || $3 < 1 || $3 > 6 || $4 < 0 || $5 < 0 { bad = 1 } END { exit bad }' &&
	ok "each row: a turn of the drill's 6, rout points" || notok "a row out of range"

# the drill's withdrawal levels: rome 22, carthage 28 (11.2)
tail -n +2 "$tmp/one.tsv" | awk -F '\t' '
	($2 == "rome" && $5 >= 28) || ($2 == "carthage" && $4 >= 22) { won++; if ($6 == "-") bad = 1 }
	($2 == "draw" || ($2 == "rome" && $5 < 28) || ($2 == "carthage" && $4 < 22)) && $6 != "-" { bad = 1 }
	END { exit bad || !won }' &&
	ok "a game won by the enemy's withdrawal names its deciding piece, others none" || notok "the decided column"
check "the same study in 3 processes" 0 "$MANIPLE_BIN" --study drill --games 6 --seed 5 $AI --jobs 3 --tsv "$tmp/jobs.tsv"
cmp -s "$tmp/out" "$tmp/one.out" && cmp -s "$tmp/jobs.tsv" "$tmp/one.tsv" &&
	ok "--jobs 3: the same table and rows" || notok "--jobs changed the results"
for k in 1 2 3; do
	"$MANIPLE_BIN" --study drill --games 6 --seed 5 $AI --shard $k/3 --jobs 2 --tsv "$tmp/shard$k.tsv" >"$tmp/shard$k.out" 2>"$tmp/err" || notok "shard $k/3"
done
[ "$(tail -n +2 "$tmp/shard2.tsv" | cut -f 1 | tr '\n' ' ')" = "6 9 " ] &&
	ok "--shard 2/3: games 2 and 5 (seeds 6 and 9)" || notok "shard 2/3 seeds"
check "--study-merge of the three shards" 0 "$MANIPLE_BIN" --study-merge "$tmp/shard3.tsv" "$tmp/shard1.tsv" "$tmp/shard2.tsv"
tail -n +2 "$tmp/out" >"$tmp/merged.body"
tail -n +2 "$tmp/one.out" >"$tmp/one.body"
cmp -s "$tmp/merged.body" "$tmp/one.body" && ok "the merged table is the whole study's" || notok "merge differs"

# known counts: 7 of 10 is 70.0% [39.7%, 89.2%] (Wilson, z 1.96); the
# deciding pieces counted per side, most often first
{
	printf 'seed\twinner\tturns\tRP_rome\tRP_carthage\tdecided\n'
	for s in 1 2 3 4 5 6 7; do printf '%s\trome\t4\t3\t30\tcelts\n' $s; done
	printf '8\tcarthage\t6\t25\t9\thastati1\n9\tdraw\t6\t0\t0\t-\n10\tdraw\t6\t1\t1\t-\n'
} >"$tmp/known.tsv"
check "--study-merge of known rows" 0 "$MANIPLE_BIN" --study-merge "$tmp/known.tsv"
grep -Eq '^rome +7 +70\.0% \[ 39\.7%,  89\.2%\] +4\.7$' "$tmp/out" &&
	grep -Eq '^carthage +1 +10\.0% \[  1\.8%,  40\.4%\] +22\.0$' "$tmp/out" &&
	grep -Eq '^draws +2$' "$tmp/out" && grep -q '^mean turn the game ended: 4.6$' "$tmp/out" &&
	ok "wins with the Wilson interval, mean rout points and turn" || notok "the known table"
grep -Eq '^  celts +carthage +7$' "$tmp/out" && grep -Eq '^  hastati1 +rome +1$' "$tmp/out" &&
	grep -q '^decided by .*8 of 10 games' "$tmp/out" &&
	ok "the deciding pieces, each with its side" || notok "the deciders"

# bad input: a message and status 2
check "an unknown level" 2 "$MANIPLE_BIN" --study drill --games 2 --ai rome=godlike --ai carthage=random
said "it names the level and the levels there are" 'no level godlike \(levels: .*random'
check "an unknown side" 2 "$MANIPLE_BIN" --study drill --games 2 --ai persia=random --ai carthage=random
said "it names the battle's sides" 'drill has no side persia \(its sides: rome, carthage\)'
check "a side without --ai" 2 "$MANIPLE_BIN" --study drill --games 2 --ai rome=random
said "it asks for each side" 'needs --ai SIDE=LEVEL for each side'
check "a battle that does not load" 2 "$MANIPLE_BIN" --study nosuchbattle --games 2 $AI
check "--shard 0/2" 2 "$MANIPLE_BIN" --study drill --games 2 $AI --shard 0/2
check "--shard 3/2" 2 "$MANIPLE_BIN" --study drill --games 2 $AI --shard 3/2
said "it says the shard is out of range" 'shard: 3/2 is out of range'
printf 'seed\twinner\tturns\tRP_rome\tRP_carthage\n1\trome\t3\t0\t9\n2\tpersia\t3\t0\t9\n' >"$tmp/bad.tsv"
check "--study-merge of a malformed row" 2 "$MANIPLE_BIN" --study-merge "$tmp/bad.tsv"
said "it says file:line: reason" "^$tmp/bad.tsv:3: the winner is neither"
printf 'seed winner turns\n' >"$tmp/badhead.tsv"
check "--study-merge of a file without the header" 2 "$MANIPLE_BIN" --study-merge "$tmp/badhead.tsv"
check "--study-merge of the same seed twice" 2 "$MANIPLE_BIN" --study-merge "$tmp/known.tsv" "$tmp/known.tsv"
