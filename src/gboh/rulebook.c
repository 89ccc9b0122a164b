/* rulebook.c — `rule N`: our summaries of the rules and the project's
 * rulings, read from rules/<ruleset>/summaries.ini and rulings.ini (see
 * rulebook.h for the files' form). */
#include "maniple/rulebook.h"
#include "maniple/glossary.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/textbuf.h"

/* ---- rule numbers ---- */

int rule_number_cmp(const char *a, const char *b)
{
	int ma = atoi(a), mb = atoi(b);
	if (ma != mb)
		return ma < mb ? -1 : 1;
	const char *fa = strchr(a, '.'), *fb = strchr(b, '.');
	fa = fa ? fa + 1 : "";
	fb = fb ? fb + 1 : "";
	/* digits of a decimal fraction, compared one by one with missing
	 * ones read as 0: "1" < "11" < "2", and "10" is "1" */
	size_t la = strlen(fa), lb = strlen(fb);
	for (size_t i = 0; i < la || i < lb; i++) {
		char ca = i < la ? fa[i] : '0', cb = i < lb ? fb[i] : '0';
		if (ca != cb)
			return ca < cb ? -1 : 1;
	}
	return 0;
}

/* ---- reading the files ---- */

enum file_kind { KIND_NONE, KIND_SUMMARIES, KIND_RULINGS };

struct reader {
	enum file_kind want;	/* KIND_NONE: whichever the file says */
	enum file_kind kind;	/* what its [file] said */
	bool in_file, saw_version, saw_kind;
	int section;		/* 0 [file]; 1 an entry; -1 nothing yet */
	struct rule_summary *v;
	int n, cap;
	struct ruling *u;
	int nu, capu;
	struct ini_error *err;
};

