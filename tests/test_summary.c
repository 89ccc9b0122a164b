/* The event renderer (evtext.h) and its SPQR use (summary.h): a command's
 * events told in sentences, every one of them, on real commands of the golden
 * scripts: a volley, a TQ check, a move step, a momentum roll, a shock
 * combat and a refusal. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixture.h"
#include "maniple/cmd.h"
#include "maniple/evcat.h"
#include "maniple/evtext.h"
#include "maniple/summary.h"

static struct evtext *shipped(void)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct ini_error err;
	struct evtext *t = summary_load(dir, &err);
	cr_assert_not_null(t, "%s:%d: %s", err.file, err.line, err.msg);
	return t;
}

/* Plays tests/scripts/NAME.txt; every command's summary, one a line
 * ("COMMAND => SUMMARY"), into a malloc'd text. */
static char *summaries(const char *name)
{
	struct evtext *t = shipped();
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/scripts/%s.txt", fx_srcdir(),
		 name);
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "no %s", path);
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	char line[1024];
	struct cmd_result r;
	cmd_result_init(&r);
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		session_exec(&s, line, &r);
		char said[1024];
		summary_result(t, s.game, &r, said, sizeof said);
		fprintf(out, "%s => %s\n", line, said);
	}
	cmd_result_free(&r);
	fclose(out);
	fclose(f);
	session_free(&s);
	evtext_free(t);
	if (getenv("SUMMARY_DUMP"))
		fputs(text, stderr);
	return text;
}

static void has(const char *text, const char *want)
{
	cr_expect_not_null(strstr(text, want), "no \"%s\" in:\n%s", want,
			   text);
}

/* 8.15 a volley: missile_fire, its roll and its result in one sentence */
Test(summary, a_volley_is_one_sentence)
{
	char *t = summaries("drill_fire");
	has(t, "react fire sl1 2614 => Allied slingers (sl1) fire at Libyan "
	       "javelinmen (li1) in 2614: rolled 2, needed 3 or less: 1 "
	       "cohesion hit(s).\n");
	/* a move step (6.21) and a facing change (7.12) */
	has(t, "move 2716 => Libyan javelinmen (li1) moves from 2817 to 2716 "
	       "(clear): 1 MP, 5 left.\n");
	has(t, "face NW => Libyan javelinmen (li1) turns from W to NW: 1 MP, "
	       "4 left.\n");
	free(t);
}

/* 5.32 a momentum roll; failing it Finishes the leader (5.15): two
 * sentences */
Test(summary, a_momentum_roll)
{
	char *t = summaries("drill_turn");
	has(t, "momentum => The Tribune tries for momentum: rolled 3, needed "
	       "3 or less: success. A trump against the Tribune may be tried "
	       "(5.42).\n");
	has(t, "momentum => Hanno tries for momentum: rolled 8, needed 4 or "
	       "less: failure. Hanno is Finished.\n");
	has(t, "move 2612 => Refused: not enough MP left to enter that hex "
	       "(rule 6.25).\n");
	/* a refusal, its reason in full with its rule */
	has(t, "activate consul => Refused: consul (Initiative 4) is not the "
	       "lowest-rated leader still to go (3); a trump may activate him "
	       "sooner (5.41) (rule 5.12).\n");
	free(t);
}

/* 6.41 the phalanx's fifth MP: its TQ check, roll and outcome together */
Test(summary, a_tq_check)
{
	char *t = summaries("drill_maneuver");
	has(t, "halt => Carthaginian phalanx (ph1) checks its TQ: rolled 8 "
	       "against 7: 1 cohesion hit(s). Carthaginian phalanx (ph1) takes "
	       "1 cohesion hit(s) (fifth mp): 2 against TQ 7 (6.41). "
	       "Carthaginian phalanx (ph1) ends its move at 2517: 5 MP spent, "
	       "5 hex(es) (6.11).\n");
	/* 8.42 a designation */
	has(t, "designate ph1 pr2 => Shock combat 0: Carthaginian phalanx "
	       "(ph1) against Principes, Legion III (2) (pr2).\n");
	free(t);
}

/* 8.46 a shock combat: the roll, its modification and the CRT's result,
 * then everything that followed (10.1 the rout, 10.22 its move, 8.53 the
 * advance, 8.4 the segment's end) */
