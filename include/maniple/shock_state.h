/* shock_state.h — the Shock Combat segment under way (8.4-8.6, 10.13,
 * 10.15, 10.4): the combats the attacker designated and how far each step
 * has gone.  Plain values held by struct game (g->shock), printed by
 * game_state_text (shock.h).  A copy of the game copies it.
 *
 * The segment runs step by step across all combats (8.4 IMPORTANT;
 * RULINGS R13): every combat goes through the Charge before any goes
 * through Leader Casualties, and so on.  Within a step, combats go in
 * designation order; within a combat, attackers before defenders, each in
 * designation order.  A pursuit's follow-up shock (8.62) is a batch of its
 * own that runs 8.43-8.47 while the outer batch waits at the Advance. */
#ifndef MANIPLE_SHOCK_STATE_H
#define MANIPLE_SHOCK_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "maniple/battle.h"
#include "maniple/bits.h"
#include "maniple/hex.h"

#define SHOCK_COMBATS_MAX 48
_Static_assert(SHOCK_COMBATS_MAX <= 127 && BATTLE_UNITS_MAX <= 256 &&
		       BATTLE_LEADERS_MAX <= 127,
	       "struct shock_combat keeps its indices in bytes");
#define SHOCK_UNITS_MAX	  8 /* units on one side of one combat */

/* The steps of the segment, in order (8.42 SHOCK RESOLUTION overview). */
enum shock_step {
	SHS_NONE,      /* no Shock segment under way */
	SHS_DESIGNATE, /* 8.41, 8.42, 7.33, 10.42: the attacker designates */
	SHS_CHARGE,    /* 8.43 pre-shock TQ checks */
	SHS_LEADERS,   /* 8.44, 4.73 leader casualties */
	SHS_CLASH,     /* 8.45 the clash column and its choices */
	SHS_RESOLVE,   /* 8.46 steps 1-4, 10.13 distribution */
	SHS_COLLAPSE,  /* 8.47 [1] and [2], 10.15 */
	SHS_ADVANCE,   /* 8.47 [3]: 8.5 advance, 8.6 pursuit */
	SHS_ENGAGED,   /* 8.47 [3] last paragraph, 10.4 (optional rule) */
	SHS_END,       /* 6.76, 8.17, 4.72: the segment's last effects */
	SHS_STEP_COUNT
};

/* A decision the segment waits for (g->shock.ask). */
enum shock_ask {
	SHA_NONE,
	SHA_DESIGNATE,	   /* attacker: `designate ...`, `designate done` */
	SHA_ENGAGED,	   /* 10.42 attacker: `disengage UNIT HEX|stand` */
	SHA_CLASH_DEFENDER, /* 8.45 defender: `clash UNIT` */
	SHA_CLASH_ATTACKER, /* 8.45 attacker: `clash UNIT` */
	SHA_HITS,	   /* 10.13 #4, 10.13 phalanx exception: `hits ...` */
	SHA_ADVANCE,	   /* 8.54, 8.51, 8.52, 8.53: `advance ...` */
	SHA_PURSUIT,	   /* 8.61: which cavalry pursues: `pursue UNIT` */
	SHA_PASSTHRU,	   /* 9.11 defender: `passthru UNIT yes|no` */
	SHA_PASSTHRU_PLACE, /* 9.11 elephant player: `passthru place HEX` */
	SHA_COUNT
};

/* One combat: the attackers and defenders the attacker grouped (8.42).
 * Its numbers are small (unit indices below BATTLE_UNITS_MAX, combat
 * indices below SHOCK_COMBATS_MAX, leader indices below
 * BATTLE_LEADERS_MAX, hits and CRT columns a few dozen at most), so each
 * is a byte or two: a game's 48 combats are a small part of its copy. */
struct shock_combat {
	int8_t natt, ndef;
	uint8_t att[SHOCK_UNITS_MAX]; /* unit indices, designation order */
	uint8_t def[SHOCK_UNITS_MAX];
	/* where each stood when designated (the advance's vacated hexes,
	 * 8.51) */
	struct footprint att_at[SHOCK_UNITS_MAX];
	struct footprint def_at[SHOCK_UNITS_MAX];

	/* ---- the charge and the collapse (shock_charge.c) ---- */
	/* the unit routed or was eliminated in this combat's steps */
	bool att_gone[SHOCK_UNITS_MAX], def_gone[SHOCK_UNITS_MAX];
	/* 8.47 [2] exception: a phalanx that passed its 8.47 [1] check */
	bool phalanx_stood[2][SHOCK_UNITS_MAX];

	/* ---- 8.44 (shock_charge.c) ---- */
	/* [0] attacker, [1] defender: a leader of that side was killed and
	 * his Charisma (8.46 step 3's reverse modifier) */
	bool leader_killed[2];
	int8_t killed_charisma[2];

	/* ---- the clash and the resolution (shock_resolve.c) ---- */
	int8_t clash_att, clash_def; /* 8.45 picks: indices into att/def, -1 */
	int8_t side;		  /* enum hex_zone of the chosen pairing */
	int8_t column;		  /* the CRT column used (after shifts) */
	int8_t superiority;	  /* enum superiority: SUP_NONE/AS/DS */
	int8_t charisma_leader[2]; /* 8.46 step 3: leader used, -1 none */
	int16_t att_hits, def_hits; /* 8.46 step 4 final hits */
	/* hits each unit took in the resolution (10.13), for 10.15 */
	int16_t att_took[SHOCK_UNITS_MAX], def_took[SHOCK_UNITS_MAX];

