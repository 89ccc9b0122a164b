/* Double-Depth phalanxes (9.5): forming by the Overall Commander's order
 * (9.51), the movement restrictions (9.52), and the combat effects (9.53:
 * combined Size, the odd hit to the top unit, tripled flank and rear hits)
 * played as commands through a sandbox session on a hand-built battle,
 * and through the Shock segment's steps, with forced dice. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/double_depth.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/phalanx.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"
#include "maniple/shock_resolve.h"
#include "maniple/stacking.h"
#include "changed_tables.h"
#include "spqr_tables.h"
#include "session_play.h"

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	int h0, h1; /* h1 0: a one-hex unit; h0 0: off the map */
	int facing;
	bool dd;
};

/* Side 1 the Macedonians: ph1 ahead, ph2 directly behind it (the 6.5
 * Cannae advance: 2912/3012 steps to 3013/3112 facing SE). */
static const struct usp units[] = {
	{"ph1", 1, UT_PH, 3013, 3112, FACE_SE, true},
	{"ph2", 1, UT_PH, 2912, 3012, FACE_SE, true},
	{"ph3", 1, UT_PH, 2508, 2608, FACE_SE, false},
	{"ph4", 1, UT_PH, 2407, 2507, FACE_SE, true},
	{"ha1", 0, UT_LG, 0, 0, FACE_NW, false},
	{"ha2", 0, UT_LG, 0, 0, FACE_NW, false},
	{NULL, 0, 0, 0, 0, 0, false},
};

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "dd") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = calloc(1, sizeof *b);
	struct map *m = calloc(1, sizeof *m);
	m->col_min = m->row_min = 1;
	m->col_max = 40;
	m->row_max = 30;
	m->ncols = 40;
	m->nrows = 30;
	m->hexes = calloc(1200, sizeof *m->hexes);
	b->map = m;
	m->nedges = 1; /* the Macedonians rout north-west, away from Rome */
	snprintf(m->edges[0].name, sizeof m->edges[0].name, "macedon");
	m->edges[0].edge = EDGE_NORTH;
	snprintf(b->id, sizeof b->id, "dd");
	snprintf(b->name, sizeof b->name, "Double Depth");
	snprintf(b->ruleset, sizeof b->ruleset, "spqr");
	snprintf(b->sides[0].id, sizeof b->sides[0].id, "rome");
	snprintf(b->sides[1].id, sizeof b->sides[1].id, "macedon");
	b->sides[0].withdrawal_level = b->sides[1].withdrawal_level = 99;
	snprintf(b->sides[1].retreat_edge, sizeof b->sides[1].retreat_edge,
		 "macedon");
	const struct {
		const char *id;
		int side;
		bool oc;
		int hex;
	} ls[] = {{"philip", 1, true, 2811},
		  {"nikanor", 1, false, 2810},
		  {"flamininus", 0, true, 101}};
	for (size_t i = 0; i < sizeof ls / sizeof ls[0]; i++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls[i].id);
		l->side = ls[i].side;
		l->kind = LK_GENERAL;
		l->initiative = 5;
		l->command_range = 8;
		l->line_command = 2;
		l->strategy = 4;
		l->overall = ls[i].oc;
		l->hex = H(ls[i].hex);
		l->on_map = true;
		l->available = true;
	}
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
		u->side = s->side;
		u->type = s->t;
		u->size = s->t == UT_PH ? 10 : 4;
		u->tq = 7;
		u->ma = s->t == UT_PH ? 4 : 5;
		u->ma_ext = s->t == UT_PH ? 5 : 0;
		u->dd_eligible = s->dd;
		u->at.hex[0] = s->h0 ? H(s->h0) : HEX_NONE;
		u->at.hex[1] = s->h1 ? H(s->h1) : HEX_NONE;
		u->at.facing = s->facing;
		u->on_map = s->h0 != 0;
	}
	struct line_def *d = &b->lines[b->nlines++];
	snprintf(d->name, sizeof d->name, "phalanx");
	d->side = 1;
	d->spacing = 1;
	d->nmembers = 1;
	snprintf(d->members[0], sizeof d->members[0], "type:PH");
	return b;
}

