/* main.c — command-line entry: options, --check, --list, --script, and the
 * interactive view. */
#include <dirent.h>
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "maniple/evcat.h"
#include "maniple/ini.h"
#include "maniple/summary.h"
#include "maniple/battle.h"
#include "maniple/gamelock.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/tables.h"
#include "maniple/glossary.h"
#include "maniple/teach.h"
#include "maniple/stopsig.h"
#include "maniple/triarii.h"
#include "maniple/rule_numbers.h"
#include "maniple/rulebook.h"
#include "maniple/seats.h"
#include "maniple/tui.h"
#include "live_main.h"
#include "mail_main.h"
#include "rulesets.h"
#include "study.h"
#include "tui/config.h"
#include "tui/hint.h"
#include "tui/replay.h"
#include "tui/resume.h"
#include "tui/lesson.h"
#include "tui/lessons.h"

#define PATH_MAX_ 1024

struct program {
	char datadir[PATH_MAX_];
	char rules_dir[PATH_MAX_ + 8]; /* datadir/rules, for `rule N` */
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: maniple [OPTION]... [BATTLE]\n"
		"Play a battle of the Great Battles of History (SPQR rules) "
		"in the terminal.\n"
		"BATTLE is a battle's name (default bagradas); the game is kept "
		"in\n"
		"$XDG_STATE_HOME/maniple/BATTLE.game and resumed from there;\n"
		"without BATTLE the unfinished game saved last is offered.\n"
		"BATTLE may also be a game file (a path, or NAME.game).\n"
		"\n"
		"  -s, --script FILE  apply the commands of FILE ('-': standard "
		"input)\n"
		"                     without a screen; print events one per "
		"line\n"
		"      --teach        tell each step of the sequence of play in "
		"plain\n"
		"                     words with its rule (with --script: as\n"
		"                     '# teach' comment lines; on the map, a box\n"
		"                     the game waits on: M or :teach off ends it)\n"
		"      --ai SIDE[=LEVEL]  the computer plays SIDE (an id, a name, "
		"1 or 2)\n"
		"                     at LEVEL (random, greedy, fast, normal, "
		"strong;\n"
		"                     normal by default); twice: both sides, to "
		"watch\n"
		"      --no-undo      a fair game: undo and branch refused\n"
		"      --pace MS      the view waits MS milliseconds before each "
		"command\n"
		"                     of the computer (default 300, 800 when it "
		"plays both)\n"
		"  -c, --check FILE...  check map, battle, rules and config files;\n"
		"                     print file:line: reason for each failure\n"
		"  -l, --list         list the battles in the data directory\n"
		"      --tutorial     guided lessons, each checked step by step "
		"on a new\n"
		"                     game: a menu of the lessons with the "
		"progress kept\n"
		"                     in $XDG_STATE_HOME/maniple/tutorial; with "
		"BATTLE,\n"
		"                     the lesson of that name at once (drill, "
		"terrain...);\n"
		"                     :lessons opens the menu in any game\n"
		"      --replay FILE  step through the game file FILE on the map,\n"
		"                     read only (. forward, , back, T turn)\n"
		"      --verify FILE  check every roll of the game file FILE "
		"against\n"
		"                     its revealed seed; exit 0 when it "
		"verifies, 1\n"
		"                     when it does not (file:line: why), 2 "
		"unreadable\n"
		"      --new          start a new game of BATTLE even when one is "
		"saved\n"
		"                     (a saved game is kept under a dated name)\n"
		"      --resume       resume the unfinished game without asking\n"
		"      --seed N       seed the dice of a new game with N\n"
		"      --solo         a new game is a solitaire study (you play\n"
		"                     both sides); the view does not ask\n"
		"      --hotseat      a new game is for two players at this\n"
		"                     keyboard; the view does not ask\n"
		"      --ascii        draw with ASCII only\n"
		"      --no-color     draw without colours (also NO_COLOR)\n"
		"      --config FILE  read keys and colours from FILE (also\n"
		"                     MANIPLE_CONFIG; default\n"
		"                     $XDG_CONFIG_HOME/maniple/maniple.ini)\n"
		"      --check-config check the settings file the view would read;\n"
		"                     print file:line: reason for each refusal\n"
		"      --study BATTLE --games N --ai SIDE=LEVEL --ai "
		"SIDE=LEVEL\n"
		"                     [--seed S] [--jobs J] [--shard K/M] "
		"[--tsv FILE]\n"
		"                     play N games of BATTLE, the computer on "
		"both sides,\n"
		"                     and print a table of the results "
		"(maniple --study\n"
		"                     --help says more)\n"
		"      --study-merge FILE...  the same table from the rows of "
		"several\n"
		"                     studies' --tsv files\n"
		"      --study-puzzles --ai LEVEL FILE...  the puzzles LEVEL "
		"solves:\n"
		"                     positions and the answers a good player "
		"gives\n"
		"  -h, --help         display this help and exit\n"
		"\n"
		"Live play, two terminals (maniple host --help):\n"
		"  maniple host BATTLE [--as SIDE] [--seed N] [--dir DIR]\n"
		"               [--allow USER|@GROUP]... [--idle SECONDS]\n"
		"               [--notify COMMAND] [--dice trusted|two-party]\n"
		"  maniple join [NAME] [--as SIDE | --watch] [--dir DIR]\n"
		"  maniple games [--dir DIR] [--clean]\n"
		"\n"
		"Play by mail, honour mode (maniple mail --help):\n"
		"  maniple mail new BATTLE FILE [--seed N]\n"
		"  maniple mail accept FILE\n"
		"  maniple mail sign FILE [--key KEY]\n"
		"  maniple mail check FILE --signers FILE --from NAME\n"
		"\n"
		"  -V, --version      output version information and exit\n"
		"\n"
		"Exit status: 0 if OK; 2 on a bad option, a bad file, a malformed\n"
		"script line, a game that cannot be loaded or a terminal that\n"
		"cannot be used; 3 when SIGHUP, SIGTERM or SIGINT (^C) stopped\n"
		"maniple after the command under way (the game file holds\n"
		"every command shown).\n"
		"Data directory: $MANIPLE_DATADIR, else the source tree maniple\n"
		"was built from (when it still holds scenarios/), else %s.\n",
		MANIPLE_DATADIR);
}

