/* session.c — a game played through the command language, with its game
 * file (session.h): the session's commands, journaling each accepted
 * command into the file, replaying a file, undo, save and branch.  For
 * any ruleset: the rules are reached only through struct ruleset. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "maniple/dice.h"
#include "maniple/evcat.h"
#include "maniple/modeview.h"
#include "maniple/session.h"

#define ERR_MAX 512

static bool arg_u64(const char *v, uint64_t *out)
{
	if (!v || *v < '0' || *v > '9')
		return false;
	char *end;
	errno = 0;
	unsigned long long x = strtoull(v, &end, 10);
	if (*end || errno) /* out of range: refused, never clamped */
		return false;
	*out = (uint64_t)x;
	return true;
}

static struct game *need_game(struct session *s, struct cmd_result *r)
{
	if (!s->game)
		cmd_refuse(r, NULL, "no game: start one with new or load");
	return s->game;
}

/* ---- session commands ---- */

void session_cmd_new(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 1, 3, "new BATTLE [solo|hotseat|sandbox] [SEED]"))
		return;
	enum game_kind kind = GAME_SOLO;
	uint64_t seed = s->default_seed;
	for (int i = 2; i < argc; i++) {
		int k = game_kind_parse(argv[i]);
		if (k >= 0 && i == 2)
			kind = (enum game_kind)k;
		else if (!arg_u64(argv[i], &seed)) {
			if (argv[i][strspn(argv[i], "0123456789")] == '\0')
				cmd_malformed(r,
					      "seed %s is out of range (0 to "
					      "%" PRIu64 ")",
					      argv[i], UINT64_MAX);
			else
				cmd_malformed(r,
					      "%s is neither a game kind nor "
					      "a seed",
					      argv[i]);
			return;
		}
	}
	char err[ERR_MAX];
	if (session_new(s, argv[1], kind, seed, err, sizeof err) != 0) {
		cmd_refuse(r, NULL, "%s", err);
		return;
	}
	struct event e;
	event_init(&e, "new");
	event_add(&e, "battle", "%s", s->ruleset->battle_id(s->game));
	event_add(&e, "kind", "%s", game_kind_name(kind));
	event_add(&e, "seed", "%" PRIu64, seed);
	if (s->file.f) /* as --new: where the game goes, the old one kept */
		event_add(&e, "file", "%s", s->file.path);
	if (s->new_kept[0])
		event_add(&e, "kept", "%s", s->new_kept);
	cmd_output(r, &e);
}

/* save FILE, branch FILE; save! and branch! (or --force) replace an
 * existing regular file. */
static void cmd_save_or_branch(void *ctx, int argc, char **argv,
			       struct cmd_result *r, bool branch)
{
	struct session *s = ctx;
	bool force = argv[0][strlen(argv[0]) - 1] == '!';
	const char *file = NULL;
	int words = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--force") == 0)
			force = true;
		else {
			file = argv[i];
			words++;
		}
	}
	if (words != 1) {
		cmd_malformed(r, "usage: %s",
			      branch ? "branch[!] FILE [--force]"
				     : "save[!] FILE [--force]");
		return;
	}
	if (!need_game(s, r))
		return;
	if (branch && session_fair(s)) {
		cmd_refuse(r, NULL, "%s", SESSION_FAIR_REASON);
		return;
	}
	char err[ERR_MAX];
	if (session_save(s, file, branch, force, err, sizeof err) != 0) {
		cmd_refuse(r, NULL, "%s", err);
		return;
	}
	struct event e;
	event_init(&e, branch ? "branched" : "saved");
	event_add(&e, "file", "%s", file);
	event_add(&e, "lines", "%zu", s->journal.n);
	cmd_output(r, &e);
}

void session_cmd_save(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	cmd_save_or_branch(ctx, argc, argv, r, false);
}

void session_cmd_branch(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	cmd_save_or_branch(ctx, argc, argv, r, true);
}

void session_cmd_load(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 1, 1, "load FILE"))
		return;
	struct ini_error err;
	if (!session_load(s, argv[1], &err)) {
		char buf[ERR_MAX + 300];
		ini_error_format(&err, buf, sizeof buf);
		cmd_refuse(r, NULL, "%s", buf);
		return;
	}
	struct event e;
	event_init(&e, "loaded");
	event_add(&e, "file", "%s", argv[1]);
	event_add(&e, "battle", "%s", s->ruleset->battle_id(s->game));
	event_add(&e, "kind", "%s", s->journal.h.kind);
	event_add(&e, "turn", "%d", s->ruleset->turn(s->game));
	event_add(&e, "lines", "%zu", s->journal.n);
	if (s->torn_line) /* gamefile.h: a torn last line dropped */
		event_add(&e, "torn_line", "%d", s->torn_line);
	cmd_output(r, &e);
}

/* ---- undo (issue 9): the game replayed less its last commands; in a
 * hotseat game only once the other side agrees (R9) ---- */

void session_cmd_reveal(void *ctx, int argc, char **argv,
			struct cmd_result *r)
{
	(void)argv;
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 0, 0, "reveal") || !need_game(s, r))
		return;
	char err[ERR_MAX];
	if (session_reveal(s, err, sizeof err) != 0)
		cmd_refuse(r, NULL, "%s", err);
}

static void undo_now(struct session *s, size_t n, struct cmd_result *r)
{
	char err[ERR_MAX + 300];
	int rc = session_undo(s, n, err, sizeof err);
	if (rc < 0) {
		cmd_refuse(r, NULL, "%s", err);
		return;
	}
	struct event e;
	event_init(&e, "undone");
	event_add(&e, "commands", "%zu", n);
	event_add(&e, "turn", "%d", s->ruleset->turn(s->game));
	event_add(&e, "lines", "%zu", s->journal.n);
	if (rc > 0)
		event_add(&e, "warning", "%s", err);
	cmd_output(r, &e);
}

void session_cmd_undo(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!cmd_want_args(r, argc, 0, 1, "undo [N|agree|refuse]"))
		return;
	if (!need_game(s, r))
		return;
	if (session_fair(s)) {
		cmd_refuse(r, NULL, "%s", SESSION_FAIR_REASON);
		return;
	}
	const char *a = argc > 1 ? argv[1] : "1";
	bool agree = strcmp(a, "agree") == 0;
	if (agree || strcmp(a, "refuse") == 0) {
		if (!s->undo_asked) {
			cmd_refuse(r, "R9", "no undo request to answer");
			return;
		}
		size_t n = s->undo_asked;
		bool moved = s->journal.n != s->undo_at;
		s->undo_asked = 0;
		if (!agree) {
			struct event e;
			event_init(&e, "undo_refused");
			event_add(&e, "commands", "%zu", n);
			cmd_output(r, &e);
			return;
		}
		if (moved) {
			cmd_refuse(r, "R9",
				   "the game went on after the undo request; "
				   "ask again");
			return;
		}
		undo_now(s, n, r);
		return;
	}
	int n;
	if (!ini_int(a, 1, INT_MAX, &n)) {
		cmd_malformed(r, "undo: N (1 or more), agree or refuse, not %s",
			      a);
		return;
	}
	size_t have = session_commands(s);
	if ((size_t)n > have) {
		cmd_refuse(r, NULL, "only %zu command%s to undo", have,
			   have == 1 ? "" : "s");
		return;
	}
	if (game_kind_parse(s->journal.h.kind) == GAME_HOTSEAT) {
		/* R9: the request waits for the other side's answer */
		s->undo_asked = (size_t)n;
		s->undo_at = s->journal.n;
		struct event e;
		event_init(&e, "undo_asked");
		event_add(&e, "commands", "%d", n);
		event_add(&e, "answer", "agree|refuse");
		cmd_output(r, &e);
		return;
	}
	undo_now(s, (size_t)n, r);
}

/* ---- sessions ---- */

const struct ruleset *const *session_rulesets(const struct session *s)
{
	return s ? s->rulesets : NULL;
}