static struct session *open_game(void)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "new dd sandbox 42", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

/* The command is refused naming rule, and changes nothing. */
static void refused(struct session *s, const char *line, const char *rule)
{
	char *before = game_state_text(s->game);
	struct out o = run(s, line);
	char *after = game_state_text(s->game);
	cr_assert_eq(o.st, CMD_REFUSED, "%s: not refused", line);
	cr_assert_str_eq(o.rule, rule, "%s: rule %s (%s)", line, o.rule,
			 o.reason);
	cr_assert_str_eq(before, after, "%s changed the game", line);
	free(before);
	free(after);
}

/* ph2 formed under ph1 by Philip's Individual Order (9.51). */
static struct session *formed(void)
{
	struct session *s = open_game();
	phase(s, "philip");
	ok(s, "order ph2");
	struct out o = ok(s, "depth");
	cr_assert(has(&o, "double_depth top=ph1 bottom=ph2"), "%s", o.ev);
	return s;
}

/* ------------------------------------------------------- 9.51 forming */

/* 9.51: the back phalanx, directly behind, moves into the front one's
 * hexes at the terrain cost + 1 MP and goes underneath; the move of both
 * is complete for the phase. */
Test(double_depth, forming_by_the_oc_individual_order_9_51)
{
	struct session *s = open_game();
	cr_assert_eq(footprint_zone(&U(s, "ph2")->at, H(3013)), ZONE_FRONT);
	cr_assert_eq(footprint_zone(&U(s, "ph2")->at, H(3112)), ZONE_FRONT);
	phase(s, "philip");
	ok(s, "order ph2");
	struct out o = ok(s, "depth");
	/* clear terrain: 1 MP, plus 1 to stack */
	cr_assert(has(&o, "double_depth top=ph1 bottom=ph2 hex=3013 "
			  "hex2=3112 mp=2 rule=9.51"),
		  "%s", o.ev);
	struct game *g = s->game;
	struct unit *p1 = U(s, "ph1"), *p2 = U(s, "ph2");
	cr_assert(p1->double_depth && p2->double_depth);
	cr_assert(footprint_occupies(&p2->at, H(3013)));
	cr_assert(footprint_occupies(&p2->at, H(3112)));
	cr_assert_eq(p2->at.facing, FACE_SE);
	cr_assert(stacking_is_bottom(g, &g->units[UI(s, "ph2")])); /* 9.51 */
	cr_assert_eq(stacking_mate(g, p1), p2);
	cr_assert_not(g->ord.moving); /* the move is complete */
	/* 9.51: this completes the movement of both for the phase */
	refused(s, "order ph1", "5.24");
	refused(s, "order ph2", "5.24");
	close_game(s);
}

/* 9.51 by a Line Command: `pick` opens the back phalanx's move. */
Test(double_depth, forming_in_a_line_command_9_51)
{
	struct session *s = open_game();
	phase(s, "philip");
	struct out o = run(s, "line phalanx ph2");
	if (o.st != CMD_OK)
		o = ok(s, "line phalanx");
	ok(s, "pick ph2");
	o = ok(s, "depth");
	cr_assert(has(&o, "double_depth top=ph1 bottom=ph2"), "%s", o.ev);
	close_game(s);
}

/* 9.51: only directly from the Overall Commander. */
Test(double_depth, only_the_oc_forms_it_9_51)
{
	struct session *s = open_game();
	phase(s, "nikanor");
	ok(s, "order ph2");
	refused(s, "depth", "9.51");
	close_game(s);
}

/* 9.51: the back phalanx starts its move directly behind: not after a
 * step, not from elsewhere, and both must be eligible (9.5). */
