/* test_tutorial.c — the tutorial's lesson (src/tui/lesson.h): the lesson
 * file of `maniple --tutorial` loads; playing every step's command
 * through a session reaches the end of the turn with the event each step
 * is about (activation 5.12, Line Command 5.23, Orderly Withdrawal 6.5,
 * shock 8.4, rout 10.21, momentum 5.32, Individual Order 5.22, missile
 * 8.15, rally 10.28, the withdrawal check 11.1/11.2); a wrong command is
 * taken back and leaves the game file as it was; the player's undo goes
 * back to a step's start; malformed lesson files are refused with
 * file:line. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maniple/teach.h"

#include "../src/tui/config.h"
#include "../src/tui/lesson.h"
#include "../src/tui/lessons.h"
#include "../src/tui/tutorial.h"
#include "bad_file.h"
#include "fixture.h"
#include "tui_fixture.h"

/* The lesson scenarios/tutorial/NAME.ini. */
static struct lesson *load_lesson(const char *name)
{
	struct lesson *l = malloc(sizeof *l);
	cr_assert_not_null(l);
	char path[1024];
	struct ini_error err;
	snprintf(path, sizeof path, "%s/scenarios/tutorial/%s.ini",
		 fx_srcdir(), name);
	bool ok = lesson_load(path, gboh_commands(), l, &err);
	cr_assert(ok, "%s:%d: %s", err.file, err.line, err.msg);
	cr_assert_str_eq(l->name, name);
	return l;
}

static struct lesson *load_drill(void)
{
	return load_lesson("drill");
}

/* The list of the lesson menu, scenarios/tutorial/lessons.ini. */
static void load_index(struct lesson_index *ix)
{
	char path[1024];
	struct ini_error err;
	snprintf(path, sizeof path, "%s/scenarios/tutorial/lessons.ini",
		 fx_srcdir());
	bool ok = lesson_index_load(path, ix, &err);
	cr_assert(ok, "%s:%d: %s", err.file, err.line, err.msg);
}

/* The runner of the tests: straight on the session. */
static void run_on_session(void *ctx, const char *line, struct cmd_result *r)
{
	session_exec(ctx, line, r);
}

/* The player's command: run, then judged; what the box tells of it
 * from its own events (lesson_told) into told when not NULL. */
static enum lesson_verdict play_told(struct lesson_run *t, struct session *s,
				     const char *line, char *told, size_t n)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	const struct lesson_step *st = lesson_current(t);
	if (told && st)
		lesson_told(st, t->texts, s, &r.out, told, n);
	enum lesson_verdict v =
		lesson_after_command(t, s, line, &r, run_on_session, s);
	cmd_result_free(&r);
	return v;
}

static enum lesson_verdict play(struct lesson_run *t, struct session *s,
				const char *line)
{
	return play_told(t, s, line, NULL, 0);
}

static struct teach_texts *texts;

static void start(struct session *s, struct lesson_run *t,
		  const struct lesson *l)
{
	if (!texts) {
		char dir[1024];
		struct ini_error err;
		snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
		texts = teach_load(dir, &err);
		cr_assert_not_null(texts, "%s:%d: %s", err.file, err.line,
				   err.msg);
	}
	char line[128];
	snprintf(line, sizeof line, "new %s %s %llu", l->battle,
		 l->kind == GAME_SANDBOX ? "sandbox" : "solo",
		 (unsigned long long)l->seed);
	fx_session(s, line);
	lesson_begin(t, l, s, run_on_session, s);
	t->texts = texts;
	cr_assert_not(t->setup_failed, "step 1's autos and dice");
}

/* The canonical command of a step: its first alternative. */
static void first_alt(const struct lesson_step *st, char *buf, size_t n)
{
	snprintf(buf, n, "%s", st->expect);
	buf[strcspn(buf, "|")] = '\0';
}

Test(tutorial, the_drill_lesson_loads)
{
	struct lesson *l = load_drill();
	cr_expect_str_eq(l->battle, "drill");
	cr_expect_eq(l->seed, 11);
	cr_expect_eq(l->kind, GAME_SOLO, "solo unless the lesson says");
	cr_expect_geq(l->nsteps, 20);
	cr_expect_str_eq(l->step[0].dice, "6 2");
	cr_expect_str_eq(l->step[0].expect, "continue");
	/* several say lines are joined; a ';' inside a word is text */
	cr_expect_not_null(strstr(l->step[0].say, "goes first; both sides"),
			   "%s", l->step[0].say);
	cr_expect_not_null(strstr(l->step[0].say, "(5.12)"));
	for (int i = 0; i < l->nsteps; i++) {
		cr_expect(l->step[i].say[0] && l->step[i].expect[0] &&
				  l->step[i].rule[0] && l->step[i].event[0],
			  "step %d lacks a field", i + 1);
	}
	free(l);
}