static void find_datadir(struct program *p)
{
	const char *env = getenv("MANIPLE_DATADIR");
	struct stat st;
	char probe[PATH_MAX_ + 16];
	if (env && *env) {
		snprintf(p->datadir, sizeof p->datadir, "%s", env);
		return;
	}
	snprintf(probe, sizeof probe, "%s/scenarios", MANIPLE_SRCDIR);
	if (stat(probe, &st) == 0 && S_ISDIR(st.st_mode))
		snprintf(p->datadir, sizeof p->datadir, "%s", MANIPLE_SRCDIR);
	else
		snprintf(p->datadir, sizeof p->datadir, "%s", MANIPLE_DATADIR);
}

static struct battle *load_battle(void *user, const char *name,
				  struct ini_error *err)
{
	struct program *p = user;
	char path[PATH_MAX_ + 64];
	if (!battle_path(p->datadir, name, path, (int)sizeof path)) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle named %s", name);
		return NULL;
	}
	if (access(path, R_OK) != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg,
			 "no battle %.40s (%.400s) - see maniple --list",
			 name, path);
		return NULL;
	}
	return battle_load(path, err);
}

static int load_tables(void *user, struct game *g, struct ini_error *err)
{
	struct program *p = user;
	return program_load_tables(p->datadir, g, err);
}

static void print_error(const struct ini_error *err)
{
	char buf[INI_ERR_MAX + 300];
	ini_error_format(err, buf, sizeof buf);
	fprintf(stderr, "%s\n", buf);
}

/* The language a lesson is written in: the default ruleset's commands
 * (the tutorial plays its battle). */
static const struct cmd_table *lesson_commands(void)
{
	return ruleset_find(program_rulesets, NULL)->commands();
}

/* --check of a lesson file (src/tui/lesson.h). */
static bool check_lesson(const char *path, struct ini_error *err)
{
	struct lesson *l = malloc(sizeof *l);
	bool ok = l && lesson_load(path, lesson_commands(), l, err);
	if (!l)
		snprintf(err->msg, sizeof err->msg, "out of memory");
	free(l);
	return ok;
}

/* --check of the list of lessons (src/tui/lessons.h): each lesson it
 * names, beside it, loads. */
static bool check_lesson_index(const char *path, struct ini_error *err)
{
	struct lesson_index ix;
	if (!lesson_index_load(path, &ix, err))
		return false;
	const char *slash = strrchr(path, '/');
	int dlen = slash ? (int)(slash - path) + 1 : 0;
	for (int k = 0; k < ix.n; k++) {
		char file[PATH_MAX_ + 64];
		snprintf(file, sizeof file, "%.*s%s.ini", dlen, path,
			 ix.name[k]);
		if (!check_lesson(file, err))
			return false;
	}
	return true;
}

/* --check of a battle: its units against their types' traits, as a game
 * of it gets them: a game made of b (which it then owns and frees) takes
 * its ruleset's tables from DATADIR (battle_check_traits). */
static bool check_battle_traits(const char *datadir, struct battle *b,
				struct ini_error *err)
{
	memset(err, 0, sizeof *err);
	const struct ruleset *rs = ruleset_lookup(program_rulesets, b->ruleset,
						  err->msg, sizeof err->msg);
	if (!rs) {
		battle_free(b);
		return false;
	}
	struct game *g = rs->new_game(b, GAME_SANDBOX, 1);
	if (!g) {
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return false;
	}
	bool ok = program_load_tables(datadir, g, err) == 0;
	rs->free_game(g);
	return ok;
}

/* --check: each file by its [file] kind (a battle's units against the
 * traits of the tables under DATADIR). */
static int check_files(const char *datadir, int n, char **files)
{
	int status = 0;
	for (int i = 0; i < n; i++) {
		struct ini_error err;
		char kind[32];
		memset(&err, 0, sizeof err);
		bool ok = ini_file_kind(files[i], kind, sizeof kind, &err);
		if (ok && strcmp(kind, "map") == 0) {
			struct map *m = map_load(files[i], &err);
			ok = m != NULL;
			map_free(m);
		} else if (ok && strcmp(kind, "battle") == 0) {
			struct battle *b = battle_load(files[i], &err);
			ok = b != NULL;
			char why[300];
			if (ok && triarii_doctrine_missing(b, why, sizeof why))
				fprintf(stderr, "%s: warning: %s\n", files[i],
					why); /* RULINGS R8, 9.7 */
			ok = ok && check_battle_traits(datadir, b, &err);
		} else if (ok && strcmp(kind, "config") == 0) {
			/* the view's keys and colours: every refusal printed */
			if (!tui_config_check(files[i], stdout, stderr))
				status = 2;
			continue;
		} else if (ok && strcmp(kind, "rules") == 0) {
			ok = tables_check_file(files[i], &err);
		} else if (ok && (strcmp(kind, "summaries") == 0 ||
				  strcmp(kind, "rulings") == 0)) {
			ok = rulebook_check_file(files[i], &err); /* rule N */
		} else if (ok && strcmp(kind, "glossary") == 0) {
			struct glossary *gl = glossary_load(files[i], &err);
			ok = gl != NULL; /* glossary.h: rule TERM */
			glossary_free(gl);
		} else if (ok && strcmp(kind, "rule_numbers") == 0) {
			struct rule_numbers m; /* rule_numbers.h: GBA's */
			ok = rule_numbers_read(&m, files[i], &err);
		} else if (ok && strcmp(kind, "teach") == 0) {
			ok = teach_check_file(files[i], &err); /* teach.h */
		} else if (ok && strcmp(kind, "events") == 0) {
			struct evcat *c = evcat_load(files[i], &err);
			ok = c != NULL; /* evcat.h: the event catalog */
			evcat_free(c);
		} else if (ok && strcmp(kind, "sentences") == 0) {
			ok = summary_check_file(files[i], &err); /* summary.h */
		} else if (ok && strcmp(kind, "tutorial") == 0) {
			ok = check_lesson(files[i], &err); /* lesson.h */
		} else if (ok && strcmp(kind, "lessons") == 0) {
			ok = check_lesson_index(files[i], &err); /* lessons.h */
		} else if (ok && strcmp(kind, "progress") == 0) {
			struct lesson_progress pr; /* lessons.h */
			ok = lesson_progress_load(files[i], &pr, &err);
		} else if (ok) {
			snprintf(err.file, sizeof err.file, "%s", files[i]);
			err.line = 1;
			snprintf(err.msg, sizeof err.msg,
				 "unknown kind %s (map, battle, rules, "
				 "config, summaries, rulings, glossary, "
				 "rule_numbers, teach, "
				 "events, "
				 "sentences, "
				 "tutorial, lessons, progress)", kind);
			ok = false;
		}
		if (ok) {
			printf("%s: ok\n", files[i]);
		} else {
			print_error(&err);
			status = 2;
		}
	}
	return status;
}

