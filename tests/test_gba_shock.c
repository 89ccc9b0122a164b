/* GBA shock combat (issue 25): where The Great Battles of Alexander's
 * shock differs from SPQR's, each through its switch of variants.ini,
 * checked on a GBA game against the same board under SPQR's rules.
 * Rule numbers cited as "GBA N.NN" are GBA's.  Combats are built by hand
 * (shock_add_combat) on the bare field (bare_field.h) with the rules/gba
 * tables. */
#include <criterion/criterion.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "advance_cmd.h"
#include "bare_field.h"
#include "fixture.h"
#include "maniple/game.h"
#include "maniple/double_depth.h"
#include "maniple/gba_breakthrough.h"
#include "maniple/gba_personal_combat.h"
#include "maniple/shock.h"
#include "maniple/shock_advance.h"
#include "maniple/shock_calc.h"
#include "maniple/missile.h"
#include "maniple/rout.h"
#include "maniple/shock_preview.h"
#include "maniple/shock_resolve.h"
#include "maniple/dice.h"
#include "maniple/tables.h"
#include "maniple/movement.h"
#include "maniple/sequence.h"

/* The bare field under the tables of ruleset rs (rules/RS). */
static struct game *board(const char *rs)
{
	struct game *g = field();
	cr_assert_not_null(g);
	tables_free(g->tables);
	g->tables = NULL;
	snprintf(g->battle->ruleset, sizeof g->battle->ruleset, "%s", rs);
	struct ini_error err;
	cr_assert_eq(spqr_tables_loader(NULL, g, &err), 0, "%s", err.msg);
	return g;
}

static struct unit *unit(struct game *g, const char *id, int side,
			 enum unit_type t, int hex, int facing)
{
	return put(g, id, side, t, "", hex, facing);
}

static int uix(const struct game *g, const struct unit *u)
{
	return (int)(u - g->units);
}

/* One combat: attackers and defenders (NULL-terminated), paired on the
 * first of each through `side`. */
static int combat(struct game *g, struct unit *const *att,
		  struct unit *const *def, enum hex_zone side)
{
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	for (; *att; att++) {
		c->att_at[c->natt] = (*att)->at;
		c->att[c->natt++] = (uint8_t)uix(g, *att);
	}
	for (; *def; def++) {
		c->def_at[c->ndef] = (*def)->at;
		c->def[c->ndef++] = (uint8_t)uix(g, *def);
	}
	c->clash_att = 0;
	c->clash_def = 0;
	c->side = (int8_t)side;
	return ci;
}

static int superiority(const struct game *g, int ci)
{
	int column = 0, sup = -1;
	cr_assert(shock_combat_terms(g, ci, &column, &sup));
	return sup;
}

/* The hoplite HI at 2016 (facing E) attacks the hoplite HH at 2116
 * (facing NE), whose flank 2016 is; the light foot LI at 2115 (facing W)
 * is in HI's front and holds it in its ZOC. */
static struct game *echelon(const char *rs, struct unit **li)
{
	struct game *g = board(rs);
	struct unit *hi = unit(g, "HI", 1, UT_HI, 2016, FACE_E);
	struct unit *hh = unit(g, "HH", 0, UT_HI, 2116, FACE_NE);
	*li = unit(g, "LI", 0, UT_LI, 2115, FACE_W);
	cr_assert(zoc_exerted_into(g, *li, H(2016)));
	cr_assert_eq(footprint_zone(&hi->at, H(2115)), ZONE_FRONT);
	cr_assert_eq(footprint_approach(&hh->at, &hi->at), ZONE_FLANK);
	/* the weapon chart gives nothing between hoplites */
	cr_assert_eq(tables_weapon_superiority(g->tables, UT_HI, UT_HI),
		     SUP_NONE);
	combat(g, (struct unit *[]){hi, NULL}, (struct unit *[]){hh, NULL},
	       ZONE_FLANK);
	return g;
}

/* GBA 8.36 Position Superiority exception 4: an attacker in the ZOC of a
 * non-skirmisher enemy other than its target, one no friendly unit
 * attacks, gains no Position Superiority; SPQR 8.46 1.A bullet 4 counts
 * only an enemy in the attacker's flank or rear hex. */
Test(gba_shock, position_denied_by_an_unattacked_enemy_zoc_gba_8_36)
{
	struct unit *li;
	struct game *g = echelon("gba", &li);
	cr_expect_eq(tables_variant(g->tables, RV_POSITION_ZOC),
		     POSITION_ZOC_UNATTACKED);
	cr_expect_eq(superiority(g, 0), SUP_NONE,
		     "GBA 8.36 #4: LI's ZOC denies the flank attack");
	/* another friendly unit attacks the LI: the attack on the joint
	 * keeps its Position Superiority */
	struct unit *lc = unit(g, "LC", 1, UT_LC, 2114, FACE_SE);
	combat(g, (struct unit *[]){lc, NULL}, (struct unit *[]){li, NULL},
	       ZONE_FRONT);
	cr_expect_eq(superiority(g, 0), SUP_AS,
		     "GBA 8.36 #4: the LI is attacked by another unit");
	game_free(g);

	/* a skirmisher's ZOC never denies it */
	g = echelon("gba", &li);
	li->type = UT_SK;
	cr_expect_eq(superiority(g, 0), SUP_AS, "GBA 8.36 #4: not SK");
	game_free(g);

	g = echelon("spqr", &li);
	cr_expect_eq(superiority(g, 0), SUP_AS,
		     "SPQR 8.46: the LI is in the attacker's front");
	game_free(g);
}

/* GBA 8.36 exception 4 names "other than its target": the combat's own
 * defenders never deny it. */
Test(gba_shock, the_targets_own_zoc_does_not_deny_gba_8_36)
{
	struct unit *li;
	struct game *g = echelon("gba", &li);
	g->shock.c[0].def[g->shock.c[0].ndef] = (uint8_t)uix(g, li);
	g->shock.c[0].def_at[g->shock.c[0].ndef++] = li->at;
	cr_expect_eq(superiority(g, 0), SUP_AS,
		     "GBA 8.36 #4: the LI is one of HI's targets");
	game_free(g);
}

/* GBA 8.36 lists no elephant-on-elephant exception to Position
 * Superiority (SPQR 8.46 1.A bullet 3 has one). */
Test(gba_shock, elephant_on_elephant_flank_gains_position_gba_8_36)
{
	struct superiority_input in = {
		.attacker = UT_EL, .defender = UT_EL, .side = ZONE_FLANK};
	struct game *g = board("gba");
	struct superiority_calc s = shock_superiority(g->tables, &in);
	cr_expect(s.position, "GBA 8.36: elephant on elephant's flank");
	cr_expect_eq(s.position_denied_by, 0);
	game_free(g);
	g = board("spqr");
	s = shock_superiority(g->tables, &in);
	cr_expect_not(s.position);
	cr_expect_eq(s.position_denied_by, 3, "SPQR 8.46 1.A bullet 3");
	game_free(g);
}

/* GBA 8.36 step 2: a combat with skirmishers uses the size ratio (SPQR
 * 8.46 step 2 ignores it); elephants against others still ignore it. */
