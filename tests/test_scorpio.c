/* test_scorpio.c — artillery (SPQR 9.8): Fire and Move modes changed by an
 * Individual Order (9.82), moving only in Move mode and only by an
 * Individual Order, firing only in Fire mode; no facing: attacks on a
 * scorpio are frontal (9.84); Active Fire twice a Game Turn without
 * orders, one shot a phase (9.85); Reaction Fire twice an enemy Orders
 * Phase during the enemy's movement, and no ordinary 8.2 reaction fire
 * (9.86); rout is elimination (9.87); Light Infantry for movement (9.81).
 * Dice are forced. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/scorpio.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"
#include "session_play.h"
#include "spqr_tables.h"
#include "fixture.h"

struct usp {
	const char *id;
	int side;
	enum unit_type t;
	enum missile_class mc;
	int tq, ma;
};

static const struct usp units[] = {
	{"sc", 0, UT_AT, MC_B, 5, 4},  {"sc2", 0, UT_AT, MC_B, 5, 4},
	{"sk", 0, UT_SK, MC_S, 4, 6},  {"bi", 1, UT_BI, MC_NONE, 6, 5},
	{"cav", 1, UT_HC, MC_NONE, 7, 8}, {"hi", 1, UT_HI, MC_NONE, 7, 5},
	{NULL, 0, 0, MC_NONE, 0, 0},
};

/* A 20x20 clear field; two Overall Commanders; a line of two engines. */
static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	if (strcmp(name, "arty") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b =
		fx_empty_battle("arty", "Artillery", 20, 20, "rome", "epirus");
	const struct {
		const char *id;
		int side, hex;
	} ls[] = {{"consul", 0, 1012}, {"pyrrhus", 1, 1001}};
	for (size_t k = 0; k < 2; k++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ls[k].id);
		l->side = ls[k].side;
		l->kind = LK_GENERAL;
		l->initiative = 5;
		l->command_range = 20;
		l->line_command = 1;
		l->strategy = 3;
		l->overall = true;
		l->hex = H(ls[k].hex);
		l->on_map = true;
		l->available = true;
	}
	struct line_def *ld = &b->lines[b->nlines++];
	snprintf(ld->name, sizeof ld->name, "engines");
	ld->side = 0;
	ld->nmembers = 2;
	snprintf(ld->members[0], sizeof ld->members[0], "sc");
	snprintf(ld->members[1], sizeof ld->members[1], "sc2");
	ld->spacing = 1;
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
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

static struct session *open_game(void)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, "new arty sandbox 7", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	cmd_result_free(&r);
	return s;
}

/* The usual field: the engines at 1010 and 1110, in Fire mode (fire) or
 * Move mode; the enemy infantry two hexes off at 1008. */
static struct session *field(bool fire)
{
	struct session *s = open_game();
	place(s, "sc", 1010, FACE_NE);
	place(s, "sc2", 1110, FACE_NE);
	place(s, "bi", 1008, FACE_SE);
	U(s, "sc")->scorpio_fire = U(s, "sc2")->scorpio_fire = fire;
	return s;
}

static void force(struct session *s, int die)
{
	cr_assert(dice_force(&s->game->dice, die));
}

/* Refused naming `want`, and nothing changed (state text, events). */
static void refused(struct session *s, const char *line, const char *want)
{
	char *before = game_state_text(s->game);
	size_t nev = s->game->events.n;
	struct out o = run(s, line);
	char *after = game_state_text(s->game);
	cr_expect_eq(o.st, CMD_REFUSED, "%s: not refused", line);
	cr_expect_str_eq(o.rule, want, "%s: rule %s (%s)", line, o.rule,
			 o.reason);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	cr_expect_eq(s->game->events.n, nev, "%s emitted events", line);
	free(before);
	free(after);
}

/* Whether `legal` lists a line beginning with prefix, for side. */
static bool legal_starts(struct session *s, const char *prefix, int side)
{
	struct decision_answer a[256];
	int n = seq_legal(s->game, a, 256);
	for (int i = 0; i < n; i++)
		if (strncmp(a[i].line, prefix, strlen(prefix)) == 0 &&
		    a[i].side == side)
			return true;
	return false;
}

/* ---------------------------------------------------------- 9.82 */

/* 9.82: changing mode takes an Individual Order; the scorpio changed to
 * Fire mode may not fire in that Orders Phase, but may in the next. */