static int list_battles(const struct program *p)
{
	char dir[PATH_MAX_ + 16];
	snprintf(dir, sizeof dir, "%s/scenarios", p->datadir);
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "maniple: %s: %s\n", dir, strerror(errno));
		return 2;
	}
	int status = 0;
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t len = strlen(nm);
		if (len > 4 && strcmp(nm + len - 4, ".ini") == 0 &&
		    nm[0] != '.') {
			char path[PATH_MAX_ + 300];
			snprintf(path, sizeof path, "%s/%s", dir, nm);
			struct ini_error err;
			struct battle *b = battle_load(path, &err);
			if (b) {
				/* size: the combat units each side fields;
				 * length: the turn limit (a turn is about 20
				 * minutes of battle, 2.5) */
				int units[2] = {0, 0};
				for (int k = 0; k < b->nunits; k++)
					if (b->units[k].side == 0 ||
					    b->units[k].side == 1)
						units[b->units[k].side]++;
				char len[32];
				if (b->turn_limit > 0)
					snprintf(len, sizeof len, "%d turns",
						 b->turn_limit);
				else
					snprintf(len, sizeof len,
						 "no turn limit");
				/* the ruleset, as its books are known */
				char rs[16];
				size_t k = 0;
				for (; b->ruleset[k] && k + 1 < sizeof rs; k++)
					rs[k] = (char)toupper(
						(unsigned char)b->ruleset[k]);
				rs[k] = '\0';
				printf("%-14s %-28s %d %s  %-4s  %s v %s  (%d v "
				       "%d units, %s)\n",
				       b->id, b->name,
				       b->year < 0 ? -b->year : b->year,
				       b->year < 0 ? "BC" : "AD", rs,
				       b->sides[0].name, b->sides[1].name,
				       units[0], units[1], len);
				battle_free(b);
			} else {
				print_error(&err);
				status = 2;
			}
		}
		free(names[i]);
	}
	free(names);
	return status;
}

/* --ai SIDE[=LEVEL] (twice at most) and --no-undo: who plays a new game
 * and whether it is fair (seats.h, session.h). */
struct who_plays {
	const char *ai[2];
	int nai;
	bool no_undo;
};

/* A game new to the script or the view (a new one, or one loaded): who
 * plays it.  A game that holds a command goes on as its file's header
 * says; one that holds none is played as --ai says, into its header (a
 * side the battle lacks: said, 2).  --no-undo makes either fair from now
 * on.  0, or 2 with the reason on standard error. */
static int seat_game(const struct who_plays *w, struct session *s,
		     struct ai_seats *st)
{
	char err[INI_ERR_MAX + 300];
	if (!ai_seats_from_header(st, s))
		fprintf(stderr, "maniple: the game file names a computer "
				"level this maniple lacks: a person plays it\n");
	if (session_commands(s) == 0 && w->nai > 0) {
		const struct ai_level *lv[2] = {NULL, NULL};
		for (int i = 0; i < w->nai; i++)
			if (study_ai_arg(s->game->battle, w->ai[i], false, lv))
				return 2;
		st->level[0] = lv[0];
		st->level[1] = lv[1];
		if (ai_seats_to_header(st, s, err, sizeof err) != 0) {
			fprintf(stderr, "maniple: %s\n", err);
			return 2;
		}
	}
	if (w->no_undo && session_make_fair(s, err, sizeof err) != 0) {
		fprintf(stderr, "maniple: %s\n", err);
		return 2;
	}
	return 0;
}

static void show_result(const struct cmd_result *r)
{
	for (size_t i = 0; i < r->out.n; i++)
		cmd_print_logged(stdout, &r->out, i);
	if (r->text)
		fputs(r->text, stdout);
	if (r->status != CMD_OK)
		cmd_print_refusal(stdout, r);
}

/* After SIGHUP, SIGTERM or SIGINT (stopsig.h): the command under way was finished
 * and the game file closed; say so and give STOPSIG_EXIT. */
static int stopped(int status)
{
	int sig = stopsig_caught();
	if (!sig)
		return status;
	fprintf(stderr, "maniple: stopped by %s; the game file holds every "
			"command shown\n", stopsig_name(sig));
	return STOPSIG_EXIT;
}

/* --script --teach: the narration of a command's events and of the
 * decision it leaves pending, as comment lines (teach.h); the texts are
 * read from the game's ruleset once a game exists.  false when they cannot
 * be read (said on standard error, once). */
static bool script_teach(struct program *p, struct session *s,
			 const struct cmd_result *r, struct teach_texts **tt,
			 char *told, size_t n)
{
	if (!*tt && s->game && !told[0]) {
		char dir[PATH_MAX_ + 64];
		struct ini_error err;
		*tt = program_ruleset(s->game, p->datadir, dir, sizeof dir,
				      &err)
			      ? teach_load(dir, &err)
			      : NULL;
		if (!*tt) {
			print_error(&err);
			snprintf(told, n, "-"); /* tried */
			return false;
		}
	}
	teach_script_step(*tt, s->game, r, told, n, stdout);
	return true;
}

/* text and a '\n' on f, a control character (a script's raw bytes
 * quoted in a reason) as \xNN, so none reaches the terminal. */
static void put_visible(FILE *f, const char *text)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	fputc('\n', f);
}

/* The seed store (gamefile.h) in seeds[n]: $XDG_STATE_HOME/maniple/seeds
 * (default ~/.local/state/maniple/seeds), where this user keeps the
 * secret of each committed game until its reveal (made when first
 * needed); NULL when neither variable is set. */
static const char *seed_store(char *seeds, size_t n)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int w;
	if (xdg && *xdg == '/')
		w = snprintf(seeds, n, "%s/maniple/%s", xdg,
			     GAMEFILE_SEED_STORE);
	else if (home && *home)
		w = snprintf(seeds, n, "%s/.local/state/maniple/%s", home,
			     GAMEFILE_SEED_STORE);
	else
		return NULL;
	return w > 0 && (size_t)w < n ? seeds : NULL;
}

/* --script with --ai: a line the computer plays, run and shown as a
 * script's line is (after a comment naming who plays it). */
struct script_run {
	struct session *s;
	struct cmd_result *r;
	const char *side;
};

static bool script_run_line(void *user, const char *line)
{
	struct script_run *sr = user;
	printf("# computer %s: %s\n", sr->side, line);
	session_exec(sr->s, line, sr->r);
	show_result(sr->r);
	return sr->r->status == CMD_OK;
}

