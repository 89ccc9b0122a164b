/* The game state: copies of the battle, look-ups, stacks, rout points
 * (11.1), the canonical state text and its digest. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/game.h"
#include "hand_battle.h"

static struct game *hand_game(enum game_kind k, uint64_t seed)
{
	struct ini_error err;
	return spqr_tables_give(
		game_new(hand_battle(NULL, "hand", &err), k, seed));
}

Test(game, new_game_copies_the_battle_and_starts_at_turn_1)
{
	struct game *g = hand_game(GAME_SOLO, 5);
	cr_assert_not_null(g);
	cr_expect_eq(g->nunits, 3);
	cr_expect_eq(g->nleaders, 2);
	cr_expect_eq(g->turn, 1);
	cr_expect_eq(g->phase, PHASE_ACTIVATION);
	cr_expect_eq(g->active_leader, -1);
	cr_expect_eq(g->dice.seed, 5);
	/* a copy: changing the game leaves the battle alone */
	game_unit(g, "h1")->hits = 3;
	cr_expect_eq(g->battle->units[0].hits, 0);
	cr_expect_null(game_unit(g, "nobody"));
	cr_expect_not_null(game_leader(g, "tribune"));
	game_free(g);
}

Test(game, names_of_kinds_and_phases_round_trip)
{
	for (int k = 0; k < GAME_KIND_COUNT; k++)
		cr_expect_eq(game_kind_parse(game_kind_name(k)), k);
	for (int p = 0; p < PHASE_COUNT; p++)
		cr_expect_eq(phase_parse(phase_name(p)), p);
	cr_expect_eq(phase_parse("lunch"), -1);
	cr_expect_eq(game_kind_parse(NULL), -1);
}

/* 6.4: a phalanx covers both its hexes. */
Test(game, units_at_finds_both_hexes_of_a_phalanx)
{
	struct game *g = hand_game(GAME_SOLO, 1);
	const struct unit *u[4];
	cr_expect_eq(game_units_at(g, (struct hex){6, 5}, u, 4), 1);
	cr_expect_eq(game_units_at(g, (struct hex){6, 6}, u, 4), 1);
	cr_expect_str_eq(u[0]->id, "p1");
	cr_expect_eq(game_units_at(g, (struct hex){7, 7}, u, 4), 0);
	const struct leader *l[4];
	cr_expect_eq(game_leaders_at(g, (struct hex){2, 3}, l, 4), 1);
	game_free(g);
}

/* 6.6: stacks list their top unit first; the last put on top leads. */
Test(game, units_at_lists_the_top_of_a_stack_first)
{
	struct game *g = hand_game(GAME_SOLO, 1);
	struct unit *s1 = game_unit(g, "s1");
	game_unit_set_hex(g, s1, 0, (struct hex){3, 3});
	const struct unit *u[4];
	cr_assert_eq(game_units_at(g, (struct hex){3, 3}, u, 4), 2);
	cr_expect_str_eq(u[0]->id, "h1"); /* listed first in the battle */
	game_put_on_top(g, s1);
	cr_assert_eq(game_units_at(g, (struct hex){3, 3}, u, 4), 2);
	cr_expect_str_eq(u[0]->id, "s1");
	cr_expect_eq(game_units_at(g, (struct hex){3, 3}, u, 1), 1);
	/* eliminated units are not in the hex */
	s1->eliminated = true;
	cr_expect_eq(game_units_at(g, (struct hex){3, 3}, u, 4), 1);
	game_free(g);
}

/* 11.1 (TABLES.md 9): the figures come from rules/spqr/rout_points.ini */
Test(game, rout_points_follow_11_1)
{
	struct game *g = hand_game(GAME_SOLO, 1);
	cr_assert_not_null(g);
	cr_assert_not_null(g->tables);
	cr_expect_eq(unit_rout_points(g, game_unit(g, "h1")), 6); /* TQ */
	cr_expect_eq(unit_rout_points(g, game_unit(g, "s1")), 2); /* SK */
	cr_expect_eq(unit_rout_points(g, game_unit(g, "p1")), 14); /* 2 x TQ */
	/* a named general: 5 x printed Initiative; a tribune: 1 x (R7) */
	cr_expect_eq(leader_rout_points(g, game_leader(g, "consul")), 20);
	cr_expect_eq(leader_rout_points(g, game_leader(g, "tribune")), 3);
	struct unit el = {.type = UT_EL, .tq = 6, .leader_elephant = ""};
	cr_expect_eq(unit_rout_points(g, &el), 2);
	el.leader_elephant = "hanno";
	cr_expect_eq(unit_rout_points(g, &el), 0); /* 4.8 Leader Elephant */
	game_free(g);
}

/* 11.1: without its tables a game has no rout point figures to use. */
Test(game, rout_points_need_the_tables_11_1)
{
	struct ini_error err;
	struct game *g = game_new(hand_battle(NULL, "hand", &err), GAME_SOLO, 1);
	cr_assert_not_null(g);
	cr_assert_null(g->tables);
	cr_expect_eq(unit_rout_points(g, game_unit(g, "h1")), 0);
	cr_expect_eq(leader_rout_points(g, game_leader(g, "consul")), 0);
	game_free(g);
}

