#!/bin/sh
# The battles of the Republic (TAP): every historical battle beside
# Bagradas passes `maniple --check` (map and scenario), is named by
# --list, opens, and plays a scripted first Orders Phase for each side up
# to `orders done` (5.2), with the battle's special rules checked where
# the engine plays them: impassable terrain (6.24), a Command Restriction
# (4.35), a leader elephant (4.8, 11.1), Elite Initiative (5.5, 5.53),
# the Beneventum camp rampart and road (6.24, TABLES.md 7), Cynoscephalae's
# hills (6.21, 6.22) and Double Depth eligibility (9.5).
# The first-turn scripts stop before any shock is resolved (8.4); one
# Beneventum script resolves a cavalry shock to show 8.6's no pursuit.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() {
	n=$((n + 1))
	echo "not ok $n - $1"
	[ -f "$tmp/err" ] && sed 's/^/# /' "$tmp/err"
}
# has PATTERN DESCRIPTION: the last script's output holds a line matching
has() {
	if grep -q -- "$1" "$tmp/out"; then ok "$2"; else notok "$2"; fi
}
# hasnt PATTERN DESCRIPTION
hasnt() {
	if grep -q -- "$1" "$tmp/out"; then
		notok "$2"
		grep -- "$1" "$tmp/out" | sed 's/^/# /'
	else ok "$2"; fi
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
# play NAME: runs $tmp/NAME.txt; status 0, and the same output twice
play() {
	MANIPLE_DATADIR="$MANIPLE_SRCDIR" "$MANIPLE_BIN" --script "$tmp/$1.txt" \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 0 ] && ok "$1: the script runs (status 0)" ||
		notok "$1: the script exits $rc"
	MANIPLE_DATADIR="$MANIPLE_SRCDIR" "$MANIPLE_BIN" --script - \
		<"$tmp/$1.txt" >"$tmp/out2" 2>/dev/null
	cmp -s "$tmp/out" "$tmp/out2" && ok "$1: same seed, same play" ||
		notok "$1: a second run differs"
}

echo "1..107"

MANIPLE_DATADIR="$MANIPLE_SRCDIR" "$MANIPLE_BIN" --list >"$tmp/list" 2>"$tmp/err"
# listed ID NAME YEAR: --list shows the battle with its name and year
listed() {
	if grep -q "^$1  *$2  *$3 BC  SPQR  Rome v Carthage  ([0-9]* v [0-9]* units, [0-9]* turns)$" "$tmp/list"; then
		ok "$1: --list shows $2, $3 BC"
	else
		notok "$1: --list lacks $2 ($3 BC)"
		sed 's/^/# /' "$tmp/list"
	fi
}

# ------------------------------------------------------------ Cannae
checked cannae
listed cannae Cannae 216
cat >"$tmp/cannae.txt" <<'EOF'
new cannae solo 7
continue
elite hanno
line left_horse
pick sp_hc1
move 2201
halt
pick ce_hc1
face NE
move 2000
face E
move 2101
halt
orders done
activate praef5
order a5_co1 move
move 3112
halt
order a5_co3 move
move 3212
halt
orders done
EOF
play cannae
# 5.51: Hannibal is elite, and on turn 1 may hand the EIO Phase to anyone
has '^elite_offer side=1 oc=hannibal rule=5.51$' "cannae: 5.51 Hannibal's Elite Initiative is offered"
has '^line_command leader=hanno line=left_horse units=12 ' \
	"cannae: 4.3 Hanno commands the twelve squadrons of the left wing horse"
# 6.24: the Aufidus is impassable; 2000 is river, 2800 (6.23) is not
has '^refused reason=that_hex_is_impassable rule=6.24$' \
	"cannae: 6.24 the Aufidus is impassable"
has '^moved unit=ce_hc1 from=2001 to=2101 ' "cannae: the horse goes on along the bank"
has '^orders_done leader=hanno orders_given=1 rule=5.27$' "cannae: Carthage's first Orders Phase ends"
has '^orders_done leader=praef5 orders_given=2 rule=5.27$' "cannae: Rome's first Orders Phase ends"
has '^moved unit=a5_co3 from=3312 to=3212 ' "cannae: 4.52 a praefect sociorum moves two cohorts of his ala"

