/* replay.c — stepping through a game file, read only (replay.h). */
#include "replay.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "maniple/cmd.h"
#include "maniple/dice.h"
#include "maniple/event.h"
#include "maniple/ruleset.h"

#include "seam.h"
#include "view.h"

struct read_ctx {
	struct replay *r;
	char *plan; /* the last plan note before the next command, or NULL */
};

static int read_header(void *user, const struct gamefile_header *h,
		       struct ini_error *err)
{
	struct read_ctx *c = user;
	if (!ruleset_lookup(session_rulesets(&c->r->s), h->ruleset, err->msg,
			    sizeof err->msg))
		return 1;
	if (game_kind_parse(h->kind) < 0) {
		snprintf(err->msg, sizeof err->msg,
			 "unknown game kind %s (solo, hotseat, sandbox)",
			 h->kind);
		return 1;
	}
	c->r->h = *h;
	return 0;
}

static int read_body(void *user, const struct gamefile_line *l,
		     struct ini_error *err)
{
	struct read_ctx *c = user;
	struct replay *r = c->r;
	/* the computer's plan (seats.h) goes with the command after it, so
	 * that `why` tells it there */
	if (l->is_note && strncmp(l->text, "note " SESSION_PLAN_NOTE " ",
				  6 + strlen(SESSION_PLAN_NOTE)) == 0) {
		free(c->plan);
		c->plan = strdup(l->text);
		if (!c->plan)
			goto oom;
		return 0;
	}
	/* another annotation, a mail share or a reveal: replay skips it
	 * (gamefile.h) */
	if (l->is_note || l->is_share || l->is_reveal || l->is_nonce)
		return 0;
	if (r->nlines == r->cap) {
		size_t nc = r->cap ? r->cap * 2 : 256;
		struct replay_line *nl = realloc(r->lines, nc * sizeof *nl);
		if (!nl)
			goto oom;
		r->lines = nl;
		r->cap = nc;
	}
	char *t = strdup(l->text);
	if (!t)
		goto oom;
	r->lines[r->nlines++] = (struct replay_line){
		l->lineno, t, l->is_digest, l->is_dice, l->turn, l->digest,
		l->is_digest || l->is_dice ? NULL : c->plan};
	if (!l->is_digest && !l->is_dice)
		c->plan = NULL; /* the command's now */
	return 0;
oom:
	snprintf(err->msg, sizeof err->msg, "out of memory");
	return 1;
}

/* A fresh session at step 0. */
static int rebuild(struct replay *r, char *err, size_t errn)
{
	battle_loader lb = r->s.load_battle;
	tables_loader lt = r->s.load_tables;
	void *user = r->s.loader_user;
	const char *rules_dir = r->s.rules_dir; /* rule N: kept */
	const struct ruleset *const *rulesets = r->s.rulesets;
	session_free(&r->s);
	session_setup(&r->s, rulesets, lb, lt, user, r->h.seed);
	r->s.rules_dir = rules_dir;
	if (session_new(&r->s, r->h.battle,
			(enum game_kind)game_kind_parse(r->h.kind), r->h.seed,
			err, errn) != 0)
		return -1;
	r->s.replaying = true; /* no journal of its own, digests noted */
	r->step = 0;
	r->next = 0;
	r->diverged = false;
	r->msg[0] = '\0';
	return 0;
}

int replay_open(struct replay *r, const char *path,
		const struct ruleset *const *rulesets, battle_loader lb,
		tables_loader lt, void *user, char *err, size_t errn)
{
	memset(r, 0, sizeof *r);
	snprintf(r->path, sizeof r->path, "%s", path);
	session_setup(&r->s, rulesets, lb, lt, user, 0);
	struct read_ctx c = {r, NULL};
	struct ini_error ie;
	memset(&ie, 0, sizeof ie);
	/* a last line a crash cut short was never shown (gamefile.h):
	 * left out, as a load leaves it out */
	long torn_at;
	bool read = gamefile_read_torn(path, read_header, read_body, &c, &ie,
				       &torn_at);
	free(c.plan); /* a plan after the last command */
	if (!read) {
		ini_error_format(&ie, err, errn);
		replay_free(r);
		return -1;
	}
	if (r->nlines) {
		r->cmds = malloc(r->nlines * sizeof *r->cmds);
		if (!r->cmds) {
			snprintf(err, errn, "out of memory");
			replay_free(r);
			return -1;
		}
	}
	for (size_t i = 0; i < r->nlines; i++)
		if (!r->lines[i].is_digest && !r->lines[i].is_dice)
			r->cmds[r->ncmds++] = i;
	struct stat st;
	if (stat(path, &st) == 0) {
		r->ino = (unsigned long long)st.st_ino;
		r->dev = (unsigned long long)st.st_dev;
		r->size = (long long)st.st_size;
	}
	char e2[REPLAY_MSG_MAX];
	if (rebuild(r, e2, sizeof e2) != 0) {
		snprintf(err, errn, "%s: battle %s: %s", path, r->h.battle, e2);
		replay_free(r);
		return -1;
	}
	return 0;
}

