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

#include "maniple/game.h"

/* What kind of fire a volley is (for its modifiers and events). */
enum fire_kind {
	FIRE_OFFENSIVE,	  /* 8.11: by order, before/during/after a move */
	FIRE_ENTRY,	  /* 8.21 entry reaction fire */
	FIRE_RETIRE,	  /* 8.22 retire reaction fire */
	FIRE_RETURN,	  /* 8.23 return fire */
	FIRE_HD,	  /* 8.3 Harassment and Dispersal */
	FIRE_WITHDRAWING, /* 6.55 a mounted archer withdrawing */
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
/* 8.19, 4.73, TABLES.md 6: the Leader Casualty check for leader l caught
 * by fire (or shock, later): rolls, applies Finished / wounded / killed,
 * emits events.  Replacing a killed leader (4.74, 4.75) is an event
 * naming those rules until the shock issue builds it. */
void leader_casualty_check(struct game *g, int leader, const char *rule);
/* 8.18: the Reload step of Rout and Reload. */
void missile_reload(struct game *g);

#endif
