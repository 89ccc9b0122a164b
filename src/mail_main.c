/* mail_main.c — maniple mail: a game played by mail in honour mode.
 *
 * Both players make the dice's seed, neither alone (gamefile.h, format
 * 3, dice-mode mail): `mail new` writes the game with a commitment to the
 * first player's secret, kept in their seed store; `mail accept`, run by
 * the other player, adds their share; the first player's next opening of
 * the game shows the secret (a reveal line), and from then on both know
 * the seed.  The game file, chained line to line, is the turn: each
 * player plays their side and sends it on, signed with `mail sign` (an
 * ssh-keygen -Y sign signature beside it) and checked with `mail check`.
 * Honour mode: once the seed is known, a player who wants to may look at
 * the dice to come; what nobody can do unseen is change a roll, for
 * maniple --verify plays the file again from the seed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "live_main.h"
#include "mail_main.h"
#include "maniple/gamefile.h"
#include "maniple/ini.h"
#include "maniple/session.h"
#include "rulesets.h"

#define MAIL_NAMESPACE "maniple-mail" /* ssh-keygen -n */

bool mail_command(const char *word)
{
	return !strcmp(word, "mail");
}

static void mail_usage(FILE *f)
{
	fputs("Usage: maniple mail new BATTLE FILE [--seed N]\n"
	      "       maniple mail accept FILE [--share HEX]\n"
	      "       maniple mail sign FILE [--key KEY]\n"
	      "       maniple mail check FILE --signers FILE --from NAME\n"
	      "Play FILE itself with maniple FILE; maniple --verify FILE "
	      "checks every roll.\n",
	      f);
}