Test(gba_shock, size_ratio_counts_skirmishers_gba_8_36)
{
	struct size_ratio_input in = {.attacker_size = 6,
				      .defender_size = 2,
				      .attacker_moved = true,
				      .skirmisher_involved = true,
				      .non_elephant_involved = true};
	struct game *g = board("gba");
	struct size_ratio r = shock_size_ratio(g->tables, &in);
	cr_expect_null(r.ignored, "GBA 8.36 step 2");
	cr_expect_eq(r.shift, 2, "3-1: two columns right");
	in.elephant_involved = true; /* an elephant against a non-elephant */
	r = shock_size_ratio(g->tables, &in);
	cr_expect_str_eq(r.ignored, "elephant", "GBA 8.36 step 2");
	cr_expect_eq(r.shift, 0);
	game_free(g);
	g = board("spqr");
	in.elephant_involved = false;
	r = shock_size_ratio(g->tables, &in);
	cr_expect_str_eq(r.ignored, "skirmisher", "SPQR 8.46 step 2");
	cr_expect_eq(r.shift, 0);
	game_free(g);
}

/* GBA 8.36 step 4: light cavalry's hits on heavy foot are not halved
 * (SPQR 9.32 halves them); a whole shock calculation on each book. */
Test(gba_shock, light_cavalry_hits_are_not_halved_gba_8_36)
{
	struct shock_input in;
	memset(&in, 0, sizeof in);
	in.attacker = UT_LC;
	in.defender = UT_HI;
	in.side = ZONE_FLANK;
	in.size = (struct size_ratio_input){.attacker_size = 3,
					    .defender_size = 3,
					    .non_elephant_involved = true};
	struct game *g = board("gba");
	cr_expect_not(shock_light_cavalry_halves(g->tables, UT_LC, UT_HI,
						 false));
	for (int roll = 0; roll <= 9; roll++) {
		in.roll = roll;
		struct shock_calc out;
		cr_assert(shock_calc(g->tables, &in, &out));
		cr_expect_not(out.hits.light_cavalry_halved, "GBA 8.36");
		cr_expect_eq(out.hits.final_defender_hits,
			     out.hits.defender_hits, "GBA 8.36 step 4");
	}
	game_free(g);
	g = board("spqr");
	in.roll = 9;
	struct shock_calc out;
	cr_assert(shock_calc(g->tables, &in, &out));
	cr_expect(out.hits.light_cavalry_halved, "SPQR 9.32");
	cr_expect_eq(out.hits.final_defender_hits,
		     out.hits.defender_hits / 2);
	game_free(g);
}

/* GBA 8.36 step 3: a leader killed in the combat takes his Charisma from
 * his side's roll, no more (the book's example: Nabarzanes, Charisma 2,
 * gives the attacker -2); SPQR 8.46 step 3 takes 2 more. */
Test(gba_shock, a_killed_leader_takes_his_charisma_gba_8_36)
{
	struct leader_drm_input in = {.attacker_charisma = 0,
				      .defender_charisma = 1,
				      .attacker_leader_killed = true,
				      .attacker_killed_charisma = 2};
	struct game *g = board("gba");
	cr_expect_eq(tables_constant(g->tables, RC_KILLED_LEADER_EXTRA_DRM),
		     0, "rules/gba/constants.ini over SPQR's");
	struct leader_drm d = shock_leader_drm(g->tables, &in);
	cr_expect_eq(d.killed, -2, "GBA 8.36: Nabarzanes' -2");
	cr_expect_eq(d.total, -3);
	in = (struct leader_drm_input){.defender_leader_killed = true,
				       .defender_killed_charisma = 3};
	cr_expect_eq(shock_leader_drm(g->tables, &in).killed, 3,
		     "GBA 8.36: a defender's, for the attacker");
	game_free(g);
	g = board("spqr");
	cr_expect_eq(shock_leader_drm(g->tables, &in).killed, 5,
		     "SPQR 8.46 step 3: Charisma + 2");
	game_free(g);
}

/* The modifier names and values of role's unit k's Pre-Shock check. */
static bool has_mod(const struct charge_check *cc, const char *name,
		    int drm)
{
	for (int i = 0; i < cc->n; i++)
		if (!strcmp(cc->mod[i].name, name))
			return cc->mod[i].drm == drm;
	return false;
}

/* An elephant at 2116 (facing W) charges the hoplite HI at 2016 (facing
 * E) frontally. */
static struct game *elephant_charge(const char *rs)
{
	struct game *g = board(rs);
	struct unit *el = unit(g, "EL", 0, UT_EL, 2116, FACE_W);
	struct unit *hi = unit(g, "HI", 1, UT_HI, 2016, FACE_E);
	cr_assert_eq(footprint_approach(&hi->at, &el->at), ZONE_FRONT);
	int ci = combat(g, (struct unit *[]){el, NULL},
			(struct unit *[]){hi, NULL}, ZONE_FRONT);
	g->shock.c[ci].must_check = true;
	return g;
}

/* GBA 8.33, 9.17: a unit an elephant attacks adds 1 to its Pre-Shock TQ
 * check and the elephant's own check has no modifier (SPQR 8.43: the
 * elephant adds 1 attacking heavy foot frontally). */
Test(gba_shock, the_elephants_target_checks_at_plus_one_gba_8_33)
{
	struct game *g = elephant_charge("gba");
	cr_expect_eq(tables_variant(g->tables, RV_CHARGE_ELEPHANT),
		     CHARGE_DEFENDER_WORSE);
	struct charge_check cc;
	cr_assert(shock_charge_check(g, 0, 1, 0, &cc));
	cr_expect(cc.checks);
	cr_expect(has_mod(&cc, "attacked_by_elephant", 1), "GBA 9.17");
	cr_expect_eq(cc.drm, 1, "GBA 8.33: defender +1");
	cr_assert(shock_charge_check(g, 0, 0, 0, &cc));
	cr_expect(cc.checks);
	cr_expect_eq(cc.drm, 0, "GBA 8.33: the elephant checks unmodified");
	cr_expect_eq(cc.n, 0);
	game_free(g);

	g = elephant_charge("spqr");
	cr_assert(shock_charge_check(g, 0, 1, 0, &cc));
	cr_expect_eq(cc.drm, 0, "SPQR 8.43: the defender unmodified");
	cr_assert(shock_charge_check(g, 0, 0, 0, &cc));
	cr_expect(has_mod(&cc, "elephant_vs_heavy_front", 1), "SPQR 8.43");
	game_free(g);
}

/* ------------------------------------------------ GBA 8.34, 8.41-8.45 */

/* A leader of side `side` at hex with his Charisma and Personal Combat
 * rating (-1: none). */
static int leader(struct game *g, const char *id, int side, int hex,
		  int charisma, int pc)
{
	cr_assert_lt(g->nleaders, BATTLE_LEADERS_MAX);
	int li = g->nleaders++;
	struct leader *l = &g->leaders[li];
	memset(l, 0, sizeof *l);
	game_leader_text(g, l);
	snprintf(l->id, sizeof l->id, "%s", id);
	l->side = (int8_t)side;
	l->charisma = (int8_t)charisma;
	l->personal_combat = (int8_t)pc;
	l->hex = H(hex);
	l->on_map = true;
	l->available = true;
	return li;
}

