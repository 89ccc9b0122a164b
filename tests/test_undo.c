/* test_undo.c — `undo [N]` (issue 9): the game replayed less its last N
 * commands, the game file rewritten to match, forced dice replayed, turn
 * digest lines dropped with their command, and a hotseat game's undo only
 * with the other side's agreement (RULINGS R9). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maniple/cmd.h"
#include "maniple/digest.h"
#include "maniple/game.h"

#include "fixture.h"

#include "../src/tui/keys.h"
#include "../src/tui/prompt.h"

/* The opening of a solo drill game on seed 11 (tools/autoplay's). */
static const char *drill[] = {
	"continue",     "activate tribune", "line hastati", "pick ha1",
	"move 2515",    "move 2615",	    "no reaction",  "move 2714",
	"no reaction",  "halt",		    "pick ha2",	    "move 2517",
	"move 2617",    "no reaction",	    "move 2716",    "no reaction",
	"halt",
};
#define NDRILL ((int)(sizeof drill / sizeof drill[0]))

struct res {
	enum cmd_status st;
	char rule[16];
	char reason[256];
	char ev[4096];
};

static struct res run(struct session *s, const char *line)
{
	struct res o;
	memset(&o, 0, sizeof o);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	o.st = r.status;
	snprintf(o.rule, sizeof o.rule, "%s", r.rule);
	snprintf(o.reason, sizeof o.reason, "%s", r.reason);
	size_t len = 0;
	for (size_t i = 0; i < r.out.n && len < sizeof o.ev - 1; i++) {
		char buf[512];
		event_log_format(&r.out, i, buf, sizeof buf);
		len += (size_t)snprintf(o.ev + len, sizeof o.ev - len, "%s\n",
					buf);
	}
	cmd_result_free(&r);
	return o;
}

static void ok(struct session *s, const char *line)
{
	struct res o = run(s, line);
	cr_assert_eq(o.st, CMD_OK, "%s: %s", line, o.reason);
}

static char path[256], path2[256];

static void names(void)
{
	snprintf(path, sizeof path, "/tmp/maniple-undo-%ld.game",
		 (long)getpid());
	snprintf(path2, sizeof path2, "/tmp/maniple-undo-%ld-b.game",
		 (long)getpid());
}

static void cleanup(void)
{
	unlink(path);
	unlink(path2);
}

/* A new drill game of kind, journaled in path. */
static void begin(struct session *s, const char *kind, bool file)
{
	session_init(s, fx_loader, spqr_tables_loader, NULL, 1);
	char line[64];
	snprintf(line, sizeof line, "new drill %s 11", kind);
	ok(s, line);
	if (file) {
		char b[300];
		snprintf(b, sizeof b, "branch! %s", path);
		ok(s, b);
	}
}

/* The digest after the first k drill commands, played afresh. */
static uint64_t played_to(const char *kind, int k)
{
	struct session s;
	begin(&s, kind, false);
	for (int i = 0; i < k; i++)
		ok(&s, drill[i]);
	uint64_t d = game_digest(s.game);
	session_free(&s);
	return d;
}

static uint64_t loaded_digest(const char *p, size_t *ncmd)
{
	struct session t;
	session_init(&t, fx_loader, spqr_tables_loader, NULL, 1);
	struct ini_error err;
	cr_assert(session_load(&t, p, &err), "%d: %s", err.line, err.msg);
	uint64_t d = game_digest(t.game);
	if (ncmd)
		*ncmd = session_commands(&t);
	session_free(&t);
	return d;
}

