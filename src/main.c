/* main.c — command-line entry: options, --check, --list, --script, and the
 * interactive view. */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "maniple/battle.h"
#include "maniple/game.h"
#include "maniple/map.h"
#include "maniple/tables.h"
#include "maniple/stopsig.h"
#include "maniple/triarii.h"
#include "maniple/tui.h"
#include "tui/config.h"
#include "tui/replay.h"

#define PATH_MAX_ 1024

struct program {
	char datadir[PATH_MAX_];
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: maniple [OPTION]... [BATTLE]\n"
		"Play a battle of the Great Battles of History (SPQR rules) "
		"in the terminal.\n"
		"BATTLE is a battle's name (default bagradas); the game is kept "
		"in\n"
		"$XDG_STATE_HOME/maniple/BATTLE.game and resumed from there.\n"
		"\n"
		"  -s, --script FILE  apply the commands of FILE ('-': standard "
		"input)\n"
		"                     without a screen; print events one per "
		"line\n"
		"  -c, --check FILE...  check map, battle, rules and config files;\n"
		"                     print file:line: reason for each failure\n"
		"  -l, --list         list the battles in the data directory\n"
		"      --replay FILE  step through the game file FILE on the map,\n"
		"                     read only (. forward, , back, T turn)\n"
		"      --new          start a new game of BATTLE even when one is "
		"saved\n"
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
		"  -h, --help         display this help and exit\n"
		"  -V, --version      output version information and exit\n"
		"\n"
		"Exit status: 0 if OK; 2 on a bad option, a bad file, a malformed\n"
		"script line, a game that cannot be loaded or a terminal that\n"
		"cannot be used; 3 when SIGHUP or SIGTERM stopped maniple after\n"
		"the command under way (the game file holds every command "
		"shown).\n"
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
	char dir[PATH_MAX_ + 64];
	snprintf(dir, sizeof dir, "%s/rules/%s", p->datadir,
		 g->battle->ruleset[0] ? g->battle->ruleset : "spqr");
	g->tables = tables_load(dir, err);
	return g->tables ? 0 : -1;
}

static void print_error(const struct ini_error *err)
{
	char buf[INI_ERR_MAX + 300];
	ini_error_format(err, buf, sizeof buf);
	fprintf(stderr, "%s\n", buf);
}

