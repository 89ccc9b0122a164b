/* Depletion (SPQR 10.3) through the engine: a rallied unit becomes
 * Depleted and stays so (10.31); a Depleted unit shifts the Shock Results
 * Table 1L attacking and 1R defending, and adds one to its missile fire
 * (10.32); rallying a unit Depleted before the attempt adds one to the
 * rally roll and two to the Rally Table roll (10.33).  Played on the
 * "volley" field (volley_field.h) with forced dice: the consul
 * (Initiative 5) gives the orders. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logged.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/shock.h"
#include "maniple/shock_calc.h"
#include "maniple/tables.h"
/* the shared field's helpers this file does not use */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "volley_field.h"
#pragma GCC diagnostic pop

/* The last event of kind, or NULL. */
static const struct event *last(struct session *s, const char *kind)
{
	const struct event_log *l = &s->game->events;
	for (size_t i = l->n; i-- > 0;)
		if (strcmp(event_log_kind(l, i), kind) == 0)
			return logged_event(l, i);
	return NULL;
}

static const char *field_of(const struct event *e, const char *key)
{
	const char *v = e ? event_get(e, key) : NULL;
	return v ? v : "";
}

static int count(struct session *s, size_t from, const char *kind)
{
	int n = 0;
	for (size_t i = from; i < s->game->events.n; i++)
		if (strcmp(event_log_kind(&s->game->events, i), kind) == 0)
			n++;
	return n;
}

/* Hastati w (printed TQ 6) routed with 6 hits at 0505, in the clear, far
 * from every enemy; the consul's Orders Phase. */
static struct session *routed_w(bool depleted)
{
	struct session *s = open_game();
	place(s, "w", 505, FACE_NE);
	put_leader(s, "consul", 506);
	struct unit *u = U(s, "w");
	u->routed = true;
	u->hits = 6;
	u->depleted = depleted;
	phase(s, "consul");
	return s;
}

/* ------------------------------------------------------------- 10.31 */

/* A rallied unit becomes Depleted (flipped), with an event naming 10.31;
 * the rally itself was rolled without 10.33's modifiers. */
Test(depletion, rallied_unit_becomes_depleted_10_31)
{
	struct session *s = routed_w(false);
	ok(s, "roll 2 5");
	ok(s, "order w rally");
	struct unit *u = U(s, "w");
	cr_expect_not(u->routed);
	cr_expect(u->depleted, "10.31: rallied, so Depleted");
	const struct event *e = last(s, "depleted");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "unit"), "w");
	cr_expect_str_eq(field_of(e, "rule"), "10.31");
	cr_expect_str_eq(field_of(last(s, "rally"), "depleted_before"), "no");
	char *st = game_state_text(s->game);
	cr_expect_not_null(strstr(st, "unit id=w "), "w in the state");
	cr_expect_not_null(strstr(strstr(st, "unit id=w "), "depleted=yes"));
	free(st);
	close_game(s);
}

/* An already Depleted unit is not depleted again: no second flip, no
 * event; it stays Depleted. */
Test(depletion, depleted_unit_not_depleted_again_10_31)
{
	struct session *s = routed_w(true);
	size_t from = s->game->events.n;
	ok(s, "roll 2 3");
	ok(s, "order w rally");
	cr_expect_not(U(s, "w")->routed, "rallied: 2 + 1 is at most 5 + 1");
	cr_expect(U(s, "w")->depleted, "once Depleted, always");
	cr_expect_eq(count(s, from, "depleted"), 0, "no second Depletion");
	cr_expect_str_eq(field_of(last(s, "rally"), "depleted_before"), "yes");
	close_game(s);
}

/* ------------------------------------------------------------- 10.33 */

/* The same die of 6 rallies a unit not Depleted (6 <= 5 + 1) and, +1 for
 * a unit Depleted before, gives 7: above the printed TQ 6, eliminated. */
