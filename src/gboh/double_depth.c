/* double_depth.c — Double-Depth phalanxes (SPQR 9.5): forming (9.51), the
 * marker's end on un-stacking (9.52) and the shock effects of 9.53 that the
 * shock code asks for.  See double_depth.h. */
#include <stdio.h>
#include <string.h>

#include "maniple/double_depth.h"
#include "maniple/event.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/stacking.h"
#include "maniple/tables.h"

static bool is_dd_phalanx(const struct game *g, const struct unit *u)
{
	return u && unit_has(g, u, TRAIT_PHALANX) && unit_is_two_hex(u);
}

/* 9.51: whether the two footprints cover the same two hexes */
static bool same_hexes(const struct footprint *a, const struct footprint *b)
{
	return footprint_occupies(a, b->hex[0]) &&
	       footprint_occupies(a, b->hex[1]) &&
	       footprint_occupies(b, a->hex[0]) &&
	       footprint_occupies(b, a->hex[1]);
}

/* 9.51: the eligible phalanx directly ahead of back */
const struct unit *double_depth_front(const struct game *g,
				      const struct unit *back,
				      const char **why, const char **rule)
{
	*rule = "9.51";
	if (!is_dd_phalanx(g, back) || back->at.in_column ||
	    back->at.square /* GBA 9.63 */) {
		*why = "only a phalanx in line forms Double-Depth";
		return NULL;
	}
	if (!back->dd_eligible) {
		*why = "this phalanx is not eligible for Double-Depth (the "
		       "battle's rules list the eligible ones)";
		return NULL;
	}
	if (back->double_depth) {
		*why = "this phalanx is in Double-Depth already";
		return NULL;
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *f = &g->units[i];
		if (f == back || f->side != back->side ||
		    !is_dd_phalanx(g, f) || !game_unit_in_play(f) ||
		    f->at.in_column || f->at.facing != back->at.facing)
			continue;
		if (footprint_zone(&back->at, f->at.hex[0]) != ZONE_FRONT ||
		    footprint_zone(&back->at, f->at.hex[1]) != ZONE_FRONT)
			continue;
		if (!f->dd_eligible) {
			*why = "the phalanx ahead is not eligible for "
			       "Double-Depth";
			return NULL;
		}
		if (f->double_depth) {
			*why = "the phalanx ahead is in Double-Depth already";
			*rule = "9.52";
			return NULL;
		}
		if (f->routed) {
			*why = "the phalanx ahead is routed";
			return NULL;
		}
		if (stacking_mate(g, f)) {
			*why = "the phalanx ahead is stacked with another unit";
			return NULL;
		}
		return f;
	}
	*why = "no friendly phalanx, facing alike, stands directly ahead of "
	       "this one";
	return NULL;
}

/* 9.51, 6.42: the worse terrain cost of the two halves entering the front
 * phalanx's hexes */
static struct move_cost entry(const struct game *g, const struct unit *back,
			      const struct unit *front)
{
	struct move_cost worse = {0, 0, false};
	for (int i = 0; i < 2; i++) {
		struct hex to = front->at.hex[i];
		struct hex from = back->at.hex[0];
		if (hex_distance(back->at.hex[1], to) <
		    hex_distance(from, to))
			from = back->at.hex[1];
		worse = move_cost_worse(worse,
					move_hex_entry_cost(g, back, from, to));
	}
	return worse;
}