void replay_free(struct replay *r)
{
	for (size_t i = 0; i < r->nlines; i++) {
		free(r->lines[i].text);
		free(r->lines[i].plan);
	}
	free(r->lines);
	free(r->cmds);
	session_free(&r->s);
	r->lines = NULL;
	r->cmds = NULL;
	r->nlines = r->cap = 0;
	r->ncmds = 0;
}

/* A committed game's dice come from its dice lines: the replay never
 * holds its seed (gamefile.h). */
struct line_dice {
	const char *digits;
	size_t at;
};

static int line_die(void *user)
{
	struct line_dice *ld = user;
	char c = ld->digits[ld->at];
	if (c < '0' || c > '9')
		return -1;
	ld->at++;
	return c - '0';
}

static void diverge(struct replay *r, int lineno, const char *what)
{
	r->diverged = true;
	snprintf(r->msg, sizeof r->msg, "%s:%d: replay stops: %.600s", r->path,
		 lineno, what);
}

int replay_forward(struct replay *r, struct cmd_result *out)
{
	if (r->diverged || r->step >= r->ncmds || !tui_has_game(&r->s))
		return 0;
	const struct replay_line *l = &r->lines[r->next];
	if (l->is_digest) {
		diverge(r, l->lineno, "digest line where no game turn ended");
		return 0;
	}
	const struct replay_line *dl =
		r->next + 1 < r->nlines && r->lines[r->next + 1].is_dice
			? &r->lines[r->next + 1]
			: NULL;
	struct line_dice ld = {dl ? dl->text + 5 : "", 0};
	struct dice *d = r->h.version >= GAMEFILE_COMMITTED
				 ? tui_rules(&r->s)->dice(r->s.game)
				 : NULL;
	unsigned long rolls0 = d ? d->rolls : 0;
	/* its plan before it in the session's journal (why tells it) */
	if (l->plan && journal_add(&r->s.journal, l->plan) != 0)
		return -1;
	if (d)
		dice_set_source(d, line_die, &ld);
	session_exec(&r->s, l->text, out);
	if (d)
		dice_set_source(d, NULL, NULL);
	if (d && out->status == CMD_OK &&
	    (ld.digits[ld.at] || d->rolls - rolls0 != ld.at)) {
		diverge(r, dl ? dl->lineno : l->lineno,
			"the command's dice and its dice line differ");
		return 0;
	}
	if (dl)
		r->next++; /* its dice line, used */
	if (out->status != CMD_OK) {
		char w[600];
		snprintf(w, sizeof w, "%s `%.300s`: %.200s",
			 out->status == CMD_MALFORMED ? "malformed command"
						      : "command refused",
			 l->text, out->reason);
		diverge(r, l->lineno, w);
		return 0;
	}
	r->next++;
	r->step++;
	if (r->s.digest_due) {
		r->s.digest_due = false;
		if (r->next >= r->nlines)
			return 1; /* a file cut before its last digest */
		const struct replay_line *d = &r->lines[r->next];
		if (!d->is_digest) {
			char w[128];
			snprintf(w, sizeof w,
				 "no digest line after game turn %d ended",
				 r->s.digest_turn);
			diverge(r, d->lineno, w);
			return 1;
		}
		/* the digest of the file's format (gamefile.h) */
		uint64_t g = tui_file_digest(&r->s, r->h.version);
		if (d->turn != r->s.digest_turn || d->digest != g) {
			char w[200];
			snprintf(w, sizeof w,
				 "digest mismatch: the file says turn %d "
				 "%016" PRIx64 ", the replay gives turn %d "
				 "%016" PRIx64,
				 d->turn, d->digest, r->s.digest_turn, g);
			diverge(r, d->lineno, w);
			return 1;
		}
		r->next++;
	} else if (r->next < r->nlines && r->lines[r->next].is_digest) {
		diverge(r, r->lines[r->next].lineno,
			"digest line where no game turn ended");
	}
	return 1;
}

