/* lesson.c — the tutorial's lesson files and the engine that walks a
 * session through them (lesson.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lesson.h"
#include "seam.h"

/* ---- reading ---- */

struct load_ctx {
	struct lesson *l;
	const struct cmd_table *commands; /* the language the lines are in */
	struct ini_error *err;
	bool have_file, have_lesson;
	char kind[32];
	int version;
	int file_line;
	bool in_step;
	/* keys given once per section: their lines, 0 while not seen */
	int seen_rule, seen_expect, seen_dice, seen_event, seen_tell;
};

/* Appends text to a joined field, a blank between the parts. */
static bool join(char *dst, size_t n, const char *text)
{
	size_t len = strlen(dst);
	size_t add = strlen(text) + (len ? 1 : 0);
	if (len + add + 1 > n)
		return false;
	if (len)
		dst[len++] = ' ';
	memcpy(dst + len, text, strlen(text) + 1);
	return true;
}

static bool copy(char *dst, size_t n, const char *text)
{
	if (strlen(text) + 1 > n)
		return false;
	memcpy(dst, text, strlen(text) + 1);
	return true;
}

/* A command line the language knows (its name at least). */
static bool known_command(const struct cmd_table *t, const char *line,
			  char *why, size_t n)
{
	struct cmd_call call;
	struct cmd_result r;
	cmd_result_init(&r);
	bool ok = cmd_lookup(t, line, &call, &r) && call.def;
	if (!ok)
		snprintf(why, n, "%s",
			 r.status == CMD_OK ? "no command" : r.reason);
	cmd_result_free(&r);
	return ok;
}

/* Whether a command line is a session command (new, load, save,
 * branch, undo...): a data file may not run one, since it could write
 * anywhere.  Its name goes into name. */
static bool session_command(const struct cmd_table *t, const char *line,
			    char *name, size_t n)
{
	struct cmd_call call;
	struct cmd_result r;
	cmd_result_init(&r);
	bool yes = cmd_lookup(t, line, &call, &r) && call.def &&
		   call.def->effect == CMD_SESSION;
	if (yes)
		snprintf(name, n, "%s", call.def->name);
	cmd_result_free(&r);
	return yes;
}

/* expect: each alternative names a command (its words before any '*'). */
static bool check_pattern(const struct cmd_table *t, const char *pattern,
			  char *why, size_t n)
{
	char buf[LESSON_CMD_MAX];
	snprintf(buf, sizeof buf, "%s", pattern);
	char *save = NULL;
	int alts = 0;
	for (char *alt = strtok_r(buf, "|", &save); alt;
	     alt = strtok_r(NULL, "|", &save)) {
		char probe[LESSON_CMD_MAX];
		snprintf(probe, sizeof probe, "%s", alt);
		char *star = strchr(probe, '*');
		if (star)
			*star = '\0'; /* the name must be literal */
		if (!known_command(t, probe, why, n))
			return false;
		alts++;
	}
	if (!alts)
		snprintf(why, n, "an empty pattern");
	return alts > 0;
}

/* "6,2" or "6 2": digits 0-9, into "6 2". */
static bool parse_dice(const char *v, char *out, size_t n)
{
	char tok[LESSON_CMD_MAX / 2][32];
	int k = ini_split(v, tok, LESSON_CMD_MAX / 2);
	if (k <= 0)
		return false;
	out[0] = '\0';
	for (int i = 0; i < k; i++) {
		if (strlen(tok[i]) != 1 || !isdigit((unsigned char)tok[i][0]))
			return false;
		if (!join(out, n, tok[i]))
			return false;
	}
	return true;
}