cat >"$tmp/cannae_special.txt" <<'EOF'
new cannae sandbox 7
setup phase movement
setup active maharbal
setup leader-state maharbal active
continue
order afr6 move
order num1 move
move 2137
halt
orders done
new cannae sandbox 7
setup phase movement
setup active hannibal
setup leader-state hannibal active
continue
order hannibal move
move 2122
halt
show unit hannibal_el
show leader hannibal
orders done
EOF
play cannae_special
has '^refused reason=maharbal_may_not_give_Individual_Orders_to_afr6 rule=4.35$' \
	"cannae: 4.35 Maharbal may not order the Africans"
has '^moved unit=num1 from=2038 to=2137 ' "cannae: 4.35 Maharbal orders his Numidians"
has '^unit id=hannibal_el .* hex=2122 .* rp=0$' \
	"cannae: 4.8 Hannibal's leader elephant moves, worth no rout points (11.1)"
has '^leader id=hannibal .*hex=2122 ' "cannae: 4.82 Hannibal rides with his elephant"
hasnt '^error\|^malformed' "cannae: no malformed lines"

# 11.2 with Cannae's Withdrawal Level (400): the first 65 Roman foot units
# of the file are worth 398 rout points, the first 66 are worth 403
grep -o '^\[unit [la][0-9]*_[a-z0-9]*\]' "$MANIPLE_SRCDIR/scenarios/cannae.ini" |
	sed 's/^\[unit \(.*\)\]$/\1/' | grep -v '_eq$' | head -66 >"$tmp/ids"
{
	for k in 65 66; do
		echo "new cannae sandbox 7"
		head -n "$k" "$tmp/ids" | sed 's/^/setup eliminate /'
		echo "setup phase withdrawal"
		echo "continue"
	done
} >"$tmp/cannae_withdrawal.txt"
play cannae_withdrawal
has '^withdrawal side=0 army=rome rout_points=398 level=400 withdraws=no rule=11.2$' \
	"cannae: 11.2 Rome holds at 398 rout points"
has '^withdrawal side=0 army=rome rout_points=403 level=400 withdraws=yes rule=11.2$' \
	"cannae: 11.2 Rome withdraws at 403 rout points (level 400)"
has '^game_over result=side1 winner=carthage why=withdrawal rule=11.2$' \
	"cannae: 11.2 Carthage wins when Rome withdraws"

# ------------------------------------------------------------ Zama
checked zama
listed zama Zama 202
cat >"$tmp/zama.txt" <<'EOF2'
new zama solo 7
roll 2 8
continue
elite hasdrubal
line elephants
pick el1
move 2311
move 2211
halt
pick el2
move 2313
halt
orders done
activate praef_x
order a10_co1 move
move 1507
halt
order a10_co2 move
move 1509
halt
orders done
new zama solo 7
roll 9 1
continue
elite laelius
line roman_horse
pick l10_eq
move 1503
halt
orders done
EOF2
play zama
# 5.53: both Overall Commanders are elite: die + Initiative, high roll
has '^roll for=elite_initiative side=1 leader=hannibal initiative=7 die=8 forced=yes total=15 result=side1_elite rule=5.53$' \
	"zama: 5.53 Hannibal (7) wins the Elite Initiative roll 15 to 8"
has '^line_command leader=hasdrubal line=elephants units=8 ' "zama: 4.3 the elephant line of eight"
has '^move_end unit=el1 at=2211 spent=2 hexes=2 ' "zama: an elephant advances two hexes"
has '^orders_done leader=hasdrubal orders_given=1 rule=5.27$' "zama: Carthage's first Orders Phase ends"
has '^orders_done leader=praef_x orders_given=2 rule=5.27$' "zama: Rome's first Orders Phase ends"
has '^roll for=elite_initiative side=1 leader=hannibal initiative=7 die=1 forced=yes total=8 result=side0_elite rule=5.53$' \
	"zama: 5.53 Scipio (6) wins the Elite Initiative roll 15 to 8"
# 5.53's example: Scipio passes the EIO Phase to Laelius and the horse
has '^line_command leader=laelius line=roman_horse units=4 members=l10_eq,l1_eq,a10_eq,a1_eq ' \
	"zama: 4.54 Laelius commands legion and ala horse as one line"
has '^orders_done leader=laelius orders_given=1 rule=5.27$' "zama: Laelius' Elite Initiative Orders Phase ends"

