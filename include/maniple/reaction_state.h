/* reaction_state.h — the reactions the rules offer between the steps of a
 * move (ARCHITECTURE.md: decisions raised at the instant the rules say):
 * Shock Must Check markers (7.31, 7.32), Orderly Withdrawal (6.5),
 * reaction facing (7.15, 7.16), leader withdrawal (4.72).  Plain values
 * held by struct game, printed by game_state_text (reactions.h). */
#ifndef MANIPLE_REACTION_STATE_H
#define MANIPLE_REACTION_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "maniple/battle.h"
#include "maniple/move_state.h"

#define REACTION_OFFERS_MAX 32
_Static_assert(BATTLE_LEADERS_MAX <= 127,
	       "struct reaction_offer keeps a leader index in a byte");

enum reaction_kind {
	RK_NONE,
	RK_SHOCK_MARK,	     /* 7.31, 7.32: the mover's side: a may-shock
			      * unit's Shock Must Check marker, or not */
	RK_WITHDRAW,	     /* 6.5: Orderly Withdrawal */
	RK_FACE,	     /* 7.15: reaction facing change */
	RK_REVERSE,	     /* 7.16: a phalanx's reverse face */
	RK_LEADER_WITHDRAW,  /* 4.72: a leader withdraws 1-3 hexes */
	RK_PREARRANGED,	     /* 6.83: a PW Line withdraws (prearranged.h) */
	RK_FIRE,	     /* 8.2, 6.55: reaction fire (reaction_fire.h) */
	RK_HD,		     /* 8.33: the target's side answers an H&D
			      * (harass.h): facing, who fires back */
	RK_MLE,		     /* 9.67: Manipular Line Extension (mle.h) */
	RK_COUNT
};

enum reaction_offer_state {
	RO_OPEN,	/* offered, not answered */
	RO_TAKEN,	/* under way (a withdrawal between its steps) */
	RO_DONE,	/* answered: done or declined */
};

/* (a unit index or -1, or a few MP: two bytes; a leader index or -1,
 * below BATTLE_LEADERS_MAX, or an enum or a few bits: one) */
struct reaction_offer {
	int16_t unit;	/* the reacting unit, -1 for a leader */
	int16_t trigger; /* the moving unit (index) that raised it */
	int16_t mp;	/* 6.51: MP (or 9.21 hexes) the reaction may use */
	int16_t used;	/* MP or hexes used so far */
	int8_t kind;	/* enum reaction_kind */
	int8_t side;	/* who answers */
	int8_t leader;	/* the reacting leader, -1 for a unit */
	int8_t state;	/* enum reaction_offer_state */
	int8_t approach; /* 6.52 #3: enum approach of HEX.md (0 front) */
	/* RK_FIRE (reaction_fire.h): enum fire_kind, and a bit (1 <<
	 * enum fire_weapon) for each weapon that may still fire */
	int8_t fire;
	int8_t weapons;
	/* 6.57 (withdrawal.c): the unit withdraws as one of a Cavalry Line
	 * Withdrawal: it may not decline */
	bool line;
	/* 9.16 (elcav.c): cavalry an elephant came next to must withdraw:
	 * it may not decline while it has a hex to go to */
	bool must;
};

/* 8.21, 8.23, 6.55: the marks a firer holds against one enemy unit in
 * this Orders Phase.  A mark needs an enemy that came into or left the
 * firer's ZOC in this phase, and a move ends on entering an enemy ZOC
 * (7.23), so a phase holds a few: greedy and mixed play of Cannae, Trebia
 * and Zama never held more than 16.  RFIRE_MARKS_MAX, one a unit, bounds
 * them (a mark past it is not kept); unit indices fit a byte
 * (BATTLE_UNITS_MAX is 256).  Game file format 2's digest hashes the
 * table as the 2048 slots it had (digest.c). */
#define RFIRE_MARKS_MAX 256
struct rfire_mark {
	unsigned char firer, enemy, bits;
};

struct reaction_state {
	int noffers;
	struct reaction_offer offers[REACTION_OFFERS_MAX];
	int trigger;	/* the mover whose step opened the window, -1 */
	int taken;	/* the offer under way (RO_TAKEN), -1 none */
	struct move move; /* the reacting unit's or leader's move */
	/* once-per-Orders-Phase marks, cleared when an Orders Phase begins */
	bool faced[BATTLE_UNITS_MAX];	/* 7.15, 7.16 */
	/* 6.51, 4.72 (withdrawal.c): 1 + the mover that was within 2 hexes
	 * of the unit (next to the leader) when last looked at, 0 none: a
	 * withdrawal is offered the instant a mover comes that near, once */
	int16_t ow_near[BATTLE_UNITS_MAX];
	int16_t lw_near[BATTLE_LEADERS_MAX];
	/* 7.15, 7.16, 7.31, 7.32 (reactions.c): the unit whose move is being
	 * watched (-1 none), where it stood before its last step, whether it
	 * has entered a hex in this move, and the units that moved into
	 * contact with an enemy (an enemy combat unit in their ZOC) this
	 * Orders Phase */
	int moving;
	struct footprint moving_was;
	bool entered;
	bool contact[BATTLE_UNITS_MAX];
	/* 8.21, 8.23, 6.55 (reaction_fire.c): the RF_* bits of
	 * reaction_fire.h a firer holds against an enemy unit, one record
	 * per pair that has any (rfire_bits, rfire_mark), kept in the order
	 * first marked; cleared when an Orders Phase begins */
	int nrfire;
	struct rfire_mark rfire[RFIRE_MARKS_MAX];
	/* 8.33 (harass.c): the H&D declared and waiting for its RK_HD
	 * offer's answers: the harassing unit, its target, the path and
	 * what harass_check found, and the units the target's side has
	 * named to fire back (in the order named) */
	bool hd_open;
	int hd_firer, hd_target, hd_distance, hd_limit, hd_elephant_hits;
	int hd_npath;
	struct hex hd_path[3];	/* HARASS_PATH_MAX */
	int hd_nfire;
	int hd_fire[8];		/* HARASS_REACTORS_MAX */
	/* 6.57 (withdrawal.c): per unit, the game turn of its last
	 * individual Orderly Withdrawal, 0 none: its Line may not use Line
	 * Withdrawal for the rest of that turn */
	int16_t ow_turn[BATTLE_UNITS_MAX];
};

#endif
