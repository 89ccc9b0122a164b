/* phalanx.h — phalanx movement and maneuvers (SPQR 6.41-6.45) and Column
 * (6.71-6.74, 6.77; the TQ of 6.75): src/gboh/phalanx.c and column.c.
 *
 * The movement module (movement.h) hands these the steps it does not
 * make itself: a two-hex unit's steps and facing changes, and the
 * column-only rules of a one-hex unit.  Like movement.h, checks change
 * nothing and applying emits events carrying their rule.
 *
 * A phalanx in line names its step by the two hexes its halves end in
 * (`move HEX,HEX`): both halves new is a forward step (6.43's "go
 * forward"); one half kept is a pivot (6.43), a wheel when the kept half
 * is in an enemy ZOC (6.44).  `face FACING` turns it: one vertex is the
 * pivot that ends with that facing, three the Reverse Face (6.45).  In
 * Column (one hex or two) a step names the hex the leading half enters
 * (6.74).  `form column SIDE` and `form normal [FACING]` change formation
 * at the end of a move (6.71, 6.73). */
#ifndef MANIPLE_PHALANX_H
#define MANIPLE_PHALANX_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/movement.h"

/* ---- Phalanx (6.4) ---- */

/* 6.11, 6.41, 6.72: the MA a move of u starts with: a phalanx its
 * higher MA (the 5th MP is the player's to use or not), a unit In Column
 * one more (a phalanx In Column the higher plus one: 6). */
int unit_move_ma(const struct game *g, const struct unit *u);

/* 6.43: the hits two-hex unit u takes for each hex a half enters
 * pivoting (constants.ini [phalanx] pivot_hits; GBA 6.43: none for the
 * Macedonian phalanx, variants.ini [double_sized] front_to_flank_hit). */
int phalanx_pivot_hits(const struct game *g, const struct unit *u);

/* 6.42, 6.43, 6.44, 6.74: a two-hex unit's step.  In line, a and b are
 * the hexes its halves end in (either order); In Column, a is the hex
 * the leading half enters and b is HEX_NONE.  Costs in out. */
bool phalanx_check_step(const struct game *g, const struct move *m,
			struct hex a, struct hex b, struct move_step *out);
/* the body of the hook above (hooks.h) */
bool phalanx_check_step_impl(const struct game *g, const struct move *m,
			     struct hex a, struct hex b, struct move_step *out);
bool phalanx_apply_step(struct game *g, struct move *m, struct hex a,
			struct hex b);
/* the body of the hook above (hooks.h) */
bool phalanx_apply_step_impl(struct game *g, struct move *m, struct hex a,
			     struct hex b);
/* The steps a two-hex unit's move may take now (pairs of hexes, as
 * phalanx_check_step takes them); returns the count (<= max). */
int phalanx_steps(const struct game *g, const struct move *m,
		  struct hex out[][2], int max);
/* the body of the hook above (hooks.h) */
int phalanx_steps_impl(const struct game *g, const struct move *m,
		       struct hex out[][2], int max);

/* 6.43, 6.45, 7.13: turning a phalanx in line: one vertex is a pivot
 * (6.43, a wheel 6.44 in an enemy ZOC), three the Reverse Face (6.45). */
bool phalanx_face_check(const struct game *g, const struct move *m,
			enum facing to, struct move_step *out);
/* the body of the hook above (hooks.h) */
bool phalanx_face_check_impl(const struct game *g, const struct move *m,
			     enum facing to, struct move_step *out);
bool phalanx_face_apply(struct game *g, struct move *m, enum facing to);
/* the body of the hook above (hooks.h) */
bool phalanx_face_apply_impl(struct game *g, struct move *m, enum facing to);

/* 4.23: where a two-hex unit's halves end after the step (a, b) or the
 * turn to `to` (hex[k] is where the half now in hex[k] goes: a leader
 * moving with the unit follows his half).  False if it may not. */
bool phalanx_step_footprint(const struct game *g, const struct move *m,
			    struct hex a, struct hex b, struct footprint *to);
bool phalanx_face_footprint(const struct game *g, const struct move *m,
			    enum facing to, struct footprint *out);
/* the body of the hook above (hooks.h) */
bool phalanx_face_footprint_impl(const struct game *g, const struct move *m,
				 enum facing to, struct footprint *out);

