/* gamefile.c — game files: the journal in memory, atomic copies, appends
 * flushed to the disk, and reading with line numbers. */
#include "maniple/gamefile.h"

#include "maniple/dice.h"
#include "maniple/rfile.h"
#include "maniple/sha256.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/random.h>
#include <unistd.h>

static void sync_dir(const char *path);

bool gamefile_player_ok(const char *text)
{
	if (strcmp(text, "person") == 0)
		return true;
	return strncmp(text, "computer ", 9) == 0 && text[9] >= '1' &&
	       text[9] <= '9' && text[10] == '\0';
}

void gamefile_seed_hash(uint64_t seed, char out[65])
{
	char digits[32];
	int w = snprintf(digits, sizeof digits, "%" PRIu64, seed);
	sha256_hex(digits, (size_t)w, out);
}

void gamefile_seed_commit(uint64_t seed, const char *salt, char out[65])
{
	char text[80];
	int w = snprintf(text, sizeof text, "maniple-seed %" PRIu64 " %s",
			 seed, salt);
	sha256_hex(text, (size_t)w, out);
}

bool gamefile_hex_ok(const char *text, size_t n)
{
	return strlen(text) == n && strspn(text, "0123456789abcdef") == n;
}

/* The first 16 hex digits of a SHA-256 in hex, as a number. */
static uint64_t hex64(const char *hex)
{
	uint64_t v = 0;
	for (int i = 0; i < 16; i++) {
		char c = hex[i];
		v = v << 4 | (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
	}
	return v;
}

bool gamefile_secret_set(struct gamefile_header *h, uint64_t secret,
			 const char *salt)
{
	char want[65];
	if (!gamefile_hex_ok(salt, 32))
		return false;
	gamefile_seed_commit(secret, salt, want);
	if (strcmp(want, h->commit) != 0)
		return false;
	h->secret_known = true;
	h->secret = secret;
	snprintf(h->salt, sizeof h->salt, "%s", salt);
	h->seed = secret;
	if (strcmp(h->dice_mode, "mail") == 0) {
		/* both players' parts (gamefile.h) */
		char text[160], d[65];
		int w = snprintf(text, sizeof text,
				 "maniple-mail %" PRIu64 " %s %s", secret, salt,
				 h->share);
		sha256_hex(text, (size_t)w, d);
		h->seed = hex64(d);
	}
	return true;
}

/* dir/COMMIT.seed into out; false when it does not fit. */
static bool secret_path(const char *dir, const struct gamefile_header *h,
			char *out, size_t n)
{
	int w = snprintf(out, n, "%s/%s.seed", dir, h->commit);
	return w > 0 && (size_t)w < n;
}

int gamefile_secret_write(const char *dir, const struct gamefile_header *h,
			  char *err, size_t errn)
{
	char path[600], tmp[620];
	if (!secret_path(dir, h, path, sizeof path))
		return snprintf(err, errn, "%s: path too long", dir), -1;
	char made[600];
	snprintf(made, sizeof made, "%s", dir);
	for (char *q = made + 1; *q; q++) /* and its parents, 0700 */
		if (*q == '/') {
			*q = '\0';
			mkdir(made, 0700);
			*q = '/';
		}
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return snprintf(err, errn, "%s: %s", dir, strerror(errno)), -1;
	snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", path);
	int fd = mkstemp(tmp); /* mode 0600 */
	if (fd < 0)
		return snprintf(err, errn, "%s: %s", dir, strerror(errno)), -1;
	char text[80];
	int w = snprintf(text, sizeof text, "maniple-seed %" PRIu64 " %s\n",
			 h->secret, h->salt);
	bool ok = write(fd, text, (size_t)w) == w && fsync(fd) == 0;
	int e = errno;
	close(fd);
	if (!ok || rename(tmp, path) != 0) {
		if (ok)
			e = errno;
		unlink(tmp);
		return snprintf(err, errn, "%s: %s", path, strerror(e)), -1;
	}
	sync_dir(path);
	return 0;
}

int gamefile_secret_read(const char *dir, struct gamefile_header *h,
			 char *err, size_t errn)
{
	char path[600];
	if (!secret_path(dir, h, path, sizeof path))
		return snprintf(err, errn, "%s: path too long", dir), -1;
	char why[128];
	FILE *f = rfile_open(path, 256, why, sizeof why);
	if (!f) {
		struct stat st;
		if (lstat(path, &st) != 0 && errno == ENOENT)
			return 0;
		return snprintf(err, errn, "%s", why), -1;
	}
	char text[128] = "";
	bool got = fgets(text, sizeof text, f) != NULL;
	fclose(f);
	uint64_t seed;
	char salt[40], end;
	if (!got ||
	    sscanf(text, "maniple-seed %" SCNu64 " %39s%c", &seed, salt,
		   &end) != 3 ||
	    end != '\n' || !gamefile_secret_set(h, seed, salt))
		return snprintf(err, errn,
				"%s: not the secret of this game's "
				"seed-commit",
				path),
		       -1;
	return 1;
}

void gamefile_secret_forget(const char *dir, const struct gamefile_header *h)
{
	char path[600];
	if (secret_path(dir, h, path, sizeof path))
		unlink(path);
}

uint64_t gamefile_chain(uint64_t prev, const char *text)
{
	char hex[17];
	snprintf(hex, sizeof hex, "%016" PRIx64, prev);
	struct sha256 c;
	unsigned char d[32];
	sha256_init(&c);
	sha256_add(&c, hex, 16);
	sha256_add(&c, text, strlen(text));
	sha256_end(&c, d);
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v = v << 8 | d[i];
	return v;
}

int gamefile_header_lines(int version)
{
	return version >= 2 ? 9 : 6;
}

/* The header's lines, as written and chained; returns how many. */
static int header_text(const struct gamefile_header *h, char (*out)[128])
{
	int k = 0;
	snprintf(out[k++], 128, "%s %d", GAMEFILE_MAGIC, h->version);
	snprintf(out[k++], 128, "ruleset %s", h->ruleset);
	snprintf(out[k++], 128, "battle %s", h->battle);
	snprintf(out[k++], 128, "kind %s", h->kind);
	if (h->version >= GAMEFILE_COMMITTED) {
		snprintf(out[k++], 128, "seed-commit %s", h->commit);
		snprintf(out[k++], 128, "dice-mode %s", h->dice_mode);
	} else {
		snprintf(out[k++], 128, "seed %" PRIu64, h->seed);
	}
	if (h->version == 2) {
		char sh[65];
		gamefile_seed_hash(h->seed, sh);
		snprintf(out[k++], 128, "seed-hash %s", sh);
	}
	snprintf(out[k++], 128, "prng %s %" PRIu64, GAMEFILE_PRNG,
		 (uint64_t)MANIPLE_PCG_STREAM);
	if (h->version >= 2)
		for (int side = 0; side < 2; side++)
			snprintf(out[k++], 128, "player %d %s", side,
				 h->player[side][0] ? h->player[side]
						    : "person");
	return k;
}

void journal_init(struct journal *j, const struct gamefile_header *h)
{
	memset(j, 0, sizeof *j);
	j->h = *h;
	for (int side = 0; side < 2; side++)
		if (!j->h.player[side][0])
			snprintf(j->h.player[side], sizeof j->h.player[side],
				 "person");
	char lines[9][128];
	int n = header_text(&j->h, lines);
	for (int i = 0; i < n; i++)
		j->head = gamefile_chain(j->head, lines[i]);
}

void journal_free(struct journal *j)
{
	for (size_t i = 0; i < j->n; i++)
		free(j->lines[i]);
	free(j->lines);
	free(j->chain);
	j->lines = NULL;
	j->chain = NULL;
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
		uint64_t *c = realloc(j->chain, cap * sizeof *c);
		if (!c)
			return -1;
		j->chain = c;
		j->cap = cap;
	}
	char *s = strdup(line);
	if (!s)
		return -1;
	j->lines[j->n++] = s; /* its chain link when it is written */
	return 0;
}

