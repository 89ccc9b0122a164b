/* resume.c — the offer to resume an unfinished game (see resume.h). */
#include <curses.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "maniple/gamefile.h"

#include "resume.h"
#include "seam.h"
#include "view.h"

bool resume_unfinished(const struct session *s)
{
	if (!tui_has_game(s) || session_commands(s) == 0)
		return false;
	struct play_view pv;
	tui_play_view(s, &pv, false);
	return !pv.over; /* 11.2, R4 */
}

static void format_when(time_t t, char *buf, size_t n)
{
	struct tm tm;
	if (!localtime_r(&t, &tm) || !strftime(buf, n, "%Y-%m-%d %H:%M", &tm))
		snprintf(buf, n, "an unknown date");
}

void resume_describe(const struct session *s, const char *path, time_t mtime,
		     struct resume_offer *o)
{
	snprintf(o->path, sizeof o->path, "%s", path);
	struct play_view pv;
	tui_play_view(s, &pv, false);
	const char *id = tui_battle_id(s);
	snprintf(o->battle, sizeof o->battle, "%s",
		 id  ? id
		 : s ? s->journal.h.battle
		     : "");
	snprintf(o->title, sizeof o->title, "%s",
		 id && pv.battle[0] ? pv.battle : o->battle);
	o->turn = pv.turn;
	o->turn_limit = pv.turn_limit;
	format_when(mtime, o->when, sizeof o->when);
}

struct candidate {
	char *path;
	time_t mtime;
	long nsec;
};

static int newest_first(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;
	if (x->mtime != y->mtime)
		return x->mtime < y->mtime ? 1 : -1;
	if (x->nsec != y->nsec)
		return x->nsec < y->nsec ? 1 : -1;
	return strcmp(x->path, y->path);
}

static bool is_game_name(const char *nm)
{
	size_t len = strlen(nm);
	return nm[0] != '.' && len > 5 && strcmp(nm + len - 5, ".game") == 0;
}

int resume_find_last(const char *dir, struct session *s, struct resume_offer *o)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	struct candidate *c = NULL;
	size_t nc = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (!is_game_name(e->d_name))
			continue;
		size_t len = strlen(dir) + strlen(e->d_name) + 2;
		char *p = malloc(len);
		if (!p)
			break;
		snprintf(p, len, "%s/%s", dir, e->d_name);
		struct stat st;
		if (stat(p, &st) != 0 || !S_ISREG(st.st_mode)) {
			free(p);
			continue;
		}
		if (nc == cap) {
			size_t ncap = cap ? cap * 2 : 16;
			struct candidate *nw = realloc(c, ncap * sizeof *c);
			if (!nw) {
				free(p);
				break;
			}
			c = nw;
			cap = ncap;
		}
		c[nc++] = (struct candidate){p, st.st_mtim.tv_sec,
					     st.st_mtim.tv_nsec};
	}
	closedir(d);
	if (nc > 1)
		qsort(c, nc, sizeof *c, newest_first);
	int found = 0;
	battle_loader lb = s->load_battle;
	tables_loader lt = s->load_tables;
	void *user = s->loader_user;
	uint64_t seed = s->default_seed;
	const struct ruleset *const *rulesets = s->rulesets;
	for (size_t i = 0; i < nc && !found; i++) {
		if (strlen(c[i].path) >= RESUME_PATH_MAX)
			continue;
		/* a file with no command is not worth a question: pass it
		 * over before replaying anything */
		if (gamefile_commands(c[i].path) <= 0)
			continue;
		struct ini_error err;
		if (!session_load(s, c[i].path, &err)) {
			if (!o->skipped[0]) {
				char why[INI_ERR_MAX + 300];
				ini_error_format(&err, why, sizeof why);
				snprintf(o->skipped, sizeof o->skipped,
					 "passed over %.*s", RESUME_PATH_MAX,
					 why);
			}
			continue;
		}
		if (resume_unfinished(s)) {
			/* loading may have completed a torn file: its
			 * time now */
			struct stat st;
			time_t t = stat(c[i].path, &st) == 0 ? st.st_mtim.tv_sec
							     : c[i].mtime;
			resume_describe(s, c[i].path, t, o);
			found = 1;
		} else {
			const char *seeds = s->seed_dir; /* kept */
			session_free(s);
			session_setup(s, rulesets, lb, lt, user, seed);
			s->seed_dir = seeds;
		}
	}
	for (size_t i = 0; i < nc; i++)
		free(c[i].path);
	free(c);
	return found;
}

