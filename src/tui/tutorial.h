/* tutorial.h — `maniple --tutorial` on the map view: the lesson box.
 *
 * The lesson (lesson.h) is walked through the view: the box over the map
 * says "Step k of n", the rule, what to do and why; after each command
 * the view runs (tui_exec) the lesson judges it: the expected command
 * moves it on (the box says what was done, the next step's autos and dice
 * are played through tui_exec, so the log shows them); another
 * game-changing command is taken back with `undo` and the box says what
 * was expected.  Looking commands are always fine.  H (the lesson box's
 * key table, keys.h KM_LESSON: listed in the `?` help, `lesson.how` in
 * the settings file) shows or hides how to give the step's command with
 * the keys in use now: the names come from the binding tables (keys.h),
 * so a settings file's keys show as they are.  Once the lesson is over,
 * H closes the box and play goes on freely.
 *
 * The box stands at the top of the map, or under the cursor's hex when
 * the cursor is up there; it is drawn after the prompt and teach boxes,
 * so when both would show, the lesson's wins.  The card viewer and the
 * help stay on top of it.
 *
 * The lessons are a set (lessons.h): `maniple --tutorial` opens the lesson
 * menu over the map (or starts the lesson it names), and O in the box
 * (`lesson.menu`; or the view's `:lessons`) opens it again.  The menu
 * lists each lesson with the learner's progress; picking one starts it
 * on a new solo game of its battle, kept in the tutorial's state
 * directory.  Every step done is written to the progress file at once. */
#ifndef MANIPLE_TUI_TUTORIAL_H
#define MANIPLE_TUI_TUTORIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/cmd.h"

#include "lesson.h"
#include "lessons.h"

struct tui_view;

/* The view's lesson state (view.h: v->tut). */
struct tui_tutorial {
	bool on; /* --tutorial: the box or the menu is up */
	struct lesson_set *set; /* the lessons and progress, or NULL */
	int current;		/* the lesson played, set->l[current]; -1 none */
	bool menu;		/* the lesson menu is open */
	int sel;		/* its line selected */
	struct lesson_run run;
	bool how;   /* the "How:" line is shown */
	bool drawn; /* the box was drawn, at row y, h rows high */
	int y, h;
};

/* How to give the command expect with the keys in use: "g2415 moves the
 * cursor to ha1, then p picks it; or :pick ha1".  The view's game and
 * prompt box tell the hexes and the prompt's digits. */
void tutorial_how(const struct tui_view *v, const char *expect, char *buf,
		  size_t n);

/* At the start of the view: the lessons (NULL: no tutorial).  With
 * set->first >= 0 that lesson begins on the view's game, which must be a
 * new game of it; else the lesson menu opens. */
void tutorial_start(struct tui_view *v, struct lesson_set *set);
/* Lesson k begins on a new solo game of its battle (the game file
 * set->dir/BATTLE.game written afresh); false, said on the status line,
 * when the game cannot be made. */
bool tutorial_play(struct tui_view *v, int k);
/* The view's `:lessons` (opens the lesson menu); false when line is
 * another command. */
bool tutorial_command(struct tui_view *v, const char *line);
/* In tui_exec, after a command ran (line as given, r its result). */
void tutorial_after_command(struct tui_view *v, const char *line,
			    const struct cmd_result *r);
/* Draws the lesson box over the map (render), after the other boxes. */
void tutorial_draw(struct tui_view *v);
/* The box's keys (keys.h: KM_LESSON, H and O unless the settings file
 * says otherwise) and, while the menu is open, every key; true when
 * taken. */
bool tutorial_key(struct tui_view *v, int ch);
/* The box's text for the tests and the box: its title ("Step 3 of 30
 * (4.31, 5.23)") into buf. */
void tutorial_title(const struct tui_view *v, char *buf, size_t n);

#endif
