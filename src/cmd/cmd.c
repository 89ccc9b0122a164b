/* cmd.c — the command language's machinery: tokenizer, dispatch, results,
 * printing events. */
#include "maniple/cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_tokenize(const char *line, struct cmd_tokens *t, char *err,
		 size_t errn)
{
	t->argc = 0;
	t->argv[0] = NULL;
	if (strlen(line) > CMD_LINE_MAX) {
		snprintf(err, errn, "line longer than %d bytes", CMD_LINE_MAX);
		return -1;
	}
	const char *p = line;
	char *o = t->buf;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (*p == '\0' || *p == '#')
			break;
		if (t->argc == CMD_ARGS_MAX) {
			snprintf(err, errn, "more than %d words", CMD_ARGS_MAX);
			t->argc = 0;
			t->argv[0] = NULL;
			return -1;
		}
		t->argv[t->argc++] = o;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r' &&
		       *p != '\n') {
			if (*p == '"' || *p == '\'') {
				char q = *p++;
				while (*p && *p != q) {
					if (q == '"' && *p == '\\' && p[1])
						p++;
					*o++ = *p++;
				}
				if (*p != q) {
					snprintf(err, errn,
						 "unterminated %s quote",
						 q == '"' ? "double" : "single");
					t->argc = 0;
					t->argv[0] = NULL;
					return -1;
				}
				p++;
			} else {
				*o++ = *p++;
			}
		}
		*o++ = '\0';
	}
	t->argv[t->argc] = NULL;
	return 0;
}

void cmd_result_init(struct cmd_result *r)
{
	memset(r, 0, sizeof *r);
	event_log_init(&r->out);
}

void cmd_result_free(struct cmd_result *r)
{
	event_log_free(&r->out);
	free(r->text);
	r->text = NULL;
}

void cmd_result_reset(struct cmd_result *r)
{
	r->status = CMD_OK;
	r->reason[0] = '\0';
	r->rule[0] = '\0';
	event_log_clear(&r->out);
	free(r->text);
	r->text = NULL;
}

static void set_reason(struct cmd_result *r, const char *fmt, va_list ap)
{
	vsnprintf(r->reason, sizeof r->reason, fmt, ap);
}

void cmd_refuse(struct cmd_result *r, const char *rule, const char *fmt, ...)
{
	if (r->status != CMD_OK)
		return; /* the first reason stands */
	r->status = CMD_REFUSED;
	snprintf(r->rule, sizeof r->rule, "%s", rule ? rule : "");
	va_list ap;
	va_start(ap, fmt);
	set_reason(r, fmt, ap);
	va_end(ap);
}

void cmd_malformed(struct cmd_result *r, const char *fmt, ...)
{
	if (r->status != CMD_OK)
		return;
	r->status = CMD_MALFORMED;
	r->rule[0] = '\0';
	va_list ap;
	va_start(ap, fmt);
	set_reason(r, fmt, ap);
	va_end(ap);
}

bool cmd_want_args(struct cmd_result *r, int argc, int lo, int hi,
		   const char *usage)
{
	if (argc - 1 < lo || argc - 1 > hi) {
		cmd_malformed(r, "usage: %s", usage);
		return false;
	}
	return true;
}

void cmd_output(struct cmd_result *r, const struct event *e)
{
	event_log_push(&r->out, e);
}

const char *cmd_effect_name(enum cmd_effect e)
{
	switch (e) {
	case CMD_LOOKS:
		return "looks";
	case CMD_CHANGES:
		return "changes";
	case CMD_SESSION:
		return "session";
	}
	return "?";
}

/* s after buf's first len bytes (len < n), cut to fit in n bytes with
 * its '\0' as snprintf cuts; the new length */
static size_t append_cut(char *buf, size_t n, size_t len, const char *s)
{
	while (*s && len + 1 < n)
		buf[len++] = *s++;
	buf[len] = '\0';
	return len;
}

const struct cmd_def *cmd_find(const struct cmd_table *t, const char *name)
{
	if (!name)
		return NULL;
	for (int i = 0; i < t->n; i++)
		if (t->defs[i].name[0] == name[0] &&
		    strcmp(t->defs[i].name, name) == 0)
			return &t->defs[i];
	return NULL;
}

