/* gamefile.h — game files: a game's journal on disk.
 *
 * Plain text, one item a line.  Format 2 (written by this maniple for a
 * game at one keyboard; the man page's GAME FILES gives the same
 * specification):
 *
 *     maniple-game 2            format version
 *     ruleset NAME              the rules that play it (the battle's)
 *     battle drill              the battle's id (scenarios/drill.ini)
 *     kind sandbox              solo | hotseat | sandbox
 *     seed 42                   the dice's seed (decimal, 64-bit)
 *     seed-hash 73475c...       SHA-256 of the seed's decimal digits (a
 *                               commitment: the reveal comes later)
 *     prng pcg32 54             the PRNG and its stream constant (dice.h)
 *     player 0 person           who plays side 0: person, or
 *     player 1 computer 3       computer LEVEL (1-9)
 *     roll 6 2 9                then one game-changing command a line,
 *     note TEXT                 an annotation (replay skips it),
 *     digest 2 9f0c...          and after the command that ends a game
 *                               turn, the turn and the 16-hex-digit
 *                               binary-state digest (digest.h).
 *
 * Every line of format 2, the header's included, ends in a tab and the
 * 16 hex digits of its link in a hash chain: the first 16 hex digits of
 * SHA-256 over the previous line's link (sixteen 0s before the first
 * line) followed by the line's text.  Any changed line breaks the chain
 * there, and the reader names it.  The chain has no key: it finds
 * accidents and casual edits, not a forger who recomputes it.
 *
 * Format 3 (a committed game: live and by mail) has the same lines but
 * does not show the seed until the game's end:
 *
 *     seed-commit HEX           in place of seed and seed-hash: SHA-256 of
 *                               "maniple-seed SEED SALT" (SALT 32 hex
 *                               digits, secret like the seed, so a small
 *                               seed cannot be found by trying seeds)
 *     dice-mode trusted         trusted (the host holds the seed) |
 *                               two-party (the host holds the seed, the
 *                               guest gives a nonce for each command) |
 *                               mail (both players made it, see below)
 *
 * and, in the body, besides commands, notes and digests:
 *
 *     dice 4071                 after a command that drew d10s from the
 *                               seed: the digits it drew, in order
 *     nonce HEX                 two-party: the guest's nonce (32 hex
 *                               digits) for the command on the next line
 *     mail-share HEX            mail: the second player's share of the
 *                               seed (32 hex digits), before any command
 *     reveal SEED SALT          the secret, at the game's end (or when
 *                               both players agree; mail: at once, before
 *                               the first command)
 *
 * The dice's seed is SEED, or in mail the first 16 hex digits of
 * SHA-256 of "maniple-mail SEED SALT SHARE".  In two-party the dice of
 * each command come from its own PCG32, seeded anew before it runs with
 * the two halves of K = SHA-256 of "maniple-two-party COMMIT SEED SALT
 * N NONCE LINE" (N the command's number from 1, NONCE its nonce line's
 * hex, LINE the command): the first 8 bytes of K (big-endian) the
 * state, the next 8 the stream (gamefile_two_party_key).  The host, who
 * knows the secret, cannot know the dice before the guest's nonce comes;
 * the guest, who does not, cannot work them out at all.  Until the reveal the secret
 * lives in its holder's seed store (gamefile_secret_path), keyed by the
 * commitment.  A format 3 digest leaves the dice's seed and PRNG state
 * out (they would let a small seed be found by trying seeds).
 *
 * Format 1 (still read, and a game loaded from it goes on in format 1):
 * the first 6 header lines without seed-hash and players, no chain, and
 * each digest the FNV-1a of the canonical state text (game_digest).
 *
 * The PRNG, the way a d10 is drawn from it, and the digests are part of
 * the format version.  Each line is appended and flushed to the disk
 * (write + fsync) before the result is shown; a copy is written to a
 * temporary file in the same directory and renamed over its name.
 * Ruleset-free: the caller replays the lines and computes the digests.
 *
 * One writer: a game file open to append holds its lock (gamelock.h).
 * A symbolic link named as a game file is resolved once, when the file
 * is opened; every later write goes to the file it pointed at.  A copy
 * (save, branch) is written only as a regular file, and over an existing
 * file only when the caller says to replace it.
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
#include <time.h>

#include "maniple/gamelock.h"
#include "maniple/ini.h"

#define GAMEFILE_VERSION 2	/* written for a game at one keyboard */
#define GAMEFILE_COMMITTED 3	/* written for a committed game */
/* The seed store's directory, in the state directory (gamefile.h) */
#define GAMEFILE_SEED_STORE "seeds"
#define GAMEFILE_MAGIC "maniple-game"
#define GAMEFILE_TWO_PARTY "two-party" /* the dice mode (gamefile.h) */
#define GAMEFILE_PRNG "pcg32"
/* Limits on reading a game file: it must be a regular file (rfile.h) of
 * at most GAMEFILE_SIZE_MAX bytes and GAMEFILE_LINES_MAX lines, none
 * longer than GAMEFILE_LINE_MAX bytes; the longest soak game has some
 * tens of thousands of lines. */
