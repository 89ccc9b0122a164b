/* gba_pass_through.c — GBA 9.13 and 9.23, the elephants' and chariots'
 * pass-through attack; see gba_pass_through.h for the rulings. */
#include "maniple/gba_pass_through.h"

#include <stdio.h>
#include <string.h>

#include "maniple/dice.h"
#include "maniple/event.h"
#include "maniple/passthru.h"
#include "maniple/rout.h"
#include "maniple/shock.h"
#include "maniple/tables.h"

static bool automatic(const struct game *g)
{
	return g->tables && tables_variant(g->tables, RV_PASS_THROUGH) ==
				    PASS_THROUGH_AUTOMATIC;
}

static bool beast(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_ELEPHANT) || unit_has(g, u, TRAIT_CHARIOT);
}

static const char *rule_of(const struct game *g, const struct unit *u)
{
	return unit_has(g, u, TRAIT_CHARIOT) ? "GBA 9.23" : "GBA 9.13";
}

/* the slot of combat c's first elephant or chariot attacker from slot
 * `from` on, -1 */
static int beast_slot(const struct game *g, const struct shock_combat *c,
		      int from)
{
	for (int k = from < 0 ? 0 : from; k < c->natt; k++)
		if (c->att[k] < g->nunits && beast(g, &g->units[c->att[k]]))
			return k;
	return -1;
}

/* the hexside of footprint t's hex *d that faces `from` (a neighbour);
 * -1 when from touches neither hex */
static int facing_side(const struct footprint *t, struct hex from,
		       struct hex *d)
{
	for (int k = 0; k < 2; k++) {
		if (hex_is_none(t->hex[k]))
			continue;
		for (int s = 0; s < HEXSIDE_COUNT; s++)
			if (hex_eq(hex_neighbour(t->hex[k], (enum hexside)s),
				   from)) {
				*d = t->hex[k];
				return s;
			}
	}
	return -1;
}

static bool in_footprint(const struct footprint *t, struct hex h)
{
	return hex_eq(t->hex[0], h) ||
	       (!hex_is_none(t->hex[1]) && hex_eq(t->hex[1], h));
}

/* GBA 9.13: the far side of target footprint t for a unit coming from
 * `from`, the hex directly opposite first (R172); the count (at most 3). */
static int far_hexes(const struct footprint *t, struct hex from,
		     struct hex out[3])
{
	struct hex d;
	int s = facing_side(t, from, &d);
	if (s < 0)
		return 0;
	int opp = (s + 3) % HEXSIDE_COUNT;
	struct hex o = hex_neighbour(d, (enum hexside)opp);
	if (in_footprint(t, o)) /* end-on into a two-hex unit */
		o = hex_neighbour(o, (enum hexside)opp);
	int n = 0;
	out[n++] = o;
	struct footprint at = {{from, HEX_NONE}, 0, false, false};
	if (footprint_approach(t, &at) != ZONE_FRONT)
		return n;
	/* through the front: the rear hexes next to the hex attacked */
	struct hex rear[8];
	int nr = footprint_zone_hexes(t, ZONE_REAR, rear);
	for (int i = 0; i < nr && n < 3; i++)
		if (!hex_eq(rear[i], o) && hex_distance(rear[i], d) == 1)
			out[n++] = rear[i];
	return n;
}

enum far_kind { FAR_OPEN, FAR_ENEMY, FAR_FRIEND, FAR_CLOSED };

static enum far_kind far_kind(const struct game *g, const struct unit *b,
			      struct hex from, struct hex h)
{
	const struct unit *at[4];
	int n = game_units_at(g, h, at, 4);
	bool enemy = false, friend = false;
	for (int i = 0; i < n; i++) {
		if (!game_unit_in_play(at[i]) || at[i] == b)
			continue;
		if (at[i]->side == b->side)
			friend = true;
		else
			enemy = true;
	}
	if (enemy)
		return FAR_ENEMY;
	if (friend)
		return FAR_FRIEND;
	return passthru_hex_open(g, b, from, h) ? FAR_OPEN : FAR_CLOSED;
}

/* GBA 9.13: combat ci's elephant or chariot under way (slot c->beast)
 * is done with, through or not (the last row it attacked, row, too): the
 * next one's turn */
static void beast_done(struct game *g, int ci, int row, bool through)
{
	struct shock_combat *c = &g->shock.c[ci];
	if (through && c->beast >= 0 && c->beast < SHOCK_UNITS_MAX)
		c->through |= (uint8_t)(1u << c->beast);
	if (row != ci)
		g->shock.c[row].passthru = PT_ROW_DONE;
	c->beast++;
	c->passthru = PT_NONE;
}

