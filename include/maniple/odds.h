/* odds.h — the exact odds of a step one die decides, for any ruleset.
 *
 * A rule that settles something with one die (a volley, a TQ check, a
 * momentum or trump roll, a shock combat's row of the CRT) resolves a
 * roll through a pure function "the outcome of die face d" that both its
 * resolver and its odds call: the odds run that function on every face,
 * so they can never disagree with what the rules do with a roll.  An
 * struct odds keeps, for each face, the outcome it gives, and for each
 * distinct outcome how many faces give it: the chance of an outcome is
 * exactly faces / the die's faces (a d10: one face in ten each).
 *
 * The view, teach mode and a computer opponent read them; nothing here
 * knows a ruleset. */
#ifndef MANIPLE_ODDS_H
#define MANIPLE_ODDS_H

#include <stdbool.h>
#include <stddef.h>

#define ODDS_FACES_MAX	  20
#define ODDS_OUTCOMES_MAX ODDS_FACES_MAX
#define ODDS_NAME_MAX	  32

struct odds_outcome {
	char name[ODDS_NAME_MAX]; /* "success", "2 hits", "1(2)" */
	int value;		  /* the number the step gives it (hits...) */
	int faces;		  /* how many faces give it */
};

struct odds {
	int faces;     /* the die reads 0 .. faces-1 */
	int rolls;     /* equally likely rolls: faces, or faces * faces
			* for two opposed dice (odds_init_pair) */
	char rule[16]; /* the rule that rolls it */
	int n;	       /* distinct outcomes, in face order */
	struct odds_outcome out[ODDS_OUTCOMES_MAX];
	signed char face[ODDS_FACES_MAX]; /* the outcome of each face */
};

/* Empty odds of a die with faces faces (1..ODDS_FACES_MAX, else none)
 * rolled under rule. */
void odds_init(struct odds *o, int faces, const char *rule);

/* Empty odds of two opposed rolls of the same die (each side rolls one,
 * a contest such as GBoH's 5.53): faces * faces equally likely rolls,
 * each noted once with odds_pair; face[] is not kept. */
void odds_init_pair(struct odds *o, int faces, const char *rule);

/* Notes that the pair of faces (a, b) gives the outcome called by fmt
 * with value.  False when a face is out of range or the odds are not a
 * pair's. */
bool odds_pair(struct odds *o, int a, int b, int value, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Notes that face die gives the outcome called by fmt with value; an
 * outcome of the same name counts the face again.  False when the face is
 * out of range or already noted. */
bool odds_face(struct odds *o, int die, int value, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The index of the outcome called name, or -1. */
int odds_find(const struct odds *o, const char *name);

/* How many faces give the outcome called name (0 when none does). */
int odds_faces(const struct odds *o, const char *name);

/* The chance of the outcome called name, 0 to 1. */
double odds_chance(const struct odds *o, const char *name);

/* The same in whole percent, rounded to the nearest (exact on a d10). */
int odds_percent(const struct odds *o, const char *name);

/* Whether every face (every pair of faces) has an outcome: the chances
 * then sum to 1. */
bool odds_complete(const struct odds *o);

/* The chance that the value is at least v (hits, say), 0 to 1. */
double odds_value_at_least(const struct odds *o, int v);

/* The outcomes in face order with their chances, "miss 60%, hit 1 40%",
 * into out (cut at n); returns the length written. */
size_t odds_list(const struct odds *o, char *out, size_t n);

#endif
