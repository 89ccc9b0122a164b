/* move_state.h — one move of a unit or leader in progress (6.1-6.3,
 * 7.1, 7.2): plain values, so the Orders Phase's state in struct game can
 * hold the move being made (see movement.h for the functions). */
#ifndef MANIPLE_MOVE_STATE_H
#define MANIPLE_MOVE_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "maniple/hex.h"

/* One move of a unit or leader, step by step. */
struct move {
	const char *stop_rule;	/* "7.23" or "10.14" */
	const char *refusal;	/* move_begin: why the move may not begin */
	const char *rule;
	/* (indices, MP, hexes and hits of one move: two bytes each) */
	int16_t unit;		/* index into g->units, -1 for a leader */
	int16_t leader;		/* index into g->leaders, -1 for a unit */
	struct hex start;	/* where the move began */
	int16_t ma;		/* 6.11 printed MA; 9 for leaders (6.14) */
	int16_t mp_spent;
	int16_t hits;		/* cohesion hits taken during this move */
	int16_t hexes_entered;
	int16_t vertices_turned; /* 7.12 */
	int16_t facing_mp;	/* MP spent on facing changes (7.24 cap) */
	/* 6.64: this unit moves together with stack_mate (an index into
	 * g->units) as a stack; set by the orders code (stacking.h) */
	int16_t stack_mate;
	/* one bit each (bit-fields) */
	bool moved_before : 1;	/* 6.13: moved in an earlier Orders Phase */
	bool began_in_zoc : 1;	/* 7.23, 7.24 */
	bool may_leave_zoc : 1;	/* 7.23 bullet 1 (a leader: bullets 2, 3,
				 * set by the caller who knows the orders) */
	bool turned_in_zoc : 1;	/* 7.24: turned in place, must stay */
	bool formed : 1;	/* 6.71: changed formation (into or out of
				 * Column) */
	bool stopped : 1;	/* entered an enemy ZOC (7.23) or routs */
	bool rout_due : 1;	/* 10.14 reported: hits reached the TQ */
	bool ended : 1;		/* move_end done */
	bool as_stack : 1;	/* 6.64: moves as a stack with stack_mate */
	/* Counted (movement.c) only for the movers whose turns and climbs
	 * GBA limits, 0 for others: chariots (GBA 7.15, 9.21) and units in
	 * Charge Formation (GBA 9.74, from the moment they take it):
	 * vertices turned in the hex it stands in (2 is "more than one")
	 * and levels changed on this move, each counted up to 3 */
	unsigned hex_vertices : 2;
	unsigned levels : 2;
};

#endif