const struct ruleset *session_ruleset(const struct session *s)
{
	if (!s)
		return NULL;
	return s->ruleset ? s->ruleset : ruleset_find(s->rulesets, NULL);
}

void session_setup(struct session *s, const struct ruleset *const *rulesets,
		   battle_loader lb, tables_loader lt, void *user,
		   uint64_t default_seed)
{
	memset(s, 0, sizeof *s);
	s->rulesets = rulesets;
	s->load_battle = lb;
	s->load_tables = lt;
	s->loader_user = user;
	s->default_seed = default_seed;
}

void session_free(struct session *s)
{
	const struct ruleset *rs = session_ruleset(s);
	if (s->game && rs)
		rs->free_game(s->game);
	s->game = NULL;
	if (s->ckpt && s->ckpt_rs)
		s->ckpt_rs->free_record(s->ckpt);
	s->ckpt = NULL;
	s->ckpt_rs = NULL;
	s->ckpt_game = NULL;
	free(s->outside);
	s->outside = NULL;
	s->noutside = s->outside_cap = 0;
	journal_free(&s->journal);
	gamefile_close(&s->file);
	if (s->rulebook && s->rulebook_free)
		s->rulebook_free(s->rulebook);
	s->rulebook = NULL;
}

/* A session made from s (load, undo) gets its committed-game settings. */
static void inherit(struct session *to, const struct session *from)
{
	to->new_dice = from->new_dice;
	to->seed_dir = from->seed_dir;
	to->random = from->random;
	to->random_user = from->random_user;
	to->verifying = from->verifying;
}

/* Puts g, a game of rs, in s. */
static void hold(struct session *s, const struct ruleset *rs, struct game *g)
{
	s->game = g;
	s->ruleset = rs;
	s->ckpt_game = NULL; /* the checkpoint was another game's */
	s->noutside = s->outside_ckpt = 0; /* its outside dice too */
	rs->set_session(g, s);
}

/* A game of rs, started fresh from a header's battle, kind and seed. */
static struct game *start_game(struct session *s, const struct ruleset *rs,
			       const char *battle, enum game_kind kind,
			       uint64_t seed, struct ini_error *err)
{
	memset(err, 0, sizeof *err);
	if (!rs) {
		snprintf(err->msg, sizeof err->msg, "no rules to play");
		return NULL;
	}
	if (!s->load_battle) {
		snprintf(err->msg, sizeof err->msg, "no battles to load");
		return NULL;
	}
	struct battle *b = s->load_battle(s->loader_user, battle, err);
	if (!b)
		return NULL;
	struct game *g = rs->new_game(b, kind, seed);
	if (!g) {
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return NULL;
	}
	/* every game has its rules tables */
	if (!s->load_tables) {
		rs->free_game(g);
		snprintf(err->msg, sizeof err->msg, "no rules tables to load");
		return NULL;
	}
	if (s->load_tables(s->loader_user, g, err) != 0) {
		rs->free_game(g);
		return NULL;
	}
	const char *lacks = rs->unready(g);
	if (lacks) {
		rs->free_game(g);
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no %s loaded", lacks);
		return NULL;
	}
	return g;
}

/* The binary state's digest without the dice's seed and PRNG state. */
static uint64_t seedless(const struct ruleset *rs, struct game *g)
{
	struct dice *d = rs->dice(g);
	struct dice kept = *d;
	memset(&d->rng, 0, sizeof d->rng);
	d->seed = 0;
	d->source = NULL;
	d->source_user = NULL;
	uint64_t h = rs->state_digest(g);
	*d = kept;
	return h;
}

uint64_t session_seedless_digest(struct session *s)
{
	return seedless(session_ruleset(s), s->game);
}

/* The digest a game file's digest lines hold: format 1 the state text's,
 * format 2 the binary state's, format 3 the same without the dice's seed
 * and PRNG (ruleset.h, gamefile.h). */
static uint64_t file_digest(const struct session *s, struct game *g)
{
	const struct ruleset *rs = session_ruleset(s);
	if (s->journal.h.version >= GAMEFILE_COMMITTED)
		return seedless(rs, g);
	return s->journal.h.version >= 2 ? rs->state_digest(g)
					 : rs->text_digest(g);
}

uint64_t session_digest(const struct session *s)
{
	return file_digest(s, s->game);
}

/* Claims the game file at path for s (gamefile_claim); when s holds that
 * file itself, its lock passes to nf (*moved set, so a failure can give
 * it back). */
static int claim_for(struct session *s, struct gamefile *nf, const char *path,
		     bool *moved, char *err, size_t errn)
{
	*moved = false;
	char real[sizeof nf->path];
	if (s->file.f && s->file.lock.path[0] &&
	    gamefile_resolve(path, real, sizeof real, err, errn) == 0 &&
	    strcmp(real, s->file.path) == 0) {
		memset(nf, 0, sizeof *nf);
		snprintf(nf->path, sizeof nf->path, "%s", real);
		nf->lock = s->file.lock;
		gamelock_init(&s->file.lock);
		*moved = true;
		return 0;
	}
	return gamefile_claim(nf, path, err, errn);
}

/* Undoes claim_for after a failure. */
static void unclaim(struct session *s, struct gamefile *nf, bool moved)
{
	if (nf->f)
		fclose(nf->f);
	nf->f = NULL;
	if (moved)
		s->file.lock = nf->lock;
	else
		gamelock_release(&nf->lock);
	gamelock_init(&nf->lock);
}

/* A new committed header (format 3) in h for the secret seed: a fresh
 * salt, the commitment, and the secret kept in the seed store. */
static int commit_to(struct session *s, struct gamefile_header *h,
		     uint64_t seed, char *err, size_t errn)
{
	unsigned char salt[16];
	if (s->random) {
		s->random(s->random_user, salt, sizeof salt);
	} else if (!gamefile_random_bytes(salt, sizeof salt)) {
		snprintf(err, errn, "no random bytes for the seed's salt: %s",
			 strerror(errno));
		return -1;
	}
	h->version = GAMEFILE_COMMITTED;
	snprintf(h->dice_mode, sizeof h->dice_mode, "%s", s->new_dice);
	for (size_t i = 0; i < sizeof salt; i++)
		snprintf(h->salt + 2 * i, 3, "%02x", salt[i]);
	gamefile_seed_commit(seed, h->salt, h->commit);
	char salt_hex[33];
	snprintf(salt_hex, sizeof salt_hex, "%s", h->salt);
	gamefile_secret_set(h, seed, salt_hex);
	if (s->seed_dir && gamefile_secret_write(s->seed_dir, h, err, errn) != 0)
		return -1;
	if (strcmp(h->dice_mode, "mail") == 0) {
		/* the dice's seed waits for the other player's share */
		h->secret_known = false;
		h->seed = 0;
	}
	return 0;
}