bool cmd_lookup(const struct cmd_table *t, const char *line,
		struct cmd_call *call, struct cmd_result *r)
{
	char err[CMD_REASON_MAX];
	call->def = NULL;
	call->argc = 0;
	call->argv = call->tok.argv;
	if (cmd_tokenize(line, &call->tok, err, sizeof err) != 0) {
		cmd_malformed(r, "%s", err);
		return false;
	}
	int argc = call->tok.argc;
	char **argv = call->tok.argv;
	if (argc == 0)
		return true;
	/* one pass over the table (every command line asks it): a
	 * two-word name ("setup hits") before a one-word one, each the
	 * first of its name, as cmd_find would give them */
	const struct cmd_def *d = NULL, *two = NULL;
	bool two_words = false; /* some name starts with argv[0] + ' ' */
	size_t n = strlen(argv[0]);
	for (int i = 0; i < t->n && !two; i++) {
		const char *name = t->defs[i].name;
		if (name[0] != argv[0][0] || strncmp(name, argv[0], n) != 0)
			continue;
		if (name[n] == '\0') {
			if (!d)
				d = &t->defs[i];
		} else if (name[n] == ' ') {
			two_words = true;
			if (argc >= 2 && strcmp(name + n + 1, argv[1]) == 0)
				two = &t->defs[i];
		}
	}
	if (two) {
		call->def = two;
		call->argc = argc - 1;
		call->argv = argv + 1;
		return true;
	}
	if (!d) {
		if (two_words)
			cmd_malformed(r, "unknown command %s %s", argv[0],
				      argc > 1 ? argv[1] : "(none)");
		else
			cmd_malformed(r, "unknown command %s", argv[0]);
		return false;
	}
	call->def = d;
	call->argc = argc;
	call->argv = argv;
	return true;
}

void cmd_canonical(const struct cmd_call *call, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < call->tok.argc; i++) {
		const char *w = call->tok.argv[i];
		bool quote = !*w || strpbrk(w, " \t\"'#\\") != NULL;
		char tmp[CMD_LINE_MAX * 2 + 4];
		size_t k = 0;
		if (quote)
			tmp[k++] = '"';
		for (const char *p = w; *p && k < sizeof tmp - 4; p++) {
			if (quote && (*p == '"' || *p == '\\'))
				tmp[k++] = '\\';
			tmp[k++] = *p;
		}
		if (quote)
			tmp[k++] = '"';
		tmp[k] = '\0';
		/* " " and the word, cut to fit as snprintf cuts */
		size_t want = len + (i ? 1 : 0) + k;
		if (i)
			len = append_cut(buf, n, len, " ");
		len = append_cut(buf, n, len, tmp);
		if (want >= n)
			return;
	}
}

void cmd_dispatch(const struct cmd_table *t, void *ctx, const char *line,
		  const struct cmd_def **def, struct cmd_result *r)
{
	struct cmd_call call;
	*def = NULL;
	if (!cmd_lookup(t, line, &call, r) || !call.def)
		return;
	*def = call.def;
	call.def->run(ctx, call.argc, call.argv, r);
}

void cmd_refusal_event(const struct cmd_result *r, struct event *e)
{
	event_init(e, r->status == CMD_MALFORMED ? "malformed" : "refused");
	event_add(e, "reason", "%s", r->reason);
	if (r->rule[0])
		event_add(e, "rule", "%s", r->rule);
}

void cmd_print_refusal(FILE *f, const struct cmd_result *r)
{
	/* Printed in full: an event's values are capped at EVENT_VAL_MAX. */
	fputs(r->status == CMD_MALFORMED ? "malformed reason=" : "refused reason=",
	      f);
	for (const char *p = r->reason; *p; p++) {
		unsigned char ch = (unsigned char)*p;
		if (ch == ' ' || ch == '\t' || ch == '\n')
			fputc('_', f);
		else if (ch < 0x20 || ch == 0x7f) /* a script's raw byte */
			fprintf(f, "\\x%02x", ch);
		else
			fputc(ch, f);
	}
	if (r->rule[0])
		fprintf(f, " rule=%s", r->rule);
	fputc('\n', f);
}

void cmd_print_event(FILE *f, const struct event *e)
{
	char buf[EVENT_FIELDS_MAX * (EVENT_KEY_MAX + EVENT_VAL_MAX + 2) +
		 EVENT_KIND_MAX];
	event_format(e, buf, sizeof buf);
	fprintf(f, "%s\n", buf);
}

void cmd_print_logged(FILE *f, const struct event_log *log, size_t i)
{
	struct event e;
	event_log_at(log, i, &e);
	cmd_print_event(f, &e);
}

void cmd_print_events(FILE *f, const struct event_log *log, size_t from)
{
	for (size_t i = from; i < log->n; i++)
		cmd_print_logged(f, log, i);
}

static void help_event(const struct cmd_def *d, struct cmd_result *r)
{
	struct event e;
	event_init(&e, "command");
	event_add(&e, "name", "%s", d->name);
	if (d->args[0])
		event_add(&e, "args", "%s", d->args);
	event_add(&e, "effect", "%s", cmd_effect_name(d->effect));
	event_add(&e, "help", "%s", d->help);
	cmd_output(r, &e);
}

bool cmd_help(const struct cmd_table *t, const char *name,
	      struct cmd_result *r)
{
	if (name) {
		const struct cmd_def *d = cmd_find(t, name);
		if (!d) {
			cmd_malformed(r, "no command %s", name);
			return false;
		}
		help_event(d, r);
		return true;
	}
	for (int i = 0; i < t->n; i++)
		help_event(&t->defs[i], r);
	return true;
}
