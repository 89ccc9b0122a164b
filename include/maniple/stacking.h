/* stacking.h — friendly units sharing a hex (SPQR 6.6: 6.61-6.67, 6.69's
 * voluntary chart; 9.61, 9.63's +1, 9.64, 9.65; 4.4 #5; 4.85; 6.77; 9.52;
 * 9.83; TABLES.md §8; rules/spqr/stacking.ini).
 *
 * Pure look-ups and checks over struct game, plus the few changes the
 * movement and orders code asks for (the hits of passing through a
 * friend, putting the mover under the unit it joins).  The mandatory
 * (rout) chart is rout.c's (10.25); what stacking does in combat (6.68)
 * is the combat rules'.
 *
 * Who counts: combat units in play; never leaders (6.61, 6.65) nor
 * Leader Elephants (6.61, 4.85).  Colour: Roman infantry (a legion or ala
 * number, 2.23) of the same number, legion or ala (6.63: I Legion and
 * I Ala are the same colour). */
#ifndef MANIPLE_STACKING_H
#define MANIPLE_STACKING_H

#include <stdbool.h>

#include "maniple/game.h"
#include "maniple/tables.h"

/* 6.61: the most combat units a stack holds (stacking.ini). */
#define STACK_MAX 2

/* 6.63: Roman infantry: a legion or ala unit that is infantry. */
bool stacking_roman_infantry(const struct game *g, const struct unit *u);
/* 6.63: two Roman infantry units of one colour (same legion/ala
 * number). */
bool stacking_same_colour(const struct game *g, const struct unit *a,
			  const struct unit *b);
/* 6.63: how u counts on the Stacking Chart. */
enum stacking_class stacking_class_of(const struct game *g,
				      const struct unit *u);
/* 6.63, 6.69: the stationary column of the chart for mover and a
 * stationary unit. */
enum stack_relation stacking_relation(const struct game *g,
				      const struct unit *mover,
				      const struct unit *stationary);
/* 6.61, 4.85: whether u counts for stacking (a combat unit in play, not a
 * Leader Elephant). */
bool stacking_counts(const struct unit *u);
/* The friendly units of `side` in hex h that count for stacking, but not
 * skip1/skip2 (may be NULL): top of the stack first (game_units_at's
 * order); at most max into out; returns the count. */
int stacking_units_in(const struct game *g, struct hex h, int side,
		      const struct unit *skip1, const struct unit *skip2,
		      const struct unit **out, int max);
/* The other counting unit in u's hex (its stack mate), or NULL. */
const struct unit *stacking_mate(const struct game *g, const struct unit *u);
/* 6.66: whether u is under another counting unit of its hex. */
bool stacking_is_bottom(const struct game *g, const struct unit *u);

/* What the voluntary Stacking Chart (6.69) says of `mover` entering the
 * friendly hex dest. */
struct stacking_entry {
	int nstationary;		/* counting friends in dest */
	const struct unit *stationary[STACK_MAX + 2]; /* top first */
	int mover_hits;			/* to the mover, on entering */
	int stationary_hits;		/* to each stationary unit */
	bool may_stop;			/* the move may end there */
	const char *stop_rule;		/* the rule forbidding a stop */
	const char *stop_why;
	enum stacking_class as;		/* how the mover counts */
	enum stack_relation relation;	/* the column used */
	const char *refusal;		/* NULL: the hex may be entered */
	const char *rule;
};

/* 6.61-6.65, 6.69, 6.77, 9.52, 9.83, 4.85, 9.61: whether mover may enter
 * the hex dest in voluntary movement (orders, Orderly Withdrawal), at
 * what cohesion cost, and whether it may stop there.  companion: the
 * unit moving together with mover as a stack (6.64), or NULL; it does not
 * count as stationary, and a moving stack enters no hex holding another
 * friend (a ruling: the chart is for one mover).  An empty hex (or one
 * with only leaders, 6.65) is free.  Enemy units are movement's (6.62).
 * Changes nothing; false with out->refusal and out->rule when refused. */
bool stacking_voluntary_entry(const struct game *g, const struct unit *mover,
			      const struct unit *companion, struct hex dest,
			      struct stacking_entry *out);
/* 6.63, 6.69, 6.66: applies an allowed entry: the stationary units take
 * their hits (cohesion_hits: cause "stacking", rule 6.69) and, when the
 * mover may stay, go on top of it (a unit moving in to stack goes on the
 * bottom).  The mover's own hits are the caller's (movement's
 * take_hits, so they count in the move). */
void stacking_apply_entry(struct game *g, const struct unit *mover,
			  const struct stacking_entry *se);
/* 6.63, 6.67, 6.69: whether mover may end its move where it stands: not
 * in a hex it may not stop in, and facing as the unit it stacks with.
 * companion as above.  NULL, or the reason with *rule. */
const char *stacking_stop_refusal(const struct game *g,
				  const struct unit *mover,
				  const struct unit *companion,
				  const char **rule);

/* The friends that count for stacking in any hex of u (not u): top
 * first, at most max into out; returns the count. */
int stacking_friends_with(const struct game *g, const struct unit *u,
			  const struct unit **out, int max);
/* 6.92 (GBA; variants.ini [stacking] ended_stacked = mover_routs): the
 * move or withdrawal of unit ui has ended in the hex of the friends
 * stationary[0..n-1] (stacking_friends_with before its rout moved it):
 * an `ended_stacked` event; a skirmisher (6.92's Exception) costs 1 hit
 * to each friend and to itself, with no roll; any other mover routs, and
 * each friend takes a TQ check of the roll over its TQ, at least 1 hit.
 * routing: the mover routs anyway (its hits, 10.14).  Returns whether
 * the caller must rout the mover now (cause "GBA 6.92").  With
 * ended_stacked = stack (SPQR 6.6) nothing happens and false. */
bool stacking_ended_stacked(struct game *g, int ui,
			    const struct unit *const *stationary, int n,
			    bool routing);
/* GBA 6.92 Exception ([stacking] ended_stacked = mover_routs): whether
 * skirmisher u, in a friend's hex `here` with too few MP (or withdrawal
 * hexes) left to leave it, may still go on into the adjacent hex dest,
 * which holds no friend (its move or withdrawal then ends there). */
bool stacking_skirmisher_goes_on(const struct game *g, const struct unit *u,
				 struct hex here, struct hex dest);
/* GBA 6.92 Exception: skirmisher u went on with no MP from the hex of the
 * friends left[0..n-1]: an `ended_stacked` event (then=goes_on), and 1
 * hit to each of them, with no roll (the mover's own hit is the move's). */
void stacking_skirmisher_went_on(struct game *g, const struct unit *u,
				 const struct unit *const *left, int n);
/* 10.21 with 6.68 (R2): unit u, not in a Double-Depth pair, is about to
 * rout where it shares a hex with a friend: with ended_stacked = stack a
 * `stack_rout_not_played` event (the stacking rules' effect is not
 * played); GBA's hexes hold one unit, so a friend there is only passing
 * through, and what its move ending there does is 6.92's: nothing. */
void stacking_unit_routs(struct game *g, const struct unit *u);

/* 9.63: the DRM to u's TQ checks: +1 (stacking.ini) for a Roman stack of
 * two colours, or of one colour and two classes; else 0. */
int stacking_tq_drm(const struct game *g, const struct unit *u);

#endif
