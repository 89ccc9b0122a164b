/* missile.h — missile fire (SPQR 8.1), the Leader Casualty Table for
 * fire (8.19, TABLES.md 6), supply (8.17, 8.18); the one resolution every
 * kind of fire uses — offensive fire by order (8.11), reaction fire
 * (8.2), Harassment and Dispersal (8.3), a mounted archer withdrawing
 * (6.55).
 *
 * Every volley is events: `missile_fire` with the firer, target, range,
 * strength, each modifier and its rule, the number needed, then the
 * `roll`, then `missile_result` (hits, or miss) and what follows (supply
 * change 8.17, leader casualty check 8.19). */
#ifndef MANIPLE_MISSILE_H
#define MANIPLE_MISSILE_H

#include <stdbool.h>
#include <stdio.h>

#include "maniple/game.h"
#include "maniple/odds.h"

/* What kind of fire a volley is (for its modifiers and events). */
enum fire_kind {
	FIRE_OFFENSIVE,	  /* 8.11: by order, before/during/after a move */
	FIRE_ENTRY,	  /* 8.21 entry reaction fire */
	FIRE_RETIRE,	  /* 8.22 retire reaction fire */
	FIRE_RETURN,	  /* 8.23 return fire */
	FIRE_HD,	  /* 8.3 Harassment and Dispersal */
	FIRE_WITHDRAWING, /* 6.55 a mounted archer withdrawing */
	FIRE_SCORPIO,	  /* 9.86 a scorpio's reaction fire */
	FIRE_KIND_COUNT
};

/* Which missile a unit fires with (9.12, 9.13: an elephant's tower or
 * screen, each with its own supply). */
enum fire_weapon { WEAPON_MAIN, WEAPON_TOWER, WEAPON_SCREEN };

/* Why a volley may not be fired (NULL reason when it may), and what it
 * would need: for the screen and `legal`. */
struct fire_check {
	int range;		/* hexes */
	int strength;		/* from the Missile Range and Results chart */
	int drm;		/* the sum of the 8.15 modifiers */
	int needed;		/* hit on a DR <= needed (8.15); -1 never */
	bool extended;		/* 8.16: needs a natural 0 */
	int target_unit;	/* index of the unit hit (8.13: top or bottom
				 * of a stack by the side fired through), -1
				 * when the hex holds only leaders */
	const char *reason;	/* NULL: may fire */
	const char *rule;
};

/* 8.11 Exception: whether the unit either moves or fires under an order,
 * never both: scorpios and oxybeles (GBA 9.54) always, LI archers when
 * variants.ini [missile] after_moving is closer_hex (SPQR). */
bool missile_move_or_fire(const struct game *g, const struct unit *u);
/* 8.1-8.17: whether unit `firer` may fire `weapon` at the hex `target`
 * now as a volley of kind `kind`, and what it needs.  Changes nothing. */
bool missile_check(const struct game *g, int firer, enum fire_weapon weapon,
		   struct hex target, enum fire_kind kind,
		   struct fire_check *out);
/* Fires: rolls, applies hits (cohesion_hits), supply (8.17), the leader
 * casualty check (8.19), emits the events.  False (nothing changed) when
 * missile_check refuses. */
bool missile_fire(struct game *g, int firer, enum fire_weapon weapon,
		  struct hex target, enum fire_kind kind,
		  struct fire_check *out);
/* 8.15, 8.16: what a volley checked as c does on die face die: whether
 * it hits (*hit, when hit is not NULL) and the cohesion hits its target
 * unit takes (0 on a miss, or when only leaders are in the hex); the
 * outcome missile_fire applies to its roll. */
/* 8.15: the cohesion hits a successful volley of firer inflicts on t:
 * missile.ini's hits, or hits_on_elephant on an elephant (SPQR: not
 * from an elephant; variants.ini [missile]
 * elephant_fired_on_by_elephant). */
int missile_hits_on(const struct game *g, const struct unit *firer,
		    const struct unit *t);
int missile_volley_result(const struct game *g, int firer,
			  const struct fire_check *c, int die, bool *hit);