#define GAMEFILE_SIZE_MAX (512LL * 1024 * 1024)
#define GAMEFILE_LINES_MAX 4000000
#define GAMEFILE_LINE_MAX 1100

#define GAMEFILE_PLAYER_MAX 32

struct gamefile_header {
	int version;		/* 1, 2 or 3 */
	char ruleset[16];
	char battle[64];
	char kind[16];
	/* the dice's seed; format 3: known once the secret is (a reveal
	 * line, or the seed store), else 0 */
	uint64_t seed;
	/* format 3: the commitment (64 hex digits), the dice mode
	 * (trusted, mail), and the secret when known (secret_known: its
	 * seed and salt; mail: the other player's share, "" until given) */
	char commit[65];
	char dice_mode[16];
	bool secret_known;
	uint64_t secret;
	char salt[33];
	char share[33];
	/* format 2: "person" or "computer LEVEL" per side ("" is read as
	 * person) */
	char player[2][GAMEFILE_PLAYER_MAX];
};

/* Whether text is a player field's value: person, or computer and a
 * level 1-9. */
bool gamefile_player_ok(const char *text);
/* The format 2 seed-hash: SHA-256 of the seed's decimal digits, in hex. */
void gamefile_seed_hash(uint64_t seed, char out[65]);
/* The format 3 commitment to a secret (seed and salt), in hex. */
void gamefile_seed_commit(uint64_t seed, const char *salt, char out[65]);
/* Whether text is n lower-case hex digits. */
bool gamefile_hex_ok(const char *text, size_t n);
/* h->secret, salt (and share) known: secret_known set and h->seed, the
 * dice's seed, worked out from them (gamefile.h).  false when they do not
 * match h->commit. */
bool gamefile_secret_set(struct gamefile_header *h, uint64_t secret,
			 const char *salt);
/* The seed store: a secret kept until its reveal in dir (made 0700 when
 * missing) as the file COMMIT.seed, mode 0600, holding "maniple-seed SEED
 * SALT".  Write: 0, or -1 with err.  Read: 1 found (and it matches the
 * commitment), 0 none there, -1 unreadable or not the commitment's. */
int gamefile_secret_write(const char *dir, const struct gamefile_header *h,
			  char *err, size_t errn);
int gamefile_secret_read(const char *dir, struct gamefile_header *h,
			 char *err, size_t errn);
/* Removes the stored secret of h (after its reveal). */
void gamefile_secret_forget(const char *dir, const struct gamefile_header *h);
/* n bytes from the kernel's random source (getrandom(2)) into buf, for
 * a salt, a share or a nonce; false (errno set) when none come. */
bool gamefile_random_bytes(void *buf, size_t n);
/* Two-party dice (gamefile.h): the PCG32 state and stream of command
 * number seq (from 1), line, given its nonce (32 hex digits), in a game
 * whose secret h knows. */
void gamefile_two_party_key(const struct gamefile_header *h, size_t seq,
			    const char *nonce, const char *line,
			    uint64_t *state, uint64_t *stream);
/* The chain link of a line of text after the link prev (gamefile.h). */
uint64_t gamefile_chain(uint64_t prev, const char *text);

/* A journal in memory: the header and every body line so far (commands,
 * notes and digest lines), so a copy can be written at any time; in
 * format 2 each line's chain link (head: the header's last line's),
 * worked out when a line is first written (gamefile_append_journal keeps
 * them: chain[0 .. nchain) hold the links so far), so a game played
 * without a file hashes nothing. */
struct journal {
	struct gamefile_header h;
	char **lines;
	uint64_t *chain;
	uint64_t head;
	size_t n, cap;
	size_t nchain;
};