void journal_drop_last(struct journal *j)
{
	if (j->n > 0)
		free(j->lines[--j->n]);
	if (j->nchain > j->n)
		j->nchain = j->n;
}

/* Line i's chain link, given line i - 1's (prev; the header's for the
 * first): the one kept when it was worked out before. */
static uint64_t link_of(const struct journal *j, size_t i, uint64_t prev)
{
	return i < j->nchain ? j->chain[i] : gamefile_chain(prev, j->lines[i]);
}

/* The chain links of the journal's lines up to line n - 1, kept. */
static void chain_to(struct journal *j, size_t n)
{
	for (; j->nchain < n; j->nchain++)
		j->chain[j->nchain] =
			link_of(j, j->nchain,
				j->nchain ? j->chain[j->nchain - 1] : j->head);
}

bool gamefile_is_command(const char *line)
{
	return strncmp(line, "digest ", 7) != 0 &&
	       strncmp(line, "note ", 5) != 0 &&
	       strncmp(line, "dice ", 5) != 0 &&
	       strncmp(line, "mail-share ", 11) != 0 &&
	       strncmp(line, "reveal ", 7) != 0 &&
	       strncmp(line, "nonce ", 6) != 0;
}

bool gamefile_random_bytes(void *buf, size_t n)
{
	unsigned char *b = buf;
	size_t got = 0;
	while (got < n) {
		ssize_t w = getrandom(b + got, n - got, 0);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		got += (size_t)w;
	}
	return true;
}