Test(depletion, rally_roll_plus_one_when_depleted_before_10_33)
{
	struct session *s = routed_w(false);
	ok(s, "roll 6 5");
	ok(s, "order w rally");
	cr_expect_str_eq(field_of(last(s, "rally"), "result"), "rallied");
	const struct event *r = last(s, "roll");
	cr_expect_str_eq(field_of(r, "for"), "rally_table");
	cr_expect_str_eq(field_of(r, "drm"), "0", "not Depleted before");
	close_game(s);

	s = routed_w(true);
	ok(s, "roll 6");
	ok(s, "order w rally");
	const struct event *e = last(s, "rally");
	cr_expect_str_eq(field_of(e, "dr"), "7", "10.33: +1");
	cr_expect_str_eq(field_of(e, "result"), "eliminated");
	r = last(s, "roll");
	cr_expect_str_eq(field_of(r, "drm"), "1");
	cr_expect_str_eq(field_of(r, "rule"), "10.28,10.33");
	cr_expect(U(s, "w")->eliminated);
	close_game(s);
}

/* The Rally Table roll is +2 for a unit Depleted before: a 4 gives what
 * a 6 gives to a unit rallied for the first time. */
Test(depletion, rally_table_plus_two_when_depleted_before_10_33)
{
	struct session *s = routed_w(false);
	ok(s, "roll 1 6");
	ok(s, "order w rally");
	int fresh = U(s, "w")->hits;
	close_game(s);

	s = routed_w(true);
	ok(s, "roll 1 4");
	ok(s, "order w rally");
	const struct event *r = last(s, "roll");
	cr_expect_str_eq(field_of(r, "for"), "rally_table");
	cr_expect_str_eq(field_of(r, "drm"), "2");
	cr_expect_str_eq(field_of(r, "rule"), "10.29,10.33");
	cr_expect_eq(U(s, "w")->hits, fresh, "4 + 2 reads as 6");
	cr_expect_eq(U(s, "w")->hits,
		     tables_rally_hits(s->game->tables, 6, 4, true));
	cr_expect_neq(tables_rally_hits(s->game->tables, 6, 4, true),
		      tables_rally_hits(s->game->tables, 6, 4, false),
		      "the table must differ for the test to mean anything");
	close_game(s);
}

/* ------------------------------------------------------- 10.32 missile */

/* A Depleted firer adds one to its missile die: the die that just hits
 * when it is fresh misses when it is Depleted (by order, 8.11). */
Test(depletion, missile_fire_plus_one_when_depleted_10_32)
{
	int needed = -1;
	for (int dep = 0; dep < 2; dep++) {
		struct session *s = open_game();
		place(s, "ar", 1010, FACE_NE);
		place(s, "bi", 1008, FACE_SE);
		U(s, "ar")->depleted = dep;
		struct fire_check c;
		cr_assert(missile_check(s->game, UI(s, "ar"), WEAPON_MAIN,
					H(1008), FIRE_OFFENSIVE, &c),
			  "%s (%s)", c.reason, c.rule);
		if (!dep) {
			needed = c.needed;
			cr_assert_geq(needed, 1, "a die that hits fresh");
		} else {
			cr_expect_eq(c.needed, needed - 1,
				     "10.32: +1 to the DR");
		}
		phase(s, "consul");
		char line[32];
		snprintf(line, sizeof line, "roll %d", needed);
		ok(s, line);
		ok(s, "order ar fire 1008");
		const struct event *e = last(s, "missile_result");
		if (!e)
			e = last(s, "missile_fire");
		cr_assert_not_null(e);
		cr_expect_eq(U(s, "bi")->hits, dep ? 0 : 1, "die %d: %s",
			     needed, dep ? "misses Depleted" : "hits fresh");
		close_game(s);
	}
}

/* --------------------------------------------------------- 10.32 shock */

/* The shift of the Shock Results Table (8.46 step 3): 1L when any
 * attacker is Depleted, 1R when any defender is, none when both. */
