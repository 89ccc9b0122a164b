/* GBA 9.7 Cavalry Charge Formation and GBA 10.3 Cavalry Pursuit, played
 * on a field of GBA rules whose battle turns the option on (`[rules]
 * charge_formation = yes`).  Rule numbers cited as "GBA N.NN" are
 * GBA's. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/gba_charge.h"
#include "maniple/gba_contingent.h"
#include "maniple/gboh_mapview.h"
#include "maniple/mapview.h"
#include "maniple/map.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/pursuit.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "maniple/shock_resolve.h"
#include "spqr_tables.h"
#include "session_play.h"
#include "fixture.h"
#include "move_fixture.h"

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	const char *cls;
	enum missile_class mc;
	int tq, ma;
};

/* Macedon is side 0, Persia side 1. */
static const struct usp units[] = {
	{"hc", 0, UT_HC, "", MC_NONE, 7, 8},
	{"ln", 0, UT_LN, "", MC_NONE, 6, 8},
	{"th", 0, UT_LC, "TH", MC_J, 6, 9},
	{"lc", 0, UT_LC, "", MC_J, 6, 9},
	{"hi", 0, UT_HI, "", MC_NONE, 6, 5},
	{"p_hc", 1, UT_HC, "", MC_NONE, 7, 8},
	{"p_lc", 1, UT_LC, "", MC_A, 6, 9},
	{"p_th", 1, UT_LC, "TH", MC_J, 6, 9},
	{"p_sk", 1, UT_SK, "A", MC_A, 4, 7},
	{"p_hi", 1, UT_HI, "", MC_NONE, 6, 5},
	{"p_mi", 1, UT_MI, "", MC_NONE, 5, 6},
	{NULL, 0, 0, NULL, MC_NONE, 0, 0},
};

/* The battles "cf" (GBA with Charge Formation), "gba" (without it) and
 * "spqr": the same field, leaders and units. */
static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	bool cf = strcmp(name, "cf") == 0;
	if (!cf && strcmp(name, "gba") != 0 && strcmp(name, "spqr") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = fx_empty_battle(name, "Field", 30, 20, "macedon",
					   "persia");
	snprintf(b->ruleset, sizeof b->ruleset, "%s", cf ? "gba" : name);
	b->charge_formation = cf;
	snprintf(b->sides[0].retreat_edge, sizeof b->sides[0].retreat_edge,
		 "south");
	snprintf(b->sides[1].retreat_edge, sizeof b->sides[1].retreat_edge,
		 "north");
	b->map->edges[0] = (struct retreat_edge){"north", EDGE_NORTH};
	b->map->edges[1] = (struct retreat_edge){"south", EDGE_SOUTH};
	b->map->nedges = 2;
	const struct {
		const char *id;
		int side, hex;
	} ls[] = {{"alexander", 0, 1603}, {"darius", 1, 1403}};
	for (size_t k = 0; k < 2; k++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls[k].id);
		l->side = ls[k].side;
		l->kind = LK_GENERAL;
		l->initiative = 6;
		l->command_range = 20;
		l->line_command = 1;
		l->overall = true;
		l->hex = H(ls[k].hex);
		l->on_map = true;
		l->available = true;
	}
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
		snprintf(u->cls, sizeof u->cls, "%s", s->cls);
		u->side = s->side;
		u->type = s->t;
		u->missile = s->mc;
		u->size = 3;
		u->tq = s->tq;
		u->ma = s->ma;
		u->at.hex[0] = u->at.hex[1] = HEX_NONE;
		u->on_map = false;
	}
	return b;
}

static struct session *open_game(const char *battle)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	char line[64];
	snprintf(line, sizeof line, "new %s sandbox 42", battle);
	ok(s, line);
	return s;
}

/* The command is refused naming rule, and changes nothing. */
static void refused(struct session *s, const char *line, const char *want)
{
	uint64_t before = game_digest(s->game);
	size_t nev = s->game->events.n;
	struct out o = run(s, line);
	cr_assert_eq(o.st, CMD_REFUSED, "%s: not refused", line);
	cr_assert_str_eq(o.rule, want, "%s: rule %s (%s)", line, o.rule,
			 o.reason);
	cr_assert_eq(game_digest(s->game), before, "%s changed the game",
		     line);
	cr_assert_eq(s->game->events.n, nev, "%s emitted events", line);
}

/* Whether the legal list now holds line (with a comment after it, or
 * none) */
static bool legal(struct session *s, const char *line)
{
	struct decision_answer a[256];
	int n = seq_legal(s->game, a, 256);
	size_t len = strlen(line);
	for (int i = 0; i < n; i++)
		if (strncmp(a[i].line, line, len) == 0 &&
		    (a[i].line[len] == '\0' ||
		     strncmp(a[i].line + len, " # ", 3) == 0))
			return true;
	return false;
}

/* ------------------------------------------------- GBA 9.72, 9.73 */

/* GBA 9.72: HC, lancers and the Thracian LC (class TH) may take Charge
 * Formation; other LC and foot may not, nor any unit in a battle without
 * the option. */
