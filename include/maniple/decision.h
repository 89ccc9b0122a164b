/* decision.h — the pending decision as data, for any ruleset.
 *
 * At any moment one side owes a choice (or nobody does: the sequence
 * needs `continue`, the game is over).  The ruleset describes it as a
 * struct decision: the side that owes it, its kind and rule in the
 * ruleset's words, and its answers, each a command line tagged with the
 * side that may give it.  A decision can carry standing offers to the
 * other side besides the owing side's answers (an answer's side differs
 * from the decision's), so a server checks a client's seat against each
 * answer's side, not only against the decision's.
 *
 * The answers live in storage the caller hands to decision_init; one
 * helper, decision_add, appends every answer, so every ruleset builds its
 * lists the same way.  Nothing here knows a ruleset. */
#ifndef MANIPLE_DECISION_H
#define MANIPLE_DECISION_H

#include <stdbool.h>

#include "maniple/hex.h"

#define DECISION_LINE_MAX   128
#define DECISION_RULE_MAX   16
#define DECISION_KIND_MAX   32
#define DECISION_WHAT_MAX   64
#define DECISION_DETAIL_MAX 256
#define DECISION_ABOUT_MAX  8

/* One answer: the command line that gives it, its rule and the side that
 * may give it (-1: either side). */
struct decision_answer {
	int side;
	char line[DECISION_LINE_MAX];
	char rule[DECISION_RULE_MAX];
};

struct decision {
	int side;			  /* who owes it; -1 nobody */
	char kind[DECISION_KIND_MAX];	  /* the ruleset's name for it */
	char what[DECISION_WHAT_MAX];	  /* the kind in words */
	char rule[DECISION_RULE_MAX];	  /* the rule that asks it */
	char detail[DECISION_DETAIL_MAX]; /* the offer in words, or "" */
	bool answer;		     /* an answer asked for, not free play */
	/* the hexes of the pieces it is about (the unit asked, the one
	 * whose move raised it): a view keeps them in sight */
	struct hex about[DECISION_ABOUT_MAX];
	int nabout;
	struct decision_answer *ans; /* the caller's storage */
	int n, max;		     /* answers held, room for */
};

/* An empty decision (nobody owes it, no answers) over the caller's room
 * for max answers. */
void decision_init(struct decision *d, struct decision_answer *room, int max);

/* The one helper that builds every list of answers: appends the answer
 * given by side under rule, its line formatted from fmt, to out[*n] and
 * advances *n; false, the answer left out, when *n has reached max.  A
 * line longer than DECISION_LINE_MAX - 1 is cut (no command is). */
bool decision_add(struct decision_answer *out, int max, int *n, int side,
		  const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* Notes that the decision is about the piece at h (HEX_NONE, a hex
 * noted already or no room: nothing). */
void decision_about(struct decision *d, struct hex h);

/* The index of the answer whose line is line, or -1. */
int decision_find(const struct decision *d, const char *line);

/* Whether side may give answer a: it is that side's, or either side's. */
bool decision_answer_for(const struct decision_answer *a, int side);

/* The answers the owing side may give moved before the standing offers
 * to the other side, each group in its order (a list read from the top,
 * Enter on the first line, answers what is owed); returns how many are
 * the owing side's. */
int decision_owner_first(struct decision *d);

#endif
