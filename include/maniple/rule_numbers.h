/* rule_numbers.h — rule citations in the book of the game being played.
 *
 * The rules code is shared by the two books it plays, SPQR and the Great
 * Battles of Alexander (GBA), which number the same rules differently
 * (SPQR 8.47 the Collapse is GBA 8.38).  The code cites a rule as a
 * string: a bare number ("8.47", "8.45,9.15") is SPQR's; "GBA 8.37" (or
 * "GBA_8.37", as an event value holds it) is GBA's, written by code that
 * only a GBA game runs; R4 is a ruling of ours, the same in both.  A GBA
 * game's data folder holds rule_numbers.ini, the map from every SPQR
 * number to GBA's (or to none, `-`, for a rule GBA lacks); an SPQR
 * game's holds none.  rule_cite turns a citation into the game's book at
 * the places one leaves the rules (game_emit, a refusal, a decision), so
 * a player reads the numbers of the book on the table.
 * doc/architecture.md ("Rule citations") states the convention.
 */
#ifndef MANIPLE_RULE_NUMBERS_H
#define MANIPLE_RULE_NUMBERS_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/ini.h"

/* Whether s is a rule number: 1 to 2 digits, '.', 1 to 2 digits ("6.11",
 * "3.0", "10.43"). */
bool rule_number_valid(const char *s);

#define RULE_NUMBERS_MAX 320 /* SPQR numbers a map holds (the book has 283) */
#define RULE_NUMBERS_FILE "rule_numbers.ini"

struct rule_number_pair {
	char spqr[8];
	char gba[8]; /* "" when GBA has no such rule (`-`) */
};

struct rule_numbers {
	bool present; /* a map is in force: the game plays GBA */
	int n;
	struct rule_number_pair v[RULE_NUMBERS_MAX];
};

/* Reads DIR/rule_numbers.ini into *m; a folder without one leaves *m
 * empty (not present) and succeeds.  false with err (file:line: reason)
 * when the file is wrong: a key or value that is not a rule number, a
 * number given twice. */
bool rule_numbers_load(struct rule_numbers *m, const char *dir,
		       struct ini_error *err);
/* One file on its own (maniple --check, tests). */
bool rule_numbers_read(struct rule_numbers *m, const char *path,
		       struct ini_error *err);

/* The GBA number of SPQR rule `spqr`: "" for a rule GBA lacks, NULL when
 * the map has no line for it. */
const char *rule_numbers_gba(const struct rule_numbers *m, const char *spqr);

/* A citation (a comma list of rule numbers, each perhaps with a "#2" or
 * " #2" item after it, "GBA " numbers and ruling ids among them) in the
 * game's book, into out.  With a map: SPQR numbers become GBA's, "GBA "
 * loses its prefix.  Without one it is copied as it is.  false when an
 * element cannot be told in the game's book: an SPQR number the map does
 * not have or maps to `-` (written SPQR_N.NN), or a "GBA " number in an
 * SPQR game (copied); *bad then holds that element, when bad is given. */
bool rule_cite(const struct rule_numbers *m, const char *in, char *out,
	       size_t n, char *bad, size_t nbad);

/* The rule numbers written in a text (a refusal's reason): those inside
 * parentheses, "(8.13)", "(4.4 #4)", "(9.15, not adjacent)", and every
 * "GBA N.NN", turned as rule_cite turns them.  Numbers the map does not
 * have are left as they are.  Without a map the text is copied. */
void rule_cite_text(const struct rule_numbers *m, const char *in, char *out,
		    size_t n);

#endif