static int step_key(struct load_ctx *c, struct lesson_step *st, const char *key,
		    const char *value, int line)
{
	char why[CMD_REASON_MAX + 32];
	if (!strcmp(key, "say")) {
		if (!join(st->say, sizeof st->say, value))
			return ini_fail(c->err, line,
					"say: too long (%d bytes "
					"at most)",
					LESSON_SAY_MAX - 1);
	} else if (!strcmp(key, "done")) {
		if (!join(st->done, sizeof st->done, value))
			return ini_fail(c->err, line,
					"done: too long (%d "
					"bytes at most)",
					LESSON_DONE_MAX - 1);
	} else if (!strcmp(key, "rule")) {
		if (c->seen_rule)
			return ini_fail(c->err, line, "rule given twice");
		c->seen_rule = line;
		if (!*value || !copy(st->rule, sizeof st->rule, value))
			return ini_fail(c->err, line,
					"rule: empty or too long");
	} else if (!strcmp(key, "expect")) {
		if (c->seen_expect)
			return ini_fail(c->err, line, "expect given twice");
		c->seen_expect = line;
		if (!copy(st->expect, sizeof st->expect, value))
			return ini_fail(c->err, line, "expect: too long");
		if (!check_pattern(c->commands, value, why, sizeof why))
			return ini_fail(c->err, line, "expect: %s: %s", value,
					why);
	} else if (!strcmp(key, "auto")) {
		if (st->nautos == LESSON_AUTOS_MAX)
			return ini_fail(c->err, line, "more than %d autos",
					LESSON_AUTOS_MAX);
		if (!copy(st->autos[st->nautos], LESSON_CMD_MAX, value))
			return ini_fail(c->err, line, "auto: too long");
		if (!known_command(c->commands, value, why, sizeof why))
			return ini_fail(c->err, line, "auto: %s: %s", value,
					why);
		if (session_command(c->commands, value, why, sizeof why))
			return ini_fail(c->err, line,
					"auto: %s: a lesson may not run %s "
					"(it writes or replaces files)",
					value, why);
		st->nautos++;
	} else if (!strcmp(key, "dice")) {
		if (c->seen_dice)
			return ini_fail(c->err, line, "dice given twice");
		c->seen_dice = line;
		if (!parse_dice(value, st->dice, sizeof st->dice))
			return ini_fail(c->err, line,
					"dice: d10 rolls 0-9 expected, not %s",
					value);
	} else if (!strcmp(key, "event")) {
		if (c->seen_event)
			return ini_fail(c->err, line, "event given twice");
		c->seen_event = line;
		if (!*value || !isalpha((unsigned char)value[0]) ||
		    !copy(st->event, sizeof st->event, value))
			return ini_fail(c->err, line,
					"event: an event kind expected");
	} else if (!strcmp(key, "tell")) {
		if (c->seen_tell)
			return ini_fail(c->err, line, "tell given twice");
		c->seen_tell = line;
		if (!*value || !copy(st->tell, sizeof st->tell, value))
			return ini_fail(c->err, line,
					"tell: event kinds expected");
		for (const char *p = value; *p; p++)
			if (!islower((unsigned char)*p) &&
			    !isdigit((unsigned char)*p) && *p != '_' &&
			    *p != ' ')
				return ini_fail(c->err, line,
						"tell: %s is not a list of "
						"event kinds",
						value);
	} else {
		return ini_fail(c->err, line,
				"unknown key %s (say, rule, expect, auto, "
				"dice, event, tell, done)",
				key);
	}
	return 0;
}

/* The step just read is whole: say and expect given. */
static int close_step(struct load_ctx *c, int at)
{
	if (!c->in_step)
		return 0;
	const struct lesson_step *st = &c->l->step[c->l->nsteps - 1];
	if (!st->say[0])
		return ini_fail(c->err, at, "step %d has no say", c->l->nsteps);
	if (!st->expect[0])
		return ini_fail(c->err, at, "step %d has no expect",
				c->l->nsteps);
	return 0;
}

