#!/bin/sh
# Playing against the computer (TAP): --ai in --script, the game file's
# header saying who plays, each computer command after a note with its
# plan, `why` telling that plan (after a resume from the file too), undo
# noted against the computer, --no-undo refusing undo and branch, `hint`
# in a script, and every bad --ai a message and status 2.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
MANIPLE_DATADIR=$MANIPLE_SRCDIR
export MANIPLE_DATADIR
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME
. "$MANIPLE_SRCDIR/tests/tap_lib.sh"
shows() { # description, pattern (grep -E) standard output must hold
	if grep -Eq -- "$2" "$tmp/out"; then ok "$1"; else notok "$1: no '$2'"; fi
}
script() { printf '%s\n' "$@" >"$tmp/script"; }
# every command of a game file (the lines after its 9 header lines that
# are not notes or digests) comes right after a plan note naming it
planned() {
	tail -n +10 "$1" | cut -f 1 | awk '
		/^note plan / { q = index($0, "\""); rest = substr($0, q + 1)
			line = substr(rest, 1, index(rest, "\": ") - 1); next }
		/^note / || /^digest / { next }
		{ if ($0 != line) bad = 1; line = ""; cmds++ }
		END { exit bad || !cmds }'
}
echo "1..31"

# the computer on both sides plays the drill to its end
script "new drill solo 7" "why" "branch $tmp/both.game"
check "the drill played by the computer on both sides" 0 \
	"$MANIPLE_BIN" --script "$tmp/script" --ai rome=greedy --ai 2=fast
shows "the game ends" '^game_over '
shows "each computer command is shown after its plan" '^# plan carthage: .'
shows "why after the computer's last command tells its plan" "^The computer's plan for (Rome|Carthage) \((greedy|fast)\): "
grep -q "$(printf '^player 0 computer 2\t')" "$tmp/both.game" &&
	grep -q "$(printf '^player 1 computer 3\t')" "$tmp/both.game" &&
	ok "the header says who plays: greedy (2) and fast (3)" || notok "the header's players"
planned "$tmp/both.game" && ok "every command in the file comes after the plan that names it" ||
	notok "a command without its plan"

# resumed from its file: why still tells the plan; an undo is noted
script "load $tmp/both.game" "why"
check "the game loaded again" 0 "$MANIPLE_BIN" --script "$tmp/script"
shows "why after a resume tells the plan from the file" "^The computer's plan for (Rome|Carthage) \((greedy|fast)\): "

# a person (Rome) against the computer (Carthage): the computer answers
# only Carthage's decisions; the person's undo is noted in the file
script "new drill solo 7" "continue" "hint" "branch $tmp/duel.game"
check "a person against the computer" 0 "$MANIPLE_BIN" --script "$tmp/script" --ai carthage=greedy
shows "the computer plays Carthage" '^# computer carthage: '
if grep -q '^# computer rome' "$tmp/out"; then notok "the computer played the person's side"; else ok "never Rome's side"; fi
shows "hint in a script: what normal would play, and why" '^hint: [a-z].*  \(normal: '
grep -q "$(printf '^player 0 person\t')" "$tmp/duel.game" &&
	grep -q "$(printf '^player 1 computer 2\t')" "$tmp/duel.game" &&
	ok "the header: a person, and the computer at greedy" || notok "the duel's header"
script "load $tmp/duel.game" "undo" "undo"
check "undo against the computer" 0 "$MANIPLE_BIN" --script "$tmp/script"
# the last undo's note holds the count: the first's went with the
# command the second took back
[ "$(cut -f 1 "$tmp/duel.game" | tail -n 1)" = "note undo 2: 1 command taken back, the dice to come seen" ] &&
	ok "each undo noted in the file with the count so far" || notok "the undo notes"
cut -f 1 "$tmp/both.game" | grep -q '^note undo' && notok "an undo noted in a game without one" ||
	ok "a game without undo has no undo note"

# --no-undo: a fair game; undo and branch refused, and still after a resume
script "new drill solo 7" "continue" "undo" "branch $tmp/fork.game" "save $tmp/fair.game"
check "--no-undo" 0 "$MANIPLE_BIN" --script "$tmp/script" --ai carthage=greedy --no-undo
shows "undo refused with the reason" '^refused .*fair_game_\(--no-undo\):_no_undo_and_no_branch'
[ ! -e "$tmp/fork.game" ] && [ "$(grep -c '^refused .*fair_game' "$tmp/out")" -eq 2 ] &&
	ok "branch refused too" || notok "branch in a fair game"
script "load $tmp/fair.game" "undo"
check "a fair game resumed" 0 "$MANIPLE_BIN" --script "$tmp/script"
shows "stays fair" '^refused .*fair_game'

# bad input
check "an unknown level" 2 "$MANIPLE_BIN" --script "$tmp/script" --ai rome=wizard
said "names the levels" 'no level wizard \(levels: random, greedy, fast, normal, strong'
script "new drill solo 7"
check "a side the battle lacks" 2 "$MANIPLE_BIN" --script "$tmp/script" --ai gaul=fast
said "names the battle's sides" 'drill has no side gaul \(its sides: rome, carthage\)'
check "the same side twice" 2 "$MANIPLE_BIN" --script "$tmp/script" --ai rome --ai 1=fast
check "three --ai" 2 "$MANIPLE_BIN" --script "$tmp/script" --ai rome --ai carthage --ai rome
# the same on the map view, before any terminal is touched
check "the view: a side the battle lacks" 2 "$MANIPLE_BIN" --new --ai gaul drill
said "the view names the battle's sides" 'drill has no side gaul \(its sides: rome, carthage\)'
check "the view: --ai with --hotseat" 2 "$MANIPLE_BIN" --new --ai rome --hotseat drill
check "the view: a bad --pace" 2 "$MANIPLE_BIN" --new --ai rome --pace soon drill