/* The odds of the volley c (a check missile_check passed) face by face
 * through missile_volley_result, as missile_odds. */
void missile_check_odds(const struct game *g, int firer,
			const struct fire_check *c, struct odds *o);
/* 8.15: the chance in whole percent that the volley of odds o hits (0
 * for empty odds). */
int missile_hit_percent(const struct odds *o);
/* The odds of that volley now, face by face through
 * missile_volley_result: outcomes "miss" (value 0) and "hit N" (value N,
 * the target's cohesion hits); false, and o empty, when missile_check
 * refuses the volley. */
bool missile_odds(const struct game *g, int firer, enum fire_weapon weapon,
		  struct hex target, enum fire_kind kind, struct odds *o);
/* 8.19, 4.73, TABLES.md 6: the Leader Casualty check for leader l caught
 * by fire (or shock, later): rolls, applies Finished / wounded / killed,
 * emits events.  A killed leader's fate follows at once through
 * leader_fate (leaders.h: 4.74, 4.75, 4.56). */
void leader_casualty_check(struct game *g, int leader, const char *rule);
/* 4.73, TABLES.md 6: leader l suffers casualty c (rolled as die, or
 * given otherwise, die -1: GBA 8.44's Personal Combat) as
 * leader_casualty_check applies it. */
void leader_casualty_take(struct game *g, int leader, enum leader_casualty c,
			  int die, const char *rule);
/* 8.18: the Reload step of Rout and Reload. */
void missile_reload(struct game *g);

/* ---- Additions (FIRE) ---- */
/* 8.11: the state at the start of a game (game_new). */
void missile_state_init(struct missile_state *s);
/* The `fired` line of the canonical state text (game_state_text). */
void missile_state_text(const struct game *g, FILE *f);
/* 8.11: an Orders Phase begins: no unit has fired under orders yet. */
void missile_phase_begin(struct game *g);
/* 8.11: the orders code calls this just before the mover `unit` takes a
 * step: entering a hex (is_hex) or another step (a facing change); fire
 * after moving needs the latest step to be a hex that brought the unit
 * closer to its target. */
void missile_note_step(struct game *g, int unit, bool is_hex);


/* ---- Offensive fire under orders (cmd_missile.c) ---- */
#include "maniple/cmd.h"
#include "maniple/sequence.h"
/* 5.22 #2, 8.11: `order UNIT fire HEX [tower]`: the order, then one
 * volley, and the order ends (the unit does not move). */
void missile_order_fire(struct game *g, const char *who, const char *hex,
			const char *weapon, struct cmd_result *r);
/* 8.11: `fire HEX`: the open mover fires before moving or right after a
 * hex that brought it closer; 5.23 #2: `fire UNIT HEX` for a member of a
 * Line Command to fire.  who NULL: the open mover. */
void missile_fire_cmd(struct game *g, const char *who, const char *hex,
		      const char *weapon, struct cmd_result *r);
/* 5.23 #2: `line NAME fire [UNIT]`: a Line Command to fire without
 * movement. */
void missile_line_fire(struct game *g, const char *name, const char *unit,
		       struct cmd_result *r);
/* 5.23 #2: unit ui is in the Line Command to fire (it may not move). */
bool missile_line_fire_member(const struct game *g, int ui);
/* Legal lines: `order UNIT fire HEX` for an orderable unit ui, and the
 * `fire ...` lines now; each with the number it needs as a comment. */
int missile_legal_order(const struct game *g, int ui,
			struct decision_answer *out, int max);
int missile_legal_fire(const struct game *g, struct decision_answer *out,
		       int max);
void cmd_missile_fire(void *ctx, int argc, char **argv, struct cmd_result *r);

#define MISSILE_COMMAND_DEFS                                                   \
	{                                                                      \
		"fire", "[UNIT] HEX [tower]",                                  \
			"fire in the open move (8.11) or a fire line (5.23)",  \
			CMD_CHANGES, cmd_missile_fire                          \
	}

#endif