/* The hoplites HI (side 0, 2116 facing W) attack HH (side 1, 2016
 * facing E), the leaders step of the segment over that combat. */
static struct game *leaders_board(const char *rs)
{
	struct game *g = board(rs);
	struct unit *hi = unit(g, "HI", 0, UT_HI, 2116, FACE_W);
	struct unit *hh = unit(g, "HH", 1, UT_HI, 2016, FACE_E);
	combat(g, (struct unit *[]){hi, NULL}, (struct unit *[]){hh, NULL},
	       ZONE_FRONT);
	g->shock.batch_begin = 0;
	g->shock.batch_end = g->shock.ncombats;
	return g;
}

static void force(struct game *g, int n, const int *dice)
{
	for (int i = 0; i < n; i++)
		cr_assert(dice_force(&g->dice, dice[i]));
}

static size_t count(const struct game *g, size_t from, const char *kind)
{
	size_t n = 0;
	for (size_t i = from; i < g->events.n; i++)
		n += strcmp(event_log_kind(&g->events, i), kind) == 0;
	return n;
}

/* GBA 8.4 Personal Combat, GBA 8.42 (the higher total wins; the
 * difference, on the chart, falls on the loser) and 8.45's example:
 * Alexander (PC 7) rolls 5, 12 in all; Spithridates
 * (PC 4) rolls 4, 8 in all; the difference, 4, Wounds him (the 3-4
 * band): Finished, every rating -1, no Charisma in this combat; nobody
 * rolls a casualty check (GBA 8.34). */
Test(gba_shock, personal_combat_example_wounds_the_loser_gba_8_45)
{
	struct game *g = leaders_board("gba");
	int alex = leader(g, "alexander", 0, 2116, 3, 7);
	int spit = leader(g, "spithridates", 1, 2016, 2, 4);
	size_t from = g->events.n;
	force(g, 2, (const int[]){5, 4});
	cr_assert(shock_step_leaders(g));
	cr_expect_eq(count(g, from, "personal_combat"), 1, "GBA 8.41");
	cr_expect_eq(count(g, from, "leader_hit"), 0, "GBA 8.34: no checks");
	const struct leader *s = &g->leaders[spit];
	cr_expect_eq(s->wounds, 1, "GBA 8.43: Wounded, ratings -1");
	cr_expect_eq(s->state, LS_FINISHED);
	cr_expect_not(s->killed);
	cr_expect(g->shock.casualty[spit], "GBA 8.34: no Charisma now");
	cr_expect_not(g->shock.casualty[alex]);
	cr_expect_eq(g->leaders[alex].wounds, 0);
	cr_expect(g->leaders[alex].fought_personal_combat, "GBA 5.31");
	cr_expect(s->fought_personal_combat);
	/* his rating after the wound */
	cr_expect_eq(gba_personal_combat_rating(g, s), 3, "GBA 8.34 -1");
	game_free(g);
}

/* GBA 8.45: a leader wounded a second time is killed instead; his side
 * loses his Charisma on the combat's roll (GBA 8.36 step 3); GBA 8.44:
 * killed, he leaves play at once. */
Test(gba_shock, a_second_wound_in_personal_combat_kills_gba_8_45)
{
	struct game *g = leaders_board("gba");
	leader(g, "alexander", 0, 2116, 3, 7);
	int spit = leader(g, "spithridates", 1, 2016, 2, 4);
	g->leaders[spit].wounds = 1; /* PC 3 now */
	force(g, 2, (const int[]){5, 4});
	cr_assert(shock_step_leaders(g));
	cr_expect(g->leaders[spit].killed, "GBA 8.45");
	cr_expect_not(g->leaders[spit].on_map, "GBA 8.44: removed");
	cr_expect(g->shock.c[0].leader_killed[1]);
	cr_expect_eq(g->shock.c[0].killed_charisma[1], 2);
	game_free(g);
}

/* GBA 8.43: equal totals do nothing; a difference of 7 or more kills
 * (house bands, constants.ini [personal_combat]). */
Test(gba_shock, personal_combat_tie_and_kill_gba_8_43)
{
	struct game *g = leaders_board("gba");
	int a = leader(g, "a", 0, 2116, 1, 4);
	int d = leader(g, "d", 1, 2016, 1, 2);
	force(g, 2, (const int[]){3, 5}); /* 7 and 7 */
	cr_assert(shock_step_leaders(g));
	cr_expect_not(g->shock.casualty[a]);
	cr_expect_not(g->shock.casualty[d]);
	cr_expect_eq(g->leaders[d].state, g->leaders[a].state);
	cr_expect(g->leaders[a].fought_personal_combat);
	game_free(g);

	g = leaders_board("gba");
	a = leader(g, "a", 0, 2116, 1, 4);
	d = leader(g, "d", 1, 2016, 1, 2);
	force(g, 2, (const int[]){9, 4}); /* 13 against 6 */
	cr_assert(shock_step_leaders(g));
	cr_expect(g->leaders[d].killed, "GBA 8.43: difference 7");
	cr_expect_not(g->leaders[a].killed);
	game_free(g);
}

/* GBA 8.34: when only one side has a leader in the combat he rolls the
 * casualty check (a 0 is a casualty); no Personal Combat. */
Test(gba_shock, a_lone_sides_leader_checks_gba_8_34)
{
	struct game *g = leaders_board("gba");
	int a = leader(g, "alexander", 0, 2116, 3, 7);
	size_t from = g->events.n;
	force(g, 1, (const int[]){4});
	cr_assert(shock_step_leaders(g));
	cr_expect_eq(count(g, from, "personal_combat"), 0);
	cr_expect_eq(count(g, from, "leader_hit"), 1, "GBA 8.34");
	cr_expect_not(g->shock.casualty[a]);
	cr_expect_not(g->leaders[a].fought_personal_combat);
	game_free(g);
}

/* Ruling A17: a leader without a Personal Combat rating (an Indian
 * leader) fights none; both leaders check instead (GBA 8.34). */
Test(gba_shock, a_leader_without_pc_makes_both_check_gba_8_41)
{
	struct game *g = leaders_board("gba");
	leader(g, "alexander", 0, 2116, 3, 7);
	leader(g, "porus", 1, 2016, 2, -1);
	size_t from = g->events.n;
	force(g, 2, (const int[]){4, 4});
	cr_assert(shock_step_leaders(g));
	cr_expect_eq(count(g, from, "personal_combat"), 0, "GBA 8.41");
	cr_expect_eq(count(g, from, "leader_hit"), 2);
	game_free(g);
}

/* Ruling A16: the side's highest rating fights for it; the others
 * neither fight nor check (GBA 8.34). */
Test(gba_shock, the_highest_rating_fights_gba_8_41)
{
	struct game *g = leaders_board("gba");
	leader(g, "a", 0, 2116, 1, 4);
	int a2 = leader(g, "a2", 0, 2116, 1, 6);
	int d = leader(g, "d", 1, 2016, 1, 5);
	size_t from = g->events.n;
	force(g, 2, (const int[]){0, 0}); /* 6 against 5: Finished */
	cr_assert(shock_step_leaders(g));
	cr_expect_eq(count(g, from, "leader_hit"), 0);
	cr_expect(g->leaders[a2].fought_personal_combat);
	cr_expect_not(g->leaders[0].fought_personal_combat);
	cr_expect(g->shock.casualty[d], "GBA 8.43: a difference of 1");
	cr_expect_eq(g->leaders[d].state, LS_FINISHED);
	cr_expect_eq(g->leaders[d].wounds, 0);
	game_free(g);
}