Test(gba_charge, who_may_take_charge_formation_gba_9_72)
{
	struct session *s = open_game("cf");
	struct game *g = s->game;
	cr_expect(gba_charge_in_play(g));
	cr_expect(gba_charge_may_use(g, U(s, "hc")));
	cr_expect(gba_charge_may_use(g, U(s, "ln")));
	cr_expect(gba_charge_may_use(g, &g->units[UI(s, "th")]));
	cr_expect_not(gba_charge_may_use(g, U(s, "lc")));
	cr_expect_not(gba_charge_may_use(g, U(s, "hi")));
	place(s, "lc", 1210, FACE_NE);
	phase(s, "alexander");
	ok(s, "order lc");
	cr_expect_not(legal(s, "form charge"));
	refused(s, "form charge", "9.72");
	close_game(s);

	s = open_game("gba");
	cr_expect_not(gba_charge_may_use(s->game, U(s, "hc")));
	place(s, "hc", 1210, FACE_NE);
	phase(s, "alexander");
	ok(s, "order hc");
	cr_expect_not(legal(s, "form charge"));
	refused(s, "form charge", "9.7");
	close_game(s);
}

/* GBA 9.73: an Individual Order, 4 MP, then the move goes on with what is
 * left; GBA 9.76: leaving at will costs 2 MP.  The marker shows on the
 * map view's piece. */
Test(gba_charge, forming_costs_four_mp_leaving_two_gba_9_73_9_76)
{
	struct session *s = open_game("cf");
	place(s, "hc", 1210, FACE_NE);
	phase(s, "alexander");
	ok(s, "order hc");
	cr_expect(legal(s, "form charge"));
	cr_expect_not(legal(s, "form normal"));
	struct out o = ok(s, "form charge");
	cr_assert(has(&o, "charge_formation unit=hc mp=4 spent=4 left=4"),
		  "%s", o.ev);
	cr_expect(U(s, "hc")->charge_formation);
	cr_expect(legal(s, "form normal"));
	refused(s, "form charge", "9.73");
	o = ok(s, "form normal");
	cr_assert(has(&o, "charge_formation_ends unit=hc why=at_will mp=2 "
			  "spent=6 left=2"),
		  "%s", o.ev);
	cr_expect_not(U(s, "hc")->charge_formation);
	/* 2 MP left: not enough for the formation again */
	cr_expect_not(legal(s, "form charge"));
	refused(s, "form charge", "9.73");
	close_game(s);
}

/* GBA 9.73: not in an enemy ZOC; nor (R183) in a friend's hex */
Test(gba_charge, not_in_enemy_zoc_gba_9_73)
{
	struct session *s = open_game("cf");
	place(s, "hc", 1210, FACE_NE);
	place(s, "p_hi", 1209, FACE_SE); /* hc in its front */
	phase(s, "alexander");
	ok(s, "order hc");
	cr_expect_not(legal(s, "form charge"));
	refused(s, "form charge", "9.73");
	close_game(s);

	s = open_game("cf");
	place(s, "hc", 1211, FACE_NE);
	place(s, "lc", 1210, FACE_NE);
	phase(s, "alexander");
	ok(s, "order hc");
	ok(s, "move 1210");
	cr_expect_not(legal(s, "form charge"));
	refused(s, "form charge", "9.73");
	close_game(s);
}

/* The marker on the map view's piece and in the game's state text, and
 * `form normal` of a unit out of it is the Column's (6.73). */
Test(gba_charge, the_marker_shows_gba_9_73)
{
	struct session *s = open_game("cf");
	place(s, "ln", 1210, FACE_NE);
	phase(s, "alexander");
	ok(s, "order ln");
	ok(s, "form charge");
	char *text = game_state_text(s->game);
	cr_assert_not_null(text);
	cr_expect_not_null(strstr(text, "charge_formation=yes"));
	free(text);
	struct map_view *mv = gboh_map_view(s->game);
	cr_assert_not_null(mv);
	const struct mv_piece *p = mapview_piece(mv, "ln");
	cr_assert_not_null(p);
	char codes[16], names[128];
	mapview_marker_codes(p, codes, sizeof codes);
	cr_expect_not_null(strchr(codes, 'F'), "%s", codes);
	mapview_marker_names(p, names, sizeof names);
	cr_expect_not_null(strstr(names, "charge-formation"), "%s", names);
	mapview_free(mv);
	close_game(s);
}

/* ------------------------------------------------- GBA 9.71, 9.75 */

/* A combat of attacker a on defender d, a standing next to d and facing
 * it (d's front toward a when front), at step `step` of the segment. */
static int combat(struct session *s, const char *a, const char *d, int step)
{
	struct game *g = s->game;
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	c->att[0] = (uint8_t)UI(s, a);
	c->att_at[0] = U(s, a)->at;
	c->natt = 1;
	c->def[0] = (uint8_t)UI(s, d);
	c->def_at[0] = U(s, d)->at;
	c->ndef = 1;
	c->clash_att = c->clash_def = 0;
	c->side = ZONE_FRONT;
	struct shock_state *st = &g->shock;
	st->step = step;
	st->attacker = U(s, a)->side;
	st->batch_begin = 0;
	st->batch_end = st->ncombats;
	st->cursor = 0;
	st->sub = 0;
	return ci;
}

/* The superiority of a attacking d from the south (d faces it), with a
 * and d in Charge Formation or not. */
