/* test_shock_resolve.c — the clash (8.45), the hand-to-hand struggle
 * (8.46), the sharing of hits (10.13, 6.68, 9.62), units In Column
 * attacked (6.75, 6.76) and javelins after shock (8.17), through the
 * step functions of the Shock segment over combats built by hand
 * (shock_add_combat) and the `clash` and `hits` commands, with forced
 * dice. */
#include <criterion/criterion.h>
#include <string.h>

#include "bare_field.h"
#include "logged.h"
#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/shock_calc.h"
#include "maniple/shock_resolve.h"
#include "maniple/tables.h"
#include "spqr_tables.h"

/* Side 0 is Rome, side 1 Carthage. */
static struct game *new_game(void)
{
	struct game *g = field(); /* with the SPQR tables (bare_field.h) */
	cr_assert_not_null(g);
	return g;
}

static int uix(const struct game *g, const char *id)
{
	for (int i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	cr_assert_fail("no unit %s", id);
	return -1;
}

static struct unit *U(struct game *g, const char *id)
{
	return &g->units[uix(g, id)];
}

/* A unit with its Size and TQ. */
static struct unit *unit(struct game *g, const char *id, int side,
			 enum unit_type t, int hex, int facing, int size,
			 int tq)
{
	struct unit *u = put(g, id, side, t, "", hex, facing);
	u->size = size;
	u->tq = tq;
	return u;
}

/* A phalanx over hexes h0 and h1. */
static struct unit *phalanx(struct game *g, const char *id, int side,
			    int h0, int h1, int facing, int size, int tq)
{
	struct unit *u = unit(g, id, side, UT_PH, h0, facing, size, tq);
	game_unit_set_hex(g, u, 1, H(h1));
	cr_assert_null(footprint_check(&u->at));
	return u;
}

static void leader(struct game *g, const char *id, int side, int hex,
		   int charisma)
{
	struct leader *l = &g->leaders[g->nleaders++];
	memset(l, 0, sizeof *l);
	game_leader_text(g, l);
	snprintf(l->id, sizeof l->id, "%s", id);
	l->side = side;
	l->charisma = charisma;
	l->hex = H(hex);
	l->on_map = true;
	l->available = true;
}

/* A combat: attackers and defenders by id (NULL-terminated lists). */
static int combat(struct game *g, const char *const *att,
		  const char *const *def)
{
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	for (; *att; att++) {
		c->att_at[c->natt] = U(g, *att)->at;
		c->att[c->natt++] = uix(g, *att);
	}
	for (; *def; def++) {
		c->def_at[c->ndef] = U(g, *def)->at;
		c->def[c->ndef++] = uix(g, *def);
	}
	return ci;
}

/* The segment at step `step` over every combat, side `attacker`. */
static void at_step(struct game *g, int step, int attacker)
{
	struct shock_state *s = &g->shock;
	s->step = step;
	s->attacker = attacker;
	s->batch_begin = 0;
	s->batch_end = s->ncombats;
	s->cursor = 0;
	s->sub = 0;
}

static void next_step(struct game *g, int step)
{
	g->shock.step = step;
	g->shock.cursor = g->shock.batch_begin;
	g->shock.sub = 0;
}

static void force(struct game *g, int n, const int *dice)
{
	for (int i = 0; i < n; i++)
		cr_assert(dice_force(&g->dice, dice[i]));
}

/* The last event of a kind (about combat ci when ci >= 0). */
static const struct event *last(const struct game *g, const char *kind,
				int ci)
{
	for (size_t i = g->events.n; i-- > 0;) {
		const struct event *e = logged_event(&g->events, i);
		if (strcmp(e->kind, kind) != 0)
			continue;
		if (ci >= 0) {
			const char *c = event_get(e, "combat");
			if (!c || atoi(c) != ci)
				continue;
		}
		return e;
	}
	return NULL;
}

static const char *val(const struct game *g, const char *kind, int ci,
		       const char *key)
{
	const struct event *e = last(g, kind, ci);
	cr_assert_not_null(e, "no %s event", kind);
	const char *v = event_get(e, key);
	cr_assert_not_null(v, "no %s in %s", key, kind);
	return v;
}

/* Runs a command handler on g through a bare session; the status. */
static enum cmd_status run(struct game *g, cmd_handler h, const char *name,
			   const char *arg)
{
	struct session s;
	memset(&s, 0, sizeof s);
	s.game = g;
	struct cmd_result r;
	cmd_result_init(&r);
	char n[32], a[128];
	snprintf(n, sizeof n, "%s", name);
	snprintf(a, sizeof a, "%s", arg);
	char *argv[] = {n, a, NULL};
	h(&s, 2, argv, &r);
	enum cmd_status st = r.status;
	cmd_result_free(&r);
	return st;
}

/* ---------------------------------------- the Extended Shock Example */

/* EXAMPLES.md: the board after the charge (U 1, V 2, W routed away; C 2
 * and Z 4 hits from before) and the leader casualty check. */
static struct game *bagradas(void)
{
	struct game *g = new_game();
	phalanx(g, "A", 1, 2010, 2011, FACE_E, 10, 7)->moved_phase = true;
	phalanx(g, "B", 1, 2012, 2013, FACE_E, 10, 7)->moved_phase = true;
	unit(g, "C", 1, UT_MI, 2016, FACE_E, 5, 5)->hits = 2;
	unit(g, "T", 0, UT_LI, 2109, FACE_W, 3, 5);
	unit(g, "U", 0, UT_LG, 2110, FACE_W, 4, 6)->hits = 1;
	unit(g, "V", 0, UT_LG, 2111, FACE_W, 3, 6)->hits = 2;
	unit(g, "W", 0, UT_HI, 2112, FACE_W, 2, 6)->hits = 6;
	unit(g, "X", 0, UT_LI, 2113, FACE_W, 3, 5);
	unit(g, "Y", 0, UT_HI, 2115, FACE_W, 2, 6);
	unit(g, "Z", 0, UT_LI, 2116, FACE_W, 3, 5)->hits = 4;
	leader(g, "bostar", 1, 1810, 0);
	leader(g, "tribunus", 0, 2110, 0);
	int a = combat(g, (const char *[]){"A", NULL},
		       (const char *[]){"T", "U", "V", NULL});
	int b = combat(g, (const char *[]){"B", NULL},
		       (const char *[]){"W", "X", NULL});
	int c = combat(g, (const char *[]){"C", NULL},
		       (const char *[]){"Y", "Z", NULL});
	cr_assert_eq(a, 0);
	cr_assert_eq(c, 2);
	g->shock.c[a].att_moved = g->shock.c[b].att_moved = true;
	/* 8.43: W routed in the charge and moved away */
	g->shock.c[b].def_gone[0] = true;
	U(g, "W")->routed = true;
	game_unit_set_hex(g, U(g, "W"), 0, H(2312));
	return g;
}

Test(shock_resolve, extended_shock_example_clash_and_results)
{
	struct game *g = bagradas();
	at_step(g, SHS_CLASH, 1);
	/* 8.45 A's combat: LI gives the phalanx 10 and AS, LG 7: Rome owes
	 * the choice */
	cr_assert_not(shock_step_clash(g));
	cr_assert_eq(g->shock.ask, SHA_CLASH_DEFENDER);
	cr_assert_eq(g->shock.ask_side, 0);
	cr_assert_eq(g->shock.ask_combat, 0);
	struct decision_answer acts[8];
	int n = shock_resolve_legal(g, acts, 8);
	cr_assert_geq(n, 2);
	cr_assert(strstr(acts[0].line, "clash U") == acts[0].line,
		  "default first: %s", acts[0].line);
	cr_assert(strstr(acts[0].line, "column 7"));
	/* 8.45: a unit not in the combat, or the attacker's, is refused */
	cr_assert_eq(run(g, cmd_clash, "clash", "Y"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_clash, "clash", "A"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_clash, "clash", "U"), CMD_OK);
	cr_assert_eq(g->shock.ask, SHA_NONE);
	/* the attacker has one unit: no choice; B vs X alone; C's combat:
	 * Rome chooses */
	cr_assert_not(shock_step_clash(g));
	cr_assert_eq(g->shock.c[0].clash_def, 1);
	cr_assert_eq(g->shock.c[0].clash_att, 0);
	cr_assert_eq(g->shock.c[1].clash_def, 1); /* X */
	cr_assert_eq(g->shock.ask, SHA_CLASH_DEFENDER);
	cr_assert_eq(g->shock.ask_combat, 2);
	cr_assert_eq(run(g, cmd_hits, "hits", "Y"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_clash, "clash", "Y"), CMD_OK);
	cr_assert(shock_step_clash(g));
	cr_assert_eq(g->shock.c[2].clash_def, 0);
	cr_assert_eq(g->shock.c[2].side, ZONE_FRONT);

	/* 8.46: dice 6 (A), 2 (B), 6 (C) */
	next_step(g, SHS_RESOLVE);
	force(g, 3, (const int[]){6, 2, 6});
	cr_assert_not(shock_step_resolve(g));
	/* A's combat: 10 vs 4+3+3, column 7, 2(2): A takes 2 at once */
	cr_assert_str_eq(val(g, "clash", 0, "column"), "7");
	cr_assert_str_eq(val(g, "size_ratio", 0, "ratio"), "1-1");
	cr_assert_str_eq(val(g, "shock_result", 0, "crt"), "2(2)");
	cr_assert_str_eq(val(g, "superiority", 0, "result"), "none");
	cr_assert_eq(U(g, "A")->hits, 2);
	/* 10.13 exception: the attacking phalanx shares the 2 hits */
	cr_assert_eq(g->shock.ask, SHA_HITS);
	cr_assert_eq(g->shock.ask_side, 1);
	n = shock_resolve_legal(g, acts, 8);
	cr_assert_geq(n, 4);
	cr_assert_str_eq(acts[0].line, "hits T=1,U=1,V=0");
	cr_assert_eq(run(g, cmd_hits, "hits", "V=1"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_hits, "hits", "V"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_hits, "hits", "V=1,V=1"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_hits, "hits", "V=2"), CMD_OK);
	cr_assert_eq(U(g, "V")->hits, 4);
	cr_assert_eq(U(g, "T")->hits, 0);
	cr_assert_eq(U(g, "U")->hits, 1);
	cr_assert_eq(g->shock.c[0].def_took[2], 2);
	cr_assert_not(U(g, "V")->routed);

	cr_assert(shock_step_resolve(g));
	/* B vs X: 10 + 3 = 13 (10 vs 3, moved: 4-1), AS: 2(3) -> X 6, and
	 * X does not rout now (8.47 does it) */
	cr_assert_str_eq(val(g, "clash", 1, "column"), "10");
	cr_assert_str_eq(val(g, "size_ratio", 1, "ratio"), "4-1");
	cr_assert_str_eq(val(g, "shock_result", 1, "column"), "13");
	cr_assert_str_eq(val(g, "shock_result", 1, "crt"), "2(3)");
	cr_assert_str_eq(val(g, "superiority", 1, "result"), "AS");
	cr_assert_eq(g->shock.c[1].superiority, SUP_AS);
	cr_assert_eq(U(g, "X")->hits, 6);
	cr_assert_not(U(g, "X")->routed);
	cr_assert_eq(U(g, "B")->hits, 2);
	/* C: the triarii, 6; 5 vs 2+3; roll 6: 2(2): C 4, Y and Z 1 each */
	cr_assert_str_eq(val(g, "clash", 2, "column"), "6");
	cr_assert_str_eq(val(g, "shock_result", 2, "crt"), "2(2)");
	cr_assert_eq(U(g, "C")->hits, 4);
	cr_assert_eq(U(g, "Y")->hits, 1);
	cr_assert_eq(U(g, "Z")->hits, 5);
	cr_assert_not(U(g, "Z")->routed);
	for (int i = 0; i < 3; i++)
		cr_assert(g->shock.c[i].resolved);
	game_free(g);
}

/* ---------------------------------------- the odds of a combat's roll */

/* The Extended Shock Example through its clash (8.45): U and Y chosen. */
static struct game *bagradas_clashed(void)
{
	struct game *g = bagradas();
	at_step(g, SHS_CLASH, 1);
	cr_assert_not(shock_step_clash(g));
	cr_assert_eq(run(g, cmd_clash, "clash", "U"), CMD_OK);
	cr_assert_not(shock_step_clash(g));
	cr_assert_eq(run(g, cmd_clash, "clash", "Y"), CMD_OK);
	cr_assert(shock_step_clash(g));
	next_step(g, SHS_RESOLVE);
	return g;
}

/* 8.46: the CRT row of each of the example's three combats, face by
 * face: the example's own rolls (6, 2, 6) give 2(2), 2(3) doubled by
 * B's Attack Superiority to 6 hits on X, and 2(2); and
 * every face gives the hits the Shock segment applies with that die
 * forced.  The hits shared out (10.13) are answered with the first
 * legal line. */
Test(shock_resolve, combat_odds_every_face_extended_example_8_46)
{
	struct odds o[3];
	struct game *g = bagradas_clashed();
	for (int ci = 0; ci < 3; ci++) {
		cr_assert(shock_combat_odds(g, ci, &o[ci]));
		cr_assert(odds_complete(&o[ci]));
		int faces = 0;
		for (int k = 0; k < o[ci].n; k++)
			faces += o[ci].out[k].faces;
		cr_expect_eq(faces, 10);
		cr_expect_str_eq(o[ci].rule, "8.46");
	}
	cr_expect_str_eq(o[0].out[o[0].face[6]].name, "2(2)");
	cr_expect_str_eq(o[1].out[o[1].face[2]].name, "2(6)");
	cr_expect_str_eq(o[2].out[o[2].face[6]].name, "2(2)");
	struct odds none;
	cr_expect_not(shock_combat_odds(g, 3, &none), "no fourth combat");
	cr_expect_eq(none.faces, 0);
	game_free(g);
	for (int d = 0; d < 10; d++) {
		g = bagradas_clashed();
		force(g, 3, (const int[]){d, d, d});
		for (int guard = 0; !shock_step_resolve(g); guard++) {
			cr_assert_lt(guard, 8, "face %d: the segment waits", d);
			cr_assert_eq(g->shock.ask, SHA_HITS);
			struct decision_answer acts[16];
			cr_assert_gt(shock_resolve_legal(g, acts, 16), 0);
			cr_assert_eq(run(g, cmd_hits, "hits",
					 acts[0].line + strlen("hits ")),
				     CMD_OK, "%s", acts[0].line);
		}
		for (int ci = 0; ci < 3; ci++) {
			const struct shock_combat *c = &g->shock.c[ci];
			char got[16];
			snprintf(got, sizeof got, "%d(%d)", c->att_hits,
				 c->def_hits);
			cr_expect_str_eq(got, o[ci].out[o[ci].face[d]].name,
					 "combat %d face %d: %s, odds %s", ci,
					 d, got, o[ci].out[o[ci].face[d]].name);
		}
		game_free(g);
	}
}

/* ------------------------------------------------------ 8.45 examples */

/* 8.45 example 1: a phalanx attacking light infantry frontally: 10. */
Test(shock_resolve, clash_example1_phalanx_vs_light_infantry_front)
{
	struct game *g = new_game();
	phalanx(g, "P", 1, 2010, 2011, FACE_E, 10, 7);
	unit(g, "L", 0, UT_LI, 2110, FACE_W, 3, 5);
	combat(g, (const char *[]){"P", NULL}, (const char *[]){"L", NULL});
	at_step(g, SHS_CLASH, 1);
	cr_assert(shock_step_clash(g));
	cr_assert_str_eq(val(g, "clash_pick", 0, "by"), "automatic");
	cr_assert_str_eq(val(g, "clash_pick", 0, "column"), "10");
	cr_assert_eq(g->shock.c[0].side, ZONE_FRONT);
	game_free(g);
}

/* 8.45 example 2: heavy infantry against hastati on their flank (11) and
 * velites in front (9): the defender picks the velites. */
Test(shock_resolve, clash_example2_defender_picks_velites)
{
	struct game *g = new_game();
	unit(g, "HI", 1, UT_HI, 2016, FACE_E, 5, 6);
	unit(g, "VE", 0, UT_LI, 2115, FACE_W, 3, 5);
	unit(g, "HA", 0, UT_LG, 2116, FACE_NE, 3, 6); /* 2016 on its flank */
	combat(g, (const char *[]){"HI", NULL},
	       (const char *[]){"HA", "VE", NULL});
	at_step(g, SHS_CLASH, 1);
	cr_assert_not(shock_step_clash(g));
	cr_assert_eq(g->shock.ask, SHA_CLASH_DEFENDER);
	struct decision_answer acts[4];
	int n = shock_resolve_legal(g, acts, 4);
	cr_assert_eq(n, 2);
	cr_assert_str_eq(acts[0].line, "clash VE # column 9 AS");
	cr_assert_str_eq(acts[1].line, "clash HA # column 11 AS");
	cr_assert_eq(run(g, cmd_clash, "clash", "VE"), CMD_OK);
	cr_assert(shock_step_clash(g));
	cr_assert_eq(g->shock.c[0].clash_def, 1);
	cr_assert_eq(g->shock.c[0].side, ZONE_FRONT);
	game_free(g);
}

/* 8.45 example 3: velites in front and heavy cavalry in the rear of a
 * phalanx: the attacker takes the cavalry (11) and Position
 * Superiority. */
Test(shock_resolve, clash_example3_attacker_picks_rear_cavalry)
{
	struct game *g = new_game();
	phalanx(g, "P", 1, 2010, 2011, FACE_E, 10, 7);
	unit(g, "VE", 0, UT_LI, 2110, FACE_W, 3, 5);
	unit(g, "EQ", 0, UT_HC, 1910, FACE_E, 4, 7);
	combat(g, (const char *[]){"VE", "EQ", NULL},
	       (const char *[]){"P", NULL});
	at_step(g, SHS_CLASH, 0);
	cr_assert_not(shock_step_clash(g));
	cr_assert_eq(g->shock.ask, SHA_CLASH_ATTACKER);
	cr_assert_eq(g->shock.ask_side, 0);
	struct decision_answer acts[4];
	cr_assert_eq(shock_resolve_legal(g, acts, 4), 2);
	cr_assert(strstr(acts[0].line, "clash EQ # column 11"));
	cr_assert_eq(run(g, cmd_clash, "clash", "P"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_clash, "clash", "EQ"), CMD_OK);
	cr_assert(shock_step_clash(g));
	cr_assert_eq(g->shock.c[0].side, ZONE_REAR);
	next_step(g, SHS_RESOLVE);
	force(g, 1, (const int[]){5});
	cr_assert(shock_step_resolve(g));
	cr_assert_str_eq(val(g, "superiority", 0, "why"), "position");
	cr_assert(g->shock.c[0].position);
	cr_assert_eq(g->shock.c[0].superiority, SUP_AS);
	game_free(g);
}

/* 8.45 vertex rule: a phalanx whose halves touch the front and the flank
 * of a cohort strikes the side whose column is lower. */
Test(shock_resolve, clash_vertex_rule_two_hex_attacker)
{
	struct game *g = new_game();
	phalanx(g, "P", 1, 2010, 2011, FACE_E, 10, 7);
	/* facing NW: 2010 (WNW) is a Front hex, 2011 (WSW) a Flank hex */
	struct unit *co = unit(g, "CO", 0, UT_LG, 2110, FACE_NW, 4, 6);
	cr_assert_eq(footprint_zone(&co->at, H(2010)), ZONE_FRONT);
	cr_assert_eq(footprint_zone(&co->at, H(2011)), ZONE_FLANK);
	combat(g, (const char *[]){"P", NULL}, (const char *[]){"CO", NULL});
	at_step(g, SHS_CLASH, 1);
	cr_assert(shock_step_clash(g));
	int front = shock_clash_column(g->tables, UT_PH, UT_LG, ZONE_FRONT);
	int flank = shock_clash_column(g->tables, UT_PH, UT_LG, ZONE_FLANK);
	int want = front <= flank ? ZONE_FRONT : ZONE_FLANK;
	cr_assert_eq(g->shock.c[0].side, want);
	cr_assert_eq(atoi(val(g, "clash_pick", 0, "column")),
		     front <= flank ? front : flank);
	game_free(g);
}

/* ----------------------------------------------------- 8.46 step 2, 3 */

static struct game *eleven_five(bool moved)
{
	struct game *g = new_game();
	unit(g, "H1", 0, UT_LG, 2115, FACE_W, 6, 6)->moved_phase = moved;
	unit(g, "H2", 0, UT_LG, 2116, FACE_W, 5, 6);
	unit(g, "D", 1, UT_LG, 2016, FACE_E, 5, 6);
	combat(g, (const char *[]){"H1", "H2", NULL},
	       (const char *[]){"D", NULL});
	at_step(g, SHS_CLASH, 0);
	cr_assert(shock_step_clash(g));
	next_step(g, SHS_RESOLVE);
	return g;
}

/* 8.46 step 2 example: 11-5 is 3-1 (2R) when an attacker moved, 2-1
 * (1R) when none did. */
Test(shock_resolve, size_ratio_11_to_5_moved_and_not)
{
	struct game *g = eleven_five(true);
	force(g, 1, (const int[]){4});
	shock_step_resolve(g);
	cr_assert_str_eq(val(g, "size_ratio", 0, "ratio"), "3-1");
	cr_assert_str_eq(val(g, "size_ratio", 0, "shift"), "2");
	int base = atoi(val(g, "clash", 0, "column"));
	cr_assert_eq(g->shock.c[0].column, base + 2);
	game_free(g);

	g = eleven_five(false);
	force(g, 1, (const int[]){4});
	shock_step_resolve(g);
	cr_assert_str_eq(val(g, "size_ratio", 0, "ratio"), "2-1");
	cr_assert_str_eq(val(g, "size_ratio", 0, "shift"), "1");
	cr_assert_eq(g->shock.c[0].column, base + 1);
	game_free(g);
}

/* 8.46 step 3 example: Hannibal with the attackers adds 3; Maharbal
 * killed leading them (8.44) takes off 4. */
Test(shock_resolve, charisma_hannibal_and_maharbal_killed)
{
	struct game *g = eleven_five(false);
	leader(g, "hannibal", 0, 2115, 3);
	leader(g, "gisgo", 0, 2116, 1);
	force(g, 1, (const int[]){4});
	shock_step_resolve(g);
	cr_assert_str_eq(val(g, "shock_roll", 0, "attacker_leader"),
			 "hannibal");
	cr_assert_str_eq(val(g, "shock_roll", 0, "charisma"), "3");
	cr_assert_str_eq(val(g, "shock_roll", 0, "modified"), "7");
	game_free(g);

	g = eleven_five(false);
	g->shock.c[0].leader_killed[0] = true;
	g->shock.c[0].killed_charisma[0] = 2;
	force(g, 1, (const int[]){6});
	shock_step_resolve(g);
	cr_assert_str_eq(val(g, "shock_roll", 0, "killed"), "-4");
	cr_assert_str_eq(val(g, "shock_roll", 0, "modified"), "2");
	game_free(g);
}

/* 8.44, 8.46 step 3 (the Extended Shock Example's leader casualty): a
 * leader who became a casualty this segment lends no Charisma, even when
 * the table leaves him alive; the next best leader stacked in does. */
Test(shock_resolve, casualty_leader_lends_no_charisma_8_44)
{
	struct game *g = eleven_five(false);
	leader(g, "hannibal", 0, 2115, 3);
	leader(g, "gisgo", 0, 2116, 1);
	int h = -1;
	for (int i = 0; i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, "hannibal") == 0)
			h = i;
	cr_assert_geq(h, 0);
	g->shock.casualty[h] = true;
	force(g, 1, (const int[]){4});
	shock_step_resolve(g);
	cr_assert_str_eq(val(g, "shock_roll", 0, "attacker_leader"), "gisgo");
	cr_assert_str_eq(val(g, "shock_roll", 0, "charisma"), "1");
	cr_assert_str_eq(val(g, "shock_roll", 0, "modified"), "5");
	game_free(g);
}