Test(double_depth, must_start_directly_behind_and_be_eligible_9_51)
{
	struct session *s = open_game();
	phase(s, "philip");
	ok(s, "order ph4"); /* ph3 ahead of it is not eligible */
	refused(s, "depth", "9.51");
	ok(s, "order ph3"); /* not eligible itself */
	refused(s, "depth", "9.51");
	ok(s, "order ph1"); /* nothing directly ahead */
	refused(s, "depth", "9.51");
	close_game(s);

	s = open_game();
	phase(s, "philip");
	struct unit *p2 = U(s, "ph2");
	game_unit_set_hex(s->game, p2, 0, H(2812)); /* one hex further back: 2812/2911 */
	game_unit_set_hex(s->game, p2, 1, H(2911));
	cr_assert_null(footprint_check(&p2->at));
	ok(s, "order ph2");
	refused(s, "depth", "9.51");
	close_game(s);
}

/* 9.51: normal terrain costs + 1 MP, within the 4 MA (9.52). */
Test(double_depth, terrain_cost_plus_one_within_four_9_51)
{
	struct session *s = open_game();
	struct map *m = (struct map *)s->game->battle->map;
	map_at_mut(m, H(3112))->terrain = TERRAIN_WOODS;
	phase(s, "philip");
	ok(s, "order ph2");
	struct out o = run(s, "depth");
	if (o.st == CMD_OK) {
		int mp = 0;
		const char *p = strstr(o.ev, "mp=");
		cr_assert_not_null(p);
		mp = atoi(p + 3);
		cr_assert_gt(mp, 2, "woods cost more than clear: %s", o.ev);
		cr_assert_leq(mp, 4);
	} else {
		cr_assert(strcmp(o.rule, "9.51") == 0 ||
			  strcmp(o.rule, "6.27") == 0,
			  "%s %s", o.rule, o.reason);
	}
	close_game(s);
}

/* -------------------------------------------- 9.52 movement restrictions */

/* 9.52: orders only from the Overall Commander. */
Test(double_depth, orders_only_from_the_oc_9_52)
{
	struct session *s = formed();
	phase(s, "nikanor");
	refused(s, "order ph1", "9.52");
	refused(s, "order ph1 stack", "9.52");
	phase(s, "philip");
	ok(s, "order ph1");
	close_game(s);
}

/* 9.52: always the 4 MA, never the 5th MP (6.41). */
Test(double_depth, always_the_four_ma_9_52)
{
	struct session *s = formed();
	struct unit *p1 = U(s, "ph1");
	cr_assert_eq(unit_move_ma(s->game, p1), 4);
	p1->double_depth = false;
	cr_assert_eq(unit_move_ma(s->game, p1), 5);
	close_game(s);
}

/* 9.52: no Wheel (pivot, 6.43/6.44), no Reverse Face (6.45), no Column
 * (6.7). */
Test(double_depth, no_wheel_reverse_or_column_9_52)
{
	struct session *s = formed();
	phase(s, "philip");
	ok(s, "order ph1");
	refused(s, "face E", "9.52");  /* a pivot, one vertex */
	refused(s, "face NW", "9.52"); /* the Reverse Face */
	refused(s, "form column N", "9.52");
	/* the same phalanx out of Double-Depth may pivot */
	close_game(s);

	s = open_game();
	phase(s, "philip");
	ok(s, "order ph1");
	struct out o = run(s, "face E");
	cr_assert_neq(strcmp(o.rule, "9.52"), 0);
	close_game(s);
}

/* 9.52: un-stacking: the top unit moves off at normal cost, the bottom
 * stays; the pair is no longer in Double-Depth. */
Test(double_depth, unstacking_top_moves_off_9_52)
{
	struct session *s = formed();
	phase(s, "philip");
	refused(s, "order ph2", "6.66"); /* the bottom stays in place */
	ok(s, "order ph1");
	struct out o = ok(s, "move 3113,3213");
	cr_assert(has(&o, "double_depth_ends unit=ph1 rule=9.52"), "%s",
		  o.ev);
	cr_assert(has(&o, "double_depth_ends unit=ph2 rule=9.52"), "%s",
		  o.ev);
	cr_assert_not(U(s, "ph1")->double_depth);
	cr_assert_not(U(s, "ph2")->double_depth);
	cr_assert(footprint_occupies(&U(s, "ph2")->at, H(3013)));
	close_game(s);
}

