#!/bin/sh
# Alexander's battles under the GBA rules (TAP): each historical GBA
# battle passes `maniple --check` (map and scenario), is named by --list
# with its ruleset, opens, and plays a scripted first Orders Phase for
# each side up to `orders done` (GBA 5.2), with the battle's own rules
# checked where the engine plays them; then it is played whole by
# `autoplay --soak` (every invariant after every command, the game file
# reloaded), by random and by mixed play.
#   Chaeronea: the tie of Initiative goes to the allies (GBA 5.12), a
#   Greek leader's Line Command to the Athenian line (GBA 4.3, 5.21) and
#   to no other, his Individual Orders to any unit (GBA 4.37), no
#   Line Command for a Macedonian leader (GBA 4.3), the walls of
#   Chaeronea closed to every unit (GBA 6.26), the dry bed of the Haemon
#   a stream: a hit for a hoplite crossing it, none for a skirmisher
#   (GBA 6.21, 6.22); the hoplites of both sides double-sized (GBA
#   6.41), the allied ones bound by the Law of Inertia (GBA 6.14) but
#   the Greek mercenaries, and drifting right when they move again in a
#   turn (GBA 6.5).
#   The Granicus: Alexander's 70 Rout Points (GBA 10.42), a Persian
#   cavalry Line Command (GBA 4.33), the river's cost going down the east
#   bank into it (GBA 6.21, 6.22), out of it over the Steep Bank and up
#   the level of the east bank, the cost and the hits of each (GBA 6.29's
#   chart), the tie of
#   Initiative to Persia (GBA 5.12), Individual Orders alone for the
#   Macedonians (GBA 4.3); the Greek mercenaries double-sized hoplites
#   (GBA 6.41).
#   The Hydaspes: the tie of Initiative to India (GBA 5.12), an Indian
#   chariot Line Command (GBA 4.33), a chariot's turn paid in hits as it
#   moves on (GBA 7.15) and the mud closed to chariots and elephants
#   (GBA 6.29, 9.21), Individual Orders alone for the Macedonians (GBA
#   4.3); a chariot in a friend's hex it may not stop in may not turn a
#   second vertex, which would make that hex its last (GBA 7.15).
#   Gaugamela: the lowest Initiative first (GBA 5.12), a Persian infantry
#   line at its spacing and a cavalry line within half the leader's range
#   (GBA 4.32, 4.33), Individual Orders alone for the Macedonians (GBA
#   4.3), the unlevelled ground closed to the scythed chariots (GBA 9.21).
#   Issus: the lowest Initiative first and the tie to Persia (GBA 5.12),
#   the hill troops' line within its spacing (GBA 4.32), a row of
#   Cardaces split in two lines named by a unit (GBA 4.33), down the
#   Persian bank into the Pinarus (GBA 6.21, 6.22, 6.29), a phalanx's
#   step forward (GBA 6.42), no Line Command for a Macedonian leader
#   (GBA 4.3); out of the river over a stockade, and over the Steep Bank,
#   the cost and the hit of each (GBA 6.21, 6.22, 6.29); the
#   Persian hoplites' Drift to the Right (GBA 6.5); GBA's two optional
#   rules for Alexander's army, off by default and played by a copy of the
#   battle whose [rules] names them (no command-line flag turns a battle
#   option on): Alexander's Elite Initiative Orders Phase (GBA 5.5) and
#   Philotas as the Companions' Contingent Commander (GBA 5.6, 5.67).
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}" "${AUTOPLAY_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() {
	n=$((n + 1))
	echo "not ok $n - $1"
	[ -f "$tmp/err" ] && sed 's/^/# /' "$tmp/err" | head -20
}
# has PATTERN DESCRIPTION: the last script's output holds a line matching
has() {
	if grep -q -- "$1" "$tmp/out"; then ok "$2"; else notok "$2"; fi
}
# lacks PATTERN DESCRIPTION: no line of the last script's output matches
lacks() {
	if grep -q -- "$1" "$tmp/out"; then notok "$2"; else ok "$2"; fi
}
# checked NAME: --check passes the battle's map and scenario
checked() {
	if "$MANIPLE_BIN" --check "$MANIPLE_SRCDIR/maps/$1.ini" \
		"$MANIPLE_SRCDIR/scenarios/$1.ini" >"$tmp/out" 2>"$tmp/err" &&
	   [ "$(grep -c ': ok$' "$tmp/out")" -eq 2 ]; then
		ok "$1: --check passes maps/$1.ini and scenarios/$1.ini"
	else
		notok "$1: --check fails"
	fi
}
# play NAME: runs $tmp/NAME.txt; status 0, no malformed line, and the
# same output twice (the data from $datadir when set)
play() {
	MANIPLE_DATADIR="${datadir:-$MANIPLE_SRCDIR}" "$MANIPLE_BIN" --script "$tmp/$1.txt" \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 0 ] && ok "$1: the script runs (status 0)" ||
		notok "$1: the script exits $rc"
	if grep -q '^error\|^malformed' "$tmp/out"; then
		notok "$1: a script line is malformed"
		grep '^error\|^malformed' "$tmp/out" | sed 's/^/# /'
	else
		ok "$1: no malformed lines"
	fi
	MANIPLE_DATADIR="${datadir:-$MANIPLE_SRCDIR}" "$MANIPLE_BIN" --script - \
		<"$tmp/$1.txt" >"$tmp/out2" 2>/dev/null
	cmp -s "$tmp/out" "$tmp/out2" && ok "$1: same seed, same play" ||
		notok "$1: a second run differs"
}
# soak NAME ARGS...: autoplay --soak plays the battle to its end, every
# invariant holding and every reload matching
soak() {
	name=$1
	shift
	TMPDIR=$tmp MANIPLE_DATADIR= "$AUTOPLAY_BIN" --soak "$@" \
		>"$tmp/script" 2>"$tmp/err"
	rc=$?
	if [ "$rc" -eq 0 ] &&
	   grep -q ' over=yes .* invariant_failures=0 .* reload_failures=0 ' \
		"$tmp/err"; then
		ok "$name"
	else
		notok "$name (status $rc)"
	fi
}

