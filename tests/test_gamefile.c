/* Game files: header, journal, digests, round trip, tampering. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maniple/game.h"
#include "hand_battle.h"
#include "maniple/gamefile.h"

static void tmpname(char *buf, size_t n, const char *tag)
{
	snprintf(buf, n, "/tmp/maniple-test-%ld-%s.game", (long)getpid(), tag);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f);
	char *buf = calloc(1, 65536);
	size_t n = fread(buf, 1, 65535, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void spit(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

/* A sandbox game journaled in path, with a turn ended by setup turn. */
static void play_some(struct session *s, const char *path)
{
	start(s, "sandbox");
	char err[256];
	cr_assert_eq(session_save(s, path, true, true, err, sizeof err), 0, "%s",
		     err);
	cr_assert_eq(run(s, "roll 4 5"), CMD_OK);
	cr_assert_eq(run(s, "setup hits h1 2"), CMD_OK);
	cr_assert_eq(run(s, "show units"), CMD_OK); /* not journaled */
	cr_assert_eq(run(s, "setup hits h1 x"), CMD_MALFORMED);
	cr_assert_eq(run(s, "setup turn 2"), CMD_OK);
	cr_assert_eq(run(s, "setup eliminate s1"), CMD_OK);
}

Test(gamefile, file_holds_header_commands_and_digests)
{
	char path[128];
	tmpname(path, sizeof path, "a");
	struct session s;
	play_some(&s, path);
	char *text = slurp(path);
	char want[512];
	char dline[64];
	/* the digest after setup turn: recompute from a replay below */
	/* format 2: each line's link cut off (checked by the reader) */
	char *o = text;
	for (char *p = text; *p; p++) {
		if (*p == '\t') {
			p += 16;
			continue;
		}
		*o++ = *p;
	}
	*o = '\0';
	static const char head[] =
		"maniple-game 2\nruleset spqr\nbattle hand\nkind sandbox\n"
		"seed 42\nseed-hash "
		"73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049"
		"\nprng pcg32 54\nplayer 0 person\nplayer 1 person\n"
		"roll 4 5\nsetup hits h1 2\nsetup turn 2\ndigest 2 ";
	cr_expect_eq(strncmp(text, head, strlen(head)), 0, "%s", text);
	cr_expect_not_null(strstr(text, "\nsetup eliminate s1\n"));
	(void)want;
	(void)dline;
	free(text);
	session_free(&s);
	unlink(path);
}

Test(gamefile, a_loaded_game_has_the_same_digest)
{
	char path[128];
	tmpname(path, sizeof path, "b");
	struct session s, t;
	play_some(&s, path);
	session_init(&t, hand_battle, spqr_tables_loader, NULL, 1);
	struct ini_error err;
	cr_assert(session_load(&t, path, &err), "%d: %s", err.line, err.msg);
	cr_expect_eq(game_digest(t.game), game_digest(s.game));
	cr_expect_eq(t.game->rout_points[0], 2);
	cr_expect_eq(t.game->dice.nforced, 2);
	cr_expect_eq(t.journal.n, s.journal.n);
	/* play goes on in the loaded file */
	cr_assert_eq(run(&t, "setup hits h1 4"), CMD_OK);
	session_free(&t);
	char *text = slurp(path);
	cr_expect_not_null(strstr(text, "\nsetup hits h1 4\t"));
	free(text);
	session_free(&s);
	unlink(path);
}

Test(gamefile, save_copies_and_branch_moves_play_to_the_copy)
{
	char a[128], b[128], c[128];
	tmpname(a, sizeof a, "main");
	tmpname(b, sizeof b, "saved");
	tmpname(c, sizeof c, "branch");
	struct session s;
	play_some(&s, a);
	cr_assert_eq(run(&s, "save \"" "/tmp/x" "\""), CMD_OK);
	unlink("/tmp/x");
	char err[256];
	cr_assert_eq(session_save(&s, b, false, true, err, sizeof err), 0);
	cr_assert_eq(run(&s, "setup hits h1 5"), CMD_OK);
	char *ta = slurp(a), *tb = slurp(b);
	cr_expect_not_null(strstr(ta, "setup hits h1 5"));
	cr_expect_null(strstr(tb, "setup hits h1 5"));
	cr_assert_eq(session_save(&s, c, true, true, err, sizeof err), 0);
	cr_assert_eq(run(&s, "setup hits h1 6"), CMD_OK);
	char *ta2 = slurp(a), *tc = slurp(c);
	cr_expect_null(strstr(ta2, "setup hits h1 6"));
	cr_expect_not_null(strstr(tc, "setup hits h1 6"));
	free(ta);
	free(tb);
	free(ta2);
	free(tc);
	session_free(&s);
	unlink(a);
	unlink(b);
	unlink(c);
}