Test(tutorial, patterns)
{
	cr_expect(lesson_matches("move 2515", "move 2515"));
	cr_expect(lesson_matches("move 2515", "MOVE  2515"));
	cr_expect_not(lesson_matches("move 2515", "move 2516"));
	cr_expect_not(lesson_matches("move 2515", "move 2515 2516"));
	cr_expect(lesson_matches("face NE|face N", "face n"));
	cr_expect(lesson_matches("order * rally", "order li1 rally"));
	cr_expect_not(lesson_matches("order * rally", "order li1 recover"));
	cr_expect_not(lesson_matches("order *", "order"));
	cr_expect_not(lesson_matches("continue", ""));
	cr_expect_not(lesson_matches("continue", "\"unterminated"));
}

Test(tutorial, events_are_matched_by_kind_and_fields)
{
	struct event_log log;
	event_log_init(&log);
	struct event e;
	event_init(&e, "rallied");
	event_add(&e, "unit", "li1");
	event_add(&e, "hits", "2");
	event_log_push(&log, &e);
	cr_expect(lesson_event_in("rallied", &log));
	cr_expect(lesson_event_in("rallied unit=li1 hits=2", &log));
	cr_expect_not(lesson_event_in("rallied unit=li2", &log));
	cr_expect_not(lesson_event_in("rallied unit", &log));
	cr_expect_not(lesson_event_in("rout unit=li1", &log));
	cr_expect_not(lesson_event_in("", &log));
	event_log_free(&log);
}

/* Every step's command in turn (its first alternative): each is right,
 * brings its event, and the box tells what it did from its own events,
 * then the step's pointer; the lesson ends with its last step. */
static void play_through(const struct lesson *l, struct session *s,
			 struct lesson_run *t)
{
	for (int i = 0; i < l->nsteps; i++) {
		char line[LESSON_CMD_MAX], told[2048] = "";
		cr_assert_eq(t->step, i);
		first_alt(&l->step[i], line, sizeof line);
		enum lesson_verdict v = play_told(t, s, line, told,
						  sizeof told);
		cr_assert_eq(v, i + 1 < l->nsteps ? LV_RIGHT : LV_OVER,
			     "%s step %d (%s): verdict %d, note %s", l->name,
			     i + 1, line, v, t->note);
		cr_expect(t->event_seen, "%s step %d (%s): no %s", l->name,
			  i + 1, line, l->step[i].event);
		cr_assert_not(t->setup_failed, "%s step %d's autos or dice",
			      l->name, i + 2);
		/* what the command did is told from its own events, then
		 * the step's pointer (never an outcome written ahead) */
		cr_expect_neq(told[0], '\0', "%s step %d (%s): nothing told",
			      l->name, i + 1, line);
		char want[sizeof told + sizeof l->step[i].done + 1];
		snprintf(want, sizeof want, "%s%s%s", told,
			 l->step[i].done[0] ? " " : "", l->step[i].done);
		cr_expect_str_eq(t->note, want, "%s step %d", l->name, i + 1);
	}
	cr_expect(t->over);
	cr_expect_null(lesson_current(t));
	cr_expect_eq(t->undone, 0);
}

/* The drill lesson: one whole turn, ending in turn 2 after the
 * withdrawal check. */
