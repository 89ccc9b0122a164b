#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/drill_turn.txt
# (a whole turn of the drill battle in a solo game: every leader activated,
# Individual Orders and Line Commands, momentum and a trump, and a unit
# worn down by movement hits until it routs, 5.1-5.4, 4.2-4.3, 6.13, 7.14,
# 10.14, 10.22, 10.23, 11.2) against tests/golden/drill_turn.out; run twice
# to show that the same seed and commands give the same output.  Refusals
# are not errors: exit status 0.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..14"
golden_run drill_turn 0
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

# 5.12, 5.41: both sides activate every leader in the turn
has '^activated leader=tribune side=0 .*how=lowest phase_no=1 ' \
    '^activated leader=hanno side=1 .*how=trump phase_no=1 rule=5.41$' \
    '^activated leader=mago side=1 .*how=lowest phase_no=1 ' \
    '^activated leader=consul side=0 .*how=lowest phase_no=1 '
ok 4 "all four leaders are activated (5.12, 5.41)"

# 5.22, 4.23: Individual Orders to units and to a leader moving himself
has '^order leader=tribune to=ve1 ' '^order leader=tribune to=tribune .*rule=4.23$' \
    '^order leader=hanno to=li1 ' '^order leader=hanno to=hanno .*rule=4.23$' \
    '^moved leader=tribune from=2416 to=2515 ' '^moved leader=hanno from=2916 to=2816 '
ok 5 "Individual Orders on both sides, leaders moving themselves (5.22, 4.23)"

# 5.23, 4.31, 4.34: a Line Command on each side, its units picked in turn
has '^line_command leader=mago line=cavalry units=2 members=hc1,lc2 .*rule=5.23$' \
    '^line_command leader=consul line=horse units=2 members=rc1,lc1 .*rule=5.23$' \
    '^pick leader=mago unit=hc1 rule=4.31$' '^pick leader=mago unit=mago rule=4.34$' \
    '^moved unit=lc1 from=2420 to=2520 '
ok 6 "a Line Command on each side (5.23, 4.31, 4.34)"

# 5.32, 5.14, 5.44: momentum succeeds twice, fails once, is barred
has '^roll for=momentum leader=tribune initiative=3 die=3 forced=yes result=success rule=5.32$' \
    '^activated leader=tribune .*how=momentum phase_no=3 rule=5.32$' \
    '^roll for=momentum leader=hanno initiative=4 die=8 forced=yes result=failure rule=5.32$' \
    '^momentum_barred leader=tribune why=three_phases rule=5.14$' \
    '^momentum_barred leader=mago why=bypassed rule=5.44$'
ok 7 "momentum: two successes, a failure, a third phase barred (5.32, 5.14, 5.44)"

# 5.41, 5.42, 5.44: a successful trump bypasses, trump offers declined
has '^roll for=trump leader=hanno against=mago initiative=4 die=2 forced=yes result=success rule=5.41$' \
    '^bypassed leader=mago side=1 by=hanno rule=5.44$' \
    '^trump_declined side=0 against=hanno rule=5.42$' \
    '^trump_declined side=1 against=tribune rule=5.42$'
ok 8 "a trump rolled and won, the 5.42 offers declined (5.41, 5.42, 5.44)"

# 7.14, 6.13, 10.14: movement alone drives the velites to their TQ
has '^cohesion_hit unit=ve1 hits=1 total=1 tq=5 cause=rough_facing rule=7.14$' \
    '^cohesion_hit unit=ve1 hits=1 total=3 tq=5 cause=second_move rule=6.13$' \
    '^cohesion_hit unit=ve1 hits=1 total=5 tq=5 cause=second_move rule=6.13$' \
    '^rout_due unit=ve1 hits=5 tq=5 then=10.21 rule=10.14$' \
    '^rout unit=ve1 type=LI hits=5 tq=5 cause=10.14 rule=10.21$'
ok 9 "facing in rough and second moves bring the velites to their TQ: rout (7.14, 6.13, 10.14)"

# 10.22: the rout move, 2 hexes toward the west edge, after Rome's choice
has '^rout_choice unit=ve1 side=0 hexes=2513;2512 rule=10.22$' \
    '^rout_move unit=ve1 from=2613 to=2513 facing=W priority=1 rule=10.22$' \
    '^rout_move unit=ve1 from=2513 to=2413 facing=W priority=1 rule=10.22$' \
    '^hit_markers_removed unit=ve1 rule=10.22$' \
    '^rout_end unit=ve1 hex=2413 facing=W rule=10.22$'
ok 10 "the routed velites move 2 hexes toward their retreat edge (10.22)"

# 10.23, 10.24, 11.1: the Rout Movement segment moves them off the map
has '^rout_movement routed=1 rule=10.23$' \
    '^rout_move unit=ve1 from=2413 to=2313 facing=W priority=1 mp_left=5 rule=10.23$' \
    '^rout_move unit=ve1 from=2013 to=off_map rule=10.23$' \
    '^eliminated unit=ve1 side=0 rp=5 total=5 cause=10.24 rule=11.1$' \
    '^withdrawal side=0 army=rome rout_points=5 level=22 withdraws=no rule=11.2$'
ok 11 "the Rout Movement segment runs the velites off the map (10.23, 10.24, 11.1)"

# 3.0: the rout comes in the Orders Phase, the segment in Rout and Reload,
# then Withdrawal and turn 2
a=$(line '^rout_due unit=ve1 ')
b=$(line '^phase name=rout_reload turn=1 rule=3.0$')
c=$(line '^rout_movement routed=1 ')
d=$(line '^rout_move unit=ve1 .*rule=10.23$')
e=$(line '^phase name=withdrawal turn=1 rule=3.0$')
f=$(line '^turn_start turn=2 ')
[ "$a" -gt 0 ] && [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ] && [ "$c" -lt "$d" ] &&
    [ "$d" -lt "$e" ] && [ "$e" -lt "$f" ]
ok 12 "the turn reaches Rout and Reload, Withdrawal and turn 2 in that order (3.0)"

# every refusal names its rule
has '^refused reason=consul_.*rule=5.12$' \
    '^refused reason=only_rome.*rule=5.41$' \
    '^refused reason=tribune_has_ordered_velites.*rule=4.52$' \
    '^refused reason=tribune_may_not_give_Individual_Orders_to_rc1 rule=4.54$' \
    '^refused reason=a_unit_enters_only_its_Front_hexes.*rule=6.32$' \
    '^refused reason=ve1_has_been_ordered.*rule=5.24$' \
    '^refused reason=not_enough_MP_left_to_enter_that_hex rule=6.25$' \
    '^refused reason=rome_chooses_the_hex_ve1_routs_into.*rule=10.22$' \
    '^refused reason=hanno_trumped_and_must_act.*rule=5.45$' \
    '^refused reason=ve1_is_routed.*rule=10.27$' \
    '^refused reason=consul_has_given_a_Line_Command.*rule=5.21$' &&
    [ "$(grep -c '^refused ' "$out")" -eq 11 ]
ok 13 "eleven refusals, each naming its rule"

# the refusals between the two `show state` commands change nothing: the
# two state texts (digest line to the last rout line) are identical
awk '/^digest /{n++; p=1} p {print > (dir "/state" n)}
     /^rout ask=/{p=0; if (n==2) exit}' dir="$tmp" "$out"
[ -s "$tmp/state1" ] && grep -q '^orders mode=individual mover=ve1$' "$tmp/state1" &&
    cmp -s "$tmp/state1" "$tmp/state2"
ok 14 "four refused commands leave the state text and digest unchanged"
