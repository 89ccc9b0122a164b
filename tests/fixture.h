/* fixture.h — for tests: the battles of the source tree for a session
 * (MANIPLE_SRCDIR, the environment's as meson test sets it, or the
 * build's), with the SPQR tables of spqr_tables.h, and commands run on a
 * session that must be accepted (fx_ok) or refused under a rule without
 * changing the game (fx_refused).  Static inline definitions: a test file
 * includes it and uses what it needs. */
#ifndef TESTS_FIXTURE_H
#define TESTS_FIXTURE_H

#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/battle.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/gamefile.h"
#include "maniple/map.h"

#include "spqr_tables.h"

/* The top of the source tree. */
static inline const char *fx_srcdir(void)
{
	const char *d = getenv("MANIPLE_SRCDIR");
	return d && *d ? d : MANIPLE_SRCDIR;
}

/* The whole of the file at path, NUL-terminated, in memory the caller
 * frees; the test fails when it cannot be read. */
static inline char *fx_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	cr_assert_geq(n, 0, "%s", path);
	char *b = malloc((size_t)n + 1);
	cr_assert_not_null(b);
	cr_assert_eq(fread(b, 1, (size_t)n, f), (size_t)n, "%s", path);
	b[n] = '\0';
	fclose(f);
	return b;
}

/* text written to path (the file made anew); the test fails when it
 * cannot be. */
static inline void fx_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0, "%s", path);
}

/* The game file at from written to to with line lineno (1-based) made
 * `with` ("" drops it) and its hash chain worked out again (gamefile.h),
 * as a forger would: what finds the change is then the replay or
 * --verify, not the chain. */
static inline void fx_forge_game_line(const char *from, const char *to,
				      int lineno, const char *with)
{
	char *t = fx_slurp(from);
	FILE *f = fopen(to, "w");
	cr_assert_not_null(f, "%s", to);
	uint64_t link = 0;
	for (char *p = t; *p; lineno--) {
		char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char line[1200];
		snprintf(line, sizeof line, "%.*s", (int)len, p);
		char *tab = strrchr(line, '\t');
		if (tab)
			*tab = '\0';
		if (lineno == 1)
			snprintf(line, sizeof line, "%s", with);
		if (!(lineno == 1 && !*with)) {
			link = gamefile_chain(link, line);
			fprintf(f, "%s\t%016" PRIx64 "\n", line, link);
		}
		p += len + (e ? 1 : 0);
	}
	fclose(f);
	free(t);
}

/* Loads the file at rel below the source tree as a battle. */
static inline struct battle *fx_battle_file(const char *rel,
					    struct ini_error *err)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", fx_srcdir(), rel);
	return battle_load(path, err);
}

/* A battle_loader for session_init: the shipped battle called name. */
static inline struct battle *fx_loader(void *user, const char *name,
				       struct ini_error *err)
{
	(void)user;
	char path[1024];
	if (!battle_path(fx_srcdir(), name, path, (int)sizeof path)) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	return battle_load(path, err);
}

/* A battle_loader for session_init: shock_example is the book's Extended
 * Shock Example of 8.4 (tests/fixtures/shock-example.ini), any other name
 * a shipped battle. */
static inline struct battle *fx_example_loader(void *user, const char *name,
					       struct ini_error *err)
{
	if (strcmp(name, "shock_example") == 0)
		return fx_battle_file("tests/fixtures/shock-example.ini", err);
	return fx_loader(user, name, err);
}

/* A battle built by hand with nothing on it yet: a clear map of cols x
 * rows hexes (0101 up), the SPQR rules, side 0 called side0 and side 1
 * side1, each with an Army Withdrawal level of 99 (never reached); the
 * caller adds the leaders and units. */
static inline struct battle *fx_empty_battle(const char *id, const char *name,
					     int cols, int rows,
					     const char *side0,
					     const char *side1)
{
	struct battle *b = calloc(1, sizeof *b);
	struct map *m = calloc(1, sizeof *m);
	cr_assert(b && m);
	m->col_min = m->row_min = 1;
	m->col_max = cols;
	m->row_max = rows;
	m->ncols = cols;
	m->nrows = rows;
	m->hexes = calloc((size_t)cols * (size_t)rows, sizeof *m->hexes);
	cr_assert_not_null(m->hexes);
	b->map = m;
	snprintf(b->id, sizeof b->id, "%s", id);
	snprintf(b->name, sizeof b->name, "%s", name);
	snprintf(b->ruleset, sizeof b->ruleset, "spqr");
	snprintf(b->sides[0].id, sizeof b->sides[0].id, "%s", side0);
	snprintf(b->sides[1].id, sizeof b->sides[1].id, "%s", side1);
	b->sides[0].withdrawal_level = b->sides[1].withdrawal_level = 99;
	return b;
}