/* ------------------------------------------------ 8.46 step 4 halvings */

/* 9.23 (RULINGS R10, the halving alone): the attacker's hits against a
 * skirmisher are halved, rounded down, at most 1. */
Test(shock_resolve, skirmisher_defender_halves_attacker_hits)
{
	for (int die = 0; die < 10; die++) {
		struct game *g = new_game();
		unit(g, "L", 0, UT_LI, 2115, FACE_W, 3, 5);
		unit(g, "S", 1, UT_SK, 2016, FACE_E, 2, 4);
		combat(g, (const char *[]){"L", NULL},
		       (const char *[]){"S", NULL});
		at_step(g, SHS_CLASH, 0);
		cr_assert(shock_step_clash(g));
		next_step(g, SHS_RESOLVE);
		force(g, 1, &die);
		shock_step_resolve(g);
		int before = atoi(val(g, "shock_result", 0, "attacker_hits"));
		int want = before / 2 > 1 ? 1 : before / 2;
		cr_assert_eq(g->shock.c[0].att_hits, want, "die %d", die);
		cr_assert_eq(U(g, "L")->hits, want);
		if (before > 0)
			cr_assert_str_eq(
				val(g, "shock_result", 0, "sk_halved"),
				"9.23");
		/* 8.46 step 2: size is ignored with skirmishers */
		cr_assert_str_eq(val(g, "size_ratio", 0, "ignored"),
				 "skirmisher");
		game_free(g);
	}
}

