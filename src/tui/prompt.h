/* prompt.h — the prompt box of the map view, and who plays which side.
 *
 * Whenever the decision pending is an answer rather than the moving
 * player's free play (activation 5.12, trump 5.41/5.42, re-activation
 * 5.33, elite initiative 5.51, momentum 5.31, every reaction between the
 * steps of a move, rout choices 10.22/10.26, the decisions inside shock,
 * the Regroup and Return placement 8.64, elephant leaders 4.91), a box
 * over the bottom of the map names the decision, the side owing it and
 * the rule, and numbers the legal answers (the pending decision, through
 * the ruleset seam: seam.h); a digit gives one,
 * through tui_exec.  The box is always rebuilt from the game, never kept
 * apart from it, so a resize or a resumed game shows the same box.
 *
 * Who plays which side: a new game in the view asks once whether it is a
 * solitaire study, a hotseat game (the game kinds solo and hotseat) or
 * a game against the computer (solo, the computer's side and level in
 * the game file's header: aiplay.h); in a hotseat game a hand-over
 * screen stands between the two sides' decisions.
 *
 * The functions before "on the view" need no terminal (tests call them
 * directly); the rest work on the view. */
#ifndef MANIPLE_TUI_PROMPT_H
#define MANIPLE_TUI_PROMPT_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/decision.h"
#include "maniple/hex.h"
#include "maniple/mapview.h"
#include "maniple/ruleset.h"
#include "maniple/session.h"

#define PROMPT_ANSWERS_MAX 256
#define PROMPT_KEYS 9 /* answers 1-9 have a key */

/* What the game asks now. */
struct prompt_ask {
	bool due;		/* the pending decision is an answer */
	char step[DECISION_KIND_MAX]; /* where in the sequence (play_view) */
	int side;		/* who owes it */
	char what[64];		/* "Orderly Withdrawal" */
	char rule[16];		/* "6.5" */
	char title[160];	/* "Carthage: Orderly Withdrawal (6.5)" */
	char detail[256];	/* the offer in words, or "" */
	int n;			/* answers: the whole legal list */
	int nown;		/* the first nown are the owing side's */
	struct decision_answer ans[PROMPT_ANSWERS_MAX];
	struct hex hex[PROMPT_ANSWERS_MAX]; /* the hex answer i names */
	/* the hexes of the pieces the decision is about (the reacting
	 * unit, the mover that raised it): the box never covers them */
	struct hex about[DECISION_ABOUT_MAX];
	int nabout;
	unsigned long long id;	/* the decision's identity (its answers) */
};

/* Whether the decision pending in s's game is one the prompt box asks
 * (the ruleset's decision_is_answer: every decision the ruleset asks
 * as a question with answers, not free play such as an Orders Phase). */
bool prompt_due(const struct session *s);

/* The hex a legal answer names ("withdraw ar1 2813": 2813), the last one
 * when it names several, when it is on the map of the view-model mv;
 * else HEX_NONE. */
struct hex prompt_answer_hex(const struct map_view *mv, const char *line);

/* The prompt for s's game now into a (due false and n 0 when none). */
void prompt_build(const struct session *s, struct prompt_ask *a);

/* The question asked of a new game, and the answer's game kind: 's' or
 * '1' solo, 'h' or '2' hotseat; -1 for any other key. */
int prompt_kind_for_key(int ch);

/* Hotseat: whether the hand-over screen is due when the decision passes
 * from last_side to side (-1 when nobody owes one; last_side -1 before
 * the first decision, which is handed over too). */
bool prompt_handover_due(enum game_kind kind, int last_side, int side);

/* FNV-1a: h (start from 14695981039346656037) with the n bytes at p
 * folded in.  The prompt's and teach mode's decision identities. */
unsigned long long prompt_fnv(unsigned long long h, const void *p, size_t n);

/* ---- on the view (view.h) ---- */

struct tui_view;

/* The view's prompt state (view.h: v->prompt). */
struct tui_prompt {
	struct prompt_ask ask;
	bool shown;		/* the box is on the map now */
	bool hidden;		/* Esc: until the decision changes */
	unsigned long long hidden_id;
	int nkeys;		/* answers with a key in the box */
	int first;		/* the answer keyed 1 (. and , page by nine) */
	struct hex marked[PROMPT_KEYS]; /* the highlights it put down */
	int nmarked;
	bool ask_kind;		/* the solo/hotseat question is up */
	/* its "against the computer" (aiplay.h): 1 asks the player's
	 * side, 2 the computer's level; the side chosen */
	int ask_step, ask_you;
	bool handover;		/* the hotseat hand-over screen is up */
	int last_side;		/* the side of the last decision seen */
	bool drawn;		/* an overlay was drawn last time */
};

/* At the start of the view: ask_kind when a new game should ask its
 * kind; then as prompt_update. */
void prompt_start(struct tui_view *v, bool ask_kind);
/* After each command: the box, its highlights and the hand-over follow
 * the game. */
void prompt_update(struct tui_view *v);
/* Draws the box or the hand-over over the map (render); the question of
 * who plays is whoplays.h's. */
void prompt_draw(struct tui_view *v);
/* A key for the prompt or the hand-over; true when taken. */
bool prompt_key(struct tui_view *v, int ch);

/* Shared by the overlays (the prompt, teach mode, the tutorial, the
 * resume question). */
/* A side's name in the map view-model mv (which may be NULL). */
const char *prompt_side_word(const struct map_view *mv, int side);
/* Whether ch is Enter (or the prompt's list key) for the view's keys. */
bool prompt_is_enter(const struct tui_view *v, int ch);
/* The map under an overlay is to be drawn again (with the status). */
void prompt_touch_map(struct tui_view *v);
/* A screen of n text lines in the middle of the view, above the status:
 * the first (bold) centred, the others under it as a centred block.
 * Nothing when the view is too small for them. */
void prompt_draw_screen(struct tui_view *v, const char *const *lines, int n);

#endif
