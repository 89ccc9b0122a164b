/* The audit of issue "Rules III" (SPQR 8.1-8.3): the rule no other test
 * cited (8.12), the worked examples played with the book's own numbers
 * (8.11's mounted archer and slinger, 8.15's Balearic slingers through the
 * order commands, the Beneventum example printed with 8.4's introduction:
 * the archer over the slinger, the peltast's fire at range 1 and the
 * return fire), and a refusal battery: every refused fire names its rule
 * and changes nothing (state text, events, journal).  The "volley" field
 * is test_missile.c's; dice are forced in missile.c's order (the fire
 * die, then the leader dice). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/sequence.h"
#include "spqr_tables.h"

#include "volley_field.h"

/* The command is refused with a reason naming rule, and changes nothing:
 * the canonical state text, the number of events and the journal are the
 * same before and after (the pattern of test_rules1_audit.c). */
static void refused(struct session *s, const char *line, const char *want)
{
	char *before = game_state_text(s->game);
	size_t nev = s->game->events.n;
	size_t njournal = s->journal.n;
	struct out o = run(s, line);
	char *after = game_state_text(s->game);
	cr_expect_eq(o.st, CMD_REFUSED, "%s: not refused (%d)", line,
		     (int)o.st);
	cr_expect(o.reason[0] != '\0', "%s: refused without a reason", line);
	cr_expect_str_eq(o.rule, want, "%s: rule %s (%s)", line, o.rule,
			 o.reason);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	cr_expect_eq(s->game->events.n, nev, "%s emitted events", line);
	cr_expect_eq(s->journal.n, njournal, "%s was journalled", line);
	free(before);
	free(after);
}

/* ---- 8.15: the chart and the Balearic slingers ---- */

/* An order that opens a move: the enemy's reactions to it (6.51
 * withdrawal of cavalry, 7.15) are declined. */
static void order_open(struct session *s, const char *line)
{
	ok(s, line);
	for (int k = 0; k < 8 && reactions_pending(s->game); k++)
		ok(s, "no reaction");
	cr_assert_not(reactions_pending(s->game));
}

/* The first legal `move HEX` of the open mover whose hex is no nearer to
 * `from` than it stands now; false when none. */
static bool move_away(struct session *s, const char *id, int from)
{
	struct decision_answer a[256];
	int n = seq_legal(s->game, a, 256);
	int now = hex_distance(U(s, id)->at.hex[0], H(from));
	for (int i = 0; i < n; i++) {
		int to;
		if (sscanf(a[i].line, "move %d", &to) != 1)
			continue;
		if (hex_distance(H(to), H(from)) < now)
			continue;
		char line[64];
		snprintf(line, sizeof line, "move %d", to);
		ok(s, line);
		return true;
	}
	return false;
}

/* ------------------------------------------------- 8.11's examples */

/* 8.11 EXAMPLE: a mounted archer moves 4 hexes forward, fires at an enemy
 * 2 hexes away (MA strength 3 at range 2, 8.15 #5 +1 for moving: needs
 * 2), and rides away with the points left: the fire cost none. */
Test(rules3_audit, example_8_11_mounted_archer_4_forward_fire_at_2_rides_away)
{
	struct session *s = open_game();
	place(s, "ma", 1615, FACE_NE);
	place(s, "bi", 1609, FACE_SE);
	phase(s, "consul");
	ok(s, "order ma");
	ok(s, "move 1614");
	ok(s, "move 1613");
	ok(s, "move 1612");
	ok(s, "move 1611");
	cr_assert_eq(s->game->ord.move.mp_spent, 4);
	cr_assert(legal_has(s, "fire 1609 # needs 2 or less: hits 30%"));
	force(s, 2);
	struct out o = ok(s, "fire 1609");
	cr_assert(has(&o, "kind=offensive at=1609 target=bi range=2 "
			  "strength=3 drm=+1 needs=2 rule=8.15"),
		  "%s", o.ev);
	cr_assert(has(&o, "result=hit hits=1"), "%s", o.ev);
	cr_assert_eq(U(s, "bi")->hits, 1);
	cr_assert_eq(s->game->ord.move.mp_spent, 4, "fire cost MP");
	cr_assert(s->game->ord.moving, "the archer's move ended on fire");
	cr_assert(move_away(s, "ma", 1609), "no way to ride away");
	cr_assert_gt(s->game->ord.move.mp_spent, 4);
	close_game(s);
}

