/* shock_designate.h — the Shock Designation step (7.33, 8.41, 8.42) and
 * its commands; 5.26's and 5.45's use of a leader's Command Range.
 *
 * A unit may shock when it carries Shock Must Check (7.31, 7.32), was
 * given Fire (only) orders this Orders Phase, or stands within the
 * activated leader's Command Range (and he may order it, 4.35), and is
 * shock capable (7.33 exceptions, 6.75, 8.63).  Units designated without
 * Shock Must Check get Shock No Check (8.41).  A unit may attack only
 * enemy combat units in its ZOC (8.42). */
#ifndef MANIPLE_SHOCK_DESIGNATE_H
#define MANIPLE_SHOCK_DESIGNATE_H

#include <stdbool.h>

#include "maniple/cmd.h"
#include "maniple/game.h"

/* How a unit comes to shock, or why it cannot. */
enum shock_claim {
	SC_NONE,    /* cannot shock this segment */
	SC_MUST,    /* 7.31, 7.32: Shock Must Check */
	SC_ENGAGED, /* 10.41: an Engaged unit that must shock (Shock No) */
	SC_FIRE,    /* 7.33: given Fire (only) orders */
	SC_RANGE,   /* 7.33, 5.26, 5.45: within the active leader's range */
};

/* 7.33, 8.41: how unit u of the attacking side may shock now; SC_NONE
 * with *rule and *why set (either may be NULL) when it may not. */
enum shock_claim shock_claim_of(const struct game *g, int u, const char **rule,
				const char **why);
/* 8.42: whether enemy unit e is a combat unit in u's ZOC. */
bool shock_in_zoc(const struct game *g, int u, int e);
/* 5.45, 5.46: whether the active leader's Command Range would let a unit
 * of his side shock an enemy in its ZOC (the Shock alternative to an
 * order for a leader who trumped). */
bool shock_designate_range_useful(const struct game *g);
/* 5.45: the active leader trumped and gave no order: the designation must
 * bring on at least one combat through his Command Range. */
bool shock_designate_trumper_owes(const struct game *g);

/* `designate ATT[,ATT...] DEF[,DEF...]`, `designate cancel N`,
 * `designate done` (8.41, 8.42). */
void cmd_designate(void *ctx, int argc, char **argv, struct cmd_result *r);
/* 8.42: `designate ATT[,ATT...] DEF[,DEF...]` on g itself (the command
 * without its session; the designation must be owed): the combat's
 * index, or -1 with r refused. */
int shock_designate_pair(struct game *g, const char *att_ids,
			 const char *def_ids, struct cmd_result *r);
/* `show shock`: the segment and the combats designated so far. */
void cmd_show_shock(void *ctx, int argc, char **argv, struct cmd_result *r);

#define SHOCK_DESIGNATE_COMMAND_DEFS                                           \
	{"designate", "ATT[,ATT...] DEF[,DEF...] | cancel N | done",           \
	 "designate a shock combat (8.41, 8.42)", CMD_CHANGES, cmd_designate}, \
	{                                                                      \
		"show shock", "", "the Shock segment and its combats (8.4)",   \
			CMD_LOOKS, cmd_show_shock                              \
	}

#endif