Test(scorpio, mode_change_is_an_individual_order_9_82)
{
	struct session *s = field(false);
	phase(s, "consul");
	int left = s->game->seq.orders_left;
	struct out o = ok(s, "order sc mode fire");
	cr_assert(has(&o, "scorpio_mode unit=sc mode=fire rule=9.82"), "%s",
		  o.ev);
	cr_assert(U(s, "sc")->scorpio_fire);
	cr_assert_eq(s->game->seq.orders_left, left - 1, "no order spent");
	cr_assert_not(s->game->ord.moving, "the order opened a move");
	refused(s, "scorpio sc 1008", "9.82");
	refused(s, "order sc mode fire", "9.82"); /* already in Fire mode */
	refused(s, "order bi mode fire", "9.82"); /* no scorpio */
	phase(s, "consul");
	force(s, 9);
	o = ok(s, "scorpio sc 1008");
	cr_assert(has(&o, "kind=offensive"), "%s", o.ev);
	close_game(s);
}

/* 9.82: a scorpio in Move mode does not fire (active, by order, or in
 * reaction). */
Test(scorpio, move_mode_does_not_fire_9_82)
{
	struct session *s = field(false);
	phase(s, "consul");
	cr_assert_not(legal_starts(s, "scorpio sc ", 0));
	refused(s, "scorpio sc 1008", "9.82");
	refused(s, "order sc fire 1008", "9.82");
	phase(s, "pyrrhus");
	refused(s, "scorpio sc 1008", "9.82");
	close_game(s);
}

/* 9.82: a scorpio in Fire mode does not move; one changed to Move mode
 * moves from the next Orders Phase, by an Individual Order only; 9.84:
 * into any hex (1011 is behind its counter's facing). */
Test(scorpio, moves_only_in_move_mode_by_individual_order_9_82)
{
	struct session *s = field(true);
	phase(s, "consul");
	refused(s, "order sc", "9.82");
	ok(s, "order sc mode move");
	cr_assert_not(U(s, "sc")->scorpio_fire);
	refused(s, "order sc", "9.82"); /* changed this phase */
	phase(s, "consul");
	ok(s, "order sc");
	for (int k = 0; k < 8 && reactions_pending(s->game); k++)
		ok(s, "no reaction");
	ok(s, "move 1011");
	cr_assert(hex_eq(U(s, "sc")->at.hex[0], H(1011)));
	close_game(s);
}

/* 9.82: a Line Command does not move a scorpio in Move mode. */
Test(scorpio, line_command_does_not_move_a_scorpio_9_82)
{
	struct session *s = field(false);
	phase(s, "consul");
	struct out o = run(s, "line engines");
	cr_assert_eq(o.st, CMD_OK, "%s (%s)", o.reason, o.rule);
	refused(s, "pick sc", "9.82");
	close_game(s);
}

/* ---------------------------------------------------------- 9.84 */

/* 9.84: a scorpio has no facing: an attack from what would be its rear
 * or flank is frontal; a hex not next to it is no attack. */
Test(scorpio, attacks_on_a_scorpio_are_frontal_9_84)
{
	struct session *s = field(true);
	const struct unit *sc = U(s, "sc");
	for (int z = ZONE_FLANK; z <= ZONE_REAR; z++) {
		struct hex hs[8];
		int n = footprint_zone_hexes(&sc->at, (enum hex_zone)z, hs);
		cr_assert_gt(n, 0);
		for (int i = 0; i < n; i++) {
			struct footprint a = {{hs[i], HEX_NONE}, FACE_NE,
					      false, false};
			cr_assert_eq(footprint_approach(&sc->at, &a), z);
			cr_assert_eq(scorpio_shock_side(&sc->at, &a),
				     ZONE_FRONT, "zone %d hex %d", z, i);
		}
	}
	struct footprint far = {{H(1005), HEX_NONE}, FACE_NE, false, false};
	cr_assert_eq(scorpio_shock_side(&sc->at, &far), ZONE_NONE);
	close_game(s);
}

/* 9.84: a scorpio fires in any direction: at a target behind its
 * counter's facing, next to it or two hexes off. */
