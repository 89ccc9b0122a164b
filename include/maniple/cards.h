/* cards.h — the text of the play screens' panels and cards, as pure
 * functions of a game (issue 8): the breakdown card of one shock combat
 * (8.4-8.6), the leaders panel of one side (5.1-5.5), the sequence-of-play
 * panel (3.0, 5.x) and the end-of-battle screen (11.1, 11.2, R4).
 *
 * Each builder fills a caller-provided struct card with lines no wider
 * than the card's width (in columns, counting one column per UTF-8 code
 * point; a line never wraps: what does not fit is cut at a character
 * boundary and marked with '~').  Every line ends with the rule it
 * stands on, right-aligned.  Nothing is allocated; the game is only read.
 *
 * The shock card is built from the events of the current (or the last)
 * Shock segment found in g->events, so it shows only what has happened
 * so far: the view can redraw it after each command to follow the
 * segment step by step.
 *
 * `show card shock N | leaders SIDE | sequence | end` prints a card
 * (a looking command, CARDS_COMMAND_DEFS in the GBoH command table). */
#ifndef MANIPLE_CARDS_H
#define MANIPLE_CARDS_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/card.h"
#include "maniple/cmd.h"
#include "maniple/game.h"

/* The breakdown card of combat `combat` (its number as `show shock` gives
 * it) of the current Shock segment, or of the last one when none is under
 * way.  Returns the number of lines, or -1 when there is no such combat
 * (the card then holds one line saying why). */
int card_shock(const struct game *g, int combat, struct card *c);
/* card_shock, and *fresh: how many of its lines came from the events at
 * index `since` of g->events and after (they are the card's last ones,
 * before its closing "Waits"/"Segment at" line). */
int card_shock_fresh(const struct game *g, int combat, struct card *c,
		     size_t since, int *fresh);
/* The number of combats card_shock knows in the current (or the last)
 * Shock segment: 0 when none has begun. */
int card_shock_count(const struct game *g);
/* The first combat, in the order 8.4 resolves them (their numbers), whose
 * card gained lines from the events at index `since` of g->events and
 * after, or -1 (the view opens its cards there after a command).
 * scratch (its width kept) is written over. */
int card_shock_first_touched(const struct game *g, size_t since,
			     struct card *scratch);
/* Every leader of side 0 or 1: Initiative, Command Range, Line Commands,
 * activation state, orders left, wounds.  -1 for a bad side. */
int card_leaders(const struct game *g, int side, struct card *c);
/* The turn, phase, pending decision and who owes it, the active leader,
 * orders left, momentum and trump. */
int card_sequence(const struct game *g, struct card *c);
/* Both sides' rout points against their withdrawal levels, who withdrew,
 * the result and the turn. */
int card_end(const struct game *g, struct card *c);


/* `show card shock N | leaders SIDE | sequence | end [WIDTH]` (ctx: the
 * session). */
void cmd_show_card(void *ctx, int argc, char **argv, struct cmd_result *r);

#define CARDS_COMMAND_DEFS                                                     \
	{                                                                      \
		"show card",                                                   \
			"shock N | leaders SIDE | sequence | end [WIDTH]",     \
			"a screen card: a shock combat, leaders, sequence, "   \
			"end",                                                 \
			CMD_LOOKS, cmd_show_card                               \
	}

#endif
