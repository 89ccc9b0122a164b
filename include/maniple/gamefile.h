/* gamefile.h — game files: a game's journal on disk.
 *
 * Plain text, one item a line:
 *
 *     maniple-game 1            format version (this is version 1)
 *     ruleset NAME              the rules that play it (the battle's)
 *     battle drill              the battle's id (scenarios/drill.ini)
 *     kind sandbox              solo | hotseat | sandbox
 *     seed 42                   the dice's seed (decimal, 64-bit)
 *     prng pcg32 54             the PRNG and its stream constant (dice.h)
 *     roll 6 2 9                then one game-changing command a line,
 *     setup turn 2              in the order they were applied,
 *     digest 2 9f0c...          and after the command that ends a game
 *                               turn, the turn and the 16-hex-digit FNV-1a
 *                               digest of the state's canonical text.
 *
 * The PRNG, the way a d10 is drawn from it, and the canonical state text
 * are part of the format version.  Each line is appended and flushed to the
 * disk (write + fsync) before the result is shown; a copy is written to a
 * temporary file in the same directory and renamed over its name.
 * Ruleset-free: the caller replays the lines and computes the digests.
 *
 * Crashes: a process killed at any moment leaves whole lines, save that
 * the kernel may cut a write short when SIGKILL comes while it crosses a
 * page (and a power cut may do the same): the last line then lacks its
 * '\n'.  That line's append never returned, so its result was never
 * shown; gamefile_read_torn skips it and gamefile_cut drops it.  A command
 * whose turn-ending digest line was not written yet is completed on load
 * (the game's loader writes it).
 */
#ifndef MANIPLE_GAMEFILE_H
#define MANIPLE_GAMEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "maniple/ini.h"

#define GAMEFILE_VERSION 1
#define GAMEFILE_MAGIC "maniple-game"
#define GAMEFILE_PRNG "pcg32"
/* Limits on reading a game file: it must be a regular file (rfile.h) of
 * at most GAMEFILE_SIZE_MAX bytes and GAMEFILE_LINES_MAX lines, none
 * longer than GAMEFILE_LINE_MAX bytes; the longest soak game has some
 * tens of thousands of lines. */
#define GAMEFILE_SIZE_MAX (512LL * 1024 * 1024)
#define GAMEFILE_LINES_MAX 4000000
#define GAMEFILE_LINE_MAX 1100

struct gamefile_header {
	int version;
	char ruleset[16];
	char battle[64];
	char kind[16];
	uint64_t seed;
};

/* A journal in memory: the header and every body line so far (commands
 * and digest lines), so a copy can be written at any time. */
struct journal {
	struct gamefile_header h;
	char **lines;
	size_t n, cap;
};

void journal_init(struct journal *j, const struct gamefile_header *h);
void journal_free(struct journal *j);
/* Returns 0, or -1 when memory runs out. */
int journal_add(struct journal *j, const char *line);
/* Drops the last line (a command whose append to disk failed). */
void journal_drop_last(struct journal *j);

/* "digest TURN HEX" into buf. */
void gamefile_digest_line(int turn, uint64_t digest, char *buf, size_t n);

/* Writes the whole journal to path atomically (temporary file in the same
 * directory, fsync, rename).  Returns 0, or -1 with a reason in err. */
int gamefile_write(const char *path, const struct journal *j, char *err,
		   size_t errn);

/* An open game file that lines are appended to. */
struct gamefile {
	FILE *f;
	char path[512];
};

/* Opens an existing game file for appending.  0, or -1 with err. */
int gamefile_open_append(struct gamefile *gf, const char *path, char *err,
			 size_t errn);
/* Appends one line (or lines joined by '\n', written in one go), then
 * fsync; a failed write is cut back off.  0, or -1 with err. */
int gamefile_append(struct gamefile *gf, const char *line, char *err,
		    size_t errn);
/* Cuts the open file back to its first length bytes and fsyncs it (drops
 * a torn last line).  0, or -1 with err. */
int gamefile_cut(struct gamefile *gf, long length, char *err, size_t errn);
void gamefile_close(struct gamefile *gf);

/* Reading.  body is called for every line after the header with its
 * number; a digest line is handed over parsed (is_digest, turn, digest).
 * It returns 0 to go on, or non-zero after filling err->msg (the reader
 * fills file and line).  Returns true when the file was read whole. */
struct gamefile_line {
	int lineno;
	const char *text;
	bool is_digest;
	int turn;
	uint64_t digest;
};
typedef int (*gamefile_body_fn)(void *user, const struct gamefile_line *l,
				struct ini_error *err);
/* header is called once the header is read, before any body line (may be
 * NULL); it may refuse the header the same way. */
typedef int (*gamefile_header_fn)(void *user, const struct gamefile_header *h,
				  struct ini_error *err);
bool gamefile_read(const char *path, gamefile_header_fn header,
		   gamefile_body_fn body, void *user, struct ini_error *err);
/* As gamefile_read, but a last line after the header that lacks its '\n'
 * (a torn append, see above) is not an error: body never sees it and
 * *torn_at gets the offset where it starts (else -1). */
bool gamefile_read_torn(const char *path, gamefile_header_fn header,
			gamefile_body_fn body, void *user,
			struct ini_error *err, long *torn_at);

#endif