/* 9.52: no unit of any type moves into a Double-Depth stack. */
Test(double_depth, impassable_to_friends_9_52)
{
	struct session *s = formed();
	struct unit *p4 = U(s, "ph4");
	game_unit_set_hex(s->game, p4, 0, H(2912));
	game_unit_set_hex(s->game, p4, 1, H(3012));
	phase(s, "philip");
	ok(s, "order ph4");
	refused(s, "move 3013,3112", "9.52");
	close_game(s);
}

/* ------------------------------------------------- 9.53 combat effects */

static int combat_of(struct game *g, const char *const *att,
		     const char *const *def)
{
	int ci = shock_add_combat(g);
	cr_assert_geq(ci, 0);
	struct shock_combat *c = &g->shock.c[ci];
	for (; *att; att++) {
		struct unit *u = game_unit(g, *att);
		c->att_at[c->natt] = u->at;
		c->att[c->natt++] = (int)(u - g->units);
	}
	for (; *def; def++) {
		struct unit *u = game_unit(g, *def);
		c->def_at[c->ndef] = u->at;
		c->def[c->ndef++] = (int)(u - g->units);
	}
	return ci;
}

static void at_step(struct game *g, int step, int attacker)
{
	struct shock_state *st = &g->shock;
	st->step = step;
	st->attacker = attacker;
	st->batch_begin = 0;
	st->batch_end = st->ncombats;
	st->cursor = 0;
	st->sub = 0;
}

static const char *val(const struct game *g, const char *kind,
		       const char *key)
{
	for (size_t i = g->events.n; i-- > 0;) {
		const struct event *e = logged_event(&g->events, i);
		if (strcmp(e->kind, kind) == 0 && event_get(e, key))
			return event_get(e, key);
	}
	cr_assert_fail("no %s with %s", kind, key);
	return "";
}

/* hits event of unit id, the last one */
static int hits_of(const struct game *g, const char *id)
{
	for (size_t i = g->events.n; i-- > 0;) {
		const struct event *e = logged_event(&g->events, i);
		const char *u = event_get(e, "unit");
		if (strcmp(e->kind, "shock_hits") == 0 && u &&
		    strcmp(u, id) == 0)
			return atoi(event_get(e, "hits"));
	}
	cr_assert_fail("no shock_hits for %s", id);
	return -1;
}

/* The Romans' ha1 and ha2 (Size 10 each) against the stack, from hexes
 * h1 and h2 facing f; the combat resolved with die; bottom: the clash
 * (8.45) is made against the bottom unit ph2. */
static struct game *stack_combat_ready(struct session *s, int h1, int h2,
				       int facing, bool bottom)
{
	struct game *g = s->game;
	place(s, "ha1", h1, facing);
	place(s, "ha2", h2, facing);
	U(s, "ha1")->size = U(s, "ha2")->size = 10;
	combat_of(g, (const char *[]){"ha1", "ha2", NULL},
		  (const char *[]){"ph1", "ph2", NULL});
	at_step(g, SHS_CLASH, 0);
	cr_assert(shock_step_clash(g));
	if (bottom)
		g->shock.c[0].clash_def = 1;
	g->shock.step = SHS_RESOLVE;
	g->shock.cursor = 0;
	g->shock.sub = 0;
	return g;
}

static struct game *shock_on_stack(struct session *s, int h1, int h2,
				   int facing, int die, bool bottom)
{
	struct game *g = stack_combat_ready(s, h1, h2, facing, bottom);
	cr_assert(dice_force(&g->dice, die));
	shock_step_resolve(g);
	return g;
}

/* 9.53 bullet 1: the Sizes of both units combine (10 + 10 against 20). */
Test(double_depth, sizes_combine_9_53)
{
	struct session *s = formed();
	/* the stack at 3013/3112 faces SE: 3114 and 3213 are in front */
	struct game *g = shock_on_stack(s, 3114, 3213, FACE_NW, 5, false);
	cr_assert_str_eq(val(g, "size_ratio", "defender_size"), "20");
	cr_assert_str_eq(val(g, "size_ratio", "attacker_size"), "20");
	cr_assert_str_eq(val(g, "size_ratio", "ratio"), "1-1");
	close_game(s);
}

