/* changed_tables.h — for tests: the SPQR tables with one line of one
 * rules file changed, to show that a rule reads its figure or trait from
 * the data (rules/spqr/NAME.ini) rather than from the C source. */
#ifndef TESTS_CHANGED_TABLES_H
#define TESTS_CHANGED_TABLES_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "maniple/game.h"
#include "maniple/tables.h"

/* The tables of a copy of rules/spqr where, in NAME.ini, each line
 * change[2k] reads change[2k + 1] instead (the list ends with NULL; each
 * line must be there); the copy is removed once loaded.  NULL, with the
 * loader's reason in *err, when they do not load. */
static inline struct spqr_tables *
changed_tables_err(const char *name, const char *const *change,
		   struct ini_error *err)
{
	const char *src = getenv("MANIPLE_SRCDIR");
	char dir[64] = "/tmp/maniple-changed-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	int found = 0, want = 0;
	while (change[want])
		want++;
	/* the charts, and the event catalog read with them */
	for (int i = 0; i <= SPQR_TABLE_COUNT; i++) {
		const char *table = i < SPQR_TABLE_COUNT
					    ? spqr_table_name((enum spqr_table)i)
					    : "events";
		char in_path[4096], out_path[128], line[512];
		snprintf(in_path, sizeof in_path, "%s/rules/spqr/%s.ini",
			 src && *src ? src : MANIPLE_SRCDIR, table);
		snprintf(out_path, sizeof out_path, "%s/%s.ini", dir, table);
		FILE *in = fopen(in_path, "r"), *out = fopen(out_path, "w");
		cr_assert(in && out, "%s -> %s", in_path, out_path);
		while (fgets(line, sizeof line, in)) {
			line[strcspn(line, "\n")] = '\0';
			const char *to = NULL;
			for (int k = 0; !strcmp(table, name) && change[k] &&
					!to;
			     k += 2)
				if (!strcmp(line, change[k]))
					to = change[k + 1];
			found += to != NULL;
			fprintf(out, "%s\n", to ? to : line);
		}
		fclose(in);
		fclose(out);
	}
	cr_assert_eq(found * 2, want, "%s.ini: %d of %d lines found", name,
		     found, want / 2);
	struct spqr_tables *t = tables_load(dir, err);
	for (int i = 0; i <= SPQR_TABLE_COUNT; i++) {
		char path[128];
		snprintf(path, sizeof path, "%s/%s.ini", dir,
			 i < SPQR_TABLE_COUNT
				 ? spqr_table_name((enum spqr_table)i)
				 : "events");
		unlink(path);
	}
	rmdir(dir);
	return t;
}

/* changed_tables_err for tables that must load. */
static inline struct spqr_tables *changed_tables(const char *name,
						 const char *const *change)
{
	struct ini_error err = {0};
	struct spqr_tables *t = changed_tables_err(name, change, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	return t;
}

/* g's tables replaced by changed_tables(name, {from, to, ..., NULL}). */
#define change_tables(g, name, ...)                                         \
	change_tables_list(g, name, (const char *const[]){__VA_ARGS__, NULL})
static inline void change_tables_list(struct game *g, const char *name,
				      const char *const *change)
{
	struct spqr_tables *t = changed_tables(name, change);
	tables_free(g->tables);
	g->tables = t;
}

#endif