static int load_handler(void *user, const char *section, const char *key,
			const char *value, int line)
{
	struct load_ctx *c = user;
	struct lesson *l = c->l;
	if (!key) { /* a section header */
		if (close_step(c,
			       c->in_step ? l->step[l->nsteps - 1].line : line))
			return 1;
		c->in_step = false;
		c->seen_rule = c->seen_expect = c->seen_dice = c->seen_event =
			c->seen_tell = 0;
		if (!strcmp(section, "file")) {
			c->have_file = true;
			c->file_line = line;
			return 0;
		}
		if (!strcmp(section, "lesson")) {
			c->have_lesson = true;
			return 0;
		}
		if (!strncmp(section, "step.", 5)) {
			int k;
			if (!ini_int(section + 5, 1, LESSON_STEPS_MAX, &k))
				return ini_fail(c->err, line,
						"[%s]: a step number 1-%d "
						"expected",
						section, LESSON_STEPS_MAX);
			if (k != l->nsteps + 1)
				return ini_fail(c->err, line,
						"[%s]: step %d expected next",
						section, l->nsteps + 1);
			struct lesson_step *st = &l->step[l->nsteps++];
			memset(st, 0, sizeof *st);
			st->line = line;
			c->in_step = true;
			return 0;
		}
		return ini_fail(c->err, line,
				"unknown section [%s] (file, lesson, step.N)",
				section);
	}
	if (!strcmp(section, "file")) {
		if (!strcmp(key, "kind")) {
			snprintf(c->kind, sizeof c->kind, "%s", value);
			if (strcmp(value, "tutorial"))
				return ini_fail(c->err, line,
						"kind %s: a lesson is kind "
						"tutorial",
						value);
		} else if (!strcmp(key, "version")) {
			if (!ini_int(value, 1, 1, &c->version))
				return ini_fail(c->err, line,
						"version %s: only version 1 "
						"is known",
						value);
		} else {
			return ini_fail(c->err, line,
					"unknown key %s in [file]", key);
		}
		return 0;
	}
	if (!strcmp(section, "lesson")) {
		if (!strcmp(key, "title")) {
			if (!copy(l->title, sizeof l->title, value))
				return ini_fail(c->err, line,
						"title: too long");
		} else if (!strcmp(key, "battle")) {
			if (!*value ||
			    !copy(l->battle, sizeof l->battle, value))
				return ini_fail(c->err, line,
						"battle: a battle's name "
						"expected");
			for (const char *p = value; *p; p++)
				if (!isalnum((unsigned char)*p) && *p != '_' &&
				    *p != '-')
					return ini_fail(c->err, line,
							"battle: %s is not a "
							"battle's name",
							value);
		} else if (!strcmp(key, "kind")) {
			if (!strcmp(value, "solo"))
				l->kind = GAME_SOLO;
			else if (!strcmp(value, "sandbox"))
				l->kind = GAME_SANDBOX;
			else
				return ini_fail(c->err, line,
						"kind %s: solo or sandbox "
						"expected",
						value);
		} else if (!strcmp(key, "seed")) {
			char *end;
			errno = 0;
			unsigned long long v = strtoull(value, &end, 10);
			if (errno || *end || !*value || *value == '-')
				return ini_fail(c->err, line,
						"seed %s: a number 0 or more "
						"expected",
						value);
			l->seed = (uint64_t)v;
		} else {
			return ini_fail(c->err, line,
					"unknown key %s in [lesson] (title, "
					"battle, seed, kind)",
					key);
		}
		return 0;
	}
	if (c->in_step)
		return step_key(c, &l->step[l->nsteps - 1], key, value, line);
	return ini_fail(c->err, line, "key %s outside a section", key);
}

bool lesson_load(const char *path, const struct cmd_table *commands,
		 struct lesson *l, struct ini_error *err)
{
	memset(l, 0, sizeof *l);
	memset(err, 0, sizeof *err);
	l->kind = GAME_SOLO;
	snprintf(l->file, sizeof l->file, "%s", path);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	snprintf(l->name, sizeof l->name, "%.*s",
		 (int)(strlen(base) > 4 &&
				       !strcmp(base + strlen(base) - 4, ".ini")
			       ? strlen(base) - 4
			       : strlen(base)),
		 base);
	struct load_ctx c = {.l = l, .commands = commands, .err = err};
	if (!ini_read_file(path, load_handler, &c, err))
		return false;
	if (close_step(&c, c.in_step ? l->step[l->nsteps - 1].line : 0))
		return false;
	snprintf(err->file, sizeof err->file, "%s", path);
	if (!c.have_file || strcmp(c.kind, "tutorial")) {
		err->line = c.file_line;
		snprintf(err->msg, sizeof err->msg,
			 "no [file] section with kind = tutorial");
		return false;
	}
	if (c.version != 1) {
		err->line = c.file_line;
		snprintf(err->msg, sizeof err->msg, "[file] lacks version = 1");
		return false;
	}
	if (!c.have_lesson || !l->battle[0]) {
		err->line = 0;
		snprintf(err->msg, sizeof err->msg,
			 "no [lesson] section with a battle");
		return false;
	}
	if (l->nsteps == 0) {
		err->line = 0;
		snprintf(err->msg, sizeof err->msg, "no [step.1] section");
		return false;
	}
	err->msg[0] = '\0';
	return true;
}

/* ---- matching ---- */

static bool alt_matches(const char *alt, const struct cmd_tokens *have)
{
	struct cmd_tokens want;
	char err[64];
	if (cmd_tokenize(alt, &want, err, sizeof err) != 0 || want.argc == 0)
		return false;
	if (want.argc != have->argc)
		return false;
	for (int i = 0; i < want.argc; i++)
		if (strcmp(want.argv[i], "*") &&
		    strcasecmp(want.argv[i], have->argv[i]))
			return false;
	return true;
}