/* the most commands the computer plays after one script line (a game
 * that never ends is a bug, not a wait) */
#define SCRIPT_COMPUTER_MAX 200000L

/* --script with --ai: the computer's decisions played while it owes
 * them, each after a comment with its plan.  0, or 2 (said). */
static int script_computer(struct session *s, struct ai_seats *st,
			   struct cmd_result *r)
{
	long played = 0;
	int side;
	while ((side = ai_seats_due(st, s)) >= 0 && !stopsig_caught()) {
		struct ai_move m;
		char err[600];
		const char *name = s->game->battle->sides[side].id;
		if (++played > SCRIPT_COMPUTER_MAX) {
			fprintf(stderr, "maniple: the computer played %ld "
					"commands without the game ending\n",
				SCRIPT_COMPUTER_MAX);
			return 2;
		}
		if (ai_seats_choose(st, s, side, &m) != 0) {
			fprintf(stderr, "maniple: the computer (%s): %s\n",
				name, m.plan);
			return 2;
		}
		printf("# plan %s: %s\n", name, m.plan);
		struct script_run sr = {s, r, name};
		if (ai_seats_play(st, s, side, &m, script_run_line, &sr, err,
				  sizeof err) != 0) {
			fprintf(stderr, "maniple: the computer (%s): %s\n",
				name, err);
			return 2;
		}
		fflush(stdout);
	}
	return 0;
}

/* Whether line's first word is word. */
static bool first_word(const char *line, const char *word)
{
	while (*line == ' ' || *line == '\t')
		line++;
	size_t n = strcspn(line, " \t");
	return n == strlen(word) && strncmp(line, word, n) == 0;
}

/* Whether line, accepted, started or loaded a game. */
static bool starts_game(const char *line, const struct cmd_result *r)
{
	return r->status == CMD_OK &&
	       (first_word(line, "new") || first_word(line, "load"));
}

/* --script: every line is a command; a refusal is printed and the script
 * goes on; the status is 2 when any line was malformed.  A line longer
 * than SCRIPT_LINE_MAX bytes, or a line past SCRIPT_LINES_MAX, ends the
 * script there with file:line: reason and status 2 (the read never
 * holds more than one line). */
#define SCRIPT_LINE_MAX 4096
#define SCRIPT_LINES_MAX 10000000
static int run_script(struct program *p, const char *path, uint64_t seed,
		      bool teach, const struct who_plays *who)
{
	/* a script may be a pipe (or standard input), so no regular file
	 * is asked for; its lines and their number are bounded (below), and
	 * a FIFO's open waits for its writer as a pipe's read would */
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (!f) {
		fprintf(stderr, "maniple: %s: %s\n", path, strerror(errno));
		return 2;
	}
	struct session s;
	session_init(&s, load_battle, load_tables, p, seed);
	char seeds[PATH_MAX_ + 16];
	s.seed_dir = seed_store(seeds, sizeof seeds);
	s.rulesets = program_rulesets;
	s.rules_dir = p->rules_dir; /* rule N (rulebook.h) */
	struct cmd_result r;
	cmd_result_init(&r);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, status = 0;
	struct teach_texts *tt = NULL; /* --teach */
	char told[TEACH_TEXT_MAX] = "";
	struct ai_seats seats; /* --ai (seats.h) */
	ai_seats_init(&seats);
	/* read with read(2) behind a wait that SIGHUP and SIGTERM always end
	 * (stopsig.h); they are looked at between commands only */
	struct stopsig_reader *rd = malloc(sizeof *rd);
	if (!rd) {
		fprintf(stderr, "maniple: out of memory\n");
		status = 2;
	} else {
		stopsig_reader_init(rd, fileno(f));
		rd->max = SCRIPT_LINE_MAX;
	}
	while (rd && !stopsig_caught() &&
	       (len = stopsig_getline(rd, &line, &cap)) >= 0) {
		lineno++;
		if (lineno > SCRIPT_LINES_MAX) {
			fprintf(stderr, "%s:%d: more than %d lines (the limit)\n",
				path, lineno, SCRIPT_LINES_MAX);
			status = 2;
			break;
		}
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if ((size_t)len != strlen(line)) {
			fprintf(stderr, "%s:%d: NUL byte in line\n", path,
				lineno);
			status = 2;
			continue;
		}
		if (strcmp(line, "hint") == 0) { /* the view's :hint too */
			char text[HINT_TEXT_MAX];
			hint_text(&s, text, sizeof text);
			printf("%s\n", text);
			fflush(stdout);
			continue;
		}
		char why[CMD_REASON_MAX];
		if (ai_seats_person_may(&seats, &s, line, why, sizeof why))
			session_exec(&s, line, &r);
		else /* an answer the computer's side gives */
			cmd_refuse(&r, NULL, "%s", why);
		show_result(&r);
		if (teach && !script_teach(p, &s, &r, &tt, told, sizeof told))
			status = 2;
		fflush(stdout);
		if (r.status == CMD_MALFORMED) {
			fprintf(stderr, "%s:%d: ", path, lineno);
			put_visible(stderr, r.reason);
			status = 2;
		}
		/* who plays a game new to the script; the computer's turns */
		if (starts_game(line, &r) && seat_game(who, &s, &seats) != 0) {
			status = 2;
			break;
		}
		/* after an undo the computer waits for the next line, so
		 * that undo goes back past its commands */
		if (ai_seats_any(&seats) && !first_word(line, "undo") &&
		    script_computer(&s, &seats, &r) != 0) {
			status = 2;
			break;
		}
	}
	if (rd && rd->too_long) {
		fprintf(stderr, "%s:%d: line longer than %d bytes (the limit)\n",
			path, lineno + 1, SCRIPT_LINE_MAX);
		status = 2;
	}
	free(rd);
	free(line);
	ai_seats_free(&seats);
	teach_free(tt);
	cmd_result_free(&r);
	session_free(&s);
	if (f != stdin)
		fclose(f);
	return stopped(status);
}

/* The directory of the interactive view's game files:
 * $XDG_STATE_HOME/maniple (default ~/.local/state/maniple), made with its
 * parents when missing. */
static int state_dir(char *dir, size_t n)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int w;
	if (xdg && *xdg == '/')
		w = snprintf(dir, n, "%s/maniple", xdg);
	else if (home && *home)
		w = snprintf(dir, n, "%s/.local/state/maniple", home);
	else
		return -1;
	if (w < 0 || (size_t)w >= n)
		return -1;
	/* make the directory and its parents */
	for (char *q = dir + 1; *q; q++)
		if (*q == '/') {
			*q = '\0';
			mkdir(dir, 0700);
			*q = '/';
		}
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return -1;
	return 0;
}

