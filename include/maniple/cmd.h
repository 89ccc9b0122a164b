/* cmd.h — the command language's machinery, ruleset-free: tokenizing a
 * line, the command-table type, dispatch, and printing events.
 *
 * A command line is words separated by blanks.  A word may be quoted with
 * "double" or 'single' quotes (a quoted word may hold blanks; inside double
 * quotes a backslash escapes the next character).  A '#' outside quotes at
 * the start of a word starts a comment that runs to the end of the line.
 *
 * A command either succeeds, giving events, or does not; then it changed
 * nothing and its result says why: MALFORMED (the line does not parse:
 * unknown command, wrong arguments) or REFUSED (it parses, but may not be
 * done now; a rule number says why where one applies).
 */
#ifndef MANIPLE_CMD_H
#define MANIPLE_CMD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "maniple/event.h"

#define CMD_LINE_MAX 1024
#define CMD_ARGS_MAX 40
#define CMD_REASON_MAX 200

struct cmd_tokens {
	int argc;
	char *argv[CMD_ARGS_MAX + 1]; /* argv[argc] is NULL */
	char buf[CMD_LINE_MAX + 1];
};

/* Splits line into words.  Returns 0 (argc may be 0 for a blank or
 * comment-only line), or -1 with a reason in err: line too long,
 * unterminated quote, too many words. */
int cmd_tokenize(const char *line, struct cmd_tokens *t, char *err,
		 size_t errn);

/* What a command does to the game.  A later two-terminal server accepts
 * CMD_CHANGES commands only from the side that owes the decision. */
enum cmd_effect {
	CMD_LOOKS,	/* only looks (show, help): never journaled */
	CMD_CHANGES,	/* changes the game: appended to the game file */
	CMD_SESSION,	/* starts, loads or copies a game (new, load, save,
			 * branch): acts on files, not journaled as a line */
};

enum cmd_status { CMD_OK, CMD_REFUSED, CMD_MALFORMED };

struct cmd_result {
	enum cmd_status status;
	char reason[CMD_REASON_MAX];
	char rule[16];		/* "" when no rule applies */
	struct event_log out;	/* what a looking command shows */
	char *text;		/* malloc'd text shown after the events
				 * (`show state`), or NULL */
};

/* A line looked up in a table: its words and its command.  A command's
 * name is one word or two ("show units", "setup hits"); the handler gets
 * argv[0] = the name's last word. */
struct cmd_call {
	struct cmd_tokens tok;
	const struct cmd_def *def; /* NULL: a blank line */
	int argc;
	char **argv;
};

/* A handler gets the words after the command's name (argv[0] is the
 * command's name itself). */
typedef void (*cmd_handler)(void *ctx, int argc, char **argv,
			    struct cmd_result *r);

struct cmd_def {
	const char *name;
	const char *args;	/* synopsis of the arguments, "" when none */
	const char *help;	/* one line */
	enum cmd_effect effect;
	cmd_handler run;
};

struct cmd_table {
	const char *name;	/* "gboh" */
	const struct cmd_def *defs;
	int n;
};

void cmd_result_init(struct cmd_result *r);
void cmd_result_free(struct cmd_result *r);
/* Resets to CMD_OK and empties the output (keeps its memory). */
void cmd_result_reset(struct cmd_result *r);

/* Mark a result refused (rule may be NULL or "") or malformed. */
void cmd_refuse(struct cmd_result *r, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void cmd_malformed(struct cmd_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Whether a handler got from lo to hi words after the command's name
 * (argc - 1); if not, r is malformed with "usage: USAGE". */
bool cmd_want_args(struct cmd_result *r, int argc, int lo, int hi,
		   const char *usage);
/* Appends a line of output (an event) to the result. */
void cmd_output(struct cmd_result *r, const struct event *e);

const char *cmd_effect_name(enum cmd_effect e);
const struct cmd_def *cmd_find(const struct cmd_table *t, const char *name);

/* Tokenizes line and finds its command.  false (r MALFORMED) when the
 * line does not tokenize or names no command; true otherwise, with
 * call->def NULL for a blank or comment-only line. */
bool cmd_lookup(const struct cmd_table *t, const char *line,
		struct cmd_call *call, struct cmd_result *r);
/* The words of a call joined into the canonical one-line form a game file
 * records (words quoted where needed, no comment). */
void cmd_canonical(const struct cmd_call *call, char *buf, size_t n);

/* Tokenizes line and runs the command it names.  *def receives the command
 * (NULL for a blank line or one that names no command).  A blank or
 * comment-only line is CMD_OK with no output. */
void cmd_dispatch(const struct cmd_table *t, void *ctx, const char *line,
		  const struct cmd_def **def, struct cmd_result *r);

/* The refusal of a result as an event: `refused reason=... [rule=...]`
 * (`malformed` for CMD_MALFORMED). */
void cmd_refusal_event(const struct cmd_result *r, struct event *e);

/* Prints the refusal of a result in the event form, with the whole reason
 * (not cut at EVENT_VAL_MAX). */
void cmd_print_refusal(FILE *f, const struct cmd_result *r);
/* Prints events one per line: `KIND key=value ...`. */
void cmd_print_event(FILE *f, const struct event *e);
/* Prints event i of log, as cmd_print_event. */
void cmd_print_logged(FILE *f, const struct event_log *log, size_t i);
void cmd_print_events(FILE *f, const struct event_log *log, size_t from);

/* Help: one event per command (`command name=... args=... effect=...
 * help=...`), or for one command. */
bool cmd_help(const struct cmd_table *t, const char *name,
	      struct cmd_result *r);

#endif