/* SPQR 8.44: every leader in the combat checks, whatever his rating. */
Test(gba_shock, spqr_leaders_all_check_8_44)
{
	struct game *g = leaders_board("spqr");
	leader(g, "a", 0, 2116, 1, 7);
	leader(g, "d", 1, 2016, 1, 4);
	size_t from = g->events.n;
	force(g, 2, (const int[]){4, 4});
	cr_assert(shock_step_leaders(g));
	cr_expect_eq(count(g, from, "personal_combat"), 0);
	cr_expect_eq(count(g, from, "leader_hit"), 2);
	game_free(g);
}

/* The battle file's personal_combat rating (GBA 8.41); none by default,
 * as in an SPQR battle. */
Test(gba_shock, the_battle_file_gives_the_pc_rating_gba_8_41)
{
	struct session s;
	fx_session(&s, "new gba_drill sandbox 1");
	const struct leader *k = NULL;
	for (int i = 0; i < s.game->nleaders; i++)
		if (!strcmp(s.game->leaders[i].id, "king"))
			k = &s.game->leaders[i];
	cr_assert_not_null(k);
	cr_expect_eq(k->personal_combat, 5, "GBA 8.41");
	session_free(&s);
	fx_session(&s, "new drill sandbox 1");
	cr_expect_eq(s.game->leaders[0].personal_combat, -1);
	session_free(&s);
}

/* ------------------------------------------------------------ GBA 8.37 */

/* GBA 8.37's example: the attacking phalanx PH against the mercenary
 * peltasts LP1 and LP2 (TQ 5), with these hits, the combat's CRT rolled. */
struct push {
	struct game *g;
	struct unit *ph, *lp1, *lp2;
};

static struct push push_of_shields(const char *rs, int ph, int lp1, int lp2)
{
	struct push p;
	p.g = board(rs);
	p.ph = unit(p.g, "PH", 0, UT_PH, 2116, FACE_W);
	p.lp1 = unit(p.g, "LP1", 1, UT_LP, 2016, FACE_E);
	p.lp2 = unit(p.g, "LP2", 1, UT_LP, 2015, FACE_SE);
	p.ph->hits = ph;
	p.lp1->hits = lp1;
	p.lp2->hits = lp2;
	p.lp1->tq = p.lp2->tq = 5;
	int ci = combat(p.g, (struct unit *[]){p.ph, NULL},
			(struct unit *[]){p.lp1, p.lp2, NULL}, ZONE_FRONT);
	p.g->shock.c[ci].resolved = true;
	p.g->shock.batch_begin = 0;
	p.g->shock.batch_end = p.g->shock.ncombats;
	return p;
}

/* Whether the first event of `kind` from `from` has `key` = `want`. */
static bool field_is(const struct game *g, size_t from, const char *kind,
		     const char *key, const char *want)
{
	for (size_t i = from; i < g->events.n; i++)
		if (!strcmp(event_log_kind(&g->events, i), kind)) {
			struct event e;
			event_log_at(&g->events, i, &e);
			const char *v = event_get(&e, key);
			return v && !strcmp(v, want);
		}
	return false;
}

/* GBA 8.37: the peltast with 4 hits, three times the phalanx's 1 or
 * more, takes 2 more and routs in the collapse (6 over its TQ 5); the
 * one with 2 is untouched, and so is the phalanx. */
Test(gba_shock, breakthrough_example_routs_the_peltast_gba_8_37)
{
	struct push p = push_of_shields("gba", 1, 2, 4);
	cr_expect_eq(tables_variant(p.g->tables, RV_BREAKTHROUGH),
		     BREAKTHROUGH_TOTAL_HITS, "ruling R103");
	size_t from = p.g->events.n;
	gba_breakthrough(p.g, 0);
	cr_expect_eq(p.lp2->hits, 6, "GBA 8.37: 4 >= 3 x 1, two more");
	cr_expect_eq(p.lp1->hits, 2, "GBA 8.37: 2 < 3 x 1");
	cr_expect_eq(p.ph->hits, 1);
	cr_expect_eq(count(p.g, from, "breakthrough"), 1);
	cr_expect(field_is(p.g, from, "breakthrough", "unit", "LP2"));
	cr_expect(field_is(p.g, from, "breakthrough", "than", "PH"));
	cr_expect(field_is(p.g, from, "breakthrough", "unit_hits", "4"));
	cr_expect(field_is(p.g, from, "breakthrough", "than_hits", "1"));
	cr_expect(field_is(p.g, from, "breakthrough", "rule", "8.37"),
		  "a GBA game shows GBA 8.37 as its own number");
	cr_expect_not(p.lp2->routed, "held for the collapse");
	p.g->shock.step = SHS_COLLAPSE;
	p.g->shock.cursor = 0;
	p.g->shock.sub = 0;
	shock_step_collapse(p.g);
	cr_expect(p.lp2->routed || !game_unit_in_play(p.lp2),
		  "GBA 8.38: 6 hits over TQ 5");
	cr_expect_not(p.lp1->routed);
	game_free(p.g);

	/* SPQR has no such rule */
	p = push_of_shields("spqr", 1, 2, 4);
	cr_expect_eq(tables_variant(p.g->tables, RV_BREAKTHROUGH),
		     BREAKTHROUGH_NONE);
	gba_breakthrough(p.g, 0);
	cr_expect_eq(p.lp2->hits, 4, "SPQR: no Breakthrough");
	game_free(p.g);
}

/* The hits of PH, LP1 and LP2 after GBA 8.37 from ph, lp1 and lp2, as
 * "PH/LP1/LP2"; LP1 routed first when `routed`. */
static const char *pushed(int ph, int lp1, int lp2, bool routed, char *buf)
{
	struct push p = push_of_shields("gba", ph, lp1, lp2);
	p.lp1->routed = routed;
	gba_breakthrough(p.g, 0);
	sprintf(buf, "%d/%d/%d", p.ph->hits, p.lp1->hits, p.lp2->hits);
	game_free(p.g);
	return buf;
}

/* GBA 8.37: an enemy without hits counts as 1, each unit is compared
 * on its own and takes the 2 hits once however many enemies it
 * outnumbers, all compared before any is dealt; a routed unit takes no
 * part (ruling R160); a combat not fought has no push. */
Test(gba_shock, breakthrough_zero_counts_as_one_gba_8_37)
{
	char b[32];
	cr_expect_str_eq(pushed(0, 3, 2, false, b), "0/5/2",
			 "GBA 8.37: 0 hits count as 1");
	cr_expect_str_eq(pushed(3, 0, 1, false, b), "5/0/1",
			 "GBA 8.37: once, not per enemy");
	cr_expect_str_eq(pushed(0, 3, 0, false, b), "0/5/0",
			 "LP1's push spares nobody, pushes nobody");
	cr_expect_str_eq(pushed(3, 0, 2, true, b), "3/0/2",
			 "3 < 3 x 2: LP1 routed does not count");
	struct push p = push_of_shields("gba", 1, 2, 4);
	p.g->shock.c[0].resolved = false;
	gba_breakthrough(p.g, 0);
	cr_expect_eq(p.lp2->hits, 4, "GBA 8.37: after the shock is resolved");
	game_free(p.g);
}