int resume_question(const struct tui_keymap *km, const struct resume_offer *o,
		    char (*lines)[RESUME_LINE_MAX], int max)
{
	char text[8][RESUME_LINE_MAX];
	int k = 0;
	const char *q = tui_cmd_key(km, TC_QUIT);
	if (o->held[0]) {
		/* another maniple plays it (gamelock.h) */
		snprintf(text[k++], sizeof text[0], "%.100s is being played by",
			 o->path);
		snprintf(text[k++], sizeof text[0], "%.200s.", o->held);
		text[k++][0] = '\0';
		snprintf(text[k++], sizeof text[0],
			 "1  watch it, read only (its commands show as they "
			 "come)");
		text[k++][0] = '\0';
		snprintf(text[k++], sizeof text[0], "%-2s quits", q ? q : "q");
		int n = k < max ? k : max;
		for (int i = 0; i < n; i++)
			memcpy(lines[i], text[i], sizeof text[i]);
		return n;
	}
	if (o->turn_limit > 0)
		snprintf(text[k++], sizeof text[0],
			 "Resume %s, turn %d of %d, last played %s?", o->title,
			 o->turn, o->turn_limit, o->when);
	else
		snprintf(text[k++], sizeof text[0],
			 "Resume %s, turn %d, last played %s?", o->title,
			 o->turn, o->when);
	text[k++][0] = '\0';
	snprintf(text[k++], sizeof text[0], "1  resume it");
	if (strcmp(o->other, o->battle) == 0)
		snprintf(text[k++], sizeof text[0],
			 "2  start a new game of %s (this one is kept)",
			 o->other);
	else
		snprintf(text[k++], sizeof text[0],
			 "2  start a new game of %s instead (this one is "
			 "kept)",
			 o->other);
	text[k++][0] = '\0';
	snprintf(text[k++], sizeof text[0], "%-2s quits", q ? q : "q");
	if (o->skipped[0]) {
		text[k++][0] = '\0';
		snprintf(text[k++], sizeof text[0], "(%.200s)", o->skipped);
	}
	int n = k < max ? k : max;
	for (int i = 0; i < n; i++)
		memcpy(lines[i], text[i], sizeof text[i]);
	return n;
}

enum resume_answer resume_answer_for_key(const struct tui_keymap *km, int ch)
{
	if (ch == '1')
		return RESUME_YES;
	if (ch == '2')
		return RESUME_NEW;
	const struct tui_binding *b = tui_binding_for(km, ch);
	if (b && b->cmd == TC_QUIT)
		return RESUME_QUIT;
	return RESUME_PENDING;
}

int resume_branch_name(const struct session *s, char *out, size_t n)
{
	const char *id = tui_battle_id(s);
	if (!id)
		return -1;
	const char *file = s->file.f ? s->file.path : "";
	const char *slash = strrchr(file, '/');
	int dlen = slash ? (int)(slash - file) + 1 : 0;
	for (int k = 1; k < 10000; k++) {
		int w = snprintf(out, n, "%.*s%s-branch-%d.game", dlen, file,
				 id, k);
		int f = gamefile_name_free(out, n, w);
		if (f != 0)
			return f > 0 ? 0 : -1;
	}
	return -1;
}

/* ---- on the view ---- */

bool resume_asking(const struct tui_view *v)
{
	return v->resume && v->resume->answer == RESUME_PENDING;
}

void resume_start(struct tui_view *v, struct resume_offer *o)
{
	v->resume = o;
	if (o && o->answer != RESUME_PENDING && o->note[0])
		tui_say(v, "%s", o->note);
}

bool resume_key(struct tui_view *v, int ch)
{
	if (!resume_asking(v))
		return false;
	struct resume_offer *o = v->resume;
	enum resume_answer a = resume_answer_for_key(&v->keys, ch);
	if (o->held[0] && a == RESUME_NEW)
		a = RESUME_PENDING; /* watching: no new game here */
	switch (a) {
	case RESUME_YES:
		o->answer = RESUME_YES;
		tui_touch_all(v);
		if (o->held[0]) {
			tui_say(v, "watching %s, read only", o->path);
			break;
		}
		if (o->make_fair) { /* --no-undo */
			char err[300];
			if (session_make_fair(v->s, err, sizeof err) != 0) {
				tui_say(v, "not resumed as a fair game: %s",
					err);
				break;
			}
		}
		prompt_update(v); /* a hand-over or a box may be due */
		tui_say(v, "resumed: %s, turn %d%s", o->title, o->turn,
			o->make_fair ? ", a fair game (no undo)" : "");
		break;
	case RESUME_NEW:
		o->answer = RESUME_NEW;
		v->quit = true; /* main.c starts the new game */
		break;
	case RESUME_QUIT:
		o->answer = RESUME_QUIT;
		v->quit = true;
		break;
	case RESUME_PENDING:
		if (o->held[0])
			tui_say(v, "1 watches, %s quits",
				tui_cmd_key(&v->keys, TC_QUIT)
					? tui_cmd_key(&v->keys, TC_QUIT)
					: "q");
		else
			tui_say(v, "1 resumes, 2 starts a new game, %s quits",
				tui_cmd_key(&v->keys, TC_QUIT)
					? tui_cmd_key(&v->keys, TC_QUIT)
					: "q");
		break;
	}
	return true;
}

void resume_draw(struct tui_view *v)
{
	if (!resume_asking(v))
		return;
	char lines[8][RESUME_LINE_MAX];
	int n = resume_question(&v->keys, v->resume, lines, 8);
	/* the question centred, the answers under it as a block */
	const char *shown[8];
	for (int i = 0; i < n; i++)
		shown[i] = lines[i];
	prompt_draw_screen(v, shown, n);
}

void resume_branch_line(struct tui_view *v)
{
	char name[RESUME_PATH_MAX];
	if (resume_branch_name(v->s, name, sizeof name) != 0) {
		tui_say(v, "no game to branch");
		return;
	}
	char line[RESUME_PATH_MAX + 16];
	snprintf(line, sizeof line, "branch %s", name);
	cmdline_open_with(&v->cl, line);
	v->completions[0] = '\0';
	v->dirty |= DIRTY_STATUS;
}