/* 9.32 example: light cavalry with AS against heavy infantry deals the
 * printed result (doubled, then halved). */
Test(shock_resolve, light_cavalry_with_as_on_heavy_infantry_printed)
{
	struct game *g = new_game();
	unit(g, "N", 1, UT_LC, 2015, FACE_SE, 3, 6);
	/* the triarii face W: 2015 (N side) is a Flank hex of 2016 */
	unit(g, "TR", 0, UT_HI, 2016, FACE_W, 3, 6);
	combat(g, (const char *[]){"N", NULL}, (const char *[]){"TR", NULL});
	at_step(g, SHS_CLASH, 1);
	cr_assert(shock_step_clash(g));
	cr_assert_eq(g->shock.c[0].side, ZONE_FLANK);
	next_step(g, SHS_RESOLVE);
	force(g, 1, (const int[]){9});
	shock_step_resolve(g);
	cr_assert_eq(g->shock.c[0].superiority, SUP_AS);
	const char *crt = val(g, "shock_result", 0, "crt");
	int ah, dh;
	cr_assert_eq(sscanf(crt, "%d(%d)", &ah, &dh), 2);
	cr_assert_eq(g->shock.c[0].def_hits, dh);
	cr_assert_str_eq(val(g, "shock_result", 0, "lc_halved"),
			 "9.32");
	game_free(g);
}

