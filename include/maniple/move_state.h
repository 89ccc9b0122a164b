/* move_state.h — one move of a unit or leader in progress (6.1-6.3,
 * 7.1, 7.2): plain values, so the Orders Phase's state in struct game can
 * hold the move being made (see movement.h for the functions). */
#ifndef MANIPLE_MOVE_STATE_H
#define MANIPLE_MOVE_STATE_H

#include <stdbool.h>

#include "maniple/hex.h"

/* One move of a unit or leader, step by step. */
struct move {
	int unit;		/* index into g->units, -1 for a leader */
	int leader;		/* index into g->leaders, -1 for a unit */
	struct hex start;	/* where the move began */
	int ma;			/* 6.11 printed MA; 9 for leaders (6.14) */
	int mp_spent;
	int hits;		/* cohesion hits taken during this move */
	int hexes_entered;
	int vertices_turned;	/* 7.12 */
	int facing_mp;		/* MP spent on facing changes (7.24 cap) */
	bool moved_before;	/* 6.13: moved in an earlier Orders Phase */
	bool began_in_zoc;	/* 7.23, 7.24 */
	bool may_leave_zoc;	/* 7.23 bullet 1 (a leader: bullets 2, 3, set
				 * by the caller who knows the orders) */
	bool turned_in_zoc;	/* 7.24: turned in place, must stay */
	bool formed;		/* 6.71: changed formation (into or out of
				 * Column) */
	bool stopped;		/* entered an enemy ZOC (7.23) or routs */
	const char *stop_rule;	/* "7.23" or "10.14" */
	bool rout_due;		/* 10.14 reported: hits reached the TQ */
	bool ended;		/* move_end done */
	const char *refusal;	/* move_begin: why the move may not begin */
	const char *rule;
	/* 6.64: this unit moves together with stack_mate (an index into
	 * g->units) as a stack; set by the orders code (stacking.h) */
	bool as_stack;
	int stack_mate;
};

#endif