int session_new(struct session *s, const char *battle, enum game_kind kind,
		uint64_t seed, char *err, size_t errn)
{
	s->new_kept[0] = '\0';
	struct ini_error ie;
	const struct ruleset *rs = session_ruleset(s);
	struct game *g = start_game(s, rs, battle, kind, seed, &ie);
	/* the ruleset the battle asks for, by the name the program knows:
	 * the game is made again by it when it is another */
	const struct ruleset *named =
		g ? ruleset_find(session_rulesets(s), rs->battle_ruleset(g))
		  : NULL;
	if (named && named != rs) {
		rs->free_game(g);
		rs = named;
		g = start_game(s, rs, battle, kind, seed, &ie);
	}
	if (!g) {
		if (ie.file[0])
			ini_error_format(&ie, err, errn);
		else
			snprintf(err, errn, "%s", ie.msg);
		return -1;
	}
	struct gamefile_header h = {.version = GAMEFILE_VERSION, .seed = seed};
	if (s->new_dice && commit_to(s, &h, seed, err, errn) != 0) {
		rs->free_game(g);
		return -1;
	}
	snprintf(h.ruleset, sizeof h.ruleset, "%s",
		 named ? named->name : rs->battle_ruleset(g));
	snprintf(h.battle, sizeof h.battle, "%s", battle);
	snprintf(h.kind, sizeof h.kind, "%s", game_kind_name(kind));
	struct journal j;
	journal_init(&j, &h);
	if (s->file.f) {
		/* as --new: the same battle's file, else BATTLE.game beside
		 * it; an old game there kept under its dated name */
		char path[sizeof s->file.path + 80];
		const char *slash = strrchr(s->file.path, '/');
		int dlen = slash ? (int)(slash - s->file.path) + 1 : 0;
		if (s->game &&
		    strcmp(session_ruleset(s)->battle_id(s->game),
			   rs->battle_id(g)) == 0)
			snprintf(path, sizeof path, "%s", s->file.path);
		else
			snprintf(path, sizeof path, "%.*s%s.game", dlen,
				 s->file.path, rs->battle_id(g));
		struct gamefile nf;
		bool moved;
		int rc = claim_for(s, &nf, path, &moved, err, errn);
		if (rc == 0 &&
		    (gamefile_keep_old(nf.path, s->new_kept,
				       sizeof s->new_kept, err, errn) != 0 ||
		     gamefile_write(nf.path, &j, true, err, errn) != 0 ||
		     gamefile_attach(&nf, err, errn) != 0)) {
			unclaim(s, &nf, moved);
			rc = -1;
		}
		if (rc != 0) {
			rs->free_game(g);
			journal_free(&j);
			return -1;
		}
		gamefile_close(&s->file);
		s->file = nf;
	}
	if (s->game)
		session_ruleset(s)->free_game(s->game);
	journal_free(&s->journal);
	hold(s, rs, g);
	s->journal = j;
	s->revealed = false;
	return 0;
}

int session_save(struct session *s, const char *path, bool branch,
		 bool replace, char *err, size_t errn)
{
	if (!s->game) {
		snprintf(err, errn, "no game");
		return -1;
	}
	char real[512];
	if (gamefile_resolve(path, real, sizeof real, err, errn) != 0)
		return -1;
	if (s->file.f && strcmp(real, s->file.path) == 0) {
		snprintf(err, errn, "%s: this is the game's own file", path);
		return -1;
	}
	struct gamelock_holder who;
	if (!branch && gamelock_holder(real, &who)) {
		char w[300];
		gamelock_describe(&who, w, sizeof w);
		snprintf(err, errn, "%s: the game is being played by %s", path,
			 w);
		return -1;
	}
	if (!branch)
		return gamefile_write(path, &s->journal, replace, err, errn);
	struct gamefile nf;
	if (gamefile_claim(&nf, path, err, errn) != 0)
		return -1;
	if (gamefile_write(nf.path, &s->journal, replace, err, errn) != 0 ||
	    gamefile_attach(&nf, err, errn) != 0) {
		gamefile_close(&nf);
		return -1;
	}
	gamefile_close(&s->file);
	s->file = nf;
	return 0;
}

int session_note(struct session *s, const char *text, char *err,
		 size_t errn)
{
	if (!s->game) {
		snprintf(err, errn, "no game");
		return -1;
	}
	if (strchr(text, '\n') || strchr(text, '\t') ||
	    strlen(text) > CMD_LINE_MAX) {
		snprintf(err, errn, "a note is one line of at most %d bytes "
				    "without tabs",
			 CMD_LINE_MAX);
		return -1;
	}
	char line[CMD_LINE_MAX + 8];
	snprintf(line, sizeof line, "note %s", text);
	size_t j0 = s->journal.n;
	if (journal_add(&s->journal, line) != 0) {
		snprintf(err, errn, "out of memory");
		return -1;
	}
	if (s->file.f &&
	    gamefile_append_journal(&s->file, &s->journal, j0, err, errn) != 0) {
		journal_drop_last(&s->journal);
		return -1;
	}
	return 0;
}

/* ---- the checkpoint (session.h): a refused command taken back ---- */

/* A checkpoint of g, a game of rs, now: 0, or -1 when memory runs out
 * (then there is none). */
static int checkpoint(struct session *s, const struct ruleset *rs,
		      struct game *g)
{
	if (s->ckpt && s->ckpt_rs != rs) { /* another ruleset's: not for g */
		s->ckpt_rs->free_record(s->ckpt);
		s->ckpt = NULL;
	}
	s->ckpt_game = NULL;
	int rc = rs->mark(g, &s->ckpt);
	s->ckpt_rs = s->ckpt ? rs : NULL;
	if (rc != 0)
		return -1;
	s->ckpt_game = g;
	s->ckpt_journal = s->journal.n;
	s->ckpt_events = rs->events(g)->n;
	s->ckpt_since = 0;
	s->outside_ckpt = s->noutside;
	return 0;
}

/* The outside source's answers (session.h: outside): kept as a command
 * runs, given back as the commands since the checkpoint run again. */
static int outside_keep(void *user)
{
	struct session *s = user;
	int v = s->outside_fn(s->outside_user);
	if (v < 0 || v > 9)
		v = -1;
	if (s->noutside == s->outside_cap) {
		size_t cap = s->outside_cap ? s->outside_cap * 2 : 256;
		signed char *p = realloc(s->outside, cap);
		if (!p) {
			s->outside_lost = true;
			return v;
		}
		s->outside = p;
		s->outside_cap = cap;
	}
	s->outside[s->noutside++] = (signed char)v;
	return v;
}

static int outside_again(void *user)
{
	struct session *s = user;
	return s->outside_next < s->noutside ? s->outside[s->outside_next++]
					      : -1;
}

/* Puts the source fn in place of g's outside source (none: nothing),
 * keeping the one there in s->outside_fn; outside_back puts it back. */
static bool outside_swap(struct session *s, const struct ruleset *rs,
			 struct game *g, dice_source fn)
{
	struct dice *d = rs->dice ? rs->dice(g) : NULL;
	if (!d || !d->source)
		return false;
	s->outside_fn = d->source;
	s->outside_user = d->source_user;
	dice_set_source(d, fn, s);
	return true;
}

static void outside_back(struct session *s, const struct ruleset *rs,
			 struct game *g)
{
	dice_set_source(rs->dice(g), s->outside_fn, s->outside_user);
}

void session_edited(struct session *s)
{
	s->ckpt_game = NULL;
}

/* Runs call, a game-changing command, on g; accepted, what the rules do
 * once a command is through follows.  Whether it ended a game turn. */
static bool run_changing(struct session *s, const struct ruleset *rs,
			 struct game *g, const struct cmd_call *call,
			 struct cmd_result *r)
{
	size_t n0 = rs->events(g)->n;
	int turn0 = rs->turn(g);
	call->def->run(s, call->argc, call->argv, r);
	if (r->status == CMD_REFUSED && rs->cite_refusal)
		rs->cite_refusal(g, r);
	return r->status == CMD_OK && rs->after_command(g, n0, turn0);
}

/* Puts g back as the journal leaves it: the game as it was at the
 * checkpoint, its events after the checkpoint's cut off, then the
 * journal's commands since the checkpoint run again as a replay runs them
 * (nothing written; their events come again, the same ones: the
 * checkpoint holds the dice too, and an outside source's answers are
 * given again from s->outside).  The number of commands run again. */
