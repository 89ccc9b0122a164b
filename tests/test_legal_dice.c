/* `legal` and the game's own dice (issue 11): ending an open move may
 * roll a die (6.41: a phalanx that spent its fifth MP on its first move
 * checks its TQ).  A new order ends the open move first (6.11), so while
 * that roll is due no new order is listed or accepted: the player halts
 * (the roll is made then, on its own) and orders again.  The list never
 * depends on what the die will show. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/dice.h"
#include "maniple/game.h"
#include "maniple/orders.h"
#include "maniple/sequence.h"

#define LEGAL_MAX 512

struct said {
	enum cmd_status st;
	char rule[16];
	char reason[CMD_REASON_MAX];
	bool rolled_641; /* its events hold a roll for rule 6.41 */
};

static struct said say(struct session *s, const char *line)
{
	struct said o;
	memset(&o, 0, sizeof o);
	struct cmd_result r;
	cmd_result_init(&r);
	size_t from = s->game ? s->game->events.n : 0;
	session_exec(s, line, &r);
	o.st = r.status;
	snprintf(o.rule, sizeof o.rule, "%s", r.rule);
	snprintf(o.reason, sizeof o.reason, "%s", r.reason);
	for (size_t i = from; s->game && i < s->game->events.n; i++) {
		const struct event *e = logged_event(&s->game->events, i);
		const char *rule = event_get(e, "rule");
		if (strcmp(e->kind, "roll") == 0 && rule &&
		    strcmp(rule, "6.41") == 0)
			o.rolled_641 = true;
	}
	cmd_result_free(&r);
	return o;
}

/* Every legal line now, one after the other, '\n' between (malloc'd). */
static char *legal_text(const struct game *g)
{
	static struct decision_answer a[LEGAL_MAX];
	int n = seq_legal(g, a, LEGAL_MAX);
	size_t cap = (size_t)n * sizeof a[0].line + 1, len = 0;
	char *t = malloc(cap);
	cr_assert_not_null(t);
	t[0] = '\0';
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(t + len, cap - len, "%s\n", a[i].line);
	return t;
}

static bool listed(const struct game *g, const char *line)
{
	static struct decision_answer a[LEGAL_MAX];
	int n = seq_legal(g, a, LEGAL_MAX);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* Whether any listed line starts with one of the commands that give a
 * new order (and so end the open move first, 6.11). */
static bool new_order_listed(const struct game *g)
{
	static struct decision_answer a[LEGAL_MAX];
	static const char *const starts[] = {"order ", "line ", "pick ",
					     "elephant line"};
	int n = seq_legal(g, a, LEGAL_MAX);
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < sizeof starts / sizeof *starts; k++)
			if (strncmp(a[i].line, starts[k], strlen(starts[k])) ==
			    0)
				return true;
	return false;
}

/* The drill: Carthage's phalanx ph1 (TQ 7, 2 hits to
 * begin with) moves forward and pivots four times (6.42, 6.43), at 6
 * hits, with all 5 MP of its first move spent: ending the move now rolls
 * 6.41's TQ check.  die: the next die forced with `roll`, or -1.
 * reseed: when not 0, the game's dice are then seeded afresh with it
 * (other unforced dice to come). */
static void fifth_mp_spent(struct session *s, int reseed, int die)
{
	fx_session(s, "new drill sandbox 1");
	const char *play[] = {
		"setup hits ph1 2",
		"setup remove ve1",
		"setup remove sl1",
		"continue",
		"pass",
		"activate mago",
		"order ph1",
		"move 2815,2816",
		"face SW",
		"face W",
		"face NW",
		"face W",
		NULL,
	};
	for (const char *const *l = play; *l; l++)
		fx_ok(s, *l);
	if (reseed)
		dice_reseed(&s->game->dice, (uint64_t)reseed);
	if (die >= 0) {
		char roll[16];
		snprintf(roll, sizeof roll, "roll %d", die);
		fx_ok(s, roll);
	}
	const struct game *g = s->game;
	cr_assert(g->ord.moving);
	cr_assert_eq(g->ord.move.mp_spent, 5, "6.41: the fifth MP is spent");
	cr_assert_eq(game_unit(s->game, "ph1")->hits, 6);
}

/* 6.11, 6.41: with the check due, `halt` is listed and no new order
 * (the open move's steps and turns stay listed too). */
Test(legal_dice, halt_listed_no_new_order_while_the_check_is_due_6_41)
{
	struct session s;
	fifth_mp_spent(&s, 0, 0);
	cr_assert(listed(s.game, "halt"), "6.11: halt stays listed");
	cr_assert_not(new_order_listed(s.game),
		      "6.11, 6.41: no new order before the roll");
	cr_assert(listed(s.game, "orders done"),
		  "5.27: the phase may end (the roll is made then)");
	session_free(&s);
}

/* 6.11, 6.41: `order mi1` is refused naming halt, and changes nothing:
 * no die drawn, the forced die still queued. */
