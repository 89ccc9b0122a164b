/* cmd_sequence.c — the sequence of play's commands (sequence.h): continue,
 * activate, pass, trump, no trump, elite, no elite, orders done (end),
 * momentum, no momentum, legal and show sequence (order and line are
 * the orders' commands, cmd_orders.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/game.h"
#include "maniple/pending.h"
#include "maniple/sequence.h"

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

void cmd_seq_continue(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, 0, "continue"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_continue(g, r);
}

void cmd_seq_activate(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 1, 1, "activate LEADER"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_activate(g, argv[1], r);
}

void cmd_seq_pass(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 0, 1, "pass [LEADER]"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_pass(g, argc > 1 ? argv[1] : NULL, r);
}

void cmd_seq_trump(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 1, 2, "trump LEADER [INSTEAD-OF]"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_trump(g, argv[1], argc > 2 ? argv[2] : NULL, r);
}

void cmd_seq_no_trump(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, 0, "no trump"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_no_trump(g, r);
}

void cmd_seq_elite(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (!want_args(r, argc, 1, 1, "elite LEADER"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_elite(g, argv[1], r);
}

void cmd_seq_no_elite(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, 0, "no elite"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_no_elite(g, r);
}

void cmd_seq_orders_done(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, 0, "orders done"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_orders_done(g, r);
}

void cmd_seq_momentum(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, 0, "momentum"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_momentum(g, true, r);
}

void cmd_seq_no_momentum(void *ctx, int argc, char **argv,
			 struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, 0, "no momentum"))
		return;
	struct game *g = need_game(ctx, r);
	if (g)
		seq_momentum(g, false, r);
}

void cmd_seq_legal(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, 0, "legal"))
		return;
	struct game *g = need_game(ctx, r);
	if (!g)
		return;
	struct decision_answer *a = calloc(256, sizeof *a);
	if (!a) {
		cmd_refuse(r, NULL, "out of memory");
		return;
	}
	struct decision d;
	decision_init(&d, a, 256);
	gboh_decision(g, &d);
	int n = d.n;
	struct event e;
	event_init(&e, "decision");
	event_add(&e, "step", "%s", seq_step_name(seq_step_now(g)));
	event_add(&e, "side", "%d", d.side);
	event_add(&e, "actions", "%d", n);
	cmd_output(r, &e);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	for (int i = 0; i < n; i++) {
		event_init(&e, "legal");
		event_add(&e, "side", "%d", a[i].side);
		event_add(&e, "command", "%s", a[i].line);
		event_add(&e, "rule", "%s", a[i].rule);
		cmd_output(r, &e);
		if (f)
			fprintf(f, "%s\n", a[i].line);
	}
	free(a);
	if (f && fclose(f) == 0) {
		free(r->text);
		r->text = text;
	} else {
		free(text);
	}
}

void cmd_seq_show(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	(void)argv;
	if (!want_args(r, argc, 0, 0, "show sequence"))
		return;
	struct game *g = need_game(ctx, r);
	if (!g)
		return;
	const struct sequence_state *q = &g->seq;
	enum seq_step st = seq_step_now(g);
	struct event e;
	event_init(&e, "sequence");
	event_add(&e, "turn", "%d", g->turn);
	event_add(&e, "turn_limit", "%d", g->battle ? g->battle->turn_limit : 0);
	event_add(&e, "phase", "%s", phase_name(g->phase));
	event_add(&e, "step", "%s", seq_step_name(st));
	event_add(&e, "side", "%d", seq_decision_side(g));
	bool act = g->active_leader >= 0 && g->active_leader < g->nleaders;
	event_add(&e, "active", "%s", act ? g->leaders[g->active_leader].id
					  : "-");
	if (st == SEQ_ORDERS) {
		event_add(&e, "orders_left", "%d", q->orders_left);
		event_add(&e, "orders_given", "%d", q->orders_given);
		event_add(&e, "line_commands", "%d",
			  g->leaders[g->active_leader].line_command);
	}
	if (st == SEQ_TRUMP_REPLY && q->trumped >= 0)
		event_add(&e, "against", "%s", g->leaders[q->trumped].id);
	event_add(&e, "doom", "%s", q->doom ? "yes" : "no");
	event_add(&e, "rout_points", "%d,%d", g->rout_points[0],
		  g->rout_points[1]);
	if (st == SEQ_OVER)
		event_add(&e, "result", "%s",
			  seq_result_name((enum seq_result)q->result));
	event_add(&e, "rule", "3.0");
	cmd_output(r, &e);
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		unsigned f = q->started_turn ? q->leader_flags[i] : 0;
		event_init(&e, "activation");
		event_add(&e, "leader", "%s", l->id);
		event_add(&e, "side", "%d", l->side);
		event_add(&e, "initiative", "%d", leader_initiative_now(g, l));
		event_add(&e, "state", "%s", l->killed ? "killed"
				       : !l->on_map ? "off_map"
						    : leader_state_name(l->state));
		event_add(&e, "phases", "%d", l->activations);
		event_add(&e, "activated", "%s",
			  f & SEQ_LF_ACTIVATED ? "yes" : "no");
		event_add(&e, "momentum", "%s",
			  f & SEQ_LF_NO_MOMENTUM ? "no" : "yes");
		if (l->elite)
			event_add(&e, "elite", "yes");
		cmd_output(r, &e);
	}
}
