/* ini.c — inih through a reader that counts lines (see ini.h).  The
 * reader takes its bytes with getc_unlocked: one thread reads a file. */
#include "maniple/ini.h"

#include "maniple/rfile.h"

#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct ini_ctx {
	/* source: a FILE or text in memory */
	FILE *fp;
	const char *text;
	int line;	  /* number of the line last handed to inih */
	bool too_long;	  /* a line over INI_LINE_MAX - 1 bytes */
	bool nul_byte;	  /* a NUL byte in the input */
	bool too_many;	  /* more than INI_LINES_MAX lines */
	ini_line_handler h;
	void *user;
	struct ini_error *err;
	bool failed;	  /* the handler said stop */
	/* The section of the last header seen, as the handler was told.
	 * inih keeps its own copy of the name; a key whose inih section is
	 * not this one is refused (found by tests/fuzz: the two disagreed on
	 * "[ file ]", and a loader indexed a table with a -1). */
	char section[INI_LINE_MAX];
};

/* inih keeps at most this many bytes of a section name (its MAX_SECTION,
 * less the NUL). */
#define INI_SECTION_MAX 49

/* A section header line: call the handler with key == NULL. */
static void maybe_section(struct ini_ctx *c, const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s != '[' || c->failed)
		return;
	const char *end = strchr(s, ']');
	if (!end) {
		/* said here: inih would go on and blame a later line */
		ini_fail(c->err, c->line,
			 "section header without its closing ]");
		c->failed = true;
		return;
	}
	char name[INI_LINE_MAX];
	s++;
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = (size_t)(end - s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	memcpy(name, s, n);
	name[n] = '\0';
	if (s[-1] != '[' || end[-1] == ' ' || end[-1] == '\t' ||
	    n > INI_SECTION_MAX) {
		ini_fail(c->err, c->line,
			 "section header [%s] not allowed: no blanks inside "
			 "the brackets, at most %d characters",
			 name, INI_SECTION_MAX);
		c->failed = true;
		return;
	}
	memcpy(c->section, name, n + 1);
	if (c->h(c->user, name, NULL, NULL, c->line) != 0)
		c->failed = true;
}

static char *reader(char *str, int num, void *stream)
{
	struct ini_ctx *c = stream;
	if (c->too_long || c->nul_byte || c->too_many || c->failed)
		return NULL;
	if (c->line >= INI_LINES_MAX) {
		/* the next line would pass the limit: only an end is fine */
		bool more;
		if (c->fp) {
			int ch = getc_unlocked(c->fp);
			more = ch != EOF;
		} else {
			more = *c->text != '\0';
		}
		if (more) {
			c->line++;
			c->too_many = true;
		}
		return NULL;
	}
	size_t i = 0;
	size_t cap = (size_t)num - 1;
	bool nl = false;
	if (c->fp) {
		int ch;
		while (i < cap && (ch = getc_unlocked(c->fp)) != EOF) {
			if (ch == '\0') {
				c->nul_byte = true;
				break;
			}
			str[i++] = (char)ch;
			if (ch == '\n') {
				nl = true;
				break;
			}
		}
		if (!nl && i == cap) {
			int next = getc_unlocked(c->fp);
			if (next != EOF) {
				c->too_long = true;
				ungetc(next, c->fp);
			}
		}
	} else {
		while (i < cap && *c->text) {
			char ch = *c->text++;
			str[i++] = ch;
			if (ch == '\n') {
				nl = true;
				break;
			}
		}
		if (!nl && i == cap && *c->text)
			c->too_long = true;
	}
	c->line++;
	if (c->too_long || c->nul_byte)
		return NULL;
	if (i == 0)
		return NULL;
	str[i] = '\0';
	/* a UTF-8 byte order mark, which some editors put first: skipped */
	if (c->line == 1 && (unsigned char)str[0] == 0xEF &&
	    (unsigned char)str[1] == 0xBB && (unsigned char)str[2] == 0xBF)
		memmove(str, str + 3, i - 2);
	maybe_section(c, str);
	return str;
}

static int handler(void *user, const char *section, const char *name,
		   const char *value)
{
	struct ini_ctx *c = user;
	if (c->failed)
		return 0;
	if (strcmp(section, c->section) != 0) {
		/* a header inih read and the reader did not, e.g. one after
		 * a form feed */
		ini_fail(c->err, c->line,
			 "key %s: its section header is not understood "
			 "(write [name] at the start of its line)",
			 name);
		c->failed = true;
		return 0;
	}
	if (c->h(c->user, section, name, value, c->line) != 0) {
		c->failed = true;
		return 0; /* our own error is already recorded */
	}
	return 1;
}

static bool run(struct ini_ctx *c, const char *name)
{
	snprintf(c->err->file, sizeof c->err->file, "%s", name);
	c->err->line = 0;
	c->err->msg[0] = '\0';
	int r = ini_parse_stream(reader, c, handler, c);
	if (c->failed)
		return false;
	if (c->too_long)
		return ini_fail(c->err, c->line, "line longer than %d characters",
				INI_LINE_MAX - 1), false;
	if (c->nul_byte)
		return ini_fail(c->err, c->line, "NUL byte in the file"), false;
	if (c->too_many)
		return ini_fail(c->err, c->line,
				"more than %d lines (the limit)", INI_LINES_MAX),
		       false;
	if (r > 0)
		return ini_fail(c->err, r,
				"syntax error (expected [section] or key = value)"),
		       false;
	if (r < 0)
		return ini_fail(c->err, 0, "cannot read the file"), false;
	return true;
}