Test(tutorial, the_whole_lesson_plays_through)
{
	struct lesson *l = load_drill();
	struct session s;
	struct lesson_run t;
	start(&s, &t, l);
	play_through(l, &s, &t);
	/* the turn is over: turn 2, and the whole turn's events were there */
	cr_expect_eq(s.game->turn, 2);
	const char *want[] = {
		"activated leader=tribune how=lowest",
		"line_command line=hastati",
		"withdrawal_done unit=ar1 taken=yes",
		"shock_result combat=0",
		"rout unit=li1 cause=8.47",
		"roll for=momentum result=success",
		"order to=ve1",
		"missile_result result=hit",
		"rallied unit=li1",
		"withdrawal side=0 withdraws=no",
		"turn_end turn=1",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		cr_expect(lesson_event_in(want[i], &s.game->events), "no %s",
			  want[i]);
	/* after the end the player plays on freely */
	cr_expect_eq(play(&t, &s, "activate tribune"), LV_IGNORED);
	session_free(&s);
	free(l);
}

/* A wrong command is taken back with undo: the game and its file are as
 * before; a refused or looking one changes nothing and is let be. */
Test(tutorial, a_wrong_command_is_undone_and_the_file_unchanged)
{
	struct lesson *l = load_drill();
	struct session s;
	struct lesson_run t;
	start(&s, &t, l);
	char dir[] = "/tmp/maniple-tutorial-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char path[256], err[256];
	snprintf(path, sizeof path, "%s/tutorial.game", dir);
	cr_assert_eq(session_save(&s, path, true, true, err, sizeof err), 0, "%s",
		     err);
	cr_assert_eq(play(&t, &s, "continue"), LV_RIGHT);
	cr_assert_eq(play(&t, &s, "activate tribune"), LV_RIGHT);
	/* step 3 wants the hastati's Line Command */
	char *before = fx_slurp(path);
	size_t n = session_commands(&s);
	cr_expect_eq(play(&t, &s, "order ve1"), LV_WRONG);
	cr_expect_eq(t.step, 2);
	cr_expect(t.note_wrong);
	cr_expect_not_null(strstr(t.note, "line hastati"), "%s", t.note);
	cr_expect_eq(session_commands(&s), n);
	char *after = fx_slurp(path);
	cr_expect_str_eq(after, before);
	free(after);
	/* refused (the Consul is not the lowest, 5.12): nothing to undo */
	cr_expect_eq(play(&t, &s, "activate consul"), LV_IGNORED);
	cr_expect_not_null(strstr(t.note, "Not taken"));
	/* looking is always fine, and says nothing */
	t.note[0] = '\0';
	cr_expect_eq(play(&t, &s, "show unit ha1"), LV_IGNORED);
	cr_expect_str_eq(t.note, "");
	after = fx_slurp(path);
	cr_expect_str_eq(after, before);
	free(after);
	free(before);
	/* the right one still works */
	cr_expect_eq(play(&t, &s, "line hastati"), LV_RIGHT);
	cr_expect_eq(t.undone, 1);
	session_free(&s);
	unlink(path);
	rmdir(dir);
	free(l);
}

/* A wrong command that used a forced die: the undo gives it back. */
Test(tutorial, an_undone_command_gives_back_its_forced_dice)
{
	struct lesson *l = load_drill();
	struct session s;
	struct lesson_run t;
	start(&s, &t, l);
	/* step 1 queued 6 2; a wrong game command is undone, then the
	 * tie roll still comes out 6 to 2 */
	cr_expect_eq(play(&t, &s, "roll 0 0"), LV_WRONG);
	cr_expect_eq(play(&t, &s, "continue"), LV_RIGHT);
	cr_expect(t.event_seen);
	session_free(&s);
	free(l);
}

/* The player's own undo: back to the start of the step the game is in,
 * its autos and dice played again. */
Test(tutorial, the_players_undo_goes_back_a_step)
{
	struct lesson *l = load_drill();
	struct session s;
	struct lesson_run t;
	start(&s, &t, l);
	const char *lines[] = {"continue", "activate tribune", "line hastati",
			       "pick ha1"};
	for (size_t i = 0; i < 4; i++)
		cr_assert_eq(play(&t, &s, lines[i]), LV_RIGHT, "%s", lines[i]);
	cr_assert_eq(t.step, 4);
	cr_expect_eq(play(&t, &s, "undo"), LV_REWOUND);
	cr_expect_eq(t.step, 3, "back to pick ha1's step");
	cr_expect_eq(play(&t, &s, "pick ha1"), LV_RIGHT);
	/* undo back through a step with dice: step 1's are queued again */
	cr_expect_eq(play(&t, &s, "undo 4"), LV_REWOUND);
	cr_expect_eq(t.step, 0);
	cr_expect_eq(session_commands(&s), 1, "only step 1's roll");
	cr_expect_eq(play(&t, &s, "continue"), LV_RIGHT);
	cr_expect(t.event_seen, "the tie comes out 6 to 2 again");
	/* a new game stops the lesson */
	cr_expect_eq(play(&t, &s, "new drill solo 3"), LV_OVER);
	cr_expect_null(lesson_current(&t));
	cr_expect(t.stopped);
	/* and nothing after it is judged, an undo included */
	cr_expect_eq(play(&t, &s, "roll 1"), LV_IGNORED);
	cr_expect_eq(play(&t, &s, "undo"), LV_IGNORED);
	cr_expect_eq(session_commands(&s), 0);
	session_free(&s);
	free(l);
}

/* Malformed lessons: refused at their marked line (tests/bad). */
Test(tutorial, malformed_lessons_are_refused_with_file_and_line)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/tests/bad", fx_srcdir());
	DIR *d = opendir(dir);
	cr_assert_not_null(d);
	struct dirent *e;
	int n = 0;
	struct lesson *l = malloc(sizeof *l);
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, "tutorial-", 9))
			continue;
		char path[2048];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct ini_error err;
		cr_expect_not(lesson_load(path, gboh_commands(), l, &err), "%s loaded", path);
		expect_marked_refusal(path, path, &err);
		n++;
	}
	closedir(d);
	free(l);
	cr_expect_geq(n, 5);
}