cat >"$tmp/zama_special.txt" <<'EOF2'
new zama sandbox 7
setup phase movement
setup active masinissa
setup leader-state masinissa active
continue
order a1_co3 move
order mf1 move
move 1331
halt
order mn1 move
move 1531
halt
orders done
show unit hannibal_el
EOF2
play zama_special
has '^refused reason=masinissa_may_not_give_Individual_Orders_to_a1_co3 rule=4.35$' \
	"zama: 4.35 Masinissa may not order the allied cohorts"
has '^moved unit=mf1 from=1231 to=1331 ' "zama: 4.35 Masinissa orders his own foot"
has '^moved unit=mn1 from=1432 to=1531 ' "zama: 4.35 Masinissa orders his own horse"
has '^unit id=hannibal_el .* hex=3518 .* rp=0$' "zama: 4.8 Hannibal's leader elephant is on the field"
hasnt '^error\|^malformed' "zama: no malformed lines"

# ------------------------------------------------------------ the Trebia
checked trebia
listed trebia 'The Trebia' 218
cat >"$tmp/trebia.txt" <<'EOF2'
new trebia solo 7
continue
elite hannibal
line centre
pick celt1
move 2214
halt
pick sp1
move 2215
halt
orders done
activate praef3
order a3_co1 move
move 2908
halt
orders done
show unit a3_co1
show unit celt1
show leader mago
show unit mago_hc1
EOF2
play trebia
has '^elite_offer side=1 oc=hannibal rule=5.51$' "trebia: 5.51 Hannibal's Elite Initiative (Rome has no elite OC)"
has '^line_command leader=hannibal line=centre units=12 ' "trebia: 4.3 the Spaniards and Celts of the centre"
has '^orders_done leader=hannibal orders_given=1 rule=5.27$' "trebia: Carthage's first Orders Phase ends"
has '^orders_done leader=praef3 orders_given=1 rule=5.27$' "trebia: Rome's first Orders Phase ends"
# the Romans start cold and wet: one hit each (our rendering of Polybius 3.72)
has '^unit id=a3_co1 side=0 type=LG hex=2908 facing=W hits=1 ' "trebia: a Roman cohort starts with one cohesion hit"
has '^unit id=celt1 side=1 type=MI hex=2214 facing=E hits=0 ' "trebia: a Carthaginian unit starts fresh"
# Mago's ambush waits off the map (reinforcements, turn 4)
has '^leader id=mago side=1 hex=- ' "trebia: Mago is not on the map at the start"
has '^unit id=mago_hc1 .*status=not_placed ' "trebia: Mago's horse is not on the map at the start"
hasnt '^error\|^malformed' "trebia: no malformed lines"
# 2.6 Mago's ambush arrives at the start of turn 4 (a sandbox jumps there)
cat >"$tmp/trebia_reinf.txt" <<'EOF2'
new trebia sandbox 7
show reinforcements
setup turn 4
continue
show reinforcements
EOF2
play trebia_reinf
has '^reinforcement leader=mago side=1 turn=4 edge=ambush hex=- status=due rule=2.6$' \
	"trebia: 2.6 show reinforcements lists Mago, due on turn 4"
has '^reinforcement_arrives unit=mago_hc1 side=1 hex=3340 facing=NE edge=ambush due=4 turn=4 rule=2.6$' \
	"trebia: 2.6 Mago's horse comes up by the south edge on turn 4"
has '^reinforcement_arrives unit=mago_ft2 side=1 hex=3540 facing=NE edge=ambush due=4 turn=4 rule=2.6$' \
	"trebia: 2.6 Mago's foot comes up beside it"
has '^reinforcement_arrives leader=mago side=1 hex=3340 edge=ambush due=4 turn=4 rule=2.6$' \
	"trebia: 2.6 Mago comes with his horse"
has '^reinforcements listed=5 waiting=0 turn=4$' "trebia: 2.6 none left to come"

# listed_v ID NAME YEAR FOE: --list shows the battle as Rome against FOE
listed_v() {
	if grep -q "^$1  *$2  *$3 BC  SPQR  Rome v $4  ([0-9]* v [0-9]* units, [0-9]* turns)$" "$tmp/list"; then
		ok "$1: --list shows $2, $3 BC, Rome v $4"
	else
		notok "$1: --list lacks $2 ($3 BC, Rome v $4)"
		sed 's/^/# /' "$tmp/list"
	fi
}

