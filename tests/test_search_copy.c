/* A copy of the game for searching (game_copy_for_search, issue 19): a
 * plain value copy with its own empty event log and its own dice.
 *
 * Given the game's own dice (the test-only game_copy_take_dice_for_test),
 * a copy plays exactly as the game does: a random game played once
 * normally and once going on, at every decision, on a fresh copy of the
 * copy gives the same events — so no rule reads anything a copy lacks
 * (the event history, the session).  Made the normal way, a copy rolls
 * dice of its own: never the game's next ones (ai.md's clairvoyance
 * trap). */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "maniple/dice.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

#define LEGAL_MAX 2048
#define COMMANDS 600

/* The events of a game, one printed line each. */
struct transcript {
	char *text;
	size_t len, cap;
	int rolls; /* `roll` events: the dice were used */
	int commands;
};

static void note(struct transcript *t, const struct event_log *log,
		 size_t from)
{
	char line[1024];
	for (size_t i = from; i < log->n; i++) {
		size_t n = event_log_format(log, i, line, sizeof line);
		cr_assert_lt(n, sizeof line);
		if (t->len + n + 2 > t->cap) {
			t->cap = (t->cap + n + 2) * 2;
			t->text = realloc(t->text, t->cap);
			cr_assert_not_null(t->text);
		}
		memcpy(t->text + t->len, line, n);
		t->len += n;
		t->text[t->len++] = '\n';
		t->text[t->len] = '\0';
		if (event_log_is(log, i, "roll"))
			t->rolls++;
	}
}

static uint32_t pick(uint64_t *x, uint32_t n)
{
	*x = *x * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
	return (uint32_t)(*x >> 33) % n;
}

/* Plays battle with seed: each decision an answer of the legal list drawn
 * with the picker's own seed.  on_copies: each command runs on a search
 * copy of the game as it stands, given the game's dice. */
static struct transcript play(const char *battle, int seed, bool on_copies)
{
	static struct decision_answer a[LEGAL_MAX];
	struct transcript t = {0};
	struct session s;
	char line[64];
	snprintf(line, sizeof line, "new %s solo %d", battle, seed);
	fx_session(&s, line);
	struct game *own = s.game;
	note(&t, &own->events, 0);
	uint64_t x = (uint64_t)seed * 977u;
	for (int k = 0; k < COMMANDS && s.game->phase != PHASE_OVER; k++) {
		if (on_copies) {
			struct game *c = game_copy_for_search(s.game, 12345);
			cr_assert_not_null(c);
			game_copy_take_dice_for_test(c, s.game);
			if (s.game != own) {
				event_log_free(&s.game->events);
				free(s.game);
			}
			s.game = c;
		}
		int n = seq_legal(s.game, a, LEGAL_MAX);
		cr_assert_gt(n, 0, "no legal answer after %d commands", k);
		size_t from = s.game->events.n;
		fx_ok(&s, a[pick(&x, (uint32_t)n)].line);
		note(&t, &s.game->events, from);
		t.commands++;
	}
	if (s.game != own) {
		event_log_free(&s.game->events);
		free(s.game);
		s.game = own;
	}
	session_free(&s);
	return t;
}

static void same_game(const char *battle, int seed)
{
	struct transcript a = play(battle, seed, false);
	struct transcript b = play(battle, seed, true);
	cr_assert_gt(a.rolls, 10, "the game rolled dice (%d)", a.rolls);
	cr_assert_eq(a.commands, b.commands);
	cr_assert_eq(a.len, b.len, "%s seed %d: the transcripts differ in length",
		     battle, seed);
	cr_assert(memcmp(a.text, b.text, a.len) == 0,
		  "%s seed %d: the events differ", battle, seed);
	free(a.text);
	free(b.text);
}

Test(search_copy, a_game_played_on_copies_with_its_dice_is_the_same_game_drill)
{
	same_game("drill", 3);
	same_game("drill", 8);
}

Test(search_copy, a_game_played_on_copies_with_its_dice_is_the_same_game_bagradas)
{
	same_game("bagradas", 2);
}

/* Made the normal way, the copy's dice are its own: a forced roll waiting
 * in the game is not the copy's, and the copy's rolls are not the game's
 * next ones. */
Test(search_copy, a_copy_never_rolls_the_games_dice)
{
	struct session s;
	fx_session(&s, "new drill solo 5");
	fx_ok(&s, "roll 7");
	struct game *g = s.game;
	struct game *c = game_copy_for_search(g, 99);
	cr_assert_not_null(c);
	cr_expect_eq(c->dice.nforced, 0, "the game's forced roll stays its");
	cr_expect_eq(c->events.n, 0, "the copy's log is its own");
	cr_expect_null(c->session);
	int same = 0;
	bool forced;
	cr_expect_eq(dice_d10(&g->dice, &forced), 7);
	cr_expect(forced);
	for (int i = 0; i < 32; i++) {
		int gv = dice_d10(&g->dice, NULL), cv = dice_d10(&c->dice, NULL);
		same += gv == cv;
	}
	cr_expect_lt(same, 16, "the copy rolled the game's dice (%d of 32)",
		     same);
	/* copies with different seeds differ from each other too */
	struct game *c2 = game_copy_for_search(g, 100);
	cr_assert_not_null(c2);
	int same2 = 0;
	for (int i = 0; i < 32; i++)
		same2 += dice_d10(&c->dice, NULL) == dice_d10(&c2->dice, NULL);
	cr_expect_lt(same2, 16);
	event_log_free(&c->events);
	free(c);
	event_log_free(&c2->events);
	free(c2);
	session_free(&s);
}

/* The copy is a plain value: changing it leaves the game as it was. */
Test(search_copy, changing_a_copy_leaves_the_game_alone)
{
	struct session s;
	fx_session(&s, "new drill solo 5");
	uint64_t before = game_digest(s.game);
	struct game *own = s.game;
	struct game *c = game_copy_for_search(own, 1);
	cr_assert_not_null(c);
	s.game = c;
	fx_ok(&s, "continue");
	cr_expect_neq(game_digest(c), before);
	s.game = own;
	cr_expect_eq(game_digest(own), before);
	event_log_free(&c->events);
	free(c);
	session_free(&s);
}

/* game_copy_state copies the tables' entries in use and every other
 * field; game_state_same sees a change anywhere in them. */
Test(search_copy, the_state_copy_holds_everything_in_use)
{
	struct session s;
	fx_session(&s, "new cannae solo 4");
	struct game *g = s.game;
	struct game *c = malloc(sizeof *c);
	cr_assert_not_null(c);
	memset(c, 0xa5, sizeof *c);
	game_copy_state(c, g);
	c->events = g->events; /* read only, for the digest */
	cr_expect(game_state_same(c, g));
	cr_expect_eq(game_digest(c), game_digest(g));
	c->units[g->nunits - 1].hits++;
	cr_expect_not(game_state_same(c, g), "the last unit's hits");
	c->units[g->nunits - 1].hits--;
	c->leaders[g->nleaders - 1].wounds++;
	cr_expect_not(game_state_same(c, g), "the last leader's wounds");
	c->leaders[g->nleaders - 1].wounds--;
	c->stack_seq[3]++;
	cr_expect_not(game_state_same(c, g), "the stack order");
	c->stack_seq[3]--;
	c->elcmd.owes++;
	cr_expect_not(game_state_same(c, g), "the last part of the state");
	c->elcmd.owes--;
	cr_expect(game_state_same(c, g));
	free(c);
	session_free(&s);
}
