/* test_fairdice.c — committed games (gamefile.h, format 3): the header
 * commits to a salted hash of the seed and does not show it; each
 * command's dice follow it in a dice line; the secret waits in the seed
 * store (mode 0600) until the game's end writes the reveal line, or both
 * players ask for it with `reveal`; the holder resumes an unfinished game
 * from the store, another user cannot; session_verify (maniple --verify)
 * plays the file again from the revealed seed and names the line of an
 * edited roll, seed or reveal; the replay steps through a committed game
 * on its dice lines without the seed (it finds an edited roll only where
 * the game's digests show it).  The game: a whole drill battle
 * played by autoplay (its commands, seed 11), so it reaches its end
 * (11.2, R4). */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sha256.h"

#include "fixture.h"

#include "../src/tui/replay.h"

#define MAXC 20000

static char dir[] = "/tmp/maniple-fairdice-XXXXXX";
static char seeds[600], gpath[600];
static char *cmds[MAXC];
static int ncmd;

/* The salt's bytes: fixed, so the files are the same each run. */
static void fixed_random(void *user, unsigned char *buf, size_t n)
{
	(void)user;
	for (size_t i = 0; i < n; i++)
		buf[i] = (unsigned char)(0x11 * (i + 1));
}

static void load_commands(void)
{
	cr_assert_not_null(mkdtemp(dir));
	snprintf(seeds, sizeof seeds, "%s/seeds", dir);
	snprintf(gpath, sizeof gpath, "%s/drill.game", dir);
	const char *bin = getenv("AUTOPLAY_BIN");
	cr_assert_not_null(bin, "AUTOPLAY_BIN not set");
	char cmd[1200];
	snprintf(cmd, sizeof cmd,
		 "MANIPLE_DATADIR= '%s' --no-check drill 11 2>/dev/null", bin);
	FILE *p = popen(cmd, "r");
	cr_assert_not_null(p);
	char line[1100];
	while (fgets(line, sizeof line, p)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || !line[0] || !strncmp(line, "new ", 4))
			continue;
		cr_assert_lt(ncmd, MAXC);
		cmds[ncmd] = strdup(line);
		cr_assert_not_null(cmds[ncmd++]);
	}
	pclose(p);
	cr_assert_gt(ncmd, 20);
}