int replay_follow(struct replay *r)
{
	struct stat st;
	if (stat(r->path, &st) != 0)
		return 0; /* between an unlink and a rename: later */
	bool same = (unsigned long long)st.st_ino == r->ino &&
		    (unsigned long long)st.st_dev == r->dev;
	if (same && (long long)st.st_size == r->size)
		return 0;
	struct replay *t = malloc(sizeof *t);
	if (!t)
		return 0;
	char err[REPLAY_MSG_MAX + 64];
	if (replay_open(t, r->path, r->s.rulesets, r->s.load_battle,
			r->s.load_tables, r->s.loader_user, err,
			sizeof err) != 0) {
		free(t); /* a file being written: read it again later */
		return 0;
	}
	bool prefix = same && t->nlines >= r->nlines;
	for (size_t i = 0; prefix && i < r->nlines; i++)
		prefix = strcmp(t->lines[i].text, r->lines[i].text) == 0;
	int rc;
	if (prefix) {
		/* the game went on: the new lines taken, the game where it
		 * stands */
		for (size_t i = 0; i < r->nlines; i++)
			free(r->lines[i].text);
		free(r->lines);
		free(r->cmds);
		r->lines = t->lines;
		r->nlines = t->nlines;
		r->cap = t->cap;
		r->cmds = t->cmds;
		r->ncmds = t->ncmds;
		t->lines = NULL;
		t->cmds = NULL;
		t->nlines = t->cap = 0;
		t->ncmds = 0;
		r->ino = t->ino;
		r->dev = t->dev;
		r->size = t->size;
		replay_free(t);
		rc = 1;
	} else {
		/* replaced: read again from the start */
		const char *rules_dir = r->s.rules_dir;
		bool watch = r->watch;
		char holder[sizeof r->holder];
		snprintf(holder, sizeof holder, "%s", r->holder);
		replay_free(r);
		*r = *t;
		tui_set_session(&r->s); /* the session moved */
		r->s.rules_dir = rules_dir;
		r->watch = watch;
		snprintf(r->holder, sizeof r->holder, "%s", holder);
		rc = 2;
	}
	free(t);
	return rc;
}

static int forward_quiet(struct replay *r)
{
	struct cmd_result cr;
	cmd_result_init(&cr);
	int rc = replay_forward(r, &cr);
	cmd_result_free(&cr);
	return rc;
}

int replay_seek(struct replay *r, int k)
{
	if (k < 0)
		k = 0;
	if (k > r->ncmds)
		k = r->ncmds;
	if (k < r->step || !tui_has_game(&r->s)) {
		char e[REPLAY_MSG_MAX];
		if (rebuild(r, e, sizeof e) != 0) {
			snprintf(r->msg, sizeof r->msg, "%s", e);
			return -1;
		}
	}
	while (r->step < k)
		if (forward_quiet(r) <= 0)
			break;
	return 0;
}

int replay_game_turn(const struct replay *r)
{
	return tui_turn(&r->s);
}

int replay_turn(struct replay *r, int t)
{
	if (replay_game_turn(r) >= t && replay_seek(r, 0) != 0)
		return -1;
	while (replay_game_turn(r) < t)
		if (forward_quiet(r) <= 0)
			break;
	return 0;
}

const char *replay_command(const struct replay *r, int k)
{
	if (k < 1 || k > r->ncmds)
		return NULL;
	return r->lines[r->cmds[k - 1]].text;
}

void replay_look(struct replay *r, const char *line, struct cmd_result *out)
{
	cmd_result_reset(out);
	struct cmd_call call;
	if (!cmd_lookup(tui_commands(&r->s), line, &call, out) || !call.def)
		return;
	if (call.def->effect != CMD_LOOKS) {
		cmd_refuse(out, NULL, "replay is read only");
		return;
	}
	/* a looking command changes nothing: the session lets it run once
	 * it is not loading (replaying refuses all but game lines) */
	r->s.replaying = false;
	session_exec(&r->s, line, out);
	r->s.replaying = true;
}

void replay_status(const struct replay *r, char *buf, size_t n)
{
	if (n == 0)
		return;
	char rest[512];
	snprintf(rest, sizeof rest, "%s", buf);
	snprintf(buf, n, "%s step %d/%d, turn %d%s | %s",
		 r->watch ? "WATCH" : "REPLAY", r->step, r->ncmds,
		 replay_game_turn(r), r->diverged ? " (stopped)" : "", rest);
}

/* ---- the view ---- */

static void show_moved(struct tui_view *v, const char *what)
{
	struct replay *r = v->replay;
	if (what)
		tui_log_push(&v->log, what);
	tui_game_moved(v);
	if (r->diverged) {
		tui_log_push(&v->log, r->msg);
		snprintf(v->message, sizeof v->message, "%.*s",
			 (int)sizeof v->message - 1, r->msg);
	} else if (what) {
		snprintf(v->message, sizeof v->message, "%.*s",
			 (int)sizeof v->message - 1, what);
	}
	v->dirty |= DIRTY_STATUS | DIRTY_LOG;
}