echo "1..156"

MANIPLE_DATADIR="$MANIPLE_SRCDIR" "$MANIPLE_BIN" --list >"$tmp/list" 2>"$tmp/err"
# listed ID NAME YEAR SIDES: --list shows the battle with its ruleset
listed() {
	if grep -q "^$1  *$2  *$3 BC  GBA  *$4  ([0-9]* v [0-9]* units, [0-9]* turns)$" "$tmp/list"; then
		ok "$1: --list shows $2, $3 BC, ruleset GBA"
	else
		notok "$1: --list lacks $2 ($3 BC, GBA)"
		sed 's/^/# /' "$tmp/list"
	fi
}

# ---------------------------------------------------------- Chaeronea
checked chaeronea
listed chaeronea Chaeronea 338 "Macedon v Greek allies"
cat >"$tmp/chaeronea.txt" <<'SCRIPT'
new chaeronea solo 7
continue
activate demosthenes
line athenians
pick ath1
move 2526,2527
halt
move 2426,2427
move 2326,2327
move 2226,2227
pick ath2
move 2528,2529
move 2428,2429
move 2328,2329
move 2228,2229
orders done
no momentum
pass lysicles
pass chares
pass theagenes
activate antipater
line athenians
order mh2 move
move 1919,1920
halt
orders done
no momentum
pass alexander
pass parmenion
activate philip
order th_p1 move
move 1837
move 1836
halt
order ph12 move
move 1931,1932
halt
orders done
SCRIPT
play chaeronea
has '^line_command leader=demosthenes line=athenians units=5 ' \
	"chaeronea: GBA 4.3 Demosthenes commands the Athenian line"
has '^moved unit=ath1 from=2626,2627 to=2526,2527 maneuver=forward ' \
	"chaeronea: GBA 6.41 the Athenian hoplites are double-sized"