/* 9.53 bullet 6: shock hits shared equally, the odd one to the top unit
 * (even when the clash chose the bottom one). */
Test(double_depth, odd_hit_to_the_top_unit_9_53)
{
	bool seen_odd = false;
	for (int k = 0; k < 20; k++) {
		int die = k % 10;
		struct session *s = formed();
		struct game *g =
			shock_on_stack(s, 3114, 3213, FACE_NW, die, k >= 10);
		int total = g->shock.c[0].def_hits;
		int top = hits_of(g, "ph1"), bottom = hits_of(g, "ph2");
		cr_assert_eq(top + bottom, total);
		cr_assert_eq(bottom, total / 2, "die %d", die);
		cr_assert_eq(top, total - total / 2, "die %d", die);
		if (total % 2) {
			seen_odd = true;
			cr_assert_str_eq(val(g, "shock_hits", "extra"),
					 "double_depth_top");
		}
		close_game(s);
	}
	cr_assert(seen_odd, "no die gave an odd number of hits");
}

/* 9.53 bullet 5: a Double-Depth stack shock attacked from its rear takes
 * its hits tripled instead of doubled; and from its front they are not. */
Test(double_depth, rear_attack_hits_tripled_9_53)
{
	bool seen = false;
	for (int die = 0; die < 10; die++) {
		struct session *s = formed();
		/* 2912 and 3012 are behind the stack (facing SE) */
		struct game *g = shock_on_stack(s, 2912, 3012, FACE_SE, die, true);
		cr_assert_eq(g->shock.c[0].side, ZONE_REAR);
		cr_assert_eq(g->shock.c[0].superiority, SUP_AS);
		int ah, dh;
		cr_assert_eq(sscanf(val(g, "shock_result", "crt"), "%d(%d)",
				    &ah, &dh),
			     2);
		cr_assert_eq(g->shock.c[0].def_hits, 3 * dh, "die %d", die);
		if (dh > 0) {
			seen = true;
			cr_assert_str_eq(val(g, "double_depth_hits", "rule"),
					 "9.53");
		}
		/* the odd hit still to the top (9.53), not the bottom
		 * (6.68's rear) */
		int total = g->shock.c[0].def_hits;
		cr_assert_eq(hits_of(g, "ph1"), total - total / 2);
		close_game(s);
	}
	cr_assert(seen, "no die gave the stack hits");
}

/* 9.53 bullet 5 in the odds of the roll (shock_combat_odds): from the
 * rear each face's defender hits are the CRT's tripled, and each face
 * gives what the segment does with that die forced. */
Test(double_depth, rear_attack_odds_tripled_every_face_9_53)
{
	for (int die = 0; die < 10; die++) {
		struct session *s = formed();
		struct game *g =
			stack_combat_ready(s, 2912, 3012, FACE_SE, true);
		struct odds o;
		cr_assert(shock_combat_odds(g, 0, &o));
		cr_assert(odds_complete(&o));
		cr_assert(dice_force(&g->dice, die));
		shock_step_resolve(g);
		int ah, dh;
		cr_assert_eq(sscanf(val(g, "shock_result", "crt"), "%d(%d)",
				    &ah, &dh),
			     2);
		cr_expect_eq(o.out[o.face[die]].value, 3 * dh, "die %d", die);
		char got[16];
		snprintf(got, sizeof got, "%d(%d)", g->shock.c[0].att_hits,
			 g->shock.c[0].def_hits);
		cr_expect_str_eq(got, o.out[o.face[die]].name, "die %d", die);
		close_game(s);
	}
}

/* 8.46: a single phalanx attacked from the rear has its hits doubled
 * only (the tripling is the Double-Depth stack's, 9.53). */
