/* hooks.h — the upward calls of the rules (doc/architecture.md).
 *
 * src/gboh is built in floors: state and queries, then the primitives
 * (movement, facing and ZOC, cohesion, fire), then the special units,
 * then the phases and the sequence of play.  A file never names a
 * function of a floor above it.  Where a lower floor must hand over to a
 * higher one (a hit that routs a unit, a move step a phalanx takes its own
 * way, a decision answered so the sequence of play goes on) it calls the
 * function of the usual name, which hooks.c defines as a call through
 * g->hooks: a const table of the higher floors' functions that the top
 * floor (rules.c) fills and game_new points every game at.  The body keeps
 * its place in the higher file under the name NAME_impl. */
#ifndef MANIPLE_HOOKS_H
#define MANIPLE_HOOKS_H

#include <stdio.h>

#include "maniple/elcav.h"
#include "maniple/game.h"
#include "maniple/leader_elephant.h"
#include "maniple/mle.h"
#include "maniple/orders.h"
#include "maniple/phalanx.h"
#include "maniple/rampage.h"
#include "maniple/reaction_fire.h"
#include "maniple/rout.h"
#include "maniple/scorpio.h"
#include "maniple/sequence.h"
#include "maniple/withdrawal.h"

struct gboh_hooks {
	/* the module states' lines of the canonical state text (game.c) */
	void (*state_text)(const struct game *g, FILE *f);
	/* sequence.c: the sequence of play */
	void (*seq_resume)(struct game *g);
	enum seq_step (*seq_step_now)(const struct game *g);
	bool (*seq_may_order)(struct game *g, struct cmd_result *r);
	/* rout.c: the rout (10.2) */
	void (*rout_begin)(struct game *g, int unit, const char *rule);
	void (*unit_eliminate)(struct game *g, struct unit *u,
			       const char *rule);
	/* leader_elephant.c: leader elephants (4.8) */
	void (*leader_elephant_lost)(struct game *g, const struct unit *u);
	void (*leader_elephant_face)(struct game *g, struct hex h);
	void (*leader_elephant_grief)(struct game *g, int leader,
				      const char *rule);
	void (*leader_elephant_carry)(struct game *g, const struct unit *u);
	/* phalanx.c: phalanxes (6.6) */
	bool (*phalanx_apply_step)(struct game *g, struct move *m, struct hex a,
				   struct hex b);
	bool (*phalanx_check_step)(const struct game *g, const struct move *m,
				   struct hex a, struct hex b,
				   struct move_step *out);
	bool (*phalanx_face_apply)(struct game *g, struct move *m,
				   enum facing to);
	bool (*phalanx_face_check)(const struct game *g, const struct move *m,
				   enum facing to, struct move_step *out);
	bool (*phalanx_face_footprint)(const struct game *g,
				       const struct move *m, enum facing to,
				       struct footprint *out);
	bool (*phalanx_fifth_mp_end)(struct game *g, struct move *m);
	int (*phalanx_steps)(const struct game *g, const struct move *m,
			     struct hex out[][2], int max);
	/* column.c: columns (6.7) */
	bool (*column_pass_check)(const struct game *g, const struct move *m,
				  struct hex dest, struct move_step *out);
	/* elcav.c: elephants and cavalry (9.1x) */
	int (*elcav_entry_event)(struct game *g, const struct unit *u,
				 struct hex h, const char *how);
	const char *(*elcav_zoc_refusal)(const struct game *g,
					 const struct unit *u, struct hex h);
	int (*elcav_entered)(struct game *g, struct unit *u, struct hex h,
			     const char *how, const char *rule);
	/* mle.c: the Manipular Line Extension (6.9x) */
	int (*mle_ma_cut)(const struct game *g, const struct unit *u);
	/* orders.c: orders and the open move (5.2, 6.1) */
	bool (*orders_close_move)(struct game *g);
	struct move *(*orders_open_move)(struct game *g, struct cmd_result *r);
	void (*orders_halt)(struct game *g, struct cmd_result *r);
	void (*orders_order)(struct game *g, const char *who, const char *what,
			     struct cmd_result *r);
	void (*orders_line)(struct game *g, const char *name, const char *unit,
			    struct cmd_result *r);
	bool (*orders_halt_first)(const struct game *g, struct cmd_result *r);
	bool (*orders_move_may_end)(const struct game *g, struct cmd_result *r);
	/* scorpio.c: scorpiones (9.8) */
	const char *(*scorpio_fire_refusal)(const struct game *g, int firer,
					    enum fire_kind kind,
					    const char **rule);
	void (*scorpio_note_fire)(struct game *g, int firer,
				  enum fire_kind kind);
	/* rampage.c: rampages (9.14) */
	void (*rampage_run)(struct game *g, int unit, const char *rule);
	/* reaction_fire.c: reaction fire (8.2) */
	void (*rfire_return_offer)(struct game *g, int firer, int target);
	/* withdrawal.c: withdrawals (6.5, 4.72) */
	bool (*ow_offer_can_step)(const struct game *g,
				  const struct reaction_offer *o);
};

/* The table of the SPQR rules (rules.c). */
extern const struct gboh_hooks gboh_hooks;

#endif
