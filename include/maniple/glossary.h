/* glossary.h — the words of the rules explained: `rule TERM` (rulebook.h)
 * shows a term of the ruleset's glossary (rules/<ruleset>/glossary.ini):
 * its title, our own explanation and the rule numbers to read.
 *
 *     glossary.ini   [file] kind = glossary, version = 1; then one
 *                    section per term ([TQ], [Line Command]) with
 *                    title = ..., also = other names (comma-separated),
 *                    one or more say = ... lines and rules = 10.1, 10.11.
 *
 * A term is found by its name or another name, without regard to case,
 * '-' and '_' read as blanks.  Nothing here changes a game. */
#ifndef MANIPLE_GLOSSARY_H
#define MANIPLE_GLOSSARY_H

#include <stdbool.h>

#include "maniple/ini.h"
#include "maniple/rulebook.h"

#define GLOSSARY_TERM_MAX 48 /* a term or another name, with its NUL */
#define GLOSSARY_ALSO_MAX 8  /* other names of one term */

struct glossary_term {
	char term[GLOSSARY_TERM_MAX];
	char title[RULE_TITLE_MAX];
	char also[GLOSSARY_ALSO_MAX][GLOSSARY_TERM_MAX];
	int nalso;
	char say[RULE_SAY_MAX]; /* its lines, each ending in '\n' */
	char rules[RULE_SEE_MAX][RULE_NUMBER_MAX];
	int nrules;
	int line;	/* of its section header */
	int rules_line; /* of its rules key */
};

struct glossary {
	struct glossary_term *v; /* in the file's order */
	int n;
};

/* Reads and checks a glossary file; NULL with err (file:line: reason) on
 * any fault: no [file] kind = glossary, an unknown key, a term or name
 * given twice, a term without title, say or rules, a rule number written
 * wrong. */
struct glossary *glossary_load(const char *path, struct ini_error *err);
void glossary_free(struct glossary *g);

/* The term named name (or by one of its other names), or NULL. */
const struct glossary_term *glossary_find(const struct glossary *g,
					  const char *name);

/* The terms text uses (a term or another name of it, as whole words,
 * read as glossary_find reads a name; the longest name where two start
 * at one place), each once, in the order they first appear: at most max
 * into out.  Returns how many. */
int glossary_scan(const struct glossary *g, const char *text,
		  const struct glossary_term **out, int max);

#endif