static bool valid_ruling_id(const char *s)
{
	if ((s[0] != 'R' && s[0] != 'r') || !isdigit((unsigned char)s[1]) ||
	    s[1] == '0')
		return false;
	size_t n = strlen(s);
	if (n > 4) /* R1 to R999: GBA's own rulings are R101 and up */
		return false;
	for (size_t i = 1; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* Appends a say line (with its '\n') to buf; false when it will not fit. */
static bool add_say(char *buf, const char *value)
{
	size_t have = strlen(buf), len = strlen(value);
	if (have + len + 2 > RULE_SAY_MAX)
		return false;
	memcpy(buf + have, value, len);
	buf[have + len] = '\n';
	buf[have + len + 1] = '\0';
	return true;
}

/* A comma or blank separated list of rule numbers into out. */
static int read_numbers(struct reader *c, const char *value, int line,
			char (*out)[RULE_NUMBER_MAX], int max, const char *key)
{
	char tok[32][32];
	int k = ini_split(value, tok, 32);
	if (k < 0 || k > max)
		return ini_fail(c->err, line, "%s: at most %d rule numbers, "
				"each written like 6.11",
				key, max),
		       -1;
	if (k == 0)
		return ini_fail(c->err, line, "%s: no rule numbers", key), -1;
	for (int i = 0; i < k; i++) {
		if (!rule_number_valid(tok[i]))
			return ini_fail(c->err, line,
					"%s: %s is not a rule number (write "
					"it as 6.11 or 3.0)",
					key, tok[i]),
			       -1;
		memcpy(out[i], tok[i], strlen(tok[i]) + 1); /* at most "10.43" */
	}
	return k;
}

static int file_key(struct reader *c, const char *key, const char *value,
		    int line)
{
	if (!strcmp(key, "kind")) {
		if (c->saw_kind)
			return ini_fail(c->err, line, "kind given twice");
		c->saw_kind = true;
		if (!strcmp(value, "summaries"))
			c->kind = KIND_SUMMARIES;
		else if (!strcmp(value, "rulings"))
			c->kind = KIND_RULINGS;
		else
			return ini_fail(c->err, line,
					"kind must be summaries or rulings, "
					"not %s",
					value);
		if (c->want != KIND_NONE && c->kind != c->want)
			return ini_fail(c->err, line, "kind must be %s",
					c->want == KIND_SUMMARIES ? "summaries"
								  : "rulings");
		return 0;
	}
	if (!strcmp(key, "version")) {
		int v;
		if (c->saw_version)
			return ini_fail(c->err, line, "version given twice");
		c->saw_version = true;
		if (!ini_int(value, 1, 1, &v))
			return ini_fail(c->err, line,
					"version %s: only version 1 is known",
					value);
		return 0;
	}
	return ini_fail(c->err, line, "unknown key %s in [file] (kind, version)",
			key);
}

static int new_summary(struct reader *c, const char *name, int line)
{
	if (!rule_number_valid(name))
		return ini_fail(c->err, line,
				"section [%s]: a summary's section is a rule "
				"number such as [6.11] or [3.0]",
				name);
	for (int i = 0; i < c->n; i++)
		if (rule_number_cmp(c->v[i].number, name) == 0)
			return ini_fail(c->err, line,
					"rule %s given twice (first at line "
					"%d)",
					name, c->v[i].line);
	if (c->n == c->cap) {
		int cap = c->cap ? c->cap * 2 : 64;
		void *p = realloc(c->v, (size_t)cap * sizeof *c->v);
		if (!p)
			return ini_fail(c->err, line, "out of memory");
		c->v = p;
		c->cap = cap;
	}
	struct rule_summary *s = &c->v[c->n++];
	memset(s, 0, sizeof *s);
	snprintf(s->number, sizeof s->number, "%s", name);
	s->line = line;
	return 0;
}

static int new_ruling(struct reader *c, const char *name, int line)
{
	if (!valid_ruling_id(name))
		return ini_fail(c->err, line,
				"section [%s]: a ruling's section is R and its "
				"number, such as [R6]",
				name);
	for (int i = 0; i < c->nu; i++)
		if (atoi(c->u[i].id + 1) == atoi(name + 1))
			return ini_fail(c->err, line,
					"ruling %s given twice (first at line "
					"%d)",
					c->u[i].id, c->u[i].line);
	if (c->nu == c->capu) {
		int cap = c->capu ? c->capu * 2 : 16;
		void *p = realloc(c->u, (size_t)cap * sizeof *c->u);
		if (!p)
			return ini_fail(c->err, line, "out of memory");
		c->u = p;
		c->capu = cap;
	}
	struct ruling *u = &c->u[c->nu++];
	memset(u, 0, sizeof *u);
	snprintf(u->id, sizeof u->id, "R%d", atoi(name + 1));
	u->line = line;
	return 0;
}

static int set_title(struct reader *c, char *title, const char *value,
		     int line)
{
	if (title[0])
		return ini_fail(c->err, line, "title given twice");
	if (!value[0])
		return ini_fail(c->err, line, "title is empty");
	if (strlen(value) >= RULE_TITLE_MAX)
		return ini_fail(c->err, line, "title longer than %d characters",
				RULE_TITLE_MAX - 1);
	snprintf(title, RULE_TITLE_MAX, "%s", value);
	return 0;
}

static int say_line(struct reader *c, char *say, const char *value, int line)
{
	if (!value[0])
		return ini_fail(c->err, line, "say is empty");
	if (!add_say(say, value))
		return ini_fail(c->err, line,
				"the text is longer than %d characters in all",
				RULE_SAY_MAX - 2);
	return 0;
}

static int handler(void *user, const char *section, const char *key,
		   const char *value, int line)
{
	struct reader *c = user;
	if (!key) {
		if (c->section < 0) {
			if (strcmp(section, "file") != 0)
				return ini_fail(c->err, line,
						"must open with [file] giving "
						"kind = summaries or rulings");
			c->section = 0;
			c->in_file = true;
			return 0;
		}
		if (c->in_file) {
			c->in_file = false;
			if (!c->saw_kind)
				return ini_fail(c->err, line,
						"[file] gives no kind (summaries "
						"or rulings)");
			if (!c->saw_version)
				return ini_fail(c->err, line,
						"[file] gives no version");
		}
		if (!strcmp(section, "file"))
			return ini_fail(c->err, line, "[file] given twice");
		c->section = 1;
		return c->kind == KIND_SUMMARIES ? new_summary(c, section, line)
						 : new_ruling(c, section, line);
	}
	if (c->section < 0)
		return ini_fail(c->err, line,
				"must open with [file] giving kind = "
				"summaries or rulings");
	if (c->in_file)
		return file_key(c, key, value, line);
	if (c->kind == KIND_SUMMARIES) {
		struct rule_summary *s = &c->v[c->n - 1];
		if (!strcmp(key, "title"))
			return set_title(c, s->title, value, line);
		if (!strcmp(key, "say"))
			return say_line(c, s->say, value, line);
		if (!strcmp(key, "see")) {
			if (s->see_line)
				return ini_fail(c->err, line,
						"see given twice");
			int k = read_numbers(c, value, line, s->see,
					     RULE_SEE_MAX, "see");
			if (k < 0)
				return 1;
			s->nsee = k;
			s->see_line = line;
			return 0;
		}
		return ini_fail(c->err, line,
				"unknown key %s in [%s] (title, say, see)", key,
				section);
	}
	struct ruling *u = &c->u[c->nu - 1];
	if (!strcmp(key, "title"))
		return set_title(c, u->title, value, line);
	if (!strcmp(key, "say"))
		return say_line(c, u->say, value, line);
	if (!strcmp(key, "rules")) {
		if (u->rules_line)
			return ini_fail(c->err, line, "rules given twice");
		int k = read_numbers(c, value, line, u->rules,
				     RULING_RULES_MAX, "rules");
		if (k < 0)
			return 1;
		u->nrules = k;
		u->rules_line = line;
		return 0;
	}
	return ini_fail(c->err, line,
			"unknown key %s in [%s] (title, rules, say)", key,
			section);
}

static int cmp_summary(const void *a, const void *b)
{
	return rule_number_cmp(((const struct rule_summary *)a)->number,
			       ((const struct rule_summary *)b)->number);
}

static int cmp_ruling(const void *a, const void *b)
{
	return atoi(((const struct ruling *)a)->id + 1) -
	       atoi(((const struct ruling *)b)->id + 1);
}

/* What the whole file must hold, checked once it is read. */
static bool finish(struct reader *c, bool ok)
{
	if (!ok)
		return false;
	if (c->section < 0 || (c->in_file && !c->saw_kind))
		return ini_fail(c->err, 0,
				"no [file] section with kind = summaries or "
				"rulings"),
		       false;
	if (c->in_file && !c->saw_version)
		return ini_fail(c->err, 0, "[file] gives no version"), false;
	if (c->kind == KIND_SUMMARIES) {
		if (c->n == 0)
			return ini_fail(c->err, 0, "no rule summaries"), false;
		for (int i = 0; i < c->n; i++) {
			const struct rule_summary *s = &c->v[i];
			if (!s->title[0])
				return ini_fail(c->err, s->line,
						"rule %s has no title",
						s->number),
				       false;
			if (!s->say[0])
				return ini_fail(c->err, s->line,
						"rule %s has no say", s->number),
				       false;
			for (int k = 0; k < s->nsee; k++) {
				bool found = false;
				for (int j = 0; j < c->n && !found; j++)
					found = rule_number_cmp(
							c->v[j].number,
							s->see[k]) == 0;
				if (!found)
					return ini_fail(c->err, s->see_line,
							"see: rule %s has no "
							"summary here",
							s->see[k]),
					       false;
			}
		}
		qsort(c->v, (size_t)c->n, sizeof *c->v, cmp_summary);
	} else {
		if (c->nu == 0)
			return ini_fail(c->err, 0, "no rulings"), false;
		for (int i = 0; i < c->nu; i++) {
			const struct ruling *u = &c->u[i];
			if (!u->title[0])
				return ini_fail(c->err, u->line,
						"%s has no title", u->id),
				       false;
			if (!u->nrules)
				return ini_fail(c->err, u->line,
						"%s names no rules", u->id),
				       false;
			if (!u->say[0])
				return ini_fail(c->err, u->line,
						"%s has no say", u->id),
				       false;
		}
		qsort(c->u, (size_t)c->nu, sizeof *c->u, cmp_ruling);
	}
	return true;
}

static bool read_one(const char *path, struct reader *c, struct ini_error *err)
{
	c->section = -1;
	c->err = err;
	memset(err, 0, sizeof *err);
	bool ok = ini_read_file(path, handler, c, err);
	return finish(c, ok);
}

static void reader_free(struct reader *c)
{
	free(c->v);
	free(c->u);
}

bool rulebook_check_file(const char *path, struct ini_error *err)
{
	struct reader c = {0};
	bool ok = read_one(path, &c, err);
	reader_free(&c);
	return ok;
}

struct rulebook *rulebook_load(const char *dir, struct ini_error *err)
{
	char path[4096];
	struct reader s = {.want = KIND_SUMMARIES};
	struct reader u = {.want = KIND_RULINGS};
	struct rulebook *rb = NULL;
	snprintf(path, sizeof path, "%s/summaries.ini", dir);
	if (!read_one(path, &s, err))
		goto out;
	snprintf(path, sizeof path, "%s/rulings.ini", dir);
	if (!read_one(path, &u, err))
		goto out;
	rb = calloc(1, sizeof *rb);
	if (!rb) {
		ini_fail(err, 0, "out of memory");
		goto out;
	}
	rb->v = s.v;
	rb->n = s.n;
	rb->rulings = u.u;
	rb->nrulings = u.nu;
	s.v = NULL;
	u.u = NULL;
	/* the glossary, when the ruleset has one: each term's rules
	 * covered (rule TERM points to them) */
	snprintf(path, sizeof path, "%s/glossary.ini", dir);
	FILE *gf = fopen(path, "r");
	if (gf) {
		fclose(gf);
		rb->glossary = glossary_load(path, err);
		if (!rb->glossary) {
			rulebook_free(rb);
			rb = NULL;
			goto out;
		}
		for (int i = 0; i < rb->glossary->n; i++) {
			const struct glossary_term *t = &rb->glossary->v[i];
			for (int k = 0; k < t->nrules; k++)
				if (!rulebook_find(rb, t->rules[k])) {
					ini_fail(err, t->rules_line,
						 "[%s] names rule %s, which "
						 "summaries.ini does not "
						 "cover",
						 t->term, t->rules[k]);
					snprintf(err->file, sizeof err->file,
						 "%.*s", (int)sizeof err->file - 1,
						 path);
					rulebook_free(rb);
					rb = NULL;
					goto out;
				}
		}
	}
	/* every rule a ruling settles has its summary */
	for (int i = 0; i < rb->nrulings; i++) {
		const struct ruling *r = &rb->rulings[i];
		for (int k = 0; k < r->nrules; k++)
			if (!rulebook_find(rb, r->rules[k])) {
				ini_fail(err, r->rules_line,
					 "%s names rule %s, which "
					 "summaries.ini does not cover",
					 r->id, r->rules[k]);
				rulebook_free(rb);
				rb = NULL;
				goto out;
			}
	}
out:
	reader_free(&s);
	reader_free(&u);
	return rb;
}

void rulebook_free(struct rulebook *rb)
{
	if (!rb)
		return;
	free(rb->v);
	free(rb->rulings);
	glossary_free(rb->glossary);
	free(rb);
}

const struct rule_summary *rulebook_find(const struct rulebook *rb,
					 const char *number)
{
	if (!rb || !rule_number_valid(number))
		return NULL;
	int lo = 0, hi = rb->n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		int c = rule_number_cmp(rb->v[mid].number, number);
		if (c == 0)
			return &rb->v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

const struct ruling *rulebook_ruling(const struct rulebook *rb, const char *id)
{
	if (!rb || !id || !valid_ruling_id(id))
		return NULL;
	for (int i = 0; i < rb->nrulings; i++)
		if (atoi(rb->rulings[i].id + 1) == atoi(id + 1))
			return &rb->rulings[i];
	return NULL;
}

bool ruling_names(const struct ruling *u, const char *number)
{
	for (int k = 0; k < u->nrules; k++)
		if (rule_number_cmp(u->rules[k], number) == 0)
			return true;
	return false;
}

/* ---- the command ---- */

/* The session's rulebook for the game's ruleset (spqr without a game),
 * read on first use; NULL with r refused when it cannot be had. */
static const struct rulebook *session_rulebook(struct session *s,
					       struct cmd_result *r)
{
	const char *ruleset = BATTLE_RULESET;
	if (s->game && s->game->battle && s->game->battle->ruleset[0])
		ruleset = s->game->battle->ruleset;
	if (s->rulebook && !strcmp(s->rulebook->ruleset, ruleset))
		return s->rulebook;
	if (!s->rules_dir || !s->rules_dir[0]) {
		cmd_refuse(r, NULL,
			   "no rules directory known to this session: the "
			   "rule summaries cannot be read");
		return NULL;
	}
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/%s", s->rules_dir, ruleset);
	struct ini_error err;
	struct rulebook *rb = rulebook_load(dir, &err);
	if (!rb) {
		char buf[INI_ERR_MAX + 300];
		ini_error_format(&err, buf, sizeof buf);
		cmd_refuse(r, NULL, "%s", buf);
		return NULL;
	}
	snprintf(rb->ruleset, sizeof rb->ruleset, "%s", ruleset);
	rulebook_free(s->rulebook);
	s->rulebook = rb;
	s->rulebook_free = rulebook_free; /* session_free's call */
	return rb;
}

/* key=N,N,... on e: a list of rule numbers */
static void event_rules(struct event *e, const char *key,
			const char (*v)[RULE_NUMBER_MAX], int n)
{
	char list[RULE_SEE_MAX * RULE_NUMBER_MAX + RULING_RULES_MAX *
						     RULE_NUMBER_MAX] = "";
	for (int k = 0; k < n; k++) {
		size_t l = strlen(list);
		snprintf(list + l, sizeof list - l, "%s%s", k ? "," : "", v[k]);
	}
	event_add(e, key, "%s", list);
}

/* "HEAD 8.46 The Hand-to-Hand Struggle, 8.72 ...\n": rule numbers with
 * their summaries' titles */
static void titled_rules(const struct rulebook *rb, struct textbuf *t,
			 const char *head, const char (*v)[RULE_NUMBER_MAX],
			 int n)
{
	textbuf_put(t, "%s", head);
	for (int k = 0; k < n; k++) {
		const struct rule_summary *o = rulebook_find(rb, v[k]);
		textbuf_put(t, "%s %s%s%s", k ? "," : "", v[k], o ? " " : "",
			    o ? o->title : "");
	}
	textbuf_put(t, ".\n");
}

static void tell_ruling(struct textbuf *t, const struct ruling *u)
{
	textbuf_put(t, "Ruling %s (%s):", u->id, u->title);
	for (int k = 0; k < u->nrules; k++)
		textbuf_put(t, "%s%s", k ? ", " : " ", u->rules[k]);
	textbuf_put(t, "\n%s", u->say);
}

static void list_rules(const struct rulebook *rb, struct cmd_result *r,
		       struct textbuf *t)
{
	struct event e;
	event_init(&e, "rules");
	event_add(&e, "ruleset", "%s", rb->ruleset);
	event_add(&e, "count", "%d", rb->n);
	event_add(&e, "rulings", "%d", rb->nrulings);
	cmd_output(r, &e);
	for (int i = 0; i < rb->n; i++)
		textbuf_put(t, "%s %s\n", rb->v[i].number, rb->v[i].title);
	textbuf_put(t, "Rulings:");
	for (int i = 0; i < rb->nrulings; i++)
		textbuf_put(t, " %s", rb->rulings[i].id);
	textbuf_put(t, "\n");
	if (rb->glossary) {
		textbuf_put(t, "Terms (rule TERM):");
		for (int i = 0; i < rb->glossary->n; i++)
			textbuf_put(t, "%s %s", i ? "," : "",
				    rb->glossary->v[i].term);
		textbuf_put(t, "\n");
	}
}

/* `rule TERM`: the term's title, its explanation and the rules to read,
 * each with its summary's title. */
static void show_term(const struct rulebook *rb,
		      const struct glossary_term *g, struct cmd_result *r,
		      struct textbuf *t)
{
	struct event e;
	event_init(&e, "term");
	event_add(&e, "name", "%s", g->term);
	event_add(&e, "title", "%s", g->title);
	event_rules(&e, "rules", (const char(*)[RULE_NUMBER_MAX])g->rules,
		    g->nrules);
	cmd_output(r, &e);
	if (strcmp(g->term, g->title) != 0)
		textbuf_put(t, "%s: %s\n%s", g->term, g->title, g->say);
	else
		textbuf_put(t, "%s\n%s", g->term, g->say);
	titled_rules(rb, t, "Rules to read (rule N):",
		     (const char(*)[RULE_NUMBER_MAX])g->rules, g->nrules);
}

/* Refuses an unknown term, naming the terms there are. */
static void refuse_term(const struct rulebook *rb, const char *name,
			struct cmd_result *r)
{
	if (!rb->glossary)
		cmd_refuse(r, NULL,
			   "%.40s is not a rule number (6.11), a ruling (R6) "
			   "or a term: the %s rules have no glossary",
			   name, rb->ruleset);
	else
		cmd_refuse(r, NULL,
			   "no rule or term %.40s: rule alone lists the rules "
			   "and the %d terms (TQ, ZOC, Line Command...)",
			   name, rb->glossary->n);
}

static void show_ruling(const struct ruling *u, struct cmd_result *r,
			struct textbuf *t)
{
	struct event e;
	event_init(&e, "ruling");
	event_add(&e, "id", "%s", u->id);
	event_rules(&e, "rules", (const char(*)[RULE_NUMBER_MAX])u->rules,
		    u->nrules);
	event_add(&e, "title", "%s", u->title);
	cmd_output(r, &e);
	tell_ruling(t, u);
}

static void show_rule(const struct rulebook *rb, const struct rule_summary *s,
		      struct cmd_result *r, struct textbuf *t)
{
	struct event e;
	event_init(&e, "rule");
	event_add(&e, "number", "%s", s->number);
	event_add(&e, "title", "%s", s->title);
	int nr = 0;
	for (int i = 0; i < rb->nrulings; i++)
		nr += ruling_names(&rb->rulings[i], s->number);
	if (nr) {
		char ids[64] = "";
		for (int i = 0; i < rb->nrulings; i++)
			if (ruling_names(&rb->rulings[i], s->number)) {
				size_t l = strlen(ids);
				snprintf(ids + l, sizeof ids - l, "%s%s",
					 l ? "," : "", rb->rulings[i].id);
			}
		event_add(&e, "rulings", "%s", ids);
	}
	cmd_output(r, &e);
	textbuf_put(t, "%s %s\n%s", s->number, s->title, s->say);
	if (s->nsee)
		titled_rules(rb, t, "See also:",
			     (const char(*)[RULE_NUMBER_MAX])s->see, s->nsee);
	for (int i = 0; i < rb->nrulings; i++)
		if (ruling_names(&rb->rulings[i], s->number))
			tell_ruling(t, &rb->rulings[i]);
}

/* Refuses an uncovered number, naming the covered ones on either side. */
static void refuse_nearest(const struct rulebook *rb, const char *number,
			   struct cmd_result *r)
{
	int after = 0;
	while (after < rb->n && rule_number_cmp(rb->v[after].number,
						number) < 0)
		after++;
	char near[64] = "";
	if (after > 0)
		snprintf(near, sizeof near, "%s", rb->v[after - 1].number);
	if (after < rb->n) {
		size_t l = strlen(near);
		snprintf(near + l, sizeof near - l, "%s%s", l ? " and " : "",
			 rb->v[after].number);
	}
	cmd_refuse(r, NULL,
		   "no summary of rule %s; the nearest covered: %s (rule "
		   "alone lists them all)",
		   number, near[0] ? near : "none");
}

/* The answer's text into r (refused when it could not be written). */
static void give_text(struct cmd_result *r, struct textbuf *t)
{
	if (t->failed) {
		free(t->s);
		cmd_refuse(r, NULL, "out of memory");
		return;
	}
	free(r->text);
	r->text = t->s;
}

/* `rule TERM[, TERM...]`: the words after rule are one term, or several
 * parted by commas, each explained in turn; an unknown one refuses the
 * whole (naming it). */
static void explain_terms(struct session *s, int argc, char **argv,
			  struct cmd_result *r)
{
	char words[(GLOSSARY_TERM_MAX + 2) * RULE_TERMS_MAX] = "";
	for (int i = 1; i < argc; i++) {
		size_t l = strlen(words);
		if (l + strlen(argv[i]) + 2 > sizeof words) {
			cmd_malformed(r, "rule TERM: at most %d terms of at "
					 "most %d characters each",
				      RULE_TERMS_MAX, GLOSSARY_TERM_MAX - 1);
			return;
		}
		/* fits: measured above (a release build's snprintf check
		 * cannot see that) */
		if (l)
			words[l++] = ' ';
		memcpy(words + l, argv[i], strlen(argv[i]) + 1);
	}
	const struct glossary_term *found[RULE_TERMS_MAX];
	int nfound = 0;
	const struct rulebook *rb = NULL;
	for (char *p = words, *next; p; p = next) {
		next = strchr(p, ',');
		if (next)
			*next++ = '\0';
		p += strspn(p, " ");
		if (!*p)
			continue;
		if (strlen(p) >= GLOSSARY_TERM_MAX || nfound == RULE_TERMS_MAX) {
			cmd_malformed(r, "rule TERM: at most %d terms of at "
					 "most %d characters each",
				      RULE_TERMS_MAX, GLOSSARY_TERM_MAX - 1);
			return;
		}
		if (!rb && !(rb = session_rulebook(s, r)))
			return;
		const struct glossary_term *g = glossary_find(rb->glossary, p);
		if (!g) {
			refuse_term(rb, p, r);
			return;
		}
		found[nfound++] = g;
	}
	if (!nfound) {
		cmd_malformed(r, "rule TERM: a term such as TQ, or several "
				 "parted by commas");
		return;
	}
	struct textbuf t = {0};
	for (int i = 0; i < nfound; i++) {
		if (i)
			textbuf_put(&t, "\n");
		show_term(rb, found[i], r, &t);
	}
	give_text(r, &t);
}

void cmd_rule(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	/* a term: words that are not a number (6.11, 6) or a ruling (R6) */
	bool numeric = argc >= 2 && (isdigit((unsigned char)argv[1][0]) ||
				     valid_ruling_id(argv[1]));
	if (argc >= 2 && !numeric) {
		explain_terms(s, argc, argv, r);
		return;
	}
	if (argc > 2) {
		cmd_malformed(r, "usage: rule [N | TERM] (a rule number such "
				 "as 6.11, a ruling such as R6, or a term "
				 "such as TQ)");
		return;
	}
	char number[RULE_NUMBER_MAX + 4] = "";
	bool ruling = false;
	if (argc == 2) {
		const char *a = argv[1];
		size_t len = strlen(a);
		if (len < RULE_NUMBER_MAX && valid_ruling_id(a)) {
			ruling = true;
			snprintf(number, sizeof number, "%s", a);
		} else if (len > 0 && len <= 2 &&
			   strspn(a, "0123456789") == len) {
			snprintf(number, sizeof number, "%s.0", a);
		} else if (len < RULE_NUMBER_MAX) {
			snprintf(number, sizeof number, "%s", a);
		}
		if (!ruling && !rule_number_valid(number)) {
			cmd_malformed(r, "rule %.40s: give a rule number such "
					 "as 6.11 or 3.0, or a ruling such as "
					 "R6",
				      a);
			return;
		}
	}
	const struct rulebook *rb = session_rulebook(s, r);
	if (!rb)
		return;
	struct textbuf t = {0};
	if (argc == 1) {
		list_rules(rb, r, &t);
	} else if (ruling) {
		const struct ruling *u = rulebook_ruling(rb, number);
		if (!u) {
			cmd_refuse(r, NULL,
				   "no ruling %s: the rulings are R%d to R%d",
				   number,
				   rb->nrulings ? atoi(rb->rulings[0].id + 1)
						: 0,
				   rb->nrulings
					   ? atoi(rb->rulings[rb->nrulings - 1]
							  .id +
						  1)
					   : 0);
			return;
		}
		show_ruling(u, r, &t);
	} else {
		const struct rule_summary *sm = rulebook_find(rb, number);
		if (!sm) {
			refuse_nearest(rb, number, r);
			return;
		}
		show_rule(rb, sm, r, &t);
	}
	give_text(r, &t);
}