static int sup_of(const char *battle, const char *a, bool a_cf, const char *d,
		  bool d_cf)
{
	struct session *s = open_game(battle);
	place(s, a, 1211, FACE_NE);
	place(s, d, 1210, FACE_SE);
	U(s, a)->at.facing = FACE_NE; /* 1210 is its front (N side) */
	U(s, d)->at.facing = FACE_SW; /* the defender faces it */
	U(s, a)->charge_formation = a_cf;
	U(s, d)->charge_formation = d_cf;
	int ci = combat(s, a, d, SHS_RESOLVE);
	int col = 0, sup = -1;
	cr_assert(shock_combat_terms(s->game, ci, &col, &sup), "%s on %s", a,
		  d);
	close_game(s);
	return sup;
}

/* GBA 9.71: cavalry attacking out of Charge Formation gets no System
 * Superiority, neither the chart's AS nor its DS (R181), except against
 * skirmishers; without the option the chart holds. */
Test(gba_charge, no_system_superiority_out_of_formation_gba_9_71)
{
	/* the chart: HC on LC is AS, HC on HI is DS, LC on HI is DS */
	cr_expect_eq(sup_of("gba", "hc", false, "p_lc", false), SUP_AS);
	cr_expect_eq(sup_of("gba", "hc", false, "p_hi", false), SUP_DS);
	cr_expect_eq(sup_of("cf", "hc", false, "p_lc", false), SUP_NONE);
	cr_expect_eq(sup_of("cf", "hc", false, "p_hi", false), SUP_NONE);
	cr_expect_eq(sup_of("cf", "lc", false, "p_hi", false), SUP_NONE);
	/* the Exception: SK */
	cr_expect_eq(sup_of("cf", "hc", false, "p_sk", false), SUP_AS);
	/* foot attacking is not touched: HI on MI */
	cr_expect_eq(sup_of("cf", "hi", false, "p_mi", false),
		     sup_of("gba", "hi", false, "p_mi", false));
	/* GBA 9.75 bullet 1: in formation the chart applies */
	cr_expect_eq(sup_of("cf", "hc", true, "p_hi", false), SUP_DS);
	cr_expect_eq(sup_of("cf", "hc", true, "p_lc", false), SUP_AS);
}

/* GBA 9.75: HC in formation is AS against cavalry out of it and against
 * Thracian LC in it; Thracian LC in formation is AS against all cavalry
 * but HC.  The superiority event names the rule. */
Test(gba_charge, formed_cavalry_attack_superior_gba_9_75)
{
	/* HC on HC: the chart has none */
	cr_expect_eq(sup_of("gba", "hc", false, "p_hc", false), SUP_NONE);
	cr_expect_eq(sup_of("cf", "hc", true, "p_hc", false), SUP_AS);
	cr_expect_eq(sup_of("cf", "hc", true, "p_hc", true), SUP_NONE);
	cr_expect_eq(sup_of("cf", "hc", true, "p_th", true), SUP_AS);
	/* Thracian LC: on LN the chart has none */
	cr_expect_eq(sup_of("gba", "th", false, "p_hc", false), SUP_NONE);
	cr_expect_eq(sup_of("cf", "th", true, "p_lc", true), SUP_AS);
	cr_expect_eq(sup_of("cf", "th", true, "p_th", true), SUP_AS);
	cr_expect_eq(sup_of("cf", "th", true, "p_hc", false), SUP_NONE,
		     "never against HC");
	/* lancers in formation: the chart */
	cr_expect_eq(sup_of("cf", "ln", true, "p_hc", false),
		     sup_of("gba", "ln", false, "p_hc", false));
}

/* ------------------------------------------------------- GBA 9.76 */

/* GBA 9.76: after the shock combat, attacker and defender alike are out
 * of formation (R183), each with an event; a unit that routs is out of it
 * at once. */
Test(gba_charge, out_of_formation_after_any_shock_gba_9_76)
{
	struct session *s = open_game("cf");
	place(s, "hc", 1211, FACE_NE);
	place(s, "p_hc", 1210, FACE_SW);
	place(s, "th", 1511, FACE_NE);
	U(s, "hc")->charge_formation = true;
	U(s, "p_hc")->charge_formation = true;
	U(s, "th")->charge_formation = true;
	int ci = combat(s, "hc", "p_hc", SHS_ADVANCE);
	s->game->shock.c[ci].resolved = true;
	size_t from = s->game->events.n;
	shock_step_advance(s->game);
	cr_expect_not(U(s, "hc")->charge_formation);
	cr_expect_not(U(s, "p_hc")->charge_formation);
	cr_expect(U(s, "th")->charge_formation, "th fought no combat");
	cr_expect_eq(fx_count(s->game, from, "charge_formation_ends"), 2);
	const struct event *e = fx_event(s->game, from,
					 "charge_formation_ends");
	cr_assert_not_null(e);
	cr_expect_str_eq(event_get(e, "why"), "shock");
	/* a rout ends it too */
	rout_begin(s->game, UI(s, "th"), "10.13");
	cr_expect(U(s, "th")->routed);
	cr_expect_not(U(s, "th")->charge_formation);
	close_game(s);
}

/* ------------------------------------------------ GBA 10.31-10.36 */

/* hc (TQ 7, MA 8) moved and attacked p_mi from 1211 (facing NE, 1210 its
 * front hex), in Charge Formation when formed; p_mi routs two hexes
 * north (10.21).  The combat, at the Advance step. */