bool lesson_matches(const char *pattern, const char *line)
{
	struct cmd_tokens *have = malloc(sizeof *have);
	char err[64];
	if (!have)
		return false;
	bool ok = false;
	if (pattern && line && cmd_tokenize(line, have, err, sizeof err) == 0 &&
	    have->argc > 0) {
		char buf[LESSON_CMD_MAX];
		snprintf(buf, sizeof buf, "%s", pattern);
		char *save = NULL;
		for (char *alt = strtok_r(buf, "|", &save); alt && !ok;
		     alt = strtok_r(NULL, "|", &save))
			ok = alt_matches(alt, have);
	}
	free(have);
	return ok;
}

bool lesson_event_in(const char *want, const struct event_log *out)
{
	char tok[EVENT_FIELDS_MAX + 1][32];
	int k = want ? ini_split(want, tok, EVENT_FIELDS_MAX + 1) : -1;
	if (k <= 0 || !out)
		return false;
	for (size_t i = 0; i < out->n; i++) {
		if (!event_log_is(out, i, tok[0]))
			continue;
		struct event e_at;
		event_log_at(out, i, &e_at);
		const struct event *e = &e_at;
		bool all = true;
		for (int j = 1; j < k && all; j++) {
			char *eq = strchr(tok[j], '=');
			if (!eq) {
				all = false;
				break;
			}
			*eq = '\0';
			const char *v = event_get(e, tok[j]);
			all = v && !strcmp(v, eq + 1);
			*eq = '=';
		}
		if (all)
			return true;
	}
	return false;
}

/* ---- the engine ---- */

/* Whether kind is one of the words of list ("a b c"). */
static bool kind_listed(const char *list, const char *kind)
{
	size_t len = strlen(kind);
	for (const char *p = list; (p = strstr(p, kind)) != NULL; p += len)
		if ((p == list || p[-1] == ' ') &&
		    (p[len] == ' ' || p[len] == '\0'))
			return true;
	return false;
}

void lesson_told(const struct lesson_step *st, const struct teach_texts *tx,
		 const struct session *s, const struct event_log *out,
		 char *buf, size_t n)
{
	char kinds[LESSON_CMD_MAX];
	snprintf(kinds, sizeof kinds, "%s", st->tell);
	if (!kinds[0]) /* the kind of the step's event */
		snprintf(kinds, sizeof kinds, "%.*s",
			 (int)strcspn(st->event, " "), st->event);
	size_t len = 0;
	buf[0] = '\0';
	for (size_t i = 0; tx && out && i < out->n && len + 1 < n; i++) {
		struct event e;
		event_log_at(out, i, &e);
		struct teach_line l;
		if (!kind_listed(kinds, e.kind) ||
		    !tui_teach_event_line(s, tx, &e, &l))
			continue;
		int w = snprintf(buf + len, n - len, "%s%s%s%s%s",
				 len ? " " : "", l.text,
				 l.rule[0] ? " (" : "", l.rule,
				 l.rule[0] ? ")" : "");
		if (w < 0 || (size_t)w >= n - len) {
			buf[len] = '\0';
			break;
		}
		len += (size_t)w;
	}
}

const struct lesson_step *lesson_current(const struct lesson_run *t)
{
	if (!t->lesson || t->over || t->stopped || t->step >= t->lesson->nsteps)
		return NULL;
	return &t->lesson->step[t->step];
}

/* The lesson's own command: the player's hook is told to let it be. */
static bool own(struct lesson_run *t, lesson_runner run, void *ctx,
		const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	t->busy = true;
	run(ctx, line, &r);
	t->busy = false;
	bool ok = r.status == CMD_OK;
	cmd_result_free(&r);
	return ok;
}

/* Step k's autos, then its dice, as the lesson's own commands. */
static void enter_step(struct lesson_run *t, struct session *s,
		       lesson_runner run, void *ctx)
{
	const struct lesson_step *st = lesson_current(t);
	if (!st)
		return;
	t->before[t->step] = session_commands(s);
	for (int i = 0; i < st->nautos; i++)
		if (!own(t, run, ctx, st->autos[i]))
			t->setup_failed = true;
	if (st->dice[0]) {
		char line[LESSON_CMD_MAX + 8];
		snprintf(line, sizeof line, "roll %s", st->dice);
		if (!own(t, run, ctx, line))
			t->setup_failed = true;
	}
	t->after[t->step] = session_commands(s);
}

