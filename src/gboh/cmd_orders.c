/* cmd_orders.c — the orders' commands (orders.h): order, line, pick,
 * move, face, halt and show orders; each parses its words and hands
 * them to the rule in orders.c. */
#include <stdio.h>
#include <string.h>

#include "maniple/game.h"
#include "maniple/harass.h"
#include "maniple/leaders.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/scorpio.h"

static struct game *need_game(void *ctx, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!s->game)
		cmd_refuse(r, NULL, "no game: start one with new or load");
	return s->game;
}

static bool want_args(struct cmd_result *r, int argc, int lo, int hi,
		      const char *usage)
{
	if (argc - 1 < lo || argc - 1 > hi) {
		cmd_malformed(r, "usage: %s", usage);
		return false;
	}
	return true;
}

/* 5.22 */
void cmd_orders_order(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (argc > 2 && strcmp(argv[2], "hd") == 0) { /* 8.31 H&D */
		struct game *g = need_game(ctx, r);
		if (g)
			orders_order(g, argv[1], NULL, r);
		if (g && r->status == CMD_OK)
			harass_order(g, argc - 3, argv + 3, r);
		return;
	}
	if (argc == 4 && strcmp(argv[2], "with") == 0) { /* GBA 5.68 */
		struct game *g = need_game(ctx, r);
		if (g)
			orders_ride(g, argv[1], argv[3], false, r);
		return;
	}
	if (!want_args(r, argc, 1, 4,
		       "order UNIT|LEADER [move|with|fire HEX [tower]|replace HEX|"
		       "contingent|"
		       "recover|rally [FACING]|mode fire|move]"))
		return;
	struct game *g = need_game(ctx, r);
	if (g && argc > 2 && strcmp(argv[2], "fire") == 0) {
		/* 5.22 #2, 8.11 */
		missile_order_fire(g, argv[1], argc > 3 ? argv[3] : NULL,
				   argc > 4 ? argv[4] : NULL, r);
		return;
	}
	if (g && argc > 2 && (strcmp(argv[2], "rally") == 0 ||
			      strcmp(argv[2], "recover") == 0)) {
		/* 5.22 #3 10.16, #4 10.28 */
		if (argc > 4)
			cmd_malformed(r, "order UNIT recover | order UNIT "
					 "rally [FACING]");
		else
			orders_order_function(g, argv[1], argv[2],
					      argc > 3 ? argv[3] : NULL, r);
		return;
	}
	if (g && argc > 2 && strcmp(argv[2], "mode") == 0) {
		/* 9.82 a scorpio's Fire or Move mode */
		if (argc > 4)
			cmd_malformed(r, "order UNIT mode fire|move");
		else
			scorpio_order_mode(g, argv[1],
					   argc > 3 ? argv[3] : NULL, r);
		return;
	}
	if (g && argc > 2 && strcmp(argv[2], "replace") == 0) {
		/* 5.22 #5, 4.74 */
		leaders_order_replace(g, argv[1], argc > 3 ? argv[3] : NULL,
				      argc > 4 ? argv[4] : NULL, r);
		return;
	}
	if (g && argc > 3) {
		cmd_malformed(r, "order UNIT|LEADER [move|with|fire HEX]");
		return;
	}
	if (g)
		orders_order(g, argv[1], argc > 2 ? argv[2] : NULL, r);
}

/* 5.23 */
void cmd_orders_line(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 1, 3, "line NAME [UNIT] | line NAME fire [UNIT]"))
		return;
	struct game *g = need_game(ctx, r);
	if (!g)
		return;
	if (argc > 2 && strcmp(argv[2], "fire") == 0) {
		/* 5.23 #2: missile fire without movement */
		missile_line_fire(g, argv[1], argc > 3 ? argv[3] : NULL, r);
		return;
	}
	if (argc > 3) {
		cmd_malformed(r, "line NAME [UNIT] | line NAME fire [UNIT]");
		return;
	}
	orders_line(g, argv[1], argc > 2 ? argv[2] : NULL, r);
}

/* 4.31, 4.34 */
void cmd_orders_pick(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (argc > 2 && strcmp(argv[2], "hd") == 0) { /* 8.31 H&D */
		struct game *g = need_game(ctx, r);
		if (g)
			orders_pick(g, argv[1], r);
		if (g && r->status == CMD_OK)
			harass_order(g, argc - 3, argv + 3, r);
		return;
	}
	if (argc == 4 && strcmp(argv[2], "with") == 0) { /* GBA 5.68 */
		struct game *g = need_game(ctx, r);
		if (g)
			orders_ride(g, argv[1], argv[3], true, r);
		return;
	}
	if (!want_args(r, argc, 1, 1, "pick UNIT|LEADER [with LEADER]"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		orders_pick(g, argv[1], r);
}

/* 6.21 */
void cmd_orders_move(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 1, 1, "move HEX"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		orders_move(g, argv[1], r);
}

/* 7.12 */
void cmd_orders_face(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 1, 1, "face NE|E|SE|SW|W|NW"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		orders_face(g, argv[1], r);
}

/* 6.11 */
void cmd_orders_halt(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 0, 1, "halt [LEADER]"))
		return;
	struct game *g = need_game(ctx, r);
	if (g && argc == 2)
		orders_leave_unit(g, argv[1], r); /* GBA 4.23 */
	else if (g)
		orders_halt(g, r);
}

void cmd_orders_show(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, 0, "show orders"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		orders_show(g, r);
}
