/* orders_state.h — what the Orders Phase remembers between commands
 * (4.2, 4.3, 5.2, 6.12, 6.14): the order being carried out and the move
 * in progress.  Plain values only: struct game holds it, a copy of the
 * game copies it, and game_state_text prints it (orders.h). */
#ifndef MANIPLE_ORDERS_STATE_H
#define MANIPLE_ORDERS_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "maniple/battle.h"
#include "maniple/bits.h"
#include "maniple/move_state.h"

/* lc_of of a unit under a contingent commander's Line Command (GBA
 * 5.65) */
#define ORD_LC_CONTINGENT 255

struct orders_state {
	int mode;		/* enum orders_mode (orders.h) */
	int mover_unit;		/* the unit whose move is open, -1 none */
	int mover_leader;	/* the leader moving alone, -1 none */
	int with_leader;	/* 4.23: the leader moving with mover_unit,
				 * -1 none */
	bool moving;		/* move is open */
	struct move move;	/* the move in progress */
	/* 6.64, 9.61: the unit moving together with mover_unit as a stack
	 * (-1 none) and its own move, step for step with the mover's */
	int stack_mate;
	struct move stack_move;

	/* 5.24, 6.12: units given an order (or picked) this Orders Phase */
	bool ordered[BATTLE_UNITS_MAX];
	/* 9.71, 9.72: units that entered a hex under orders this Orders
	 * Phase (kept through its Shock segment: orders_phase_end) */
	uint8_t entered_hex[BITS_BYTES(BATTLE_UNITS_MAX)];
	/* GBA 9.22: chariots whose move this Orders Phase entered 4 hexes or
	 * more (kept through its Shock segment, as entered_hex) */
	uint8_t chariot_charged[BITS_BYTES(BATTLE_UNITS_MAX)];
	/* 6.14: MP each leader has spent this Orders Phase (at most the
	 * leaders' MA, a constant of the rules: two bytes) */
	int16_t leader_mp[BATTLE_LEADERS_MAX];
	/* 4.4 #2: leaders the OC has ordered to move this Orders Phase */
	uint8_t leader_ordered[BITS_BYTES(BATTLE_LEADERS_MAX)];

	/* 4.52, 4.54: the one Class of one legion or ala (tribunes,
	 * praefects sociorum) or the one arm of cavalry (praefects equitum)
	 * the active leader has ordered this phase */
	bool arm_set;
	bool arm_velites;	/* 4.52 Exception: all velites, one Class */
	char arm_cls[4];
	int arm_legion;
	bool arm_ala;

	/* GBA 5.46: a unit's move this phase ended in a hex other than the
	 * one it began in */
	bool moved_away;

	/* 4.31, 5.23: Line Commands given this phase */
	int lc_given;
	bool lc_denied;		/* 4.33 #2: a Strategy roll failed */
	/* per unit: the Line Command (1-based) whose line it belongs to, or
	 * ORD_LC_CONTINGENT (GBA 5.65) */
	unsigned char lc_of[BATTLE_UNITS_MAX];

	/* 4.33: the active leader at the start of the phase: in an enemy
	 * ZOC, and the units within two hexes in clear LOS */
	bool start_in_zoc;
	uint8_t start_reach[BITS_BYTES(BATTLE_UNITS_MAX)];

	/* 4.33: the turn in which each leader gave a Line Command in his
	 * Initial Orders Phase (0 none); kept from phase to phase (a Game
	 * Turn: at most a battle's turn limit, 999) */
	int16_t lc_initial_turn[BATTLE_LEADERS_MAX];

	/* GBA 5.63-5.65: the contingent commanders the active Wing
	 * Commander has activated this phase (the units their Line Commands
	 * reach have lc_of ORD_LC_CONTINGENT: they move by pick, as a
	 * Line's) */
	uint8_t contingents_given;
	uint8_t contingent_leaders[BITS_BYTES(BATTLE_LEADERS_MAX)];

	/* 8.64, 4.4 #6: the OC gave this whole Orders Phase to Regroup and
	 * Return the army's off-map cavalry (pursuit.c) */
	bool regroup;

	/* 9.68 (mle.c): units of a stack that extended as part of this
	 * phase's Line Command: MA -2 for their moves */
	uint8_t mle[BITS_BYTES(BATTLE_UNITS_MAX)];
};

#endif