Test(double_depth, single_phalanx_rear_hits_doubled_9_53)
{
	for (int die = 0; die < 10; die++) {
		struct session *s = open_game();
		struct game *g = s->game;
		U(s, "ph2")->on_map = false;
		place(s, "ha1", 2912, FACE_SE);
		combat_of(g, (const char *[]){"ha1", NULL},
			  (const char *[]){"ph1", NULL});
		at_step(g, SHS_CLASH, 0);
		cr_assert(shock_step_clash(g));
		g->shock.step = SHS_RESOLVE;
		g->shock.cursor = 0;
		g->shock.sub = 0;
		cr_assert(dice_force(&g->dice, die));
		shock_step_resolve(g);
		cr_assert_eq(g->shock.c[0].superiority, SUP_AS);
		int ah, dh;
		cr_assert_eq(sscanf(val(g, "shock_result", "crt"), "%d(%d)",
				    &ah, &dh),
			     2);
		cr_assert_eq(g->shock.c[0].def_hits, 2 * dh, "die %d", die);
		close_game(s);
	}
}

/* 9.53 last bullet: both units of the stack rout, into separate hexes
 * (the formation ends as they part, 9.52), or a unit that cannot is
 * eliminated (10.22's blocked rout). */
Test(double_depth, both_rout_into_separate_hexes_9_53)
{
	struct session *s = formed();
	struct game *g = s->game;
	rout_begin(g, UI(s, "ph1"), "9.53");
	rout_begin(g, UI(s, "ph2"), "9.53");
	for (int guard = 0; guard < 20 && rout_pending(g); guard++) {
		struct decision_answer a[8];
		int n = rout_legal(g, a, 8);
		cr_assert_gt(n, 0);
		ok(s, a[0].line);
	}
	cr_assert_not(rout_pending(g));
	struct unit *p1 = U(s, "ph1"), *p2 = U(s, "ph2");
	cr_assert_not(p1->double_depth);
	cr_assert_not(p2->double_depth);
	if (game_unit_in_play(p1) && game_unit_in_play(p2)) {
		cr_assert_not(footprint_occupies(&p1->at, p2->at.hex[0]));
		cr_assert_not(footprint_occupies(&p1->at, p2->at.hex[1]));
	}
	close_game(s);
}

/* 9.52: the pair moves as one by two Individual Orders from the Overall
 * Commander (`order UNIT stack`), and stays in Double-Depth. */
Test(double_depth, the_pair_moves_together_9_52)
{
	struct session *s = formed();
	phase(s, "philip");
	struct out o = ok(s, "order ph1 stack");
	cr_assert(has(&o, "orders=2"), "%s", o.ev);
	o = ok(s, "move 3113,3213");
	struct unit *p1 = U(s, "ph1"), *p2 = U(s, "ph2");
	cr_assert(footprint_occupies(&p2->at, H(3113)), "%s", o.ev);
	cr_assert(footprint_occupies(&p2->at, H(3213)), "%s", o.ev);
	cr_assert(p1->double_depth && p2->double_depth, "%s", o.ev);
	close_game(s);
}

/* ------------------------------------------ 9.53 checks, fire and rout */

/* The pre-shock checks of ha1 and ha2 (Shock Must Check) against the
 * stack from hexes h1/h2 facing f, with dice d[] forced in order. */
static struct game *charge_on_stack(struct session *s, int h1, int h2,
				    int facing, const int *d, int nd)
{
	struct game *g = s->game;
	place(s, "ha1", h1, facing);
	place(s, "ha2", h2, facing);
	U(s, "ha1")->shock_must = U(s, "ha2")->shock_must = true;
	U(s, "ha1")->tq = U(s, "ha2")->tq = 9; /* the Romans never fail */
	int ci = combat_of(g, (const char *[]){"ha1", "ha2", NULL},
			   (const char *[]){"ph1", "ph2", NULL});
	g->shock.c[ci].must_check = true;
	at_step(g, SHS_CHARGE, 0);
	for (int k = 0; k < nd; k++)
		cr_assert(dice_force(&g->dice, d[k]));
	cr_assert(shock_step_charge(g));
	return g;
}

/* The pre-shock check event of unit id since event `from`, or NULL. */
static const struct event *check_of(const struct game *g, size_t from,
				    const char *id)
{
	for (size_t i = from; i < g->events.n; i++) {
		const struct event *e = logged_event(&g->events, i);
		const char *u = event_get(e, "unit");
		if (strcmp(e->kind, "tq_check") == 0 && u && !strcmp(u, id))
			return e;
	}
	return NULL;
}