static void step_forward(struct tui_view *v)
{
	struct replay *r = v->replay;
	if (r->diverged || r->step >= r->ncmds) {
		show_moved(v, r->diverged ? NULL
					  : "replay: the end of the game file");
		return;
	}
	struct cmd_result cr;
	cmd_result_init(&cr);
	char buf[TUI_LOG_LINE + 64];
	snprintf(buf, sizeof buf, "> %.*s", TUI_LOG_LINE - 3,
		 replay_command(r, r->step + 1));
	int rc = replay_forward(r, &cr);
	if (rc == 1) {
		tui_log_push(&v->log, buf);
		for (size_t i = 0; i < cr.out.n; i++) {
			event_log_format(&cr.out, i, buf, sizeof buf);
			tui_log_push(&v->log, buf);
		}
	}
	cmd_result_free(&cr);
	snprintf(buf, sizeof buf, "replay: step %d/%d: %.*s", r->step, r->ncmds,
		 TUI_LOG_LINE - 40, r->step ? replay_command(r, r->step) : "");
	show_moved(v, rc == 1 ? buf : NULL);
	if (rc < 0)
		snprintf(v->message, sizeof v->message, "out of memory");
}

static void moved_to(struct tui_view *v, int rc, const char *how)
{
	struct replay *r = v->replay;
	char buf[160];
	snprintf(buf, sizeof buf, "replay: %s: step %d/%d, turn %d", how,
		 r->step, r->ncmds, replay_game_turn(r));
	show_moved(v, buf);
	if (rc != 0)
		snprintf(v->message, sizeof v->message, "%.*s",
			 (int)sizeof v->message - 1, r->msg);
}

bool replay_watch_tick(struct tui_view *v)
{
	struct replay *r = v->replay;
	if (!r || !r->watch)
		return false;
	bool at_end = r->step == r->ncmds;
	int rc = replay_follow(r);
	if (rc == 0)
		return false;
	if (rc == 2) {
		moved_to(v, replay_seek(r, r->ncmds),
			 "watch: the file was replaced, read again");
		return true;
	}
	if (at_end)
		while (r->step < r->ncmds && !r->diverged)
			step_forward(v);
	else
		moved_to(v, 0, "watch: new commands");
	return true;
}

bool replay_key(struct tui_view *v, int ch)
{
	struct replay *r = v->replay;
	if (!r)
		return false;
	if (r->entering) {
		if (ch >= '0' && ch <= '9') {
			if (r->tlen < 3)
				r->tbuf[r->tlen++] = (char)ch;
		} else if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) &&
			   r->tlen > 0) {
			r->tlen--;
		} else if ((ch == '\r' || ch == '\n' || ch == KEY_ENTER) &&
			   r->tlen > 0) {
			r->tbuf[r->tlen] = '\0';
			int t = atoi(r->tbuf);
			r->entering = false;
			char how[32];
			snprintf(how, sizeof how, "to turn %d", t);
			moved_to(v, replay_turn(r, t), how);
			return true;
		} else {
			r->entering = false; /* Esc or another key: no jump */
			snprintf(v->message, sizeof v->message,
				 "replay: no jump");
			v->dirty |= DIRTY_STATUS;
			return true;
		}
		r->tbuf[r->tlen] = '\0';
		snprintf(v->message, sizeof v->message,
			 "replay: to turn %s_   (Enter jumps, Esc cancels)",
			 r->tbuf);
		v->dirty |= DIRTY_STATUS;
		return true;
	}
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&v->keys, KM_REPLAY, ch);
	if (!b)
		return false;
	switch ((enum tui_replay_cmd)b->cmd) {
	case RP_FORWARD:
		step_forward(v);
		return true;
	case RP_BACK:
		if (r->step == 0) {
			show_moved(v, "replay: the start of the game file");
			return true;
		}
		moved_to(v, replay_seek(r, r->step - 1), "back");
		return true;
	case RP_TURN:
		r->entering = true;
		r->tlen = 0;
		r->tbuf[0] = '\0';
		snprintf(v->message, sizeof v->message,
			 "replay: to turn _   (Enter jumps, Esc cancels)");
		v->dirty |= DIRTY_STATUS;
		return true;
	case RP_FIRST:
		moved_to(v, replay_seek(r, 0), "first step");
		return true;
	case RP_LAST:
		moved_to(v, replay_seek(r, r->ncmds), "last step");
		return true;
	case RP_JUMP:
	case RP_CANCEL:
		return false; /* without T: the map's own Enter and Esc */
	case RP_COUNT:
		break;
	}
	return false;
}