static void held(struct game *g, int ci, int row, int b, const char *why)
{
	beast_done(g, ci, row, false);
	struct event e;
	event_init(&e, "passthru_held");
	event_add(&e, "combat", "%d", row);
	event_add(&e, "elephant", "%s", g->units[b].id);
	event_add(&e, "why", "%s", why);
	event_add(&e, "rule", "%s", rule_of(g, &g->units[b]));
	game_emit(g, &e);
}

/* R121: beast b attacks the enemies in hex h, coming through hex `via`
 * (the row it passes), as combat row's pass-through; false (the combat
 * pushed) or true when it could not be set up (held). */
static bool attack_row(struct game *g, int ci, int row, int b, struct hex via,
		       struct hex h)
{
	struct unit *u = &g->units[b];
	int fc = shock_add_combat(g);
	if (fc < 0) {
		held(g, ci, row, b, "combat_table_full");
		return true;
	}
	struct shock_combat *f = &g->shock.c[fc];
	f->natt = 1;
	f->att[0] = (uint8_t)b;
	f->att_at[0] = (struct footprint){{via, HEX_NONE}, u->at.facing,
					  false, false};
	const struct unit *at[4];
	int n = game_units_at(g, h, at, 4);
	char list[EVENT_VAL_MAX] = "";
	for (int i = 0; i < n && f->ndef < SHOCK_UNITS_MAX; i++) {
		if (!game_unit_in_play(at[i]) || at[i]->side == u->side)
			continue;
		size_t l = strlen(list);
		snprintf(list + l, sizeof list - l, "%s%s", f->ndef ? "," : "",
			 at[i]->id);
		f->def_at[f->ndef] = at[i]->at;
		f->def[f->ndef++] = (uint8_t)(at[i] - g->units);
	}
	f->must_check = true; /* it charges on (8.43, R121) */
	f->att_moved = true;
	f->parent = (int8_t)ci;
	f->passthru = PT_ROW;
	g->shock.c[ci].passthru = PT_ROW_WAIT;
	if (row != ci)
		g->shock.c[row].passthru = PT_ROW_DONE;
	struct event e;
	event_init(&e, "passthru_row");
	event_add(&e, "combat", "%d", fc);
	event_add(&e, "elephant", "%s", u->id);
	event_add_hex(&e, "from", via);
	event_add_hex(&e, "hex", h);
	event_add(&e, "defenders", "%s", list);
	event_add(&e, "parent", "%d", ci);
	event_add(&e, "rule", "%s,R121", rule_of(g, u));
	game_emit(g, &e);
	shock_push_followup(g, fc);
	return false;
}

/* What the beast of combat row may do next: its slot k, its index b, the
 * unit t it passes and the hex via of t it passes through, the hexes it
 * may take (open) or must attack (enemy, when none is open), directly
 * opposite first; *why when it is held. */
struct next_row {
	int k, b, t;
	struct hex via;
	struct hex choice[3];
	int n;
	bool attack;
	const char *why;
};

static void next_row(const struct game *g, int ci, int row,
		     struct next_row *nr)
{
	memset(nr, 0, sizeof *nr);
	nr->t = -1;
	nr->via = HEX_NONE;
	const struct shock_combat *r = &g->shock.c[row];
	nr->k = beast_slot(g, r, r->beast); /* a second row's is slot 0 */
	if (nr->k < 0)
		return;
	nr->b = r->att[nr->k];
	const struct unit *u = &g->units[nr->b];
	if ((r->off && !r->ranks_opened) || r->att_gone[nr->k] ||
	    !game_unit_in_play(u) || u->routed) {
		nr->why = "routed";
		return;
	}
	/* where it comes from: its hex, or the row it passed (R121) */
	struct hex from = row == ci ? u->at.hex[0] : r->att_at[nr->k].hex[0];
	struct hex far[3];
	int n = 0;
	for (int d = 0; d < r->ndef && n == 0; d++) {
		n = far_hexes(&r->def_at[d], from, far);
		if (n)
			facing_side(&r->def_at[d], from, &nr->via);
		nr->t = r->def[d];
	}
	if (n == 0) {
		nr->why = "not_next_to_target";
		return;
	}
	for (int i = 0; i < n; i++)
		if (far_kind(g, u, nr->via, far[i]) == FAR_OPEN)
			nr->choice[nr->n++] = far[i];
	if (nr->n)
		return;
	for (int i = 0; i < n; i++)
		if (far_kind(g, u, nr->via, far[i]) == FAR_ENEMY)
			nr->choice[nr->n++] = far[i];
	nr->attack = nr->n > 0;
	if (!nr->n)
		nr->why = "far_side_blocked";
}