/* 8.11 EXAMPLE: a slinger moves 3 hexes forward, slings at range 2 (S
 * strength 2, +1 moved: needs 1) and moves on. */
Test(rules3_audit, example_8_11_slinger_3_forward_fire_at_2_moves_on)
{
	struct session *s = open_game();
	place(s, "sk", 1613, FACE_NE);
	place(s, "ha", 1608, FACE_SE);
	phase(s, "hannibal");
	ok(s, "order sk");
	ok(s, "move 1612");
	ok(s, "move 1611");
	ok(s, "move 1610");
	cr_assert(legal_has(s, "fire 1608 # needs 1 or less: hits 20%"));
	force(s, 1);
	struct out o = ok(s, "fire 1608");
	cr_assert(has(&o, "firer=sk weapon=main class=S kind=offensive "
			  "at=1608 target=ha range=2 strength=2"),
		  "%s", o.ev);
	cr_assert(has(&o, "firer_moved drm=+1 rule=8.15#5"), "%s", o.ev);
	cr_assert(has(&o, "result=hit"), "%s", o.ev);
	cr_assert_eq(U(s, "ha")->hits, 1);
	/* 8.23: the legion's javelins reach 1 hex: no return fire at 2 */
	cr_assert_not(reactions_pending(s->game), "%s", o.ev);
	cr_assert_eq(s->game->ord.move.mp_spent, 3);
	cr_assert(move_away(s, "sk", 1608), "the slinger could not move on");
	close_game(s);
}

/* ------------------------------- 8.15's Balearic slingers, by command */

/* 8.15 EXAMPLE through the commands: moved into range 2 (+1), a 3
 * misses; from where they stand a 6 misses, a 9 misses and they are
 * Missile Low (8.17). */