static size_t take_back(struct session *s, const struct ruleset *rs,
			struct game *g)
{
	rs->rollback(g, s->ckpt);
	event_log_truncate(rs->events(g), s->ckpt_events);
	bool replaying = s->replaying;
	s->replaying = true;
	/* an outside source's dice: those it gave these commands */
	s->outside_next = s->outside_ckpt;
	bool outside = outside_swap(s, rs, g, outside_again);
	size_t ran = 0;
	for (size_t i = s->ckpt_journal; i < s->journal.n; i++) {
		const char *t = s->journal.lines[i];
		if (!gamefile_is_command(t))
			continue;
		struct cmd_call call;
		struct cmd_result r;
		cmd_result_init(&r);
		if (cmd_lookup(rs->commands(), t, &call, &r) && call.def &&
		    call.def->effect == CMD_CHANGES)
			run_changing(s, rs, g, &call, &r);
		else if (r.status == CMD_OK)
			cmd_malformed(&r, "not a game-changing command");
		if (r.status != CMD_OK) {
			/* the journal's own commands, accepted once from
			 * this very state: only memory running out stops
			 * them, and a game that is not its journal's must
			 * not go on */
			fprintf(stderr,
				"maniple: the journal did not run again from "
				"its checkpoint: %s: %s\n",
				t, r.reason);
			abort();
		}
		cmd_result_free(&r);
		ran++;
	}
	if (outside)
		outside_back(s, rs, g);
	s->replaying = replaying;
	return ran;
}

/* After a refusal: g put back (take_back), and when that ran commands
 * again, a checkpoint of g now, so that refusals in a row do not run the
 * same commands again each time. */
static void refused_back(struct session *s, const struct ruleset *rs,
			 struct game *g)
{
	if (take_back(s, rs, g) > 0)
		(void)checkpoint(s, rs, g); /* none: the next command takes it */
}

/* Remembers a refused game-changing command (its line and its result) so
 * that a `why` straight after it explains the refusal (why.h). */
static void note_refusal(struct session *s, const char *line,
			 const struct cmd_result *r)
{
	if (!s->game || r->status != CMD_REFUSED)
		return;
	snprintf(s->why_line, sizeof s->why_line, "%s", line);
	snprintf(s->why_reason, sizeof s->why_reason, "%s", r->reason);
	snprintf(s->why_rule, sizeof s->why_rule, "%s", r->rule);
	s->why_events = session_ruleset(s)->events(s->game)->n;
	s->why_journal = s->journal.n;
	s->why_refused = true;
}

/* A checking build: what a looking or session command shows fits the
 * ruleset's event catalog too (the rules check what the game emits). */
static void check_shown(const struct session *s, const struct cmd_result *r)
{
#ifndef NDEBUG
	const struct ruleset *rs = session_ruleset(s);
	const struct evcat *cat = s->game && rs->catalog ? rs->catalog(s->game)
							 : NULL;
	for (size_t i = 0; cat && i < r->out.n; i++) {
		struct event e;
		event_log_at(&r->out, i, &e);
		char why[160];
		if (!evcat_check(cat, &e, why, sizeof why)) {
			fprintf(stderr, "maniple: %s (shown)\n", why);
			abort();
		}
	}
#else
	(void)s;
	(void)r;
#endif
}

/* Whether the battle is over (11.2, R4): the game's reveal is due. */
static bool game_over(const struct ruleset *rs, const struct game *g)
{
	if (!rs->play_view)
		return false;
	struct play_view pv;
	rs->play_view(g, &pv, false);
	return pv.over;
}

/* "reveal SEED SALT" of a header whose secret is known. */
static void reveal_text(const struct gamefile_header *h, char *buf, size_t n)
{
	snprintf(buf, n, "reveal %" PRIu64 " %s", h->secret, h->salt);
}

/* The reveal line is in the file: the stored secret is needed no more. */
static void revealed(struct session *s)
{
	s->revealed = true;
	if (s->seed_dir && s->file.f)
		gamefile_secret_forget(s->seed_dir, &s->journal.h);
}

int session_reveal(struct session *s, char *err, size_t errn)
{
	const struct gamefile_header *h = &s->journal.h;
	if (!s->game || h->version < GAMEFILE_COMMITTED) {
		snprintf(err, errn, "not a committed game: its seed is in its "
				    "file already");
		return -1;
	}
	if (s->revealed) {
		snprintf(err, errn, "the seed is revealed already");
		return -1;
	}
	if (!h->secret_known) {
		snprintf(err, errn, "the seed is not known here");
		return -1;
	}
	char line[96];
	reveal_text(h, line, sizeof line);
	size_t j0 = s->journal.n;
	if (journal_add(&s->journal, line) != 0) {
		snprintf(err, errn, "out of memory");
		return -1;
	}
	if (s->file.f && gamefile_append_journal(&s->file, &s->journal, j0,
						 err, errn) != 0) {
		journal_drop_last(&s->journal);
		return -1;
	}
	revealed(s);
	return 0;
}

bool session_two_party(const struct session *s)
{
	return s->journal.h.version >= GAMEFILE_COMMITTED &&
	       strcmp(s->journal.h.dice_mode, GAMEFILE_TWO_PARTY) == 0;
}

void session_dry_run(struct session *s, const char *line,
		     struct cmd_result *r)
{
	char nonce[sizeof s->nonce];
	memcpy(nonce, s->nonce, sizeof nonce);
	s->dry_run = true;
	session_exec(s, line, r);
	s->dry_run = false; /* a looking command left it set */
	memcpy(s->nonce, nonce, sizeof nonce);
}