static int routed_mi(struct session *s, bool formed, bool moved)
{
	place(s, "hc", 1211, FACE_NE);
	place(s, "p_mi", 1210, FACE_SW);
	struct unit *hc = U(s, "hc");
	hc->charge_formation = formed;
	hc->moved_phase = moved;
	int ci = combat(s, "hc", "p_mi", SHS_ADVANCE);
	struct shock_combat *c = &s->game->shock.c[ci];
	c->resolved = true;
	c->must_check = c->att_moved = moved;
	struct unit *mi = U(s, "p_mi");
	mi->hits = mi->tq;
	shock_rout_unit(s->game, ci, UI(s, "p_mi"), "10.13");
	cr_assert(mi->routed);
	cr_assert(hex_eq(mi->at.hex[0], H(1208)), "10.21: two hexes north");
	return ci;
}

static const char *ev_field(const struct game *g, size_t from,
			    const char *kind, const char *key)
{
	const struct event *e = fx_event(g, from, kind);
	const char *v = e ? event_get(e, key) : NULL;
	return v ? v : "";
}

/* GBA 9.76 (R188): cavalry that does not pursue leaves Charge Formation
 * before its advance after combat, which it makes out of it (GBA 9.74's
 * doubled terrain hits no longer apply). */
Test(gba_charge, out_of_formation_before_the_advance_gba_9_76)
{
	struct session *s = open_game("cf");
	routed_mi(s, true, true);
	struct game *g = s->game;
	size_t from = g->events.n;
	cr_assert(dice_force(&g->dice, 5)); /* 5 + 2 is not above TQ 7 */
	shock_step_advance(g);
	cr_expect_str_eq(ev_field(g, from, "pursuit_check", "result"),
			 "advance");
	cr_expect_not(U(s, "hc")->charge_formation);
	cr_expect_str_eq(ev_field(g, from, "charge_formation_ends", "why"),
			 "shock");
	/* the formation ends first, then hc advances into 1210 */
	size_t ends = 0, adv = 0;
	for (size_t i = from; i < g->events.n; i++) {
		const char *k = event_log_kind(&g->events, i);
		if (!ends && strcmp(k, "charge_formation_ends") == 0)
			ends = i;
		if (!adv && strcmp(k, "advance") == 0)
			adv = i;
	}
	cr_assert_gt(ends, 0);
	cr_assert_gt(adv, 0, "hc advances after combat");
	cr_expect_lt(ends, adv, "out of formation before the advance");
	cr_expect(hex_eq(U(s, "hc")->at.hex[0], H(1210)));
	close_game(s);
}

/* GBA 10.32: d10 + 2 above the TQ pursues: 5 + 2 = 7 against TQ 7 does
 * not, and the cavalry advances after combat as usual (no Break-Off,
 * no Pursuit marker); 6 + 2 does. */
Test(gba_charge, pursuit_roll_plus_two_above_tq_gba_10_32)
{
	struct session *s = open_game("cf");
	int ci = routed_mi(s, true, true);
	struct game *g = s->game;
	size_t from = g->events.n;
	cr_assert(dice_force(&g->dice, 5));
	bool done = true;
	cr_expect(pursuit_after_combat(g, ci, &done));
	cr_expect_not(done, "it advances after combat");
	cr_expect_str_eq(ev_field(g, from, "pursuit_check", "drm"), "2");
	cr_expect_str_eq(ev_field(g, from, "pursuit_check", "result"),
			 "advance");
	cr_expect_str_eq(ev_field(g, from, "pursuit_check", "rule"),
			 "10.32");
	cr_expect_eq(fx_count(g, from, "pursuit_move"), 0);
	cr_expect_not(U(s, "hc")->pursuit, "no Pursuit/Finished marker");
	cr_expect(hex_eq(U(s, "hc")->at.hex[0], H(1211)));
	close_game(s);

	s = open_game("cf");
	ci = routed_mi(s, true, true);
	g = s->game;
	from = g->events.n;
	cr_assert(dice_force(&g->dice, 6));
	pursuit_after_combat(g, ci, &done);
	cr_expect_str_eq(ev_field(g, from, "pursuit_check", "result"),
			 "pursue");
	cr_expect_gt(fx_count(g, from, "pursuit_move"), 0);
	cr_expect_not(U(s, "hc")->charge_formation,
		      "GBA 9.76: the pursuit begins out of formation");
	close_game(s);
}

/* GBA 10.31: only cavalry that moved to attack and attacked in Charge
 * Formation pursues; GBA 10.32: none when the defender was eliminated;
 * GBA 9.7: without the option none at all, the one option bringing
 * both. */