Test(rules3_audit, example_8_15_balearic_slingers_by_command_3_6_9)
{
	struct session *s = open_game();
	place(s, "bs", 1611, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	phase(s, "consul");
	order_open(s, "order bs");
	ok(s, "move 1610");
	/* the cavalry may withdraw before the slingers come on (6.51) */
	if (reactions_pending(s->game)) {
		struct out w = run(s, "fire 1608");
		cr_expect_eq(w.st, CMD_REFUSED);
		cr_expect_str_eq(w.rule, reactions_pending_rule(s->game),
				 "fire while a reaction is pending: %s (%s)",
				 w.rule, w.reason);
	}
	while (reactions_pending(s->game))
		ok(s, "no reaction");
	force(s, 3);
	struct out o = ok(s, "fire 1608");
	cr_assert(has(&o, "range=2 strength=3 drm=+1 needs=2 rule=8.15"),
		  "%s", o.ev);
	cr_assert(has(&o, "die=3 needs=2 dr=4 strength=3 result=miss"), "%s",
		  o.ev);
	cr_assert_eq(U(s, "cav")->hits, 0);

	phase(s, "consul");
	force(s, 6);
	o = ok(s, "order bs fire 1608");
	cr_assert(has(&o, "range=2 strength=3 drm=+0 needs=3"), "%s", o.ev);
	cr_assert(has(&o, "result=miss"), "%s", o.ev);
	cr_assert_eq(U(s, "bs")->supply, SUPPLY_FULL);

	phase(s, "consul");
	force(s, 9);
	o = ok(s, "order bs fire 1608");
	cr_assert(has(&o, "result=miss"), "%s", o.ev);
	cr_assert(has(&o, "now=low why=unmodified_9 rule=8.17"), "%s", o.ev);
	cr_assert_eq(U(s, "bs")->supply, SUPPLY_LOW);
	cr_assert_eq(U(s, "cav")->hits, 0);
	close_game(s);
}

/* ------------------------------------------------------------ 8.12 */

/* 8.12: fire comes from an order (8.11), a reaction (8.2) or a mounted
 * archer's withdrawal (6.55), nothing else: a kind of fire outside those
 * is refused naming 8.12; without an order or an offer the commands
 * refuse. */
Test(rules3_audit, r8_12_fire_by_order_by_reaction_or_withdrawal_only)
{
	struct session *s = open_game();
	struct game *g = s->game;
	place(s, "bs", 1610, FACE_NE);
	place(s, "ar", 1710, FACE_NE);
	place(s, "sk", 1608, FACE_SE);
	struct fire_check c;
	cr_assert_not(missile_check(g, UI(s, "bs"), WEAPON_MAIN, H(1608),
				    FIRE_KIND_COUNT, &c));
	cr_assert_str_eq(c.rule, "8.12");
	cr_assert_not(missile_check(g, UI(s, "bs"), WEAPON_MAIN, H(1608),
				    (enum fire_kind)-1, &c));
	cr_assert_str_eq(c.rule, "8.12");
	phase(s, "consul");
	/* no order, no offer: refused */
	refused(s, "fire ar 1608", "8.11");
	refused(s, "react fire sk 1610", "8.2");
	/* by order */
	force(s, 6);
	struct out o = ok(s, "order bs fire 1608");
	cr_assert(has(&o, "kind=offensive"), "%s", o.ev);
	/* in reaction: the slinger fired at may fire back (8.23) */
	cr_assert(legal_has(s, "react fire sk 1610"), "%s", o.ev);
	force(s, 6);
	o = ok(s, "react fire sk 1610");
	cr_assert(has(&o, "firer=sk"), "%s", o.ev);
	cr_assert(has(&o, "kind=return"), "%s", o.ev);
	/* withdrawing (6.55): only a mounted archer is offered */
	place(s, "ma", 1510, FACE_NE);
	rfire_withdrawal_offer(g, UI(s, "ar"), UI(s, "sk"));
	cr_assert_not(reactions_pending(g));
	close_game(s);
}

/* --------------------------------------------- Beneventum (8.4 intro) */

/* 8.4 EXAMPLE (Beneventum), test_missile.c's fixture: Crete archer A
 * (1015) fires at Y (1012) at range 3 and Z (1111) at range 4 over the
 * closer Epirus slinger C (1014); the volleys carry the chart's strength
 * at those ranges (A: 3 at 3, 1 at 4). */

Test(rules3_audit, example_8_4_beneventum_archer_a_volleys_at_y_and_z)
{
	struct session *s = beneventum();
	phase(s, "hannibal");
	force(s, 8);
	struct out o = ok(s, "order crete_a fire 1012");
	cr_assert(has(&o, "firer=crete_a weapon=main class=A kind=offensive "
			  "at=1012 target=y range=3 strength=3"),
		  "%s", o.ev);
	phase(s, "hannibal");
	force(s, 8);
	o = ok(s, "order crete_a fire 1111");
	cr_assert(has(&o, "at=1111 target=z range=4 strength=1"), "%s", o.ev);
	/* B blocks A's fire at W and X (8.14) */
	phase(s, "hannibal");
	refused(s, "order crete_a fire 1314", "8.14");
	refused(s, "order crete_a fire 1315", "8.14");
	close_game(s);
}

/* 8.4 EXAMPLE: Thrace peltast B fires at X at range 1; B's hit is on X
 * before X answers (8.23: return fire is not simultaneous); X may return
 * fire at range 1, W (not fired at) has no reaction fire; X, a legion,
 * is then Missile No (8.17). */
Test(rules3_audit, example_8_4_beneventum_peltast_b_at_x_and_x_returns_fire)
{
	struct session *s = beneventum();
	phase(s, "hannibal");
	force(s, 4);
	struct out o = ok(s, "order thrace_b fire 1315");
	cr_assert(has(&o, "target=x range=1 strength=5"), "%s", o.ev);
	cr_assert(has(&o, "result=hit hits=1"), "%s", o.ev);
	cr_assert_eq(U(s, "x")->hits, 1);
	cr_assert(reactions_pending(s->game), "%s", o.ev);
	cr_assert(legal_has(s, "react fire x 1215"));
	cr_assert_not(legal_has(s, "react fire w 1215"));
	refused(s, "react fire w 1215", "8.2");
	int bhits = U(s, "thrace_b")->hits;
	force(s, 2);
	o = ok(s, "react fire x 1215");
	cr_assert(has(&o, "firer=x weapon=main class=J kind=return at=1215 "
			  "target=thrace_b range=1 strength=5"),
		  "%s", o.ev);
	cr_assert(has(&o, "result=hit"), "%s", o.ev);
	cr_assert_eq(U(s, "thrace_b")->hits, bhits + 1);
	cr_assert_eq(U(s, "x")->supply, SUPPLY_NO);
	cr_assert_not(reactions_pending(s->game));
	close_game(s);
}

/* ------------------------------------------- 8.19 (TABLES.md 6) edges */

static void leader_hit(struct session *s, const char *leader, int d3,
		       char *ev, size_t n)
{
	place(s, "bs", 1010, FACE_NE);
	place(s, "cav", 1008, FACE_SE);
	put_leader(s, leader, 1008);
	size_t from = s->game->events.n;
	force(s, 0); /* the fire die: a natural 0 (8.19) */
	force(s, 0); /* the leader is hit */
	force(s, d3); /* the Leader Casualty Table */
	cr_assert(missile_fire(s->game, UI(s, "bs"), WEAPON_MAIN, H(1008),
			       FIRE_RETURN, NULL));
	events_since(s, from, ev, n);
	cr_assert_eq(s->game->dice.nforced, 0, "dice left over:\n%s", ev);
}

/* TABLES.md 6: 0 and 6, the ends of 0-6, are Finished; ratings lowered
 * by a wound stop at 0. */
Test(rules3_audit, r8_19_casualty_0_and_6_finished_wound_floor_0)
{
	char ev[4096];
	struct session *s = open_game();
	leader_hit(s, "gisgo", 0, ev, sizeof ev);
	cr_assert(strstr(ev, "result=finished"), "%s", ev);
	cr_assert_eq(game_leader(s->game, "gisgo")->wounds, 0);
	close_game(s);
	s = open_game();
	leader_hit(s, "gisgo", 6, ev, sizeof ev);
	cr_assert(strstr(ev, "result=finished"), "%s", ev);
	cr_assert_eq(game_leader(s->game, "gisgo")->state, LS_FINISHED);
	close_game(s);
	s = open_game();
	struct leader *l = game_leader(s->game, "gisgo");
	l->initiative = 1;
	leader_hit(s, "gisgo", 8, ev, sizeof ev);
	cr_assert(strstr(ev, "result=wounded_2"), "%s", ev);
	cr_assert_eq(leader_initiative_now(s->game, l), 0);
	cr_assert_not(l->killed);
	close_game(s);
}

/* ------------------------------------------------ the refusal battery */

/* 8.13: beyond the chart's range (BS reach 2). */
Test(rules3_audit, refused_out_of_range_8_13)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1607, FACE_SE);
	phase(s, "consul");
	refused(s, "order bs fire 1607", "8.13");
	order_open(s, "order bs");
	refused(s, "fire 1607", "8.13");
	close_game(s);
}