/* The game file of the interactive view: the state directory's
 * NAME.game. */
static int state_path(const char *battle, char *out, size_t n)
{
	char dir[PATH_MAX_];
	if (state_dir(dir, sizeof dir) != 0)
		return -1;
	int w = snprintf(out, n, "%s/%s.game", dir, battle);
	return w > 0 && (size_t)w < n ? 0 : -1;
}

/* Whether another maniple plays the game file at path (gamelock.h):
 * who into who. */
static bool held_by_other(const char *path, char *who, size_t n)
{
	char real[512], err[600];
	struct gamelock_holder h;
	if (gamefile_resolve(path, real, sizeof real, err, sizeof err) != 0 ||
	    !gamelock_holder(real, &h))
		return false;
	gamelock_describe(&h, who, n);
	return true;
}

/* A new game of battle in path: an old game there holding a command is
 * kept under a dated name first (resume.h); moved gets that name or "". */
static int start_new(struct session *s, const char *battle, const char *path,
		     int kind, uint64_t seed, char *moved, size_t nmoved)
{
	char err[INI_ERR_MAX + 300];
	char who[300];
	if (held_by_other(path, who, sizeof who)) {
		fprintf(stderr, "maniple: %s: the game is being played by %s\n",
			path, who);
		return -1;
	}
	if (gamefile_keep_old(path, moved, nmoved, err, sizeof err) != 0 ||
	    session_new(s, battle, kind < 0 ? GAME_SOLO : (enum game_kind)kind,
			seed, err, sizeof err) != 0 ||
	    session_save(s, path, true, true, err, sizeof err) != 0) {
		fprintf(stderr, "maniple: %s\n", err);
		return -1;
	}
	return 0;
}

/* Whether the BATTLE argument names a game file rather than a battle. */
static bool names_game_file(const char *arg)
{
	size_t len = strlen(arg);
	return strchr(arg, '/') || (len > 5 && !strcmp(arg + len - 5, ".game"));
}

static int watch(struct program *p, const char *path, const char *holder,
		 struct tui_options *opt);

/* --ai checked against the battle a new game would be of: each side
 * one it has (study_ai_arg).  0, or 2 said. */
static int check_sides(struct program *p, const char *battle,
		       const struct who_plays *who)
{
	if (who->nai == 0)
		return 0;
	struct ini_error err;
	struct battle *b = load_battle(p, battle, &err);
	if (!b) {
		print_error(&err);
		return 2;
	}
	const struct ai_level *lv[2] = {NULL, NULL};
	int status = 0;
	for (int i = 0; i < who->nai && !status; i++)
		status = study_ai_arg(b, who->ai[i], false, lv);
	battle_free(b);
	return status;
}

/* Who plays the view's game (seat_game): the header says it to the
 * view. */
static int seat_new(const struct who_plays *who, struct session *s)
{
	struct ai_seats st;
	ai_seats_init(&st);
	int status = seat_game(who, s, &st);
	ai_seats_free(&st);
	return status;
}

/* kind: the new game's kind, or -1 to let the view ask (a resumed game
 * keeps its own, unless it holds no command yet).  named: the BATTLE
 * argument (a battle, or a game file), or NULL.  fresh: --new; resume:
 * --resume (an unfinished game is resumed without asking). */
static int play(struct program *p, const char *named, bool fresh,
		bool resume, uint64_t seed, int kind, struct tui_options *opt,
		const struct who_plays *plays)
{
	bool file_named = named && names_game_file(named);
	const char *battle = named && !file_named ? named : "bagradas";
	char path[PATH_MAX_ + 64];
	char dir[PATH_MAX_];
	if (state_dir(dir, sizeof dir) != 0 ||
	    state_path(battle, path, sizeof path) != 0) {
		fprintf(stderr, "maniple: no place for the game file "
				"(set XDG_STATE_HOME or HOME)\n");
		return 2;
	}
	if (file_named) {
		if (fresh) {
			fprintf(stderr, "maniple: --new takes a battle, not "
					"a game file\n");
			return 2;
		}
		snprintf(path, sizeof path, "%s", named);
		if (access(path, F_OK) != 0) {
			fprintf(stderr, "maniple: %s: %s\n", path,
				strerror(errno));
			return 2;
		}
	}
	/* one writer (gamelock.h): a game another maniple plays is offered
	 * to watch, read only */
	char who[300];
	if (!fresh && access(path, F_OK) == 0 &&
	    held_by_other(path, who, sizeof who))
		return watch(p, path, who, opt);
	struct session s;
	session_init(&s, load_battle, load_tables, p, seed);
	char seeds[PATH_MAX_ + 16];
	s.seed_dir = seed_store(seeds, sizeof seeds);
	s.rulesets = program_rulesets;
	s.rules_dir = p->rules_dir; /* rule N (rulebook.h) */
	/* the offer to resume (resume.h): the unfinished game written last,
	 * or the named battle's (or file's) when unfinished */
	struct resume_offer offer;
	memset(&offer, 0, sizeof offer);
	bool loaded = false, offered = false;
	if (!fresh && !named && resume_find_last(dir, &s, &offer) == 1) {
		loaded = offered = true;
		snprintf(path, sizeof path, "%s", offer.path);
	} else if (!fresh && access(path, F_OK) == 0) {
		struct ini_error err;
		if (!session_load(&s, path, &err)) {
			print_error(&err);
			if (!file_named)
				fprintf(stderr, "maniple: start afresh with "
						"maniple --new %s\n",
					battle);
			session_free(&s);
			return 2;
		}
		loaded = true;
		if (resume_unfinished(&s)) {
			struct stat st;
			offered = true;
			resume_describe(&s, path,
					stat(path, &st) == 0 ? st.st_mtime
							     : time(NULL),
					&offer);
		}
	}
	if (file_named && s.game) /* a new game instead: of its battle */
		battle = s.game->battle->id;
	if (check_sides(p, battle, plays) != 0) {
		session_free(&s);
		return 2;
	}
	snprintf(offer.other, sizeof offer.other, "%s", battle);
	if (resume && !offered) {
		fprintf(stderr, "maniple: no unfinished game%s%s to resume\n",
			named ? " in " : "", named ? named : "");
		session_free(&s);
		return 2;
	}
	char moved[RESUME_PATH_MAX + 64] = "";
	if (loaded) {
		/* a game nobody has played yet (the question was left
		 * with q): the view asks again */
		opt->ask_kind = kind < 0 && s.journal.n == 0;
		/* who plays it: its header, or --ai when it holds no
		 * command; --no-undo when resumed without asking (when asked,
		 * the view makes it fair once resumed: make_fair below) */
		if ((!offered || resume || s.journal.n == 0) &&
		    seat_new(plays, &s) != 0) {
			session_free(&s);
			return 2;
		}
	} else {
		opt->ask_kind = kind < 0; /* the view asks (prompt.h) */
		if (start_new(&s, battle, path, kind, seed, moved,
			      sizeof moved) != 0 ||
		    seat_new(plays, &s) != 0) {
			session_free(&s);
			return 2;
		}
	}
	bool ask = offered && !resume;
	opt->resume = ask ? &offer : NULL;
	offer.make_fair = ask && plays->no_undo; /* made fair if resumed */
	if (moved[0]) { /* --new: the view says where the old game went */
		snprintf(offer.note, sizeof offer.note,
			 "new game; the old one is kept as %s", moved);
		offer.answer = RESUME_YES;
		opt->resume = &offer;
	} else if (!ask && offer.skipped[0]) {
		/* no game to offer, but one was passed over: said */
		snprintf(offer.note, sizeof offer.note, "%s", offer.skipped);
		offer.answer = RESUME_YES;
		opt->resume = &offer;
	}
	int status = tui_run(&s, opt);
	session_free(&s);
	if (ask && status == 0 && !stopsig_caught() &&
	    offer.answer == RESUME_NEW) {
		/* answered "a new game instead": the offered game stays */
		char other[64];
		snprintf(other, sizeof other, "%s", offer.other);
		session_init(&s, load_battle, load_tables, p, seed);
		char seeds[PATH_MAX_ + 16];
		s.seed_dir = seed_store(seeds, sizeof seeds);
		s.rulesets = program_rulesets;
		s.rules_dir = p->rules_dir; /* rule N (rulebook.h) */
		if (state_path(other, path, sizeof path) != 0 ||
		    start_new(&s, other, path, kind, seed, moved,
			      sizeof moved) != 0 ||
		    seat_new(plays, &s) != 0) {
			session_free(&s);
			return 2;
		}
		if (moved[0])
			snprintf(offer.note, sizeof offer.note,
				 "new game; the old one is kept as %s", moved);
		else
			snprintf(offer.note, sizeof offer.note,
				 "new game; the other is still in %s",
				 offer.path);
		opt->ask_kind = kind < 0;
		status = tui_run(&s, opt);
		session_free(&s);
	}
	return stopped(status);
}