has '^refused reason=ath1_is_bound_by_the_Law_of_Inertia:_a_hoplite_moves_on_while_it_can_(3_MP_left' \
	"chaeronea: GBA 6.14 the Athenians may not halt while they can go on"
has '^move_end unit=ath1 at=2226 spent=4 hexes=4 ' \
	"chaeronea: GBA 6.14 they stop when their MP are spent"
has '^moved unit=ath2 from=2628,2629 to=2528,2529 ' "chaeronea: GBA 4.31 the line moves"
has '^moved unit=mh2 from=1819,1820 to=1919,1920 maneuver=forward ' \
	"chaeronea: GBA 6.41 Macedon's mercenary hoplites are double-sized too"
has '^orders_done leader=demosthenes orders_given=1 ' \
	"chaeronea: the allies' first Orders Phase ends (GBA 5.2)"
has '^activation_tie_order side=1 army=greeks initiative=4 ' \
	"chaeronea: GBA 5.12 at Initiative 4 the allies go before Macedon"
has '^orders_phase leader=philip orders=6 line_commands=0 ' \
	"chaeronea: GBA 4.3 Philip gives Individual Orders, no Line Command"
has '^refused reason=antipater_gives_0_Line_Commands_per_Orders_Phase' \
	"chaeronea: GBA 4.3 a Macedonian leader gives no Line Command"
has '^refused reason=that_hex_is_impassable ' \
	"chaeronea: GBA 6.26 the walls of Chaeronea may not be crossed"
has '^moved unit=th_p1 from=1736 to=1836 ' "chaeronea: the peltasts go on outside the walls"
has '^moved unit=ph12 from=1831,1832 to=1931,1932 ' \
	"chaeronea: a numbered phalanx advances (GBA 2.23)"
has '^orders_done leader=philip orders_given=2 ' \
	"chaeronea: Macedon's first Orders Phase ends (GBA 5.2)"
# the Haemon, a stream: a hoplite crossing it takes a hit, a skirmisher
# none (GBA 6.21, 6.22: the stream's row of the Movement Cost Chart)
cat >"$tmp/chaeronea_haemon.txt" <<'SCRIPT'
new chaeronea sandbox 7
setup phase movement
setup active lysicles
setup leader-state lysicles active
continue
order ath1 move
move 2526,2527
move 2426,2427
move 2326,2327
move 2226,2227
new chaeronea sandbox 7
setup phase movement
setup active chares
setup leader-state chares active
continue
order gs3 move
move 2424
move 2324
halt
SCRIPT
play chaeronea_haemon
has '^cohesion_hit unit=ath1 hits=1 total=1 tq=5 cause=terrain rule=6.22,6.42' \
	"chaeronea: GBA 6.22 the Athenians take a hit crossing the Haemon"
has '^moved unit=ath1 from=2426,2427 to=2326,2327 maneuver=forward terrain=clear mp=1 ' \
	"chaeronea: GBA 6.21 the dry bed costs no MP"
has '^move_end unit=gs3 at=2324 spent=2 hexes=2 vertices=0 hits=0 ' \
	"chaeronea: GBA 6.22 a skirmisher crosses the Haemon with no hit"
# GBA 4.37: Demosthenes may Line-Command only the Athenians, but his
# Individual Orders go to any allied unit
cat >"$tmp/chaeronea_restriction.txt" <<'SCRIPT'
new chaeronea solo 7
continue
activate demosthenes
line centre
order pel1 move
move 2536
halt
orders done
SCRIPT
play chaeronea_restriction
has '^refused reason=demosthenes_may_not_give_a_Line_Command_to_the_line_centre ' \
	"chaeronea: GBA 4.37 Demosthenes gives no Line Command but to the Athenians"
has '^moved unit=pel1 from=2636 to=2536 ' \
	"chaeronea: GBA 4.37 his Individual Order moves the peltasts"
