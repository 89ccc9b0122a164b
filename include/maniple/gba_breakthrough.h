/* gba_breakthrough.h — GBA 8.37 the Push of Shields (Breakthrough,
 * Othismos Aspidon): once a shock combat's results are applied, a unit
 * whose hits reach three times those of any one enemy unit of that combat
 * takes two more (a rule only The Great Battles of Alexander has; reached
 * from the Shock segment's resolution when variants.ini [shock]
 * breakthrough is not `none`). */
#ifndef MANIPLE_GBA_BREAKTHROUGH_H
#define MANIPLE_GBA_BREAKTHROUGH_H

#include "maniple/game.h"
#include "maniple/shock_state.h"

/* GBA 8.37: the ratio of hits that breaks a unit, and what it costs. */
enum {
	GBA_BREAKTHROUGH_RATIO = 3,
	GBA_BREAKTHROUGH_HITS = 2,
};

/* GBA 8.37 for combat ci, once its hits are shared (10.13): every unit
 * of either side still standing in it whose hits are at least
 * GBA_BREAKTHROUGH_RATIO times those of one standing enemy unit of the
 * combat (an enemy without hits counting as 1) takes
 * GBA_BREAKTHROUGH_HITS more, once, all compared before any is dealt.
 * Which hits count is the switch's: every hit the unit carries (ruling
 * R103, ambiguity A3) or only those of this combat.  The hits are held
 * for the collapse (8.47, GBA 8.38).  Emits `breakthrough` per unit. */
void gba_breakthrough(struct game *g, int ci);

/* GBA 8.37's comparison alone: hits[role][k], the hits slot k of role's
 * side of combat c counts (-1: it no longer stands in the combat); into
 * than[role][k] the slot of the enemy it carries three times the hits of
 * (the one with fewest), or -1 when none: that unit takes the
 * GBA_BREAKTHROUGH_HITS.  Both gba_breakthrough and the shock preview
 * (shock_breakthrough_odds) use it. */
void gba_breakthrough_match(const struct shock_combat *c,
			    const int hits[2][SHOCK_UNITS_MAX],
			    int than[2][SHOCK_UNITS_MAX]);
/* R103: true when a unit's every hit counts (total_hits), false when only
 * those the combat's roll dealt it (resolution_hits). */
bool gba_breakthrough_counts_all(const struct game *g);

#endif