Test(legal_dice, order_refused_naming_halt_6_11_6_41)
{
	struct session s;
	fifth_mp_spent(&s, 0, 9);
	uint64_t digest = game_digest(s.game);
	unsigned long rolls = s.game->dice.rolls;
	const char *tries[] = {"order mi1",    "order hi2 with",
			       "order mago",   "order mi1 rally",
			       "line cavalry", NULL};
	for (const char *const *t = tries; *t; t++) {
		struct said o = say(&s, *t);
		cr_assert_eq(o.st, CMD_REFUSED, "%s", *t);
		cr_assert_not(o.rolled_641, "%s: no roll", *t);
		if (strncmp(*t, "order", 5) == 0) {
			cr_assert_str_eq(o.rule, "6.11", "%s", *t);
			cr_assert_not_null(strstr(o.reason, "halt"), "%s: %s",
					   *t, o.reason);
			cr_assert_not_null(strstr(o.reason, "6.41"), "%s: %s",
					   *t, o.reason);
		}
	}
	cr_assert_eq(game_digest(s.game), digest);
	cr_assert_eq(s.game->dice.rolls, rolls, "no die drawn");
	cr_assert_eq(s.game->dice.nforced, 1, "the forced 9 still waits");
	struct cmd_result r;
	cmd_result_init(&r);
	cr_assert(orders_halt_first(s.game, &r));
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert_str_eq(r.rule, "6.11");
	cmd_result_free(&r);
	session_free(&s);
}

/* 6.11, 6.41: `halt` makes the roll (die 0 against TQ 7: no hit); the
 * orders are listed and accepted again. */
Test(legal_dice, after_halt_the_roll_is_made_and_orders_come_back_6_41)
{
	struct session s;
	fifth_mp_spent(&s, 0, 0);
	struct said o = say(&s, "halt");
	cr_assert_eq(o.st, CMD_OK);
	cr_assert(o.rolled_641, "6.41: halt rolls the TQ check");
	cr_assert_not(s.game->ord.moving);
	cr_assert_eq(game_unit(s.game, "ph1")->hits, 6);
	cr_assert_not(game_unit(s.game, "ph1")->routed);
	cr_assert(listed(s.game, "order mi1"));
	cr_assert(new_order_listed(s.game));
	struct cmd_result r;
	cmd_result_init(&r);
	cr_assert_not(orders_halt_first(s.game, &r), "no move open");
	cr_assert_eq(r.status, CMD_OK);
	cmd_result_free(&r);
	fx_ok(&s, "order mi1");
	session_free(&s);
}

/* 6.41, 10.14: die 9 against TQ 7 with 6 hits routs the phalanx at
 * `halt`, seen as it happens; the refusal before told nothing of it. */
Test(legal_dice, halt_with_a_failing_die_routs_6_41)
{
	struct session s;
	fifth_mp_spent(&s, 0, 9);
	struct said before = say(&s, "order mi1");
	cr_assert_eq(before.st, CMD_REFUSED);
	struct said o = say(&s, "halt");
	cr_assert_eq(o.st, CMD_OK);
	cr_assert(o.rolled_641);
	cr_assert(game_unit(s.game, "ph1")->routed, "10.14: 7 hits, TQ 7");
	session_free(&s);
}

/* Issue 11: the legal list and the refusal's reason are the same
 * whatever die comes next: forced 0 (no hit), forced 9 (rout), or none
 * forced, from the game's own dice or from dice seeded afresh. */
Test(legal_dice, listing_the_same_whatever_the_next_die_6_41)
{
	const int seeds[] = {0, 0, 0, 7};
	const int dice[] = {0, 9, -1, -1};
	char *first = NULL, *reason0 = NULL;
	for (int k = 0; k < 4; k++) {
		struct session s;
		fifth_mp_spent(&s, seeds[k], dice[k]);
		char *t = legal_text(s.game);
		struct said o = say(&s, "order mi1");
		cr_assert_eq(o.st, CMD_REFUSED);
		if (!first) {
			first = t;
			reason0 = strdup(o.reason);
		} else {
			cr_assert_str_eq(t, first, "seed %d die %d", seeds[k],
					 dice[k]);
			cr_assert_str_eq(o.reason, reason0);
			free(t);
		}
		session_free(&s);
	}
	free(first);
	free(reason0);
}

/* 6.11: when ending the move rolls nothing (four MP spent, 6.41 has no
 * check) a new order is listed and ends the move itself, as before. */
Test(legal_dice, no_roll_due_orders_listed_as_before_6_11)
{
	struct session s;
	fx_session(&s, "new drill sandbox 1");
	const char *play[] = {
		"setup remove ve1",
		"setup remove sl1",
		"continue",
		"pass",
		"activate mago",
		"order ph1",
		"move 2815,2816",
		"face SW",
		"face W",
		"face NW",
		NULL,
	};
	for (const char *const *l = play; *l; l++)
		fx_ok(&s, *l);
	cr_assert_eq(s.game->ord.move.mp_spent, 4);
	struct cmd_result r;
	cmd_result_init(&r);
	cr_assert_not(orders_halt_first(s.game, &r));
	cmd_result_free(&r);
	cr_assert(listed(s.game, "halt"));
	cr_assert(listed(s.game, "order mi1"));
	unsigned long rolls = s.game->dice.rolls;
	struct said o = say(&s, "order mi1");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_assert_not(o.rolled_641);
	cr_assert_eq(s.game->dice.rolls, rolls, "no die drawn");
	cr_assert_eq(s.game->ord.mover_unit,
		     (int)(game_unit(s.game, "mi1") - s.game->units));
	session_free(&s);
}
