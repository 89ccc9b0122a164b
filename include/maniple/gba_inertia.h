/* gba_inertia.h — GBA 6.14, the Hellenic Law of Inertia (optional: a
 * battle's side plays it with `law_of_inertia = yes`): a hoplite unit
 * given a move order keeps moving while it can.  src/gboh/gba_inertia.c.
 */
#ifndef MANIPLE_GBA_INERTIA_H
#define MANIPLE_GBA_INERTIA_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/game.h"
#include "maniple/movement.h"

/* GBA 6.14: whether the Law binds u: a hoplite (trait hoplite) of a side
 * that plays it, not spared by its battle record (Greek mercenaries,
 * Spartans: law_of_inertia = no).  Macedonian phalanxes and hypaspists
 * are no hoplites. */
bool gba_inertia_binds(const struct game *g, const struct unit *u);

/* GBA 6.14: why the open move m of unit u may not end yet (the rule,
 * with the reason in why), or NULL when it may: the Law binds u, the move
 * goes on (not stopped, no rout due, MP left) and one of its steps into
 * a new hex is legal (ruling R143: the steps as it faces; it need not
 * turn to find one). */
const char *gba_inertia_end_refusal(const struct game *g, const struct move *m,
				    char *why, size_t n);

#endif