# ------------------------------------------------------------ Beneventum
checked beneventum
listed_v beneventum Beneventum 275 Epirus
cat >"$tmp/beneventum.txt" <<'EOF2'
new beneventum solo 7
continue
elite milon
line elephants
pick el1
move 2112
move 2012
halt
pick el2
move 2114
halt
orders done
activate praef3
order a3_co1 move
move 1510
halt
orders done
EOF2
play beneventum
# 5.5: Pyrrhus is elite; Curius is not, so only Epirus is offered the EIO
has '^elite_offer side=1 oc=pyrrhus rule=5.51$' "beneventum: 5.51 Pyrrhus' Elite Initiative is offered"
hasnt '^elite_offer side=0' "beneventum: 5.5 Rome has no elite Overall Commander"
has '^line_command leader=milon line=elephants units=4 members=el1,el2,el3,el4 ' \
	"beneventum: 4.3 the four elephant counters form one line"
has '^move_end unit=el1 at=2012 spent=2 hexes=2 ' "beneventum: an elephant advances two hexes"
has '^orders_done leader=milon orders_given=1 rule=5.27$' "beneventum: Epirus' first Orders Phase ends"
has '^moved unit=a3_co1 from=1410 to=1510 ' "beneventum: 4.52 a praefect sociorum moves a cohort of his ala"
has '^orders_done leader=praef3 orders_given=1 rule=5.27$' "beneventum: Rome's first Orders Phase ends"

# The camp (6.24, TABLES.md 7): elephants may not cross the rampart;
# close-order foot pay +1 MP and a cohesion hit; the gates are open.
# The Roman road (6.24) replaces the terrain it runs through (marsh).
cat >"$tmp/beneventum_camp.txt" <<'EOF2'
new beneventum sandbox 7
setup unit el1 0713 W
setup leader milon 0813
setup phase movement
setup active milon
setup leader-state milon active
continue
order el1 move
move 0613
halt
orders done
new beneventum sandbox 7
setup unit l3_ha1 0713 W
setup leader trib3 0814
setup phase movement
setup active trib3
setup leader-state trib3 active
continue
order l3_ha1 move
move 0613
halt
orders done
new beneventum sandbox 7
setup unit l3_ha2 0419 NW
setup leader trib3 0520
setup phase movement
setup active trib3
setup leader-state trib3 active
continue
order l3_ha2 move
move 0418
halt
orders done
new beneventum sandbox 7
setup unit l3_ha1 0430 SW
setup unit l3_ha2 0530 SW
setup leader trib3 0529
setup phase movement
setup active trib3
setup leader-state trib3 active
continue
order l3_ha1 move
move 0431
halt
order l3_ha2 move
move 0531
halt
orders done
EOF2
play beneventum_camp
has '^refused reason=the_Movement_Cost_Chart_prohibits_that_move_for_this_unit rule=6.27$' \
	"beneventum: TABLES 7 an elephant may not cross the camp rampart"
has '^move_end unit=el1 at=0713 spent=0 ' "beneventum: the elephant stays outside the camp"
has '^moved unit=l3_ha1 from=0713 to=0613 terrain=clear mp=2 ' \
	"beneventum: TABLES 7 crossing the rampart costs +1 MP"
has '^cohesion_hit unit=l3_ha1 hits=1 total=1 tq=6 cause=hexside rule=6.22$' \
	"beneventum: TABLES 7 legion infantry take a hit crossing the rampart"
has '^move_end unit=l3_ha2 at=0418 spent=1 hexes=1 vertices=0 hits=0 ' \
	"beneventum: the south gate lets a unit into the camp freely"
has '^move_end unit=l3_ha1 at=0431 spent=1 hexes=1 vertices=0 hits=0 ' \
	"beneventum: 6.24 along the Roman road a marsh hex costs 1 MP and no hit"
has '^move_end unit=l3_ha2 at=0531 spent=2 hexes=1 vertices=0 hits=1 ' \
	"beneventum: off the road the same marsh costs 2 MP and a hit"