/* Frees a lesson set made by lesson_set_load. */
static void lesson_set_free(struct lesson_set *set)
{
	for (int k = 0; set && k < set->n; k++)
		free(set->l[k]);
	free(set);
}

/* The lessons listed in scenarios/tutorial/lessons.ini (src/tui/lessons.h)
 * with the learner's progress in $XDG_STATE_HOME/maniple/tutorial/
 * progress.ini; named (or NULL) the lesson to start at once.  NULL, said
 * on stderr when loud, when a lesson file or the state directory fails
 * or no lesson is named so. */
static struct lesson_set *lesson_set_load(struct program *p, const char *named,
					  bool loud)
{
	char path[PATH_MAX_ + 300], dir[PATH_MAX_];
	struct lesson_index ix;
	struct ini_error ierr;
	snprintf(path, sizeof path, "%s/scenarios/tutorial/lessons.ini",
		 p->datadir);
	if (!lesson_index_load(path, &ix, &ierr)) {
		if (loud)
			print_error(&ierr);
		return NULL;
	}
	struct lesson_set *set = calloc(1, sizeof *set);
	if (!set) {
		fprintf(stderr, "maniple: out of memory\n");
		return NULL;
	}
	set->first = -1;
	for (int k = 0; k < ix.n; k++) {
		snprintf(path, sizeof path, "%s/scenarios/tutorial/%s.ini",
			 p->datadir, ix.name[k]);
		set->l[k] = malloc(sizeof *set->l[k]);
		if (!set->l[k] ||
		    !lesson_load(path, lesson_commands(), set->l[k], &ierr)) {
			if (set->l[k] && loud)
				print_error(&ierr);
			free(set->l[k]);
			lesson_set_free(set);
			return NULL;
		}
		set->n++;
		if (named && !strcmp(named, ix.name[k]))
			set->first = k;
	}
	if (named && set->first < 0) {
		fprintf(stderr, "maniple: no lesson %s; the lessons are:",
			named);
		for (int k = 0; k < set->n; k++)
			fprintf(stderr, " %s", set->l[k]->name);
		fprintf(stderr, "\n");
		lesson_set_free(set);
		return NULL;
	}
	if (state_dir(dir, sizeof dir) != 0) {
		if (loud)
			fprintf(stderr, "maniple: no place for the game file "
					"(set XDG_STATE_HOME or HOME)\n");
		lesson_set_free(set);
		return NULL;
	}
	/* made when a lesson first starts (lesson_set_dir) */
	snprintf(set->dir, sizeof set->dir, "%.600s/tutorial", dir);
	snprintf(set->progress_path, sizeof set->progress_path,
		 "%.600s/progress.ini", set->dir);
	if (!lesson_progress_load(set->progress_path, &set->progress, &ierr)) {
		/* said on the menu; the lessons go on, progress afresh */
		char why[INI_ERR_MAX + 300];
		ini_error_format(&ierr, why, sizeof why);
		snprintf(set->progress_note, sizeof set->progress_note,
			 "%.700s (progress starts afresh)", why);
	}
	return set;
}

/* --tutorial [LESSON]: the lessons (lesson_set_load).  Each lesson plays
 * on a new game of its battle, kept in .../tutorial/BATTLE.game (out of
 * the way of the games offered for resuming) and started afresh each
 * time.  LESSON starts that lesson at once; without it the lesson menu
 * opens over the battle of the first lesson not done. */
