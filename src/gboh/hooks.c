/* hooks.c — the calls a lower floor of the rules makes upward, each
 * through the game's table of hooks (hooks.h, doc/architecture.md). */
#include "maniple/hooks.h"

void seq_resume(struct game *g)
{
	g->hooks->seq_resume(g);
}

enum seq_step seq_step_now(const struct game *g)
{
	return g->hooks->seq_step_now(g);
}

bool seq_may_order(struct game *g, struct cmd_result *r)
{
	return g->hooks->seq_may_order(g, r);
}

void rout_begin(struct game *g, int unit, const char *rule)
{
	if (!g)
		return; /* as rout_begin_impl does */
	g->hooks->rout_begin(g, unit, rule);
}

void unit_eliminate(struct game *g, struct unit *u, const char *rule)
{
	g->hooks->unit_eliminate(g, u, rule);
}

void leader_elephant_lost(struct game *g, const struct unit *u)
{
	if (!g)
		return; /* as leader_elephant_lost_impl does */
	g->hooks->leader_elephant_lost(g, u);
}

void leader_elephant_face(struct game *g, struct hex h)
{
	if (!g)
		return; /* as leader_elephant_face_impl does */
	g->hooks->leader_elephant_face(g, h);
}

void leader_elephant_grief(struct game *g, int leader, const char *rule)
{
	if (!g)
		return; /* as leader_elephant_grief_impl does */
	g->hooks->leader_elephant_grief(g, leader, rule);
}

void leader_elephant_carry(struct game *g, const struct unit *u)
{
	if (!g)
		return; /* as leader_elephant_carry_impl does */
	g->hooks->leader_elephant_carry(g, u);
}

bool phalanx_apply_step(struct game *g, struct move *m, struct hex a,
			struct hex b)
{
	return g->hooks->phalanx_apply_step(g, m, a, b);
}

bool phalanx_check_step(const struct game *g, const struct move *m,
			struct hex a, struct hex b, struct move_step *out)
{
	return g->hooks->phalanx_check_step(g, m, a, b, out);
}

bool phalanx_face_apply(struct game *g, struct move *m, enum facing to)
{
	return g->hooks->phalanx_face_apply(g, m, to);
}

bool phalanx_face_check(const struct game *g, const struct move *m,
			enum facing to, struct move_step *out)
{
	return g->hooks->phalanx_face_check(g, m, to, out);
}

bool phalanx_face_footprint(const struct game *g, const struct move *m,
			    enum facing to, struct footprint *out)
{
	return g->hooks->phalanx_face_footprint(g, m, to, out);
}

bool phalanx_fifth_mp_end(struct game *g, struct move *m)
{
	return g->hooks->phalanx_fifth_mp_end(g, m);
}

int phalanx_steps(const struct game *g, const struct move *m,
		  struct hex out[][2], int max)
{
	return g->hooks->phalanx_steps(g, m, out, max);
}

bool column_pass_check(const struct game *g, const struct move *m,
		       struct hex dest, struct move_step *out)
{
	return g->hooks->column_pass_check(g, m, dest, out);
}

int elcav_entry_event(struct game *g, const struct unit *u, struct hex h,
		      const char *how)
{
	return g->hooks->elcav_entry_event(g, u, h, how);
}

const char *elcav_zoc_refusal(const struct game *g, const struct unit *u,
			      struct hex h)
{
	return g->hooks->elcav_zoc_refusal(g, u, h);
}

int elcav_entered(struct game *g, struct unit *u, struct hex h, const char *how,
		  const char *rule)
{
	return g->hooks->elcav_entered(g, u, h, how, rule);
}

int mle_ma_cut(const struct game *g, const struct unit *u)
{
	if (!g)
		return 0; /* as mle_ma_cut_impl does */
	return g->hooks->mle_ma_cut(g, u);
}

bool orders_close_move(struct game *g)
{
	return g->hooks->orders_close_move(g);
}

struct move *orders_open_move(struct game *g, struct cmd_result *r)
{
	return g->hooks->orders_open_move(g, r);
}

void orders_halt(struct game *g, struct cmd_result *r)
{
	g->hooks->orders_halt(g, r);
}

void orders_order(struct game *g, const char *who, const char *what,
		  struct cmd_result *r)
{
	g->hooks->orders_order(g, who, what, r);
}

void orders_line(struct game *g, const char *name, const char *unit,
		 struct cmd_result *r)
{
	g->hooks->orders_line(g, name, unit, r);
}

bool orders_halt_first(const struct game *g, struct cmd_result *r)
{
	return g->hooks->orders_halt_first(g, r);
}

bool orders_move_may_end(const struct game *g, struct cmd_result *r)
{
	return g->hooks->orders_move_may_end(g, r);
}

const char *scorpio_fire_refusal(const struct game *g, int firer,
				 enum fire_kind kind, const char **rule)
{
	return g->hooks->scorpio_fire_refusal(g, firer, kind, rule);
}

void scorpio_note_fire(struct game *g, int firer, enum fire_kind kind)
{
	g->hooks->scorpio_note_fire(g, firer, kind);
}

void rampage_run(struct game *g, int unit, const char *rule)
{
	if (!g)
		return; /* as rampage_run_impl does */
	g->hooks->rampage_run(g, unit, rule);
}

void rfire_return_offer(struct game *g, int firer, int target)
{
	g->hooks->rfire_return_offer(g, firer, target);
}

bool ow_offer_can_step(const struct game *g, const struct reaction_offer *o)
{
	return g->hooks->ow_offer_can_step(g, o);
}
