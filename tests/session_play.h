/* session_play.h — playing a test battle through the command language:
 * a sandbox session's commands with their events captured (run, ok,
 * has), the look-ups U and UI, hex numbers H, placing a unit, opening a
 * leader's Orders Phase, closing the game.  Static definitions for one
 * test file each; the file provides its own battle loader and
 * open_game. */
#ifndef MANIPLE_TEST_SESSION_PLAY_H
#define MANIPLE_TEST_SESSION_PLAY_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

static struct hex H(int n)
{
	return (struct hex){n / 100, n % 100};
}

struct out {
	enum cmd_status st;
	char rule[16];
	char reason[256];
	char ev[8192];
};

static struct out run(struct session *s, const char *line)
{
	struct out o;
	memset(&o, 0, sizeof o);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	o.st = r.status;
	snprintf(o.rule, sizeof o.rule, "%s", r.rule);
	snprintf(o.reason, sizeof o.reason, "%s", r.reason);
	size_t len = 0;
	for (size_t i = 0; i < r.out.n && len < sizeof o.ev - 1; i++) {
		char buf[512];
		event_log_format(&r.out, i, buf, sizeof buf);
		len += (size_t)snprintf(o.ev + len, sizeof o.ev - len, "%s\n",
					buf);
	}
	cmd_result_free(&r);
	return o;
}

static bool has(const struct out *o, const char *text)
{
	return strstr(o->ev, text) != NULL;
}

static struct out ok(struct session *s, const char *line)
{
	struct out o = run(s, line);
	cr_assert_eq(o.st, CMD_OK, "%s: refused %s (%s)", line, o.reason,
		     o.rule);
	return o;
}

static struct unit *U(struct session *s, const char *id)
{
	struct unit *u = game_unit(s->game, id);
	cr_assert_not_null(u, "no unit %s", id);
	return u;
}

static int UI(struct session *s, const char *id)
{
	return (int)(U(s, id) - s->game->units);
}

static void place(struct session *s, const char *id, int hex, int facing)
{
	struct unit *u = U(s, id);
	game_unit_place(s->game, u,
			(struct footprint){{H(hex), HEX_NONE}, facing, false, false});
	u->on_map = true;
}

static void phase(struct session *s, const char *id)
{
	struct game *g = s->game;
	struct leader *l = game_leader(g, id);
	cr_assert_not_null(l);
	g->seq.started_turn = g->turn;
	g->phase = PHASE_MOVEMENT;
	g->seq.step = SEQ_ORDERS;
	g->active_leader = (int)(l - g->leaders);
	l->state = LS_ACTIVE;
	for (int k = 0; k < g->nunits; k++)
		g->units[k].moved_phase = false;
	orders_phase_begin(g);
	reactions_phase_begin(g);
	g->seq.orders_left = l->initiative;
	g->seq.orders_given = 0;
}

static void close_game(struct session *s)
{
	session_free(s);
	free(s);
}

#endif
