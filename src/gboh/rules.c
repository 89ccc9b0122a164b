/* rules.c — the top floor of the SPQR rules (doc/architecture.md): a new
 * game with every module's state, the modules' part of the canonical state
 * text, and the table of hooks through which the lower floors reach the
 * higher ones (hooks.h). */
#include "maniple/hooks.h"

#include <stdlib.h>
#include <string.h>

#include "maniple/elcmd.h"
#include "maniple/leader_elephant.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/prearranged.h"
#include "maniple/rally.h"
#include "maniple/rampage.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/sequence.h"
#include "maniple/shock.h"

/* The lines after the units and leaders in game_state_text (game.c's
 * header comment has the layout). */
static void modules_state_text(const struct game *g, FILE *f)
{
	seq_state_text(g, f); /* 3.0: sequence, sequence_leaders */
	orders_state_text(g, f); /* 5.2 */
	rout_state_text(g, f);	 /* 10.22 */
	rampage_state_text(g, f); /* 9.14, only while one is under way */
	shock_state_text(g, f);	 /* 8.4 */
	rally_state_text(g, f);	 /* 10.16, 10.28 */
	reaction_state_text(g, f); /* 6.5, 7.15, 4.72, 7.32 */
	prearranged_state_text(g, f); /* 6.8 */
	missile_state_text(g, f); /* 8.11 */
	elcmd_state_text(g, f); /* 4.9, only when the battle uses it */
}

const struct gboh_hooks gboh_hooks = {
	.state_text = modules_state_text,
	.seq_resume = seq_resume_impl,
	.seq_step_now = seq_step_now_impl,
	.seq_may_order = seq_may_order_impl,
	.rout_begin = rout_begin_impl,
	.unit_eliminate = unit_eliminate_impl,
	.leader_elephant_lost = leader_elephant_lost_impl,
	.leader_elephant_face = leader_elephant_face_impl,
	.leader_elephant_grief = leader_elephant_grief_impl,
	.leader_elephant_carry = leader_elephant_carry_impl,
	.phalanx_apply_step = phalanx_apply_step_impl,
	.phalanx_check_step = phalanx_check_step_impl,
	.phalanx_face_apply = phalanx_face_apply_impl,
	.phalanx_face_check = phalanx_face_check_impl,
	.phalanx_face_footprint = phalanx_face_footprint_impl,
	.phalanx_fifth_mp_end = phalanx_fifth_mp_end_impl,
	.phalanx_steps = phalanx_steps_impl,
	.column_pass_check = column_pass_check_impl,
	.elcav_entry_event = elcav_entry_event_impl,
	.elcav_zoc_refusal = elcav_zoc_refusal_impl,
	.elcav_entered = elcav_entered_impl,
	.mle_ma_cut = mle_ma_cut_impl,
	.orders_close_move = orders_close_move_impl,
	.orders_open_move = orders_open_move_impl,
	.orders_halt = orders_halt_impl,
	.orders_order = orders_order_impl,
	.orders_line = orders_line_impl,
	.orders_halt_first = orders_halt_first_impl,
	.orders_move_may_end = orders_move_may_end_impl,
	.scorpio_fire_refusal = scorpio_fire_refusal_impl,
	.scorpio_note_fire = scorpio_note_fire_impl,
	.rampage_run = rampage_run_impl,
	.rfire_return_offer = rfire_return_offer_impl,
	.ow_offer_can_step = ow_offer_can_step_impl,
};

struct game *game_new(struct battle *b, enum game_kind kind, uint64_t seed)
{
	struct game *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->battle = b;
	g->kind = kind;
	dice_init(&g->dice, seed);
	g->turn = 1;
	g->phase = PHASE_ACTIVATION;
	g->active_leader = -1;
	battle_bind_words(b); /* units and leaders built by hand */
	g->nunits = b->nunits;
	memcpy(g->units, b->units, (size_t)b->nunits * sizeof b->units[0]);
	g->nleaders = b->nleaders;
	memcpy(g->leaders, b->leaders,
	       (size_t)b->nleaders * sizeof b->leaders[0]);
	/* A stack listed in the battle file has its first unit on top. */
	for (int i = 0; i < g->nunits; i++)
		g->stack_seq[i] = (unsigned)(g->nunits - i);
	g->next_stack_seq = (unsigned)g->nunits + 1;
	game_index_units(g);
	event_log_init(&g->events);
	g->hooks = &gboh_hooks;
	orders_state_init(&g->ord);
	rout_state_init(&g->rout);
	rampage_state_init(&g->rampage);
	reaction_state_init(&g->react);
	prearranged_state_init(&g->pw);
	missile_state_init(&g->fire);
	shock_state_init(&g->shock);
	return g;
}