Test(depletion, shock_column_shifts_10_32)
{
	struct session *s = open_game();
	const struct spqr_tables *t = s->game->tables;
	struct shock_shift_input in;
	memset(&in, 0, sizeof in);
	in.side = ZONE_FRONT;
	in.attacker = UT_LG;
	struct shock_shifts base = shock_column_shifts(t, &in);
	in.attacker_depleted = true;
	struct shock_shifts a = shock_column_shifts(t, &in);
	cr_expect_eq(a.depleted_attacker, -1, "1L");
	cr_expect_eq(a.total, base.total - 1);
	in.attacker_depleted = false;
	in.defender_depleted = true;
	struct shock_shifts d = shock_column_shifts(t, &in);
	cr_expect_eq(d.depleted_defender, 1, "1R");
	cr_expect_eq(d.total, base.total + 1);
	in.attacker_depleted = true;
	struct shock_shifts both = shock_column_shifts(t, &in);
	cr_expect_eq(both.total, base.total, "they cancel");
	close_game(s);
}

/* One combat of hastati w against barbarians bi (front), run through the
 * Clash and Resolve steps (8.45, 8.46) with the die forced; the events
 * of the resolution. */
static void resolve_events(bool att_depleted, bool def_depleted, char *ev,
			   size_t n)
{
	struct session *s = open_game();
	place(s, "w", 1010, FACE_NE);
	place(s, "bi", 1009, FACE_SW);
	U(s, "w")->depleted = att_depleted;
	U(s, "bi")->depleted = def_depleted;
	phase(s, "consul");
	struct game *g = s->game;
	g->phase = PHASE_SHOCK;
	shock_segment_begin(g);
	int ci = shock_add_combat(g);
	struct shock_combat *c = &g->shock.c[ci];
	c->att[c->natt] = UI(s, "w");
	c->att_at[c->natt++] = U(s, "w")->at;
	c->def[c->ndef] = UI(s, "bi");
	c->def_at[c->ndef++] = U(s, "bi")->at;
	g->shock.batch_begin = 0;
	g->shock.batch_end = 1;
	g->shock.step = SHS_CLASH;
	g->shock.cursor = 0;
	g->shock.sub = 0;
	size_t from = g->events.n;
	for (int k = 0; k < 8; k++)
		force(s, 5);
	cr_assert(shock_step_clash(g), "1 against 1: no choice to make");
	g->shock.step = SHS_RESOLVE;
	g->shock.cursor = 0;
	g->shock.sub = 0;
	shock_step_resolve(g);
	events_since(s, from, ev, n);
	close_game(s);
}

/* 10.32 through the Resolve step (8.46 step 3): hastati against
 * barbarians read column 6 in front; 1L to 5 when the attacker is
 * Depleted, 1R to 7 when the defender is, 6 when both are. */
Test(depletion, shock_resolution_shifts_10_32)
{
	char ev[16384];
	resolve_events(false, false, ev, sizeof ev);
	cr_expect_null(strstr(ev, "_depleted"), "%s", ev);
	cr_expect_not_null(strstr(ev, "shock_result combat=0 column=6 "), "%s",
			   ev);
	resolve_events(true, false, ev, sizeof ev);
	cr_expect_not_null(strstr(ev, "what=attacker_depleted shift=-1 "
				      "rule=10.32"),
			   "%s", ev);
	cr_expect_not_null(strstr(ev, "shock_result combat=0 column=5 "), "%s",
			   ev);
	resolve_events(false, true, ev, sizeof ev);
	cr_expect_not_null(strstr(ev, "what=defender_depleted shift=1 "
				      "rule=10.32"),
			   "%s", ev);
	cr_expect_not_null(strstr(ev, "shock_result combat=0 column=7 "), "%s",
			   ev);
	resolve_events(true, true, ev, sizeof ev);
	cr_expect_not_null(strstr(ev, "shock_result combat=0 column=6 "), "%s",
			   ev);
}