void journal_init(struct journal *j, const struct gamefile_header *h);
void journal_free(struct journal *j);
/* Returns 0, or -1 when memory runs out. */
int journal_add(struct journal *j, const char *line);
/* Drops the last line (a command whose append to disk failed). */
void journal_drop_last(struct journal *j);

/* "digest TURN HEX" into buf. */
void gamefile_digest_line(int turn, uint64_t digest, char *buf, size_t n);

/* The real path of a game file to write: path with every symbolic link
 * resolved (the file need not exist; its directory must).  0, or -1 with
 * err (a link to nothing, a missing directory, too long). */
int gamefile_resolve(const char *path, char *out, size_t n, char *err,
		     size_t errn);

/* Writes the whole journal to path atomically (temporary file in the same
 * directory, fsync, rename), path resolved first (gamefile_resolve).  An
 * existing file there is replaced only when replace is true, and only
 * when it is a regular file.  Returns 0, or -1 with a reason in err. */
int gamefile_write(const char *path, const struct journal *j, bool replace,
		   char *err, size_t errn);

/* An open game file that lines are appended to, with its lock. */
struct gamefile {
	FILE *f;
	char path[512];		/* the real path */
	struct gamelock lock;
};

/* Resolves path into gf->path and takes its lock (gamelock.h), opening
 * nothing yet.  0; 1 when another maniple holds it (err says who); -1
 * with err. */
int gamefile_claim(struct gamefile *gf, const char *path, char *err,
		   size_t errn);
/* Opens (or, after a rewrite renamed a new file into place, opens again)
 * gf->path for appending: it must be a regular file.  0, or -1 with
 * err. */
int gamefile_attach(struct gamefile *gf, char *err, size_t errn);
/* gamefile_claim then gamefile_attach.  0, 1 (held), or -1 with err. */
int gamefile_open_append(struct gamefile *gf, const char *path, char *err,
			 size_t errn);
/* Appends one line (or lines joined by '\n', written in one go) as they
 * are (no chain: format 1), then fsync; a failed write is cut back off.
 * 0, or -1 with err. */
int gamefile_append(struct gamefile *gf, const char *line, char *err,
		    size_t errn);
/* Appends the journal's lines from index `from` on, in its format (with
 * their links in format 2), in one write; as gamefile_append. */
int gamefile_append_journal(struct gamefile *gf, struct journal *j,
			    size_t from, char *err, size_t errn);
/* Cuts the open file back to its first length bytes and fsyncs it (drops
 * a torn last line).  0, or -1 with err. */
int gamefile_cut(struct gamefile *gf, long length, char *err, size_t errn);
/* Closes the file and lets go of its lock. */
void gamefile_close(struct gamefile *gf);

/* Reading.  body is called for every line after the header with its
 * number; a digest line is handed over parsed (is_digest, turn, digest).
 * It returns 0 to go on, or non-zero after filling err->msg (the reader
 * fills file and line).  Returns true when the file was read whole. */
struct gamefile_line {
	int lineno;
	const char *text;	/* without its chain link */
	bool is_digest;
	bool is_note;		/* "note TEXT": replay skips it */
	/* format 3 (gamefile.h): a dice, mail-share, reveal or nonce line */
	bool is_dice, is_share, is_reveal, is_nonce;
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

/* The number of header lines of a format version (6 or 9). */
int gamefile_header_lines(int version);

/* Whether a journal line is a command (not a digest, a note, or a
 * format 3 dice, mail-share, reveal or nonce line). */
bool gamefile_is_command(const char *line);

/* The number of commands in the game file at path (digest and note lines
 * left out), or -1 when it cannot be read whole. */
int gamefile_commands(const char *path);

/* A file name just written into out[n] by snprintf (w its return): 1
 * when no file has it, 0 when one has, -1 when it did not fit. */
int gamefile_name_free(const char *out, size_t n, int w);

/* The name a game file is moved aside to: path less ".game", then
 * "-YYYYMMDD-HHMMSS" of mtime (local time), then "-N" from 2 while that
 * name is taken, then ".game".  0, or -1 when it does not fit. */
int gamefile_aside_name(const char *path, time_t mtime, char *out, size_t n);

/* Before a new game is written to path: when a file there holds a
 * command (or cannot be read whole) it is renamed to its aside name,
 * which goes into moved; else moved is "".  0, or -1 with err. */
int gamefile_keep_old(const char *path, char *moved, size_t n, char *err,
		      size_t errn);

#endif