/* 9.41 example: two legions attacking a phalanx frontally, with other
 * phalanxes in both its flank hexes, go from 5 to 1. */
Test(shock_resolve, phalanx_defense_column_1)
{
	struct game *g = new_game();
	phalanx(g, "P", 1, 2012, 2013, FACE_E, 6, 7);
	phalanx(g, "Q", 1, 2010, 2011, FACE_E, 10, 7);
	phalanx(g, "R", 1, 2014, 2015, FACE_E, 10, 7);
	unit(g, "L1", 0, UT_LG, 2112, FACE_W, 3, 6)->moved_phase = true;
	unit(g, "L2", 0, UT_LG, 2113, FACE_W, 3, 6)->moved_phase = true;
	int ci = combat(g, (const char *[]){"L1", "L2", NULL},
			(const char *[]){"P", NULL});
	g->shock.c[ci].att_moved = true;
	at_step(g, SHS_CLASH, 0);
	cr_assert(shock_step_clash(g));
	cr_assert_str_eq(val(g, "clash_pick", 0, "column"), "5");
	next_step(g, SHS_RESOLVE);
	force(g, 1, (const int[]){5});
	shock_step_resolve(g);
	cr_assert_str_eq(val(g, "shock_shift", 0, "what"), "phalanx_defense");
	cr_assert_str_eq(val(g, "shock_shift", 0, "shift"), "-4");
	cr_assert_eq(g->shock.c[0].column, 1);
	game_free(g);
}