/* The hits of PH (a hoplite here: a phalanx would share the peltasts'
 * hits as it likes, 10.13) and LP1 and LP2 after the resolution step
 * deals att and def hits (10.13) to units without any. */
static const char *resolved(int att, int def, char *buf)
{
	struct push p = push_of_shields("gba", 0, 0, 0);
	p.ph->type = UT_HI;
	p.g->shock.c[0].att_hits = (int16_t)att;
	p.g->shock.c[0].def_hits = (int16_t)def;
	p.g->shock.step = SHS_RESOLVE;
	p.g->shock.cursor = 0;
	p.g->shock.sub = 1;
	cr_assert(shock_step_resolve(p.g));
	sprintf(buf, "%d/%d/%d", p.ph->hits, p.lp1->hits, p.lp2->hits);
	game_free(p.g);
	return buf;
}

/* GBA 8.37 comes in the resolution step once both sides' hits are dealt
 * (10.13): the CRT's hits count in the comparison. */
Test(gba_shock, breakthrough_follows_the_hits_of_the_roll_gba_8_37)
{
	char b[32];
	cr_expect_str_eq(resolved(1, 4, b), "1/2/2", "2 < 3 x 1: no push");
	cr_expect_str_eq(resolved(0, 6, b), "0/5/5",
			 "GBA 8.37 after 10.13: 3 >= 3 x max(0, 1)");
}

/* Heavy infantry HI (`hi_hits`) attacks the peltasts LP (`lp_hits`) in
 * their front, with the peltasts' LP2 (no hits) beside them, all of TQ
 * 9; the combat's roll is forced to `die` and resolved when die >= 0.
 * The sides (bit 0 the attacker's, bit 1 the defender's) GBA 8.37 then
 * hit. */
static int push_on_roll(const char *rs, int die, int hi_hits, int lp_hits,
			struct shock_preview *pv, int pct[2])
{
	struct game *g = board(rs);
	struct unit *hi = unit(g, "HI", 0, UT_HI, 2116, FACE_W);
	struct unit *lp = unit(g, "LP", 1, UT_LP, 2016, FACE_E);
	struct unit *lp2 = unit(g, "LP2", 1, UT_LP, 2015, FACE_SE);
	hi->hits = (int16_t)hi_hits;
	lp->hits = (int16_t)lp_hits;
	lp->tq = lp2->tq = hi->tq = 9;
	int ci = combat(g, (struct unit *[]){hi, NULL},
			(struct unit *[]){lp, lp2, NULL}, ZONE_FRONT);
	g->shock.batch_begin = 0;
	g->shock.batch_end = g->shock.ncombats;
	if (pv)
		cr_assert(shock_preview_combat(g, ci, pv));
	if (pct)
		shock_breakthrough_odds(g, ci, pct);
	int hit = 0;
	if (die >= 0) {
		size_t from = g->events.n;
		cr_assert(dice_force(&g->dice, die));
		g->shock.step = SHS_RESOLVE;
		g->shock.cursor = 0;
		g->shock.sub = 0;
		cr_assert(shock_step_resolve(g), "no hits to share by choice");
		cr_assert(g->shock.c[ci].resolved);
		for (size_t i = from; i < g->events.n; i++) {
			if (strcmp(event_log_kind(&g->events, i), "breakthrough"))
				continue;
			const char *u = event_log_get(&g->events, i, "unit");
			hit |= !strcmp(u, "HI") ? 1 : 2;
		}
	}
	game_free(g);
	return hit;
}

/* GBA 8.37 in the shock preview: the chance of the Breakthrough's 2 hits
 * for each side is that of the faces of the die whose resolution deals
 * them, the combat fought face by face to see; the preview's words tell
 * it; SPQR's preview tells none. */
Test(gba_shock, preview_tells_the_breakthrough_gba_8_37)
{
	/* LP's 4 hits against HI's none; HI's 7 against the peltasts' none */
	const int case_hits[2][2] = {{0, 4}, {7, 0}};
	for (int k = 0; k < 2; k++) {
		int hh = case_hits[k][0], lh = case_hits[k][1];
		int pct[2], want[2] = {0, 0};
		push_on_roll("gba", -1, hh, lh, NULL, pct);
		for (int d = 0; d < 10; d++) {
			int hit = push_on_roll("gba", d, hh, lh, NULL, NULL);
			want[0] += hit & 1 ? 10 : 0;
			want[1] += hit & 2 ? 10 : 0;
		}
		cr_expect_eq(pct[0], want[0], "attacker's side, case %d", k);
		cr_expect_eq(pct[1], want[1], "defender's side, case %d", k);
		cr_expect_gt(pct[k == 0], 0, "case %d: the side with the hits",
			     k);
	}
	struct shock_preview pv;
	int pct[2];
	push_on_roll("gba", -1, 0, 4, &pv, pct);
	cr_expect_eq(pv.breakthrough[1], pct[1]);
	cr_expect_eq(pv.breakthrough[0], 0);
	char text[SHOCK_PREVIEW_ITEM_MAX], want[96];
	shock_preview_text(&pv, text, sizeof text);
	snprintf(want, sizeof want,
		 "; Breakthrough +2 hits (GBA 8.37): defender %d%%", pct[1]);
	cr_expect(strstr(text, want) != NULL, "%s", text);
	push_on_roll("spqr", -1, 0, 4, &pv, pct);
	shock_preview_text(&pv, text, sizeof text);
	cr_expect_null(strstr(text, "Breakthrough"), "%s", text);
	cr_expect_eq(pct[0] + pct[1], 0);
}

/* The bare field under GBA's tables with one switch's choice changed: a
 * ruleset folder beside rules/spqr (its base) holding rules/gba's files
 * (links) but for variants.ini, GBA's with `from` made `to`. */
static struct game *board_switched(const char *from, const char *to)
{
	char root[] = "/tmp/maniple-gbashock-XXXXXX";
	cr_assert_not_null(mkdtemp(root));
	char p[1200], spqr[1100], mine[1100];
	snprintf(spqr, sizeof spqr, "%s/rules/spqr", fx_srcdir());
	snprintf(p, sizeof p, "%s/spqr", root);
	cr_assert_eq(symlink(spqr, p), 0);
	snprintf(mine, sizeof mine, "%s/mine", root);
	cr_assert_eq(mkdir(mine, 0700), 0);
	char cmd[4000];
	snprintf(cmd, sizeof cmd,
		 "for f in '%s'/rules/gba/*.ini; do ln -s \"$f\" '%s'/; done; "
		 "rm '%s/variants.ini'",
		 fx_srcdir(), mine, mine);
	cr_assert_eq(system(cmd), 0);
	snprintf(p, sizeof p, "%s/rules/gba/variants.ini", fx_srcdir());
	char *text = fx_slurp(p);
	char *at = strstr(text, from);
	cr_assert_not_null(at, "%s", from);
	size_t n = strlen(text) + strlen(to) + 1;
	char *out = malloc(n);
	cr_assert_not_null(out);
	snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to,
		 at + strlen(from));
	snprintf(p, sizeof p, "%s/variants.ini", mine);
	fx_write_file(p, out);
	free(out);
	free(text);
	struct game *g = field();
	tables_free(g->tables);
	struct ini_error err;
	g->tables = tables_load(mine, &err);
	cr_assert_not_null(g->tables, "%s:%d: %s", err.file, err.line,
			   err.msg);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	cr_assert_eq(system(cmd), 0);
	return g;
}