Test(tutorial, a_missing_file_is_refused)
{
	struct lesson *l = malloc(sizeof *l);
	struct ini_error err;
	cr_expect_not(lesson_load("/nonexistent/lesson.ini", gboh_commands(), l,
				  &err));
	cr_expect_neq(err.msg[0], '\0');
	free(l);
}

/* ---- the view's "How:" line (tutorial.h) ---- */

static struct tui_view *drill_view(struct session *s)
{
	fx_session(s, "new drill solo 11");
	return fx_view(s);
}

/* The "How:" line for command holds phrase. */
static void how_has(struct tui_view *v, const char *command, const char *phrase)
{
	char buf[512];
	tutorial_how(v, command, buf, sizeof buf);
	cr_expect(strstr(buf, phrase), "%s: %s", command, buf);
}

Test(tutorial, how_names_the_keys_in_use)
{
	struct session s;
	struct tui_view *v = drill_view(&s);
	how_has(v, "line hastati", "L lists the Line Commands");
	how_has(v, "line hastati", "; or type :line hastati");
	how_has(v, "pick ha1", "g2415 puts the cursor on ha1, then p picks it");
	how_has(v, "move 2515", "g2515, then m steps into it");
	how_has(v, "designate ha2 li1",
		"g2417 puts the cursor on ha2 and t, then g2817 puts the "
		"cursor on li1 and t");
	how_has(v, "designate done", "T ends the designation");
	how_has(v, "fire 2915", "f opens fire targeting, Enter fires");
	how_has(v, "orders done", "D ends the leader's orders");
	/* anything else: the legal list */
	how_has(v, "continue",
		"Enter lists the legal actions: select continue");
	/* no words, or an unknown piece: no crash, something sensible */
	char buf[512];
	tutorial_how(v, "", buf, sizeof buf);
	cr_expect_str_eq(buf, "");
	how_has(v, "pick nobody", "put the cursor on nobody");
	fx_view_free(v);
	session_free(&s);
}

/* The prompt box's answers are named by their digit. */
Test(tutorial, how_names_the_prompt_digit)
{
	struct session s;
	struct tui_view *v = drill_view(&s);
	fx_ok(&s, "roll 6 2");
	fx_ok(&s, "continue");
	prompt_build(&s, &v->prompt.ask);
	v->prompt.shown = true;
	v->prompt.nkeys = v->prompt.ask.nown;
	how_has(v, "activate tribune",
		"1 in the prompt box gives activate tribune");
	how_has(v, "pass", "2 in the prompt box gives pass");
	fx_view_free(v);
	session_free(&s);
}

