/* gamefile.c — game files: the journal in memory, atomic copies, appends
 * flushed to the disk, and reading with line numbers. */
#include "maniple/gamefile.h"

#include "maniple/dice.h"
#include "maniple/rfile.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void journal_init(struct journal *j, const struct gamefile_header *h)
{
	memset(j, 0, sizeof *j);
	j->h = *h;
}

void journal_free(struct journal *j)
{
	for (size_t i = 0; i < j->n; i++)
		free(j->lines[i]);
	free(j->lines);
	j->lines = NULL;
	j->n = j->cap = 0;
}

int journal_add(struct journal *j, const char *line)
{
	if (j->n == j->cap) {
		size_t cap = j->cap ? j->cap * 2 : 64;
		char **v = realloc(j->lines, cap * sizeof *v);
		if (!v)
			return -1;
		j->lines = v;
		j->cap = cap;
	}
	char *s = strdup(line);
	if (!s)
		return -1;
	j->lines[j->n++] = s;
	return 0;
}

void journal_drop_last(struct journal *j)
{
	if (j->n > 0)
		free(j->lines[--j->n]);
}

void gamefile_digest_line(int turn, uint64_t digest, char *buf, size_t n)
{
	snprintf(buf, n, "digest %d %016" PRIx64, turn, digest);
}

static int fail(char *err, size_t errn, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errn, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errn, fmt, ap);
	va_end(ap);
	return -1;
}

static void write_header(FILE *f, const struct gamefile_header *h)
{
	fprintf(f, "%s %d\n", GAMEFILE_MAGIC, GAMEFILE_VERSION);
	fprintf(f, "ruleset %s\n", h->ruleset);
	fprintf(f, "battle %s\n", h->battle);
	fprintf(f, "kind %s\n", h->kind);
	fprintf(f, "seed %" PRIu64 "\n", h->seed);
	fprintf(f, "prng %s %" PRIu64 "\n", GAMEFILE_PRNG,
		(uint64_t)MANIPLE_PCG_STREAM);
}