void session_exec(struct session *s, const char *line, struct cmd_result *r)
{
	cmd_result_reset(r);
	const struct ruleset *rs = session_ruleset(s);
	if (!rs) {
		cmd_refuse(r, NULL, "no rules to play");
		return;
	}
	struct cmd_call call;
	if (!cmd_lookup(rs->commands(), line, &call, r) || !call.def)
		return;
	const struct cmd_def *d = call.def;
	if (s->replaying && d->effect != CMD_CHANGES) {
		cmd_malformed(r, "%s does not belong in a game file", d->name);
		return;
	}
	if (d->effect != CMD_CHANGES || !s->game) {
		d->run(s, call.argc, call.argv, r);
		check_shown(s, r);
		/* in the book of the game's rules (ruleset.h) */
		if (r->status == CMD_REFUSED && s->game && rs->cite_refusal)
			rs->cite_refusal(s->game, r);
		return;
	}
	struct game *g = s->game;
	bool committed = s->journal.h.version >= GAMEFILE_COMMITTED;
	bool dry = s->dry_run;
	s->dry_run = false;
	char nonce[sizeof s->nonce];
	memcpy(nonce, s->nonce, sizeof nonce);
	s->nonce[0] = '\0'; /* a nonce serves one command, whatever comes */
	if (committed && !s->journal.h.secret_known) {
		cmd_refuse(r, NULL,
			   "the dice's seed of this game is not known yet "
			   "(mail: the other player's share comes first)");
		return;
	}
	bool two_party = session_two_party(s);
	if (two_party && !dry && !gamefile_hex_ok(nonce, 32)) {
		cmd_refuse(r, NULL,
			   "two-party dice: this command has no nonce from the "
			   "guest's client, so its dice cannot be drawn");
		return;
	}
	char text[CMD_LINE_MAX * 2 + 8];
	cmd_canonical(&call, text, sizeof text);
	/* a checkpoint of this game, at most SESSION_CHECKPOINT_EVERY
	 * (or checkpoint_every) accepted commands behind it; before every
	 * command with checkpoint_every 1, and in two-party, where the
	 * dice of each command are seeded anew (a re-run from an older
	 * checkpoint would not seed them) */
	size_t every = s->checkpoint_every ? s->checkpoint_every
					   : SESSION_CHECKPOINT_EVERY;
	if (two_party)
		every = 1;
	if ((s->ckpt_game != g || s->ckpt_since >= every || every == 1) &&
	    checkpoint(s, rs, g) != 0) {
		cmd_refuse(r, NULL, "out of memory");
		return;
	}
	/* two-party: this command's own dice (gamefile.h); a dry run's
	 * are of no consequence (a nonce of zeros) */
	if (two_party) {
		uint64_t state, stream;
		gamefile_two_party_key(&s->journal.h,
				       session_commands(s) + 1,
				       dry ? "00000000000000000000000000000000"
					   : nonce,
				       text, &state, &stream);
		pcg32_srandom(&rs->dice(g)->rng, state, stream);
	}
	struct dice before;
	if (committed)
		before = *rs->dice(g);
	struct event_log *log = rs->events(g);
	size_t n0 = log->n;
	/* an outside source's answers kept for a re-run (session.h) */
	size_t kept = s->noutside;
	s->outside_lost = false;
	bool outside = outside_swap(s, rs, g, outside_keep);
	bool ended = run_changing(s, rs, g, &call, r);
	if (outside)
		outside_back(s, rs, g);
	if (r->status == CMD_OK && s->outside_lost)
		cmd_refuse(r, NULL, "out of memory");
	if (r->status != CMD_OK || dry) {
		if (dry && r->status == CMD_OK)
			for (size_t i = n0; i < log->n; i++)
				event_log_push_from(&r->out, log, i);
		s->noutside = kept;
		refused_back(s, rs, g);
		if (!dry)
			note_refusal(s, line, r);
		return;
	}
	char err[ERR_MAX];
	/* the digest only where a turn ended and a file line is written: the
	 * replay compares it in load_body, so it is not computed here */
	char dline[64] = "";
	if (ended && !s->replaying)
		gamefile_digest_line(rs->turn(g), file_digest(s, g), dline,
				     sizeof dline);
	/* a committed game: the dice the command drew, in a line after it
	 * (a replay checks it); at the game's end, the reveal */
	char drawn[sizeof s->dice_due] = "-";
	if (committed)
		dice_drawn_digits(before, rs->dice(g)->rolls - before.rolls,
				  drawn, sizeof drawn);
	char dice_line[sizeof drawn + 8] = "";
	if (strcmp(drawn, "-") != 0)
		snprintf(dice_line, sizeof dice_line, "dice %s", drawn);
	if (s->replaying)
		snprintf(s->dice_due, sizeof s->dice_due, "%s",
			 dice_line[0] ? drawn : "");
	char reveal_line[96] = "";
	if (committed && !s->replaying && !s->revealed && game_over(rs, g))
		reveal_text(&s->journal.h, reveal_line, sizeof reveal_line);
	char nonce_line[sizeof nonce + 8] = "";
	if (two_party)
		snprintf(nonce_line, sizeof nonce_line, "nonce %s", nonce);
	if (!s->replaying) {
		size_t j0 = s->journal.n;
		bool ok = (!nonce_line[0] ||
			   journal_add(&s->journal, nonce_line) == 0) &&
			  journal_add(&s->journal, text) == 0 &&
			  (!dice_line[0] ||
			   journal_add(&s->journal, dice_line) == 0) &&
			  (!ended || journal_add(&s->journal, dline) == 0) &&
			  (!reveal_line[0] ||
			   journal_add(&s->journal, reveal_line) == 0);
		/* a turn's end and its digest in one append: both or none
		 * stay (a failed append is cut back off, gamefile.h) */
		if (ok && s->file.f)
			ok = gamefile_append_journal(&s->file, &s->journal, j0,
						     err, sizeof err) == 0;
		else if (!ok)
			snprintf(err, sizeof err, "out of memory");
		if (!ok) {
			while (s->journal.n > j0)
				journal_drop_last(&s->journal);
			s->noutside = kept;
			refused_back(s, rs, g);
			cmd_refuse(r, NULL, "game file not written: %s", err);
			return;
		}
		if (reveal_line[0])
			revealed(s);
	} else {
		if (journal_add(&s->journal, text) != 0) {
			s->noutside = kept;
			refused_back(s, rs, g);
			cmd_refuse(r, NULL, "out of memory");
			return;
		}
		s->digest_due = ended;
		s->digest_turn = rs->turn(g);
	}
	s->ckpt_since++;
	for (size_t i = n0; i < log->n; i++)
		event_log_push_from(&r->out, log, i);
}

/* ---- loading ---- */

struct load_ctx {
	struct session *s;
	/* format 3: what a first reading found after the header (a reveal,
	 * at its line; a mail share) */
	bool reveal;
	int reveal_line;
	uint64_t reveal_seed;
	char reveal_salt[40];
	char share[40];
};

/* "reveal SEED SALT": false when malformed. */
static bool parse_reveal(const char *text, uint64_t *seed, char salt[40])
{
	char end;
	return sscanf(text, "reveal %" SCNu64 " %39s%c", seed, salt, &end) ==
		       2 &&
	       gamefile_hex_ok(salt, 32);
}

static int scan_header(void *user, const struct gamefile_header *h,
		       struct ini_error *err)
{
	(void)user;
	(void)err;
	return h->version >= GAMEFILE_COMMITTED ? 0 : 1; /* nothing to find */
}

static int scan_body(void *user, const struct gamefile_line *l,
		     struct ini_error *err)
{
	(void)err;
	struct load_ctx *lc = user;
	if (l->is_reveal && !lc->reveal) {
		lc->reveal = parse_reveal(l->text, &lc->reveal_seed,
					  lc->reveal_salt);
		lc->reveal_line = l->lineno;
	} else if (l->is_share && !lc->share[0]) {
		snprintf(lc->share, sizeof lc->share, "%s", l->text + 11);
	}
	return 0;
}

/* A first reading of a committed game file for its reveal and share
 * (the replay needs the seed from the start); anything wrong in the file
 * is found by the replay. */
static void prescan(const char *path, struct load_ctx *lc)
{
	struct ini_error ie;
	long torn;
	gamefile_read_torn(path, scan_header, scan_body, lc, &ie, &torn);
}

/* h with its secret, for the replay: the reveal in the file, else the
 * seed store's; 0, or 1 with err (its line set when it is not the
 * header's). */
static int find_secret(struct load_ctx *lc, struct gamefile_header *h,
		       struct ini_error *err)
{
	struct session *s = lc->s;
	bool mail = strcmp(h->dice_mode, "mail") == 0;
	if (mail) {
		if (!gamefile_hex_ok(lc->share, 32)) {
			snprintf(err->msg, sizeof err->msg,
				 "a game by mail waiting for the other "
				 "player's share of the seed (maniple mail "
				 "accept)");
			return 1;
		}
		memcpy(h->share, lc->share, 33); /* 32 hex digits */
	}
	if (lc->reveal) {
		if (!gamefile_secret_set(h, lc->reveal_seed, lc->reveal_salt)) {
			err->line = lc->reveal_line;
			snprintf(err->msg, sizeof err->msg,
				 "the reveal does not match the header's "
				 "seed-commit");
			return 1;
		}
		return 0;
	}
	if (s->verifying) {
		err->line = 5; /* the seed-commit, waiting for its reveal */
		snprintf(err->msg, sizeof err->msg,
			 "not revealed yet: the file holds no reveal line, so "
			 "there is no seed to check its dice against");
		return 1;
	}
	char why[400];
	int rc = s->seed_dir ? gamefile_secret_read(s->seed_dir, h, why,
						    sizeof why)
			     : 0;
	if (rc == 1)
		return 0;
	if (rc < 0)
		snprintf(err->msg, sizeof err->msg, "%.400s", why);
	else
		snprintf(err->msg, sizeof err->msg,
			 "%s: the seed of this committed game is not revealed "
			 "in it and not in this user's seed store%s%s",
			 mail ? "the first player opens the game first"
			      : "no seed",
			 s->seed_dir ? " " : "", s->seed_dir ? s->seed_dir : "");
	return 1;
}

