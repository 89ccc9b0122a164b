/* summary.c — a command's events in sentences (summary.h). */
#include "maniple/summary.h"
#include "maniple/tables.h"

#include <stdio.h>
#include <string.h>

#include "maniple/evcat.h"
#include "maniple/teach.h"

/* DIR's sentences read against its catalog (events.ini) */
static struct evtext *load(const char *dir, struct ini_error *err)
{
	char catalog[1024];
	tables_path(dir, "events.ini", catalog, sizeof catalog);
	struct evcat *cat = evcat_load(catalog, err);
	if (!cat)
		return NULL;
	struct evtext *t = tables_sentences(dir, cat, teach_game_slots, err);
	evcat_free(cat);
	return t;
}

struct evtext *summary_load(const char *dir, struct ini_error *err)
{
	return load(dir, err);
}

bool summary_check_file(const char *path, struct ini_error *err)
{
	char dir[1024];
	const char *slash = strrchr(path, '/');
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	struct evtext *t;
	if (strcmp(slash ? slash + 1 : path, "sentences.ini") == 0) {
		t = load(dir, err); /* with its base's, where it has one */
	} else {
		char catalog[1024];
		tables_path(dir, "events.ini", catalog, sizeof catalog);
		struct evcat *cat = evcat_load(catalog, err);
		t = cat ? evtext_load(path, cat, teach_game_slots, err) : NULL;
		evcat_free(cat);
	}
	evtext_free(t);
	return t != NULL;
}

static bool named(void *user, const char *key, const char *value, char *out,
		  size_t n)
{
	const struct game *g = user;
	if (!g)
		return false;
	teach_value(g, key, value, out, n);
	return true;
}

/* A refusal's reason in full, from its result. */
struct refusal {
	const struct game *g;
	const struct cmd_result *r;
};

static bool refusal_value(void *user, const char *key, const char *value,
			  char *out, size_t n)
{
	const struct refusal *x = user;
	if (strcmp(key, "reason") == 0) {
		snprintf(out, n, "%s", x->r->reason);
		return true;
	}
	return named((void *)x->g, key, value, out, n);
}

int summary_result(const struct evtext *t, const struct game *g,
		   const struct cmd_result *r, char *out, size_t n)
{
	if (r->status == CMD_OK)
		return summary_command(t, g, &r->out, 0, out, n);
	struct event_log log;
	event_log_init(&log);
	struct event e;
	cmd_refusal_event(r, &e);
	struct refusal x = {g, r};
	int said = event_log_push(&log, &e) == 0
			   ? evtext_summary(t, &log, 0, 1, refusal_value, &x,
					    out, n)
			   : 0;
	event_log_free(&log);
	return said;
}

int summary_command(const struct evtext *t, const struct game *g,
		    const struct event_log *log, size_t from, char *out,
		    size_t n)
{
	return evtext_summary(t, log, from, log->n, named, (void *)g, out, n);
}

bool summary_event(const struct evtext *t, const struct game *g,
		   const struct event_log *log, size_t i, char *out, size_t n)
{
	return evtext_event(t, log, i, log->n, named, (void *)g, out, n);
}