Test(scorpio, fires_in_any_direction_9_84)
{
	struct session *s = field(true);
	place(s, "bi", 1012, FACE_NE);
	cr_assert_eq(footprint_zone(&U(s, "sc")->at, H(1011)), ZONE_REAR);
	phase(s, "consul");
	force(s, 9);
	struct out o = ok(s, "scorpio sc 1012");
	cr_assert(has(&o, "target=bi range=2"), "%s", o.ev);
	place(s, "bi", 1011, FACE_NE);
	phase(s, "consul");
	force(s, 9);
	o = ok(s, "scorpio sc 1011");
	cr_assert(has(&o, "target=bi range=1"), "%s", o.ev);
	close_game(s);
}

/* ---------------------------------------------------------- 9.85 */

/* 9.85: Active Fire needs no order, one shot a phase, twice a Game Turn;
 * the markers come off at the end of the turn. */
Test(scorpio, active_fire_twice_per_game_turn_9_85)
{
	struct session *s = field(true);
	phase(s, "consul");
	cr_assert(legal_starts(s, "scorpio sc 1008 # needs ", 0));
	int left = s->game->seq.orders_left;
	force(s, 0);
	struct out o = ok(s, "scorpio sc 1008");
	cr_assert(has(&o, "kind=offensive"), "%s", o.ev);
	cr_assert(has(&o, "result=hit"), "%s", o.ev);
	cr_assert(has(&o, "scorpio_marker unit=sc active_fire=once "
			  "rule=9.85"),
		  "%s", o.ev);
	cr_assert_eq(U(s, "bi")->hits, 1);
	cr_assert_eq(s->game->seq.orders_left, left, "an order was spent");
	refused(s, "scorpio sc 1008", "9.85");	    /* once a phase */
	refused(s, "order sc mode move", "9.85"); /* nothing else */
	phase(s, "consul");
	force(s, 9);
	o = ok(s, "scorpio sc 1008");
	cr_assert(has(&o, "active_fire=twice"), "%s", o.ev);
	phase(s, "consul");
	refused(s, "scorpio sc 1008", "9.85");	/* twice a turn */
	refused(s, "order sc fire 1008", "9.85"); /* by order too */
	force(s, 9);
	ok(s, "scorpio sc2 1008"); /* the other engine is its own */
	char *st = game_state_text(s->game);
	cr_assert(strstr(st, "scorpio_active=2"), "%s", st);
	free(st);
	scorpio_markers_off(s->game);
	cr_assert_eq(U(s, "sc")->scorpio_active, 0);
	phase(s, "consul");
	force(s, 9);
	ok(s, "scorpio sc 1008");
	close_game(s);
}

/* 9.85: the Active Fire counts when a scorpio is ordered to fire as
 * well (8.11): the limit binds every offensive volley. */
Test(scorpio, ordered_fire_counts_as_active_fire_9_85)
{
	struct session *s = field(true);
	phase(s, "consul");
	force(s, 9);
	ok(s, "order sc fire 1008");
	cr_assert_eq(U(s, "sc")->scorpio_active, 1);
	phase(s, "consul");
	force(s, 9);
	ok(s, "scorpio sc 1008");
	phase(s, "consul");
	refused(s, "order sc fire 1008", "9.85");
	close_game(s);
}

/* 9.85: outside a Movement/Missile segment a scorpio does not fire. */
Test(scorpio, fires_only_in_a_movement_segment_9_85)
{
	struct session *s = field(true);
	s->game->phase = PHASE_SHOCK;
	refused(s, "scorpio sc 1008", "9.85");
	refused(s, "scorpio bi 1010", "9.81");
	close_game(s);
}

/* ---------------------------------------------------------- 9.86 */

/* 9.86: in the enemy's Orders Phase, during its movement, a scorpio
 * fires twice, then no more until the next enemy Orders Phase. */