# 8.6's play note: no pursuit at Beneventum (the no_pursuit key)
cat >"$tmp/beneventum_pursuit.txt" <<'EOF2'
new beneventum sandbox 7
setup unit cre1 1507 W
setup hits cre1 4
setup phase movement
setup active eq_left
setup leader-state eq_left active
continue
order a3_eq2 move
halt
orders done
roll 3
designate a3_eq2 cre1
designate done
rout 1607
EOF2
play beneventum_pursuit
has '^rout_end unit=cre1 ' "beneventum: the Cretans, shocked by Roman horse, rout"
has '^pursuit_none combat=0 why=not_in_this_battle rule=8.6$' \
	"beneventum: 8.6 the victorious horse does not pursue"
hasnt '^error\|^malformed' "beneventum: no malformed lines"

# ------------------------------------------------------------ Cynoscephalae
checked cynoscephalae
listed_v cynoscephalae Cynoscephalae 197 Macedon
cat >"$tmp/cynoscephalae.txt" <<'EOF2'
new cynoscephalae solo 7
continue
activate praef10
order a10_co1 move
move 1720
halt
orders done
no momentum
roll 3 8
pass praef3
activate nicanor
line left_phalanx
pick ph6
move 3020,3021
halt
pick ph7
move 3022,3023
halt
orders done
EOF2
play cynoscephalae
hasnt '^elite_offer' "cynoscephalae: 5.5 neither Overall Commander is elite"
has '^moved unit=a10_co1 from=1620 to=1720 ' "cynoscephalae: 4.52 a praefect sociorum moves a cohort"
has '^orders_done leader=praef10 orders_given=1 rule=5.27$' "cynoscephalae: Rome's first Orders Phase ends"
has '^line_command leader=nicanor line=left_phalanx units=5 ' \
	"cynoscephalae: 4.3 Nicanor commands the five phalanxes of the left"
has '^moved unit=ph6 from=3120,3121 to=3020,3021 maneuver=forward ' \
	"cynoscephalae: 6.42 a phalanx of the left comes on over the spine"
has '^orders_done leader=nicanor orders_given=1 rule=5.27$' "cynoscephalae: Macedon's first Orders Phase ends"

# 6.21, 6.22 with the rulebook's own Cynoscephalae hexes: heavy infantry
# from 2322 to 2523 pays 4 MP and takes 2 hits, medium infantry 1 hit;
# 9.5 every phalanx may form Double Depth, a Roman cohort may not;
# 9.1 the Roman elephants form a line before the Roman right.
cat >"$tmp/cynoscephalae_special.txt" <<'EOF2'
new cynoscephalae sandbox 7
setup unit pel1 2322 SE
setup leader philip 2422
setup phase movement
setup active philip
setup leader-state philip active
continue
order pel1 move
move 2423
move 2523
halt
orders done
new cynoscephalae sandbox 7
setup unit aet_mi1 2322 SE
setup leader flamininus 2422
setup phase movement
setup active flamininus
setup leader-state flamininus active
continue
order aet_mi1 move
move 2423
move 2523
halt
orders done
new cynoscephalae sandbox 7
setup unit ph3 2509,2510 W
setup marker ph3 double_depth on
setup marker a3_co1 double_depth on
setup phase movement
setup active flamininus
setup leader-state flamininus active
continue
line elephants
pick el1
move 2018
halt
orders done
EOF2
play cynoscephalae_special
has '^moved unit=pel1 from=2423 to=2523 terrain=clear climb=2 ' "cynoscephalae: 6.21 2523 is two levels above 2423"
has '^move_end unit=pel1 at=2523 spent=4 hexes=2 vertices=0 hits=2 ' \
	"cynoscephalae: 6.21, 6.22 heavy infantry pay 4 MP and take 2 hits"
has '^move_end unit=aet_mi1 at=2523 spent=4 hexes=2 vertices=0 hits=1 ' \
	"cynoscephalae: 6.22 medium infantry take 1 hit"
has '^setup what=double_depth id=ph3 on=yes' "cynoscephalae: 9.5 a Macedonian phalanx may form Double Depth"
has '^refused reason=a3_co1_may_not_form_double_depth rule=9.5$' \
	"cynoscephalae: 9.5 a Roman cohort may not"
has '^line_command leader=flamininus line=elephants units=4 members=el1,el2,el3,el4 ' \
	"cynoscephalae: 9.1 Flamininus commands the Roman elephants as a line"
has '^move_end unit=el1 at=2018 spent=1 ' "cynoscephalae: a Roman elephant advances"
hasnt '^error\|^malformed' "cynoscephalae: no malformed lines"
