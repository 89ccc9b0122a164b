#!/bin/sh
# Full battles played by the in-process player (TAP): for the drill,
# Bagradas Plains and Cannae, `autoplay` (src/autoplay.c, greedy policy)
# plays a seeded solo game from the first activation to its end.  For
# each battle:
#   - the player ends with status 0 and an army withdraws (11.2), not the
#     turn limit (R4) ending the game;
#   - a second run on the same seed gives the same script and the same
#     event log;
#   - every action the `legal` list offered was accepted, and every
#     refused command (the player's probes) left the state as it was;
#   - the script, replayed by `maniple --script`, is accepted line by line
#     and prints exactly the player's event log: the same end, the same
#     events.
# In a sanitizer build (MANIPLE_SANITIZE set by meson) Cannae is played
# for its first 300 commands only (a full game there takes minutes): the
# same checks but the withdrawal.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}" "${AUTOPLAY_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

san=no
case "${MANIPLE_SANITIZE:-none}" in
none | "") ;;
*) san=yes ;;
esac

echo "1..18"
# battle seed [max]
full() {
	b=$1
	seed=$2
	max=${3:-}
	set -- --log "$tmp/$b.log1"
	[ -n "$max" ] && set -- "$@" --max "$max"
	MANIPLE_DATADIR= "$AUTOPLAY_BIN" "$@" "$b" "$seed" \
		>"$tmp/$b.txt1" 2>"$tmp/$b.err1"
	rc=$?
	set -- --log "$tmp/$b.log2"
	[ -n "$max" ] && set -- "$@" --max "$max"
	MANIPLE_DATADIR= "$AUTOPLAY_BIN" "$@" "$b" "$seed" \
		>"$tmp/$b.txt2" 2>"$tmp/$b.err2"
	sed 's/^/# /' "$tmp/$b.err1"
	summary=$(tail -n 1 "$tmp/$b.err1")
	# 11.2: the battle ends by an army's withdrawal
	if [ -n "$max" ]; then
		if [ "$rc" -eq 0 ]; then
			ok "$b: $max commands played"
		else
			notok "$b: the player stopped with status $rc"
		fi
		skip "$b: an army withdraws (11.2)" "first $max commands only"
	else
		if [ "$rc" -eq 0 ]; then
			ok "$b: the player plays the game to its end"
		else
			notok "$b: the player stopped with status $rc"
		fi
		case "$summary" in
		*" over=yes "*" withdrew=yes "*)
			ok "$b: an army withdraws (11.2)" ;;
		*)
			notok "$b: no army withdrew (turn limit, R4?)" ;;
		esac
	fi
	# the same seed: the same script and the same events
	if cmp -s "$tmp/$b.txt1" "$tmp/$b.txt2" &&
	   cmp -s "$tmp/$b.log1" "$tmp/$b.log2"; then
		ok "$b: a second run gives the same script and event log"
	else
		notok "$b: a second run differs"
	fi
	# the legal list and the refusals
	case "$summary" in
	*" legal_refused=0 "*" state_changed=0 "*)
		ok "$b: legal actions accepted, refusals change nothing" ;;
	*)
		notok "$b: a legal action was refused or a refusal changed the state" ;;
	esac
	# the replay through maniple --script
	MANIPLE_DATADIR= "$MANIPLE_BIN" --script "$tmp/$b.txt1" \
		>"$tmp/$b.replay" 2>"$tmp/$b.rerr"
	rrc=$?
	if [ "$rrc" -eq 0 ] && ! grep -q '^refused \|^malformed ' "$tmp/$b.replay"
	then
		ok "$b: maniple --script accepts every line of the script"
	else
		notok "$b: the replay refused a line (status $rrc)"
		grep '^refused \|^malformed ' "$tmp/$b.replay" | head -3 |
			sed 's/^/# /'
	fi
	if diff "$tmp/$b.log1" "$tmp/$b.replay" >"$tmp/$b.diff"; then
		ok "$b: the replay prints the player's event log ($(wc -l <"$tmp/$b.replay") events)"
	else
		notok "$b: the replay's events differ from the player's"
		head -20 "$tmp/$b.diff" | sed 's/^/# /'
	fi
}

full drill 11
full bagradas 1
if [ "$san" = yes ]; then
	full cannae 1 300
else
	full cannae 1
fi