/* n random bytes as 2n hex digits into out; false when none come. */
static bool random_hex(char *out, size_t n)
{
	unsigned char b[32];
	if (n > sizeof b)
		return false;
	if (!gamefile_random_bytes(b, n))
		return false;
	for (size_t i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
	return true;
}

/* The seed store in out: the state directory's seeds/. */
static int seed_store(const struct live_program *lp, char *out, size_t n)
{
	char dir[900];
	if (lp->state_dir(dir, sizeof dir) != 0)
		return -1;
	int w = snprintf(out, n, "%s/%s", dir, GAMEFILE_SEED_STORE);
	return w > 0 && (size_t)w < n ? 0 : -1;
}

/* mail new BATTLE FILE [--seed N] */
static int mail_new(const struct live_program *lp, const char *battle,
		    const char *path, const char *seed_arg)
{
	uint64_t seed;
	char hex[17];
	if (seed_arg) {
		if (!ini_u64(seed_arg, &seed)) {
			fprintf(stderr, "maniple: bad seed %s\n", seed_arg);
			return 2;
		}
	} else if (!random_hex(hex, 8)) {
		fprintf(stderr, "maniple: no random bytes for the seed\n");
		return 2;
	} else {
		seed = strtoull(hex, NULL, 16);
	}
	char seeds[1000];
	if (seed_store(lp, seeds, sizeof seeds) != 0) {
		fprintf(stderr, "maniple: no place for the seed store (set "
				"XDG_STATE_HOME or HOME)\n");
		return 2;
	}
	struct session s;
	session_setup(&s, program_rulesets, lp->load_battle, lp->load_tables,
		      lp->user, seed);
	s.rules_dir = lp->rules_dir;
	s.new_dice = "mail";
	s.seed_dir = seeds;
	char err[1200];
	int rc = 0;
	if (session_new(&s, battle, GAME_HOTSEAT, seed, err, sizeof err) != 0 ||
	    session_save(&s, path, false, false, err, sizeof err) != 0) {
		fprintf(stderr, "maniple: %s\n", err);
		rc = 2;
	} else {
		printf("%s: a game of %s by mail, honour mode: the file "
		       "commits to your part of the seed (kept in %s).\n"
		       "Send it to your opponent, who runs: maniple mail "
		       "accept %s\n"
		       "When it comes back, open it (maniple %s): your part "
		       "is shown then, and both of you know the seed.\n",
		       path, battle, seeds, path, path);
	}
	session_free(&s);
	return rc;
}

/* Reading a mail game's file for accept: its header, and whether any
 * line follows it. */
struct invite {
	struct gamefile_header h;
	int body;
};

static int invite_header(void *user, const struct gamefile_header *h,
			 struct ini_error *err)
{
	struct invite *in = user;
	if (h->version < GAMEFILE_COMMITTED || strcmp(h->dice_mode, "mail")) {
		snprintf(err->msg, sizeof err->msg,
			 "not a game by mail (maniple mail new makes one)");
		return 1;
	}
	in->h = *h;
	return 0;
}

static int invite_body(void *user, const struct gamefile_line *l,
		       struct ini_error *err)
{
	(void)err;
	((struct invite *)user)->body = l->lineno;
	return 0;
}

/* mail accept FILE [--share HEX] */
static int mail_accept(const char *path, const char *share_arg)
{
	char share[33];
	if (share_arg) {
		if (!gamefile_hex_ok(share_arg, 32)) {
			fprintf(stderr, "maniple: --share takes 32 lower-case "
					"hex digits\n");
			return 2;
		}
		snprintf(share, sizeof share, "%s", share_arg);
	} else if (!random_hex(share, 16)) {
		fprintf(stderr, "maniple: no random bytes for the share\n");
		return 2;
	}
	struct invite in;
	memset(&in, 0, sizeof in);
	struct ini_error ie;
	if (!gamefile_read(path, invite_header, invite_body, &in, &ie)) {
		char buf[INI_ERR_MAX + 64];
		ini_error_format(&ie, buf, sizeof buf);
		fprintf(stderr, "maniple: %s\n", buf);
		return 2;
	}
	if (in.body) {
		fprintf(stderr,
			"maniple: %s:%d: accepted already (the share comes "
			"once, before any command)\n",
			path, in.body);
		return 2;
	}
	struct gamefile gf;
	char err[1200];
	int rc = gamefile_open_append(&gf, path, err, sizeof err);
	if (rc != 0) {
		fprintf(stderr, "maniple: %s\n", err);
		return 2;
	}
	struct journal j;
	journal_init(&j, &in.h);
	char line[64];
	snprintf(line, sizeof line, "mail-share %s", share);
	rc = journal_add(&j, line) != 0 ||
	     gamefile_append_journal(&gf, &j, 0, err, sizeof err) != 0;
	journal_free(&j);
	gamefile_close(&gf);
	if (rc) {
		fprintf(stderr, "maniple: %s\n", err);
		return 2;
	}
	printf("%s: your share of the seed is in. Send it back: the first "
	       "player opens it, which shows their part, and plays.\n"
	       "Honour mode: from then on both of you can work out the dice "
	       "to come; nobody can change one unseen (maniple --verify).\n",
	       path);
	return 0;
}

/* Runs ssh-keygen with argv, standard input from in (NULL: none); its
 * exit status, or -1 when it cannot be run (errno). */
static int ssh_keygen(char *const argv[], const char *in)
{
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (in && !freopen(in, "r", stdin))
			_exit(126);
		if (!in && !freopen("/dev/null", "r", stdin))
			_exit(126);
		execvp("ssh-keygen", argv);
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (!WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st) == 127 ? -1 : WEXITSTATUS(st);
}

/* mail sign FILE [--key KEY] */
static int mail_sign(const char *path, const char *key)
{
	char dflt[900], sig[1000];
	if (!key) {
		const char *home = getenv("HOME");
		if (!home || !*home) {
			fprintf(stderr, "maniple: name the key with --key "
					"(HOME is not set)\n");
			return 2;
		}
		snprintf(dflt, sizeof dflt, "%s/.ssh/id_ed25519", home);
		key = dflt;
	}
	/* ssh-keygen asks before writing over FILE.sig: an old one goes */
	snprintf(sig, sizeof sig, "%s.sig", path);
	struct stat st;
	if (lstat(sig, &st) == 0) {
		if (!S_ISREG(st.st_mode)) {
			fprintf(stderr, "maniple: %s: not a regular file\n",
				sig);
			return 2;
		}
		unlink(sig);
	}
	char *argv[] = {"ssh-keygen", "-q", "-Y", "sign", "-f", (char *)key,
			"-n", MAIL_NAMESPACE, (char *)path, NULL};
	int rc = ssh_keygen(argv, NULL);
	if (rc < 0) {
		fprintf(stderr, "maniple: ssh-keygen cannot be run (OpenSSH "
				"8 or later signs and checks the hand-offs)\n");
		return 2;
	}
	if (rc != 0) {
		fprintf(stderr, "maniple: %s: ssh-keygen could not sign it "
				"with %s\n",
			path, key);
		return 1;
	}
	printf("%s: signed in %s; send both.\n", path, sig);
	return 0;
}

/* mail check FILE --signers FILE --from NAME: the signature, then the
 * file itself (its chain; every roll once the seed is shown). */
static int mail_check(const struct live_program *lp, const char *path,
		      const char *signers, const char *from)
{
	if (!signers || !from) {
		fprintf(stderr, "maniple: mail check needs --signers FILE and "
				"--from NAME\n");
		return 2;
	}
	char sig[1000];
	snprintf(sig, sizeof sig, "%s.sig", path);
	char *argv[] = {"ssh-keygen", "-q", "-Y", "verify", "-f",
			(char *)signers, "-I", (char *)from, "-n",
			MAIL_NAMESPACE, "-s", sig, NULL};
	if (access(path, R_OK) != 0) {
		fprintf(stderr, "maniple: %s: %s\n", path, strerror(errno));
		return 2;
	}
	int rc = ssh_keygen(argv, path);
	if (rc < 0) {
		fprintf(stderr, "maniple: ssh-keygen cannot be run (OpenSSH "
				"8 or later signs and checks the hand-offs)\n");
		return 2;
	}
	if (rc != 0) {
		fprintf(stderr, "maniple: %s: not signed by %s (%s does not "
				"check against %s)\n",
			path, from, sig, signers);
		return 1;
	}
	struct session s;
	session_setup(&s, program_rulesets, lp->load_battle, lp->load_tables,
		      lp->user, 1);
	s.rules_dir = lp->rules_dir;
	struct ini_error err;
	char summary[400];
	rc = session_verify(&s, path, &err, summary, sizeof summary);
	session_free(&s);
	if (rc == 1 && strstr(err.msg, "not revealed yet")) {
		/* before the first player's reveal: the chain alone */
		printf("%s: signed by %s; the seed is not shown yet, nothing "
		       "to check the dice against\n",
		       path, from);
		return 0;
	}
	if (rc != 0) {
		char buf[INI_ERR_MAX + 64];
		ini_error_format(&err, buf, sizeof buf);
		fprintf(stderr, "maniple: %s\nmaniple: %s is signed by %s but "
				"does not verify\n",
			buf, path, from);
		return rc;
	}
	printf("%s: signed by %s; %s\n", path, from, summary);
	return 0;
}

int mail_main(int argc, char **argv, const struct live_program *lp)
{
	/* argv[0] "mail", argv[1] the verb */
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		mail_usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	const char *verb = argv[1];
	const char *pos[2] = {NULL, NULL};
	int npos = 0;
	const char *seed = NULL, *share = NULL, *key = NULL, *signers = NULL,
		   *from = NULL;
	for (int i = 2; i < argc; i++) {
		const char *o = argv[i];
		const char **opt = !strcmp(o, "--seed")	     ? &seed
				   : !strcmp(o, "--share")   ? &share
				   : !strcmp(o, "--key")     ? &key
				   : !strcmp(o, "--signers") ? &signers
				   : !strcmp(o, "--from")    ? &from
							     : NULL;
		if (opt) {
			if (i + 1 >= argc) {
				fprintf(stderr, "maniple: %s needs a value\n",
					o);
				return 2;
			}
			*opt = argv[++i];
		} else if (o[0] == '-' || npos == 2) {
			fprintf(stderr, "maniple: mail %s: %s: unknown "
					"option or one name too many\n",
				verb, o);
			mail_usage(stderr);
			return 2;
		} else {
			pos[npos++] = o;
		}
	}
	int want = !strcmp(verb, "new") ? 2 : 1;
	bool known = !strcmp(verb, "new") || !strcmp(verb, "accept") ||
		     !strcmp(verb, "sign") || !strcmp(verb, "check");
	/* each option belongs to one verb */
	bool stray = (seed && strcmp(verb, "new")) ||
		     (share && strcmp(verb, "accept")) ||
		     (key && strcmp(verb, "sign")) ||
		     ((signers || from) && strcmp(verb, "check"));
	if (!known || npos != want || stray) {
		mail_usage(stderr);
		return 2;
	}
	if (!strcmp(verb, "new"))
		return mail_new(lp, pos[0], pos[1], seed);
	if (!strcmp(verb, "accept"))
		return mail_accept(pos[0], share);
	if (!strcmp(verb, "sign"))
		return mail_sign(pos[0], key);
	return mail_check(lp, pos[0], signers, from);
}