# GBA 6.14 spares the Greek mercenaries the Law of Inertia; GBA 6.5 (the
# allies' drift_to_the_right): Athenian hoplites moving again in a turn
# step into their right-front hexes
cat >"$tmp/chaeronea_inertia.txt" <<'SCRIPT'
new chaeronea sandbox 7
setup phase movement
setup active chares
setup leader-state chares active
setup remove gs2
continue
order gm move
move 2518,2519
halt
new chaeronea sandbox 7
setup phase movement
setup active lysicles
setup leader-state lysicles active
setup marker ath1 moved_turn on
continue
order ath1 move
move 2526,2527
move 2525,2526
move 2425,2426
move 2325,2326
move 2225,2226
SCRIPT
play chaeronea_inertia
has '^move_end unit=gm at=2518 spent=1 hexes=1 ' \
	"chaeronea: GBA 6.14 the Greek mercenaries may halt after one hex"
has '^refused reason=Drift_to_the_Right:_moving_again_this_turn' \
	"chaeronea: GBA 6.5 an Athenian unit moving again may not step straight ahead"
has '^moved unit=ath1 from=2626,2627 to=2525,2526 maneuver=forward ' \
	"chaeronea: GBA 6.5 it drifts into its right-front hexes"
soak "chaeronea seed 1: random play to the end, invariants hold, reloads match" \
	chaeronea 1
soak "chaeronea seed 2, mixed policy: played to the end" \
	--policy mixed chaeronea 2

# ---------------------------------------------------------- the Granicus
checked granicus
listed granicus "The Granicus" 334 "Macedon v Persia"
cat >"$tmp/granicus.txt" <<'SCRIPT'
new granicus solo 5
show leader alexander
continue
activate arsites
line light_horse
pick pap1
move 2024
halt
orders done
no momentum
pass omares
activate amyntas
order pro1 move
move 1827
move 1927
halt
order pro2 move
move 1828
move 1928
halt
order amyntas move
move 1827
halt
orders done
SCRIPT
play granicus
has '^leader id=alexander .* initiative=7 .* charisma=4 .* rp=70$' \
	"granicus: GBA 10.42 Alexander (his III counter) is worth 70 Rout Points"
has '^line_command leader=arsites line=light_horse units=3 members=pap1,pap2,pap3 ' \
	"granicus: GBA 4.33 the cavalry line is the light horse within half Arsites' range"
has '^moved unit=pap1 from=2124 to=2024 terrain=major_river climb=-1 mp=2 ' \
	"granicus: GBA 6.21 down the east bank into the river, a level down and the river's cost"
has '^cohesion_hit unit=pap1 hits=1 total=1 .*cause=terrain' \
	"granicus: GBA 6.22 the river costs the horse a cohesion hit"
has '^orders_done leader=arsites orders_given=1 ' \
	"granicus: Persia's first Orders Phase ends (GBA 5.2)"
has '^activation_tie_order side=1 army=persia initiative=3 ' \
	"granicus: GBA 5.12 at Initiative 3 Persia goes before Macedon"
has '^orders_phase leader=amyntas orders=3 line_commands=0 ' \
	"granicus: GBA 4.3 Amyntas gives Individual Orders, no Line Command"
has '^moved unit=pro1 from=1827 to=1927 terrain=clear ' \
	"granicus: the prodromoi come down to the river (GBA 6.21)"
has '^orders_done leader=amyntas orders_given=3 ' \
	"granicus: Macedon's first Orders Phase ends (GBA 5.2)"
# out of the river over the Steep Bank and up the level of the east bank:
# each charged on its own (GBA 6.29's chart), 3 MP and 2 hits for horse
cat >"$tmp/granicus_bank.txt" <<'SCRIPT'
new granicus sandbox 5
show unit mer1
setup phase movement
setup active alexander
setup leader-state alexander active
setup leader alexander 1915
setup unit com1 2015 E
setup remove med2
setup remove clc1
setup remove chc1
continue
order com1 move
move 2115
halt
SCRIPT
play granicus_bank
has '^unit id=mer1 side=1 type=HI hex=2914,2915 .* class=HO size=10 ma=4 .* rp=12$' \
	"granicus: GBA 6.41 the Greek mercenaries are double-sized hoplites, worth twice their TQ (GBA 10.42)"
