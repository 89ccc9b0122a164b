/* scorpio.h — artillery (SPQR 9.8): scorpios in Fire or Move mode
 * (9.82), no facing (9.84), Active Fire twice a Game Turn without orders
 * (9.85), Reaction Fire twice an enemy Orders Phase at any moment of the
 * enemy's Movement/Missile segment (9.86).  The markers live on the unit
 * (battle.h: scorpio_active, scorpio_reaction, scorpio_switched,
 * scorpio_fired); one scorpio a hex (9.83) is stacking.c's, movement as
 * Light Infantry (9.81) the movement chart's, rout = elimination (9.87)
 * rout.c's. */
#ifndef MANIPLE_SCORPIO_H
#define MANIPLE_SCORPIO_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/missile.h"

/* 9.82, 9.86: an Orders Phase begins: no scorpio has changed its mode or
 * fired actively in it, and Reaction Fire markers come off. */
void scorpio_phase_begin(struct game *g);
/* 9.85: the Game Turn ends (Rout and Reload): Active Fire markers come
 * off.  Emits `scorpio_markers_removed` only when there were some. */
void scorpio_markers_off(struct game *g);

/* 9.82, 9.85: whether unit ui may be given a move now (by a Line Command
 * when by_line).  True for any unit but a scorpio; else NULL-free reason
 * and rule in *why / *rule. */
bool scorpio_may_move(const struct game *g, int ui, bool by_line,
		      const char **rule, const char **why);
/* 9.82, 9.85, 9.86: whether unit firer may fire a volley of kind `kind`
 * as a scorpio; NULL when it may (or is no scorpio), else the reason,
 * with its rule in *rule.  missile_check asks this. */
const char *scorpio_fire_refusal(const struct game *g, int firer,
				 enum fire_kind kind, const char **rule);
/* the body of the hook above (hooks.h) */
const char *scorpio_fire_refusal_impl(const struct game *g, int firer,
				      enum fire_kind kind, const char **rule);
/* 9.85, 9.86: a volley was fired: counts it on a scorpio's markers. */
void scorpio_note_fire(struct game *g, int firer, enum fire_kind kind);
/* the body of the hook above (hooks.h) */
void scorpio_note_fire_impl(struct game *g, int firer, enum fire_kind kind);
/* 9.84: the side of scorpio d a unit at `a` attacks: always the front
 * when adjacent (ZONE_NONE when not). */
enum hex_zone scorpio_shock_side(const struct footprint *d,
				 const struct footprint *a);

/* 9.82: `order UNIT mode fire|move`: an Individual Order switching the
 * scorpio's mode. */
void scorpio_order_mode(struct game *g, const char *who, const char *mode,
			struct cmd_result *r);
/* 9.85, 9.86: `scorpio UNIT HEX`: the scorpio fires at HEX without an
 * order: Active Fire in a friendly Orders Phase, Reaction Fire in an
 * enemy's (at any moment of it: during a move, between steps). */
void scorpio_fire_now(struct game *g, const char *who, const char *hex,
		      struct cmd_result *r);
/* The `scorpio UNIT HEX` lines legal now (seq_legal calls this), with
 * the number each needs. */
int scorpio_legal(const struct game *g, struct decision_answer *out, int max);
void cmd_scorpio(void *ctx, int argc, char **argv, struct cmd_result *r);

#define SCORPIO_COMMAND_DEFS                                                   \
	{                                                                      \
		"scorpio", "UNIT HEX",                                         \
			"a scorpio fires without orders (9.85, 9.86)",         \
			CMD_CHANGES, cmd_scorpio                               \
	}

#endif