/* A settings file's keys show in the line, never the built-in ones. */
Test(tutorial, how_follows_the_settings_file)
{
	struct session s;
	struct tui_view *v = drill_view(&s);
	struct tui_config *c = malloc(sizeof *c);
	cr_assert_not_null(c);
	tui_config_init(c);
	bool ok =
		tui_config_read_text(c, "t.ini", "[keys]\nline-command = S\n");
	cr_assert(ok, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	tui_config_keymap(c, &v->keys);
	char buf[512];
	tutorial_how(v, "line hastati", buf, sizeof buf);
	cr_expect(strstr(buf, "S lists the Line Commands") != NULL, "%s", buf);
	free(c);
	fx_view_free(v);
	session_free(&s);
}

/* The terms a newcomer meets: how a lesson writes each, and the `rule
 * NAME` pointers the glossary finds for it. */
static const struct {
	const char *words[3];
	const char *points[3];
	bool drill; /* the first lesson must come to it */
} terms[] = {
	{{"Line Command"}, {"rule LC", "rule Line Command"}, true},
	{{"zone of control", "ZOC"}, {"rule ZOC"}, true},
	{{"superiority", "Superiority"}, {"rule superiority"}, true},
	{{"cohesion hit"}, {"rule cohesion hit"}, true},
	{{"routed unit", "routs"}, {"rule rout"}, true},
	{{"momentum", "Momentum"}, {"rule momentum"}, true},
	{{"trump"}, {"rule trump"}, true},
	{{"Individual Order"}, {"rule Individual Order"}, true},
	{{"Rout Points", "rout points"}, {"rule rout points"}, true},
	{{"Die Roll of Doom"}, {"rule Die Roll of Doom"}, false},
	{{"Command Range"}, {"rule Command Range"}, false},
	{{"withdrawal check", "withdrawal level"},
	 {"rule withdrawal level", "rule rout points"}, false},
	{{"TQ"}, {"rule TQ"}, false},
	{{"Front hexes", "Flank"}, {"rule facing", "rule Front"}, false},
	{{"collapse", "Collapse"}, {"rule collapse"}, false},
	{{"pursue", "pursuit", "Pursuit"}, {"rule pursuit"}, false},
};

/* In lesson l, the first step that names term k points to the glossary
 * (must: the term has to come up at all). */
static void term_pointed_to(const struct lesson *l, size_t k, bool must)
{
	int first = -1;
	for (int i = 0; i < l->nsteps && first < 0; i++)
		for (int w = 0; w < 3 && terms[k].words[w]; w++)
			if (strstr(l->step[i].say, terms[k].words[w]) ||
			    strstr(l->step[i].done, terms[k].words[w]))
				first = i;
	if (must)
		cr_assert_geq(first, 0, "%s never comes up",
			      terms[k].words[0]);
	if (first < 0)
		return;
	bool points = false;
	for (int p = 0; p < 3 && terms[k].points[p]; p++)
		points |= strstr(l->step[first].say, terms[k].points[p]) ||
			  strstr(l->step[first].done, terms[k].points[p]);
	cr_expect(points, "%s step %d names %s without %s", l->name,
		  first + 1, terms[k].words[0], terms[k].points[0]);
}

/* The tutorial points to the glossary (`rule TERM`) the first time a
 * term a newcomer meets comes up in a lesson; the first lesson meets the
 * turn's terms all. */
Test(tutorial, the_first_mention_of_a_term_points_to_the_glossary)
{
	struct lesson_index ix;
	load_index(&ix);
	for (int j = 0; j < ix.n; j++) {
		struct lesson *l = load_lesson(ix.name[j]);
		for (size_t k = 0; k < sizeof terms / sizeof terms[0]; k++)
			term_pointed_to(l, k,
					terms[k].drill &&
						!strcmp(l->name, "drill"));
		free(l);
	}
}

/* ---- the lesson menu's lessons (lessons.h) ---- */

/* Every lesson the menu lists plays to its end, each step checked. */
Test(tutorial, every_lesson_of_the_menu_plays_through, .timeout = 60)
{
	struct lesson_index ix;
	load_index(&ix);
	cr_expect_str_eq(ix.name[0], "drill", "the first lesson is the turn");
	cr_expect_geq(ix.n, 2);
	for (int k = 0; k < ix.n; k++) {
		struct lesson *l = load_lesson(ix.name[k]);
		struct session s;
		struct lesson_run t;
		start(&s, &t, l);
		play_through(l, &s, &t);
		session_free(&s);
		free(l);
	}
}

/* Lesson name played to its end: the game's events hold each of want
 * (NULL-ended), and the game is in turn (0: not checked). */
static void lesson_brings(const char *name, const char *const *want, int turn)
{
	struct lesson *l = load_lesson(name);
	struct session s;
	struct lesson_run t;
	start(&s, &t, l);
	play_through(l, &s, &t);
	for (; *want; want++)
		cr_expect(lesson_event_in(*want, &s.game->events), "%s: no %s",
			  name, *want);
	if (turn)
		cr_expect_eq(s.game->turn, turn);
	session_free(&s);
	free(l);
}

/* Facing and terrain (6.21, 6.22, 6.13, 7.12, 7.14): the turn costs
 * legion infantry 1 MP, broken ground 2 MP and a hit, a turn inside it a
 * hit, the second move of the turn a hit: 4 against TQ 6. */
Test(tutorial, the_terrain_lesson_costs_mp_and_hits)
{
	const char *want[] = {
		"facing_changed unit=ha1 from=E to=NE vertices=1 mp=1",
		"moved unit=ha1 to=2613 terrain=broken mp=2 left=0",
		"cohesion_hit unit=ha1 total=1 cause=terrain rule=6.22",
		"facing_changed unit=ha1 from=NE to=NW mp=1",
		"cohesion_hit unit=ha1 total=2 cause=rough_facing rule=7.14",
		"cohesion_hit unit=ha1 total=3 cause=terrain",
		"cohesion_hit unit=ha1 total=4 cause=second_move rule=6.13",
		"move_end unit=ha1 at=2612",
		NULL,
	};
	lesson_brings("terrain", want, 0);
}

/* The progress file: written, read back, a lesson once done stays done. */
Test(tutorial, progress_is_kept_and_read_back)
{
	char dir[] = "/tmp/maniple-progress-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char path[256], err[512];
	snprintf(path, sizeof path, "%s/progress.ini", dir);
	struct lesson_progress p, q;
	struct ini_error ie;
	/* none yet: no progress, no fault */
	cr_assert(lesson_progress_load(path, &p, &ie), "%s", ie.msg);
	cr_expect_eq(p.n, 0);
	lesson_progress_mark(&p, "drill", 30, true);
	lesson_progress_mark(&p, "terrain", 4, false);
	lesson_progress_mark(&p, "drill", 2, false); /* begun again */
	lesson_progress_mark(&p, "../bad", 1, false); /* no such name */
	cr_assert_eq(lesson_progress_save(path, &p, err, sizeof err), 0, "%s",
		     err);
	cr_assert(lesson_progress_load(path, &q, &ie), "%s:%d: %s", ie.file,
		  ie.line, ie.msg);
	cr_assert_eq(q.n, 2);
	int d = lesson_progress_find(&q, "drill");
	int te = lesson_progress_find(&q, "terrain");
	cr_assert(d >= 0 && te >= 0);
	cr_expect(q.e[d].done, "a lesson once done stays done");
	cr_expect_not(q.e[te].done);
	cr_expect_eq(q.e[te].steps, 4);
	cr_expect_eq(lesson_progress_find(&q, "../bad"), -1);
	/* the menu's lines */
	struct lesson_set *set = calloc(1, sizeof *set);
	cr_assert_not_null(set);
	set->l[0] = load_lesson("drill");
	set->l[1] = load_lesson("terrain");
	set->n = 2;
	set->progress = q;
	char line[256];
	lesson_set_line(set, 0, line, sizeof line);
	cr_expect_str_eq(line, "1. One turn of the drill battle  (done)");
	lesson_set_line(set, 1, line, sizeof line);
	cr_expect(strstr(line, "2. Facing, terrain") &&
			  strstr(line, "(step 5 of "),
		  "%s", line);
	cr_expect_eq(lesson_set_next(set), 1, "the first not done");
	free(set->l[0]);
	free(set->l[1]);
	free(set);
	unlink(path);
	rmdir(dir);
}

/* Malformed lists and progress files (tests/bad/lessons-*,
 * progress-*): refused at their marked line; a bad progress file leaves
 * no progress. */
Test(tutorial, malformed_lists_and_progress_are_refused_with_file_and_line)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/tests/bad", fx_srcdir());
	DIR *d = opendir(dir);
	cr_assert_not_null(d);
	struct dirent *e;
	int nl = 0, np = 0;
	while ((e = readdir(d))) {
		char path[2048];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct ini_error err;
		if (!strncmp(e->d_name, "lessons-", 8)) {
			struct lesson_index ix;
			cr_expect_not(lesson_index_load(path, &ix, &err),
				      "%s loaded", path);
			expect_marked_refusal(path, path, &err);
			nl++;
		} else if (!strncmp(e->d_name, "progress-", 9)) {
			struct lesson_progress p;
			cr_expect_not(lesson_progress_load(path, &p, &err),
				      "%s loaded", path);
			cr_expect_eq(p.n, 0);
			expect_marked_refusal(path, path, &err);
			np++;
		}
	}
	closedir(d);
	cr_expect_geq(nl, 2);
	cr_expect_geq(np, 3);
}