has '^moved unit=com1 from=2015 to=2115 terrain=clear climb=1 mp=3 ' \
	"granicus: GBA 6.29 over the Steep Bank and up the east bank: 1 + 1 + 1 MP"
has '^cohesion_hit unit=com1 hits=1 total=1 tq=8 cause=hexside ' \
	"granicus: GBA 6.29 the Steep Bank costs the Companions a hit"
has '^cohesion_hit unit=com1 hits=1 total=2 tq=8 cause=elevation ' \
	"granicus: GBA 6.22 the climb of the level another"
soak "granicus seed 1: random play to the end, invariants hold, reloads match" \
	granicus 1
soak "granicus seed 2, mixed policy: played to the end" \
	--policy mixed granicus 2

# ---------------------------------------------------------- the Hydaspes
checked hydaspes
listed hydaspes "The Hydaspes" 326 "Macedon v India"
cat >"$tmp/hydaspes.txt" <<'SCRIPT'
new hydaspes solo 5
show leader alexander
continue
activate spitaces
line chariots_left
pick chl1
move 2328
move 2228
halt
pick chl3
face SW
move 2431
move 2432
halt
orders done
no momentum
activate tauron
line foot
order arc1 move
move 1520
move 1620
halt
order arc2 move
move 1518
halt
orders done
SCRIPT
play hydaspes
has '^leader id=alexander .* initiative=7 .* charisma=4 .* rp=70$' \
	"hydaspes: GBA 10.42 Alexander (his III counter) is worth 70 Rout Points"
has '^activation_tie_order side=1 army=india initiative=3 ' \
	"hydaspes: GBA 5.12 at Initiative 3 India goes before Macedon"
has '^line_command leader=spitaces line=chariots_left units=3 members=chl1,chl2,chl3 ' \
	"hydaspes: GBA 4.33 Spitaces' chariot line is the chariots within half his range"
has '^moved unit=chl1 from=2328 to=2228 terrain=clear ' \
	"hydaspes: the chariots drive on over the sand (GBA 6.21)"
has '^cohesion_hit unit=chl3 hits=1 total=1 tq=5 cause=chariot_facing ' \
	"hydaspes: GBA 7.15 a chariot's turn costs its hit as it moves on"
has '^refused reason=the_Movement_Cost_Chart_prohibits_that_move_for_this_unit ' \
	"hydaspes: GBA 9.21 a chariot may not enter the mud"
has '^orders_done leader=spitaces orders_given=1 ' \
	"hydaspes: India's first Orders Phase ends (GBA 5.2)"
has '^refused reason=tauron_gives_0_Line_Commands_per_Orders_Phase' \
	"hydaspes: GBA 4.3 a Macedonian leader gives no Line Command"
has '^moved unit=arc1 from=1520 to=1620 ' \
	"hydaspes: the archers go forward by Individual Order (GBA 4.2)"
has '^orders_done leader=tauron orders_given=2 ' \
	"hydaspes: Macedon's first Orders Phase ends (GBA 5.2)"
# Porus' elephants stay out of the mud (GBA 6.29); a chariot passing
# through a friend may not turn twice there (GBA 7.15: the hex would be
# its last, and it may not stop in it)
cat >"$tmp/hydaspes_mud.txt" <<'SCRIPT'
new hydaspes sandbox 5
setup phase movement
setup active porus
setup leader-state porus active
setup leader porus 2529
setup unit el10 2431 SW
continue
order el10 move
move 2432
move 2331
halt
new hydaspes sandbox 9
setup phase movement
setup active spitaces
setup leader-state spitaces active
setup unit chl2 2429 SE
continue
order chl2 move
move 2430
face SW
face NW
move 2330
halt
SCRIPT
play hydaspes_mud
has '^refused reason=the_Movement_Cost_Chart_prohibits_that_move_for_this_unit ' \
	"hydaspes: GBA 6.29 an elephant may not enter the mud"