void gamefile_two_party_key(const struct gamefile_header *h, size_t seq,
			    const char *nonce, const char *line,
			    uint64_t *state, uint64_t *stream)
{
	struct sha256 c;
	unsigned char d[32];
	char head[200];
	int w = snprintf(head, sizeof head,
			 "maniple-two-party %s %" PRIu64 " %s %zu %s ",
			 h->commit, h->secret, h->salt, seq, nonce);
	sha256_init(&c);
	sha256_add(&c, head, (size_t)w);
	sha256_add(&c, line, strlen(line));
	sha256_end(&c, d);
	uint64_t a = 0, b = 0;
	for (int i = 0; i < 8; i++) {
		a = a << 8 | d[i];
		b = b << 8 | d[8 + i];
	}
	*state = a;
	*stream = b;
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

/* One line as the journal's format writes it: with its link in format
 * 2. */
static void put_line(FILE *f, const struct journal *j, const char *text,
		     uint64_t link)
{
	if (j->h.version >= 2)
		fprintf(f, "%s\t%016" PRIx64 "\n", text, link);
	else
		fprintf(f, "%s\n", text);
}

static void write_header(FILE *f, const struct journal *j)
{
	char lines[9][128];
	int n = header_text(&j->h, lines);
	uint64_t link = 0;
	for (int i = 0; i < n; i++) {
		link = gamefile_chain(link, lines[i]);
		put_line(f, j, lines[i], link);
	}
}

/* fsync the directory holding path, so a rename survives a crash. */
static void sync_dir(const char *path)
{
	char dir[1024]; /* room for any path the callers build */
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

int gamefile_resolve(const char *path, char *out, size_t n, char *err,
		     size_t errn)
{
	char real[PATH_MAX];
	struct stat st;
	if (lstat(path, &st) == 0) {
		if (!realpath(path, real))
			return fail(err, errn, "%s: %s", path,
				    S_ISLNK(st.st_mode)
					    ? "a symbolic link to nothing"
					    : strerror(errno));
	} else {
		/* a new file: its directory resolved, its name kept */
		char dir[PATH_MAX];
		snprintf(dir, sizeof dir, "%s", path);
		char *slash = strrchr(dir, '/');
		const char *name = slash ? slash + 1 : path;
		if (!slash)
			snprintf(dir, sizeof dir, ".");
		else if (slash == dir)
			dir[1] = '\0';
		else
			*slash = '\0';
		if (!*name)
			return fail(err, errn, "%s: no file name", path);
		char rdir[PATH_MAX];
		if (!realpath(dir, rdir))
			return fail(err, errn, "%s: %s", path, strerror(errno));
		int w = snprintf(real, sizeof real, "%s/%s",
				 strcmp(rdir, "/") == 0 ? "" : rdir, name);
		if (w < 0 || (size_t)w >= sizeof real)
			return fail(err, errn, "%s: path too long", path);
	}
	if (strlen(real) >= n || strlen(real) >= 500)
		return fail(err, errn, "%s: path too long", path);
	snprintf(out, n, "%s", real);
	return 0;
}

int gamefile_write(const char *path, const struct journal *j, bool replace,
		   char *err, size_t errn)
{
	char real[512];
	if (gamefile_resolve(path, real, sizeof real, err, errn) != 0)
		return -1;
	struct stat st;
	if (lstat(real, &st) == 0) {
		if (!S_ISREG(st.st_mode))
			return fail(err, errn,
				    "%s: %s, never replaced by a game file",
				    path, rfile_kind((unsigned)st.st_mode));
		if (!replace && st.st_size > 0) /* an empty file loses nothing */
			return fail(err, errn,
				    "%s: the file exists (save! or --force "
				    "replaces it)",
				    path);
	}
	char tmp[600];
	snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", real);
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
	write_header(f, j);
	uint64_t link = j->head;
	for (size_t i = 0; i < j->n; i++) {
		link = link_of(j, i, link);
		put_line(f, j, j->lines[i], link);
	}
	bool ok = fflush(f) == 0 && fsync(fd) == 0;
	int e = errno;
	if (fclose(f) != 0 && ok) {
		ok = false;
		e = errno;
	}
	if (!ok || rename(tmp, real) != 0) {
		if (ok)
			e = errno;
		unlink(tmp);
		return fail(err, errn, "%s: %s", path, strerror(e));
	}
	sync_dir(real);
	return 0;
}

int gamefile_claim(struct gamefile *gf, const char *path, char *err,
		   size_t errn)
{
	gf->f = NULL;
	gamelock_init(&gf->lock);
	if (gamefile_resolve(path, gf->path, sizeof gf->path, err, errn) != 0)
		return -1;
	struct gamelock_holder h;
	char why[300];
	int rc = gamelock_take(&gf->lock, gf->path, &h, why, sizeof why);
	if (rc == 1 && h.pid == (long)getpid()) {
		/* this process holds it already (another session of the same
		 * program, e.g. a check that reloads the game): it goes on
		 * under that lock, owning none itself */
		gamelock_init(&gf->lock);
		return 0;
	}
	if (rc == 1) {
		char who[300];
		gamelock_describe(&h, who, sizeof who);
		return fail(err, errn, "%s: the game is being played by %s",
			    path, who), 1;
	}
	if (rc != 0)
		return fail(err, errn, "%s: cannot lock it: %s", path, why);
	return 0;
}

int gamefile_attach(struct gamefile *gf, char *err, size_t errn)
{
	if (gf->f) {
		fclose(gf->f);
		gf->f = NULL;
	}
	int fd = open(gf->path,
		      O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return fail(err, errn, "%s: %s", gf->path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return fail(err, errn, "%s: not a regular file", gf->path);
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	gf->f = fdopen(fd, "a");
	if (!gf->f) {
		int e = errno;
		close(fd);
		return fail(err, errn, "%s: %s", gf->path, strerror(e));
	}
	return 0;
}

int gamefile_open_append(struct gamefile *gf, const char *path, char *err,
			 size_t errn)
{
	int rc = gamefile_claim(gf, path, err, errn);
	if (rc != 0)
		return rc;
	if (gamefile_attach(gf, err, errn) != 0) {
		gamelock_release(&gf->lock);
		return -1;
	}
	return 0;
}

/* The line goes out with write(2) itself, not through the stream's
 * buffer: a write that fails part way (a full disk) is cut back off, so
 * that no half line stays to be glued to the next append, and nothing
 * stays in a buffer to come out later. */
static int append_bytes(struct gamefile *gf, const char *buf, size_t len,
			char *err, size_t errn)
{
	if (!gf->f)
		return fail(err, errn, "no game file open");
	int fd = fileno(gf->f);
	struct stat st;
	if (fstat(fd, &st) != 0)
		return fail(err, errn, "%s: %s", gf->path, strerror(errno));
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

int gamefile_append(struct gamefile *gf, const char *line, char *err,
		    size_t errn)
{
	size_t len = strlen(line);
	char *buf = malloc(len + 1);
	if (!buf)
		return fail(err, errn, "%s: out of memory", gf->path);
	memcpy(buf, line, len);
	buf[len++] = '\n';
	int rc = append_bytes(gf, buf, len, err, errn);
	free(buf);
	return rc;
}

int gamefile_append_journal(struct gamefile *gf, struct journal *j,
			    size_t from, char *err, size_t errn)
{
	if (j->h.version >= 2)
		chain_to(j, j->n);
	size_t len = 0;
	for (size_t i = from; i < j->n; i++)
		len += strlen(j->lines[i]) + 18;
	char *buf = malloc(len + 1);
	if (!buf)
		return fail(err, errn, "%s: out of memory", gf->path);
	size_t at = 0;
	for (size_t i = from; i < j->n; i++) {
		int w = j->h.version >= 2
				? snprintf(buf + at, len + 1 - at,
					   "%s\t%016" PRIx64 "\n", j->lines[i],
					   j->chain[i])
				: snprintf(buf + at, len + 1 - at, "%s\n",
					   j->lines[i]);
		at += (size_t)w;
	}
	int rc = append_bytes(gf, buf, at, err, errn);
	free(buf);
	return rc;
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
	gamelock_release(&gf->lock);
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

/* The header's keys, in order, for format 1 and format 2. */
static const char *const header_keys1[] = {
	GAMEFILE_MAGIC, "ruleset", "battle", "kind", "seed", "prng",
};
static const char *const header_keys2[] = {
	GAMEFILE_MAGIC, "ruleset", "battle", "kind", "seed", "seed-hash",
	"prng", "player", "player",
};
static const char *const header_keys3[] = {
	GAMEFILE_MAGIC, "ruleset", "battle", "kind", "seed-commit",
	"dice-mode", "prng", "player", "player",
};

static const char *header_key(int version, int i)
{
	return version >= 3   ? header_keys3[i]
	       : version == 2 ? header_keys2[i]
			      : header_keys1[i];
}

static bool header_line(struct reader *rd, int i, char *line,
			struct gamefile_header *h)
{
	char *v;
	const char *key = i == 0 ? GAMEFILE_MAGIC : header_key(h->version, i);
	if (!split_key(line, &v) || strcmp(line, key) != 0)
		return read_fail(rd, "header: expected \"%s VALUE\"", key);
	uint64_t n;
	if (i == 0) {
		if (!parse_u64(v, &n))
			return read_fail(rd, "header: bad format version");
		if (n < 1 || n > GAMEFILE_COMMITTED)
			return read_fail(rd,
					 "format version %s is not supported "
					 "(this maniple reads 1 to %d)",
					 v, GAMEFILE_COMMITTED);
		h->version = (int)n;
		return true;
	}
	if (!strcmp(key, "ruleset")) {
		if (!parse_word(v, h->ruleset, sizeof h->ruleset))
			return read_fail(rd, "header: bad ruleset");
	} else if (!strcmp(key, "battle")) {
		if (!parse_word(v, h->battle, sizeof h->battle))
			return read_fail(rd, "header: bad battle");
	} else if (!strcmp(key, "kind")) {
		if (!parse_word(v, h->kind, sizeof h->kind))
			return read_fail(rd, "header: bad kind");
	} else if (!strcmp(key, "seed")) {
		if (!parse_u64(v, &h->seed))
			return read_fail(rd, "header: bad seed");
	} else if (!strcmp(key, "seed-commit")) {
		if (!gamefile_hex_ok(v, 64))
			return read_fail(rd, "header: seed-commit must be 64 "
					     "lower-case hex digits");
		snprintf(h->commit, sizeof h->commit, "%s", v);
	} else if (!strcmp(key, "dice-mode")) {
		if (strcmp(v, "trusted") != 0 && strcmp(v, "mail") != 0 &&
		    strcmp(v, GAMEFILE_TWO_PARTY) != 0)
			return read_fail(rd, "header: dice-mode must be "
					     "trusted, two-party or mail");
		snprintf(h->dice_mode, sizeof h->dice_mode, "%s", v);
	} else if (!strcmp(key, "seed-hash")) {
		char want[65];
		gamefile_seed_hash(h->seed, want);
		if (strcmp(v, want) != 0)
			return read_fail(rd, "header: seed-hash is not the "
					     "SHA-256 of the seed");
	} else if (!strcmp(key, "player")) {
		int side = i - 7;
		char want[4];
		snprintf(want, sizeof want, "%d ", side & 1);
		if (strncmp(v, want, 2) != 0 ||
		    !gamefile_player_ok(v + 2) ||
		    strlen(v + 2) >= sizeof h->player[side])
			return read_fail(rd,
					 "header: want \"player %d person\" "
					 "or \"player %d computer LEVEL\" "
					 "(LEVEL 1-9)",
					 side, side);
		snprintf(h->player[side], sizeof h->player[side], "%s", v + 2);
	} else {
		char want[64];
		snprintf(want, sizeof want, "%s %" PRIu64, GAMEFILE_PRNG,
			 (uint64_t)MANIPLE_PCG_STREAM);
		if (strcmp(v, want) != 0)
			return read_fail(rd, "header: prng must be \"%s\"",
					 want);
	}
	return true;
}

/* Format 2: the link at the end of a line (after its last tab) checked
 * against the chain and cut off.  *link is the previous line's, then
 * this one's. */
static bool chain_line(struct reader *rd, char *line, uint64_t *link)
{
	char *tab = strrchr(line, '\t');
	if (!tab || strlen(tab + 1) != 16 ||
	    strspn(tab + 1, "0123456789abcdef") != 16)
		return read_fail(rd, "no chain link (a format 2 line ends in "
				     "a tab and 16 hex digits)");
	uint64_t said = strtoull(tab + 1, NULL, 16);
	*tab = '\0';
	uint64_t want = gamefile_chain(*link, line);
	if (said != want)
		return read_fail(rd,
				 "the hash chain breaks here: this line was "
				 "changed (or the link of the line before "
				 "it was rewritten)");
	*link = want;
	return true;
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
	h.version = 1;
	uint64_t link = 0; /* format 2: the chain so far */
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
		else if (torn_at &&
			 rd.lineno > gamefile_header_lines(h.version)) {
			/* an append cut short (gamefile.h): skipped */
			*torn_at = start;
			break;
		} else {
			ok = read_fail(&rd, "line does not end (file cut)");
			break;
		}
		if (rd.lineno == 1) {
			/* the version says whether lines carry links */
			char *tab = strchr(line, '\t');
			h.version = tab && tab[1] ? 2 : 1;
			if (strncmp(line, GAMEFILE_MAGIC " 1", 14) == 0 &&
			    line[14] == '\0')
				h.version = 1;
		}
		if (h.version >= 2 && !chain_line(&rd, line, &link)) {
			ok = false;
			break;
		}
		int nhead = gamefile_header_lines(h.version);
		if (rd.lineno <= nhead) {
			ok = header_line(&rd, rd.lineno - 1, line, &h);
			if (ok && rd.lineno == 1 && h.version >= 2 &&
			    !strchr(line, '\t') && link == 0)
				ok = read_fail(&rd, "no chain link");
			if (ok && rd.lineno == nhead && header &&
			    header(user, &h, err) != 0) {
				if (!err->line) /* it may name another */
					err->line = rd.lineno;
				ok = false;
			}
			continue;
		}
		struct gamefile_line l = {.lineno = rd.lineno, .text = line};
		l.is_note = strncmp(line, "note ", 5) == 0;
		l.is_dice = strncmp(line, "dice ", 5) == 0;
		l.is_share = strncmp(line, "mail-share ", 11) == 0;
		l.is_reveal = strncmp(line, "reveal ", 7) == 0;
		l.is_nonce = strncmp(line, "nonce ", 6) == 0;
		if ((l.is_dice || l.is_share || l.is_reveal || l.is_nonce) &&
		    h.version < GAMEFILE_COMMITTED) {
			ok = read_fail(&rd, "a format 3 line in a format %d "
					    "file",
				       h.version);
			break;
		}
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
	if (ok && rd.lineno < gamefile_header_lines(h.version)) {
		rd.lineno++;
		ok = read_fail(&rd, "header ends early: no \"%s\" line",
			       header_key(h.version, rd.lineno - 1));
	}
	free(line);
	fclose(f);
	return ok;
}

static int count_command(void *user, const struct gamefile_line *l,
			 struct ini_error *err)
{
	(void)err;
	if (gamefile_is_command(l->text))
		++*(int *)user;
	return 0;
}

int gamefile_commands(const char *path)
{
	int n = 0;
	struct ini_error err;
	long torn = -1;
	if (!gamefile_read_torn(path, NULL, count_command, &n, &err, &torn))
		return -1;
	return n;
}

int gamefile_name_free(const char *out, size_t n, int w)
{
	if (w < 0 || (size_t)w >= n)
		return -1;
	struct stat st;
	return lstat(out, &st) != 0 && errno == ENOENT ? 1 : 0;
}

int gamefile_aside_name(const char *path, time_t mtime, char *out, size_t n)
{
	size_t len = strlen(path);
	if (len > 5 && strcmp(path + len - 5, ".game") == 0)
		len -= 5;
	char stamp[32];
	struct tm tm;
	if (!localtime_r(&mtime, &tm) ||
	    !strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm))
		snprintf(stamp, sizeof stamp, "%lld", (long long)mtime);
	for (int k = 1; k < 1000; k++) {
		char nth[16] = "";
		if (k > 1)
			snprintf(nth, sizeof nth, "-%d", k);
		int w = snprintf(out, n, "%.*s-%s%s.game", (int)len, path,
				 stamp, nth);
		int f = gamefile_name_free(out, n, w);
		if (f != 0)
			return f > 0 ? 0 : -1;
	}
	return -1;
}

int gamefile_keep_old(const char *path, char *moved, size_t n, char *err,
		    size_t errn)
{
	if (n)
		moved[0] = '\0';
	struct stat st;
	if (stat(path, &st) != 0)
		return 0; /* nothing there */
	if (gamefile_commands(path) == 0)
		return 0; /* a game nobody played: nothing to keep */
	char to[600 + 64];
	if (gamefile_aside_name(path, st.st_mtim.tv_sec, to, sizeof to) != 0) {
		snprintf(err, errn, "%s: no free name to keep it under", path);
		return -1;
	}
	if (rename(path, to) != 0) {
		snprintf(err, errn, "%s: cannot keep it as %s: %s", path, to,
			 strerror(errno));
		return -1;
	}
	snprintf(moved, n, "%s", to);
	return 0;
}