/* Line Command eligibility (4.33): given in the Tribune's first phase
 * (within the Consul's Command Range, 4.33 #1); in his Momentum phase the
 * Strategy roll (4.33 #2) fails and only Individual Orders are left. */
Test(tutorial, the_line_command_lesson_rolls_for_the_second)
{
	const char *want[] = {
		"line_command leader=tribune line=hastati how=allowed",
		"activated leader=tribune how=momentum phase_no=2",
		"roll for=line_command leader=tribune oc=consul target=3 "
		"die=6 result=fail",
		"line_command_refused leader=tribune line=hastati "
		"then=Individual_Orders_only rule=4.33",
		"order leader=tribune to=ha1",
		NULL,
	};
	lesson_brings("linecmd", want, 0);
}

/* The leaders' order and its upsets (5.12, 5.33, 5.41, 5.42, 5.44): the
 * Consul's trump wins, Hanno's trump of the trump fails, the Die Roll of
 * Doom re-activates Hanno, and every other leader's phase is played to
 * the turn's end. */
Test(tutorial, the_command_lesson_plays_every_phase_of_the_turn)
{
	const char *want[] = {
		"roll for=trump leader=consul against=tribune die=3 "
		"result=success rule=5.41",
		"bypassed leader=tribune by=consul rule=5.44",
		"roll for=trump_the_trump leader=hanno die=7 result=failure",
		"finished leader=hanno why=trump_failed",
		"activated leader=consul how=trump",
		"must_act leader=consul rule=5.45",
		"roll for=momentum leader=consul die=9 result=doom",
		"roll for=doom leader=consul die=0 result=reactivation",
		"activated leader=hanno how=reactivation",
		"activated leader=tribune how=lowest",
		"momentum_barred leader=tribune why=bypassed",
		"activated leader=mago how=lowest",
		"withdrawal side=0 withdraws=no",
		"withdrawal side=1 withdraws=no",
		"turn_end turn=1",
		NULL,
	};
	lesson_brings("command", want, 2);
}