Test(scorpio, reaction_fire_twice_during_enemy_movement_9_86)
{
	struct session *s = field(true);
	place(s, "cav", 1006, FACE_SE);
	place(s, "bi", 1508, FACE_SE); /* out of the line of sight */
	phase(s, "pyrrhus");
	ok(s, "order cav");
	for (int k = 0; k < 8 && reactions_pending(s->game); k++)
		ok(s, "no reaction");
	struct decision_answer a[256];
	int n = seq_legal(s->game, a, 256);
	int to = 0;
	for (int i = 0; i < n && !to; i++)
		if (sscanf(a[i].line, "move %d", &to) != 1)
			to = 0;
	cr_assert_gt(to, 0, "no move for the cavalry");
	char line[32];
	snprintf(line, sizeof line, "move %d", to);
	ok(s, line);
	for (int k = 0; k < 8 && reactions_pending(s->game); k++)
		ok(s, "no reaction");
	cr_assert(s->game->ord.moving, "the cavalry's move closed");
	snprintf(line, sizeof line, "scorpio sc %d", to);
	cr_assert(legal_starts(s, line, 0), "no %s in legal", line);
	force(s, 9);
	struct out o = ok(s, line);
	cr_assert(has(&o, "kind=scorpio"), "%s", o.ev);
	cr_assert(has(&o, "scorpio_marker unit=sc reaction_fire=once "
			  "rule=9.86"),
		  "%s", o.ev);
	cr_assert(s->game->ord.moving, "reaction fire closed the move");
	force(s, 9);
	o = ok(s, line);
	cr_assert(has(&o, "reaction_fire=twice"), "%s", o.ev);
	cr_assert_not(legal_starts(s, line, 0));
	refused(s, line, "9.86");
	cr_assert_eq(U(s, "sc")->scorpio_active, 0, "counted as active");
	phase(s, "pyrrhus"); /* the next enemy Orders Phase */
	snprintf(line, sizeof line, "scorpio sc %d", to);
	force(s, 9);
	ok(s, line);
	close_game(s);
}

/* 9.86: no ordinary reaction fire (8.21-8.23) for a scorpio; the
 * scorpio's own reaction fire is for scorpios only. */
Test(scorpio, no_ordinary_reaction_fire_9_86)
{
	struct session *s = field(true);
	place(s, "sk", 1510, FACE_NE);
	place(s, "bi", 1007, FACE_SE);
	phase(s, "pyrrhus");
	struct fire_check c;
	const enum fire_kind ordinary[] = {FIRE_ENTRY, FIRE_RETIRE,
					   FIRE_RETURN};
	for (int k = 0; k < 3; k++) {
		cr_assert_not(missile_check(s->game, UI(s, "sc"), WEAPON_MAIN,
					    H(1007), ordinary[k], &c));
		cr_assert_str_eq(c.rule, "9.86", "kind %d: %s (%s)", k, c.rule,
				 c.reason);
	}
	cr_assert(missile_check(s->game, UI(s, "sc"), WEAPON_MAIN, H(1007),
				FIRE_SCORPIO, &c),
		  "%s %s", c.rule, c.reason ? c.reason : "");
	cr_assert_not(missile_check(s->game, UI(s, "sk"), WEAPON_MAIN,
				    H(1007), FIRE_SCORPIO, &c));
	cr_assert_str_eq(c.rule, "9.86");
	close_game(s);
}

/* ---------------------------------------------------- 9.81, 9.87 */

/* 9.87: a scorpio that routs is eliminated at once. */
Test(scorpio, rout_eliminates_9_87)
{
	struct session *s = field(true);
	rout_begin(s->game, UI(s, "sc"), "10.21");
	cr_assert(U(s, "sc")->eliminated);
	cr_assert_not(game_unit_in_play(U(s, "sc")));
	close_game(s);
}

/* 9.81: a scorpio moves as Light Infantry. */
Test(scorpio, moves_as_light_infantry_9_81)
{
	struct session *s = field(false);
	cr_assert_eq(tables_movement_group(s->game->tables, UT_AT),
		     tables_movement_group(s->game->tables, UT_LI));
	close_game(s);
}

/* 9.86 with 10.21: reaction fire that routs the mover mid-move ends its
 * move (here the rout eliminates it: the fixture has no retreat edge). */
Test(scorpio, reaction_fire_routing_the_mover_9_86)
{
	struct session *s = field(true);
	place(s, "cav", 1006, FACE_SE);
	place(s, "bi", 1508, FACE_SE);
	U(s, "cav")->hits = 6;
	phase(s, "pyrrhus");
	ok(s, "order cav");
	for (int k = 0; k < 8 && reactions_pending(s->game); k++)
		ok(s, "no reaction");
	force(s, 0);
	struct out o = ok(s, "scorpio sc 1006");
	cr_assert(has(&o, "result=hit"), "%s", o.ev);
	cr_assert(U(s, "cav")->routed || U(s, "cav")->eliminated ||
		  rout_pending(s->game),
		  "%s", o.ev);
	cr_assert(has(&o, "move_stopped unit=cav"), "%s", o.ev);
	cr_assert_not(s->game->ord.moving, "the routed mover's move is open");
	cr_assert_not(legal_starts(s, "move ", 1));
	cr_assert(legal_starts(s, "orders done", 1));
	close_game(s);
}
