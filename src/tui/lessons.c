/* lessons.c — the list of lessons and the learner's progress
 * (lessons.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lesson.h"
#include "lessons.h"

/* letters, digits, '_' and '-': a lesson's name, also its file's */
static bool good_name(const char *s)
{
	if (!*s || strlen(s) >= LESSON_NAME_MAX)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-')
			return false;
	return true;
}

/* The lines both files share, [file] and one section named want: a
 * section header (key NULL), a key of [file], or a key outside want's
 * section are handled here (0, or 1 with err); -1 leaves a key of want's
 * section to the caller. */
static int common_line(struct ini_file_header *h, const char *want, bool *in,
		       const char *section, const char *key, const char *value,
		       int line, struct ini_error *err)
{
	if (!key) {
		int r = ini_file_section(h, section, line, err);
		if (r >= 0)
			return r;
		if (strcmp(section, want))
			return ini_fail(err, line,
					"unknown section [%s] (file, %s)",
					section, want);
		*in = true;
		return 0;
	}
	if (h->in_file)
		return ini_file_key(h, key, value, line, err);
	if (!*in)
		return ini_fail(err, line, "key %s outside [%s]", key, want);
	return -1;
}

/* ---- the list ---- */

struct index_ctx {
	struct lesson_index *ix;
	struct ini_error *err;
	struct ini_file_header h;
	bool in_lessons;
};

static int index_handler(void *user, const char *section, const char *key,
			 const char *value, int line)
{
	struct index_ctx *c = user;
	int r = common_line(&c->h, "lessons", &c->in_lessons, section, key,
			    value, line, c->err);
	if (r >= 0)
		return r;
	if (strcmp(key, "lesson"))
		return ini_fail(c->err, line,
				"unknown key %s in [lessons] (lesson)", key);
	if (!good_name(value))
		return ini_fail(c->err, line,
				"lesson %s: a name of letters, digits, _ and - "
				"expected",
				value);
	for (int i = 0; i < c->ix->n; i++)
		if (!strcmp(c->ix->name[i], value))
			return ini_fail(c->err, line,
					"lesson %s given twice (line %d)",
					value, c->ix->line[i]);
	if (c->ix->n == LESSONS_MAX)
		return ini_fail(c->err, line, "more than %d lessons",
				LESSONS_MAX);
	snprintf(c->ix->name[c->ix->n], LESSON_NAME_MAX, "%s", value);
	c->ix->line[c->ix->n++] = line;
	return 0;
}

bool lesson_index_load(const char *path, struct lesson_index *ix,
		       struct ini_error *err)
{
	memset(ix, 0, sizeof *ix);
	memset(err, 0, sizeof *err);
	struct index_ctx c = {.ix = ix, .err = err, .h = {.kind = "lessons"}};
	if (!ini_read_file(path, index_handler, &c, err) ||
	    !ini_file_done(&c.h, err))
		return false;
	if (ix->n == 0) {
		snprintf(err->file, sizeof err->file, "%s", path);
		err->line = 1;
		snprintf(err->msg, sizeof err->msg,
			 "no lesson = NAME in a [lessons] section");
		return false;
	}
	/* each lesson's file is there, beside the list */
	const char *slash = strrchr(path, '/');
	int dlen = slash ? (int)(slash - path) + 1 : 0;
	for (int k = 0; k < ix->n; k++) {
		char file[LESSONS_PATH_MAX + LESSON_NAME_MAX + 8];
		snprintf(file, sizeof file, "%.*s%s.ini", dlen, path,
			 ix->name[k]);
		if (access(file, R_OK) != 0) {
			snprintf(err->file, sizeof err->file, "%s", path);
			err->line = ix->line[k];
			snprintf(err->msg, sizeof err->msg,
				 "lesson %s: no file %.300s", ix->name[k],
				 file);
			return false;
		}
	}
	return true;
}

/* ---- the progress ---- */

struct progress_ctx {
	struct lesson_progress *p;
	struct ini_error *err;
	struct ini_file_header h;
	bool in_progress;
	int line[LESSONS_MAX];
};