/* A shock without movement (7.33, 8.41): the attacker is marked Shock No
 * TQ Check, nobody takes the pre-shock check (8.43), the Tribune stacked
 * with it is killed (8.44, 4.73); in the collapse (8.47 #2) both end one
 * hit short of their TQ: the attacker passes its roll and sheds a hit,
 * the defender fails and routs. */
Test(tutorial, the_shock_lesson_kills_a_leader_and_collapses_the_defender)
{
	struct lesson *l = load_lesson("shock");
	cr_expect_eq(l->kind, GAME_SANDBOX, "its position is set up");
	free(l);
	const char *want[] = {
		"placed unit=ha1 hex=2411",
		"shock_marker unit=ha1 marker=shock_no_check via=command_range "
		"leader=tribune rule=8.41",
		"no_charge_check unit=ha1 why=shock_no_check rule=8.43",
		"no_charge_check unit=mi1 why=shock_no_check rule=8.43",
		"leader_hit leader=tribune die=0 casualty=yes",
		"leader_casualty leader=tribune die=9 result=killed",
		"eliminated leader=tribune side=0 rp=3",
		"collapse_check unit=ha1 dr=4 tq=6 result=pass rule=8.47",
		"hit_removed unit=ha1 rule=8.47",
		"collapse_check unit=mi1 dr=8 tq=5 result=rout rule=8.47",
		"rout unit=mi1 hits=4 cause=8.47",
		"advance unit=ha1 to=2511 rule=8.51",
		NULL,
	};
	lesson_brings("shock", want, 0);
}

/* Cavalry pursuit (8.61-8.63): the horse routs its enemy, rolls over its
 * TQ and pursues, shocks the routed unit again, rides on once it is gone
 * and is Finished. */
Test(tutorial, the_pursuit_lesson_chases_the_routed_unit)
{
	const char *want[] = {
		"shock_marker unit=rc1 marker=shock_no_check rule=8.41",
		"rout unit=li1 cause=8.47",
		"rout_end unit=li1 hex=2711",
		"pursuit_check unit=rc1 dr=8 tq=5 result=pursue rule=8.62",
		"pursuit_finished unit=rc1 rule=8.63",
		"pursuit_move unit=rc1 from=2511 to=2611 why=follow",
		"pursuit_stop unit=rc1 why=enemy_in_zoc",
		"pursuit_shock unit=rc1 defenders=li1",
		"eliminated unit=li1 side=1 rp=5",
		"pursuit_onward unit=rc1 mp=4",
		NULL,
	};
	lesson_brings("pursuit", want, 0);
}

/* The Chaeronea lesson, a GBA battle (GBA 4.31, 5.12, 5.21): Demosthenes'
 * Line Command moves the Athenian line, the allies go first at the tie of
 * Initiative 4, and Antipater, a Macedonian, has Individual Orders only
 * (GBA 4.3). */