/* ------------------------------------------------------ 6.75 and 6.76 */

static struct game *column_attacked(void)
{
	struct game *g = new_game();
	/* at 2217, the ESE neighbour of 2116, facing it */
	unit(g, "A", 1, UT_LG, 2217, FACE_NW, 3, 6);
	struct unit *c = unit(g, "COL", 0, UT_LG, 2116, FACE_W, 3, 6);
	/* In Column facing its S side: 2217 (ESE) is a Flank hex */
	c->at.in_column = true;
	c->at.facing = SIDE_S;
	cr_assert_null(footprint_check(&c->at));
	combat(g, (const char *[]){"A", NULL}, (const char *[]){"COL", NULL});
	return g;
}

/* 6.75: a unit In Column shock attacked gives the attacker AS. */
Test(shock_resolve, in_column_defender_gives_as)
{
	struct game *g = column_attacked();
	at_step(g, SHS_CLASH, 1);
	cr_assert(shock_step_clash(g));
	next_step(g, SHS_RESOLVE);
	force(g, 1, (const int[]){5});
	shock_step_resolve(g);
	cr_assert_str_eq(val(g, "superiority", 0, "result"), "AS");
	cr_assert_str_eq(val(g, "superiority", 0, "why"),
			 "defender_in_column");
	cr_assert_str_eq(val(g, "superiority", 0, "rule"), "6.75");
	game_free(g);
}