static int file_lines(const char *p)
{
	FILE *f = fopen(p, "r");
	cr_assert_not_null(f);
	int n = 0, c;
	while ((c = fgetc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

Test(undo, undo_one_and_n_give_the_earlier_position, .init = names,
     .fini = cleanup)
{
	struct session s;
	begin(&s, "solo", true);
	for (int i = 0; i < NDRILL; i++)
		ok(&s, drill[i]);
	struct res o = run(&s, "undo");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(strstr(o.ev, "undone") && strstr(o.ev, "commands=1"),
		  "%s", o.ev);
	cr_assert_eq(game_digest(s.game), played_to("solo", NDRILL - 1));
	cr_expect_eq(session_commands(&s), (size_t)NDRILL - 1);
	ok(&s, "undo 5");
	cr_assert_eq(game_digest(s.game), played_to("solo", NDRILL - 6));
	/* the file on disk is shortened and reloads to the same position */
	cr_expect_eq(file_lines(path), 9 + NDRILL - 6);
	size_t n;
	cr_expect_eq(loaded_digest(path, &n), game_digest(s.game));
	cr_expect_eq(n, (size_t)NDRILL - 6);
	/* play goes on in the file, appending after the shortened journal */
	ok(&s, drill[NDRILL - 6]);
	cr_expect_eq(game_digest(s.game), played_to("solo", NDRILL - 5));
	cr_expect_eq(loaded_digest(path, NULL), game_digest(s.game));
	/* and everything can be undone, back to the opening */
	char line[32];
	snprintf(line, sizeof line, "undo %d", NDRILL - 5);
	ok(&s, line);
	cr_expect_eq(game_digest(s.game), played_to("solo", 0));
	cr_expect_eq(file_lines(path), 9);
	session_free(&s);
}

Test(undo, forced_rolls_before_the_undone_command_still_apply,
     .init = names, .fini = cleanup)
{
	struct session s;
	begin(&s, "sandbox", true);
	ok(&s, "roll 4 5");
	ok(&s, "setup hits ha1 2");
	ok(&s, "undo 1");
	cr_expect_eq(s.game->dice.nforced, 2);
	cr_expect_eq(s.game->dice.forced[0], 4);
	cr_expect_eq(s.game->dice.forced[1], 5);
	cr_expect_eq(game_unit(s.game, "ha1")->hits, 0);
	struct session t;
	begin(&t, "sandbox", false);
	ok(&t, "roll 4 5");
	cr_expect_eq(game_digest(s.game), game_digest(t.game));
	session_free(&t);
	/* the drill's dice, with a forced roll at the start, come back the
	 * same after an undo of the last commands */
	session_free(&s);
	begin(&s, "solo", true);
	ok(&s, "roll 7 2 9");
	for (int i = 0; i < 6; i++)
		ok(&s, drill[i]);
	uint64_t at3 = 0;
	begin(&t, "solo", false);
	ok(&t, "roll 7 2 9");
	for (int i = 0; i < 3; i++)
		ok(&t, drill[i]);
	at3 = game_digest(t.game);
	session_free(&t);
	ok(&s, "undo 3");
	cr_expect_eq(game_digest(s.game), at3);
	cr_expect_eq(loaded_digest(path, NULL), at3);
	session_free(&s);
}

/* The game's events as text, a line each (into a buffer the caller
 * frees). */
static char *events_text(const struct game *g)
{
	size_t n = 256 * (g->events.n + 1), at = 0;
	char *buf = malloc(n);
	cr_assert_not_null(buf);
	buf[0] = '\0';
	for (size_t i = 0; i < g->events.n; i++) {
		char e[512];
		event_log_format(&g->events, i, e, sizeof e);
		at += (size_t)snprintf(buf + at, n - at, "%s\n", e);
	}
	return buf;
}

/* A refusal lying commands past the session's checkpoint (session.h):
 * the game goes back to the checkpoint and those commands run again, so
 * the state (byte for byte, forced rolls and dice with it), its binary
 * digest, the event log and the journal are as before the refusal. */
Test(undo, a_refusal_past_the_checkpoint_leaves_the_game_as_it_was,
     .init = names, .fini = cleanup)
{
	struct session s;
	begin(&s, "solo", true);
	s.checkpoint_every = 8; /* the re-run itself, whatever the default */
	ok(&s, "roll 7 2 9");
	for (int i = 0; i < NDRILL; i++)
		ok(&s, drill[i]);
	ok(&s, "roll 3");
	cr_assert_gt(s.ckpt_since, 0, "commands since the checkpoint");
	cr_assert_lt(s.ckpt_since, 8);
	cr_assert_gt(s.ckpt_journal, 0);
	struct game *before = malloc(sizeof *before);
	cr_assert_not_null(before);
	game_copy_state(before, s.game);
	uint64_t d0 = game_state_digest(s.game);
	char *ev0 = events_text(s.game);
	size_t j0 = s.journal.n, n0 = s.game->events.n;
	int lines0 = file_lines(path);
	const char *refused[] = {"move 9999", "activate nobody", "pick zz9"};
	for (int k = 0; k < 3; k++) {
		struct res o = run(&s, refused[k]);
		cr_expect_neq(o.st, CMD_OK, "%s", refused[k]);
		cr_expect(game_state_same(s.game, before), "%s: the state",
			  refused[k]);
		cr_expect_eq(game_state_digest(s.game), d0, "%s", refused[k]);
		cr_expect_eq(s.game->events.n, n0, "%s", refused[k]);
		char *ev = events_text(s.game);
		cr_expect_str_eq(ev, ev0, "%s: the events", refused[k]);
		free(ev);
		cr_expect_eq(s.journal.n, j0, "%s: the journal", refused[k]);
		cr_expect_eq(file_lines(path), lines0);
	}
	cr_expect_gt(s.game->dice.nforced, 0);
	cr_expect_eq(s.game->dice.nforced, before->dice.nforced,
		     "the forced rolls still queued");
	cr_expect_eq(s.game->dice.rolls, before->dice.rolls);
	/* the file, which never saw the refusals, loads to the same game */
	cr_expect_eq(loaded_digest(path, NULL), game_digest(s.game));
	free(ev0);
	free(before);
	session_free(&s);
}

/* A game changed by hand, not by its commands (a test, a harness putting
 * a game back), then told to the session (session_edited): a refusal
 * after it runs the journal again from a checkpoint of the game as
 * edited, never from one before, so the edit stays. */
Test(undo, a_refusal_after_an_edit_by_hand_keeps_the_edit)
{
	struct session s;
	begin(&s, "solo", false);
	s.checkpoint_every = 8;
	for (int i = 0; i < 4; i++) /* to pick ha1: a checkpoint behind */
		ok(&s, drill[i]);
	cr_assert_gt(s.ckpt_since, 0);
	s.game->rout_points[1] += 3; /* by hand */
	session_edited(&s);
	ok(&s, "move 2515");
	ok(&s, "move 2615");
	cr_assert_gt(s.ckpt_since, 0, "commands to run again");
	struct game *before = malloc(sizeof *before);
	cr_assert_not_null(before);
	game_copy_state(before, s.game);
	size_t n0 = s.game->events.n;
	struct res o = run(&s, "move 9999");
	cr_expect_neq(o.st, CMD_OK);
	cr_expect(game_state_same(s.game, before), "the state");
	cr_expect_eq(s.game->rout_points[1], before->rout_points[1],
		     "the edit");
	cr_expect_eq(s.game->events.n, n0);
	free(before);
	session_free(&s);
}

Test(undo, more_than_there_is_is_refused_with_the_count, .init = names,
     .fini = cleanup)
{
	struct session s;
	begin(&s, "sandbox", true);
	struct res o = run(&s, "undo");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect(strstr(o.reason, "only 0 commands"), "%s", o.reason);
	ok(&s, "setup hits ha1 2");
	ok(&s, "setup hits ha1 3");
	uint64_t d = game_digest(s.game);
	o = run(&s, "undo 3");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect(strstr(o.reason, "only 2 commands"), "%s", o.reason);
	cr_expect_eq(run(&s, "undo 0").st, CMD_MALFORMED);
	cr_expect_eq(run(&s, "undo x").st, CMD_MALFORMED);
	cr_expect_eq(run(&s, "undo 1 2").st, CMD_MALFORMED);
	cr_expect_eq(run(&s, "undo 99999999999999999999").st, CMD_MALFORMED);
	cr_expect_eq(run(&s, "undo agree").st, CMD_REFUSED);
	cr_expect_eq(game_digest(s.game), d);
	cr_expect_eq(file_lines(path), 11); /* 9 header lines, 2 commands */
	session_free(&s);
	/* no game at all */
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	cr_expect_eq(run(&s, "undo").st, CMD_REFUSED);
	session_free(&s);
}

/* R9: in a hotseat game the other side answers the request. */
Test(undo, hotseat_needs_the_other_sides_agreement_R9, .init = names,
     .fini = cleanup)
{
	struct session s;
	begin(&s, "hotseat", true);
	for (int i = 0; i < 6; i++)
		ok(&s, drill[i]);
	uint64_t d6 = game_digest(s.game);
	struct res o = run(&s, "undo 2");
	cr_assert_eq(o.st, CMD_OK, "%s", o.reason);
	cr_expect(strstr(o.ev, "undo_asked"), "%s", o.ev);
	cr_expect(strstr(o.ev, "answer=agree|refuse"), "%s", o.ev);
	cr_expect_eq(game_digest(s.game), d6); /* nothing undone yet */
	o = run(&s, "undo refuse");
	cr_expect_eq(o.st, CMD_OK);
	cr_expect(strstr(o.ev, "undo_refused"), "%s", o.ev);
	cr_expect_eq(game_digest(s.game), d6);
	o = run(&s, "undo agree"); /* the request was answered */
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect_str_eq(o.rule, "R9");
	/* a request the game moved on from is not carried out */
	ok(&s, "undo 1");
	ok(&s, drill[6]);
	o = run(&s, "undo agree");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect_str_eq(o.rule, "R9");
	cr_expect_eq(game_digest(s.game), played_to("hotseat", 7));
	/* more than there is: refused at once, no request */
	o = run(&s, "undo 8");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect(strstr(o.reason, "only 7 commands"), "%s", o.reason);
	ok(&s, "undo 3");
	ok(&s, "undo agree");
	cr_expect_eq(game_digest(s.game), played_to("hotseat", 4));
	cr_expect_eq(loaded_digest(path, NULL), played_to("hotseat", 4));
	session_free(&s);
}

Test(undo, undo_across_a_turns_end_drops_its_digest_line, .init = names,
     .fini = cleanup)
{
	struct session s;
	begin(&s, "sandbox", true);
	ok(&s, "setup hits ha1 2");
	ok(&s, "setup turn 2");
	ok(&s, "setup hits ha1 3");
	cr_assert_eq(s.journal.n, 4); /* with the digest line */
	cr_assert_eq(file_lines(path), 13);
	ok(&s, "undo 1"); /* the turn still ended: its digest stays */
	cr_expect_eq(s.journal.n, 3);
	cr_expect_eq(file_lines(path), 12);
	ok(&s, "undo 1");
	cr_expect_eq(s.journal.n, 1);
	cr_expect_eq(s.game->turn, 1);
	cr_expect_eq(file_lines(path), 10);
	for (size_t i = 0; i < s.journal.n; i++)
		cr_expect_neq(strncmp(s.journal.lines[i], "digest", 6), 0);
	struct session t;
	begin(&t, "sandbox", false);
	ok(&t, "setup hits ha1 2");
	cr_expect_eq(game_digest(s.game), game_digest(t.game));
	cr_expect_eq(loaded_digest(path, NULL), game_digest(t.game));
	/* the turn ends again, and its digest line is written again */
	ok(&s, "setup turn 2");
	ok(&t, "setup turn 2");
	cr_expect_eq(s.journal.n, 3);
	cr_expect_eq(loaded_digest(path, NULL), game_digest(t.game));
	session_free(&t);
	session_free(&s);
}

Test(undo, undo_then_branch, .init = names, .fini = cleanup)
{
	struct session s;
	begin(&s, "solo", true);
	for (int i = 0; i < 8; i++)
		ok(&s, drill[i]);
	ok(&s, "undo 2");
	char b[300];
	snprintf(b, sizeof b, "branch! %s", path2);
	ok(&s, b);
	uint64_t d6 = played_to("solo", 6);
	cr_expect_eq(loaded_digest(path2, NULL), d6);
	ok(&s, drill[6]);
	/* play went on in the branch; the first file stays at the undo */
	cr_expect_eq(loaded_digest(path2, NULL), played_to("solo", 7));
	cr_expect_eq(loaded_digest(path, NULL), d6);
	/* an undo in the branch rewrites the branch, not the first file */
	ok(&s, "undo 1");
	cr_expect_eq(file_lines(path2), 9 + 6);
	cr_expect_eq(loaded_digest(path, NULL), d6);
	session_free(&s);
}

/* Without a game file the undo is made in memory alone. */
Test(undo, works_without_a_file)
{
	struct session s;
	begin(&s, "solo", false);
	for (int i = 0; i < 4; i++)
		ok(&s, drill[i]);
	ok(&s, "undo 2");
	cr_expect_eq(game_digest(s.game), played_to("solo", 2));
	cr_expect_null(s.file.f);
	session_free(&s);
}

/* R9: the prompt box asks the hotseat request with its two answers. */
Test(undo, the_prompt_box_shows_the_hotseat_request_R9, .init = names,
     .fini = cleanup)
{
	struct session s;
	begin(&s, "hotseat", false);
	for (int i = 0; i < 3; i++)
		ok(&s, drill[i]);
	struct prompt_ask *a = calloc(1, sizeof *a);
	cr_assert_not_null(a);
	prompt_build(&s, a);
	cr_expect(!a->due || strcmp(a->rule, "R9") != 0);
	ok(&s, "undo 2");
	prompt_build(&s, a);
	cr_assert(a->due);
	cr_expect_eq(a->n, 2);
	cr_expect_str_eq(a->ans[0].line, "undo agree");
	cr_expect_str_eq(a->ans[1].line, "undo refuse");
	cr_expect_str_eq(a->rule, "R9");
	cr_expect(strstr(a->title, "2 commands"), "%s", a->title);
	/* the first answer, as its key runs it */
	ok(&s, a->ans[0].line);
	cr_expect_eq(game_digest(s.game), played_to("hotseat", 1));
	prompt_build(&s, a);
	cr_expect(!a->due || strcmp(a->rule, "R9") != 0);
	free(a);
	session_free(&s);
}

/* The map view's key for one undo: R, with its help text. */
Test(undo, the_map_key_R_undoes_one_command)
{
	const struct tui_binding *b = tui_binding_for(NULL, 'R');
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, TC_UNDO);
	cr_expect_str_eq(b->command, "undo");
	cr_expect(strstr(b->help, "R9"), "%s", b->help);
}

/* A request the game moved on from leaves the prompt box (R9). */
Test(undo, a_stale_request_leaves_the_prompt_box_R9)
{
	struct session s;
	begin(&s, "hotseat", false);
	for (int i = 0; i < 3; i++)
		ok(&s, drill[i]);
	ok(&s, "undo 1");
	ok(&s, drill[3]);
	struct prompt_ask *a = calloc(1, sizeof *a);
	cr_assert_not_null(a);
	prompt_build(&s, a);
	cr_expect(!a->due || strcmp(a->rule, "R9") != 0);
	struct res o = run(&s, "undo agree");
	cr_expect_eq(o.st, CMD_REFUSED);
	cr_expect_eq(game_digest(s.game), played_to("hotseat", 4));
	free(a);
	session_free(&s);
}
