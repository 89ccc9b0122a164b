#!/bin/sh
# Issue 21 #3-#6 (TAP): `new` with a game file open keeps the old game
# under a dated name as --new does; save and branch never replace a file
# unless told (save!, --force), never write a device, and a lesson may
# not run them; a changed line of a format 2 file (the seed, a command of
# the unfinished turn, a note) is found at load and replay with its line;
# a symbolic link to a game file is written through, never replaced.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
script() { # the script's lines on standard input, run in $tmp
	( cd "$tmp" && "$MANIPLE_BIN" --script - ) >"$tmp/out" 2>"$tmp/err"
}
says() { tr _ ' ' <"$tmp/out" | grep -q -- "$2" && ok "$1" || notok "$1: no \"$2\""; }
export MANIPLE_DATADIR="$MANIPLE_SRCDIR"
echo "1..25"

# 3: `new` keeps the old game, as --new does
printf 'new drill solo 5\nbranch drill.game\nroll 3\nnew drill solo 6\n' | script
kept=$(ls "$tmp"/drill-*.game 2>/dev/null | head -n 1)
[ -n "$kept" ] && grep -q "^roll 3" "$kept" && ok "new: the old drill game is kept under a dated name" || notok "new threw the old game away"
grep -q "^seed 6" "$tmp/drill.game" && ok "new: drill.game holds the new game" || notok "drill.game not the new game"
says "new names where the old game went" "kept=$kept"
printf 'load drill.game\nroll 4\nnew zama\n' | script
grep -q "^battle drill" "$tmp/drill.game" && grep -q "^roll 4" "$tmp/drill.game" &&
	ok "new zama leaves drill.game alone" || notok "new zama wrote into drill.game"
grep -q "^battle zama" "$tmp/zama.game" && ok "new zama writes zama.game beside it" || notok "no zama.game"

# 4: save and branch never replace a file unless told
printf 'keep me\n' >"$tmp/other.txt"
printf 'new drill\nsave other.txt\nbranch other.txt\n' | script
[ "$(cat "$tmp/other.txt")" = "keep me" ] && ok "save and branch leave an existing file alone" || notok "other.txt replaced"
says "save says the file exists" "other.txt: the file exists (save! or --force replaces it)"
printf 'new drill\nsave! other.txt\n' | script
grep -q "^maniple-game 2" "$tmp/other.txt" && ok "save! replaces it" || notok "save! did not replace"
printf 'keep me\n' >"$tmp/other.txt"
printf 'new drill\nbranch other.txt --force\n' | script
grep -q "^maniple-game 2" "$tmp/other.txt" && ok "branch --force replaces it" || notok "branch --force did not replace"
mkfifo "$tmp/fifo"
printf 'new drill\nsave! fifo\nbranch --force /dev/null\n' | script
[ -p "$tmp/fifo" ] && [ -c /dev/null ] && ok "save! and branch --force never replace a FIFO or a device" || notok "a device replaced"
says "a device is refused with a reason" "/dev/null: a character device, never replaced by a game file"
cp "$MANIPLE_SRCDIR/scenarios/tutorial/drill.ini" "$tmp/lesson.ini"
sed -i '0,/^auto = /s//auto = save x.game\nauto = /' "$tmp/lesson.ini"
if grep -q "^auto = save x.game" "$tmp/lesson.ini"; then
	"$MANIPLE_BIN" --check "$tmp/lesson.ini" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] && grep -q "auto: save x.game: a lesson may not run save" "$tmp/err" &&
		ok "a lesson file may not run save" || notok "a lesson runs save (status $rc)"
else
	notok "the lesson has no auto line to change"
fi

# 5: tamper evidence in format 2
printf 'new drill solo 7\nbranch t.game\nroll 3\nroll 5\n' | script
head -n 1 "$tmp/t.game" | grep -q "^maniple-game 2	[0-9a-f]\{16\}$" && ok "a new game is written in format 2 with chain links" || notok "not format 2"
sed 's/^seed 7	/seed 8	/' "$tmp/t.game" >"$tmp/seed.game"
printf 'load seed.game\n' | script
says "a changed seed in turn 1 is found at its line" "seed.game:5: the hash chain breaks here"
sed 's/^roll 5	/roll 6	/' "$tmp/t.game" >"$tmp/cmd.game"
printf 'load cmd.game\n' | script
says "a changed command of the unfinished turn is found at its line" "cmd.game:11: the hash chain breaks here"
"$MANIPLE_BIN" --replay "$tmp/cmd.game" >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
[ $rc = 2 ] && grep -q "cmd.game:11: the hash chain breaks here" "$tmp/err" && ok "--replay names it too" || notok "--replay (status $rc)"
awk -F '\t' 'NR == 11 { $0 = "roll 6" FS $2 } { print }' "$tmp/t.game" >"$tmp/relink.game"
printf 'load relink.game\n' | script
says "a line changed with its old link kept is found" "relink.game:11: the hash chain breaks here"
sed 's/^player 1 person	/player 1 computer 3	/' "$tmp/t.game" >"$tmp/player.game"
printf 'load player.game\n' | script
says "the player field is chained too" "player.game:9: the hash chain breaks here"
printf 'load t.game\nsave! u.game\n' | script
cmp -s "$tmp/t.game" "$tmp/u.game" && ok "load and save give the same file" || notok "round trip differs"
printf 'new drill\nbranch v1.game\n' | script
printf 'maniple-game 1\nruleset spqr\nbattle drill\nkind solo\nseed 3\nprng pcg32 54\nroll 1\n' >"$tmp/v1.game"
printf 'load v1.game\nroll 2\n' | script
says "a format 1 file still loads" "loaded file=v1.game battle=drill"
[ "$(tail -n 1 "$tmp/v1.game")" = "roll 2" ] && ok "and play goes on in format 1" || notok "format 1 file changed format"

# 6: a symbolic link to the game file is written through
mkdir "$tmp/real"
printf 'new drill solo 9\nbranch real/g.game\n' | script
ln -s real/g.game "$tmp/link.game"
printf 'load link.game\nroll 3\nroll 4\nundo\nroll 5\n' | script
[ -L "$tmp/link.game" ] && ok "undo leaves the link a link" || notok "undo replaced the link"
grep -q "^roll 5" "$tmp/real/g.game" && grep -q "^roll 3" "$tmp/real/g.game" && ! grep -q "^roll 4" "$tmp/real/g.game" &&
	ok "appends and the undo rewrite both went to the target" || notok "the game split"
printf 'load link.game\n' | script
says "the linked game loads whole" "loaded file=link.game battle=drill kind=solo turn=1 lines=2"
ln -s nowhere.game "$tmp/dangling.game"
printf 'new drill\nsave dangling.game\n' | script
says "a link to nothing is refused with a reason" "dangling.game: a symbolic link to nothing"