/* 6.76: at the end of the Orders Phase it leaves Column at 1 hit,
 * turned 30 degrees toward its attacker. */
Test(shock_resolve, in_column_attacked_reforms_at_end)
{
	struct game *g = column_attacked();
	at_step(g, SHS_END, 1);
	struct unit *c = U(g, "COL");
	int hits = c->hits;
	shock_resolve_segment_end(g);
	cr_assert_not(c->at.in_column);
	cr_assert_eq(c->hits, hits + 1);
	/* from side S: vertex SW (right) or SE (left); the attacker at 2217
	 * (ESE) is in the Front of SE's */
	cr_assert_eq(c->at.facing, FACE_SE);
	cr_assert_str_eq(val(g, "column_reformed", -1, "turned"), "left");
	cr_assert_str_eq(val(g, "column_reformed", -1, "rule"), "6.76");
	/* a unit In Column not attacked stays so */
	game_free(g);
}

/* ------------------------------------------------------------- 10.13 */

/* Two defenders, three hits: the extra goes to the unit used for the
 * column and superiority (10.13 #1, #2). */
Test(shock_resolve, extra_hit_to_the_clash_unit)
{
	struct game *g = new_game();
	unit(g, "A", 1, UT_HI, 2016, FACE_E, 6, 6);
	unit(g, "VE", 0, UT_LI, 2115, FACE_W, 3, 5);
	unit(g, "HA", 0, UT_LG, 2116, FACE_W, 3, 6);
	combat(g, (const char *[]){"A", NULL},
	       (const char *[]){"VE", "HA", NULL});
	at_step(g, SHS_CLASH, 1);
	g->shock.c[0].clash_def = 1; /* the defender chose HA */
	cr_assert(shock_step_clash(g));
	next_step(g, SHS_RESOLVE);
	g->shock.c[0].resolved = true; /* the CRT said 0(3) */
	g->shock.c[0].def_hits = 3;
	g->shock.sub = 1;
	cr_assert(shock_step_resolve(g));
	cr_assert_eq(U(g, "HA")->hits, 2);
	cr_assert_eq(U(g, "VE")->hits, 1);
	game_free(g);
}