Test(summary, a_shock_combat)
{
	char *t = summaries("shock_drill_battle");
	has(t, "=> Shock combat 0: rolled 8, modified 8, column 13: attacker "
	       "1, defender 8 hit(s). Hastati, Legion III (2) (ha2) routs. "
	       "Hastati, Legion III (2) (ha2) gets a Routed marker (10.22). "
	       "Hastati, Legion III (2) (ha2) flees from 2817 to 2716. "
	       "Hastati, Legion III (2) (ha2) flees from 2716 to 2617. "
	       "Hastati, Legion III (2) (ha2) drops its cohesion hit markers as "
	       "it routs (10.22). Hastati, Legion III (2) (ha2) ends its rout in "
	       "2617 (10.22). Carthaginian phalanx (ph1) advances after combat 0 "
	       "from 2915,2916 to 2816,2817 (8.53). Carthaginian phalanx (ph1) "
	       "moves from 2915,2916 to 2816,2817 (clear): 1 MP, 4 left. The "
	       "Shock segment ends after 1 combat(s) (8.4).\n");
	free(t);
}

/* The machinery alone: every event with a sentence told, a sentence's
 * later events told with it and not again, whole sentences only when the
 * room is short, ids shown as they are with no game. */
Test(summary, every_sentence_whole)
{
	struct evtext *t = shipped();
	struct event_log log;
	event_log_init(&log);
	struct event e;
	for (int i = 0; i < 3; i++) {
		event_init(&e, "moved");
		event_add(&e, "unit", "u%d", i);
		event_add(&e, "from", "0101");
		event_add(&e, "to", "0102");
		event_add(&e, "terrain", "rough_ground");
		event_add(&e, "mp", "2");
		event_add(&e, "left", "%d", 3 - i);
		event_log_push(&log, &e);
	}
	char out[512];
	cr_expect_eq(summary_command(t, NULL, &log, 0, out, sizeof out), 3);
	cr_expect_str_eq(out, "U0 moves from 0101 to 0102 (rough ground): 2 "
			      "MP, 3 left. U1 moves from 0101 to 0102 (rough "
			      "ground): 2 MP, 2 left. U2 moves from 0101 to 0102 "
			      "(rough ground): 2 MP, 1 left.");
	/* room for two and a half: the two whole ones */
	char short_[120];
	cr_expect_eq(summary_command(t, NULL, &log, 0, short_, sizeof short_),
		     2);
	cr_expect_str_eq(short_, "U0 moves from 0101 to 0102 (rough ground): 2 "
				 "MP, 3 left. U1 moves from 0101 to 0102 (rough "
				 "ground): 2 MP, 2 left.");
	cr_expect(summary_event(t, NULL, &log, 2, out, sizeof out));
	cr_expect_str_eq(out, "U2 moves from 0101 to 0102 (rough ground): 2 "
			      "MP, 1 left.");
	event_init(&e, "turn_end"); /* bookkeeping: no sentence */
	event_add(&e, "turn", "1");
	event_log_push(&log, &e);
	cr_expect_not(summary_event(t, NULL, &log, 3, out, sizeof out));
	cr_expect_eq(summary_command(t, NULL, &log, 3, out, sizeof out), 0);
	cr_expect_str_eq(out, "");
	event_log_free(&log);
	evtext_free(t);
}

/* A say's [optional part] is kept only when its slots all have a value
 * (not empty, not -): `show units` gives a unit's short fields, `show
 * unit` all of them, and both read as a sentence (the view's reading
 * pane); a refusal without a rule says none. */