/* fsync the directory holding path, so a rename survives a crash. */
static void sync_dir(const char *path)
{
	char dir[512];
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if (slash == dir)
		dir[1] = '\0';
	else
		*slash = '\0';
	int fd = open(dir, O_RDONLY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

int gamefile_write(const char *path, const struct journal *j, char *err,
		   size_t errn)
{
	char tmp[600];
	if (strlen(path) >= 500)
		return fail(err, errn, "%s: path too long", path);
	snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return fail(err, errn, "%s: %s", path, strerror(errno));
	FILE *f = fdopen(fd, "w");
	if (!f) {
		int e = errno;
		close(fd);
		unlink(tmp);
		return fail(err, errn, "%s: %s", path, strerror(e));
	}
	write_header(f, &j->h);
	for (size_t i = 0; i < j->n; i++)
		fprintf(f, "%s\n", j->lines[i]);
	bool ok = fflush(f) == 0 && fsync(fd) == 0;
	int e = errno;
	if (fclose(f) != 0 && ok) {
		ok = false;
		e = errno;
	}
	if (!ok || rename(tmp, path) != 0) {
		if (ok)
			e = errno;
		unlink(tmp);
		return fail(err, errn, "%s: %s", path, strerror(e));
	}
	sync_dir(path);
	return 0;
}

int gamefile_open_append(struct gamefile *gf, const char *path, char *err,
			 size_t errn)
{
	gf->f = NULL;
	if (strlen(path) >= sizeof gf->path)
		return fail(err, errn, "%s: path too long", path);
	snprintf(gf->path, sizeof gf->path, "%s", path);
	gf->f = fopen(path, "a");
	if (!gf->f)
		return fail(err, errn, "%s: %s", path, strerror(errno));
	return 0;
}

/* The line goes out with write(2) itself, not through the stream's
 * buffer: a write that fails part way (a full disk) is cut back off, so
 * that no half line stays to be glued to the next append, and nothing
 * stays in a buffer to come out later. */
int gamefile_append(struct gamefile *gf, const char *line, char *err,
		    size_t errn)
{
	if (!gf->f)
		return fail(err, errn, "no game file open");
	int fd = fileno(gf->f);
	size_t len = strlen(line);
	char *buf = malloc(len + 1);
	if (!buf)
		return fail(err, errn, "%s: out of memory", gf->path);
	memcpy(buf, line, len);
	buf[len++] = '\n';
	struct stat st;
	if (fstat(fd, &st) != 0) {
		free(buf);
		return fail(err, errn, "%s: %s", gf->path, strerror(errno));
	}
	size_t done = 0;
	int e = 0;
	while (done < len) {
		ssize_t w = write(fd, buf + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			e = w < 0 ? errno : EIO;
			break;
		}
		done += (size_t)w;
	}
	free(buf);
	if (!e && fsync(fd) != 0)
		e = errno;
	if (e) {
		/* the file (opened to append) ended at st_size before */
		if (done > 0 && ftruncate(fd, st.st_size) == 0)
			fsync(fd);
		return fail(err, errn, "%s: %s", gf->path, strerror(e));
	}
	return 0;
}

int gamefile_cut(struct gamefile *gf, long length, char *err, size_t errn)
{
	if (!gf->f)
		return fail(err, errn, "no game file open");
	int fd = fileno(gf->f);
	if (length < 0 || ftruncate(fd, (off_t)length) != 0 || fsync(fd) != 0)
		return fail(err, errn, "%s: %s", gf->path,
			    length < 0 ? "bad length" : strerror(errno));
	return 0;
}

void gamefile_close(struct gamefile *gf)
{
	if (gf->f)
		fclose(gf->f);
	gf->f = NULL;
}

/* Reading */

struct reader {
	struct ini_error *err;
	int lineno;
};

static bool read_fail(struct reader *rd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static bool read_fail(struct reader *rd, const char *fmt, ...)
{
	rd->err->line = rd->lineno;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(rd->err->msg, sizeof rd->err->msg, fmt, ap);
	va_end(ap);
	return false;
}

/* Splits "key value" into its key and the rest; false when there is no
 * blank between them. */
static bool split_key(char *line, char **value)
{
	char *sp = strchr(line, ' ');
	if (!sp || sp == line || sp[1] == '\0')
		return false;
	*sp = '\0';
	*value = sp + 1;
	return true;
}

static bool parse_u64(const char *s, uint64_t *out)
{
	if (!*s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end)
		return false;
	*out = (uint64_t)v;
	return true;
}

static bool parse_word(const char *v, char *out, size_t n)
{
	if (!*v || strlen(v) >= n || strpbrk(v, " \t/"))
		return false;
	for (const char *p = v; *p; p++)
		if ((unsigned char)*p < 0x20)
			return false;
	snprintf(out, n, "%s", v);
	return true;
}

static bool parse_digest(char *v, struct gamefile_line *l)
{
	char *sp = strchr(v, ' ');
	if (!sp)
		return false;
	*sp = '\0';
	uint64_t turn;
	if (!parse_u64(v, &turn) || turn > 100000)
		return false;
	const char *hex = sp + 1;
	if (strlen(hex) != 16)
		return false;
	uint64_t d = 0;
	for (const char *p = hex; *p; p++) {
		int x;
		if (*p >= '0' && *p <= '9')
			x = *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			x = *p - 'a' + 10;
		else
			return false;
		d = d << 4 | (uint64_t)x;
	}
	l->turn = (int)turn;
	l->digest = d;
	return true;
}

static const char *const header_keys[] = {
	GAMEFILE_MAGIC, "ruleset", "battle", "kind", "seed", "prng",
};
#define HEADER_LINES 6

static bool header_line(struct reader *rd, int i, char *line,
			struct gamefile_header *h)
{
	char *v;
	if (!split_key(line, &v) || strcmp(line, header_keys[i]) != 0)
		return read_fail(rd, "header: expected \"%s VALUE\"",
				 header_keys[i]);
	uint64_t n;
	switch (i) {
	case 0:
		if (!parse_u64(v, &n))
			return read_fail(rd, "header: bad format version");
		if (n != GAMEFILE_VERSION)
			return read_fail(rd,
					 "format version %s is not supported "
					 "(this maniple reads %d)",
					 v, GAMEFILE_VERSION);
		h->version = (int)n;
		return true;
	case 1:
		if (!parse_word(v, h->ruleset, sizeof h->ruleset))
			return read_fail(rd, "header: bad ruleset");
		return true;
	case 2:
		if (!parse_word(v, h->battle, sizeof h->battle))
			return read_fail(rd, "header: bad battle");
		return true;
	case 3:
		if (!parse_word(v, h->kind, sizeof h->kind))
			return read_fail(rd, "header: bad kind");
		return true;
	case 4:
		if (!parse_u64(v, &h->seed))
			return read_fail(rd, "header: bad seed");
		return true;
	default: {
		char want[64];
		snprintf(want, sizeof want, "%s %" PRIu64, GAMEFILE_PRNG,
			 (uint64_t)MANIPLE_PCG_STREAM);
		if (strcmp(v, want) != 0)
			return read_fail(rd, "header: prng must be \"%s\"",
					 want);
		return true;
	}
	}
}

bool gamefile_read(const char *path, gamefile_header_fn header,
		   gamefile_body_fn body, void *user, struct ini_error *err)
{
	return gamefile_read_torn(path, header, body, user, err, NULL);
}

/* One line of at most GAMEFILE_LINE_MAX bytes and its '\n' into buf
 * (GAMEFILE_LINE_MAX + 2 bytes): its length with the '\n', 0 at the end of
 * the file, -1 when the line goes on past the limit, -2 on a NUL byte. */
static long read_line(FILE *f, char *buf)
{
	long len = 0;
	int ch;
	while ((ch = getc(f)) != EOF) {
		if (ch == '\0')
			return -2;
		if (len == GAMEFILE_LINE_MAX && ch != '\n')
			return -1;
		buf[len++] = (char)ch;
		if (ch == '\n')
			break;
	}
	buf[len] = '\0';
	return len;
}

bool gamefile_read_torn(const char *path, gamefile_header_fn header,
			gamefile_body_fn body, void *user,
			struct ini_error *err, long *torn_at)
{
	if (torn_at)
		*torn_at = -1;
	long at = 0; /* where the line being read starts */
	memset(err, 0, sizeof *err);
	snprintf(err->file, sizeof err->file, "%s", path);
	struct reader rd = {.err = err, .lineno = 0};
	char why[128];
	FILE *f = rfile_open(path, GAMEFILE_SIZE_MAX, why, sizeof why);
	if (!f)
		return read_fail(&rd, "%s", why);
	struct gamefile_header h;
	memset(&h, 0, sizeof h);
	char *line = malloc(GAMEFILE_LINE_MAX + 2);
	if (!line) {
		fclose(f);
		return read_fail(&rd, "out of memory");
	}
	long len;
	bool ok = true;
	while (ok) {
		len = read_line(f, line);
		if (len == 0)
			break;
		rd.lineno++;
		if (len == -1) {
			ok = read_fail(&rd, "line longer than %d bytes (the "
					    "limit)",
				       GAMEFILE_LINE_MAX);
			break;
		}
		if (len == -2) {
			ok = read_fail(&rd, "NUL byte in line");
			break;
		}
		if (rd.lineno > GAMEFILE_LINES_MAX) {
			ok = read_fail(&rd, "more than %d lines (the limit)",
				       GAMEFILE_LINES_MAX);
			break;
		}
		long start = at;
		at += len;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		else if (torn_at && rd.lineno > HEADER_LINES) {
			/* an append cut short (gamefile.h): skipped */
			*torn_at = start;
			break;
		} else {
			ok = read_fail(&rd, "line does not end (file cut)");
			break;
		}
		if (rd.lineno <= HEADER_LINES) {
			ok = header_line(&rd, rd.lineno - 1, line, &h);
			if (ok && rd.lineno == HEADER_LINES && header &&
			    header(user, &h, err) != 0) {
				err->line = rd.lineno;
				ok = false;
			}
			continue;
		}
		struct gamefile_line l = {.lineno = rd.lineno, .text = line};
		if (strncmp(line, "digest ", 7) == 0) {
			char copy[GAMEFILE_LINE_MAX + 2];
			snprintf(copy, sizeof copy, "%s", line + 7);
			if (!parse_digest(copy, &l)) {
				ok = read_fail(&rd,
					       "bad digest line (want \"digest "
					       "TURN 16-HEX-DIGITS\")");
				break;
			}
			l.is_digest = true;
		}
		if (body(user, &l, err) != 0) {
			err->line = rd.lineno;
			ok = false;
		}
	}
	if (ok && ferror(f))
		ok = read_fail(&rd, "%s", strerror(errno));
	if (ok && rd.lineno < HEADER_LINES) {
		rd.lineno++;
		ok = read_fail(&rd, "header ends early: no \"%s\" line",
			       header_keys[rd.lineno - 1]);
	}
	free(line);
	fclose(f);
	return ok;
}
