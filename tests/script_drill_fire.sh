#!/bin/sh
# Golden script test (TAP): maniple --script on tests/scripts/drill_fire.txt
# (turn 1 of the drill battle in a solo game built around missile fire:
# entry, retire and return fire, fire by order and during a move, a unit
# running Missile Low and another reloaded in Rout and Reload, 8.11, 8.15,
# 8.17, 8.18, 8.21-8.23) against tests/golden/drill_fire.out; run twice to
# show that the same seed and commands give the same output.
. "${MANIPLE_SRCDIR:?}/tests/golden_lib.sh"
echo "1..11"
golden_run drill_fire 0
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

# 8.21: the javelinmen enter the slingers' zone (7.23) and draw entry fire
# at range 1, which hits
a=$(line '^zoc_entered unit=li1 hex=2614 by=sl1 rule=7.23$')
b=$(line '^reaction_fire_offer unit=sl1 at=li1 fire=entry weapons=main rule=8.21$')
c=$(line '^missile_fire firer=sl1 weapon=main class=S kind=entry at=2614 target=li1 range=1 strength=3 drm=\+0 needs=3 rule=8.15$')
has '^roll for=missile_fire unit=sl1 die=2 forced=yes rule=8.15$' \
    '^cohesion_hit unit=li1 hits=1 total=1 tq=5 cause=missile_fire rule=8.15$' &&
    [ "$a" -gt 0 ] && [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ]
ok 4 "entry reaction fire at a unit entering the slingers' zone (8.21, 7.23)"

# 5.22 #2, 8.11: an Individual Order to fire without moving
has '^order leader=consul to=sl1 orders=1 left=3 rule=5.22$' \
    '^missile_fire firer=sl1 weapon=main class=S kind=offensive at=2614 target=li1 range=1 .*needs=3 rule=8.15$' \
    '^missile_result firer=sl1 target=li1 die=6 .*result=miss hits=0 rule=8.15$' \
    '^move_end unit=sl1 at=2514 spent=0 hexes=0 ' &&
    ! grep -Eq '^moved unit=sl1 ' "$out"
ok 5 "the slingers fire by order and do not move (5.22 #2, 8.11)"

# 8.23, 8.17: return fire by the javelinmen; their natural 7 makes them
# Missile Low
a=$(line '^reaction_fire_offer unit=li1 at=sl1 fire=return weapons=main rule=8.23$')
b=$(line '^missile_fire firer=li1 weapon=main class=J kind=return at=2514 target=sl1 range=1 strength=5 drm=\+2 needs=3 rule=8.15$')
c=$(line '^roll for=missile_fire unit=li1 die=7 forced=yes rule=8.15$')
d=$(line '^missile_supply unit=li1 weapon=main was=full now=low why=unmodified_7_8_9 rule=8.17$')
has '^unit id=li1 .*hex=2614 .*supply=low ' &&
    [ "$a" -gt 0 ] && [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ] && [ "$c" -lt "$d" ]
ok 6 "return fire; a natural 7 leaves the javelinmen Missile Low (8.23, 8.17)"

# 8.22: the javelinmen leave the slingers' zone: retire fire, at range 2
a=$(line '^moved unit=li1 from=2614 to=2613 ')
b=$(line '^reaction_fire_offer unit=sl1 at=li1 fire=retire weapons=main range=2 rule=8.22$')
c=$(line '^missile_fire firer=sl1 weapon=main class=S kind=retire at=2613 target=li1 range=2 strength=2 drm=\+0 needs=2 rule=8.15$')
d=$(line '^moved unit=li1 from=2613 to=2612 ')
has '^missile_result firer=sl1 target=li1 die=5 .*result=miss hits=0 rule=8.15$' &&
    [ "$a" -gt 0 ] && [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ] && [ "$c" -lt "$d" ]
ok 7 "retire reaction fire at range 2 as the javelinmen leave (8.22)"

# 8.11, 8.15: the archers fire in the middle of their move, right after a
# hex that brought them closer, with the moved and skirmisher modifiers
a=$(line '^moved unit=ar1 from=2814 to=2714 ')
b=$(line '^missile_fire firer=ar1 weapon=main class=A kind=offensive at=2514 target=sl1 range=2 strength=3 drm=\+3 needs=0 rule=8.15$')
c=$(line '^move_end unit=ar1 at=2714 ')
has '^missile_modifier firer=ar1 name=target_skirmisher drm=\+2 rule=8.15#4$' \
    '^missile_modifier firer=ar1 name=firer_moved drm=\+1 rule=8.15#5$' \
    '^missile_result firer=ar1 target=sl1 .*result=hit hits=1 rule=8.15$' \
    '^cohesion_hit unit=sl1 hits=1 total=1 tq=5 cause=missile_fire rule=8.15$' &&
    [ "$a" -gt 0 ] && [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ]
ok 8 "the archers fire during their move and hit (8.11, 8.15)"

# 8.23, 8.17: the slingers return fire; their natural 9 makes them
# Missile Low
has '^reaction_fire_offer unit=sl1 at=ar1 fire=return weapons=main rule=8.23$' \
    '^missile_fire firer=sl1 weapon=main class=S kind=return at=2714 target=ar1 range=2 ' \
    '^roll for=missile_fire unit=sl1 die=9 forced=yes rule=8.15$' \
    '^missile_supply unit=sl1 weapon=main was=full now=low why=unmodified_9 rule=8.17$'
ok 9 "the slingers return fire; a natural 9 leaves them Missile Low (8.23, 8.17)"

# 8.18: in Rout and Reload the javelinmen reload; the slingers, in the
# archers' range and line of sight, do not
a=$(line '^phase name=rout_reload turn=1 rule=3.0$')
b=$(line '^reload unit=li1 weapon=main was=low rule=8.18$')
c=$(line '^phase name=withdrawal turn=1 rule=3.0$')
has '^no_reload unit=sl1 weapon=main was=low why=in_enemy_missile_range_and_los rule=8.18$' \
    '^unit id=li1 .*hex=2612 .*supply=full ' '^unit id=sl1 .*supply=low ' &&
    [ "$a" -gt 0 ] && [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ]
ok 10 "Rout and Reload resupplies the javelinmen, not the slingers (8.18)"

# the drill runs without a refusal, all its dice forced, into turn 2
! grep -q '^refused ' "$out" &&
    ! grep -E '^roll for=' "$out" | grep -vq 'forced=yes' &&
    has '^turn_start turn=2 '
ok 11 "no refusals, every die forced, the game reaches turn 2"