static struct battle *hand_loader(void *user, const char *name,
				  struct ini_error *err)
{
	(void)user;
	return hand_battle(NULL, name, err);
}

/* 11.1: every game has its rules tables, so a session without them starts
 * no game; with them, the game it starts holds them. */
Test(game, a_session_game_always_has_its_tables)
{
	struct session s;
	char err[256] = "";
	session_init(&s, hand_loader, NULL, NULL, 1);
	cr_expect_eq(session_new(&s, "hand", GAME_SOLO, 1, err, sizeof err),
		     -1);
	cr_expect_null(s.game);
	cr_expect_not_null(strstr(err, "tables"), "%s", err);
	session_free(&s);
	session_init(&s, hand_loader, spqr_tables_loader, NULL, 1);
	cr_assert_eq(session_new(&s, "hand", GAME_SOLO, 1, err, sizeof err),
		     0, "%s", err);
	cr_expect_not_null(s.game->tables);
	session_free(&s);
}

static uint64_t fnv(const char *s)
{
	uint64_t h = 14695981039346656037ULL;
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

Test(game, state_text_has_every_part_in_its_layout)
{
	struct game *g = hand_game(GAME_SANDBOX, 9);
	dice_force(&g->dice, 6);
	dice_force(&g->dice, 2);
	char *t = game_state_text(g);
	cr_assert_not_null(t);
	cr_expect(strncmp(t, "state version=1 battle=hand kind=sandbox\n"
			     "turn 1\nphase activation\nactive_leader -\n"
			     "rout_points 0 0\ndice seed=9 rolls=0 ",
			  strlen("state version=1 battle=hand kind=sandbox\n"
				 "turn 1\nphase activation\nactive_leader -\n"
				 "rout_points 0 0\ndice seed=9 rolls=0 ")) == 0,
		  "%s", t);
	cr_expect_not_null(strstr(t, " forced=6,2\n"));
	cr_expect_not_null(strstr(t, "unit id=p1 name=Unit_p1 side=1 type=PH"));
	cr_expect_not_null(strstr(t, "hex=0605 hex2=0606 column=no facing=W"));
	cr_expect_not_null(strstr(t, "\nleader id=tribune "));
	cr_expect_eq(game_digest(g), fnv(t));
	free(t);
	game_free(g);
}

Test(game, the_digest_is_stable_and_sees_every_change)
{
	struct game *a = hand_game(GAME_SANDBOX, 9);
	struct game *b = hand_game(GAME_SANDBOX, 9);
	uint64_t d = game_digest(a);
	cr_expect_eq(d, game_digest(b));
	cr_expect_eq(d, game_digest(a)); /* looking changes nothing */
	game_unit(b, "h1")->moved_phase = true;
	cr_expect_neq(d, game_digest(b));
	game_unit(b, "h1")->moved_phase = false;
	cr_expect_eq(d, game_digest(b));
	bool forced;
	dice_d10(&b->dice, &forced);
	cr_expect_neq(d, game_digest(b)); /* a roll drawn */
	struct game *c = hand_game(GAME_SANDBOX, 10);
	cr_expect_neq(d, game_digest(c)); /* another seed */
	c->dice = a->dice;
	game_leader(c, "consul")->state = LS_BYPASSED;
	cr_expect_neq(d, game_digest(c));
	game_free(a);
	game_free(b);
	game_free(c);
}

Test(game, turn_end_emits_its_event)
{
	struct game *g = hand_game(GAME_SOLO, 1);
	game_turn_end(g);
	cr_assert_eq(g->events.n, 1);
	cr_expect_str_eq(event_log_kind(&g->events, 0), "turn_end");
	cr_expect_str_eq(event_log_get(&g->events, 0, "turn"), "1");
	game_free(g);
}

Test(game, a_copy_for_search_takes_fresh_dice)
{
	struct game *g = hand_game(GAME_SOLO, 1);
	dice_force(&g->dice, 3);
	struct game *c = game_copy_for_search(g, 77);
	cr_assert_not_null(c);
	cr_expect_eq(c->dice.nforced, 0);
	cr_expect_eq(c->dice.seed, 77);
	cr_expect_eq(c->events.n, 0);
	cr_expect_str_eq(c->units[2].id, "p1");
	event_log_free(&c->events);
	free(c);
	game_free(g);
}

/* Every die goes through game_roll_die, so every roll event is told with
 * the same fields: no rules file draws a d10 itself. */
Test(game, every_roll_goes_through_game_roll_die)
{
	const char *src = getenv("MANIPLE_SRCDIR");
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/src/gboh", src && *src ? src : ".");
	DIR *d = opendir(dir);
	cr_assert_not_null(d, "%s", dir);
	int files = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len < 3 || strcmp(de->d_name + len - 2, ".c") != 0)
			continue;
		char path[2048], line[1024];
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		FILE *f = fopen(path, "r");
		cr_assert_not_null(f, "%s", path);
		files++;
		int n = 0;
		while (fgets(line, sizeof line, f)) {
			n++;
			if (strstr(line, "dice_d10(") &&
			    strcmp(de->d_name, "game.c") != 0)
				cr_expect_fail("%s:%d draws a die itself: use "
					       "game_roll_begin/game_roll_die",
					       path, n);
		}
		fclose(f);
	}
	closedir(d);
	cr_expect_gt(files, 30);
}
