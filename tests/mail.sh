#!/bin/sh
# mail.sh — a game of the drill played by mail in honour mode (TAP).
# Two players, each with their own state directory (their own seed
# store): Alice's `maniple mail new` commits to her part of the seed
# without showing it, Bob's `maniple mail accept` adds his share, Alice's
# opening of the game shows her part (the reveal), then each plays in
# turn with `maniple --script` and `load`.  The game verifies
# (maniple --verify, exit 0); with one roll edited it does not (exit 1,
# file:line); a file that is no game exits 2.  Each hand-off is signed
# with `maniple mail sign` and checked with `maniple mail check`
# (ssh-keygen -Y sign / -Y verify; skipped with the reason when
# ssh-keygen is missing).
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
export MANIPLE_DATADIR="$MANIPLE_SRCDIR"
M=$MANIPLE_BIN
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maniple-mail.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/alice" "$tmp/bob"
alice() { XDG_STATE_HOME="$tmp/alice" HOME="$tmp/alice" "$M" "$@"; }
bob() { XDG_STATE_HOME="$tmp/bob" HOME="$tmp/bob" "$M" "$@"; }
G=$tmp/drill-mail.game
n=0
check() { # NAME SHELL-TEST
	n=$((n + 1))
	if eval "$2"; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		for f in "$tmp"/*.out "$tmp"/*.err; do
			[ -s "$f" ] && sed "s|^|# $(basename "$f"): |" "$f" | head -n 8
		done
	fi
}
play() { # WHO COMMAND...: the game loaded, then the commands
	who=$1
	shift
	{
		echo "load $G"
		for c in "$@"; do echo "$c"; done
	} >"$tmp/$who.script"
	$who --script "$tmp/$who.script" >"$tmp/$who.out" 2>"$tmp/$who.err"
}
turn() { # WHO K: K commands, each the one `hint` gives, each a hand-off
	who=$1
	k=$2
	play "$who" hint
	while [ "$k" -gt 0 ]; do
		c=$(sed -n 's/^hint: \(.*\)  (.*/\1/p' "$tmp/$who.out")
		[ -n "$c" ] || return 1
		play "$who" "$c" hint
		grep -q "^refused" "$tmp/$who.out" && return 1
		k=$((k - 1))
	done
	return 0
}
echo "1..14"

alice mail new drill "$G" --seed 42 >"$tmp/new.out" 2>"$tmp/new.err"
check "mail new writes the game, committed to Alice's part of the seed" \
	'grep -q "^dice-mode mail	" "$G" && grep -q "^seed-commit [0-9a-f]\{64\}	" "$G" && ! grep -q "^seed " "$G"'
check "her secret waits in her own seed store, mode 0600" \
	'[ "$(stat -c %a "$tmp"/alice/maniple/seeds/*.seed)" = 600 ]'
check "it says honour mode and what to do next" \
	'grep -q "honour mode" "$tmp/new.out" && grep -q "maniple mail accept" "$tmp/new.out"'

play bob "continue"
check "before Bob's share nobody can play it" \
	'grep -q "waiting_for_the_other_player.s_share" "$tmp/bob.out"'
bob mail accept "$G" --share 00112233445566778899aabbccddeeff >"$tmp/accept.out" 2>"$tmp/accept.err"
check "mail accept adds Bob's share" \
	'grep -q "^mail-share 00112233445566778899aabbccddeeff	" "$G"'
bob mail accept "$G" >"$tmp/again.out" 2>"$tmp/again.err"
st=$?
check "a second share is refused" '[ $st -ne 0 ] && grep -q "accepted already" "$tmp/again.err"'
play bob "continue"
check "Bob cannot open it before Alice shows her part" \
	'grep -q "first_player_opens_the_game_first" "$tmp/bob.out"'

turn alice 4
st=$?
check "Alice's opening shows her part (the reveal) and she plays" \
	'[ $st -eq 0 ] && grep -q "^reveal 42 [0-9a-f]\{32\}	" "$G" && grep -q "^dice [0-9]" "$G"'
check "her stored secret is gone once shown" \
	'[ -z "$(ls "$tmp/alice/maniple/seeds")" ]'
turn bob 4 && turn alice 4
st=$?
check "Bob loads the game from the file alone and plays; then Alice again" \
	'[ $st -eq 0 ] && [ "$(grep -c "^reveal " "$G")" = 1 ]'

"$M" --verify "$G" >"$tmp/verify.out" 2>"$tmp/verify.err"
check "the game by mail verifies" \
	'[ $? -eq 0 ] && grep -q "verifies: the revealed seed matches" "$tmp/verify.out"'

# one roll edited: the first digit of the first dice line
line=$(grep -n "^dice [0-9]" "$G" | head -n 1 | cut -d: -f1)
cp "$G" "$tmp/edited.game"
sed -i "${line}s/^dice \([0-9]\)/dice X\1/; ${line}s/^dice X0/dice 1/; ${line}s/^dice X[1-9]/dice 0/" "$tmp/edited.game"
"$M" --verify "$tmp/edited.game" >"$tmp/edited.out" 2>"$tmp/edited.err"
st=$?
check "one with an edited roll does not verify: exit 1 at its line" \
	'[ $st -eq 1 ] && grep -q "edited.game:$line:" "$tmp/edited.err"'
echo "not a game" >"$tmp/junk.game"
"$M" --verify "$tmp/junk.game" >/dev/null 2>&1
st=$?
check "a file that is no game file: exit 2" '[ $st -eq 2 ]'

if ! command -v ssh-keygen >/dev/null 2>&1; then
	echo "ok 14 # SKIP ssh-keygen is missing (openssh-client): no signatures to make"
	exit 0
fi
ssh-keygen -q -t ed25519 -N '' -C alice -f "$tmp/alice/key" </dev/null
echo "alice $(cat "$tmp/alice/key.pub")" >"$tmp/signers"
alice mail sign "$G" --key "$tmp/alice/key" >"$tmp/sign.out" 2>"$tmp/sign.err"
bob mail check "$G" --signers "$tmp/signers" --from alice >"$tmp/check.out" 2>"$tmp/check.err"
ok1=$?
cp "$G.sig" "$tmp/edited.game.sig"
bob mail check "$tmp/edited.game" --signers "$tmp/signers" --from alice >"$tmp/check2.out" 2>"$tmp/check2.err"
ok2=$?
check "a signed hand-off checks; the edited file does not" \
	'[ $ok1 -eq 0 ] && grep -q "signed by alice; verifies" "$tmp/check.out" && [ $ok2 -eq 1 ] && grep -q "not signed by alice" "$tmp/check2.err"'
