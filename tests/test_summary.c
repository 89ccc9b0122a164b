/* The event renderer (evtext.h) and its SPQR use (summary.h): a command's
 * events told in one or two sentences, on real commands of the golden
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
	       "3 or less: success.\n");
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
	       "against 7: 1 cohesion hit(s).\n");
	/* 8.42 a designation */
	has(t, "designate ph1 pr2 => Shock combat 0: Carthaginian phalanx "
	       "(ph1) against Principes, Legion III (2) (pr2).\n");
	free(t);
}

/* 8.46 a shock combat: the roll, its modification and the CRT's result,
 * then what followed (10.1 the rout) */
Test(summary, a_shock_combat)
{
	char *t = summaries("shock_drill_battle");
	has(t, "=> Shock combat 0: rolled 8, modified 8, column 13: attacker "
	       "1, defender 8 hit(s). Hastati, Legion III (2) (ha2) routs.\n");
	free(t);
}

/* The machinery alone: one event, at most two sentences, a sentence's
 * later events told with it and not again, ids shown as they are with no
 * game. */
Test(summary, at_most_two_sentences)
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
	cr_expect_eq(summary_command(t, NULL, &log, 0, out, sizeof out), 2);
	cr_expect_str_eq(out, "U0 moves from 0101 to 0102 (rough ground): 2 "
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
	refused_at(HEAD "[moved]\nsilent = yes\nsay = a\n", 4,
		   "[moved] is silent and says something");
	refused_at(HEAD "[moved]\nrule = six\n", 5, "bad rule six");
	refused_at(HEAD "[moved]\ncolour = red\n", 5, "unknown key colour");
	char longer[400];
	snprintf(longer, sizeof longer, HEAD "[moved]\nteach=%0191d\n", 0);
	refused_at(longer, 5, "teach too long (191 characters, at most 190)");
	refused_at("[file]\nkind = teach\nversion = 1\n", 2,
		   "kind must be sentences");
}