Test(summary, optional_parts_of_a_sentence)
{
	struct evtext *t = shipped();
	struct event_log log;
	event_log_init(&log);
	struct event e;
	event_init(&e, "unit");
	event_add(&e, "id", "ha1");
	event_add(&e, "side", "0");
	event_add(&e, "type", "LG");
	event_add(&e, "hex", "2415");
	event_add(&e, "facing", "E");
	event_add(&e, "hits", "0");
	event_add(&e, "tq", "6");
	event_add(&e, "status", "in_play");
	event_add(&e, "markers", "-");
	event_log_push(&log, &e);
	event_add(&e, "class", "HA");
	event_add(&e, "size", "3");
	event_add(&e, "ma", "5");
	event_add(&e, "missile", "none");
	event_log_push(&log, &e);
	event_init(&e, "refused");
	event_add(&e, "reason", "no_game");
	event_add(&e, "rule", "-");
	event_log_push(&log, &e);
	char out[512];
	cr_assert(summary_event(t, NULL, &log, 0, out, sizeof out));
	cr_expect_str_eq(out, "Ha1, 0 (LG) at 2415 facing E: 0 hit(s), TQ 6, "
			      "in play, markers -.");
	cr_assert(summary_event(t, NULL, &log, 1, out, sizeof out));
	cr_expect_str_eq(out, "Ha1, 0 HA (LG, size 3) at 2415 facing E: 0 "
			      "hit(s), TQ 6, in play, markers -, MA 5, "
			      "missile none.");
	cr_assert(summary_event(t, NULL, &log, 2, out, sizeof out));
	cr_expect_str_eq(out, "Refused: no game.");
	event_log_free(&log);
	evtext_free(t);
}

static void refused_at(const char *text, int line, const char *part)
{
	char dir[1024], path[] = "/tmp/evtext_testXXXXXX";
	snprintf(dir, sizeof dir, "%s/rules/spqr/events.ini", fx_srcdir());
	struct ini_error err;
	struct evcat *cat = evcat_load(dir, &err);
	cr_assert_not_null(cat);
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	FILE *f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	memset(&err, 0, sizeof err);
	struct evtext *t = evtext_load(path, cat, " army0 ", &err);
	unlink(path);
	evcat_free(cat);
	cr_expect_null(t, "accepted:\n%s", text);
	evtext_free(t);
	cr_expect_eq(err.line, line, "line %d, want %d (%s)", err.line, line,
		     err.msg);
	cr_expect_not_null(strstr(err.msg, part), "\"%s\" not in \"%s\"",
			   part, err.msg);
}

#define HEAD "[file]\nkind = sentences\nversion = 1\n"

/* Sentences are keyed on catalog kinds and their slots on its fields. */
Test(summary, sentences_checked_against_the_catalog)
{
	refused_at(HEAD "[tea_break]\nsay = x\n", 4,
		   "no kind tea_break in the event catalog");
	refused_at(HEAD "[moved]\nsay = {colour}\n", 5,
		   "slot {colour}: moved has no field colour");
	refused_at(HEAD "[missile_fire]\nsay = {roll.hue}\n", 5,
		   "slot {roll.hue}: roll has no field hue");
	refused_at(HEAD "[moved]\nsay = {unit|}\n", 5, "bad slot");
	refused_at(HEAD "[moved]\nsay = {unit\n", 5, "'{' without '}'");
	refused_at(HEAD "[moved]\nsay = a\nsay = b\n", 6,
		   "duplicate key say");
	refused_at(HEAD "[moved]\n", 4, "needs say");
	/* the teach text of the same kind, in the same section */
	refused_at(HEAD "[moved]\nteach = {colour}\n", 5,
		   "slot {colour}: moved has no field colour");
	refused_at(HEAD "[moved]\nsay = {army0}\n", 5,
		   "slot {army0}: moved has no field army0");
	refused_at(HEAD "[missile_fire]\nteach = {roll.die}\n", 5,
		   "reads its own event only");
	refused_at(HEAD "[moved]\nteach = a\nteach = b\n", 6,
		   "duplicate key teach");
	refused_at(HEAD "[moved]\nsilent = yes\nteach = a\n", 4,
		   "[moved] is silent and teaches something");
	refused_at(HEAD "[moved]\nsay = [{unit}\n", 5, "'[' without ']'");
	refused_at(HEAD "[moved]\nsay = [[{unit}]]\n", 5, "'[' inside");
	refused_at(HEAD "[moved]\nsay = {unit}]\n", 5, "']' without '['");
	refused_at(HEAD "[moved]\nrule = six\n", 5, "bad rule six");
	refused_at(HEAD "[moved]\ncolour = red\n", 5, "unknown key colour");
	char longer[400];
	snprintf(longer, sizeof longer, HEAD "[moved]\nteach=%0191d\n", 0);
	refused_at(longer, 5, "teach too long (191 characters, at most 190)");
	refused_at("[file]\nkind = teach\nversion = 1\n", 2,
		   "kind must be sentences");
}

/* Every kind of the catalog (rules/spqr/events.ini) that is not
 * bookkeeping (silent = yes) has a sentence for the message line (say =
 * TEXT): a command whose events have none would show the first event as
 * key=value there. */