has '^move_end unit=el10 at=2331 spent=1 hexes=1 ' \
	"hydaspes: GBA 6.29 the elephant, refused the mud, goes on over the sand"
has "^refused reason=after_that_turn_the_unit_could_not_leave_the_friend's_hex_it_may_not_stop_in " \
	"hydaspes: GBA 7.15 no second vertex for a chariot in a friend's hex"
has '^moved unit=chl2 from=2430 to=2330 ' \
	"hydaspes: GBA 7.15 the chariot turned once drives on out of the friend's hex"
soak "hydaspes seed 1: random play to the end, invariants hold, reloads match" \
	hydaspes 1
soak "hydaspes seed 2, mixed policy: played to the end" \
	--policy mixed hydaspes 2

# ---------------------------------------------------------- Gaugamela
checked gaugamela
listed gaugamela Gaugamela 331 "Macedon v Persia"
cat >"$tmp/gaugamela.txt" <<'SCRIPT'
new gaugamela solo 3
continue
activate bupares
line levies
pick lev1
move 2714
halt
orders done
no momentum
activate atropates
line right_horse
pick arm
pick cap
move 2310
halt
orders done
no momentum
activate menidas
line guard
order mhr move
move 1537
move 1637
halt
order pro1 move
move 1436
halt
orders done
SCRIPT
play gaugamela
has '^activated leader=bupares side=1 initiative=2 how=lowest ' \
	"gaugamela: GBA 5.12 Bupares, at Initiative 2, is activated first"
has '^line_command leader=bupares line=levies units=6 ' \
	"gaugamela: GBA 4.32 the levies, two hexes apart, are one line"
has '^line_command leader=atropates line=right_horse units=5 members=med1,med2,syr,mes,cap ' \
	"gaugamela: GBA 4.33 the cavalry line is its horse within half Atropates' range"
has '^refused reason=arm_is_not_in_a_line_atropates_has_commanded_this_phase ' \
	"gaugamela: GBA 4.33 the Armenians, farther off, are not in it"
has '^orders_done leader=atropates orders_given=1 ' \
	"gaugamela: Persia's Orders Phase ends (GBA 5.2)"
has '^refused reason=menidas_gives_0_Line_Commands_per_Orders_Phase' \
	"gaugamela: GBA 4.3 a Macedonian leader gives no Line Command"
has '^moved unit=mhr from=1537 to=1637 ' \
	"gaugamela: Menidas' horse rides out by Individual Order (GBA 4.2)"
has '^orders_done leader=menidas orders_given=2 ' \
	"gaugamela: Macedon's first Orders Phase ends (GBA 5.2)"
cat >"$tmp/gaugamela_ground.txt" <<'SCRIPT'
new gaugamela sandbox 3
setup phase movement
setup active bessus
setup leader-state bessus active
setup leader bessus 2338
setup unit chl3 2240 SW
continue
order chl3 move
move 2241
move 2140
halt
SCRIPT
play gaugamela_ground
has '^refused reason=the_Movement_Cost_Chart_prohibits_that_move_for_this_unit ' \
	"gaugamela: GBA 9.21 a chariot may not leave the levelled ground"
has '^move_end unit=chl3 at=2140 spent=1 hexes=1 ' \
	"gaugamela: the chariot drives on over the levelled ground"
soak "gaugamela seed 1: random play to the end, invariants hold, reloads match" \
	gaugamela 1
soak "gaugamela seed 2, mixed policy: played to the end" \
	--policy mixed gaugamela 2

# ---------------------------------------------------------- Issus
checked issus
listed issus Issus 333 "Macedon v Persia"
cat >"$tmp/issus.txt" <<'SCRIPT'
new issus solo 4
continue
activate atizyes
line hill_troops
pick hil1
pick hil3
move 2133
move 2033
halt
orders done
no momentum
activate aristomedes
line cardaces
line cardaces ca1
pick ca1
move 2111,2112
move 2011,2012
halt
pick ca2
move 2113,2114
halt
orders done
no momentum
activate ptolemy
line mercenaries
order ph_ptolemy move
move 1715,1716
halt
orders done
SCRIPT
play issus
has '^activated leader=atizyes side=1 initiative=2 how=lowest ' \
	"issus: GBA 5.12 Atizyes, at Initiative 2, is activated first"
