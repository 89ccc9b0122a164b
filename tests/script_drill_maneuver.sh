#!/bin/sh
# Golden script test (TAP): maniple --script on
# tests/scripts/drill_maneuver.txt (turn 1 of the drill battle in a solo
# game, built around maneuver: a Roman stack, the phalanx's forward steps,
# pivot and 5th MP, an Orderly Withdrawal taken, velites passing through
# a stack, a reaction facing change, Shock Must Check markers, a leader's
# withdrawal and a Column march; 6.13, 6.4, 6.5, 6.6, 6.7, 7.15, 7.3,
# 4.72) against tests/golden/drill_maneuver.out; run twice to show that
# the same seed and commands give the same output.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..13"
golden_run drill_maneuver 0
out="$tmp/out1"

# has PATTERN...: every extended regular expression matches a line of out
has() {
	for re in "$@"; do
		grep -Eq -- "$re" "$out" || return 1
	done
	return 0
}

# line PATTERN: the number of the first line matching it (0 if none)
line() {
	n=$(grep -En -- "$1" "$out" | head -n 1 | cut -d: -f1)
	echo "${n:-0}"
}

# ok N TEXT: report check N from the status of the last command
ok() {
	if [ "$?" -eq 0 ]; then
		echo "ok $1 - $2"
	else
		echo "not ok $1 - $2"
	fi
}

# 6.63, 6.69, 9.61: principes stop in their own legion's hastati's hex
has '^stacking unit=pr1 hex=2415 with=ha1 as=roman_line column=same_colour_roman mover_hits=0 stationary_hits=0 may_stop=yes rule=6.69$' \
    '^unit id=ha1 side=0 type=LG hex=2415 ' '^unit id=pr1 side=0 type=LG hex=2415 '
ok 4 "the principes stack with the hastati of their legion (6.63, 6.69, 9.61)"

# 6.41-6.43: two forward steps, a pivot with its hit, then the 5th MP and
# the TQ check it costs on the phalanx's first move of the turn
has '^moved unit=ph1 from=2915,2916 to=2815,2816 maneuver=forward .*rule=6.42$' \
    '^moved unit=ph1 from=2815,2816 to=2715,2716 maneuver=forward .*rule=6.42$' \
    '^moved unit=ph1 from=2715,2716 to=2616,2716 maneuver=pivot .*spent=3 .*rule=6.43$' \
    '^facing_changed unit=ph1 from=W to=SW vertices=1 mp=0 rule=6.43$' \
    '^cohesion_hit unit=ph1 hits=1 total=1 tq=7 cause=front_to_flank rule=6.43$' \
    '^moved unit=ph1 from=2617,2717 to=2517,2618 maneuver=forward .*spent=5 left=0 rule=6.42$' \
    '^roll for=tq_check unit=ph1 die=8 forced=yes drm=0 why=fifth_mp rule=6.41$' \
    '^cohesion_hit unit=ph1 hits=1 total=2 tq=7 cause=fifth_mp rule=6.41$'
ok 5 "the phalanx steps forward, pivots and uses its 5th MP with 6.41's check"

# 6.51, 6.52: the velites' offer (MA 6 - 5 = 1 MP) taken, no penalty hit
# for velites approached from the front; offered again later, declined
has '^withdrawal_offered unit=ve1 by=ph1 distance=2 mp=1 approach=front rule=6.51$' \
    '^withdrawal_begun unit=ve1 from=ph1 mp=1 approach=front approach_hit=no rule=6.52$' \
    '^withdrew unit=ve1 from=2516 to=2416 terrain=clear mp=1 used=1 left=0 facing=E rule=6.51$' \
    '^withdrawal_done unit=ve1 at=2416 mp=1 hits=0 routed=no taken=yes rule=6.52$' \
    '^reaction_declined kind=withdraw unit=ve1 side=rome rule=6.5$' \
    '^withdrawal_offered unit=sl1 by=ph1 distance=2 hexes=2 approach=front rule=6.51,9.21$'
ok 6 "an Orderly Withdrawal offered and taken by the velites (6.51, 6.52, 9.21)"

# 6.63, TABLES.md 8: velites pass their own legion's stack free, no stop
has '^stacking unit=ve1 hex=2415 with=ha1,pr1 as=velites column=same_colour_roman mover_hits=0 stationary_hits=0 may_stop=no rule=6.63$' \
    '^moved unit=ve1 from=2415 to=2414 ' \
    '^move_end unit=ve1 at=2414 spent=3 hexes=2 vertices=1 hits=0 rule=6.11$' &&
    ! grep -Eq '^cohesion_hit unit=(ve1|ha1|pr1) ' "$out"
