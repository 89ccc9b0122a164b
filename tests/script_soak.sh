#!/bin/sh
# The random-play soak (autoplay --soak, src/soak.c), in small (TAP): a
# few drill battles played whole, both sides choosing at random among the
# legal actions, with every invariant checked after every command and the
# game file reloaded at every turn's end; and the first 200 commands of
# Bagradas Plains.  The drill seeds are those whose games found the
# engine bugs fixed with the soak: 6.77 Column in a stack (seed 1); 8.33
# an H&D target routed away (6); 6.69 a stranded withdrawal's listed
# facing (17); 6.75 H&D In Column (35); 7.32 orders listed while ending
# the move raised a decision (49); `order U hd T` listed while the order
# raised a withdrawal (57); `react fire` listed for a routed unit (190).
# 6.11 `halt` accepted but unlisted when ending the move raised a
# decision (340, 1547); 7.15 `react face` listed after the trigger moved
# away (978).  7.23, 6.69: a phalanx's wheel into a friend's hex, its
# kept half in an enemy ZOC, is refused (it stranded the phalanx: 11366).
# The mixed policy (each decision greedy or random by chance) fights the
# drill to an army's withdrawal (11.2), which random play never reaches;
# its seeds 3 (both armies withdraw) and 4 (one does) are played whole.
# Their games may take other paths as the engine changes, and still must
# hold.  tools/soak runs hundreds.
: "${MANIPLE_SRCDIR:?}" "${AUTOPLAY_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
echo "1..17"
soak() {
	name=$1
	shift
	n=$((n + 1))
	TMPDIR=$tmp MANIPLE_DATADIR= "$AUTOPLAY_BIN" --soak "$@" \
		>"$tmp/script" 2>"$tmp/err"
	rc=$?
	msgs=$(grep -v '^autoplay: battle=' "$tmp/err")
	if [ "$rc" -eq 0 ] && [ -z "$msgs" ] &&
	   grep -q ' invariant_failures=0 .* reload_failures=0 ' "$tmp/err" &&
	   grep -q -- "${want:- over=}" "$tmp/err"
	then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name (status $rc)"
		sed 's/^/# /' "$tmp/err" | head -5
	fi
}
soak "drill seed 1: invariants hold, reloads match" drill 1
soak "drill seed 6: invariants hold, reloads match" drill 6
soak "drill seed 17: invariants hold, reloads match" drill 17
soak "drill seed 35: invariants hold, reloads match" drill 35
soak "drill seed 49: invariants hold, reloads match" drill 49
soak "drill seed 57: invariants hold, reloads match" drill 57
soak "drill seed 190: invariants hold, reloads match" drill 190
soak "drill seed 340: 6.11 halt listed when accepted" drill 340
soak "drill seed 1547: 6.11 halt listed when accepted" drill 1547
soak "drill seed 978: 7.15 no react face listed once not adjacent" drill 978
soak "drill seed 11366: 6.69 no wheel that strands a phalanx" drill 11366
soak "drill seed 2, reloaded once at the end" --reload-every 0 drill 2
soak "bagradas seed 1, 200 commands" --max 200 bagradas 1
want=" why=both_withdraw .* withdrew=yes "
soak "drill seed 3, mixed policy: both armies withdraw (11.2)" \
	--policy mixed drill 3
want=" why=withdrawal .* withdrew=yes "
soak "drill seed 4, mixed policy: an army withdraws (11.2)" \
	--policy mixed drill 4
want=" over=yes "
soak "gba_drill seed 1: the GBA rules play to the end" gba_drill 1
want=" why=withdrawal .* withdrew=yes "
soak "gba_drill seed 1, mixed policy: an army withdraws (GBA 10.4)" \
	--policy mixed gba_drill 1
