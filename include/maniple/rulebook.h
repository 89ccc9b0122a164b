/* rulebook.h — the `rule N` looking command: our own short summary of a
 * rule of the book, its see-also, and the project's rulings that name it.
 *
 * The texts are data of the ruleset, two INI files under rules/<ruleset>/:
 *
 *     summaries.ini   [file] kind = summaries, version = 1; then one
 *                     section per rule number ([6.11]) with title = ...,
 *                     one or more say = ... lines (each shown as a line of
 *                     its own; a continuation line counts as another say),
 *                     and an optional see = 6.12, 7.23.
 *     rulings.ini     [file] kind = rulings, version = 1; then one section
 *                     per ruling ([R6]) with title = ..., rules = 9.41
 *                     (the rules it settles) and say = ... lines.
 *
 * A session reads them the first time `rule` is used and keeps them
 * (struct session's rules_dir and rulebook).  Nothing here changes a game.
 */
#ifndef MANIPLE_RULEBOOK_H
#define MANIPLE_RULEBOOK_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/cmd.h"
#include "maniple/ini.h"
#include "maniple/rule_numbers.h"

#define RULE_NUMBER_MAX	 8 /* "10.43" and its NUL, with room */
#define RULE_TITLE_MAX	 64
#define RULE_SEE_MAX	 12   /* see-also numbers of one summary */
#define RULING_ID_MAX	 8    /* "R13" */
#define RULING_RULES_MAX 12   /* rules one ruling names */
#define RULE_SAY_MAX	 2000 /* the whole text of one summary or ruling */

struct rule_summary {
	char number[RULE_NUMBER_MAX];
	char title[RULE_TITLE_MAX];
	char say[RULE_SAY_MAX]; /* its lines, each ending in '\n' */
	char see[RULE_SEE_MAX][RULE_NUMBER_MAX];
	int nsee;
	int line; /* of its section header */
	int see_line;
};

struct ruling {
	char id[RULING_ID_MAX]; /* "R6" */
	char title[RULE_TITLE_MAX];
	char say[RULE_SAY_MAX];
	char rules[RULING_RULES_MAX][RULE_NUMBER_MAX];
	int nrules;
	int line;
	int rules_line;
};

struct glossary; /* glossary.h: the terms, `rule TERM` */

struct rulebook {
	char ruleset[32];	/* as asked of rulebook_load's caller */
	struct rule_summary *v; /* in the book's order (6.1 < 6.11 <
				 * 6.2 < 10.0) */
	int n;
	struct ruling *rulings; /* in number order (R2 < R10) */
	int nrulings;
	struct glossary *glossary; /* DIR/glossary.ini, NULL when none */
};

/* The book's order of two valid rule numbers: by the part before the dot,
 * then by the part after it read as a decimal fraction (6.1 < 6.11 < 6.2). */
int rule_number_cmp(const char *a, const char *b);

/* Reads DIR/summaries.ini and DIR/rulings.ini and checks each ruling's
 * rules against the summaries; DIR/glossary.ini too when there is one
 * (glossary.h), each term's rules checked the same way.  NULL with err (file:line: reason) when a
 * file is missing or wrong. */
struct rulebook *rulebook_load(const char *dir, struct ini_error *err);
void rulebook_free(struct rulebook *rb);

/* `maniple --check`: one summaries or rulings file on its own (a ruling's
 * numbers are checked for form only). */
bool rulebook_check_file(const char *path, struct ini_error *err);

/* The summary of a rule number, or NULL. */
const struct rule_summary *rulebook_find(const struct rulebook *rb,
					 const char *number);
/* The ruling with this id ("R6", any case), or NULL. */
const struct ruling *rulebook_ruling(const struct rulebook *rb, const char *id);
/* Whether ruling u names rule number. */
bool ruling_names(const struct ruling *u, const char *number);

/* `rule [N | TERM]`: N a rule number (6.11; "6" is 6.0) or a ruling (R6).
 * One event `rule number=N title=...` and the text: the summary, its
 * see-also and every ruling naming it.  TERM a word of the glossary (TQ,
 * ZOC, Line Command: it may be several words): `term name=...` and its
 * explanation with the rules to read; several terms parted by commas
 * (`rule TQ, ZOC`, at most RULE_TERMS_MAX) are each explained in turn.  No N: `rules ruleset=... count=N`
 * and one line per rule covered, then the rulings and the terms.  An
 * uncovered number is refused naming the nearest ones covered; an unknown
 * term naming the terms there are. */
#define RULE_TERMS_MAX 12
void cmd_rule(void *ctx, int argc, char **argv, struct cmd_result *r);

#define RULEBOOK_COMMAND_DEFS                                                  \
	{                                                                      \
		"rule", "[N|TERM[, TERM...]]",                                \
			"our summary of rule N (6.11) or of terms (TQ, ZOC)", \
			CMD_LOOKS, cmd_rule                                    \
	}

#endif