static void cleanup(void)
{
	for (int i = 0; i < ncmd; i++)
		free(cmds[i]);
	ncmd = 0;
	char cmd[700];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(fairdice, .init = load_commands, .fini = cleanup);

static void run_ok(struct session *s, const char *line)
{
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(s, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s: %s", line, r.reason);
	cmd_result_free(&r);
}

/* A session of a committed game maker: the seed store in dir. */
static void committed_session(struct session *s)
{
	session_init(s, fx_loader, spqr_tables_loader, NULL, 1);
	s->rules_dir = MANIPLE_SRCDIR "/rules";
	s->new_dice = "trusted";
	s->seed_dir = seeds;
	s->random = fixed_random;
}

/* A committed drill game, seed 11, in gpath with its first n commands
 * (all of them: to the battle's end). */
static void play(int n)
{
	struct session s;
	committed_session(&s);
	run_ok(&s, "new drill solo 11");
	char b[700];
	snprintf(b, sizeof b, "branch! %s", gpath);
	run_ok(&s, b);
	for (int i = 0; i < n && i < ncmd; i++)
		run_ok(&s, cmds[i]);
	session_free(&s);
}

/* The file's line number of the first line starting with prefix (0:
 * none), its text (without the link) into out. */
static int find_line(const char *prefix, char *out, size_t n)
{
	char *t = fx_slurp(gpath);
	int k = 1, found = 0;
	for (char *p = t; *p; k++) {
		char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (!found && strncmp(p, prefix, strlen(prefix)) == 0) {
			found = k;
			char *tab = memchr(p, '\t', len);
			snprintf(out, n, "%.*s",
				 (int)(tab ? (size_t)(tab - p) : len), p);
		}
		p += len + (e ? 1 : 0);
	}
	free(t);
	return found;
}

/* The file with line lineno replaced by with and every link worked out
 * again: a forger's edit, which the chain does not catch. */
static void forge(int lineno, const char *with)
{
	fx_forge_game_line(gpath, gpath, lineno, with);
}

static int verify(struct ini_error *err, char *summary, size_t n)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	int rc = session_verify(&s, gpath, err, summary, n);
	session_free(&s);
	return rc;
}

/* dir/seeds/COMMIT.seed of the game in gpath. */
static void secret_path(char *out, size_t n)
{
	char c[200];
	cr_assert_eq(find_line("seed-commit ", c, sizeof c), 5);
	snprintf(out, n, "%s/%s.seed", seeds, c + 12);
}

Test(fairdice, the_header_commits_to_a_salted_seed_and_hides_it)
{
	play(10);
	char line[200];
	cr_assert_eq(find_line("maniple-game 3", line, sizeof line), 1);
	cr_assert_eq(find_line("seed ", line, sizeof line), 0,
		     "the seed is not in the file");
	cr_assert_eq(find_line("seed-hash ", line, sizeof line), 0);
	cr_assert_eq(find_line("reveal ", line, sizeof line), 0,
		     "no reveal before the game's end");
	cr_assert_eq(find_line("dice-mode trusted", line, sizeof line), 6);
	/* the commitment: SHA-256 of "maniple-seed 11 SALT", the salt the
	 * fixed bytes 11 22 33 ... */
	char salt[33] = "";
	for (int i = 0; i < 16; i++)
		snprintf(salt + 2 * i, 3, "%02x", 0x11 * (i + 1) & 0xff);
	char text[80], want[65];
	int w = snprintf(text, sizeof text, "maniple-seed 11 %s", salt);
	sha256_hex(text, (size_t)w, want);
	find_line("seed-commit ", line, sizeof line);
	cr_assert_str_eq(line + 12, want);
	/* the secret in the store, for its holder only */
	char sp[800];
	secret_path(sp, sizeof sp);
	struct stat st;
	cr_assert_eq(stat(sp, &st), 0, "%s", sp);
	cr_assert_eq(st.st_mode & 0777, 0600);
	cr_assert_eq(stat(seeds, &st), 0);
	cr_assert_eq(st.st_mode & 0777, 0700);
	char *secret = fx_slurp(sp);
	snprintf(text, sizeof text, "maniple-seed 11 %s\n", salt);
	cr_assert_str_eq(secret, text);
	free(secret);
	/* each command that drew dice has its dice line */
	cr_assert_gt(find_line("dice ", line, sizeof line), 9);
	cr_assert(strspn(line + 5, "0123456789") == strlen(line + 5) &&
			  line[5],
		  "%s", line);
}

Test(fairdice, the_holder_resumes_an_unfinished_game_and_nobody_else)
{
	play(30);
	struct session s;
	committed_session(&s);
	struct ini_error err;
	cr_assert(session_load(&s, gpath, &err), "%s:%d: %s", err.file,
		  err.line, err.msg);
	for (int i = 30; i < 60; i++)
		run_ok(&s, cmds[i]);
	uint64_t resumed = session_seedless_digest(&s);
	session_free(&s);
	/* the same 60 commands in one go give the same game */
	play(60);
	committed_session(&s);
	cr_assert(session_load(&s, gpath, &err), "%s", err.msg);
	cr_assert_eq(session_seedless_digest(&s), resumed);
	session_free(&s);
	/* without the secret: not loaded, and why */
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	cr_assert_not(session_load(&s, gpath, &err));
	cr_assert(strstr(err.msg, "not revealed") != NULL, "%s", err.msg);
	session_free(&s);
	/* an unfinished game does not verify: nothing to check against */
	char sum[400];
	cr_assert_eq(verify(&err, sum, sizeof sum), 1);
	cr_assert(strstr(err.msg, "not revealed yet") != NULL, "%s", err.msg);
	cr_assert_eq(err.line, 5, "the seed-commit's line");
}

Test(fairdice, the_end_reveals_the_seed_and_the_file_verifies)
{
	play(ncmd);
	char line[200];
	int at = find_line("reveal ", line, sizeof line);
	cr_assert_gt(at, 9, "the game's end writes the reveal");
	cr_assert(strncmp(line, "reveal 11 ", 10) == 0, "%s", line);
	char sp[800];
	secret_path(sp, sizeof sp);
	cr_assert_neq(access(sp, F_OK), 0, "the store forgets it then");
	struct ini_error err;
	char sum[400];
	cr_assert_eq(verify(&err, sum, sizeof sum), 0, "%s:%d: %s", err.file,
		     err.line, err.msg);
	cr_assert(strstr(sum, "verifies") != NULL, "%s", sum);
	/* anyone loads it now: the seed is in the file */
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	cr_assert(session_load(&s, gpath, &err), "%s", err.msg);
	session_free(&s);
}

Test(fairdice, an_edited_roll_does_not_verify_and_names_its_line)
{
	play(ncmd);
	char line[200];
	int at = find_line("dice ", line, sizeof line);
	cr_assert_gt(at, 0);
	/* one digit changed, the chain made good again */
	size_t k = strlen(line) - 1;
	line[k] = line[k] == '9' ? '0' : (char)(line[k] + 1);
	forge(at, line);
	struct ini_error err;
	char sum[400];
	cr_assert_eq(verify(&err, sum, sizeof sum), 1);
	cr_assert_eq(err.line, at, "%d: %s", err.line, err.msg);
	cr_assert(strstr(err.msg, "the seed gives") != NULL, "%s", err.msg);
	/* a dice line taken away */
	play(ncmd);
	at = find_line("dice ", line, sizeof line);
	forge(at, "");
	cr_assert_eq(verify(&err, sum, sizeof sum), 1);
	cr_assert_eq(err.line, at, "%d: %s", err.line, err.msg);
}

Test(fairdice, an_edited_seed_or_commitment_does_not_verify)
{
	play(ncmd);
	char line[200];
	int at = find_line("reveal ", line, sizeof line);
	char other[200];
	snprintf(other, sizeof other, "reveal 12%s", line + 9);
	forge(at, other);
	struct ini_error err;
	char sum[400];
	cr_assert_eq(verify(&err, sum, sizeof sum), 1);
	cr_assert_eq(err.line, at, "%d: %s", err.line, err.msg);
	cr_assert(strstr(err.msg, "seed-commit") != NULL, "%s", err.msg);
	/* the commitment edited to the other seed's: the seed-commit then
	 * holds, but every roll differs from the file's */
	char salt[40];
	cr_assert_eq(sscanf(other, "reveal 12 %39s", salt), 1);
	char c[65], head[100];
	gamefile_seed_commit(12, salt, c);
	snprintf(head, sizeof head, "seed-commit %s", c);
	forge(5, head);
	cr_assert_eq(verify(&err, sum, sizeof sum), 1);
	cr_assert_gt(err.line, 9, "%d: %s", err.line, err.msg);
	/* a file cut short of its header, or no game file: unreadable */
	FILE *f = fopen(gpath, "w");
	fputs("not a game\n", f);
	fclose(f);
	cr_assert_eq(verify(&err, sum, sizeof sum), 2);
	unlink(gpath);
	cr_assert_eq(verify(&err, sum, sizeof sum), 2);
}

Test(fairdice, both_players_may_reveal_before_the_end)
{
	play(40);
	struct session s;
	committed_session(&s);
	struct ini_error err;
	cr_assert(session_load(&s, gpath, &err), "%s", err.msg);
	run_ok(&s, "reveal");
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "reveal", &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert(strstr(r.reason, "revealed already") != NULL, "%s",
		  r.reason);
	cmd_result_free(&r);
	for (int i = 40; i < 50; i++) /* the game goes on */
		run_ok(&s, cmds[i]);
	session_free(&s);
	char sum[400];
	cr_assert_eq(verify(&err, sum, sizeof sum), 0, "%s:%d: %s", err.file,
		     err.line, err.msg);
	/* a game shown in full from the start has nothing to reveal */
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	run_ok(&s, "new drill solo 11");
	cmd_result_init(&r);
	session_exec(&s, "reveal", &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_assert(strstr(r.reason, "not a committed game") != NULL, "%s",
		  r.reason);
	cmd_result_free(&r);
	session_free(&s);
}

Test(fairdice, a_format_2_file_verifies_from_its_open_seed)
{
	struct session s;
	session_init(&s, fx_loader, spqr_tables_loader, NULL, 1);
	run_ok(&s, "new drill solo 11");
	char b[700];
	snprintf(b, sizeof b, "branch! %s", gpath);
	run_ok(&s, b);
	for (int i = 0; i < ncmd; i++)
		run_ok(&s, cmds[i]);
	session_free(&s);
	struct ini_error err;
	char sum[400];
	cr_assert_eq(verify(&err, sum, sizeof sum), 0, "%s", err.msg);
	cr_assert(strstr(sum, "format 2") != NULL, "%s", sum);
}

Test(fairdice, the_replay_steps_through_on_the_dice_lines_alone)
{
	play(ncmd / 2);
	/* the secret gone: a spectator's copy, the seed nowhere */
	char sp[800];
	secret_path(sp, sizeof sp);
	cr_assert_eq(unlink(sp), 0);
	struct replay r;
	char err[600];
	cr_assert_eq(replay_open(&r, gpath, gboh_rulesets(), fx_loader,
				 spqr_tables_loader, NULL, err, sizeof err),
		     0, "%s", err);
	struct cmd_result out;
	cmd_result_init(&out);
	int steps = 0;
	while (replay_forward(&r, &out) == 1)
		steps++;
	cr_assert_not(r.diverged, "%s", r.msg);
	cr_assert_eq(steps, ncmd / 2);
	cmd_result_free(&out);
	replay_free(&r);
}

/* ---- two-party dice (gamefile.h) ---- */

/* Nonce k of a game: 32 hex digits of its own. */
static void nonce_of(int k, char out[33])
{
	char text[32], d[65];
	int w = snprintf(text, sizeof text, "nonce %d", k);
	sha256_hex(text, (size_t)w, d);
	memcpy(out, d, 32);
	out[32] = '\0';
}

/* A two-party drill game, seed 11, in gpath with n commands: each the
 * first answer the pending decision lists that the game takes (else
 * continue), each given its nonce. */
static void play_two_party(int n)
{
	struct session s;
	committed_session(&s);
	s.new_dice = GAMEFILE_TWO_PARTY;
	run_ok(&s, "new drill solo 11");
	char b[700];
	snprintf(b, sizeof b, "branch! %s", gpath);
	run_ok(&s, b);
	static struct decision_answer room[512];
	struct cmd_result r;
	cmd_result_init(&r);
	for (int k = 0; k < n; k++) {
		struct decision d;
		decision_init(&d, room, 512);
		session_ruleset(&s)->decide(s.game, &d);
		bool done = false;
		for (int i = 0; i <= d.n && !done; i++) {
			nonce_of(k, s.nonce);
			session_exec(&s, i < d.n ? d.ans[i].line : "continue",
				     &r);
			done = r.status == CMD_OK;
		}
		cr_assert(done, "command %d: nothing taken (%s)", k, d.kind);
	}
	cmd_result_free(&r);
	cr_assert_eq(session_commands(&s), (size_t)n);
	char err[300];
	cr_assert_eq(session_reveal(&s, err, sizeof err), 0, "%s", err);
	session_free(&s);
}

Test(fairdice, two_party_dice_come_from_the_seed_and_each_nonce)
{
	play_two_party(30);
	struct ini_error err;
	char sum[400];
	cr_assert_eq(verify(&err, sum, sizeof sum), 0, "%d: %s", err.line,
		     err.msg);
	cr_expect(strstr(sum, "the guest's 30 nonces"), "%s", sum);
	/* the first command that drew dice, its dice worked out by hand:
	 * PCG32 seeded with K = SHA-256("maniple-two-party COMMIT SEED SALT
	 * N NONCE LINE") */
	char *t = fx_slurp(gpath);
	struct gamefile_header h = {.version = GAMEFILE_COMMITTED};
	char line[200];
	find_line("seed-commit ", line, sizeof line);
	snprintf(h.commit, sizeof h.commit, "%.64s", line + 12);
	snprintf(h.dice_mode, sizeof h.dice_mode, GAMEFILE_TWO_PARTY);
	char salt[33] = "";
	for (int i = 0; i < 16; i++)
		snprintf(salt + 2 * i, 3, "%02x", 0x11 * (i + 1) & 0xff);
	cr_assert(gamefile_secret_set(&h, 11, salt));
	char nonce[40] = "", cmd[300] = "";
	size_t seq = 0;
	bool checked = false;
	int lineno = 0;
	for (char *p = t; *p && !checked;) {
		lineno++;
		char *e = strchr(p, '\n');
		*e = '\0';
		char *tab = strchr(p, '\t');
		if (tab)
			*tab = '\0';
		if (!strncmp(p, "nonce ", 6)) {
			snprintf(nonce, sizeof nonce, "%s", p + 6);
		} else if (!strncmp(p, "dice ", 5) && seq > 0) {
			uint64_t state, stream;
			gamefile_two_party_key(&h, seq, nonce, cmd, &state,
					       &stream);
			struct pcg32 rng;
			pcg32_srandom(&rng, state, stream);
			char want[300];
			size_t k = 0;
			for (; k < strlen(p + 5); k++)
				want[k] = (char)('0' +
						 pcg32_boundedrand(&rng, 10));
			want[k] = '\0';
			cr_expect_str_eq(p + 5, want, "command %zu: %s", seq,
					 cmd);
			checked = true;
		} else if (lineno > gamefile_header_lines(GAMEFILE_COMMITTED) &&
			   gamefile_is_command(p)) {
			seq++;
			snprintf(cmd, sizeof cmd, "%s", p);
		}
		p = e + 1;
	}
	free(t);
	cr_expect(checked, "a command drew dice");
	/* one digit changed in the nonce of the first command that drew
	 * dice (the chain made good again): its dice are not the file's */
	char *f = fx_slurp(gpath);
	int no = 0, at = 0;
	char forged[60] = "";
	for (char *p = f; *p && !at;) {
		char *e = strchr(p, '\n');
		*e = '\0';
		no++;
		if (!strncmp(p, "nonce ", 6)) {
			snprintf(forged, sizeof forged, "%.38s", p);
			at = no;
		}
		if (strncmp(p, "dice ", 5) != 0 && at && no > at + 1)
			at = 0; /* its command drew none: the next */
		if (!strncmp(p, "dice ", 5))
			break;
		p = e + 1;
	}
	free(f);
	cr_assert_gt(at, 9);
	forged[37] = forged[37] == 'a' ? 'b' : 'a';
	forge(at, forged);
	cr_assert_eq(verify(&err, sum, sizeof sum), 1);
	cr_expect_gt(err.line, at, "%d: %s", err.line, err.msg);
	/* a nonce line taken away: its command has none */
	play_two_party(30);
	at = find_line("nonce ", line, sizeof line);
	forge(at, "");
	cr_assert_eq(verify(&err, sum, sizeof sum), 1);
	cr_expect_eq(err.line, at, "%d: %s", err.line, err.msg);
	cr_expect(strstr(err.msg, "no nonce"), "%s", err.msg);
}
