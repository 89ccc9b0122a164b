/* aiplay.c — the computer in the map view (aiplay.h). */
#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "maniple/session.h"
#include "maniple/stopsig.h"

#include "aiplay.h"
#include "keys.h"
#include "logview.h"
#include "resume.h"
#include "seam.h"
#include "teachui.h"
#include "view.h"

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The key that makes the computer wait or go on (keys.h: pause). */
static const char *pause_key(const struct tui_view *v)
{
	const char *k = tui_cmd_key(&v->keys, TC_PAUSE);
	return k ? k : "pause (no key bound)";
}

static bool both(const struct tui_aiplay *a)
{
	return a->seats.level[0] && a->seats.level[1];
}

/* The side's name on the map, or "side N". */
static void side_name(const struct tui_view *v, int side, char *out,
		      size_t n)
{
	if (v->mv && side >= 0 && side < 2 && v->mv->side_name[side][0])
		snprintf(out, n, "%s", v->mv->side_name[side]);
	else
		snprintf(out, n, "side %d", side + 1);
}

/* ai.h's progress: the bar on the status line past a moment, and q
 * looked for between rollouts. */
static bool progress(void *user, int done, int budget)
{
	struct tui_view *v = user;
	struct tui_aiplay *a = &v->ai;
	a->done = done;
	a->budget = budget;
	if (v->wstatus && now_ms() - a->think_from >= AIPLAY_BAR_AFTER) {
		v->dirty |= DIRTY_STATUS;
		tui_render(v);
	}
	if (stdscr && !a->key_held) {
		nodelay(stdscr, TRUE);
		int ch = getch();
		nodelay(stdscr, FALSE);
		if (ch != ERR) {
			const struct tui_binding *b =
				tui_binding_for(&v->keys, ch);
			if (b && b->cmd == TC_QUIT) {
				a->quit_asked = true;
				return false;
			}
			ungetch(ch); /* the loop takes it after the move */
			a->key_held = true;
		}
	}
	return !stopsig_caught();
}

/* Who plays, as the game file's header says: read again when it says
 * otherwise than last seen (another game, the question answered). */
static void read_seats(struct tui_view *v)
{
	struct tui_aiplay *a = &v->ai;
	a->game = tui_game_id(v->s);
	snprintf(a->header[0], sizeof a->header[0], "%s",
		 v->s->journal.h.player[0]);
	snprintf(a->header[1], sizeof a->header[1], "%s",
		 v->s->journal.h.player[1]);
	if (!ai_seats_from_header(&a->seats, v->s))
		tui_say(v, "the game file names a computer level this maniple "
			   "lacks: a person plays that side");
	a->seats.progress = progress;
	a->seats.progress_user = v;
	a->paused = a->undo_wait = false;
}

void aiplay_start(struct tui_view *v, int pace_ms)
{
	struct tui_aiplay *a = &v->ai;
	ai_seats_init(&a->seats);
	a->pace = pace_ms;
	if (tui_has_game(v->s))
		read_seats(v);
}

void aiplay_free(struct tui_view *v)
{
	ai_seats_free(&v->ai.seats);
}

static bool first_word(const char *line, const char *word)
{
	while (*line == ' ')
		line++;
	size_t n = strcspn(line, " \t");
	return n == strlen(word) && strncmp(line, word, n) == 0;
}

void aiplay_follow(struct tui_view *v, const char *line)
{
	struct tui_aiplay *a = &v->ai;
	if (!tui_has_game(v->s))
		return;
	if (a->game != tui_game_id(v->s) ||
	    strcmp(a->header[0], v->s->journal.h.player[0]) != 0 ||
	    strcmp(a->header[1], v->s->journal.h.player[1]) != 0) {
		read_seats(v);
	}
	/* an undo: the computer waits, so that the next undo goes on back
	 * past its commands, until the person plays a command (or S) */
	if (line && first_word(line, "undo") && ai_seats_any(&a->seats)) {
		a->paused = true;
		a->undo_wait = true;
		a->undo_at = session_commands(v->s);
		v->dirty |= DIRTY_STATUS;
	} else if (a->undo_wait && session_commands(v->s) > a->undo_at) {
		a->paused = a->undo_wait = false;
		v->dirty |= DIRTY_STATUS;
	}
}

int aiplay_set(struct tui_view *v, const struct ai_level *level[2])
{
	struct tui_aiplay *a = &v->ai;
	char err[600];
	a->seats.level[0] = level[0];
	a->seats.level[1] = level[1];
	if (ai_seats_to_header(&a->seats, v->s, err, sizeof err) != 0) {
		tui_say(v, "who plays: %s", err);
		read_seats(v);
		return -1;
	}
	read_seats(v);
	return 0;
}