static int play_tutorial(struct program *p, const char *named,
			 struct tui_options *opt)
{
	struct lesson_set *set = lesson_set_load(p, named, true);
	if (!set)
		return 2;
	char path[PATH_MAX_ + 300];
	const struct lesson *l =
		set->l[set->first >= 0 ? set->first : lesson_set_next(set)];
	snprintf(path, sizeof path, "%s/%s.game", set->dir, l->battle);
	struct session s;
	char err[INI_ERR_MAX + 300];
	if (lesson_set_dir(set, err, sizeof err) != 0) {
		fprintf(stderr, "maniple: %s\n", err);
		lesson_set_free(set);
		return 2;
	}
	session_init(&s, load_battle, load_tables, p, l->seed);
	s.rulesets = program_rulesets;
	s.rules_dir = p->rules_dir; /* rule N (rulebook.h) */
	int status = 2;
	if (session_new(&s, l->battle, l->kind, l->seed, err, sizeof err) !=
		    0 ||
	    session_save(&s, path, true, true, err, sizeof err) != 0) {
		fprintf(stderr, "maniple: %s\n", err);
	} else {
		opt->lessons = set;
		opt->ask_kind = false; /* a solitaire study: both sides */
		status = stopped(tui_run(&s, opt));
	}
	session_free(&s);
	lesson_set_free(set);
	return status;
}

/* The view on FILE, read only (src/tui/replay.h): stepping through it,
 * or with holder watching a game another maniple plays. */
static int run_replay(struct program *p, const char *path,
		      const char *holder, struct tui_options *opt)
{
	struct replay *r = malloc(sizeof *r);
	if (!r) {
		fprintf(stderr, "maniple: out of memory\n");
		return 2;
	}
	char err[REPLAY_MSG_MAX + 64];
	if (replay_open(r, path, program_rulesets, load_battle, load_tables,
			p, err, sizeof err) != 0) {
		fprintf(stderr, "maniple: %s\n", err);
		free(r);
		return 2;
	}
	r->s.rules_dir = p->rules_dir; /* rule N (rulebook.h) */
	struct resume_offer held;
	memset(&held, 0, sizeof held);
	if (holder) {
		r->watch = true;
		replay_seek(r, r->ncmds); /* where the game stands now */
		snprintf(r->holder, sizeof r->holder, "%s", holder);
		snprintf(held.path, sizeof held.path, "%s", path);
		snprintf(held.held, sizeof held.held, "%s", holder);
		held.answer = RESUME_PENDING;
		opt->resume = &held; /* watch or quit */
	}
	int status = tui_run_replay(r, opt);
	opt->resume = NULL;
	replay_free(r);
	free(r);
	return stopped(status);
}

/* Watching the game at path, which holder plays. */
static int watch(struct program *p, const char *path, const char *holder,
		 struct tui_options *opt)
{
	return run_replay(p, path, holder, opt);
}

/* --replay FILE: the view steps through FILE, never writing it
 * (src/tui/replay.h). */
static int replay(struct program *p, const char *path, bool battle_given,
		  const char *config_path, struct tui_options *opt)
{
	if (battle_given) {
		fprintf(stderr, "maniple: --replay takes no BATTLE\n");
		return 2;
	}
	stopsig_install(); /* before ncurses: it keeps these handlers */
	struct tui_config *cfg = malloc(sizeof *cfg);
	if (cfg) {
		tui_config_load(cfg, config_path, stderr);
		opt->config = cfg;
	}
	int status = run_replay(p, path, NULL, opt);
	free(cfg);
	return status;
}

/* --verify FILE: every roll of the game file checked against its
 * revealed seed (session.h: session_verify).  0 verifies, 1 does not, 2
 * unreadable. */
static int verify(struct program *p, const char *path)
{
	struct session s;
	session_init(&s, load_battle, load_tables, p, 1);
	s.rulesets = program_rulesets;
	s.rules_dir = p->rules_dir;
	struct ini_error err;
	char summary[400];
	int rc = session_verify(&s, path, &err, summary, sizeof summary);
	if (rc == 0) {
		printf("%s: %s\n", path, summary);
	} else {
		print_error(&err);
		fprintf(stderr, "maniple: %s %s\n", path,
			rc == 1 ? "does not verify"
				: "cannot be read as a game file");
	}
	session_free(&s);
	return rc;
}

/* maniple host|join: the view on a live game's replica. */
static int live_view(struct session *s, const struct tui_live *live,
		     void *user)
{
	struct program *p = user;
	struct tui_options opt = {.colours = -1, .datadir = p->datadir,
				  .live = live};
	const char *nc = getenv("NO_COLOR");
	if (nc && *nc)
		opt.colours = 0;
	stopsig_install();
	return stopped(tui_run(s, &opt));
}