/* Adds to battle b the Line (4.3's Eligibility Chart) `name` of side
 * `side`: its units one hex apart, all that `member` names ("type:LC") */
static inline struct line_def *fx_line(struct battle *b, const char *name,
				       int side, const char *member)
{
	cr_assert_lt(b->nlines, BATTLE_LINES_MAX);
	struct line_def *d = &b->lines[b->nlines++];
	memset(d, 0, sizeof *d);
	snprintf(d->name, sizeof d->name, "%s", name);
	d->side = side;
	d->spacing = 1;
	d->nmembers = 1;
	snprintf(d->members[0], sizeof d->members[0], "%s", member);
	return d;
}

/* Runs line on s; it must be accepted. */
static inline void fx_ok(struct session *s, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s: %s (%s)", line, r.reason, r.rule);
	cmd_result_free(&r);
}

/* Runs line on s; it must be refused under rule, the game's digest and
 * events left as they were. */
static inline void fx_refused(struct session *s, const char *line,
			      const char *rule)
{
	uint64_t before = game_digest(s->game);
	size_t nev = s->game->events.n;
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	cr_assert_eq(r.status, CMD_REFUSED, "%s was not refused", line);
	cr_expect_str_eq(r.rule, rule, "%s: %s", line, r.reason);
	cr_expect_eq(game_digest(s->game), before, "%s changed the state",
		     line);
	cr_expect_eq(s->game->events.n, nev, "%s emitted events", line);
	cmd_result_free(&r);
}

/* Runs each line of the NULL-terminated lines on s, all to be accepted. */
static inline void fx_run(struct session *s, const char *const *lines)
{
	for (; *lines; lines++)
		fx_ok(s, *lines);
}

/* The commands (NULL-terminated) that set up the shock example of 8.4 on
 * a sandbox session of fx_example_loader, as EXAMPLES.md gives it: the
 * hits of the fighting before, phalanxes A and B moved this phase and
 * under Shock Must Check (7.31), Bostar active, and `continue` into the
 * Shock segment (3.0 B.2). */
static inline const char *const *fx_shock_example_setup(void)
{
	static const char *const lines[] = {
		"new shock_example sandbox 1",
		"setup hits celt_c 2",
		"setup hits tr_w 3",
		"setup hits ve_z 4",
		"setup phase shock",
		"setup active bostar",
		"setup leader-state bostar active",
		"setup marker ph_a moved_phase on",
		"setup marker ph_b moved_phase on",
		"setup marker ph_a shock_must on",
		"setup marker ph_b shock_must on",
		"continue",
		NULL,
	};
	return lines;
}

/* The example's three shock designations (8.41), NULL-terminated: after
 * fx_shock_example_setup, `designate done` resolves them. */
static inline const char *const *fx_shock_example_designations(void)
{
	static const char *const lines[] = {
		"designate ph_a ve_t,co_u,co_v",
		"designate ph_b tr_w,ve_x",
		"designate celt_c tr_y,ve_z",
		NULL,
	};
	return lines;
}

/* s on the shipped battles and the SPQR tables, then line (a `new`
 * command, say) run on it and accepted. */
static inline void fx_session(struct session *s, const char *line)
{
	session_init(s, fx_loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	s->rules_dir = MANIPLE_SRCDIR "/rules"; /* rule N */
	fx_ok(s, line);
}


/* s (new, on the shipped battles and the SPQR tables) plays
 * tests/scripts/NAME.txt line by line, a refusal let be as in the
 * script, until stop(s, arg) holds after a command; false when the script
 * ends first.  The caller frees s either way. */
static inline bool fx_play_script_until(struct session *s, const char *name,
					bool (*stop)(const struct session *s,
						     const void *arg),
					const void *arg)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/scripts/%s.txt", fx_srcdir(),
		 name);
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "no %s", path);
	session_init(s, fx_loader, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1; /* the game changed by hand too */
	char line[1024];
	bool found = false;
	struct cmd_result r;
	cmd_result_init(&r);
	while (!found && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		session_exec(s, line, &r);
		found = stop(s, arg);
	}
	cmd_result_free(&r);
	fclose(f);
	return found;
}

#endif
