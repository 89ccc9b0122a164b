/* passthru.h — elephant Pass-Thru (SPQR 9.11): infantry charged by a lone
 * elephant through its front opens its ranks and lets the beasts through.
 *
 * The decision is the defender's, asked in the Shock segment's Charge
 * step before any pre-shock die is rolled (SHA_PASSTHRU: `passthru UNIT
 * yes|no`).  It is offered for a combat when:
 *   - its only attacker is an elephant making a moving attack (Shock Must
 *     Check, 8.43) and its only defender an infantry unit (any foot type
 *     SK and up, units.h) that is not routed;
 *   - the elephant comes at the infantry through the latter's front
 *     (footprint_approach is ZONE_FRONT);
 *   - at least one of the infantry's rear hexes is empty (no unit), on
 *     the map and enterable by an elephant (not impassable, not P).
 * A rampaging elephant never shocks (9.14 collides instead), so the 9.11
 * play note needs no test here.
 *
 * Elected, it changes the combat so:
 *   1. +1 to the infantry's pre-shock TQ DR (passthru_charge_drm);
 *   2. the defender's final shock hits halved (round down), the
 *      elephant's final hits less one, never below 0 (passthru_hits);
 *   3. after the collapse (8.47 [1] [2]), if the infantry stands and the
 *      elephant has not routed (rampaged), the elephant is set down in
 *      one of the infantry's empty rear hexes, facing unchanged (the
 *      elephant player picks when two or more are empty: SHA_PASSTHRU_PLACE,
 *      `passthru place HEX`); a leader in its hex goes with it;
 *   4. then the infantry, unless a skirmisher, makes the Pass-Thru TQ
 *      check: the DR minus its TQ in hits when positive (10.11, 10.2).
 * The elephant that passed through makes no 8.5 advance.
 *
 * Rulings (doc-parts/passthru.md): "moving attack" means Shock Must
 * Check; the rear hexes are those of the defender's footprint
 * (footprint_zone_hexes); the hit halving and the -1 come after all of
 * 8.46 step 4; the Pass-Thru TQ check is made only when the elephant went
 * through (step 3 and 4 go together); an elephant whose rear hexes all
 * filled up before step 3 stays where it is (`passthru_held`); a rear
 * hex with an enemy leader is not empty, a friendly leader alone does
 * not block it; being set down is no move, so 9.16 does not fire
 * (`passthru_by_cavalry` names the cavalry touched). */
#ifndef MANIPLE_PASSTHRU_H
#define MANIPLE_PASSTHRU_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"

/* shock_combat.passthru */
enum passthru_state {
	PT_NONE,     /* not offered (yet) */
	PT_DECLINED, /* the defender said no: shock as usual */
	PT_ELECTED,  /* the defender said yes */
	PT_PLACING,  /* the elephant player owes the rear hex */
	PT_PASSED,   /* the elephant went through; the 9.11 #4 check made */
	PT_HELD,     /* elected, but the elephant did not go through */
	/* GBA 9.13, 9.23 (gba_pass_through.c) */
	PT_ROW_WAIT, /* its elephant or chariot attacks a second row */
	PT_ROW,	     /* a second-row attack, its own pass-through due */
	PT_ROW_DONE, /* a second-row attack whose pass-through is done */
	PT_CHOOSING, /* its attacker names the hex (SHA_PASSTHRU_PLACE) */
	PT_BEASTS_DONE, /* each elephant and chariot went through or was
			 * held (shock_combat.through says which) */
	PT_STATE_COUNT
};

const char *passthru_state_name(int state);

/* 9.11 #3: whether h, next to from, may take elephant (or chariot) el
 * set down there: on the map, no unit in it, no enemy leader, terrain it
 * may enter from `from`. */
bool passthru_hex_open(const struct game *g, const struct unit *el,
		       struct hex from, struct hex h);
/* 9.11 #3, GBA 9.13, 9.23: unit el (of combat ci) is set down in h,
 * facing kept, going through unit `through`; a leader of its side in its
 * hex goes with it (not a rider of another Leader Elephant); the events
 * cite rule. */
void passthru_set_down(struct game *g, int ci, int el, int through,
		       struct hex h, const char *rule);
/* 9.11: combat ci may be offered Pass-Thru now (see above). */
bool passthru_eligible(const struct game *g, int ci);
/* 9.11 (Charge step, before the pre-shock rolls): asks the defender of
 * the first combat of the batch that may elect Pass-Thru and has not
 * answered; false while that answer is owed. */
bool passthru_offer(struct game *g);
/* 9.11 #1: the DRM of unit u (role 1: a defender) in combat c's
 * pre-shock check: +1 for the infantry that elected it, 0 otherwise
 * (shock_charge_check names it "pass_thru"). */
int passthru_charge_drm(const struct game *g, const struct shock_combat *c,
			int role, const struct unit *u);
/* 9.11 #2: adjusts combat ci's final att_hits and def_hits. */
void passthru_hits(struct game *g, int ci);
/* The same on *att and *def, changing nothing else; false (them left)
 * when the infantry did not elect Pass-Thru. */
bool passthru_shock_hits(const struct game *g, int ci, int *att, int *def);
/* 9.11 #3, #4 for combat ci (the Advance step, before 8.5); false while
 * the elephant player owes the hex or the check's rout move waits. */
bool passthru_after_combat(struct game *g, int ci);
/* The elephant of combat ci went through: it makes no 8.5 advance. */
bool passthru_passed(const struct game *g, int ci);

int passthru_legal(const struct game *g, struct decision_answer *out, int max);

/* `passthru UNIT yes|no`, `passthru place HEX` */
void passthru_command(struct game *g, int argc, char **argv,
		      struct cmd_result *r);
void cmd_passthru(void *ctx, int argc, char **argv, struct cmd_result *r);

#define PASSTHRU_COMMAND_DEFS                                                 \
	{"passthru", "UNIT yes|no | place HEX",                               \
	 "shock: let a charging elephant pass through the infantry 9.11",     \
	 CMD_CHANGES, cmd_passthru}

#endif