int aiplay_wait(const struct tui_view *v)
{
	const struct tui_aiplay *a = &v->ai;
	if (!ai_seats_any(&a->seats) || a->paused || v->replay || v->live ||
	    !tui_has_game(v->s) || v->quit)
		return -1;
	/* something the player reads or answers first */
	if (v->prompt.ask_kind || v->prompt.handover || resume_asking(v) ||
	    teachui_up(v) || v->mode == MODE_HELP || v->cl.open ||
	    v->list_open || v->lay.too_small || v->tut.on)
		return -1;
	if (ai_seats_due(&a->seats, v->s) < 0)
		return -1;
	long long left = a->due_at - now_ms();
	return left <= 0 ? 0 : left > 60000 ? 60000 : (int)left;
}

/* ai_seats_play's way of running a line: as a typed one; taken when the
 * journal gained a command. */
static bool run_line(void *user, const char *line)
{
	struct tui_view *v = user;
	size_t before = session_commands(v->s);
	const void *game = tui_game_id(v->s);
	v->ai.playing = true;
	tui_exec(v, line);
	v->ai.playing = false;
	return tui_game_id(v->s) == game && session_commands(v->s) > before;
}

void aiplay_step(struct tui_view *v)
{
	struct tui_aiplay *a = &v->ai;
	int side = ai_seats_due(&a->seats, v->s);
	if (side < 0)
		return;
	char who[64];
	side_name(v, side, who, sizeof who);
	a->thinking = true;
	a->think_from = now_ms();
	a->done = a->budget = 0;
	a->quit_asked = a->key_held = false;
	snprintf(a->who, sizeof a->who, "%s", who);
	v->dirty |= DIRTY_STATUS;
	if (v->wstatus)
		tui_render(v); /* "thinking" at once */
	struct ai_move m;
	int rc = ai_seats_choose(&a->seats, v->s, side, &m);
	a->thinking = false;
	v->dirty |= DIRTY_STATUS;
	if (a->quit_asked) {
		v->quit = true; /* its decision is not played */
		return;
	}
	char err[600] = "";
	if (rc == 0) {
		char text[AI_PLAN_MAX + 160];
		snprintf(text, sizeof text, "plan (%s, %s): %s", who,
			 ai_level_name(a->seats.level[side]), m.plan);
		tui_log_push(&v->log, text);
		rc = ai_seats_play(&a->seats, v->s, side, &m, run_line, v, err,
				   sizeof err);
	} else {
		snprintf(err, sizeof err, "%s", m.plan);
	}
	if (rc != 0) {
		a->paused = true;
		tui_say(v, "the computer (%s) cannot play: %s; %s lets it try "
			   "again",
			who, err, pause_key(v));
		return;
	}
	int pace = a->pace >= 0	 ? a->pace
		   : both(a) ? AIPLAY_PACE_BOTH
			     : AIPLAY_PACE_ONE;
	a->due_at = now_ms() + pace;
}

void aiplay_pause(struct tui_view *v)
{
	struct tui_aiplay *a = &v->ai;
	if (!ai_seats_any(&a->seats)) {
		tui_say(v, "the computer plays no side of this game");
		return;
	}
	a->paused = !a->paused;
	a->undo_wait = false;
	a->due_at = now_ms();
	if (a->paused)
		tui_say(v, "the computer waits: %s lets it go on",
			pause_key(v));
	else
		tui_say(v, "the computer goes on");
}

bool aiplay_status(const struct tui_view *v, char *buf, size_t n,
		   int width)
{
	const struct tui_aiplay *a = &v->ai;
	buf[0] = '\0';
	if (a->thinking) {
		int k = snprintf(buf, n, "%s thinking", a->who);
		if (k < 0 || (size_t)k >= n)
			return true;
		long long spent = now_ms() - a->think_from;
		int room = width - k - 12;
		if (spent >= AIPLAY_BAR_AFTER && a->budget > 0 && room >= 10) {
			int cells = room < 30 ? room : 30;
			int full = (int)((long long)cells * a->done / a->budget);
			char bar[40];
			for (int i = 0; i < cells; i++)
				bar[i] = i < full ? '#' : '.';
			bar[cells] = '\0';
			snprintf(buf + k, n - (size_t)k, " [%s] %d/%d", bar,
				 a->done, a->budget);
		} else {
			snprintf(buf + k, n - (size_t)k, "...");
		}
		return true;
	}
	if (a->paused && ai_seats_any(&a->seats))
		snprintf(buf, n, "computer waits (%s)", pause_key(v));
	return false;
}