has '^line_command leader=atizyes line=hill_troops units=4 members=hil3,hil4,hia1,hia2 ' \
	"issus: GBA 4.32 the hill troops within three hexes of each other are his line"
has '^refused reason=hil1_is_not_in_a_line_atizyes_has_commanded_this_phase ' \
	"issus: GBA 4.32 the troops round the Macedonian right are not in it"
has '^moved unit=hil3 from=2133 to=2033 terrain=major_river climb=-1 mp=2 ' \
	"issus: GBA 6.21 into the Pinarus, a level down and the river's cost"
has '^activation_tie_order side=1 army=persia initiative=3 ' \
	"issus: GBA 5.12 at Initiative 3 Persia goes before Macedon"
has '^refused reason=the_row_cardaces_makes_2_lines_now' \
	"issus: GBA 4.3 the Cardaces either side of the mercenaries are two lines"
has '^line_command leader=aristomedes line=cardaces units=2 members=ca1,ca2 ' \
	"issus: GBA 4.3 Aristomedes commands the Cardaces of the right"
has '^moved unit=ca1 from=2111,2112 to=2011,2012 maneuver=forward terrain=major_river mp=2 ' \
	"issus: GBA 6.41 the double-sized Cardaces go down into the river (GBA 6.21)"
has '^cohesion_hit unit=ca1 hits=2 total=2 tq=5 cause=terrain ' \
	"issus: GBA 6.22, 6.29 the river and its Steep Bank cost the Cardaces a hit each (note d excepts them, R102)"
has '^refused reason=ptolemy_gives_0_Line_Commands_per_Orders_Phase' \
	"issus: GBA 4.3 a Macedonian leader gives no Line Command"
has '^moved unit=ph_ptolemy from=1615,1616 to=1715,1716 maneuver=forward ' \
	"issus: GBA 6.42 Ptolemy's phalanx steps forward"
has '^orders_done leader=ptolemy orders_given=1 ' \
	"issus: Macedon's first Orders Phase ends (GBA 5.2)"
cat >"$tmp/issus_bank.txt" <<'SCRIPT'
new issus sandbox 4
setup phase movement
setup active nicanor
setup leader-state nicanor active
setup leader nicanor 1924
setup unit hy1 2024 E
setup remove ca3
setup remove ca4
continue
order hy1 move
move 2124
halt
SCRIPT
play issus_bank
has '^moved unit=hy1 from=2024 to=2124 terrain=clear mp=2 ' \
	"issus: GBA 6.21 out of the river over the stockade, the ground level: 2 MP"
has '^cohesion_hit unit=hy1 hits=1 total=1 tq=8 cause=hexside ' \
	"issus: GBA 6.22 the stockade costs the hypaspists a hit"
has '^move_end unit=hy1 at=2124 spent=2 hexes=1 vertices=0 hits=1 ' \
	"issus: no climb: the ground behind the Pinarus is level with it"
# where the bank was steep (Arrian 2.10.1), GBA's Steep Bank hexside
cat >"$tmp/issus_steep.txt" <<'SCRIPT'
new issus sandbox 4
setup phase movement
setup active nicanor
setup leader-state nicanor active
setup leader nicanor 1915
setup unit hy1 2015 E
continue
order hy1 move
move 2115
halt
SCRIPT
play issus_steep
has '^moved unit=hy1 from=2015 to=2115 terrain=clear mp=2 ' \
	"issus: GBA 6.29 out of the river over the Steep Bank: 1 + 1 MP"
has '^cohesion_hit unit=hy1 hits=1 total=1 tq=8 cause=hexside ' \
	"issus: GBA 6.29 the Steep Bank costs the hypaspists a hit"