ok 7 "the velites pass through the Roman stack at no cost in hits (6.63)"

# 7.15: a reaction facing change, its roll, and at least 1 hit
has '^reaction_offer kind=face unit=pr2 side=0 by=ph1 rule=7.15$' \
    '^reaction_facing unit=pr2 from=E to=NE by=ph1 rule=7.15$' \
    '^roll for=reaction_check unit=pr2 die=3 forced=yes drm=\+0 rule=7.15$' \
    '^reaction_check unit=pr2 by=ph1 mover_ma=5 ma=5 dr=3 tq=7 hits=1 rule=7.15$' \
    '^cohesion_hit unit=pr2 hits=1 total=1 tq=7 cause=reaction_facing rule=7.15$' \
    '^reaction_declined kind=face unit=ha2 side=rome rule=7.15$'
ok 8 "a reaction facing change with its check: 1 hit at least (7.15)"

# 7.31, 7.32: the phalanx's marker goes on by itself the instant it
# arrives, before any reaction is offered
a=$(line '^zoc_entered unit=ph1 hex=2517,2618 by=ha2,pr2 rule=7.23$')
b=$(line '^shock_must_check unit=ph1 how=must rule=7.32$')
c=$(line '^reaction_offer kind=face unit=ha2 side=0 by=ph1 rule=7.15$')
[ "$a" -gt 0 ] && [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ] &&
    has '^unit id=ph1 side=1 type=PH hex=2517,2618 facing=SW hits=2 .*markers=.*shock_must'
ok 9 "a must-shock phalanx takes its Shock Must Check marker at once (7.31, 7.32)"

# 7.31, 7.32, 8.4: light troops' markers are their owner's choice, made
# as the move ends; the Shock segment removes the markers
has '^reaction_offer kind=shock_mark unit=lc2 side=1 by=lc2 rule=7.32$' \
    '^shock_must_check unit=lc2 how=chosen rule=7.32$' \
    '^reaction_offer kind=shock_mark unit=li1 side=1 by=li1 rule=7.32$' \
    '^shock_declined unit=li1 rule=7.31$' \
    '^shock_markers_removed count=2 rule=8.4$' &&
    ! grep -Eq '^shock_must_check unit=li1 ' "$out" &&
    [ "$(line '^move_end unit=lc2 ')" -lt "$(line '^shock_must_check unit=lc2 ')" ]
ok 10 "a may-shock unit's marker taken once and declined once (7.31, 7.32)"

# 6.71-6.74, 6.13: into Column, a march In Column across the stream with
# no hit, out of Column, and the second move's hit
has '^formation_changed unit=hi2 to=column front=2918 facing=WSW mp=1 spent=1 left=4 rule=6.71,6.73$' \
    '^unit id=hi2 side=1 type=HI hex=2918 facing=WSW .*markers=column' \
    '^moved unit=hi2 from=2918 to=2818 ' '^moved unit=hi2 from=2818 to=2718 ' \
    '^moved unit=hi2 from=2718 to=2619 ' \
    '^formation_changed unit=hi2 to=normal front=2619 facing=W mp=1 spent=4 left=2 rule=6.71,6.73$' \
    '^cohesion_hit unit=hi2 hits=1 total=1 tq=6 cause=second_move rule=6.13$' &&
    [ "$(grep -c '^cohesion_hit unit=hi2 ' "$out")" -eq 1 ]
ok 11 "the spearmen form Column, march In Column and form up again (6.71-6.74)"

# 4.72: a lone leader next to an enemy withdraws rather than be lost
has '^leader_withdrawal_offered leader=tribune by=li1 hexes=3 alone=yes rule=4.72$' \
    '^leader_withdrew leader=tribune from=2416 to=2316 hexes=1 rule=4.72$' &&
    ! grep -Eq '^eliminated ' "$out"
ok 12 "the Tribune withdraws from the javelinmen (4.72)"

# 3.0: no command is refused and the turn runs on into turn 2
[ "$(grep -c '^refused ' "$out")" -eq 0 ] &&
    has '^turn_end turn=1 rule=3.0$' '^turn_start turn=2 ' \
        '^sequence turn=2 turn_limit=6 phase=activation step=activate side=0 '
ok 13 "every command is accepted and the game reaches turn 2 (3.0)"
