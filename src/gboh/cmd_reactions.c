/* cmd_reactions.c — the reactions' commands (reactions.h): no reaction,
 * react face, react reverse, shock mark, shock none, show reactions; each
 * parses its words and hands them to the rule in reactions.c. */
#include <stdio.h>

#include "maniple/game.h"
#include "maniple/reactions.h"

static struct game *need_game(void *ctx, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!s->game)
		cmd_refuse(r, NULL, "no game: start one with new or load");
	return s->game;
}

static bool want_args(struct cmd_result *r, int argc, int n, const char *usage)
{
	if (argc - 1 != n) {
		cmd_malformed(r, "usage: %s", usage);
		return false;
	}
	return true;
}

/* 7.15, 7.16, 6.5, 4.72, 7.32 */
void cmd_no_reaction(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, "no reaction"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		reactions_no_reaction(g, r);
}

/* 7.15 */
void cmd_react_face(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 2, "react face UNIT FACING"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		reactions_face(g, argv[1], argv[2], r);
}

/* 7.16 */
void cmd_react_reverse(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 1, "react reverse UNIT"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		reactions_reverse(g, argv[1], r);
}

/* 7.32 */
void cmd_shock_mark(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 1, "shock mark UNIT"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		reactions_shock_mark(g, argv[1], true, r);
}

/* 7.31 */
void cmd_shock_none(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 1, "shock none UNIT"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		reactions_shock_mark(g, argv[1], false, r);
}

void cmd_show_reactions(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, "show reactions"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		reactions_show(g, r);
}