/* Loads path into a fresh session; expects failure at line. */
static void expect_load_fails(const char *path, int line, const char *what)
{
	struct session t;
	session_init(&t, hand_battle, spqr_tables_loader, NULL, 1);
	struct ini_error err;
	cr_expect_not(session_load(&t, path, &err), "%s", what);
	cr_expect_eq(err.line, line, "%s: line %d: %s", what, err.line,
		     err.msg);
	char buf[1024];
	ini_error_format(&err, buf, sizeof buf);
	char want[256];
	snprintf(want, sizeof want, "%s:%d: ", path, line);
	cr_expect_eq(strncmp(buf, want, strlen(want)), 0, "%s", buf);
	cr_expect_null(t.game);
	session_free(&t);
}

static const char *header =
	"maniple-game 1\nruleset spqr\nbattle hand\nkind sandbox\nseed 42\n"
	"prng pcg32 54\n";

/* A format 2 file's text with its chain links made right again (as a
 * forger would): what is left to catch a change is the replay. */
static char *rechain(const char *text)
{
	size_t n = strlen(text);
	char *out = malloc(n + 1);
	cr_assert(out);
	size_t at = 0;
	uint64_t link = 0;
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char line[1200];
		snprintf(line, sizeof line, "%.*s", (int)len, p);
		char *tab = strrchr(line, '\t');
		if (tab)
			*tab = '\0';
		link = gamefile_chain(link, line);
		at += (size_t)sprintf(out + at, "%s\t%016" PRIx64 "\n", line,
				      link);
		p += len + (nl ? 1 : 0);
	}
	out[at] = '\0';
	return out;
}

static void spit_chained(const char *path, const char *text)
{
	char *c = rechain(text);
	spit(path, c);
	free(c);
}

/* Format 2: any changed line breaks the hash chain at that line, the
 * header's and an unfinished turn's included. */
Test(gamefile, a_changed_line_breaks_the_chain_at_that_line)
{
	char path[128];
	tmpname(path, sizeof path, "c");
	struct session s;
	play_some(&s, path);
	session_free(&s);
	char *text = slurp(path);
	cr_assert(strncmp(text, "maniple-game 2\t", 15) == 0);
	char *seed = strstr(text, "seed 42\t");
	cr_assert_not_null(seed);
	seed[6] = '3';
	spit(path, text);
	expect_load_fails(path, 5, "a changed seed");
	seed[6] = '2';
	char *h = strstr(text, "setup hits h1 2");
	cr_assert_not_null(h);
	h[14] = '3';
	spit(path, text);
	expect_load_fails(path, 11, "a changed command");
	free(text);
	unlink(path);
}

Test(gamefile, a_tampered_digest_is_refused_at_its_line)
{
	char path[128];
	tmpname(path, sizeof path, "t");
	struct session s;
	play_some(&s, path);
	session_free(&s);
	char *text = slurp(path);
	char *d = strstr(text, "digest 2 ");
	cr_assert_not_null(d);
	d[9] = d[9] == '0' ? '1' : '0';
	spit_chained(path, text);
	expect_load_fails(path, 13, "tampered digest");
	/* a tampered command changes the digest too */
	free(text);
	play_some(&s, path);
	session_free(&s);
	text = slurp(path);
	char *h = strstr(text, "setup hits h1 2");
	h[14] = '3';
	spit_chained(path, text);
	expect_load_fails(path, 13, "tampered command");
	/* a deleted digest line */
	char *dl = strstr(text, "digest 2 ");
	char *nl = strchr(dl, '\n');
	memmove(dl, nl + 1, strlen(nl + 1) + 1);
	h[14] = '2';
	spit_chained(path, text);
	expect_load_fails(path, 13, "deleted digest");
	free(text);
	unlink(path);
}