bool ini_read_file(const char *path, ini_line_handler h, void *user,
		   struct ini_error *err)
{
	struct ini_ctx c = {.h = h, .user = user, .err = err};
	char why[128];
	c.fp = rfile_open(path, INI_SIZE_MAX, why, sizeof why);
	if (!c.fp) {
		snprintf(err->file, sizeof err->file, "%s", path);
		err->line = 0;
		snprintf(err->msg, sizeof err->msg, "cannot open: %s", why);
		return false;
	}
	bool ok = run(&c, path);
	if (ok && ferror(c.fp))
		ok = (ini_fail(err, c.line, "read error"), false);
	fclose(c.fp);
	return ok;
}

bool ini_read_text(const char *name, const char *text, ini_line_handler h,
		   void *user, struct ini_error *err)
{
	struct ini_ctx c = {.h = h, .user = user, .err = err, .text = text};
	return run(&c, name);
}

int ini_fail(struct ini_error *err, int line, const char *fmt, ...)
{
	if (err->msg[0] != '\0')
		return 1; /* keep the first error */
	err->line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return 1;
}

void ini_error_format(const struct ini_error *err, char *buf, size_t n)
{
	if (err->line > 0)
		snprintf(buf, n, "%s:%d: %s", err->file, err->line, err->msg);
	else
		snprintf(buf, n, "%s: %s", err->file, err->msg);
}

bool ini_int(const char *v, int lo, int hi, int *out)
{
	if (!v || !*v)
		return false;
	char *end;
	errno = 0;
	long x = strtol(v, &end, 10);
	if (errno || end == v || *end != '\0' || x < lo || x > hi)
		return false;
	*out = (int)x;
	return true;
}

bool ini_u64(const char *v, uint64_t *out)
{
	if (!v || *v < '0' || *v > '9')
		return false;
	char *end;
	errno = 0;
	unsigned long long x = strtoull(v, &end, 10);
	if (errno || *end != '\0')
		return false;
	*out = (uint64_t)x;
	return true;
}

bool ini_bool(const char *v, bool *out)
{
	if (!v)
		return false;
	if (!strcmp(v, "yes") || !strcmp(v, "true") || !strcmp(v, "1")) {
		*out = true;
		return true;
	}
	if (!strcmp(v, "no") || !strcmp(v, "false") || !strcmp(v, "0")) {
		*out = false;
		return true;
	}
	return false;
}

int ini_split(const char *v, char (*tokens)[32], int max)
{
	int n = 0;
	const char *p = v;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		const char *s = p;
		while (*p && *p != ' ' && *p != '\t' && *p != ',')
			p++;
		size_t len = (size_t)(p - s);
		if (n >= max || len >= 32)
			return -1;
		memcpy(tokens[n], s, len);
		tokens[n][len] = '\0';
		n++;
	}
	return n;
}

struct kind_ctx {
	char *out;
	size_t n;
	bool found;
	bool in_file; /* inside the [file] section */
	struct ini_error *err;
};

static int kind_handler(void *user, const char *section, const char *key,
			const char *value, int line)
{
	struct kind_ctx *k = user;
	if (!key) {
		/* the file must open with [file] and give its kind there */
		if (k->in_file || strcmp(section, "file") != 0)
			return ini_fail(k->err, line,
					"must open with [file] giving kind = map, "
					"battle or rules");
		k->in_file = true;
		return 0;
	}
	if (strcmp(key, "kind") == 0) {
		snprintf(k->out, k->n, "%s", value);
		k->found = true;
		return 1; /* stop: that is all we wanted */
	}
	return 0;
}

bool ini_file_kind(const char *path, char *out, size_t n,
		   struct ini_error *err)
{
	struct kind_ctx k = {.out = out, .n = n, .err = err};
	bool ok = ini_read_file(path, kind_handler, &k, err);
	if (k.found) {
		err->msg[0] = '\0';
		err->line = 0;
		return true;
	}
	if (ok)
		ini_fail(err, 0, "no [file] section with a kind "
				 "(map, battle or rules)");
	return false;
}

int ini_file_section(struct ini_file_header *h, const char *section,
		     int line, struct ini_error *err)
{
	if (strcmp(section, "file") != 0) {
		h->in_file = false;
		return -1;
	}
	if (h->file_seen)
		return ini_fail(err, line, "duplicate section [file]");
	h->file_seen = h->in_file = true;
	h->file_line = line;
	return 0;
}

int ini_file_key(struct ini_file_header *h, const char *key,
		 const char *value, int line, struct ini_error *err)
{
	if (strcmp(key, "kind") == 0) {
		if (strcmp(value, h->kind) != 0)
			return ini_fail(err, line, "kind must be %s", h->kind);
		h->kind_ok = true;
	} else if (strcmp(key, "version") == 0) {
		if (strcmp(value, "1") != 0)
			return ini_fail(err, line,
					"unsupported version %s (1 is known)",
					value);
		h->version_ok = true;
	} else {
		return ini_fail(err, line, "unknown key %s in [file]", key);
	}
	return 0;
}

bool ini_file_done(const struct ini_file_header *h, struct ini_error *err)
{
	if (h->file_seen && h->kind_ok && h->version_ok)
		return true;
	ini_fail(err, h->file_seen ? h->file_line : 1,
		 "no [file] section with kind = %s and version = 1", h->kind);
	return false;
}