void lesson_begin(struct lesson_run *t, const struct lesson *l,
		  struct session *s, lesson_runner run, void *ctx)
{
	memset(t, 0, sizeof *t);
	t->lesson = l;
	if (!l || l->nsteps == 0 || !tui_has_game(s)) {
		t->over = true;
		return;
	}
	enter_step(t, s, run, ctx);
}

/* The player's undo: back to the start of the step the game is now in,
 * its autos and dice played again. */
static void rewind_to(struct lesson_run *t, struct session *s,
		      lesson_runner run, void *ctx)
{
	size_t now = session_commands(s);
	int k = t->step < t->lesson->nsteps ? t->step : t->lesson->nsteps - 1;
	while (k > 0 && t->before[k] > now)
		k--;
	t->step = k;
	t->over = false;
	if (now > t->before[k]) {
		char line[48];
		snprintf(line, sizeof line, "undo %zu", now - t->before[k]);
		own(t, run, ctx, line);
	}
	enter_step(t, s, run, ctx);
}

enum lesson_verdict lesson_after_command(struct lesson_run *t,
					 struct session *s, const char *line,
					 const struct cmd_result *r,
					 lesson_runner run, void *ctx)
{
	if (t->busy || !t->lesson || t->stopped)
		return LV_IGNORED;
	struct cmd_call *call = malloc(sizeof *call);
	struct cmd_result look;
	cmd_result_init(&look);
	const struct cmd_def *def = NULL;
	const struct ruleset *rs = session_ruleset(s);
	if (call && rs && cmd_lookup(rs->commands(), line, call, &look))
		def = call->def;
	char canon[CMD_LINE_MAX + 1] = "";
	if (def)
		cmd_canonical(call, canon, sizeof canon);
	free(call);
	cmd_result_free(&look);
	const struct lesson_step *st = lesson_current(t);
	/* looking, refused or malformed: nothing changed */
	if (!def || def->effect == CMD_LOOKS || r->status != CMD_OK) {
		if (st && def && def->effect != CMD_LOOKS) {
			snprintf(t->note, sizeof t->note,
				 "Not taken, nothing changed. The lesson "
				 "wants: %s",
				 st->expect);
			t->note_wrong = false;
		}
		return LV_IGNORED;
	}
	if (def->effect == CMD_SESSION) {
		if (!strcmp(def->name, "undo")) {
			if (t->over && t->step >= t->lesson->nsteps)
				return LV_IGNORED; /* play on after the end */
			rewind_to(t, s, run, ctx);
			snprintf(t->note, sizeof t->note,
				 "Taken back: the lesson is at step %d again.",
				 t->step + 1);
			t->note_wrong = false;
			return LV_REWOUND;
		}
		if (!strcmp(def->name, "new") || !strcmp(def->name, "load")) {
			t->over = t->stopped = true;
			snprintf(t->note, sizeof t->note,
				 "Another game was started: the lesson has "
				 "stopped (maniple --tutorial starts it "
				 "again).");
			return LV_OVER;
		}
		return LV_IGNORED; /* save, branch: the game is the same */
	}
	if (!st)
		return LV_IGNORED; /* the lesson is over: free play */
	if (!lesson_matches(st->expect, canon[0] ? canon : line)) {
		size_t now = session_commands(s);
		if (now > t->after[t->step]) {
			char undo[48];
			snprintf(undo, sizeof undo, "undo %zu",
				 now - t->after[t->step]);
			own(t, run, ctx, undo);
			t->undone++;
		}
		snprintf(t->note, sizeof t->note,
			 "Taken back: %.300s is not this step. The lesson "
			 "wants: "
			 "%s",
			 canon[0] ? canon : line, st->expect);
		t->note_wrong = true;
		return LV_WRONG;
	}
	t->event_seen = !st->event[0] || lesson_event_in(st->event, &r->out);
	/* what happened, from the command's own events; then where to look */
	lesson_told(st, t->texts, s, &r->out, t->note,
		    sizeof t->note - LESSON_DONE_MAX - 1);
	size_t nl = strlen(t->note);
	snprintf(t->note + nl, sizeof t->note - nl, "%s%s",
		 nl && st->done[0] ? " " : "",
		 nl || st->done[0] ? st->done : "Done.");
	t->note_wrong = false;
	t->step++;
	if (t->step >= t->lesson->nsteps) {
		t->over = true;
		return LV_OVER;
	}
	enter_step(t, s, run, ctx);
	return LV_RIGHT;
}