/* 9.53 bullet 2: attacked through its front, the stack's check is the top
 * unit's; no hits for it, so the bottom does not check at all. */
Test(double_depth, top_unit_checks_from_the_front_9_53)
{
	struct session *s = formed();
	size_t from = s->game->events.n;
	/* ha1, ha2, then ph1 (7 against TQ 7: no hits) */
	struct game *g = charge_on_stack(s, 3114, 3213, FACE_NW,
					 (const int[]){0, 0, 7}, 3);
	cr_assert_not_null(check_of(g, from, "ph1"));
	cr_assert_null(check_of(g, from, "ph2"), "the bottom checked");
	cr_assert_str_eq(val(g, "no_charge_check", "why"), "top_unit_checks");
	cr_assert_eq(U(s, "ph1")->hits + U(s, "ph2")->hits, 0);
	close_game(s);
}

/* 9.53 bullet 2: attacked through its rear, the bottom unit checks in the
 * top's place; when that check costs hits, the top checks as well. */
Test(double_depth, bottom_unit_checks_from_the_rear_9_53)
{
	struct session *s = formed();
	size_t from = s->game->events.n;
	/* ha1, ha2, then ph2 fails (9 - 1 = 8 over TQ 7), then ph1 too */
	struct game *g = charge_on_stack(s, 2912, 3012, FACE_SE,
					 (const int[]){0, 0, 9, 9}, 4);
	cr_assert_not_null(check_of(g, from, "ph2"), "the bottom did not check");
	cr_assert_str_eq(val(g, "no_charge_check", "why"),
			 "bottom_unit_checks_rear");
	cr_assert_str_eq(val(g, "no_charge_check", "rule"), "9.53");
	cr_assert_not_null(check_of(g, from, "ph1"),
			   "the top did not check after the bottom's hits");
	cr_assert_gt(U(s, "ph2")->hits, 0);
	cr_assert_gt(U(s, "ph1")->hits, 0);
	close_game(s);
}

/* 9.53 bullets 3 and 4 (8.43): +1 to the check of units the stack
 * attacks; -1 to the stack's own check when it defends. */
Test(double_depth, pre_shock_modifiers_9_53)
{
	struct session *s = formed();
	struct game *g = charge_on_stack(s, 3114, 3213, FACE_NW,
					 (const int[]){0, 0, 5}, 3);
	cr_assert_str_eq(val(g, "charge_modifier", "name"),
			 "double_depth_defender");
	cr_assert_str_eq(val(g, "charge_modifier", "drm"), "-1");
	close_game(s);

	s = formed();
	g = s->game;
	place(s, "ha1", 3114, FACE_NW);
	U(s, "ph1")->shock_must = U(s, "ph2")->shock_must = true;
	int ci = combat_of(g, (const char *[]){"ph1", "ph2", NULL},
			   (const char *[]){"ha1", NULL});
	g->shock.c[ci].must_check = true;
	at_step(g, SHS_CHARGE, 1);
	for (int k = 0; k < 3; k++)
		cr_assert(dice_force(&g->dice, 0));
	cr_assert(shock_step_charge(g));
	bool seen = false;
	for (size_t i = 0; i < g->events.n; i++) {
		const struct event *e = logged_event(&g->events, i);
		const char *u = event_get(e, "unit");
		if (!strcmp(e->kind, "charge_modifier") && u &&
		    !strcmp(u, "ha1") &&
		    !strcmp(event_get(e, "name"), "attacked_by_double_depth")) {
			seen = true;
			cr_assert_str_eq(event_get(e, "drm"), "+1");
		}
	}
	cr_assert(seen, "no +1 for the unit the stack attacks");
	close_game(s);
}

/* 9.53 bullet 7: either unit routing takes the other along, each to its
 * own hexes; the formation ends as they part. */