static int load_header(void *user, const struct gamefile_header *hin,
		       struct ini_error *err)
{
	struct load_ctx *lc = user;
	struct session *s = lc->s;
	struct gamefile_header hv = *hin;
	const struct gamefile_header *h = &hv;
	if (hv.version >= GAMEFILE_COMMITTED && !hv.secret_known &&
	    find_secret(lc, &hv, err) != 0)
		return 1;
	int kind = game_kind_parse(h->kind);
	if (kind < 0) {
		snprintf(err->msg, sizeof err->msg,
			 "unknown game kind %s (solo, hotseat, sandbox)",
			 h->kind);
		return 1;
	}
	/* the header's ruleset, looked up among the program's */
	const struct ruleset *rs = ruleset_lookup(
		session_rulesets(s), h->ruleset, err->msg, sizeof err->msg);
	if (!rs)
		return 1;
	struct ini_error be;
	struct game *g = start_game(s, rs, h->battle, (enum game_kind)kind,
				    h->seed, &be);
	if (!g) {
		char buf[INI_ERR_MAX];
		if (be.file[0])
			ini_error_format(&be, buf, sizeof buf);
		else
			snprintf(buf, sizeof buf, "%s", be.msg);
		int n = snprintf(err->msg, sizeof err->msg, "battle %s: ",
				 h->battle);
		if (n > 0 && (size_t)n < sizeof err->msg)
			snprintf(err->msg + n, sizeof err->msg - (size_t)n,
				 "%.*s", (int)(sizeof err->msg - (size_t)n - 1),
				 buf);
		return 1;
	}
	hold(s, rs, g);
	journal_init(&s->journal, h);
	s->revealed = false;
	return 0;
}

static int load_body(void *user, const struct gamefile_line *l,
		     struct ini_error *err)
{
	struct load_ctx *lc = user;
	struct session *s = lc->s;
	if (l->is_dice) {
		if (!s->dice_due[0]) {
			snprintf(err->msg, sizeof err->msg,
				 "a dice line where no command drew dice");
			return 1;
		}
		if (strcmp(l->text + 5, s->dice_due) != 0) {
			snprintf(err->msg, sizeof err->msg,
				 "the dice line says %.100s, the seed gives "
				 "%.100s",
				 l->text + 5, s->dice_due);
			return 1;
		}
		s->dice_due[0] = '\0';
		return journal_add(&s->journal, l->text) == 0 ? 0 : 1;
	}
	if (s->dice_due[0]) {
		snprintf(err->msg, sizeof err->msg,
			 "no dice line after the command before, which drew "
			 "%.100s from the seed",
			 s->dice_due);
		return 1;
	}
	if (s->nonce[0] && !gamefile_is_command(l->text)) {
		snprintf(err->msg, sizeof err->msg,
			 "a nonce line not followed by its command");
		return 1;
	}
	if (l->is_nonce) {
		if (!session_two_party(s) || !gamefile_hex_ok(l->text + 6, 32)) {
			snprintf(err->msg, sizeof err->msg,
				 "a nonce line belongs in a game of two-party "
				 "dice, before a command (32 hex digits)");
			return 1;
		}
		memcpy(s->nonce, l->text + 6, 33);
		return journal_add(&s->journal, l->text) == 0 ? 0 : 1;
	}
	if (l->is_share) {
		if (strcmp(s->journal.h.dice_mode, "mail") != 0 ||
		    !gamefile_hex_ok(l->text + 11, 32) ||
		    session_commands(s) > 0 ||
		    strcmp(l->text + 11, s->journal.h.share) != 0) {
			snprintf(err->msg, sizeof err->msg,
				 "a mail-share line belongs once, in a game by "
				 "mail, before its first command (32 hex "
				 "digits)");
			return 1;
		}
		return journal_add(&s->journal, l->text) == 0 ? 0 : 1;
	}
	if (l->is_reveal) {
		char want[96];
		reveal_text(&s->journal.h, want, sizeof want);
		if (s->revealed || strcmp(l->text, want) != 0) {
			snprintf(err->msg, sizeof err->msg,
				 s->revealed ? "a second reveal line"
					     : "the reveal does not match the "
					       "header's seed-commit");
			return 1;
		}
		s->revealed = true;
		return journal_add(&s->journal, l->text) == 0 ? 0 : 1;
	}
	if (l->is_digest) {
		if (!s->digest_due) {
			snprintf(err->msg, sizeof err->msg,
				 "digest line where no game turn ended");
			return 1;
		}
		uint64_t d = file_digest(s, s->game);
		if (l->turn != s->digest_turn || l->digest != d) {
			snprintf(err->msg, sizeof err->msg,
				 "digest mismatch: the file says turn %d "
				 "%016" PRIx64 ", the replay gives turn %d "
				 "%016" PRIx64,
				 l->turn, l->digest, s->digest_turn, d);
			return 1;
		}
		s->digest_due = false;
		return journal_add(&s->journal, l->text) == 0 ? 0 : 1;
	}
	if (s->digest_due) {
		snprintf(err->msg, sizeof err->msg,
			 "no digest line after game turn %d ended",
			 s->digest_turn);
		return 1;
	}
	if (l->is_note) /* an annotation: kept, not replayed */
		return journal_add(&s->journal, l->text) == 0 ? 0 : 1;
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, l->text, &r);
	int rc = 0;
	if (r.status != CMD_OK) {
		snprintf(err->msg, sizeof err->msg, "%s: %s",
			 r.status == CMD_MALFORMED ? "malformed command"
						   : "command refused",
			 r.reason);
		rc = 1;
	}
	cmd_result_free(&r);
	return rc;
}

/* A game file's failure (gamefile.h: "PATH: reason") into err, whose
 * file is PATH already: the reason only, so the path is said once. */
static void file_failure(struct ini_error *err, const char *e2)
{
	size_t n = strlen(err->file);
	if (n && strncmp(e2, err->file, n) == 0 &&
	    strncmp(e2 + n, ": ", 2) == 0)
		e2 += n + 2;
	err->line = 0;
	snprintf(err->msg, sizeof err->msg, "%s", e2);
}

/* A line a crash kept from the end of a loaded file, appended now. */
static bool complete(struct session *s, const char *line,
		     struct ini_error *err)
{
	char e2[ERR_MAX];
	if (journal_add(&s->journal, line) == 0 &&
	    gamefile_append_journal(&s->file, &s->journal, s->journal.n - 1,
				    e2, sizeof e2) == 0)
		return true;
	if (s->journal.n && !strcmp(s->journal.lines[s->journal.n - 1], line))
		journal_drop_last(&s->journal);
	else
		snprintf(e2, sizeof e2, "out of memory");
	file_failure(err, e2);
	return false;
}

