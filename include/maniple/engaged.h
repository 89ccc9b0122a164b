/* engaged.h — the optional Engaged rule (SPQR 10.4), switched on by the
 * battle's `engaged = yes` ([rules] section of the scenario).
 *
 * The Shock segment's steps (shock.h) place and remove the markers
 * (8.47 [3] last paragraph: shock_step_engaged), ask the 10.42 retreat
 * before designation (engaged_before_designation) and say which units
 * designation must give Shock No Check (engaged_must_shock).  This header
 * adds what the rest of the rules ask of an Engaged unit (10.41: no
 * voluntary move or facing change, no missile fire by it or at it), the
 * 10.43 check, and the `disengage` command answering SHA_ENGAGED.
 *
 * When the 10.43 check runs (it may run "at any time"): at the start of
 * every Orders Phase and every Shock segment (before the 10.42
 * retreats), after each 10.42 retreat, and at the end of the Engaged step
 * of every Shock segment, after the markers of 8.47 [3] are placed and
 * removed.  Between checks, unit_engaged already ignores a marker the
 * check would remove. */
#ifndef MANIPLE_ENGAGED_H
#define MANIPLE_ENGAGED_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/shock.h"

/* 10.42: how a unit answered this segment (g->shock.engaged_answer). */
enum engaged_answer {
	ENGAGED_ASK_NONE,  /* not asked yet */
	ENGAGED_STOOD,	   /* stays Engaged: Shock No Check if shock capable */
	ENGAGED_RETREATED, /* retreated one hex instead */
};

/* 10.41: u carries an Engaged marker, the rule is in force, and the
 * marker would not come off now under 10.43 (a stale marker binds
 * nothing while it waits for the next check). */
bool unit_engaged(const struct game *g, const struct unit *u);
/* 10.43: whether a and b are enemies both Engaged, one of them exerting
 * its ZOC on the other (what the markers mean by "engaged with"). */
bool engaged_with(const struct game *g, const struct unit *a,
		  const struct unit *b);
/* 10.43: removes every Engaged marker whose unit has no Engaged enemy in
 * its ZOC and is in no Engaged enemy's ZOC (and those of units routed or
 * out of play), repeating until none comes off.  Emits `engaged_off` for
 * each, with the rule.  Returns how many came off. */
int engaged_sweep(struct game *g);
/* 10.42: the hexes unit u could retreat into now (at most 6); returns
 * the count. */
int engaged_retreat_hexes(const struct game *g, const struct unit *u,
			  struct hex out[6]);
/* 10.42: whether h is a legal retreat hex for u; why/rule when not. */
bool engaged_retreat_ok(const struct game *g, const struct unit *u,
			struct hex h, const char **why);

/* `disengage UNIT HEX` | `disengage UNIT stand` (10.42). */
void cmd_disengage(void *ctx, int argc, char **argv, struct cmd_result *r);

#define ENGAGED_COMMAND_DEFS                                                   \
	{                                                                      \
		"disengage", "UNIT HEX|stand",                                 \
			"an Engaged unit retreats one hex or stands (10.42)",  \
			CMD_CHANGES, cmd_disengage                             \
	}

#endif