Test(tutorial, the_chaeronea_lesson_plays_greek_lines_and_macedonian_orders)
{
	const char *want[] = {
		"line_command leader=demosthenes line=athenians units=5",
		"activation_tie_order side=1 army=greeks initiative=4",
		"orders_phase leader=antipater orders=4 line_commands=0",
		"moved unit=ph8 maneuver=forward terrain=clear",
		"orders_done leader=antipater orders_given=2",
		NULL};
	lesson_brings("chaeronea", want, 1);
}

/* Rout and Reload and the withdrawal check (10.23, 10.24, 8.18, 11.1,
 * 11.2): a routed unit shot dead, another run off the map, the velites
 * reloaded, and Carthage past its level withdraws: the battle is over. */
Test(tutorial, the_reload_lesson_ends_the_battle_by_rout_points)
{
	const char *want[] = {
		"eliminated unit=ar1 side=1 total=19",
		"eliminated unit=li1 side=1 rp=5 total=24 cause=10.27",
		"rout_movement routed=1 rule=10.23",
		"rout_move unit=lc2 from=3420 to=off_map rule=10.23",
		"eliminated unit=lc2 side=1 rp=6 total=30 cause=10.24",
		"reload unit=ve1 weapon=main was=no rule=8.18",
		"withdrawal side=0 withdraws=no",
		"withdrawal side=1 rout_points=30 level=28 withdraws=yes",
		"game_over winner=rome why=withdrawal",
		NULL,
	};
	lesson_brings("reload", want, 0);
}

/* A failed trump and the Die Roll of Doom (5.41, 5.44, 5.32, 5.33): the
 * Consul misses his trump and is Finished, the Tribune goes; the
 * Tribune's doom second die is a 5 (Finished), Mago's a 9 (no more
 * activations: the turn goes to Rout and Reload and ends). */
Test(tutorial, the_doom_lesson_fails_a_trump_and_rolls_doom_twice)
{
	const char *want[] = {
		"roll for=trump leader=consul against=tribune initiative=4 "
		"die=7 forced=yes result=failure rule=5.41",
		"finished leader=consul side=0 why=trump_failed rule=5.44",
		"activated leader=tribune side=0 initiative=3 how=trump_failed",
		"roll for=momentum leader=tribune initiative=3 die=9",
		"roll for=doom leader=tribune die=5 forced=yes result=finished "
		"rule=5.33",
		"roll for=doom leader=mago die=9 forced=yes "
		"result=no_more_activations rule=5.33",
		"phase name=rout_reload turn=1",
		"turn_end turn=1",
		NULL,
	};
	lesson_brings("doom", want, 2);
}

/* Break-off, a chase off the map and the regroup (8.62, 8.63, 8.64):
 * rc1 rolls over its TQ and follows li1 off the map; lc1 rolls under and
 * breaks off, mi1 running its full Rout Movement off the map; the Consul's
 * momentum phase is a Regroup and Return that brings rc1 back. */
Test(tutorial, the_regroup_lesson_breaks_off_and_brings_the_horse_back)
{
	struct lesson *l = load_lesson("regroup");
	cr_expect_eq(l->kind, GAME_SANDBOX, "its position is set up");
	free(l);
	const char *want[] = {
		"rout unit=li1 type=LI hits=5 tq=5 cause=8.47",
		"pursuit_check unit=rc1 dr=8 tq=5 result=pursue rule=8.62",
		"pursuit_off_map unit=rc1 exit=3411 rule=8.62",
		"pursuit_check unit=lc1 dr=3 tq=6 result=break_off rule=8.62",
		"pursuit_finished unit=lc1 rule=8.63",
		"rout_movement_now unit=mi1 ma=6 spent=2 cause=8.62",
		"eliminated unit=mi1 side=1 rp=5 total=10 cause=10.24",
		"advance_stay unit=lc1 rule=8.52",
		"regroup_order leader=consul off_map=1",
		"regroup_return unit=rc1 hex=3210 facing=E exit=3411 rule=8.64",
		NULL,
	};
	lesson_brings("regroup", want, 0);
}

/* A wounded leader (8.44, 4.73): the Tribune's casualty die is a 0, the
 * Leader Casualty Table's a 7: a wound of 1, and no momentum roll for
 * him this turn. */
Test(tutorial, the_wound_lesson_wounds_a_leader)
{
	const char *want[] = {
		"leader_hit leader=tribune with=ha1 die=0 casualty=yes",
		"leader_casualty leader=tribune die=7 result=wounded_1 "
		"ratings=-1",
		"rout_end unit=mi1 hex=2711",
		"momentum_barred leader=tribune why=casualty",
		NULL,
	};
	lesson_brings("wound", want, 0);
}