/* 8.14: a combat unit between a slinger and its target blocks. */
Test(rules3_audit, refused_no_line_of_sight_8_14)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "ha", 1609, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	phase(s, "consul");
	refused(s, "order bs fire 1608", "8.14");
	close_game(s);
}

/* 8.13: fire only through Front or Flank hexes; not at a friend; not at
 * an empty hex. */
Test(rules3_audit, refused_rear_friend_or_empty_hex_8_13)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1612, FACE_SE);
	place(s, "ar", 1608, FACE_NE);
	phase(s, "consul");
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "bs"), WEAPON_MAIN,
				    H(1612), FIRE_OFFENSIVE, &c));
	cr_assert(strcmp(c.rule, "8.13") == 0 || strcmp(c.rule, "8.14") == 0,
		  "rear fire: rule %s", c.rule);
	refused(s, "order bs fire 1612", c.rule);
	refused(s, "order bs fire 1608", "8.13");
	refused(s, "order bs fire 1609", "8.13");
	close_game(s);
}

/* 8.17: Missile No may not fire, by order or in reaction. */
Test(rules3_audit, refused_missile_no_8_17)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	U(s, "bs")->supply = SUPPLY_NO;
	phase(s, "consul");
	refused(s, "order bs fire 1608", "8.17");
	order_open(s, "order bs");
	refused(s, "fire 1608", "8.17");
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "bs"), WEAPON_MAIN,
				    H(1608), FIRE_RETURN, &c));
	cr_assert_str_eq(c.rule, "8.17");
	close_game(s);
}

/* 10.27: a routed infantry missile unit is Missile No; a routed mounted
 * missile unit is not. */