bool session_load(struct session *s, const char *path, struct ini_error *err)
{
	struct session tmp;
	session_setup(&tmp, s->rulesets, s->load_battle, s->load_tables,
		      s->loader_user, s->default_seed);
	tmp.checkpoint_every = s->checkpoint_every;
	inherit(&tmp, s);
	tmp.replaying = true;
	struct load_ctx lc = {.s = &tmp};
	long torn_at = -1;
	char e2[ERR_MAX];
	memset(err, 0, sizeof *err);
	snprintf(err->file, sizeof err->file, "%s", path);
	/* one writer (gamelock.h): the lock first, then the replay */
	bool moved = false;
	bool ok = claim_for(s, &tmp.file, path, &moved, e2, sizeof e2) == 0;
	if (!ok)
		file_failure(err, e2);
	if (ok)
		prescan(tmp.file.path, &lc);
	if (ok)
		ok = gamefile_read_torn(tmp.file.path, load_header, load_body,
					&lc, err, &torn_at);
	if (ok)
		snprintf(err->file, sizeof err->file, "%s", path);
	if (ok && !tmp.game) {
		ok = false;
		err->line = 1;
		snprintf(err->msg, sizeof err->msg, "no game in the file");
	}
	if (ok && gamefile_attach(&tmp.file, e2, sizeof e2) != 0) {
		ok = false;
		file_failure(err, e2);
	}
	/* A last line without its end: an append a crash cut short, never
	 * shown (gamefile.h); dropped before play goes on in the file. */
	if (ok && torn_at >= 0) {
		tmp.torn_line = gamefile_header_lines(tmp.journal.h.version) +
				(int)tmp.journal.n + 1;
		if (gamefile_cut(&tmp.file, torn_at, e2, sizeof e2) != 0) {
			ok = false;
			file_failure(err, e2);
		}
	}
	/* A nonce line last: its command's line was cut short by a crash
	 * (they are written in one append) and never shown, so the nonce
	 * goes too (two-party dice: a new command gets a new one). */
	if (ok && tmp.nonce[0]) {
		journal_drop_last(&tmp.journal);
		tmp.nonce[0] = '\0';
		if (gamefile_write(tmp.file.path, &tmp.journal, true, e2,
				   sizeof e2) != 0 ||
		    gamefile_attach(&tmp.file, e2, sizeof e2) != 0) {
			ok = false;
			file_failure(err, e2);
		}
	}
	/* A file cut right after a command lacks its dice line or its
	 * turn's digest (a crash cut the append short): accepted, and the
	 * lines written now. */
	if (ok && tmp.dice_due[0]) {
		char dline[sizeof tmp.dice_due + 8];
		snprintf(dline, sizeof dline, "dice %s", tmp.dice_due);
		tmp.dice_due[0] = '\0';
		ok = complete(&tmp, dline, err);
	}
	if (ok && tmp.digest_due) {
		char dline[64];
		gamefile_digest_line(tmp.digest_turn,
				     file_digest(&tmp, tmp.game), dline,
				     sizeof dline);
		ok = complete(&tmp, dline, err);
	}
	if (!ok) {
		if (err->file[0] && strcmp(err->file, tmp.file.path) == 0)
			snprintf(err->file, sizeof err->file, "%s", path);
		unclaim(s, &tmp.file, moved);
		session_free(&tmp);
		return false;
	}
	tmp.replaying = false;
	tmp.digest_due = false;
	/* a game by mail: the first player's part of the seed shown the
	 * first time they open it after the other's share came */
	if (ok && tmp.journal.h.version >= GAMEFILE_COMMITTED &&
	    strcmp(tmp.journal.h.dice_mode, "mail") == 0 && !tmp.revealed &&
	    session_reveal(&tmp, e2, sizeof e2) != 0) {
		file_failure(err, e2);
		unclaim(s, &tmp.file, moved);
		session_free(&tmp);
		return false;
	}
	session_free(s);
	*s = tmp;
	s->ruleset->set_session(s->game, s);
	return true;
}

/* ---- undo ---- */

static bool is_digest_line(const char *t)
{
	return strncmp(t, "digest ", 7) == 0;
}

size_t session_commands(const struct session *s)
{
	size_t n = 0;
	for (size_t i = 0; i < s->journal.n; i++)
		if (gamefile_is_command(s->journal.lines[i]))
			n++;
	return n;
}

/* ---- who plays, fair games, undo against the computer ---- */

bool session_computer_plays(const struct session *s)
{
	for (int side = 0; side < 2; side++)
		if (strncmp(s->journal.h.player[side], "computer ", 9) == 0)
			return true;
	return false;
}

int session_set_players(struct session *s, const char *const player[2],
			char *err, size_t errn)
{
	if (!s->game) {
		snprintf(err, errn, "no game");
		return -1;
	}
	if (s->journal.h.version < 2) {
		snprintf(err, errn, "a game file of format %d cannot say who "
				    "plays (a new game can)",
			 s->journal.h.version);
		return -1;
	}
	struct gamefile_header h = s->journal.h;
	for (int side = 0; side < 2; side++) {
		if (!gamefile_player_ok(player[side]) ||
		    strlen(player[side]) >= sizeof h.player[side]) {
			snprintf(err, errn, "side %d: not a player (person or "
					    "computer 1-9): %.40s",
				 side, player[side]);
			return -1;
		}
		snprintf(h.player[side], sizeof h.player[side], "%s",
			 player[side]);
	}
	/* the header changes, so every link of the chain after it */
	struct journal j;
	journal_init(&j, &h);
	for (size_t i = 0; i < s->journal.n; i++)
		if (journal_add(&j, s->journal.lines[i]) != 0) {
			journal_free(&j);
			snprintf(err, errn, "out of memory");
			return -1;
		}
	if (s->file.f && (gamefile_write(s->file.path, &j, true, err, errn) !=
				  0 ||
			  gamefile_attach(&s->file, err, errn) != 0)) {
		journal_free(&j);
		return -1;
	}
	journal_free(&s->journal);
	s->journal = j;
	return 0;
}

bool session_fair(const struct session *s)
{
	for (size_t i = 0; i < s->journal.n; i++)
		if (strncmp(s->journal.lines[i], "note " SESSION_FAIR_NOTE,
			    5 + strlen(SESSION_FAIR_NOTE)) == 0)
			return true;
	return false;
}

int session_make_fair(struct session *s, char *err, size_t errn)
{
	if (session_fair(s))
		return 0;
	return session_note(s, SESSION_FAIR_NOTE ": no undo, no branch",
			    err, errn);
}

int session_undos(const struct session *s)
{
	int most = 0;
	size_t len = 5 + strlen(SESSION_UNDO_NOTE);
	for (size_t i = 0; i < s->journal.n; i++) {
		const char *t = s->journal.lines[i];
		int k;
		if (strncmp(t, "note " SESSION_UNDO_NOTE, len) == 0 &&
		    sscanf(t + len, " %d", &k) == 1 && k > most)
			most = k;
	}
	return most;
}

void session_plan_note(char *buf, size_t n, int side, const char *level,
		       const char *line, const char *sentence)
{
	/* a note is one line without tabs: the sentence is cut to fit */
	int k = snprintf(buf, n, "%s %d %s \"%s\": ", SESSION_PLAN_NOTE,
			 side, level, line);
	if (k < 0 || (size_t)k >= n)
		return;
	size_t room = n - (size_t)k;
	if (room > CMD_LINE_MAX - (size_t)k)
		room = CMD_LINE_MAX - (size_t)k;
	size_t i = 0;
	for (; sentence[i] && i + 1 < room; i++)
		buf[k + i] = sentence[i] == '\t' || sentence[i] == '\n'
				     ? ' '
				     : sentence[i];
	buf[k + i] = '\0';
}

bool session_last_plan(const struct session *s, int *side, char *level,
		       size_t nl, char *sentence, size_t ns)
{
	size_t c = s->journal.n;
	while (c > 0 && !gamefile_is_command(s->journal.lines[c - 1]))
		c--;
	if (c == 0)
		return false;
	const char *cmd = s->journal.lines[c - 1];
	/* the notes directly before it, the nearest first */
	for (size_t i = c - 1; i > 0; i--) {
		const char *t = s->journal.lines[i - 1];
		if (strncmp(t, "note ", 5) != 0)
			break;
		t += 5;
		size_t pl = strlen(SESSION_PLAN_NOTE);
		int sd, used = 0;
		char lv[32];
		if (strncmp(t, SESSION_PLAN_NOTE " ", pl + 1) != 0 ||
		    sscanf(t + pl + 1, "%d %31s \"%n", &sd, lv, &used) != 2 ||
		    used == 0)
			continue;
		const char *q = t + pl + 1 + used;
		size_t cl = strlen(cmd);
		if (strncmp(q, cmd, cl) != 0 || strncmp(q + cl, "\": ", 3) != 0)
			continue; /* the plan of a line the game refused */
		*side = sd;
		snprintf(level, nl, "%s", lv);
		snprintf(sentence, ns, "%s", q + cl + 3);
		return true;
	}
	return false;
}

/* session_undo's replay of a game whose dice come from outside: the
 * answers its source gave, in order. */
struct undo_feed {
	const struct session *s;
	size_t next;
};

static int undo_die(void *user)
{
	struct undo_feed *f = user;
	return f->next < f->s->noutside ? f->s->outside[f->next++] : -1;
}