/* Ambiguity A3's other reading ([shock] breakthrough = resolution_hits):
 * only the hits of the combat's roll count, so the peltast that came
 * with 4 hits and took none in this combat is not pushed (GBA 8.37). */
Test(gba_shock, breakthrough_on_the_rolls_hits_alone_gba_8_37)
{
	struct game *g = board_switched("breakthrough = total_hits",
					"breakthrough = resolution_hits");
	cr_assert_eq(tables_variant(g->tables, RV_BREAKTHROUGH),
		     BREAKTHROUGH_RESOLUTION_HITS);
	struct unit *ph = unit(g, "PH", 0, UT_HI, 2116, FACE_W);
	struct unit *lp = unit(g, "LP", 1, UT_LP, 2016, FACE_E);
	int ci = combat(g, (struct unit *[]){ph, NULL},
			(struct unit *[]){lp, NULL}, ZONE_FRONT);
	struct shock_combat *c = &g->shock.c[ci];
	c->resolved = true;
	lp->hits = 4;
	ph->hits = 1;
	gba_breakthrough(g, ci);
	cr_expect_eq(lp->hits, 4, "no hit of this combat's roll");
	c->def_took[0] = 3; /* 3 of its hits from the roll, none for PH */
	c->att_took[0] = 0;
	gba_breakthrough(g, ci);
	cr_expect_eq(lp->hits, 6, "3 >= 3 x max(0, 1)");
	game_free(g);
}

/* ------------------------------------------------------------ GBA 8.46 */

/* GBA 8.46: the target (Darius) killed in Personal Combat ends the
 * battle at once, his enemy the winner; the game says why and refuses
 * play after it. */
Test(gba_shock, darius_killed_ends_the_battle_gba_8_46)
{
	struct game *g = leaders_board("gba");
	leader(g, "alexander", 0, 2116, 3, 7);
	int dar = leader(g, "darius", 1, 2016, 2, 4);
	g->leaders[dar].target = true;
	g->leaders[dar].wounds = 1; /* a second wound kills (GBA 8.45) */
	size_t from = g->events.n;
	force(g, 2, (const int[]){5, 4});
	shock_step_leaders(g);
	cr_assert(g->leaders[dar].killed);
	cr_expect_eq(g->phase, PHASE_OVER, "GBA 8.46: at once");
	cr_expect_eq(g->seq.result, RESULT_SIDE0, "GBA 8.46: his enemy wins");
	cr_expect_eq(seq_step_now(g), SEQ_OVER);
	cr_expect_eq(count(g, from, "game_over"), 1);
	cr_expect(field_is(g, from, "game_over", "why", "target_killed"));
	cr_expect(field_is(g, from, "game_over", "rule", "8.46"));
	game_free(g);

	/* another leader killed the same way ends nothing */
	g = leaders_board("gba");
	leader(g, "alexander", 0, 2116, 3, 7);
	int sp = leader(g, "spithridates", 1, 2016, 2, 4);
	g->leaders[sp].wounds = 1;
	force(g, 2, (const int[]){5, 4});
	shock_step_leaders(g);
	cr_assert(g->leaders[sp].killed);
	cr_expect_neq(g->phase, PHASE_OVER, "GBA 8.46: Darius alone");
	cr_expect_eq(g->seq.result, RESULT_NONE);
	game_free(g);
}

/* GBA 8.46: the target of either side, by whatever kills him (here a
 * lone leader's casualty check: 0, then 9 killed on the Leader Casualty
 * Chart, GBA 8.34, GBA 8.65). */
Test(gba_shock, a_target_killed_by_a_casualty_check_gba_8_46)
{
	struct game *g = leaders_board("gba");
	int k = leader(g, "king", 0, 2116, 3, 7);
	g->leaders[k].target = true;
	force(g, 2, (const int[]){0, 9});
	shock_step_leaders(g);
	cr_assert(g->leaders[k].killed, "GBA 8.34: 0, then 9");
	cr_expect_eq(g->phase, PHASE_OVER);
	cr_expect_eq(g->seq.result, RESULT_SIDE1, "GBA 8.46");
	game_free(g);
}

/* The battle file's leader key `target` (GBA 8.46): yes or no, default
 * no; a bad value is refused at its line. */
Test(gba_shock, the_battle_file_names_the_target_gba_8_46)
{
	char path[2048];
	snprintf(path, sizeof path, "%s/scenarios/gba_drill.ini", fx_srcdir());
	char *text = fx_slurp(path);
	char map[1100];
	snprintf(map, sizeof map, "map = %s/maps/drill.ini", fx_srcdir());
	const char *pins[][2] = {{"map = maps/drill.ini", map},
				 {"personal_combat = 4\n",
				  "personal_combat = 4\ntarget = yes\n"}};
	for (int i = 0; i < 2; i++) {
		char *at = strstr(text, pins[i][0]);
		cr_assert_not_null(at, "%s", pins[i][0]);
		size_t n = strlen(text) + strlen(pins[i][1]) + 1;
		char *t = malloc(n);
		cr_assert_not_null(t);
		snprintf(t, n, "%.*s%s%s", (int)(at - text), text, pins[i][1],
			 at + strlen(pins[i][0]));
		free(text);
		text = t;
	}
	char tmp[] = "/tmp/maniple-target-XXXXXX";
	int fd = mkstemp(tmp);
	cr_assert_geq(fd, 0);
	close(fd);
	fx_write_file(tmp, text);
	struct ini_error err;
	struct battle *b = battle_load(tmp, &err);
	cr_assert_not_null(b, "%s:%d: %s", err.file, err.line, err.msg);
	int targets = 0;
	for (int i = 0; i < b->nleaders; i++)
		if (b->leaders[i].target) {
			targets++;
			cr_expect_str_eq(b->leaders[i].id, "satrap");
		}
	cr_expect_eq(targets, 1, "GBA 8.46");
	battle_free(b);
	char *bad = strstr(text, "target = yes");
	memcpy(bad, "target = 2  ", 12);
	fx_write_file(tmp, text);
	cr_expect_null(battle_load(tmp, &err));
	cr_expect_not_null(strstr(err.msg, "target"), "%s", err.msg);
	cr_expect_gt(err.line, 0);
	unlink(tmp);
	free(text);
}

/* ------------------------------------------------------- GBA 8.5-8.55 */

/* The advance step of the segment over combat ci, its defender d routed
 * away to hex `to`. */