Test(rules3_audit, refused_routed_infantry_fire_10_27)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	place(s, "ma", 1710, FACE_NE);
	U(s, "bs")->routed = true;
	U(s, "ma")->routed = true;
	struct fire_check c;
	for (int k = 0; k < FIRE_KIND_COUNT; k++) {
		cr_assert_not(missile_check(s->game, UI(s, "bs"), WEAPON_MAIN,
					    H(1608), (enum fire_kind)k, &c));
		cr_assert_str_eq(c.rule, "10.27", "kind %d: %s (%s)", k,
				 c.rule, c.reason);
	}
	cr_assert(missile_check(s->game, UI(s, "ma"), WEAPON_MAIN, H(1608),
				FIRE_RETURN, &c),
		  "%s %s", c.rule, c.reason ? c.reason : "");
	phase(s, "consul");
	struct out o = run(s, "order bs fire 1608");
	cr_expect_eq(o.st, CMD_REFUSED);
	refused(s, "order bs fire 1608", o.rule);
	cr_expect(strcmp(o.rule, "10.27") == 0, "routed fire: rule %s (%s)",
		  o.rule, o.reason);
	close_game(s);
}

/* 8.11: once per Orders Phase, whichever way the order fires. */
Test(rules3_audit, refused_firing_twice_in_a_phase_8_11)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	place(s, "bi", 1708, FACE_SE);
	phase(s, "consul");
	order_open(s, "order bs");
	force(s, 6);
	ok(s, "fire 1608");
	refused(s, "fire 1608", "8.11");
	refused(s, "fire 1708", "8.11");
	close_game(s);
}

/* 8.11: after moving, fire only when the last hex brought the unit
 * closer: a hex away from the target first. */
Test(rules3_audit, refused_fire_after_moving_away_8_11)
{
	struct session *s = open_game();
	place(s, "ar", 1610, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	phase(s, "consul");
	order_open(s, "order ar");
	cr_assert(move_away(s, "ar", 1608), "no hex away");
	cr_assert_geq(hex_distance(U(s, "ar")->at.hex[0], H(1608)), 2);
	refused(s, "fire 1608", "8.11");
	close_game(s);
}

/* 8.11 Exception: a LI archer that moved may not fire. */
Test(rules3_audit, refused_li_archer_fires_after_moving_8_11)
{
	struct session *s = open_game();
	place(s, "li", 1610, FACE_NE);
	place(s, "cav", 1607, FACE_SE);
	phase(s, "consul");
	ok(s, "order li");
	ok(s, "move 1609");
	/* the cavalry may withdraw from it (6.5): a pending reaction is
	 * answered first, then the fire is refused for itself */
	refused(s, "fire 1607", "6.5");
	if (reactions_pending(s->game))
		ok(s, "no reaction");
	refused(s, "fire 1607", "8.11");
	cr_assert_not(legal_has(s, "fire 1607 # needs 3 or less: hits 40%"));
	close_game(s);
}

/* 9.12, 8.25: an elephant screen never fires offensively. */
Test(rules3_audit, refused_screen_fires_offensively_9_12)
{
	struct session *s = open_game();
	place(s, "el0", 1610, FACE_NE);
	place(s, "bi", 1609, FACE_SE);
	phase(s, "consul");
	refused(s, "order el0 fire 1609 screen", "9.12");
	ok(s, "order el0");
	refused(s, "fire 1609 screen", "9.12");
	struct fire_check c;
	cr_assert_not(missile_check(s->game, UI(s, "el0"), WEAPON_SCREEN,
				    H(1609), FIRE_HD, &c));
	cr_assert_str_eq(c.rule, "9.12");
	cr_assert(missile_check(s->game, UI(s, "el0"), WEAPON_SCREEN,
				H(1609), FIRE_ENTRY, &c));
	close_game(s);
}

/* 8.2: `react fire` with no offer open. */
Test(rules3_audit, refused_react_fire_not_offered_8_2)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	phase(s, "consul");
	refused(s, "react fire bs 1608", "8.2");
	refused(s, "react fire bs", "8.2");
	phase(s, "hannibal");
	refused(s, "react fire bs 1608", "8.2");
	close_game(s);
}

/* 8.11: `fire` with no open move, and after the move has closed. */
Test(rules3_audit, refused_fire_with_no_open_move_8_11)
{
	struct session *s = open_game();
	place(s, "bs", 1610, FACE_NE);
	place(s, "cav", 1608, FACE_SE);
	place(s, "ar", 1710, FACE_NE);
	phase(s, "consul");
	refused(s, "fire 1608", "8.11");
	refused(s, "fire bs 1608", "8.11");
	order_open(s, "order ar");
	refused(s, "fire bs 1608", "8.11");
	close_game(s);
}