int main(int argc, char **argv)
{
	enum { OPT_ASCII = 256, OPT_NO_COLOR, OPT_NEW, OPT_SEED, OPT_CONFIG,
	       OPT_CHECK_CONFIG, OPT_SOLO, OPT_HOTSEAT, OPT_REPLAY, OPT_RESUME,
	       OPT_TEACH, OPT_TUTORIAL, OPT_AI, OPT_NO_UNDO, OPT_VERIFY,
	       OPT_PACE };
	static const struct option longopts[] = {
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{"script", required_argument, NULL, 's'},
		{"check", no_argument, NULL, 'c'},
		{"list", no_argument, NULL, 'l'},
		{"ascii", no_argument, NULL, OPT_ASCII},
		{"no-color", no_argument, NULL, OPT_NO_COLOR},
		{"new", no_argument, NULL, OPT_NEW},
		{"seed", required_argument, NULL, OPT_SEED},
		{"config", required_argument, NULL, OPT_CONFIG},
		{"check-config", no_argument, NULL, OPT_CHECK_CONFIG},
		{"solo", no_argument, NULL, OPT_SOLO},
		{"hotseat", no_argument, NULL, OPT_HOTSEAT},
		{"replay", required_argument, NULL, OPT_REPLAY},
		{"resume", no_argument, NULL, OPT_RESUME},
		{"teach", no_argument, NULL, OPT_TEACH},
		{"tutorial", no_argument, NULL, OPT_TUTORIAL},
		{"ai", required_argument, NULL, OPT_AI},
		{"no-undo", no_argument, NULL, OPT_NO_UNDO},
		{"verify", required_argument, NULL, OPT_VERIFY},
		{"pace", required_argument, NULL, OPT_PACE},
		{NULL, 0, NULL, 0},
	};
	struct program p;
	if (argc > 1 && (live_command(argv[1]) || mail_command(argv[1]))) {
		/* live_main.h, mail_main.h */
		find_datadir(&p);
		snprintf(p.rules_dir, sizeof p.rules_dir, "%s/rules",
			 p.datadir);
		struct live_program lp = {load_battle, load_tables, &p,
					  p.rules_dir, state_dir, live_view};
		return mail_command(argv[1])
			       ? mail_main(argc - 1, argv + 1, &lp)
			       : live_main(argc - 1, argv + 1, &lp);
	}
	struct tui_options opt = {.force_ascii = false, .colours = -1,
				  .pace_ms = -1};
	const char *script = NULL;
	const char *replay_file = NULL; /* --replay */
	const char *verify_file = NULL; /* --verify */
	bool check = false, list = false, fresh = false, have_seed = false;
	bool check_config = false;
	bool resume = false; /* --resume */
	bool teach = false; /* --teach (teach.h) */
	bool tutorial = false; /* --tutorial (src/tui/tutorial.h) */
	int kind = -1; /* --solo, --hotseat; -1: the view asks */
	const char *config_path = NULL;
	uint64_t seed = 0;
	struct who_plays who = {.nai = 0}; /* --ai, --no-undo */
	int c;
	if (study_asked(argc, argv)) { /* --study, --study-merge (study.h) */
		find_datadir(&p);
		snprintf(p.rules_dir, sizeof p.rules_dir, "%s/rules",
			 p.datadir);
		return study_main(argc, argv, load_battle, load_tables, &p,
				  p.rules_dir);
	}
	while ((c = getopt_long(argc, argv, "hVs:cl", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("maniple %s\n", MANIPLE_VERSION);
			return 0;
		case 's':
			script = optarg;
			break;
		case 'c':
			check = true;
			break;
		case 'l':
			list = true;
			break;
		case OPT_ASCII:
			opt.force_ascii = true;
			break;
		case OPT_NO_COLOR:
			opt.colours = 0;
			break;
		case OPT_CONFIG:
			config_path = optarg;
			break;
		case OPT_CHECK_CONFIG:
			check_config = true;
			break;
		case OPT_NEW:
			fresh = true;
			break;
		case OPT_RESUME:
			resume = true;
			break;
		case OPT_TEACH:
			teach = true;
			break;
		case OPT_TUTORIAL:
			tutorial = true;
			break;
		case OPT_SOLO:
			kind = GAME_SOLO;
			break;
		case OPT_HOTSEAT:
			kind = GAME_HOTSEAT;
			break;
		case OPT_REPLAY:
			replay_file = optarg;
			break;
		case OPT_VERIFY:
			verify_file = optarg;
			break;
		case OPT_AI: {
			if (who.nai == 2) {
				fprintf(stderr, "maniple: --ai %s: two sides "
						"at most\n",
					optarg);
				return 2;
			}
			const char *eq = strchr(optarg, '=');
			if (eq && !ai_level_find(eq + 1)) {
				char names[128];
				fprintf(stderr,
					"maniple: --ai %s: no level %s "
					"(levels: %s)\n",
					optarg, eq + 1,
					ai_level_names(names, sizeof names));
				return 2;
			}
			who.ai[who.nai++] = optarg;
			break;
		}
		case OPT_NO_UNDO:
			who.no_undo = true;
			break;
		case OPT_PACE: {
			uint64_t ms;
			if (!ini_u64(optarg, &ms) || ms > 60000) {
				fprintf(stderr, "maniple: --pace %s: a number "
						"of milliseconds, 0 to 60000\n",
					optarg);
				return 2;
			}
			opt.pace_ms = (int)ms;
			break;
		}

		case OPT_SEED: {
			if (!ini_u64(optarg, &seed)) {
				fprintf(stderr, "maniple: bad seed %s\n",
					optarg);
				return 2;
			}
			have_seed = true;
			break;
		}
		default:
			fprintf(stderr,
				"Try 'maniple --help' for more information.\n");
			return 2;
		}
	}
	const char *nc = getenv("NO_COLOR");
	if (nc && *nc)
		opt.colours = 0;
	find_datadir(&p);
	snprintf(p.rules_dir, sizeof p.rules_dir, "%s/rules", p.datadir);
	if (check_config)
		return tui_config_check_located(config_path, stdout, stderr);
	if (check) {
		if (optind >= argc) {
			fprintf(stderr, "maniple: --check needs a FILE\n");
			return 2;
		}
		return check_files(p.datadir, argc - optind, argv + optind);
	}
	if (list)
		return list_battles(&p);
	if (verify_file) {
		if (optind < argc) {
			fprintf(stderr, "maniple: --verify takes no BATTLE\n");
			return 2;
		}
		return verify(&p, verify_file);
	}
	if (script) {
		if (optind < argc) {
			fprintf(stderr, "maniple: --script takes no BATTLE "
					"(use the new command)\n");
			return 2;
		}
		stopsig_install();
		/* scripts are reproducible: seed 1 unless told */
		return run_script(&p, script, have_seed ? seed : 1, teach,
				  &who);
	}
	if (argc - optind > 1) {
		fprintf(stderr, "maniple: one BATTLE at most\n"
				"Try 'maniple --help' for more information.\n");
		return 2;
	}
	if (replay_file)
		return replay(&p, replay_file, optind < argc, config_path,
			      &opt);
	const char *battle = optind < argc ? argv[optind] : NULL;
	if (fresh && resume) {
		fprintf(stderr, "maniple: --new and --resume exclude each "
				"other\n");
		return 2;
	}
	if (who.nai > 0 && kind >= 0) {
		fprintf(stderr, "maniple: --ai and --%s exclude each other "
				"(--ai says who plays)\n",
			kind == GAME_HOTSEAT ? "hotseat" : "solo");
		return 2;
	}
	if (who.nai > 0)
		kind = GAME_SOLO; /* the view does not ask who plays */
	if (!have_seed)
		seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	stopsig_install(); /* before ncurses: it keeps these handlers */
	/* the player's keys and colours; refusals are printed and the
	 * defaults kept (the game starts all the same) */
	struct tui_config *cfg = malloc(sizeof *cfg);
	if (cfg) {
		tui_config_load(cfg, config_path, stderr);
		opt.config = cfg;
	}
	opt.teach = teach; /* the view's teach mode (src/tui/teachui.h) */
	opt.datadir = p.datadir;
	if (tutorial) { /* --tutorial (src/tui/tutorial.h) */
		int st = play_tutorial(&p, battle, &opt);
		free(cfg);
		return st;
	}
	/* the lesson menu, for :lessons in any game (src/tui/tutorial.h);
	 * without the lessons the game goes on all the same */
	struct lesson_set *set = lesson_set_load(&p, NULL, false);
	if (set)
		set->dormant = true;
	opt.lessons = set;
	int status = play(&p, battle, fresh, resume, seed, kind, &opt, &who);
	lesson_set_free(set);
	free(cfg);
	return status;
}