Test(gba_charge, who_pursues_gba_10_31)
{
	const struct {
		bool formed, moved;
		const char *why, *rule;
	} k[] = {{false, true, "no_charge_in_formation", "10.31"},
		 {true, false, "no_charge_in_formation", "10.31"}};
	for (size_t i = 0; i < 2; i++) {
		struct session *s = open_game("cf");
		int ci = routed_mi(s, k[i].formed, k[i].moved);
		size_t from = s->game->events.n;
		bool done = true;
		cr_expect(pursuit_after_combat(s->game, ci, &done));
		cr_expect_not(done);
		cr_expect_str_eq(ev_field(s->game, from, "pursuit_none", "why"),
				 k[i].why);
		cr_expect_str_eq(
			ev_field(s->game, from, "pursuit_none", "rule"),
			k[i].rule);
		cr_expect_eq(fx_count(s->game, from, "roll"), 0);
		close_game(s);
	}
	/* GBA 10.32: eliminated in its rout */
	struct session *s = open_game("cf");
	int ci = routed_mi(s, true, true);
	unit_eliminate(s->game, U(s, "p_mi"), "10.22");
	size_t from = s->game->events.n;
	bool done = true;
	pursuit_after_combat(s->game, ci, &done);
	cr_expect_str_eq(ev_field(s->game, from, "pursuit_none", "why"),
			 "defender_eliminated");
	cr_expect_str_eq(ev_field(s->game, from, "pursuit_none", "rule"),
			 "10.32");
	close_game(s);
	/* without the option */
	s = open_game("gba");
	ci = routed_mi(s, false, true);
	from = s->game->events.n;
	pursuit_after_combat(s->game, ci, &done);
	cr_expect_str_eq(ev_field(s->game, from, "pursuit_none", "why"),
			 "charge_formation_not_in_use");
	close_game(s);
}

/* GBA 10.33, 10.34: the pursuer follows the router's path and stops once
 * an enemy is in its ZOC (the router itself, next to it), then attacks
 * every enemy there with no Pre-Shock TQ checks; GBA 10.35: that attack
 * is fought at once, the pursuit waiting for it; GBA 10.36: it pays the
 * terrain hits of the hexes it enters (woods at 1209), no MP. */
Test(gba_charge, pursuit_follows_and_attacks_without_checks_gba_10_33)
{
	struct session *s = open_game("cf");
	struct game *g = s->game;
	int ci = routed_mi(s, true, true);
	fx_terrain(g, H(1209), TERRAIN_WOODS);
	struct unit *hc = U(s, "hc");
	/* the pursuit begins out of formation (R183): the woods' hits as
	 * they are out of it (GBA 9.74 would double them in it) */
	cr_assert(hc->charge_formation);
	hc->charge_formation = false;
	struct move_cost mc = move_hex_entry_cost(g, hc, H(1210), H(1209));
	hc->charge_formation = true;
	size_t from = g->events.n;
	cr_assert(dice_force(&g->dice, 9));
	bool done = false;
	cr_expect_not(pursuit_after_combat(g, ci, &done),
		      "the pursuit attack is fought first (10.35)");
	cr_expect(hex_eq(hc->at.hex[0], H(1209)), "followed to 1209");
	cr_expect_eq(fx_count(g, from, "pursuit_move"), 2);
	cr_expect_str_eq(ev_field(g, from, "pursuit_stop", "why"),
			 "enemy_in_zoc");
	cr_expect_eq(hc->hits, mc.prohibited ? 0 : mc.hits,
		     "GBA 10.36: the woods' hits");
	int fc = g->shock.c[ci].pursuit_followup;
	cr_assert_geq(fc, 0);
	const struct shock_combat *f = &g->shock.c[fc];
	cr_expect(f->pursuit);
	cr_expect_eq(f->ndef, 1);
	cr_expect_eq(f->def[0], UI(s, "p_mi"));
	cr_expect_not(f->must_check, "GBA 10.34: no Pre-Shock TQ checks");
	cr_expect_not(pursuit_followup_charges(g));
	close_game(s);
}

/* GBA 10.34: a pursuit attack that routs its defender starts the cycle
 * again with a new roll: 4 + 2 is not above TQ 7, so the cavalry stays
 * where its pursuit attack left it. */
Test(gba_charge, pursuit_repeats_with_a_new_roll_gba_10_34)
{
	struct session *s = open_game("cf");
	struct game *g = s->game;
	int ci = routed_mi(s, true, true);
	cr_assert(dice_force(&g->dice, 9));
	bool done = false;
	cr_assert_not(pursuit_after_combat(g, ci, &done));
	int fc = g->shock.c[ci].pursuit_followup;
	cr_assert_geq(fc, 0);
	/* the pursuit attack routs p_mi again (a routed unit hit is
	 * eliminated, 10.25): put a fresh enemy in its place */
	struct shock_combat *f = &g->shock.c[fc];
	f->resolved = true;
	place(s, "p_hi", 1306, FACE_SW);
	struct unit *hi = U(s, "p_hi");
	unit_eliminate(g, U(s, "p_mi"), "10.25");
	f->def[0] = (uint8_t)UI(s, "p_hi");
	f->def_at[0] = hi->at;
	hi->hits = hi->tq;
	shock_rout_unit(g, fc, UI(s, "p_hi"), "10.13");
	cr_assert(hi->routed);
	g->shock.nested = 0; /* the follow-up batch is over */
	size_t from = g->events.n;
	cr_assert(dice_force(&g->dice, 4));
	cr_expect(pursuit_after_combat(g, ci, &done));
	cr_expect(done);
	cr_expect_str_eq(ev_field(g, from, "pursuit_again", "rule"), "10.34");
	cr_expect_str_eq(ev_field(g, from, "pursuit_check", "result"),
			 "advance");
	cr_expect_eq(fx_count(g, from, "pursuit_move"), 0);
	close_game(s);
}

/* ------------------------------------------------------- GBA 9.74 */