/* Three defenders, two hits: one to the clash unit, the other the
 * owner's choice (10.13 #4). */
Test(shock_resolve, owner_chooses_the_extra_hit)
{
	struct game *g = new_game();
	unit(g, "A", 1, UT_HI, 2016, FACE_SE, 6, 6);
	unit(g, "D1", 0, UT_LG, 2116, FACE_W, 3, 6);
	unit(g, "D2", 0, UT_LG, 2117, FACE_NW, 3, 6);
	unit(g, "D3", 0, UT_LG, 2017, FACE_NE, 3, 6);
	combat(g, (const char *[]){"A", NULL},
	       (const char *[]){"D1", "D2", "D3", NULL});
	at_step(g, SHS_RESOLVE, 1);
	g->shock.c[0].clash_att = 0;
	g->shock.c[0].clash_def = 0;
	g->shock.c[0].side = ZONE_FRONT;
	g->shock.c[0].resolved = true;
	g->shock.c[0].def_hits = 2;
	g->shock.sub = 1;
	cr_assert_not(shock_step_resolve(g));
	cr_assert_eq(g->shock.ask, SHA_HITS);
	cr_assert_eq(g->shock.ask_side, 0);
	struct decision_answer acts[4];
	cr_assert_eq(shock_resolve_legal(g, acts, 4), 2);
	cr_assert_str_eq(acts[0].line, "hits D2");
	cr_assert_str_eq(acts[1].line, "hits D3");
	cr_assert_eq(run(g, cmd_hits, "hits", "D1"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_hits, "hits", "D2,D3"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_hits, "hits", "D3=1"), CMD_REFUSED);
	cr_assert_eq(U(g, "D1")->hits, 0);
	cr_assert_eq(run(g, cmd_hits, "hits", "D3"), CMD_OK);
	cr_assert_eq(U(g, "D1")->hits, 1);
	cr_assert_eq(U(g, "D2")->hits, 0);
	cr_assert_eq(U(g, "D3")->hits, 1);
	cr_assert(shock_step_resolve(g));
	game_free(g);
}

/* 6.68, 9.62: a stack shares equally, the extra to the top unit; from
 * the rear, to the bottom one. */
static void stack_case(bool rear, const char *gets_two)
{
	struct game *g = new_game();
	unit(g, "A", 1, UT_HI, rear ? 2216 : 2016, rear ? FACE_W : FACE_E, 6,
	     6);
	struct unit *bot = unit(g, "PR", 0, UT_LG, 2116, FACE_W, 3, 6);
	struct unit *top = unit(g, "HA", 0, UT_LG, 2116, FACE_W, 3, 6);
	game_put_on_top(g, bot);
	game_put_on_top(g, top);
	combat(g, (const char *[]){"A", NULL},
	       (const char *[]){"PR", "HA", NULL});
	at_step(g, SHS_CLASH, 1);
	cr_assert(shock_step_clash(g));
	cr_assert_eq(g->shock.c[0].side, rear ? ZONE_REAR : ZONE_FRONT);
	next_step(g, SHS_RESOLVE);
	g->shock.c[0].resolved = true;
	g->shock.c[0].def_hits = 3;
	g->shock.sub = 1;
	cr_assert(shock_step_resolve(g));
	cr_assert_eq(U(g, gets_two)->hits, 2, "%s", gets_two);
	cr_assert_eq(U(g, "PR")->hits + U(g, "HA")->hits, 3);
	game_free(g);
}

Test(shock_resolve, stack_extra_to_top)
{
	stack_case(false, "HA");
}

Test(shock_resolve, stack_rear_attack_extra_to_bottom)
{
	stack_case(true, "PR");
}

/* 10.13 exception: not when the phalanx defends; then the defender's
 * 10.13 rules apply to the attackers' hits. */
Test(shock_resolve, phalanx_exception_only_for_attacking_phalanx)
{
	struct game *g = new_game();
	phalanx(g, "P", 1, 2010, 2011, FACE_E, 10, 7);
	unit(g, "L1", 0, UT_LG, 2110, FACE_W, 3, 6);
	unit(g, "L2", 0, UT_LG, 2111, FACE_W, 3, 6);
	combat(g, (const char *[]){"L1", "L2", NULL},
	       (const char *[]){"P", NULL});
	at_step(g, SHS_RESOLVE, 0);
	g->shock.c[0].clash_att = 1;
	g->shock.c[0].clash_def = 0;
	g->shock.c[0].side = ZONE_FRONT;
	g->shock.c[0].resolved = true;
	g->shock.c[0].att_hits = 3;
	g->shock.sub = 1;
	cr_assert(shock_step_resolve(g));
	cr_assert_eq(U(g, "L2")->hits, 2);
	cr_assert_eq(U(g, "L1")->hits, 1);
	game_free(g);
}

/* ------------------------------------------------------------- 8.17 */

/* 8.17 bullet 4: javelin-armed infantry that fought is Missile No; one
 * whose combat was called off keeps its javelins. */
