/* lessons.h — the tutorial's lessons as a set (`maniple --tutorial`): the
 * list of lessons in their order (scenarios/tutorial/lessons.ini, [file]
 * kind = lessons) and the learner's progress through them, kept under
 * the XDG state directory ($XDG_STATE_HOME/maniple/tutorial/progress.ini,
 * [file] kind = progress).
 *
 * The list:
 *     [lessons]
 *     lesson = drill          ; scenarios/tutorial/drill.ini, first
 *     lesson = terrain        ; then terrain.ini, ...
 * The progress, one key per lesson the learner has begun:
 *     [progress]
 *     drill = done            ; played to its end (at least once)
 *     terrain = 4             ; 4 steps done so far
 *
 * A malformed progress file is refused with file:line: reason; the game
 * goes on with no progress known (lesson_progress_load), and the next
 * step done writes a whole new file.  No terminal here: the view
 * (tutorial.h) shows the menu and the tests read and write the files. */
#ifndef MANIPLE_TUI_LESSONS_H
#define MANIPLE_TUI_LESSONS_H

#include <stdbool.h>
#include <stddef.h>

#include "maniple/ini.h"

#define LESSONS_MAX	 16
#define LESSON_NAME_MAX	 32
#define LESSONS_PATH_MAX 640

struct lesson;

/* The lessons' names in their order. */
struct lesson_index {
	int n;
	char name[LESSONS_MAX][LESSON_NAME_MAX];
	int line[LESSONS_MAX]; /* of each `lesson =` */
};

/* Reads the list; false with err (file:line: reason) on any fault: no
 * [file] kind = lessons, an unknown section or key, a name that is not
 * letters, digits, '_' or '-', a name given twice, more than LESSONS_MAX,
 * none at all, a name with no readable NAME.ini beside the list. */
bool lesson_index_load(const char *path, struct lesson_index *ix,
		       struct ini_error *err);

/* The progress through the lessons. */
struct lesson_progress {
	int n;
	struct {
		char name[LESSON_NAME_MAX];
		int steps; /* steps done in the last try */
		bool done; /* played to its end, once at least */
	} e[LESSONS_MAX];
};

/* Reads the progress file at path into p: true with p empty when there
 * is none; false with err (file:line: reason) and p empty when it is
 * malformed (no [file] kind = progress, an unknown section, a value that
 * is neither done nor a step count 0-64, a lesson given twice, too
 * many). */
bool lesson_progress_load(const char *path, struct lesson_progress *p,
			  struct ini_error *err);

/* Writes p to path atomically (a new file renamed over the old); 0, or
 * -1 with err. */
int lesson_progress_save(const char *path, const struct lesson_progress *p,
			 char *err, size_t errn);

/* Notes that steps steps of lesson name are done, and done when it was
 * played to its end (a lesson once done stays done). */
void lesson_progress_mark(struct lesson_progress *p, const char *name,
			  int steps, bool done);

/* The index of lesson name's entry in p, or -1 when it was never
 * begun. */
int lesson_progress_find(const struct lesson_progress *p, const char *name);

/* The lessons of `maniple --tutorial`, with their progress; main makes
 * it, the view shows it as the lesson menu and keeps the progress. */
struct lesson_set {
	int n;
	struct lesson *l[LESSONS_MAX]; /* in the index's order */
	char dir[LESSONS_PATH_MAX];    /* where the lessons' games are kept */
	char progress_path[LESSONS_PATH_MAX]; /* "": progress not kept */
	struct lesson_progress progress;
	/* the progress file's refusal, said on the menu, or "" */
	char progress_note[INI_ERR_MAX + 300];
	int first; /* the lesson to start at once, or -1: the menu first */
	/* the player's own game is under: nothing shows until :lessons
	 * opens the menu, whose Esc goes back to the game */
	bool dormant;
};

/* Makes set->dir, the lessons' games' directory, when missing; 0, or -1
 * with err. */
int lesson_set_dir(const struct lesson_set *set, char *err, size_t errn);

/* The menu's line for lesson k: "3. Facing and terrain  (step 4 of 12)"
 * or "... (done)". */
void lesson_set_line(const struct lesson_set *set, int k, char *buf,
		     size_t n);

/* The lesson the menu offers first: the first one not done (0 when all
 * are). */
int lesson_set_next(const struct lesson_set *set);

#endif