/* The first line of the legal list that begins with prefix, copied into
 * buf (false, buf empty, when none does) */
static bool legal_first(struct session *s, const char *prefix, char *buf,
			size_t n)
{
	struct decision_answer a[256];
	int k = seq_legal(s->game, a, 256);
	buf[0] = '\0';
	for (int i = 0; i < k; i++)
		if (strncmp(a[i].line, prefix, strlen(prefix)) == 0) {
			snprintf(buf, n, "%s", a[i].line);
			return true;
		}
	return false;
}

/* A "cf" game with `id` placed at hex, facing f, in Charge Formation or
 * not */
static struct session *formed_at(const char *id, int hex, int f, bool cf)
{
	struct session *s = open_game("cf");
	place(s, id, hex, f);
	U(s, id)->charge_formation = cf;
	return s;
}

/* In formation (cf), line is not in the legal list and is refused by
 * GBA 9.74, changing nothing; out of it, it is played */
static void barred_in_formation(struct session *s, bool cf, const char *line)
{
	if (cf) {
		cr_expect_not(legal(s, line), "%s is legal", line);
		refused(s, line, "9.74");
	} else {
		ok(s, line);
	}
}

/* In formation (cf) no legal line begins with prefix, and `line` (when
 * not NULL) is refused by GBA 9.74; out of it, one does */
static void not_offered_in_formation(struct session *s, bool cf,
				     const char *prefix, const char *line)
{
	char got[128];
	cr_expect_eq(legal_first(s, prefix, got, sizeof got), !cf,
		     "cf=%d: %s", cf, got);
	if (cf && line)
		refused(s, line, "9.74");
}

/* GBA 9.74 bullet 1: a unit in Charge Formation fires no missiles: the
 * Thracian LC (javelins) is offered no fire under its order and no Entry
 * reaction fire when an enemy enters its ZOC; out of it, both. */
Test(gba_charge, no_missile_fire_in_formation_gba_9_74)
{
	for (int cf = 0; cf < 2; cf++) {
		struct session *s = formed_at("th", 1212, FACE_NE, cf);
		place(s, "p_sk", 1211, FACE_SE);
		phase(s, "alexander");
		ok(s, "order th");
		not_offered_in_formation(s, cf, "fire 1211", "fire 1211");
		/* every kind of fire: reaction, return, H&D */
		const enum fire_kind kinds[] = {FIRE_ENTRY, FIRE_RETURN,
						FIRE_HD};
		for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
			struct fire_check c;
			bool may = missile_check(s->game, UI(s, "th"),
						 WEAPON_MAIN, H(1211),
						 kinds[k], &c);
			cr_expect_eq(may, !cf, "kind %d", (int)kinds[k]);
			if (cf)
				cr_expect_str_eq(c.rule, "GBA 9.74");
		}
		close_game(s);

		/* p_lc (MA 9: no withdrawal before it) enters th's ZOC:
		 * Entry reaction fire (GBA 8.21) */
		s = formed_at("th", 1212, FACE_NE, cf);
		place(s, "p_lc", 1210, FACE_SE);
		phase(s, "darius");
		ok(s, "order p_lc");
		ok(s, "move 1211");
		not_offered_in_formation(s, cf, "react fire th", NULL);
		close_game(s);
	}
}

/* GBA 9.74 bullet 9: fire at a unit in Charge Formation subtracts 1 from
 * the die: p_lc's arrows need one more; the legal list's preview says
 * so, the volley's modifier event names it and `why` tells it. */
Test(gba_charge, fire_at_formation_minus_one_gba_9_74)
{
	int needed[2] = {0, 0};
	for (int cf = 0; cf < 2; cf++) {
		struct session *s = formed_at("hc", 1212, FACE_NE, cf);
		place(s, "p_lc", 1210, FACE_SE);
		phase(s, "darius");
		ok(s, "order p_lc");
		struct fire_check c;
		cr_assert(missile_check(s->game, UI(s, "p_lc"), WEAPON_MAIN,
					H(1212), FIRE_OFFENSIVE, &c),
			  "%s", c.reason ? c.reason : "");
		needed[cf] = c.needed;
		char want[64], line[128];
		snprintf(want, sizeof want, "fire 1212 # needs %d or less",
			 c.needed);
		cr_expect(legal_first(s, want, line, sizeof line), "%s: %s",
			  want, line);
		cr_assert(dice_force(&s->game->dice, 9));
		struct out o = ok(s, "fire 1212");
		cr_expect_eq(has(&o, "missile_modifier firer=p_lc "
				     "name=target_charge_formation drm=-1 "
				     "rule=9.74"),
			     cf, "%s", o.ev);
		if (cf) {
			struct cmd_result r;
			cmd_result_init(&r);
			session_exec(s, "why", &r);
			cr_assert_eq(r.status, CMD_OK);
			cr_assert_not_null(r.text);
			cr_expect_not_null(
				strstr(r.text, "target charge formation -1 "
					       "(rule 9.74)"),
				"%s", r.text);
			cmd_result_free(&r);
		}
		close_game(s);
	}
	cr_expect_eq(needed[1], needed[0] + 1, "GBA 9.74: -1 to the die");
}

/* GBA 9.74 bullet 2 (R113, R185): the Thracian LC (MA 9) in an enemy ZOC
 * of HI (MA 5) leaves it on its greater MA; in Charge Formation it may
 * not. */