/* the combat whose pass-through is due for ci: ci, or its second-row
 * attack whose own pass-through is due */
static int due_row(const struct game *g, int ci)
{
	for (int f = g->shock.ncombats - 1; f > ci; f--)
		if (g->shock.c[f].parent == ci &&
		    g->shock.c[f].passthru == PT_ROW)
			return f;
	return ci;
}

/* GBA 9.13: beast b of combat row goes to, or attacks, hex h (one of
 * nr's choices); false while a second-row attack runs */
static bool go(struct game *g, int ci, int row, const struct next_row *nr,
	       struct hex h)
{
	if (nr->attack)
		return attack_row(g, ci, row, nr->b, nr->via, h);
	passthru_set_down(g, row, nr->b, nr->t, h,
			  rule_of(g, &g->units[nr->b]));
	beast_done(g, ci, row, true);
	return true;
}

/* GBA 9.13: the pass-through of combat row (ci itself, or a second-row
 * attack of ci's beast); true when that beast is done with */
static bool pass_row(struct game *g, int ci, int row)
{
	struct next_row nr;
	next_row(g, ci, row, &nr);
	if (nr.k < 0) { /* no elephant or chariot (left) */
		beast_done(g, ci, row, false);
		return true;
	}
	if (row == ci)
		g->shock.c[ci].beast = (int8_t)nr.k;
	if (nr.why) {
		held(g, ci, row, nr.b, nr.why);
		return true;
	}
	if (nr.n == 1)
		return go(g, ci, row, &nr, nr.choice[0]);
	/* R109: its player names the hex */
	g->shock.c[ci].passthru = PT_CHOOSING;
	char list[80] = "";
	size_t len = 0;
	for (int i = 0; i < nr.n && len < sizeof list - 8; i++) {
		char h[16];
		hex_format(nr.choice[i], h, sizeof h);
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
					i ? "," : "", h);
	}
	struct event e;
	event_init(&e, "passthru_place_owed");
	event_add(&e, "combat", "%d", row);
	event_add(&e, "elephant", "%s", g->units[nr.b].id);
	event_add(&e, "rear", "%s", list);
	event_add(&e, "rule", "%s,R109", rule_of(g, &g->units[nr.b]));
	game_emit(g, &e);
	shock_ask(g, SHA_PASSTHRU_PLACE, g->units[nr.b].side, ci, nr.b);
	return false;
}

int gba_pass_through_legal(const struct game *g, struct decision_answer *out,
			   int max)
{
	const struct shock_state *s = &g->shock;
	int ci = s->ask_combat;
	if (ci < 0 || ci >= s->ncombats || s->c[ci].passthru != PT_CHOOSING)
		return 0;
	struct next_row nr;
	next_row(g, ci, due_row(g, ci), &nr);
	int n = 0;
	for (int i = 0; nr.k >= 0 && !nr.why && i < nr.n; i++) {
		char h[16];
		hex_format(nr.choice[i], h, sizeof h);
		decision_add(out, max, &n, s->ask_side,
			     rule_of(g, &g->units[nr.b]),
			     "passthru place %s # %s %s", h, g->units[nr.b].id,
			     nr.attack ? "attacks there" : "goes there");
	}
	return n;
}

void gba_pass_through_choose(struct game *g, struct hex h,
			     struct cmd_result *r)
{
	struct shock_state *s = &g->shock;
	int ci = s->ask_combat;
	if (ci < 0 || ci >= s->ncombats || s->c[ci].passthru != PT_CHOOSING) {
		cmd_refuse(r, "GBA 9.13", "no pass-through hex is owed now");
		return;
	}
	int row = due_row(g, ci);
	struct next_row nr;
	next_row(g, ci, row, &nr);
	char list[80] = "";
	size_t len = 0;
	for (int i = 0; nr.k >= 0 && !nr.why && i < nr.n; i++) {
		if (hex_eq(nr.choice[i], h)) {
			shock_answered(g);
			s->c[ci].passthru = row == ci ? PT_NONE : PT_ROW_WAIT;
			go(g, ci, row, &nr, h);
			seq_resume(g);
			return;
		}
		char b[16];
		hex_format(nr.choice[i], b, sizeof b);
		if (len < sizeof list - 8)
			len += (size_t)snprintf(list + len, sizeof list - len,
						"%s%s", i ? " or " : "", b);
	}
	cmd_refuse(r, nr.k >= 0 ? rule_of(g, &g->units[nr.b]) : "GBA 9.13",
		   "the pass-through goes to %s", len ? list : "no hex now");
}

