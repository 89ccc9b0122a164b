/* teach_line.h — a line of narration as plain data, for any ruleset: a
 * sentence or a few in the ruleset's words and the rules they rest on,
 * and a growing list of them.  A ruleset's narration (ruleset.h: the
 * teach operations) fills them; a view only shows them. */
#ifndef MANIPLE_TEACH_LINE_H
#define MANIPLE_TEACH_LINE_H

#include <stddef.h>

#define TEACH_TEXT_MAX 1024
#define TEACH_RULE_MAX 40
#define TEACH_TERM_MAX 48 /* a term of the glossary, with its NUL */
#define TEACH_TERMS_MAX 12 /* the terms one line may be asked about */

/* One narrated step: a sentence or a few, and the rules cited ("6.11,7.23";
 * "" when none applies).  Lines of one step of a longer procedure (a
 * step of the Shock segment, one combat's struggle) share a group
 * number, so that a view may show them together; 0: a line alone. */
struct teach_line {
	char text[TEACH_TEXT_MAX];
	char rule[TEACH_RULE_MAX];
	int group;
};

struct teach_list {
	struct teach_line *v;
	size_t n, cap;
};

void teach_list_init(struct teach_list *l);
void teach_list_free(struct teach_list *l);
void teach_list_clear(struct teach_list *l);

#endif