Test(gba_charge, no_lc_mobility_in_formation_gba_9_74)
{
	char line[128] = "";
	for (int cf = 0; cf < 2; cf++) {
		struct session *s = formed_at("th", 1210, FACE_NE, cf);
		place(s, "p_hi", 1209, FACE_SE);
		phase(s, "alexander");
		ok(s, "order th");
		if (!cf) {
			cr_assert(legal_first(s, "move ", line, sizeof line),
				  "7.23: the greater MA leaves");
			char *hash = strchr(line, ' ');
			hash = hash ? strchr(hash + 1, ' ') : NULL;
			if (hash)
				*hash = '\0'; /* "move HEX" */
		} else {
			char other[128];
			cr_expect_not(legal_first(s, "move ", other,
						  sizeof other),
				      "%s", other);
			refused(s, line, "9.74");
			/* out of it again (2 MP), it may */
			ok(s, "form normal");
			ok(s, line);
		}
		close_game(s);
	}
}

/* GBA 9.74 bullets 3, 4: 2 MP a vertex in formation (1 out of it); a
 * unit that has not moved turns as far as it likes, but after more than
 * one vertex in its hex it stays; once it moved, one vertex a hex. */
Test(gba_charge, facing_in_formation_gba_9_74)
{
	for (int cf = 0; cf < 2; cf++) {
		struct session *s = formed_at("hc", 1211, FACE_NE, cf);
		phase(s, "alexander");
		ok(s, "order hc");
		struct out o = ok(s, "face E");
		cr_expect(has(&o, cf ? "vertices=1 mp=2 spent=2"
				     : "vertices=1 mp=1 spent=1"),
			  "cf=%d: %s", cf, o.ev);
		ok(s, "face NE");
		not_offered_in_formation(s, cf, "move ", NULL);
		barred_in_formation(s, cf, "move 1210");
		close_game(s);

		s = formed_at("hc", 1211, FACE_NE, cf);
		phase(s, "alexander");
		ok(s, "order hc");
		ok(s, "move 1210");
		ok(s, "face E");
		barred_in_formation(s, cf, "face SE");
		if (cf) {
			ok(s, "move 1310"); /* a new hex: one vertex more */
			ok(s, "face SE");
		}
		close_game(s);
	}
}

/* GBA 9.74 bullet 5 (R187): no Rough terrain, as the chart has it for
 * cavalry (woods cost it a hit); bullet 7: the terrain's hits doubled,
 * turning in Rough too (7.14). */
Test(gba_charge, no_rough_and_doubled_hits_gba_9_74)
{
	for (int cf = 0; cf < 2; cf++) {
		struct session *s = formed_at("hc", 1211, FACE_NE, cf);
		fx_terrain(s->game, H(1210), TERRAIN_WOODS);
		phase(s, "alexander");
		ok(s, "order hc");
		barred_in_formation(s, cf, "move 1210");
		close_game(s);

		/* standing in the woods, a turn costs 1 hit (2 in it) */
		s = formed_at("hc", 1211, FACE_NE, cf);
		fx_terrain(s->game, H(1211), TERRAIN_WOODS);
		phase(s, "alexander");
		ok(s, "order hc");
		struct out o = ok(s, "face E");
		cr_expect(has(&o, cf ? "cohesion_hit unit=hc hits=2 "
				     : "cohesion_hit unit=hc hits=1 "),
			  "cf=%d: %s", cf, o.ev);
		close_game(s);
	}
}

/* GBA 9.74 bullet 6 (R186): one level of elevation in the whole move;
 * bullet 7: the climb's hit doubled. */
Test(gba_charge, one_level_a_phase_gba_9_74)
{
	for (int cf = 0; cf < 2; cf++) {
		struct session *s = formed_at("hc", 1211, FACE_NE, cf);
		map_at_mut(s->game->battle->map, H(1210))->elevation = 1;
		map_at_mut(s->game->battle->map, H(1209))->elevation = 2;
		phase(s, "alexander");
		ok(s, "order hc");
		struct out o = ok(s, "move 1210");
		cr_expect(has(&o, cf ? "hits=2 total=2 tq=7 cause=elevation"
				     : "hits=1 total=1 tq=7 cause=elevation"),
			  "cf=%d: %s", cf, o.ev);
		barred_in_formation(s, cf, "move 1209");
		close_game(s);
	}
}

/* GBA 9.74 bullet 8: no Orderly Withdrawal: hc (MA 8) is offered one
 * when p_mi (MA 6) comes within 2 hexes, but not in formation, and
 * `withdraw` is refused. */
Test(gba_charge, no_orderly_withdrawal_in_formation_gba_9_74)
{
	for (int cf = 0; cf < 2; cf++) {
		struct session *s = formed_at("hc", 1212, FACE_NE, cf);
		place(s, "p_mi", 1209, FACE_SE);
		phase(s, "darius");
		ok(s, "order p_mi");
		ok(s, "move 1210");
		not_offered_in_formation(s, cf, "withdraw hc",
					 "withdraw hc 1213");
		close_game(s);
	}
}

/* ---------------------------------------------- GBA 9.73, commands */

/* A shipped battle, or tests/fixtures/gba-contingents.ini (GBA 5.6), with
 * the optional Charge Formation turned on */
