/* gba_personal_combat.h — GBA 8.41-8.45 Personal Combat: when leaders of
 * both sides are in one shock combat (GBA 8.34), one leader of each side
 * fights the other instead of the casualty checks (a rule only The Great
 * Battles of Alexander has; reached from the Shock segment's leader step
 * when variants.ini [shock] leader_casualties = personal_combat). */
#ifndef MANIPLE_GBA_PERSONAL_COMBAT_H
#define MANIPLE_GBA_PERSONAL_COMBAT_H

#include <stdbool.h>

#include "maniple/game.h"

/* GBA 8.41: leader l's Personal Combat rating after his wounds (GBA 8.34:
 * every rating loses them, never below the table's minimum); -1 for a
 * leader without one (an Indian leader, or a book without the rule). */
int gba_personal_combat_rating(const struct game *g, const struct leader *l);

/* GBA 8.41, ruling A16: the leader of those n in li[] who fights for his
 * side: the highest rating, the first listed of equals; -1 when none has
 * a rating (ruling A17: then nobody fights). */
int gba_personal_combat_champion(const struct game *g, const int *li, int n);

/* GBA 8.42-8.45: leaders a (the attacker's) and d fight: each side rolls
 * a die and adds his rating; the higher total wins, equal totals do
 * nothing; the loser suffers the result the difference gives
 * (constants.ini [personal_combat]), as a casualty of the Leader
 * Casualty chart (a second wound kills, GBA 8.45).  Both are marked as
 * having fought (GBA 5.31: no Momentum after it).  Returns the loser's
 * leader index, or -1 on a tie. */
int gba_personal_combat(struct game *g, int a, int d);

#endif