Test(gamefile, bad_headers_are_refused_with_their_line)
{
	char path[128];
	tmpname(path, sizeof path, "h");
	spit(path, "");
	expect_load_fails(path, 1, "empty");
	spit(path, "maniple-game 2\n");
	expect_load_fails(path, 1, "version 2 without its chain link");
	spit(path, "maniple-game 3\n");
	expect_load_fails(path, 1, "version 3");
	spit(path, "hello\n");
	expect_load_fails(path, 1, "no magic");
	spit(path, "maniple-game 1\nruleset spqr\nbattle hand\n");
	expect_load_fails(path, 4, "truncated header");
	spit(path, "maniple-game 1\nruleset spqr\nbattle hand\nkind lonely\n"
		   "seed 42\nprng pcg32 54\n");
	expect_load_fails(path, 6, "bad kind");
	spit(path, "maniple-game 1\nruleset spqr\nbattle hand\nkind solo\n"
		   "seed -4\nprng pcg32 54\n");
	expect_load_fails(path, 5, "bad seed");
	spit(path, "maniple-game 1\nruleset spqr\nbattle hand\nkind solo\n"
		   "seed 4\nprng pcg32 55\n");
	expect_load_fails(path, 6, "other stream");
	spit(path, "maniple-game 1\nruleset spqr\nbattle gone\nkind solo\n"
		   "seed 4\nprng pcg32 54\n");
	expect_load_fails(path, 6, "no such battle");
	spit(path, "maniple-game 1\nruleset spqr\nbattle hand\nkind solo\n"
		   "seed 4\nprng pcg32");
	expect_load_fails(path, 6, "cut line");
	unlink(path);
}

Test(gamefile, bad_bodies_are_refused_with_their_line)
{
	char path[128], text[1024];
	tmpname(path, sizeof path, "body");
	snprintf(text, sizeof text, "%sroll 3\nfly away\n", header);
	spit(path, text);
	expect_load_fails(path, 8, "unknown command");
	snprintf(text, sizeof text, "%sroll 3\nshow units\n", header);
	spit(path, text);
	expect_load_fails(path, 8, "a looking command");
	snprintf(text, sizeof text, "%snew hand\n", header);
	spit(path, text);
	expect_load_fails(path, 7, "a session command");
	snprintf(text, sizeof text, "%ssetup hits nobody 2\n", header);
	spit(path, text);
	expect_load_fails(path, 7, "a refused command");
	snprintf(text, sizeof text, "%sdigest 1 0000000000000000\n", header);
	spit(path, text);
	expect_load_fails(path, 7, "a digest where no turn ended");
	snprintf(text, sizeof text, "%sdigest 1 xyz\n", header);
	spit(path, text);
	expect_load_fails(path, 7, "a bad digest line");
	unlink(path);
}

/* A crash between a turn-ending command and its digest line. */
Test(gamefile, a_missing_last_digest_is_written_on_load)
{
	char path[128], text[1024];
	tmpname(path, sizeof path, "crash");
	snprintf(text, sizeof text, "%ssetup turn 3\n", header);
	spit(path, text);
	struct session t;
	session_init(&t, hand_battle, spqr_tables_loader, NULL, 1);
	struct ini_error err;
	cr_assert(session_load(&t, path, &err), "%s", err.msg);
	cr_expect_eq(t.game->turn, 3);
	cr_assert_eq(run(&t, "setup hits h1 1"), CMD_OK);
	session_free(&t);
	session_init(&t, hand_battle, spqr_tables_loader, NULL, 1);
	cr_assert(session_load(&t, path, &err), "%d: %s", err.line, err.msg);
	cr_expect_eq(game_unit(t.game, "h1")->hits, 1);
	session_free(&t);
	unlink(path);
}

Test(gamefile, write_is_atomic_and_reports_errors)
{
	struct gamefile_header h = {.version = 1, .seed = 3};
	snprintf(h.ruleset, sizeof h.ruleset, "spqr");
	snprintf(h.battle, sizeof h.battle, "hand");
	snprintf(h.kind, sizeof h.kind, "solo");
	struct journal j;
	journal_init(&j, &h);
	cr_assert_eq(journal_add(&j, "roll 1"), 0);
	char err[256];
	cr_expect_eq(gamefile_write("/nonexistent-dir/x.game", &j, true, err,
				    sizeof err),
		     -1);
	cr_expect_not_null(strstr(err, "/nonexistent-dir/x.game"));
	char path[128];
	tmpname(path, sizeof path, "w");
	cr_assert_eq(gamefile_write(path, &j, true, err, sizeof err), 0);
	char *text = slurp(path);
	cr_expect_str_eq(text, "maniple-game 1\nruleset spqr\nbattle hand\n"
			       "kind solo\nseed 3\nprng pcg32 54\nroll 1\n");
	free(text);
	char dl[64];
	gamefile_digest_line(4, 0xabcULL, dl, sizeof dl);
	cr_expect_str_eq(dl, "digest 4 0000000000000abc");
	journal_free(&j);
	unlink(path);
}