int session_undo(struct session *s, size_t n, char *err, size_t errn)
{
	if (!s->game) {
		snprintf(err, errn, "no game");
		return -1;
	}
	if (session_fair(s)) {
		snprintf(err, errn, "%s", SESSION_FAIR_REASON);
		return -1;
	}
	/* against the computer, an undo shows the dice to come: the file
	 * says so, with the count of undos so far (notes, which replay
	 * skips) */
	int undos = session_computer_plays(s) ? session_undos(s) + 1 : 0;
	size_t have = session_commands(s);
	if (n > have) {
		snprintf(err, errn, "only %zu command%s to undo", have,
			 have == 1 ? "" : "s");
		return -1;
	}
	size_t keep = have - n;
	struct session tmp;
	session_setup(&tmp, s->rulesets, s->load_battle, s->load_tables,
		      s->loader_user, s->default_seed);
	tmp.checkpoint_every = s->checkpoint_every;
	inherit(&tmp, s);
	tmp.replaying = true;
	struct load_ctx lc = {.s = &tmp};
	struct ini_error ie;
	memset(&ie, 0, sizeof ie);
	bool ok = load_header(&lc, &s->journal.h, &ie) == 0;
	/* a game whose dice come from outside (a live replica): the kept
	 * commands get the answers the source gave them (session.h:
	 * outside), and the source serves the game after the undo */
	const struct ruleset *rs = session_ruleset(s);
	struct dice *sd = rs->dice ? rs->dice(s->game) : NULL;
	struct undo_feed feed = {.s = s};
	if (ok && sd && sd->source)
		dice_set_source(tmp.ruleset->dice(tmp.game), undo_die, &feed);
	/* the kept commands, each with the digest line after it; a digest
	 * after an undone command (its turn no longer ended) goes too */
	size_t cmds = 0;
	for (size_t i = 0; ok && i < s->journal.n; i++) {
		const char *t = s->journal.lines[i];
		struct gamefile_line l = {
			.lineno = gamefile_header_lines(s->journal.h.version) +
				  1 + (int)i,
			.text = t,
			.is_note = strncmp(t, "note ", 5) == 0,
			.is_dice = strncmp(t, "dice ", 5) == 0,
			.is_share = strncmp(t, "mail-share ", 11) == 0,
			.is_reveal = strncmp(t, "reveal ", 7) == 0,
			.is_nonce = strncmp(t, "nonce ", 6) == 0,
		};
		if (is_digest_line(t)) {
			l.is_digest = true;
			if (sscanf(t, "digest %d %" SCNx64, &l.turn,
				   &l.digest) != 2) {
				snprintf(ie.msg, sizeof ie.msg,
					 "bad digest line");
				ok = false;
				break;
			}
		} else if (gamefile_is_command(t) && cmds++ == keep) {
			break;
		}
		ok = load_body(&lc, &l, &ie) == 0;
	}
	/* the nonce of the first command undone goes with it (two-party) */
	if (ok && tmp.nonce[0]) {
		journal_drop_last(&tmp.journal);
		tmp.nonce[0] = '\0';
	}
	/* notes just before the first command undone explain it: they go
	 * with it */
	while (ok && tmp.journal.n > 0 &&
	       strncmp(tmp.journal.lines[tmp.journal.n - 1], "note ", 5) == 0)
		journal_drop_last(&tmp.journal);
	if (ok && tmp.digest_due) {
		char dline[64];
		gamefile_digest_line(tmp.digest_turn,
				     file_digest(&tmp, tmp.game), dline,
				     sizeof dline);
		ok = journal_add(&tmp.journal, dline) == 0;
		if (!ok)
			snprintf(ie.msg, sizeof ie.msg, "out of memory");
	}
	if (!ok) {
		snprintf(err, errn, "undo replay failed: %s", ie.msg);
		session_free(&tmp);
		return -1;
	}
	tmp.replaying = false;
	tmp.digest_due = false;
	if (sd && sd->source)
		dice_set_source(tmp.ruleset->dice(tmp.game), sd->source,
				sd->source_user);
	int rc = 0;
	if (s->file.f) {
		/* the shortened journal replaces the file atomically, so a
		 * crash now never brings the undone commands back */
		char path[sizeof s->file.path];
		snprintf(path, sizeof path, "%s", s->file.path);
		if (gamefile_write(path, &tmp.journal, true, err, errn) != 0) {
			session_free(&tmp);
			return -1;
		}
		/* the same file, under the same lock, opened again */
		tmp.file = s->file;
		memset(&s->file, 0, sizeof s->file);
		gamelock_init(&s->file.lock);
		char e2[ERR_MAX];
		if (gamefile_attach(&tmp.file, e2, sizeof e2) != 0) {
			snprintf(err, errn,
				 "%s rewritten but not reopened (%s): play "
				 "goes on without a game file",
				 path, e2);
			gamefile_close(&tmp.file);
			rc = 1;
		}
	}
	session_free(s);
	*s = tmp;
	s->ruleset->set_session(s->game, s);
	if (undos > 0) {
		char note[128], e2[ERR_MAX];
		snprintf(note, sizeof note,
			 "%s %d: %zu command%s taken back, the dice to come "
			 "seen",
			 SESSION_UNDO_NOTE, undos, n, n == 1 ? "" : "s");
		if (session_note(s, note, e2, sizeof e2) != 0 && rc == 0) {
			snprintf(err, errn, "undone, but not noted: %s", e2);
			rc = 1;
		}
	}
	return rc;
}

/* ---- verify ---- */

int session_verify(struct session *s, const char *path, struct ini_error *err,
		   char *summary, size_t n)
{
	struct session tmp;
	session_setup(&tmp, s->rulesets, s->load_battle, s->load_tables,
		      s->loader_user, s->default_seed);
	tmp.rules_dir = s->rules_dir;
	tmp.replaying = true;
	tmp.verifying = true; /* the seed from the file only */
	struct load_ctx lc = {.s = &tmp};
	memset(err, 0, sizeof *err);
	prescan(path, &lc);
	bool ok = gamefile_read(path, load_header, load_body, &lc, err);
	if (ok && !tmp.game) {
		ok = false;
		err->line = 1;
		snprintf(err->msg, sizeof err->msg, "no game in the file");
	}
	if (ok && (tmp.dice_due[0] || tmp.digest_due || tmp.nonce[0])) {
		ok = false;
		err->line = gamefile_header_lines(tmp.journal.h.version) +
			    (int)tmp.journal.n;
		snprintf(err->msg, sizeof err->msg,
			 "the file ends without the %s line of its last "
			 "command",
			 tmp.dice_due[0] ? "dice"
			 : tmp.nonce[0]	 ? "command after the nonce"
					 : "digest");
	}
	int rc = 0;
	if (!ok) {
		/* a file that is no game file at all, or cannot be read */
		rc = err->line <= 1 ? 2 : 1;
	} else {
		size_t cmds = 0, dice = 0, digests = 0, nonces = 0;
		for (size_t i = 0; i < tmp.journal.n; i++) {
			const char *t = tmp.journal.lines[i];
			cmds += gamefile_is_command(t);
			dice += strncmp(t, "dice ", 5) == 0;
			digests += strncmp(t, "digest ", 7) == 0;
			nonces += strncmp(t, "nonce ", 6) == 0;
		}
		char with[80] = "";
		if (session_two_party(&tmp))
			snprintf(with, sizeof with, " and the guest's %zu "
				 "nonces", nonces);
		if (tmp.journal.h.version >= GAMEFILE_COMMITTED)
			snprintf(summary, n,
				 "verifies: the revealed seed matches the "
				 "seed-commit; %zu commands played again from "
				 "it%s, %zu dice lines and %zu digests as it "
				 "gives them",
				 cmds, with, dice, digests);
		else
			snprintf(summary, n,
				 "verifies: %zu commands played again from the "
				 "seed in its header, %zu digests as it gives "
				 "them (format %d: the seed was never hidden)",
				 cmds, digests, tmp.journal.h.version);
	}
	session_free(&tmp);
	return rc;
}