/* 9.51 Forming Double-Depth */
void double_depth_form(struct game *g, struct cmd_result *r)
{
	struct move *m = orders_open_move(g, r);
	if (!m)
		return;
	int bi = g->ord.mover_unit;
	struct unit *back = &g->units[bi];
	const struct leader *l =
		g->active_leader >= 0 ? &g->leaders[g->active_leader] : NULL;
	if (!l || !l->overall) {
		cmd_refuse(r, "9.51",
			   "only an order directly from the Overall Commander "
			   "forms Double-Depth");
		return;
	}
	if (g->ord.stack_mate >= 0) {
		cmd_refuse(r, "9.51", "a stack moving together does not form "
				      "Double-Depth");
		return;
	}
	if (m->mp_spent > 0 || m->hexes_entered > 0 || m->vertices_turned ||
	    m->formed) {
		cmd_refuse(r, "9.51",
			   "the back phalanx must begin its move directly "
			   "behind the front one: %s has moved",
			   back->id);
		return;
	}
	const char *why, *rule;
	const struct unit *fc = double_depth_front(g, back, &why, &rule);
	if (!fc) {
		cmd_refuse(r, rule, "%s: %s", back->id, why);
		return;
	}
	struct unit *front = &g->units[fc - g->units];
	if (!g->tables) {
		cmd_refuse(r, NULL, "the rules tables are not loaded");
		return;
	}
	struct move_cost c = entry(g, back, front);
	if (c.prohibited) {
		cmd_refuse(r, "6.27",
			   "the Movement Cost Chart prohibits %s entering %s's "
			   "hexes",
			   back->id, front->id);
		return;
	}
	/* 9.51: 1 MP more than the terrain (constants.ini) */
	int cost =
		c.mp + tables_constant(g->tables, RC_DOUBLE_DEPTH_FORMING_MP);
	if (m->mp_spent + cost > back->ma) { /* 9.52: the 4 MA only */
		cmd_refuse(r, "9.51",
			   "forming Double-Depth here costs %d MP; %s has %d "
			   "(its %d MA, 9.52)",
			   cost, back->id, back->ma - m->mp_spent, back->ma);
		return;
	}
	m->mp_spent += cost;
	m->hexes_entered++;
	game_unit_place(g, back, front->at);
	back->moved_phase = back->moved_turn = true;
	game_put_on_top(g, front); /* 9.51: the back phalanx goes under */
	back->double_depth = front->double_depth = true;
	g->ord.ordered[fc - g->units] = true; /* 9.51: both have moved */
	struct event e;
	event_init(&e, "double_depth");
	event_add(&e, "top", "%s", front->id);
	event_add(&e, "bottom", "%s", back->id);
	event_add_hex(&e, "hex", front->at.hex[0]);
	event_add_hex(&e, "hex2", front->at.hex[1]);
	event_add(&e, "mp", "%d", cost);
	event_add(&e, "rule", "9.51");
	game_emit(g, &e);
	if (c.hits > 0)
		move_take_hits(g, m, c.hits, "terrain", "6.21");
	orders_halt(g, r); /* 9.51: this completes the move */
}

const struct unit *double_depth_mate(const struct game *g,
				     const struct unit *u)
{
	if (!u || !u->double_depth)
		return NULL;
	const struct unit *m = stacking_mate(g, u);
	return m && m->double_depth ? m : NULL;
}

/* 9.52 un-stacking: the marker goes when the pair no longer share hexes */
void double_depth_refresh(struct game *g)
{
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		if (!u->double_depth)
			continue;
		bool paired = false;
		for (int j = 0; j < g->nunits && !paired; j++) {
			const struct unit *v = &g->units[j];
			paired = j != i && v->double_depth &&
				 v->side == u->side && game_unit_in_play(u) &&
				 game_unit_in_play(v) &&
				 same_hexes(&u->at, &v->at);
		}
		if (paired)
			continue;
		u->double_depth = false;
		struct event e;
		event_init(&e, "double_depth_ends");
		event_add(&e, "unit", "%s", u->id);
		event_add(&e, "rule", "9.52");
		game_emit(g, &e);
	}
}

/* 9.53 bullet 5: a flank or rear shock multiplies a Double-Depth
 * defender's hits (tripled: constants.ini [double_depth]) where 8.46's
 * Attack Superiority would double them */
bool double_depth_shock_tripled(const struct game *g, const struct unit *d,
				const struct shock_calc *out, int *hits)
{
	*hits = out->hits.final_defender_hits;
	if (!double_depth_mate(g, d) ||
	    out->superiority.result != SUP_AS || !out->superiority.position ||
	    (out->side != ZONE_FLANK && out->side != ZONE_REAR))
		return false;
	*hits = out->crt.defender_hits *
		tables_constant(g->tables, RC_DOUBLE_DEPTH_HITS_MULTIPLIER);
	if (out->hits.light_cavalry_halved)
		*hits /= 2; /* 9.32 */
	return true;
}

int double_depth_shock_hits(struct game *g, int ci, const struct unit *d,
			    const struct shock_calc *out)
{
	int hits;
	if (!double_depth_shock_tripled(g, d, out, &hits))
		return hits;
	struct event e;
	event_init(&e, "double_depth_hits");
	event_add(&e, "combat", "%d", ci);
	event_add(&e, "unit", "%s", d->id);
	event_add(&e, "crt", "%d", out->crt.defender_hits);
	event_add(&e, "tripled", "%d", hits);
	event_add(&e, "rule", "9.53");
	game_emit(g, &e);
	return hits;
}

void cmd_double_depth(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	struct session *s = ctx;
	if (argc != 1) {
		cmd_malformed(r, "usage: depth");
		return;
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	double_depth_form(s->game, r);
}