static int progress_handler(void *user, const char *section, const char *key,
			    const char *value, int line)
{
	struct progress_ctx *c = user;
	int r = common_line(&c->h, "progress", &c->in_progress, section, key,
			    value, line, c->err);
	if (r >= 0)
		return r;
	if (!good_name(key))
		return ini_fail(c->err, line, "%s is not a lesson's name", key);
	int k = lesson_progress_find(c->p, key);
	if (k >= 0)
		return ini_fail(c->err, line, "lesson %s given twice (line %d)",
				key, c->line[k]);
	if (c->p->n == LESSONS_MAX)
		return ini_fail(c->err, line, "more than %d lessons",
				LESSONS_MAX);
	int steps = 0;
	bool done = !strcmp(value, "done");
	if (!done && !ini_int(value, 0, LESSON_STEPS_MAX, &steps))
		return ini_fail(c->err, line,
				"%s = %s: done or a number of steps 0-%d "
				"expected",
				key, value, LESSON_STEPS_MAX);
	k = c->p->n++;
	snprintf(c->p->e[k].name, LESSON_NAME_MAX, "%s", key);
	c->p->e[k].steps = steps;
	c->p->e[k].done = done;
	c->line[k] = line;
	return 0;
}

bool lesson_progress_load(const char *path, struct lesson_progress *p,
			  struct ini_error *err)
{
	memset(p, 0, sizeof *p);
	memset(err, 0, sizeof *err);
	if (access(path, F_OK) != 0 && errno == ENOENT)
		return true; /* nothing begun yet */
	struct progress_ctx c = {.p = p, .err = err,
				 .h = {.kind = "progress"}};
	if (!ini_read_file(path, progress_handler, &c, err) ||
	    !ini_file_done(&c.h, err)) {
		memset(p, 0, sizeof *p);
		return false;
	}
	return true;
}

int lesson_progress_save(const char *path, const struct lesson_progress *p,
			 char *err, size_t errn)
{
	char tmp[LESSONS_PATH_MAX + 16];
	int w = snprintf(tmp, sizeof tmp, "%s.new", path);
	if (w < 0 || (size_t)w >= sizeof tmp) {
		snprintf(err, errn, "%s: the name is too long", path);
		return -1;
	}
	FILE *f = fopen(tmp, "w");
	if (!f) {
		snprintf(err, errn, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	fprintf(f, "# maniple's tutorial: the lessons begun and done\n"
		   "[file]\nkind = progress\nversion = 1\n\n[progress]\n");
	for (int i = 0; i < p->n; i++) {
		if (p->e[i].done)
			fprintf(f, "%s = done\n", p->e[i].name);
		else
			fprintf(f, "%s = %d\n", p->e[i].name, p->e[i].steps);
	}
	bool ok = !ferror(f);
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path) != 0) {
		snprintf(err, errn, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

int lesson_progress_find(const struct lesson_progress *p, const char *name)
{
	for (int i = 0; i < p->n; i++)
		if (!strcmp(p->e[i].name, name))
			return i;
	return -1;
}

void lesson_progress_mark(struct lesson_progress *p, const char *name,
			  int steps, bool done)
{
	int k = lesson_progress_find(p, name);
	if (k < 0) {
		if (p->n == LESSONS_MAX || !good_name(name))
			return;
		k = p->n++;
		snprintf(p->e[k].name, LESSON_NAME_MAX, "%s", name);
		p->e[k].done = false;
	}
	p->e[k].steps = steps;
	p->e[k].done = p->e[k].done || done;
}

/* ---- the set ---- */

int lesson_set_dir(const struct lesson_set *set, char *err, size_t errn)
{
	if (mkdir(set->dir, 0700) != 0 && errno != EEXIST) {
		snprintf(err, errn, "%s: %s", set->dir, strerror(errno));
		return -1;
	}
	return 0;
}

void lesson_set_line(const struct lesson_set *set, int k, char *buf,
		     size_t n)
{
	const struct lesson *l = set->l[k];
	int e = lesson_progress_find(&set->progress, l->name);
	char state[48] = "";
	if (e >= 0 && set->progress.e[e].done)
		snprintf(state, sizeof state, "  (done)");
	else if (e >= 0 && set->progress.e[e].steps > 0)
		snprintf(state, sizeof state, "  (step %d of %d reached)",
			 set->progress.e[e].steps + 1, l->nsteps);
	snprintf(buf, n, "%d. %s%s", k + 1, l->title, state);
}

int lesson_set_next(const struct lesson_set *set)
{
	for (int k = 0; k < set->n; k++) {
		int e = lesson_progress_find(&set->progress, set->l[k]->name);
		if (e < 0 || !set->progress.e[e].done)
			return k;
	}
	return 0;
}