/* Format 2's note lines: written by session_note, covered by the chain,
 * kept by load and save, skipped by the replay, taken back by undo with
 * the command after them. */
Test(gamefile, notes_are_chained_kept_and_skipped)
{
	char path[128], copy[140];
	tmpname(path, sizeof path, "n");
	snprintf(copy, sizeof copy, "%s-copy", path);
	struct session s;
	play_some(&s, path);
	char err[256];
	size_t cmds = session_commands(&s);
	cr_assert_eq(session_note(&s, "plan: hold the line", err, sizeof err),
		     0, "%s", err);
	cr_expect_eq(session_commands(&s), cmds, "a note is no command");
	cr_assert_eq(run(&s, "setup hits h1 1"), CMD_OK);
	session_free(&s);
	char *text = slurp(path);
	cr_assert_not_null(strstr(text, "\nnote plan: hold the line\t"));
	struct session t;
	session_init(&t, hand_battle, spqr_tables_loader, NULL, 1);
	struct ini_error ie;
	cr_assert(session_load(&t, path, &ie), "%d: %s", ie.line, ie.msg);
	cr_expect_eq(session_commands(&t), cmds + 1);
	cr_assert_eq(session_save(&t, copy, false, false, err, sizeof err), 0,
		     "%s", err);
	char *again = slurp(copy);
	cr_expect_str_eq(again, text, "load and save keep the note");
	free(again);
	/* undo takes the note back with the command it explains */
	cr_assert_eq(run(&t, "undo 1"), CMD_OK);
	char *undone = slurp(path);
	cr_expect_null(strstr(undone, "\nnote "));
	free(undone);
	session_free(&t);
	/* a changed note breaks the chain at its line */
	char *n = strstr(text, "note plan: hold");
	n[5] = 'P';
	spit(path, text);
	session_init(&t, hand_battle, spqr_tables_loader, NULL, 1);
	cr_expect_not(session_load(&t, path, &ie));
	cr_expect(strstr(ie.msg, "hash chain breaks") != NULL, "%s", ie.msg);
	session_free(&t);
	free(text);
	unlink(path);
	unlink(copy);
}

/* Format 2's player fields: person or computer LEVEL; loaded and written
 * back as they are; anything else refused at its line. */
Test(gamefile, player_fields_load_round_trip_and_are_checked)
{
	cr_expect(gamefile_player_ok("person"));
	cr_expect(gamefile_player_ok("computer 3"));
	cr_expect_not(gamefile_player_ok("computer 0"));
	cr_expect_not(gamefile_player_ok("computer 10"));
	cr_expect_not(gamefile_player_ok("computer"));
	cr_expect_not(gamefile_player_ok("robot 3"));
	char path[128], copy[140];
	tmpname(path, sizeof path, "p");
	snprintf(copy, sizeof copy, "%s-copy", path);
	struct session s;
	play_some(&s, path);
	session_free(&s);
	char *text = slurp(path);
	char *p = strstr(text, "player 1 person\t");
	cr_assert_not_null(p);
	/* "person" -> "computer 3": the same line, longer */
	size_t len = strlen(text);
	char *edited = malloc(len + 16);
	cr_assert_not_null(edited);
	snprintf(edited, len + 16, "%.*splayer 1 computer 3%s",
		 (int)(p - text), text, p + strlen("player 1 person"));
	spit_chained(path, edited);
	struct session t;
	session_init(&t, hand_battle, spqr_tables_loader, NULL, 1);
	struct ini_error ie;
	cr_assert(session_load(&t, path, &ie), "%d: %s", ie.line, ie.msg);
	cr_expect_str_eq(t.journal.h.player[1], "computer 3");
	char err[256];
	cr_assert_eq(session_save(&t, copy, false, false, err, sizeof err), 0,
		     "%s", err);
	char *back = slurp(copy);
	char *want = rechain(edited);
	cr_expect_str_eq(back, want, "written back as read");
	free(back);
	free(want);
	session_free(&t);
	/* malformed: refused at its line (9) */
	snprintf(edited, len + 16, "%.*splayer 1 computer 12%s",
		 (int)(p - text), text, p + strlen("player 1 person"));
	spit_chained(path, edited);
	expect_load_fails(path, 9, "computer 12");
	free(edited);
	free(text);
	unlink(path);
	unlink(copy);
}