bool gba_pass_through_after_combat(struct game *g, int ci)
{
	if (!g || ci < 0 || ci >= g->shock.ncombats || !automatic(g))
		return true;
	struct shock_combat *c = &g->shock.c[ci];
	if (c->pursuit || c->passthru == PT_ROW || c->passthru == PT_ROW_DONE)
		return true;
	/* each elephant and chariot of the combat in turn, in slot order */
	for (int guard = 0; guard <= SHOCK_UNITS_MAX * SHOCK_COMBATS_MAX;
	     guard++) {
		if (c->passthru == PT_CHOOSING)
			return false; /* its player names the hex */
		if (c->passthru == PT_ROW_WAIT) {
			/* the second-row attack under way is over: its own
			 * pass-through */
			int row = due_row(g, ci);
			if (row == ci)
				beast_done(g, ci, ci, false);
			else if (!pass_row(g, ci, row))
				return false;
			continue;
		}
		if (c->passthru != PT_NONE)
			return true;
		if (beast_slot(g, c, c->beast) < 0) {
			if (c->beast > 0) /* one was, at least */
				c->passthru = PT_BEASTS_DONE;
			return true;
		}
		if (!pass_row(g, ci, ci))
			return false;
	}
	return true;
}

bool gba_pass_through_went(const struct game *g, int ci, int k)
{
	if (!g || ci < 0 || ci >= g->shock.ncombats || k < 0 ||
	    k >= SHOCK_UNITS_MAX)
		return false;
	return g->shock.c[ci].through >> k & 1u;
}

enum hex_zone gba_pass_through_side(const struct game *g,
				    const struct shock_combat *c,
				    const struct unit *a, const struct unit *d)
{
	if (!g || !c || c->passthru != PT_ROW || c->natt < 1 ||
	    &g->units[c->att[0]] != a)
		return ZONE_NONE;
	return footprint_approach(&d->at, &c->att_at[0]);
}

/* GBA 9.24: whether combat c is a lone chariot's attack through the front
 * of Macedonian defenders */
static bool opens_to(const struct game *g, const struct shock_combat *c)
{
	if (c->off || c->pursuit || c->natt != 1 || c->ndef < 1 ||
	    c->att[0] >= g->nunits ||
	    !unit_has(g, &g->units[c->att[0]], TRAIT_CHARIOT))
		return false;
	for (int k = 0; k < c->ndef; k++) {
		const struct unit *d = &g->units[c->def[k]];
		if (!game_unit_in_play(d) || d->routed ||
		    !g->battle->sides[d->side & 1].macedonian ||
		    footprint_approach(&d->at, &c->att_at[0]) != ZONE_FRONT)
			return false;
	}
	return true;
}

void gba_open_ranks(struct game *g)
{
	if (!g || !g->battle)
		return;
	struct shock_state *s = &g->shock;
	for (int ci = s->batch_begin; ci < s->batch_end; ci++) {
		struct shock_combat *c = &s->c[ci];
		if (!opens_to(g, c))
			continue;
		bool open = true;
		for (int k = 0; k < c->ndef; k++) {
			const struct unit *d = &g->units[c->def[k]];
			struct event e;
			game_roll_begin(&e, "open_ranks");
			event_add(&e, "unit", "%s", d->id);
			int die = game_roll_die(g, &e);
			event_add(&e, "rule", "GBA 9.24");
			game_emit(g, &e);
			event_init(&e, "open_ranks");
			event_add(&e, "combat", "%d", ci);
			event_add(&e, "unit", "%s", d->id);
			event_add(&e, "chariot", "%s", g->units[c->att[0]].id);
			event_add(&e, "dr", "%d", die);
			event_add(&e, "tq", "%d", d->tq);
			event_add(&e, "opened", die <= d->tq ? "yes" : "no");
			event_add(&e, "rule", "GBA 9.24");
			game_emit(g, &e);
			if (die > d->tq)
				open = false;
		}
		if (!open)
			continue;
		c->off = true;
		c->ranks_opened = true;
		for (int k = 0; k < c->ndef; k++)
			cohesion_hits(g, &g->units[c->def[k]], 1, "open_ranks",
				      "GBA 9.24");
	}
}