static struct battle *cf_loader(void *user, const char *name,
				struct ini_error *err)
{
	struct battle *b =
		strcmp(name, "gba_contingents") == 0
			? fx_battle_file("tests/fixtures/gba-contingents.ini",
					 err)
			: fx_loader(user, name, err);
	if (b)
		b->charge_formation = true;
	return b;
}

static struct session *cf_session(const char *battle)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, cf_loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1;
	char line[64];
	snprintf(line, sizeof line, "new %s sandbox 1", battle);
	ok(s, line);
	return s;
}

/* GBA 9.73: a Macedonian Contingent Commander's command forms it: Philotas
 * (GBA 5.63) commands the Companions, and hc2 takes Charge Formation
 * under it, as on an Individual Order. */
Test(gba_charge, formed_by_a_contingent_command_gba_9_73)
{
	struct session *s = cf_session("gba_contingents");
	const char *const lines[] = {
		"setup turn 2",
		"setup leader-state strategos finished",
		"setup leader-state satrap finished",
		"continue",
		"setup leader-state parmenion finished",
		"activate alexander",
		"order philotas contingent",
		"pick hc2",
		NULL,
	};
	for (int k = 0; lines[k]; k++)
		ok(s, lines[k]);
	cr_assert(contingent_commanded(s->game, UI(s, "hc2")));
	cr_expect(legal(s, "form charge"));
	struct out o = ok(s, "form charge");
	cr_expect(has(&o, "charge_formation unit=hc2 mp=4 spent=4 left=4"),
		  "%s", o.ev);
	cr_expect(U(s, "hc2")->charge_formation);
	close_game(s);
}

/* GBA 9.73: never on a Line Command: the Persian horse's Line (hc2, lc1)
 * under the Strategos; the refusal says why and changes nothing. */
Test(gba_charge, not_on_a_line_command_gba_9_73)
{
	struct session *s = cf_session("gba_drill");
	ok(s, "continue");
	ok(s, "activate strategos");
	ok(s, "line horse");
	ok(s, "pick hc2");
	cr_expect_not(legal(s, "form charge"));
	struct out o = run(s, "form charge");
	cr_expect_str_eq(o.reason,
			 "Charge Formation is taken on an Individual Order or "
			 "a Contingent Command, never a Line Command");
	refused(s, "form charge", "9.73");
	cr_expect_not(U(s, "hc2")->charge_formation);
	close_game(s);
}

/* GBA 9.74 told: the legal list's `form charge` says what the formation
 * forbids (and is played as listed), the unit panel of a unit in it says
 * it all, and `why` tells a refused step's restriction. */
Test(gba_charge, the_restrictions_are_told_gba_9_74)
{
	struct session *s = formed_at("hc", 1211, FACE_NE, false);
	fx_terrain(s->game, H(1210), TERRAIN_WOODS);
	phase(s, "alexander");
	ok(s, "order hc");
	char line[128];
	cr_assert(legal_first(s, "form charge", line, sizeof line));
	cr_expect_not_null(strstr(line, " # in it: no fire, no withdrawal, "
					"no Rough, 2 MP a vertex"),
			   "%s", line);
	ok(s, line);
	cr_assert(U(s, "hc")->charge_formation);

	struct mv_text *t = calloc(1, sizeof *t);
	cr_assert_not_null(t);
	gboh_map_describe(s->game, "hc", t);
	bool told = false;
	for (int i = 0; i < t->n; i++)
		if (strstr(t->line[i].text, "in Charge Formation: ") &&
		    strstr(t->line[i].text, "no Orderly Withdrawal") &&
		    strstr(t->line[i].text, "fire at it -1"))
			told = true;
	cr_expect(told, "the unit panel says GBA 9.74");
	free(t);

	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "why move 1210", &r);
	cr_assert_eq(r.status, CMD_OK);
	cr_assert_not_null(r.text);
	cr_expect_not_null(strstr(r.text, "refused now (rule 9.74): a unit in "
					  "Charge Formation does not enter "
					  "Rough terrain"),
			   "%s", r.text);
	cmd_result_free(&r);
	close_game(s);
}

/* GBA 9.74 bullet 8 in a Line's withdrawal (GBA 6.77): p_hi comes within
 * 2 hexes of lc, whose Line of light cavalry (lc, th) withdraws; th, in
 * Charge Formation, stays, and says why. */
Test(gba_charge, stays_out_of_a_line_withdrawal_gba_9_74)
{
	struct session *s = open_game("cf");
	fx_line(s->game->battle, "horse", 0, "type:LC");
	place(s, "lc", 1006, FACE_NW);
	place(s, "th", 1007, FACE_NW);
	place(s, "p_hi", 1003, FACE_SE);
	game_leader(s->game, "alexander")->hex = H(1008);
	U(s, "th")->charge_formation = true;
	phase(s, "darius");
	ok(s, "order p_hi");
	struct out o = ok(s, "move 1004");
	cr_assert(has(&o, "withdrawal_offered unit=lc by=p_hi"), "%s", o.ev);
	o = ok(s, "withdraw line lc");
	cr_expect(has(&o, "line_withdrawal_stays unit=th why=charge_formation"),
		  "%s", o.ev);
	cr_expect_not(has(&o, "reaction_offer kind=withdraw unit=th"), "%s",
		      o.ev);
	close_game(s);
}