Test(summary, every_kind_not_silent_has_a_sentence)
{
	struct evtext *t = shipped();
	char path[1024];
	snprintf(path, sizeof path, "%s/rules/spqr/events.ini", fx_srcdir());
	struct ini_error err;
	struct evcat *cat = evcat_load(path, &err);
	cr_assert_not_null(cat, "%s:%d: %s", err.file, err.line, err.msg);
	cr_assert_gt(evcat_count(cat), 200);
	int missing = 0;
	for (size_t k = 0; k < evcat_count(cat); k++)
		if (!evtext_said(t, evcat_kind(cat, k))) {
			cr_expect_fail("[%s] has neither say = TEXT nor silent = "
				       "yes in rules/spqr/sentences.ini",
				       evcat_kind(cat, k));
			missing++;
		}
	cr_expect_eq(missing, 0, "%d kind(s) without a sentence", missing);
	/* the test can fail: a kind that only teaches is not said */
	struct evtext *only = NULL;
	{
		char dir[] = "/tmp/maniple-said-XXXXXX";
		cr_assert_not_null(mkdtemp(dir));
		char f[1100];
		snprintf(f, sizeof f, "%s/sentences.ini", dir);
		FILE *o = fopen(f, "w");
		cr_assert_not_null(o);
		fputs("[file]\nkind = sentences\nversion = 1\n"
		      "[moved]\nteach = {unit} steps.\n[decision]\nsilent = yes\n",
		      o);
		fclose(o);
		only = evtext_load(f, cat, NULL, &err);
		cr_assert_not_null(only, "%s:%d: %s", err.file, err.line,
				   err.msg);
		unlink(f);
		rmdir(dir);
	}
	cr_expect_not(evtext_said(only, "moved"));
	cr_expect(evtext_said(only, "decision"));
	cr_expect(evtext_said(t, "moved"));
	evtext_free(only);
	evcat_free(cat);
	evtext_free(t);
}

/* `help` in sentences (the reading pane's words): what the command
 * does, whether it changes the game, and how to type it, its choices
 * parted by "or" (the key=value event is untouched) */
Test(summary, help_reads_as_sentences)
{
	struct evtext *t = shipped();
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "new drill solo 11", &r);
	static const struct {
		const char *line, *said;
	} cases[] = {
		{"help designate",
		 "The command designate changes the game (the game file keeps "
		 "it): designate a shock combat (8.41, 8.42). Type it as "
		 "designate ATT[,ATT...] DEF[,DEF...], or cancel N, or done."},
		{"help show units",
		 "The command show units only looks, changing nothing: every "
		 "unit: where, hits, markers. Type it as show units."},
		{"help save",
		 "The command save acts on the session, not on the battle: "
		 "write a copy; play goes on in the current file. Type it as "
		 "save FILE [--force]."},
		{"help legal",
		 "The command legal only looks, changing nothing: every legal "
		 "action now and who owes the decision (3.0). Type it as "
		 "legal."},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		session_exec(&s, cases[i].line, &r);
		cr_assert_eq(r.status, CMD_OK, "%s", cases[i].line);
		cr_assert_eq(r.out.n, 1);
		char said[512];
		cr_assert(summary_event(t, s.game, &r.out, 0, said,
					sizeof said));
		cr_expect_str_eq(said, cases[i].said);
		/* the event itself keeps its fields */
		cr_expect_not_null(event_log_get(&r.out, 0, "effect"));
	}
	/* every command of the list reads so: a sentence with its usage */
	session_exec(&s, "help", &r);
	cr_assert_eq(r.status, CMD_OK);
	cr_assert_gt(r.out.n, 50);
	for (size_t i = 0; i < r.out.n; i++) {
		char said[512];
		cr_assert(summary_event(t, s.game, &r.out, i, said,
					sizeof said));
		cr_expect(!strncmp(said, "The command ", 12), "%s", said);
		cr_expect_not_null(strstr(said, ". Type it as "), "%s", said);
		cr_expect_null(strstr(said, " | "), "%s", said);
		cr_expect_null(strstr(said, "_"), "%s", said);
		cr_expect_eq(said[strlen(said) - 1], '.', "%s", said);
	}
	cmd_result_free(&r);
	session_free(&s);
	evtext_free(t);
}