Test(shock_resolve, javelins_spent_after_shock)
{
	struct game *g = new_game();
	unit(g, "A", 1, UT_LG, 2016, FACE_E, 3, 6)->missile = MC_J;
	unit(g, "D", 0, UT_LI, 2116, FACE_W, 3, 5)->missile = MC_J;
	unit(g, "E", 1, UT_LG, 2020, FACE_E, 3, 6)->missile = MC_J;
	unit(g, "F", 0, UT_LI, 2120, FACE_W, 3, 5)->missile = MC_J;
	unit(g, "S", 0, UT_SK, 2117, FACE_W, 2, 4)->missile = MC_S;
	combat(g, (const char *[]){"A", NULL},
	       (const char *[]){"D", "S", NULL});
	int off = combat(g, (const char *[]){"E", NULL},
			 (const char *[]){"F", NULL});
	g->shock.c[0].resolved = true;
	g->shock.c[off].off = true;
	at_step(g, SHS_END, 1);
	shock_resolve_segment_end(g);
	cr_assert_eq(U(g, "A")->supply, SUPPLY_NO);
	cr_assert_eq(U(g, "D")->supply, SUPPLY_NO);
	cr_assert_eq(U(g, "S")->supply, SUPPLY_FULL);
	cr_assert_eq(U(g, "E")->supply, SUPPLY_FULL);
	cr_assert_eq(U(g, "F")->supply, SUPPLY_FULL);
	cr_assert_str_eq(val(g, "missile_supply", -1, "rule"), "8.17");
	game_free(g);
}

/* No clash decision is owed outside the segment: refused, 8.45. */
Test(shock_resolve, commands_refused_when_not_owed)
{
	struct game *g = new_game();
	cr_assert_eq(run(g, cmd_clash, "clash", "X"), CMD_REFUSED);
	cr_assert_eq(run(g, cmd_hits, "hits", "X"), CMD_REFUSED);
	game_free(g);
}

/* 9.41: no Phalanx Defense when the attackers started adjacent and did
 * not move. */
Test(shock_resolve, phalanx_defense_only_for_moving_attacks)
{
	struct game *g = new_game();
	phalanx(g, "P", 1, 2012, 2013, FACE_E, 6, 7);
	phalanx(g, "Q", 1, 2010, 2011, FACE_E, 10, 7);
	phalanx(g, "R", 1, 2014, 2015, FACE_E, 10, 7);
	unit(g, "L1", 0, UT_LG, 2112, FACE_W, 3, 6);
	unit(g, "L2", 0, UT_LG, 2113, FACE_W, 3, 6);
	combat(g, (const char *[]){"L1", "L2", NULL},
	       (const char *[]){"P", NULL});
	at_step(g, SHS_CLASH, 0);
	cr_assert(shock_step_clash(g));
	next_step(g, SHS_RESOLVE);
	force(g, 1, (const int[]){5});
	shock_step_resolve(g);
	cr_assert_null(last(g, "shock_shift", 0));
	cr_assert_eq(g->shock.c[0].column, 5);
	game_free(g);
}

/* 10.13 exception 1, 4.8: a Leader Elephant carrying its leader and
 * stacked with a combat unit: the other unit takes the hits up to its TQ,
 * the elephant only the excess.  Without its rider: the usual 10.13. */
static void leader_elephant_case(int hits, bool rider, int ha_gets,
				 int le_gets)
{
	struct game *g = new_game();
	unit(g, "A", 1, UT_HI, 2016, FACE_E, 6, 6);
	struct unit *e = unit(g, "LE", 0, UT_EL, 2116, FACE_W, 1, 6);
	e->leader_elephant = "rex";
	if (rider)
		leader(g, "rex", 0, 2116, 0);
	struct unit *h = unit(g, "HA", 0, UT_LG, 2116, FACE_W, 3, 5);
	game_put_on_top(g, e);
	game_put_on_top(g, h);
	combat(g, (const char *[]){"A", NULL},
	       (const char *[]){"HA", "LE", NULL});
	at_step(g, SHS_RESOLVE, 1);
	g->shock.c[0].clash_att = 0;
	g->shock.c[0].clash_def = 0;
	g->shock.c[0].side = ZONE_FRONT;
	g->shock.c[0].resolved = true;
	g->shock.c[0].def_hits = hits;
	g->shock.sub = 1;
	cr_assert(shock_step_resolve(g));
	cr_assert_null(last(g, "not_yet", -1));
	cr_assert_eq(U(g, "HA")->hits, ha_gets, "HA %d", U(g, "HA")->hits);
	cr_assert_eq(U(g, "LE")->hits, le_gets, "LE %d", U(g, "LE")->hits);
	if (rider)
		cr_assert_str_eq(val(g, "leader_elephant_spared", 0, "rule"),
				 "10.13,4.8");
	else
		cr_assert_null(last(g, "leader_elephant_spared", 0));
	game_free(g);
}

Test(shock_resolve, leader_elephant_spared_up_to_mate_tq_10_13)
{
	leader_elephant_case(3, true, 3, 0);  /* equal would be 2+1 */
	leader_elephant_case(5, true, 5, 0);  /* exactly HA's TQ 5 */
	leader_elephant_case(7, true, 5, 2);  /* the excess over TQ 5 */
	leader_elephant_case(3, false, 2, 1); /* no rider: 10.13 as usual */
}