/* --check: each file by its [file] kind. */
static int check_files(int n, char **files)
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
			battle_free(b);
		} else if (ok && strcmp(kind, "config") == 0) {
			/* the view's keys and colours: every refusal printed */
			if (!tui_config_check(files[i], stdout, stderr))
				status = 2;
			continue;
		} else if (ok && strcmp(kind, "rules") == 0) {
			ok = tables_check_file(files[i], &err);
		} else if (ok) {
			snprintf(err.file, sizeof err.file, "%s", files[i]);
			err.line = 1;
			snprintf(err.msg, sizeof err.msg,
				 "unknown kind %s (map, battle, rules, "
				 "config)", kind);
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
				printf("%-14s %-28s %d %s  %s v %s  (%d v %d "
				       "units, %s)\n",
				       b->id, b->name,
				       b->year < 0 ? -b->year : b->year,
				       b->year < 0 ? "BC" : "AD",
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

static void show_result(const struct cmd_result *r)
{
	for (size_t i = 0; i < r->out.n; i++)
		cmd_print_event(stdout, &r->out.v[i]);
	if (r->text)
		fputs(r->text, stdout);
	if (r->status != CMD_OK)
		cmd_print_refusal(stdout, r);
}

/* After SIGHUP or SIGTERM (stopsig.h): the command under way was finished
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

/* --script: every line is a command; a refusal is printed and the script
 * goes on; the status is 2 when any line was malformed. */
static int run_script(struct program *p, const char *path, uint64_t seed)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (!f) {
		fprintf(stderr, "maniple: %s: %s\n", path, strerror(errno));
		return 2;
	}
	struct session s;
	session_init(&s, load_battle, load_tables, p, seed);
	struct cmd_result r;
	cmd_result_init(&r);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, status = 0;
	/* read with read(2) behind a wait that SIGHUP and SIGTERM always end
	 * (stopsig.h); they are looked at between commands only */
	struct stopsig_reader *rd = malloc(sizeof *rd);
	if (!rd) {
		fprintf(stderr, "maniple: out of memory\n");
		status = 2;
	} else {
		stopsig_reader_init(rd, fileno(f));
	}
	while (rd && !stopsig_caught() &&
	       (len = stopsig_getline(rd, &line, &cap)) >= 0) {
		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if ((size_t)len != strlen(line)) {
			fprintf(stderr, "%s:%d: NUL byte in line\n", path,
				lineno);
			status = 2;
			continue;
		}
		session_exec(&s, line, &r);
		show_result(&r);
		fflush(stdout);
		if (r.status == CMD_MALFORMED) {
			fprintf(stderr, "%s:%d: %s\n", path, lineno, r.reason);
			status = 2;
		}
	}
	free(rd);
	free(line);
	cmd_result_free(&r);
	session_free(&s);
	if (f != stdin)
		fclose(f);
	return stopped(status);
}

/* The game file of the interactive view: $XDG_STATE_HOME/maniple/NAME.game
 * (default ~/.local/state/maniple). */
static int state_path(const char *battle, char *out, size_t n)
{
	char dir[PATH_MAX_];
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	if (xdg && *xdg == '/')
		snprintf(dir, sizeof dir, "%s/maniple", xdg);
	else if (home && *home)
		snprintf(dir, sizeof dir, "%s/.local/state/maniple", home);
	else
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
	int w = snprintf(out, n, "%s/%s.game", dir, battle);
	return w > 0 && (size_t)w < n ? 0 : -1;
}

/* kind: the new game's kind, or -1 to let the view ask (a resumed game
 * keeps its own, unless it holds no command yet). */
static int play(struct program *p, const char *battle, bool fresh,
		uint64_t seed, int kind, struct tui_options *opt)
{
	char path[PATH_MAX_ + 64];
	if (state_path(battle, path, sizeof path) != 0) {
		fprintf(stderr, "maniple: no place for the game file "
				"(set XDG_STATE_HOME or HOME)\n");
		return 2;
	}
	struct session s;
	session_init(&s, load_battle, load_tables, p, seed);
	if (!fresh && access(path, F_OK) == 0) {
		struct ini_error err;
		if (!session_load(&s, path, &err)) {
			print_error(&err);
			fprintf(stderr, "maniple: start afresh with "
					"maniple --new %s\n",
				battle);
			return 2;
		}
		/* a game nobody has played yet (the question was left
		 * with q): the view asks again */
		opt->ask_kind = kind < 0 && s.journal.n == 0;
	} else {
		char err[INI_ERR_MAX + 300];
		opt->ask_kind = kind < 0; /* the view asks (prompt.h) */
		if (session_new(&s, battle,
				kind < 0 ? GAME_SOLO : (enum game_kind)kind,
				seed, err, sizeof err) !=
			    0 ||
		    session_save(&s, path, true, err, sizeof err) != 0) {
			fprintf(stderr, "maniple: %s\n", err);
			session_free(&s);
			return 2;
		}
	}
	int status = tui_run(&s, opt);
	session_free(&s);
	return stopped(status);
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
	struct replay *r = malloc(sizeof *r);
	if (!r) {
		fprintf(stderr, "maniple: out of memory\n");
		return 2;
	}
	char err[REPLAY_MSG_MAX + 64];
	if (replay_open(r, path, load_battle, load_tables, p, err,
			sizeof err) != 0) {
		fprintf(stderr, "maniple: %s\n", err);
		free(r);
		return 2;
	}
	stopsig_install(); /* before ncurses: it keeps these handlers */
	struct tui_config *cfg = malloc(sizeof *cfg);
	if (cfg) {
		tui_config_load(cfg, config_path, stderr);
		opt->config = cfg;
	}
	int status = tui_run_replay(r, opt);
	free(cfg);
	replay_free(r);
	free(r);
	return stopped(status);
}

int main(int argc, char **argv)
{
	enum { OPT_ASCII = 256, OPT_NO_COLOR, OPT_NEW, OPT_SEED, OPT_CONFIG,
	       OPT_CHECK_CONFIG, OPT_SOLO, OPT_HOTSEAT, OPT_REPLAY };
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
		{NULL, 0, NULL, 0},
	};
	struct program p;
	struct tui_options opt = {.force_ascii = false, .colours = -1};
	const char *script = NULL;
	const char *replay_file = NULL; /* --replay */
	bool check = false, list = false, fresh = false, have_seed = false;
	bool check_config = false;
	int kind = -1; /* --solo, --hotseat; -1: the view asks */
	const char *config_path = NULL;
	uint64_t seed = 0;
	int c;
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
		case OPT_SOLO:
			kind = GAME_SOLO;
			break;
		case OPT_HOTSEAT:
			kind = GAME_HOTSEAT;
			break;
		case OPT_REPLAY:
			replay_file = optarg;
			break;
		case OPT_SEED: {
			char *end;
			errno = 0;
			unsigned long long v = strtoull(optarg, &end, 10);
			if (errno || *end || !*optarg || *optarg == '-') {
				fprintf(stderr, "maniple: bad seed %s\n",
					optarg);
				return 2;
			}
			seed = (uint64_t)v;
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
	if (check_config)
		return tui_config_check_located(config_path, stdout, stderr);
	if (check) {
		if (optind >= argc) {
			fprintf(stderr, "maniple: --check needs a FILE\n");
			return 2;
		}
		return check_files(argc - optind, argv + optind);
	}
	if (list)
		return list_battles(&p);
	if (script) {
		if (optind < argc) {
			fprintf(stderr, "maniple: --script takes no BATTLE "
					"(use the new command)\n");
			return 2;
		}
		stopsig_install();
		/* scripts are reproducible: seed 1 unless told */
		return run_script(&p, script, have_seed ? seed : 1);
	}
	if (argc - optind > 1) {
		fprintf(stderr, "maniple: one BATTLE at most\n"
				"Try 'maniple --help' for more information.\n");
		return 2;
	}
	if (replay_file)
		return replay(&p, replay_file, optind < argc, config_path,
			      &opt);
	const char *battle = optind < argc ? argv[optind] : "bagradas";
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
	int status = play(&p, battle, fresh, seed, kind, &opt);
	free(cfg);
	return status;
}