Test(double_depth, one_routs_both_rout_9_53)
{
	struct session *s = formed();
	struct game *g = s->game;
	size_t from = g->events.n;
	rout_begin(g, UI(s, "ph1"), "10.14");
	bool together = false;
	for (size_t i = from; i < g->events.n; i++)
		if (!strcmp(event_log_kind(&g->events, i), "double_depth_rout"))
			together = true;
	cr_assert(together, "no double_depth_rout event");
	cr_assert_str_eq(val(g, "double_depth_rout", "with"),
			 "ph2");
	for (int guard = 0; guard < 40 && rout_pending(g); guard++) {
		struct decision_answer a[8];
		int n = rout_legal(g, a, 8);
		cr_assert_gt(n, 0);
		ok(s, a[0].line);
	}
	cr_assert_not(rout_pending(g));
	struct unit *p1 = U(s, "ph1"), *p2 = U(s, "ph2");
	cr_assert(!game_unit_in_play(p1) || p1->routed);
	cr_assert(!game_unit_in_play(p2) || p2->routed, "ph2 did not rout");
	cr_assert_not(p1->double_depth || p2->double_depth);
	if (game_unit_in_play(p1) && game_unit_in_play(p2)) {
		cr_assert_not(footprint_occupies(&p1->at, p2->at.hex[0]));
		cr_assert_not(footprint_occupies(&p1->at, p2->at.hex[1]));
	}
	close_game(s);
}

/* 9.53 bullet 6 (8.13): missile fire at the stack hits the top unit; fire
 * through its rear hits the bottom unit. */
Test(double_depth, missile_hits_top_or_bottom_through_rear_9_53)
{
	struct session *s = formed();
	struct game *g = s->game;
	struct unit *a = U(s, "ha1");
	a->missile = MC_A; /* archers: range enough */
	a->supply = SUPPLY_FULL;
	struct fire_check fc;
	place(s, "ha1", 3115, FACE_NW); /* two hexes ahead of the front */
	cr_assert(missile_check(g, UI(s, "ha1"), WEAPON_MAIN, H(3112),
				FIRE_OFFENSIVE, &fc),
		  "%s", fc.reason ? fc.reason : "");
	cr_assert_eq(fc.target_unit, UI(s, "ph1"), "front fire: the top");
	place(s, "ha1", 2911, FACE_SE); /* behind the stack */
	cr_assert(missile_check(g, UI(s, "ha1"), WEAPON_MAIN, H(3013),
				FIRE_OFFENSIVE, &fc),
		  "%s", fc.reason ? fc.reason : "");
	cr_assert_eq(fc.target_unit, UI(s, "ph2"), "rear fire: the bottom");
	close_game(s);
}

/* 9.53 from the data: constants.ini [double_depth]
 * flank_rear_hits_multiplier read as 4. */
Test(double_depth, rear_multiplier_read_from_constants_ini_9_53)
{
	bool seen = false;
	for (int die = 0; die < 10; die++) {
		struct session *s = formed();
		change_tables(s->game, "constants",
			      "flank_rear_hits_multiplier = 3",
			      "flank_rear_hits_multiplier = 4");
		struct game *g = shock_on_stack(s, 2912, 3012, FACE_SE, die, true);
		int ah, dh;
		cr_assert_eq(sscanf(val(g, "shock_result", "crt"), "%d(%d)",
				    &ah, &dh),
			     2);
		cr_assert_eq(g->shock.c[0].def_hits, 4 * dh, "die %d", die);
		seen |= dh > 0;
		close_game(s);
	}
	cr_assert(seen, "no die gave the stack hits");
}

/* 9.51 from the data: constants.ini [double_depth] forming_extra_mp read
 * as 2: forming on clear terrain costs 3 MP. */
Test(double_depth, forming_mp_read_from_constants_ini_9_51)
{
	struct session *s = open_game();
	change_tables(s->game, "constants", "forming_extra_mp = 1",
		      "forming_extra_mp = 2");
	phase(s, "philip");
	ok(s, "order ph2");
	struct out o = ok(s, "depth");
	cr_assert(has(&o, "double_depth top=ph1 bottom=ph2 hex=3013 "
			  "hex2=3112 mp=3 rule=9.51"),
		  "%s", o.ev);
	close_game(s);
}