/* 6.41: at the end of a phalanx's move: whether it used its 5th MP (not
 * In Column, 6.72).  On its first move of the turn this makes the TQ
 * check (a DR above the TQ: 1 hit; GBA 6.46, variants.ini [double_sized]
 * augmented_check: the DR less the TQ); on a later move the caller gives
 * 6.13's hit as 2 instead of 1. */
bool phalanx_fifth_mp_end(struct game *g, struct move *m);
/* the body of the hook above (hooks.h) */
bool phalanx_fifth_mp_end_impl(struct game *g, struct move *m);

/* Steps naming two hexes (dest2 not HEX_NONE) or a two-hex unit: the
 * phalanx's; every other step: move_check_step / move_apply_step. */
bool move_check_step_pair(const struct game *g, const struct move *m,
			  struct hex dest, struct hex dest2,
			  struct move_step *out);
bool move_apply_step_pair(struct game *g, struct move *m, struct hex dest,
			  struct hex dest2);
/* 6.22, 6.42, 6.43, 6.69: the cohesion hits a phalanx step to (a, b)
 * brings its mover for certain (terrain, a pivot, friends passed), as
 * phalanx_apply_step takes them; *wheel_check: a wheel's TQ check may add
 * one (6.44, a roll).  -1 when the step may not be made.  Pure. */
int phalanx_step_hits(const struct game *g, const struct move *m,
		      struct hex a, struct hex b, bool *wheel_check);

/* ---- Column (6.7) ---- */

/* 6.71 Exceptions: whether u's type may be In Column at all (infantry
 * but Barbarian Infantry and Skirmishers). */
bool unit_may_use_column(const struct game *g, const struct unit *u);
/* 6.75: what being In Column takes off u's TQ for TQ checks (0, or
 * constants.ini [column] tq_less; 0 in a game without tables). */
int column_tq_reduction(const struct game *g, const struct unit *u);
/* 6.74: whether h is a front-flank hex of one-hex unit u In Column. */
bool column_front_flank(const struct unit *u, struct hex h);
/* 6.74: a one-hex unit In Column entering h from `from` faces the side
 * it crossed (no MP, no hits).  Does nothing for other units. */
void column_face_along(struct unit *u, struct hex from, struct hex h);
/* 6.77: whether the mover may enter dest for the In Column rule: an In
 * Column unit enters no friendly combat unit's hex and a combat unit does
 * not enter a friendly In Column unit's (routers may: rout.c moves them).
 * False with the refusal in out. */
bool column_pass_check(const struct game *g, const struct move *m,
		       struct hex dest, struct move_step *out);
/* the body of the hook above (hooks.h) */
bool column_pass_check_impl(const struct game *g, const struct move *m,
			    struct hex dest, struct move_step *out);
/* 6.74, 7.12, 7.24: a one-hex unit In Column turning to face hexside
 * `to` at the normal MP cost (a phalanx In Column cannot). */
bool column_face_check(const struct game *g, const struct move *m,
		       enum hexside to, struct move_step *out);
bool column_face_apply(struct game *g, struct move *m, enum hexside to);

/* 6.71, 6.73: changing formation at the end of the move: into Column
 * facing hexside `arg` (for a phalanx: along its hexes, naming the end
 * that leads), or out of it (arg: the vertex of a one-hex unit, 30
 * degrees either way; a phalanx takes the facing of its name side and
 * arg must be -1 or that facing).  1 MP, not in an enemy ZOC. */
bool column_form_check(const struct game *g, const struct move *m,
		       bool to_column, int arg, struct move_step *out);
bool column_form_apply(struct game *g, struct move *m, bool to_column,
		       int arg);
/* 6.73: the vertex a two-hex unit In Column takes when it leaves it. */
enum facing column_name_facing(const struct unit *u);

/* The legal phalanx steps in line (move HEX,HEX), Column turns (face
 * SIDE) and formation changes (form ...) of the open move m, for side
 * (orders_legal); at most max, returns the count. */
struct decision_answer;
int phalanx_legal(const struct game *g, const struct move *m, int side,
		  struct decision_answer *out, int max);

/* The `form` command: form column SIDE | form normal [FACING]. */
void cmd_form(void *ctx, int argc, char **argv, struct cmd_result *r);

#define PHALANX_COMMAND_DEFS                                                  \
	{"form", "column SIDE | normal [FACING] | charge | square",           \
	 "change formation: Column, charge, square (6.71, 9.73, 9.63)",      \
	 CMD_CHANGES, cmd_form}

#endif