static void defender_routed(struct game *g, int ci, struct unit *d, int to)
{
	g->phase = PHASE_SHOCK;
	g->shock.step = SHS_ADVANCE;
	g->shock.attacker = 0;
	g->shock.batch_begin = 0;
	g->shock.batch_end = g->shock.ncombats;
	g->shock.cursor = 0;
	g->shock.sub = 0;
	int slot = -1;
	cr_assert_eq(shock_combat_role(g, ci, uix(g, d), &slot), 1);
	g->shock.c[ci].def_gone[slot] = true;
	d->routed = true;
	game_unit_set_hex(g, d, 0, H(to));
}

/* GBA 8.54: of two attackers, the one that gave Superiority advances;
 * without it the higher TQ. */
Test(gba_shock, who_advances_superiority_then_tq_gba_8_54)
{
	for (int sup = 0; sup < 2; sup++) {
		struct game *g = board("gba");
		struct unit *a1 = unit(g, "a1", 0, UT_HI, 3110, FACE_W);
		struct unit *a2 = unit(g, "a2", 0, UT_HI, 2910, FACE_E);
		struct unit *d = unit(g, "d", 1, UT_LP, 3010, FACE_E);
		a1->tq = 5;
		a2->tq = 7;
		int ci = combat(g, (struct unit *[]){a1, a2, NULL},
				(struct unit *[]){d, NULL}, ZONE_FRONT);
		if (sup) {
			g->shock.c[ci].superiority = SUP_AS;
			g->shock.c[ci].clash_att = 0; /* a1 gave it */
		}
		defender_routed(g, ci, d, 2020);
		shock_step_advance(g);
		const struct unit *in = sup ? a1 : a2;
		const struct unit *out = sup ? a2 : a1;
		cr_expect(hex_eq(in->at.hex[0], H(3010)), "%s",
			  sup ? "GBA 8.54: Superiority first"
			      : "GBA 8.54: the higher TQ");
		cr_expect_not(hex_eq(out->at.hex[0], H(3010)));
		game_free(g);
	}
}

/* GBA 8.55: no advance after missile fire alone: a unit routed by fire
 * is in no shock combat, and the firer stays. */
Test(gba_shock, no_advance_after_fire_gba_8_55)
{
	struct game *g = board("gba");
	struct unit *sk = unit(g, "sk", 0, UT_SK, 2116, FACE_W);
	struct unit *d = unit(g, "d", 1, UT_LP, 2016, FACE_E);
	g->phase = PHASE_SHOCK;
	g->shock.step = SHS_ADVANCE;
	g->shock.attacker = 0;
	d->routed = true;
	game_unit_set_hex(g, d, 0, H(1810));
	size_t from = g->events.n;
	cr_assert(shock_step_advance(g));
	cr_expect(hex_eq(sk->at.hex[0], H(2116)), "GBA 8.55");
	cr_expect_eq(count(g, from, "advance"), 0);
	game_free(g);
}

/* ------------------------------------------------------------ GBA 9.61 */

/* GBA 9.6 Phalanx Defense, GBA 9.61 and its example: a non-phalanx unit that moved and attacks a
 * phalanx frontally, both of whose flanks another phalanx covers, shifts
 * 2 columns left a flank (two legions: column 5 to 1), heavy infantry 1
 * a flank; not a phalanx's attack, not one through the flank, not an
 * attacker that did not move. */
Test(gba_shock, phalanx_defense_shifts_gba_9_61)
{
	struct game *g = board("gba");
	struct shock_shift_input in = {.defender_phalanx = true,
				       .side = ZONE_FRONT,
				       .attacker_moved_adjacent = true,
				       .attacker = UT_LG,
				       .covered_flanks = 2};
	cr_expect_eq(shock_phalanx_defense(g->tables, &in), -4,
		     "GBA 9.61 example: column 5 to 1");
	in.covered_flanks = 1;
	cr_expect_eq(shock_phalanx_defense(g->tables, &in), -2, "GBA 9.61");
	in.attacker = UT_HI;
	cr_expect_eq(shock_phalanx_defense(g->tables, &in), -1,
		     "GBA 9.61: 1L a flank against heavy infantry");
	in.covered_flanks = 2;
	cr_expect_eq(shock_phalanx_defense(g->tables, &in), -2);
	struct shock_shift_input x = in;
	x.any_attacker_phalanx = true;
	cr_expect_eq(shock_phalanx_defense(g->tables, &x), 0,
		     "GBA 9.61: a non-PH attacker");
	x = in;
	x.side = ZONE_FLANK;
	cr_expect_eq(shock_phalanx_defense(g->tables, &x), 0,
		     "GBA 9.61: frontally");
	x = in;
	x.attacker_moved_adjacent = false;
	cr_expect_eq(shock_phalanx_defense(g->tables, &x), 0,
		     "GBA 9.61: an attacker that moves");
	game_free(g);
}

/* GBA 8.53: a two-hex phalanx (2607-2608 facing W) whose target in its
 * centre front (2507) routed advances straight ahead, whole, either way;
 * half an advance is refused; then, where the half it keeps in place
 * would be in an enemy ZOC, it may add a wheel (6.44), paying its
 * cost. */
Test(gba_shock, a_phalanx_advances_whole_then_may_wheel_gba_8_53)
{
	struct game *g = board("gba");
	struct unit *p = unit(g, "ph", 1, UT_PH, 2607, FACE_W);
	game_unit_set_hex(g, p, 1, H(2608));
	p->size = 10;
	p->tq = 7;
	p->ma_ext = 5;
	struct unit *d = unit(g, "tr", 0, UT_HI, 2507, FACE_E);
	unit(g, "co", 0, UT_LG, 2406, FACE_SE);
	int ci = combat(g, (struct unit *[]){p, NULL},
			(struct unit *[]){d, NULL}, ZONE_FRONT);
	defender_routed(g, ci, d, 2307);
	g->shock.attacker = 1;
	cr_assert_not(shock_step_advance(g));
	cr_assert_eq(g->shock.ask, SHA_ADVANCE);
	char rule[16];
	cr_expect_eq(advance_cmd(g, "ph 2507", rule), CMD_REFUSED);
	cr_expect_str_eq(rule, "8.53", "GBA 8.53: the whole phalanx");
	cr_assert_eq(advance_cmd(g, "ph 2507,2506", rule), CMD_OK, "%s", rule);
	cr_expect(footprint_occupies(&p->at, H(2507)) &&
		  footprint_occupies(&p->at, H(2506)),
		  "GBA 8.53: straight ahead");
	cr_expect_eq(p->hits, 0);
	/* and a wheel may follow, with its cost */
	cr_assert_not(shock_step_advance(g));
	cr_assert_eq(g->shock.ask, SHA_ADVANCE);
	struct decision_answer a[8];
	int n = shock_advance_legal(g, a, 8);
	cr_assert_eq(n, 2, "one wheel, or keep");
	cr_expect_str_eq(a[1].line, "advance keep");
	dice_force(&g->dice, 0); /* the wheel's TQ check passes */
	cr_assert_eq(advance_cmd(g, a[0].line + strlen("advance "), rule),
		     CMD_OK, "%s", rule);
	cr_expect(footprint_occupies(&p->at, H(2506)), "GBA 8.53: pivots");
	cr_expect_geq(p->hits, 1, "GBA 8.53: it pays the wheel's cost");
	game_free(g);
}