# GBA 6.5 (the battle's drift_to_the_right for Persia): the mercenaries,
# moving again in the turn, step into their right-front hexes; moving
# for the first time, straight ahead
cat >"$tmp/issus_drift.txt" <<'SCRIPT'
new issus sandbox 4
setup phase movement
setup active thymondas
setup leader-state thymondas active
setup marker gk3 moved_turn on
continue
order gk3 move
move 2119,2120
move 2118,2119
halt
new issus sandbox 4
setup phase movement
setup active thymondas
setup leader-state thymondas active
continue
order gk3 move
move 2119,2120
halt
SCRIPT
play issus_drift
has '^refused reason=Drift_to_the_Right:_moving_again_this_turn' \
	"issus: GBA 6.5 a hoplite moving again may not step straight ahead"
has '^moved unit=gk3 from=2219,2220 to=2118,2119 maneuver=forward ' \
	"issus: GBA 6.5 it drifts into its right-front hexes"
has '^moved unit=gk3 from=2219,2220 to=2119,2120 maneuver=forward ' \
	"issus: GBA 6.5 its first move of the turn goes straight ahead"
soak "issus seed 1: random play to the end, invariants hold, reloads match" \
	issus 1
soak "issus seed 2, mixed policy: played to the end" \
	--policy mixed issus 2
# GBA 5.5 and 5.6, optional rules the battle holds as options, off by
# default: no Elite offer opens the turn, Philotas is not placed, and a
# Wing Commander's contingent order is refused
cat >"$tmp/issus_options_off.txt" <<'SCRIPT'
new issus solo 4
show leader philotas
continue
new issus sandbox 4
setup phase movement
setup active alexander
setup leader-state alexander active
continue
order philotas contingent
SCRIPT
play issus_options_off
lacks '^elite_offer' "issus: GBA 5.5 off by default: Alexander is no Elite Commander"
has '^leader id=philotas side=0 hex=- ' \
	"issus: GBA 5.67 off by default: Philotas, an MCC of the option, is not placed"
has '^refused reason=this_battle_does_not_play_the_Contingent_Commanders_(option_contingent_commanders) ' \
	"issus: GBA 5.6 off by default: no contingent order"
# no command-line flag turns a battle option on: a copy of the battle
# whose [rules] names both options plays them
mkdir -p "$tmp/data/scenarios"
srcdir=$(cd "$MANIPLE_SRCDIR" && pwd)
ln -s "$srcdir/rules" "$tmp/data/rules"
ln -s "$srcdir/maps" "$tmp/data/maps"
sed 's/^elephant_command = no$/&\
options = elite_commander contingent_commanders/' \
	"$MANIPLE_SRCDIR/scenarios/issus.ini" >"$tmp/data/scenarios/issus.ini"
if "$MANIPLE_BIN" --check "$tmp/data/scenarios/issus.ini" >"$tmp/out" \
	2>"$tmp/err" && grep -q ': ok$' "$tmp/out"; then
	ok "issus with both options: --check passes"
else
	notok "issus with both options: --check fails"
fi
cat >"$tmp/issus_options.txt" <<'SCRIPT'
new issus solo 4
continue
elite alexander
order philotas contingent
pick com1
move 1726
halt
orders done
SCRIPT
datadir="$tmp/data"
play issus_options
datadir=
has '^elite_offer side=0 oc=alexander ' \
	"issus: GBA 5.5 with elite_commander the turn opens with Alexander's Elite offer"
has '^activated leader=alexander side=0 initiative=7 how=elite ' \
	"issus: GBA 5.5 he takes the Elite Initiative Orders Phase"
has '^contingent_command leader=alexander mcc=philotas orders=3 left=4 units=4 members=com1,com2,com3,com4 ' \
	"issus: GBA 5.63 Philotas' four Companion units cost Alexander three orders"
has '^moved unit=com1 from=1626 to=1726 ' \
	"issus: GBA 5.65 a Companion unit moves under Philotas' Line Command"
has '^orders_done leader=alexander orders_given=3 ' \
	"issus: with the options Macedon's first Orders Phase ends (GBA 5.2)"