	/* ---- advance and pursuit (shock_advance.c, pursuit.c) ---- */
	/* 8.5: the attacker advanced (moved into a vacated hex); a phalanx
	 * that only pivoted (8.53) — 10.4 keeps its Engaged marker */
	bool att_advanced[SHOCK_UNITS_MAX];
	bool att_pivoted[SHOCK_UNITS_MAX];
	int16_t pursuer;	 /* 8.61: the cavalry unit pursuing, -1 */
	int8_t parent;		 /* 8.62: the combat it follows up, -1 */

	/* ---- 8.6 pursuit progress (pursuit.c) ---- */
	int8_t pursuit_stage;	  /* pursuit.c's stage; 0: not begun */
	int16_t pursuit_followed; /* the routed unit the pursuer follows, -1 */
	int8_t pursuit_followup;  /* the follow-up combat (8.62), -1 */

	/* ---- 9.11 Pass-Thru (passthru.c) ---- */
	int8_t passthru; /* enum passthru_state (passthru.h) */
	/* GBA 9.13, 9.23 (gba_pass_through.c): the attacker slot whose
	 * pass-through is under way (each elephant or chariot in turn), and
	 * bit k set when att[k] went through */
	int8_t beast;
	uint8_t through;

	/* ---- its yes/no, one bit each (bit-fields) ---- */
	/* 8.43: the attacker carried Shock Must Check (any attacker) */
	bool must_check : 1;
	/* 8.46 step 2, 9.41: an attacker moved this phase */
	bool att_moved : 1;
	/* 8.43 last paragraph: no attacker or no defender left standing
	 * after the charge: the combat is not fought on */
	bool off : 1;
	/* 8.61 bullet 1: a defender routed from a failed collapse check */
	bool collapse_check_rout : 1;
	/* 8.61 bullet 2: a defender eliminated because its rout move could
	 * not be completed (10.22) */
	bool rout_blocked_elimination : 1;
	/* 10.15: the all-rout procedure decided this combat */
	bool all_rout : 1;
	bool position : 1; /* AS came from position (8.46 1.A) */
	bool resolved : 1; /* the CRT was rolled */
	bool advanced_precharge : 1; /* 8.43: an attacker advanced already */
	bool pursuit : 1; /* a follow-up combat of 8.62 */
	/* GBA 9.24: the Macedonian defenders opened their ranks to the
	 * chariot (the combat is off; the chariot goes through) */
	bool ranks_opened : 1;
};

struct shock_state {
	int step;	/* enum shock_step */
	int attacker;	/* the active side */
	int leader;	/* the active leader (index) */
	int ask;	/* enum shock_ask: the decision pending */
	int ask_side;	/* who owes it */
	int ask_combat; /* the combat it is about, -1 */
	int ask_unit;	/* the unit it is about, -1 */
	int ncombats;
	struct shock_combat c[SHOCK_COMBATS_MAX];
	/* the batch the steps run over: [batch_begin, batch_end) */
	int batch_begin, batch_end;
	int cursor; /* the combat the step is at */
	int sub;    /* how far the step has gone within that combat */
	/* a follow-up batch (8.62) saves the outer batch here */
	bool nested;
	int outer_step, outer_cursor, outer_sub, outer_begin, outer_end;
	/* designation (shock_designate.c): units given Shock No Check in
	 * this segment (8.41), attack used (8.42 bullet 1), defended
	 * (bullet 2) */
	bool attacked[BATTLE_UNITS_MAX];
	bool defended[BATTLE_UNITS_MAX];
	/* 5.26, 5.45: the leaders whose Command Range lends Shock No Check
	 * this segment (bit per leader index < 64) */
	unsigned long long range_leaders;
	/* 8.44, 8.46 step 3: leaders who became casualties this segment
	 * (whatever the table said): the Extended Shock Example's Roman
	 * leader, Finished, lends no Charisma */
	bool casualty[BATTLE_LEADERS_MAX];
	/* a per-unit scratch for the steps' own marks (a few bits), cleared
	 * when a step begins */
	uint8_t mark[BATTLE_UNITS_MAX];

	/* ---- 10.4 Engaged (engaged.c) ---- */
	/* 10.42: each unit's answer this segment (enum engaged_answer) */
	unsigned char engaged_answer[BATTLE_UNITS_MAX];
	/* 10.43: the check at the segment's start has run */
	bool engaged_swept;

	/* ---- 8.5 advance under way (shock_advance.c) ---- */
	int adv_phase;	     /* shock_advance.c's stage; 0: not begun */
	int adv_combat;	     /* the combat it is for */
	bool adv_precharge;  /* the 8.43 advance (else 8.5) */
	int adv_unit;	     /* the unit that advanced last, -1 */
	int adv_mate;	     /* the unit stacked with it, -1 */
	bool adv_pivot;	     /* it pivoted (8.53): no wheel after */
	int adv_skip;	     /* 8.61: the cavalry that pursued instead, -1 */
	struct footprint adv_was, adv_mate_was; /* before it (8.55) */
	/* 4.72 after shock: the leaders offered their withdrawal in this
	 * segment (once each) */
	uint8_t lw_offered[BITS_BYTES(BATTLE_LEADERS_MAX)];
};

#endif