/* ------------------------------------------------------------ GBA 9.62 */

/* A Double-Depth stack of two phalanxes (side 0, 2116-2117 facing W) and
 * the hoplites HI (side 1, 2016 facing E); `dd_attacks`: which side
 * attacks whom, with Shock Must Check. */
static struct game *double_depth(bool dd_attacks, struct unit **top)
{
	struct game *g = board("gba");
	struct unit *p[2];
	for (int k = 0; k < 2; k++) {
		p[k] = unit(g, k ? "ph2" : "ph1", 0, UT_PH, 2116, FACE_W);
		game_unit_set_hex(g, p[k], 1, H(2117));
		p[k]->double_depth = true;
	}
	*top = p[0];
	struct unit *hi = unit(g, "HI", 1, UT_HI, 2016, FACE_E);
	int ci = dd_attacks
			 ? combat(g, (struct unit *[]){p[0], p[1], NULL},
				  (struct unit *[]){hi, NULL}, ZONE_FRONT)
			 : combat(g, (struct unit *[]){hi, NULL},
				  (struct unit *[]){p[0], p[1], NULL},
				  ZONE_FRONT);
	g->shock.c[ci].must_check = true;
	return g;
}

/* GBA 9.62: a unit a Double-Depth phalanx attacks adds 1 to its
 * Pre-Shock check; a Double-Depth phalanx attacked takes 1 off its own;
 * attacked through the flank with Position Superiority its hits are
 * tripled, not doubled. */
Test(gba_shock, double_depth_in_shock_gba_9_62)
{
	struct unit *top;
	struct game *g = double_depth(true, &top);
	cr_assert_not_null(double_depth_mate(g, top));
	struct charge_check cc;
	cr_assert(shock_charge_check(g, 0, 1, 0, &cc));
	cr_expect(has_mod(&cc, "attacked_by_double_depth", 1), "GBA 9.62");
	game_free(g);

	g = double_depth(false, &top);
	cr_assert(shock_charge_check(g, 0, 1, 0, &cc));
	cr_expect(has_mod(&cc, "double_depth_defender", -1), "GBA 9.62");
	struct shock_calc out;
	memset(&out, 0, sizeof out);
	out.superiority.result = SUP_AS;
	out.superiority.position = true;
	out.side = ZONE_FLANK;
	out.crt.defender_hits = 2;
	out.hits.final_defender_hits = 4;
	int hits = 0;
	cr_expect(double_depth_shock_tripled(g, top, &out, &hits));
	cr_expect_eq(hits, 6, "GBA 9.62: x3 through the flank");
	out.side = ZONE_FRONT;
	cr_expect_not(double_depth_shock_tripled(g, top, &out, &hits));
	cr_expect_eq(hits, 4, "GBA 9.62: frontally as any other");
	game_free(g);
}

/* ------------------------------------------------------------ GBA 9.65 */

/* The collapse (GBA 8.38) of a combat where the defender D (TQ 7, 8 hits,
 * `two_hex` or not) is about to rout; the die forced; whether it rolled
 * to stand and whether it routed. */
static void collapse_of(const char *rs, enum unit_type t, bool two_hex,
			int die, bool *rolled, bool *routed)
{
	struct game *g = board(rs);
	struct unit *a = unit(g, "A", 0, UT_LG, 3110, FACE_W);
	struct unit *d = unit(g, "D", 1, t, 3010, FACE_E);
	if (two_hex)
		game_unit_set_hex(g, d, 1, H(3011));
	d->tq = 7;
	d->hits = 8;
	combat(g, (struct unit *[]){a, NULL}, (struct unit *[]){d, NULL},
	       ZONE_FRONT);
	g->shock.c[0].resolved = true;
	g->phase = PHASE_SHOCK;
	g->shock.step = SHS_COLLAPSE;
	g->shock.batch_begin = 0;
	g->shock.batch_end = 1;
	dice_force(&g->dice, die);
	size_t from = g->events.n;
	shock_step_collapse(g);
	*rolled = count(g, from, "phalanx_stand_or_rout") == 1;
	*routed = d->routed || !game_unit_in_play(d);
	game_free(g);
}

/* GBA 9.65: a two-hex phalanx or two-hex heavy infantry about to rout
 * rolls: the die plus its hits over the TQ (8 - 7: +1), not over its TQ
 * 7 stands (a 6), over it routs (a 7); a one-hex phalanx routs with no
 * roll (ruling R161; SPQR 8.47: every phalanx rolls, heavy infantry
 * never). */
Test(gba_shock, two_hex_heavy_foot_roll_to_stand_gba_9_65)
{
	bool rolled, routed;
	collapse_of("gba", UT_HI, true, 6, &rolled, &routed);
	cr_expect(rolled, "GBA 9.65: two-hex heavy infantry");
	cr_expect_not(routed, "GBA 9.65: 6 + 1 <= 7 stands");
	collapse_of("gba", UT_PH, true, 7, &rolled, &routed);
	cr_expect(rolled, "GBA 9.65: a two-hex phalanx");
	cr_expect(routed, "GBA 9.65: 7 + 1 > 7 routs");
	collapse_of("gba", UT_PH, false, 0, &rolled, &routed);
	cr_expect_not(rolled, "GBA 9.65: double-size units only");
	cr_expect(routed);
	collapse_of("spqr", UT_HI, true, 0, &rolled, &routed);
	cr_expect_not(rolled, "SPQR 8.47: phalanxes only");
	collapse_of("spqr", UT_PH, false, 0, &rolled, &routed);
	cr_expect(rolled, "SPQR 8.47: any phalanx");
}

/* ------------------------------------------------------- GBA 9.63-9.64 */

/* GBA 9.63: missile hits on a unit in square are doubled: the archers
 * A (range 1, forced 0: a hit) put 1 hit on the hoplites HI in line and
 * 2 on them in square; a unit that routs leaves square (R164). */
Test(gba_shock, square_doubles_missile_hits_gba_9_63)
{
	for (int sq = 0; sq < 2; sq++) {
		struct game *g = board("gba");
		struct unit *a = unit(g, "A", 0, UT_SK, 2016, FACE_E);
		a->missile = MC_A;
		a->supply = SUPPLY_FULL;
		struct unit *hi = unit(g, "HI", 1, UT_HI, 2116, FACE_W);
		hi->tq = 9;
		struct footprint fp = hi->at;
		fp.square = sq;
		game_unit_place(g, hi, fp);
		cr_expect_eq(missile_hits_on(g, a, hi), sq ? 2 : 1);
		struct fire_check c;
		cr_assert(dice_force(&g->dice, 0));
		cr_assert(missile_fire(g, uix(g, a), WEAPON_MAIN, H(2116),
				       FIRE_OFFENSIVE, &c),
			  "%s", c.reason);
		cr_expect_eq(hi->hits, sq ? 2 : 1, "GBA 9.63: doubled");
		if (sq) { /* R164: routing opens the square */
			size_t from = g->events.n;
			hi->hits = 9;
			rout_begin(g, uix(g, hi), "10.21");
			cr_expect_not(hi->at.square);
			cr_expect(field_is(g, from, "square_left", "why",
					   "routed"));
		}
		game_free(g);
	}
}
