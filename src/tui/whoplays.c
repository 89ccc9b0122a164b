/* whoplays.c — the question a new game asks before anything else: who
 * plays which side (solitaire, hotseat, or against the computer, then
 * the player's side and the computer's level).  It stands above the
 * prompt box (prompt.h) and the computer's play (aiplay.h), which it
 * starts; neither calls it. */
#include "whoplays.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "maniple/ai.h"
#include "maniple/session.h"
#include "aiplay.h"
#include "prompt.h"
#include "seam.h"
#include "view.h"

/* The game file must say the kind chosen: a game not yet of that kind
 * (a resumed one nobody played, main.c) is started again, same battle
 * and seed, fair again when it was (--no-undo). */
static void start_again(struct tui_view *v, const char *kind)
{
	bool fair = session_fair(v->s);
	char line[160], err[300];
	snprintf(line, sizeof line, "new %s %s %llu", v->s->journal.h.battle,
		 kind, (unsigned long long)v->s->journal.h.seed);
	tui_exec(v, line);
	if (fair && session_make_fair(v->s, err, sizeof err) != 0)
		tui_say(v, "%s", err);
}

/* "Against the computer": step 1 asks the side the player plays, step 2
 * the computer's level (Enter: the default, normal). */
static void against_draw(struct tui_view *v)
{
	struct tui_prompt *p = &v->prompt;
	char title[160], l1[80], l2[80], lv[6][80];
	const char *lines[12];
	int n = 0;
	if (p->ask_step == 1) {
		snprintf(title, sizeof title,
			 "Against the computer: which side do you play?");
		snprintf(l1, sizeof l1, "1  %s", prompt_side_word(v->mv, 0));
		snprintf(l2, sizeof l2, "2  %s", prompt_side_word(v->mv, 1));
		lines[n++] = title;
		lines[n++] = "";
		lines[n++] = l1;
		lines[n++] = l2;
	} else {
		snprintf(title, sizeof title,
			 "The computer plays %s: at which level?",
			 prompt_side_word(v->mv, 1 - p->ask_you));
		lines[n++] = title;
		lines[n++] = "";
		for (int k = 1; k <= 5 && ai_level_numbered(k); k++) {
			const struct ai_level *l = ai_level_numbered(k);
			snprintf(lv[k], sizeof lv[k], "%d  %s%s", k,
				 ai_level_name(l),
				 l == ai_level_default() ? " (Enter)" : "");
			lines[n++] = lv[k];
		}
	}
	lines[n++] = "";
	lines[n++] = "Esc back, q quits";
	prompt_draw_screen(v, lines, n);
}

static void against_key(struct tui_view *v, int ch, bool quit)
{
	struct tui_prompt *p = &v->prompt;
	if (p->ask_step == 0) { /* c: the first question */
		p->ask_step = 1;
		prompt_touch_map(v);
		return;
	}
	if (quit) {
		v->quit = true;
		return;
	}
	if (ch == 27) {
		p->ask_step--;
		prompt_touch_map(v);
		return;
	}
	if (p->ask_step == 1) {
		if (ch == '1' || ch == '2') {
			p->ask_you = ch - '1';
			p->ask_step = 2;
			prompt_touch_map(v);
		}
		return;
	}
	const struct ai_level *l =
		prompt_is_enter(v, ch) ? ai_level_default()
		: ch >= '1' && ch <= '9' ? ai_level_numbered(ch - '0')
					 : NULL;
	if (!l || !tui_has_game(v->s))
		return;
	if (strcmp(v->s->journal.h.kind, "solo") != 0)
		start_again(v, "solo"); /* one person at the keyboard */
	const struct ai_level *seat[2] = {NULL, NULL};
	seat[1 - p->ask_you] = l;
	p->ask_kind = false;
	p->ask_step = 0;
	tui_touch_all(v);
	if (aiplay_set(v, seat) != 0)
		return; /* said */
	prompt_update(v);
	tui_say(v, "against the computer: you play %s, the computer %s at "
		   "%s",
		prompt_side_word(v->mv, p->ask_you),
		prompt_side_word(v->mv, 1 - p->ask_you),
		ai_level_name(l));
}

bool whoplays_draw(struct tui_view *v)
{
	struct tui_prompt *p = &v->prompt;
	if (!p->ask_kind)
		return false;
	if (p->ask_step > 0) {
		against_draw(v);
		return true;
	}
	{
		char title[160];
		struct play_view pv;
		tui_play_view(v->s, &pv, false);
		snprintf(title, sizeof title, "%s: who plays which side?",
			 tui_has_game(v->s) ? pv.battle : "A new game");
		const char *lines[] = {
			title,
			"",
			"s  solitaire study: you play both sides",
			"h  hotseat: two players at this keyboard",
			"c  against the computer: you play one side",
			"",
			"q  quits",
		};
		prompt_draw_screen(v, lines,
				   (int)(sizeof lines / sizeof lines[0]));
	}
	return true;
}

bool whoplays_key(struct tui_view *v, int ch)
{
	struct tui_prompt *p = &v->prompt;
	if (!p->ask_kind)
		return false;
	const struct tui_binding *mb = tui_binding_for(&v->keys, ch);
	bool quit = mb && mb->cmd == TC_QUIT;
	if (p->ask_kind && (p->ask_step > 0 || ch == 'c' || ch == 'C' ||
			    ch == '3')) {
		against_key(v, ch, quit);
		return true;
	}
	{
		int k = prompt_kind_for_key(ch);
		/* the game file must say the kind chosen: a game not yet
		 * of that kind (a resumed one nobody played, main.c) is
		 * started again, same battle and seed */
		const char *want = k == GAME_HOTSEAT ? "hotseat" : "solo";
		bool again = (k == GAME_HOTSEAT || k == GAME_SOLO) &&
			     tui_has_game(v->s) &&
			     strcmp(v->s->journal.h.kind, want);
		if (again)
			start_again(v, want);
		if (k == GAME_HOTSEAT && tui_has_game(v->s)) {
			p->ask_kind = false;
			tui_touch_all(v);
			p->last_side = -1;
			prompt_update(v); /* a decision pending: hand over */
			tui_say(v, "hotseat: the screen says when to hand over "
				   "the keyboard");
		} else if (k == GAME_SOLO) {
			p->ask_kind = false;
			tui_touch_all(v);
			prompt_update(v);
			tui_say(v, "solitaire study: you play both sides");
		} else if (quit) {
			v->quit = true;
		}
		return true;
	}
}
