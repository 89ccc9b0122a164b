/* autoplay.c — an in-process battle player for tests: plays a whole game
 * of a battle through the command language (session_exec), choosing each
 * decision from the answers the `legal` command shows (the pending
 * decision, gboh_decision in pending.h), and prints
 * the commands the game accepted as a script `maniple --script` replays.
 *
 * Policies:
 *   greedy  the computer opponent's `greedy` level (ai.h), which is the
 *           ruleset's greedy player (SPQR's: greedy.h): Line Commands,
 *           else Individual Orders, each unit to the nearest enemy; Shock
 *           Must Check markers taken, other reactions declined; no
 *           Momentum and no trump.
 *   random  every decision takes an action drawn uniformly, with the
 *           seed, from the legal list (ai.h's `random` level) (a move among the legal
 *           neighbouring hexes).  The soak driver.
 *   mixed   each decision, with the seed: greedy with the chance
 *           --greedy-share (percent, default 75), else random.  Random
 *           play alone never fights a battle to an army's withdrawal
 *           (11.2); the mixture does, so the soak covers it too.
 * Both always end: at the battle's end (11.2, R4), after --max commands,
 * or when no listed action is accepted (a dead end, exit status 1); a
 * greedy player stuck in one decision falls back on random choices.
 *
 * Checks while playing: a refused command must leave the state as it was
 * (digests compared); a listed action must be accepted; every --probe
 * decisions an unlisted command is tried and should be refused.
 *
 * The game's state is read directly (struct game); nothing here parses
 * the text the looking commands print. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "maniple/ai.h"
#include "maniple/battle.h"
#include "maniple/greedy.h"
#include "rulesets.h"
#include "maniple/game.h"
#include "maniple/ini.h"
#include "maniple/map.h"
#include "maniple/pending.h"
#include "maniple/sequence.h"
#include "maniple/shock_designate.h"
#include "maniple/tables.h"
#include "soak.h"

#define PATH_MAX_   1024
#define ACTIONS_MAX 4096
/* commands one decision may take before greedy play gives way to random
 * choices (a designation undone and done again, a move that cannot end) */
#define STALL_MAX	400

enum policy { POLICY_GREEDY, POLICY_RANDOM, POLICY_MIXED };

struct player {
	char datadir[PATH_MAX_];
	char rules_dir[PATH_MAX_ + 8]; /* datadir/rules */
	enum policy policy;
	int greedy_share; /* mixed: percent of decisions played greedily */
	struct session s;
	struct cmd_result r;
	struct decision dec; /* the pending decision, over act */
	struct decision_answer *act;
	int nact;
	FILE *log;     /* the event log, or NULL */
	long commands; /* accepted commands, `new` included */
	long max;
	long refused;	    /* refused tries (the greedy player probes) */
	long legal_refused; /* actions `legal` listed that were refused */
	long state_changed; /* refusals that changed the state: a bug */
	bool check_refusals;
	struct game *before; /* the state before the command being run */
	long probe;	     /* probe every this many decisions, 0 never */
	long decisions, probes, unlisted_accepted;
	/* the greedy player (ai.h), whose chance stream serves every draw */
	struct ai_player *greedy;
	uint64_t *rng;
	struct ai_try try;
	long stall; /* commands since the last progress */
	int stall_turn, stall_step, stall_leader;
	bool verbose;
	int dbg_turn;
	/* --soak: invariants after every accepted command (soak.c), the
	 * game file reloaded every reload_every turn ends (0: at the end
	 * only) */
	bool soak;
	long reload_every;
	char tmpdir[PATH_MAX_];
	const char *battle;
	uint64_t seed;
	long turn_ends, reloads, invariant_failures, reload_failures;
	bool reloaded_now; /* the last reload saw the current state */
};

/* ---- the battle and its tables, looked up as maniple does ---- */

static void find_datadir(struct player *p)
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
	struct player *p = user;
	char path[PATH_MAX_ + 64];
	memset(err, 0, sizeof *err);
	if (!battle_path(p->datadir, name, path, (int)sizeof path)) {
		snprintf(err->msg, sizeof err->msg, "no battle named %s", name);
		return NULL;
	}
	if (access(path, R_OK) != 0) {
		snprintf(err->msg, sizeof err->msg, "no battle %.40s (%.400s)",
			 name, path);
		return NULL;
	}
	return battle_load(path, err);
}

static int load_tables(void *user, struct game *g, struct ini_error *err)
{
	struct player *p = user;
	return program_load_tables(p->datadir, g, err);
}

/* ---- chance: the greedy player's stream (ai_try.h), seeded from the
 * command line ---- */

static int rnd_below(struct player *p, int n)
{
	return ai_rnd_below(p->rng, n);
}

/* ---- running commands ---- */

static struct game *G(struct player *p)
{
	return p->s.game;
}

static void write_result(FILE *f, const struct cmd_result *r)
{
	for (size_t i = 0; i < r->out.n; i++)
		cmd_print_logged(f, &r->out, i);
	if (r->text)
		fputs(r->text, f);
}

/* --soak: the game file written and loaded again; its digest compared. */
static void soak_reload_check(struct player *p)
{
	char why[512];
	p->reloads++;
	p->reloaded_now = true;
	if (soak_reload(&p->s, p->tmpdir, why, sizeof why))
		return;
	p->reload_failures++;
	fprintf(stderr,
		"autoplay: reload failed: battle=%s seed=%" PRIu64
		" command=%ld turn=%d: %s\n",
		p->battle, p->seed, p->commands, G(p)->turn, why);
}

/* --soak: after an accepted command, every invariant (soak.c); the
 * reload at the turn's end.  turn0: the turn before the command. */
static void soak_after(struct player *p, const char *line, int turn0)
{
	struct game *g = G(p);
	struct soak_failure f[8];
	int n = soak_invariants(g, f, 8);
	for (int i = 0; i < n && i < 8; i++)
		fprintf(stderr,
			"autoplay: invariant broken: battle=%s seed=%" PRIu64
			" command=%ld turn=%d (%s) %s: %s\n",
			p->battle, p->seed, p->commands, g->turn, line,
			f[i].name, f[i].why);
	p->invariant_failures += n;
	p->reloaded_now = false;
	bool over = seq_step_now(g) == SEQ_OVER || g->phase == PHASE_OVER;
	if (g->turn != turn0 || over) {
		p->turn_ends++;
		if (p->reload_every > 0 && p->turn_ends % p->reload_every == 0)
			soak_reload_check(p);
	}
}

/* Runs one command line.  Accepted: printed to the script (stdout), its
 * events to the log.  Refused: checked to have left the state as it was.
 * listed: the line came from the legal list. */
static bool run(struct player *p, const char *line, bool listed)
{
	struct game *g = G(p);
	int turn0 = g ? g->turn : 0;
	/* a plain copy to compare with should the command be refused (it
	 * shares the battle and the event log: only read, never freed) */
	bool check = g && p->check_refusals && p->before;
	if (check) {
		game_copy_state(p->before, g);
		p->before->events = g->events;
	}
	session_exec(&p->s, line, &p->r);
	if (p->r.status != CMD_OK) {
		p->refused++;
		if (listed) {
			p->legal_refused++;
			if (p->legal_refused <= 10)
				fprintf(stderr,
					"autoplay: legal action refused: %s: "
					"%s (%s) [after command %ld]\n",
					line, p->r.reason, p->r.rule,
					p->commands);
		}
		if (check && !game_state_same(g, p->before) &&
		    game_digest(g) != game_digest(p->before)) {
			p->state_changed++;
			fprintf(stderr,
				"autoplay: refused command changed the "
				"state: %s\n",
				line);
		}
		return false;
	}
	p->commands++;
	p->stall++;
	printf("%s\n", line);
	if (p->log)
		write_result(p->log, &p->r);
	if (p->soak)
		soak_after(p, line, turn0);
	return true;
}

/* The pending decision and its answers (pending.h); autoplay plays both
 * sides, so it chooses among every side's answers. */
static void load_legal(struct player *p)
{
	decision_init(&p->dec, p->act, ACTIONS_MAX);
	gboh_decision(G(p), &p->dec);
	p->nact = p->dec.n;
}

static int find_action(struct player *p, const char *line)
{
	for (int i = 0; i < p->nact; i++)
		if (strcmp(p->act[i].line, line) == 0)
			return i;
	return -1;
}

static bool run_action(struct player *p, int i)
{
	char line[DECISION_LINE_MAX];
	snprintf(line, sizeof line, "%s", p->act[i].line);
	return run(p, line, true);
}

static bool play_random(struct player *p)
{
	return ai_try_random(&p->dec, p->rng, &p->try);
}

static bool run_try(void *user, const char *line, bool listed)
{
	return run(user, line, listed);
}

/* The greedy level (ai.h: the ruleset's greedy player, greedy.h) */
static bool greedy(struct player *p)
{
	int played = ai_play(p->greedy, G(p), &p->dec, &p->try);
	if (played == AI_PLAYED_PROGRESS)
		p->stall = 0; /* a new unit's move: progress */
	return played != AI_PLAYED_NONE;
}

/* ---- the game ---- */

/* The last event of kind, decoded into *out, or NULL. */
static const struct event *last_event(const struct game *g, const char *kind,
				      struct event *out)
{
	for (size_t i = g->events.n; i-- > 0;)
		if (event_log_is(&g->events, i, kind)) {
			event_log_at(&g->events, i, out);
			return out;
		}
	return NULL;
}

static void note_progress(struct player *p)
{
	const struct game *g = G(p);
	int st = (int)seq_step_now(g);
	if (g->turn != p->stall_turn || st != p->stall_step ||
	    g->active_leader != p->stall_leader) {
		p->stall = 0;
		p->stall_turn = g->turn;
		p->stall_step = st;
		p->stall_leader = g->active_leader;
	}
}

/* Every p->probe decisions: a command the legal list does not hold
 * (another step's answer, a step to an unlisted hex, an order to a unit
 * drawn at random).  It should be refused and leave the state as it was
 * (run checks the digest); one accepted counts as unlisted_accepted and
 * stays in the script like any accepted command. */
static void probe(struct player *p)
{
	struct game *g = G(p);
	static const char *const fixed[] = {
		"continue",	  "orders done", "no momentum", "momentum",
		"pass",		  "no trump",	 "no elite",	"halt",
		"designate done", "no reaction", "rout stay",
	};
	char line[DECISION_LINE_MAX];
	int nf = (int)(sizeof fixed / sizeof fixed[0]);
	int k = rnd_below(p, nf + 3);
	if (k < nf) {
		snprintf(line, sizeof line, "%s", fixed[k]);
	} else if (k == nf && g->ord.moving && g->ord.mover_unit >= 0) {
		struct hex h = hex_neighbour(
			g->units[g->ord.mover_unit].at.hex[0],
			(enum hexside)rnd_below(p, HEXSIDE_COUNT));
		char b[16];
		hex_format(h, b, sizeof b);
		snprintf(line, sizeof line, "move %s", b);
	} else if (k == nf + 1 && g->nleaders > 0) {
		snprintf(line, sizeof line, "activate %s",
			 g->leaders[rnd_below(p, g->nleaders)].id);
	} else if (g->nunits > 0) {
		snprintf(line, sizeof line, "order %s",
			 g->units[rnd_below(p, g->nunits)].id);
	} else {
		return;
	}
	if (find_action(p, line) >= 0)
		return;
	p->probes++;
	if (run(p, line, false)) {
		p->unlisted_accepted++;
		if (p->unlisted_accepted <= 10)
			fprintf(stderr,
				"autoplay: accepted, though not in the legal "
				"list: %s\n",
				line);
	}
}

/* --verbose: at each turn's start, each side's units standing, routed
 * and next to an enemy, and their mean distance to the nearest one. */
static void turn_report(struct player *p)
{
	const struct game *g = G(p);
	for (int sd = 0; sd < 2; sd++) {
		int n = 0, adj = 0, sum = 0, routed = 0;
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			if (u->side != sd || !game_unit_in_play(u))
				continue;
			if (u->routed) {
				routed++;
				continue;
			}
			int d = gboh_unit_enemy_distance(g, u);
			n++;
			sum += d;
			adj += d <= 1;
		}
		fprintf(stderr,
			"autoplay: turn %d side %d standing %d routed %d "
			"next_to_enemy %d mean_distance %.1f rout_points %d\n",
			g->turn, sd, n, routed, adj, n ? (double)sum / n : 0.0,
			g->rout_points[sd]);
	}
}

static int play(struct player *p)
{
	while (p->commands < p->max) {
		struct game *g = G(p);
		if (p->invariant_failures || p->reload_failures)
			return 1; /* --soak: the first broken state ends it */
		if (seq_step_now(g) == SEQ_OVER || g->phase == PHASE_OVER)
			return 0;
		load_legal(p);
		if (p->nact == 0) {
			fprintf(stderr,
				"autoplay: no legal action at turn %d, phase "
				"%s, step %s\n",
				g->turn, phase_name(g->phase),
				seq_step_name(seq_step_now(g)));
			return 1;
		}
		note_progress(p);
		ai_see(p->greedy, G(p));
		if (p->verbose && g->turn != p->dbg_turn) {
			p->dbg_turn = g->turn;
			turn_report(p);
		}
		if (p->probe > 0 && ++p->decisions % p->probe == 0) {
			probe(p);
			continue;
		}
		long before = p->commands;
		if (p->policy == POLICY_RANDOM || p->stall > STALL_MAX)
			play_random(p);
		else if (p->policy == POLICY_MIXED &&
			 rnd_below(p, 100) >= p->greedy_share)
			play_random(p);
		else
			greedy(p);
		if (p->commands == before) {
			/* nothing was accepted: try the listed actions in
			 * turn until one is */
			load_legal(p);
			int k = 0;
			for (; k < p->nact; k++)
				if (run_action(p, k))
					break;
			if (k == p->nact) {
				fprintf(stderr,
					"autoplay: every legal action was "
					"refused at turn %d, step %s\n",
					g->turn,
					seq_step_name(seq_step_now(g)));
				return 1;
			}
		}
	}
	return 0;
}

static const char *policy_name(enum policy pol)
{
	return pol == POLICY_GREEDY   ? "greedy"
	       : pol == POLICY_RANDOM ? "random"
				      : "mixed";
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: autoplay [--policy greedy|random|mixed] "
		"[--greedy-share N]\n                [--max N] [--log "
		"FILE]"
		"\n                [--probe N] [--verbose] [--no-check] "
		"[--soak]\n                [--reload-every N] BATTLE SEED\n"
		"Plays a solo game of BATTLE on SEED to its end and prints the "
		"accepted\ncommands as a script for maniple --script; a "
		"summary "
		"goes to standard\nerror.\n"
		"  --policy P   greedy (default), random or mixed (each "
		"decision greedy\n               or random, by chance)\n"
		"  --greedy-share N  with mixed: the percent of decisions "
		"played\n               greedily (default 75)\n"
		"  --max N      stop after N accepted commands (default 200000)"
		"\n  --log FILE   write the events of the accepted commands, "
		"as "
		"maniple\n               --script prints them\n"
		"  --probe N    every N decisions, try a command the legal "
		"list does not\n               hold (default 10; 0 never)\n"
		"  --verbose    a line a side at each turn's start (units "
		"standing,\n               routed, next to an enemy)\n"
		"  --no-check   do not check that refusals leave the state "
		"alone; no\n               probes\n"
		"  --soak       random play (unless --policy says otherwise), "
		"every\n               invariant checked after each accepted "
		"command, the\n               game file reloaded and its "
		"digest compared\n"
		"  --reload-every N  with --soak: reload every N turn ends "
		"(default 1;\n               0: once, at the end)\n"
		"Exit status: 0 when the game ended or --max was reached, 1 "
		"when the\nplayer found no accepted action, a refusal "
		"changed the state, an\ninvariant broke or a reload "
		"differed, 2 on\nbad arguments or a battle that does "
		"not load.\n");
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"policy", required_argument, NULL, 'p'},
		{"greedy-share", required_argument, NULL, 'g'},
		{"max", required_argument, NULL, 'm'},
		{"log", required_argument, NULL, 'l'},
		{"no-check", no_argument, NULL, 'n'},
		{"probe", required_argument, NULL, 'b'},
		{"verbose", no_argument, NULL, 'v'},
		{"soak", no_argument, NULL, 's'},
		{"reload-every", required_argument, NULL, 'r'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	static struct player pl; /* large: not on the stack */
	struct player *p = &pl;
	p->policy = POLICY_GREEDY;
	p->greedy_share = 75;
	p->max = 200000;
	p->check_refusals = true;
	p->probe = 10;
	p->reload_every = 1;
	const char *logpath = NULL;
	bool policy_given = false;
	int c;
	uint64_t v;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			policy_given = true;
			if (strcmp(optarg, "greedy") == 0)
				p->policy = POLICY_GREEDY;
			else if (strcmp(optarg, "random") == 0)
				p->policy = POLICY_RANDOM;
			else if (strcmp(optarg, "mixed") == 0)
				p->policy = POLICY_MIXED;
			else {
				fprintf(stderr, "autoplay: no policy %s\n",
					optarg);
				return 2;
			}
			break;
		case 'g':
			if (!ini_u64(optarg, &v) || v > 100) {
				fprintf(stderr,
					"autoplay: bad --greedy-share %s\n",
					optarg);
				return 2;
			}
			p->greedy_share = (int)v;
			break;
		case 'm':
			if (!ini_u64(optarg, &v) || v == 0 || v > 100000000) {
				fprintf(stderr, "autoplay: bad --max %s\n",
					optarg);
				return 2;
			}
			p->max = (long)v;
			break;
		case 'l':
			logpath = optarg;
			break;
		case 'n':
			p->check_refusals = false;
			p->probe = 0;
			break;
		case 'b':
			if (!ini_u64(optarg, &v) || v > 1000000) {
				fprintf(stderr, "autoplay: bad --probe %s\n",
					optarg);
				return 2;
			}
			p->probe = (long)v;
			break;
		case 'v':
			p->verbose = true;
			break;
		case 's':
			p->soak = true;
			break;
		case 'r':
			if (!ini_u64(optarg, &v) || v > 1000000) {
				fprintf(stderr,
					"autoplay: bad --reload-every %s\n",
					optarg);
				return 2;
			}
			p->reload_every = (long)v;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	uint64_t seed;
	if (argc - optind != 2 || !ini_u64(argv[optind + 1], &seed)) {
		usage(stderr);
		return 2;
	}
	const char *battle = argv[optind];
	if (!*battle || strpbrk(battle, " \t\n\"'#")) {
		fprintf(stderr, "autoplay: bad battle name '%s'\n", battle);
		return 2;
	}
	find_datadir(p);
	p->battle = battle;
	p->seed = seed;
	if (p->soak) {
		/* the soak plays at random unless told otherwise */
		if (!policy_given)
			p->policy = POLICY_RANDOM;
		const char *t = getenv("TMPDIR");
		snprintf(p->tmpdir, sizeof p->tmpdir, "%s/autoplay-soak-XXXXXX",
			 t && *t ? t : "/tmp");
		if (!mkdtemp(p->tmpdir)) {
			fprintf(stderr, "autoplay: %s: %s\n", p->tmpdir,
				strerror(errno));
			return 2;
		}
	}
	if (logpath) {
		p->log = fopen(logpath, "w");
		if (!p->log) {
			fprintf(stderr, "autoplay: %s: %s\n", logpath,
				strerror(errno));
			return 2;
		}
	}
	p->act = calloc(ACTIONS_MAX, sizeof *p->act);
	p->before = malloc(sizeof *p->before);
	if (!p->act || !p->before) {
		fprintf(stderr, "autoplay: out of memory\n");
		return 2;
	}
	p->stall_turn = p->dbg_turn = -1;
	session_init(&p->s, load_battle, load_tables, p, seed);
	p->s.rulesets = program_rulesets;
	p->greedy = ai_player_new(ai_level_find("greedy"),
				  session_ruleset(&p->s),
				  seed ^ 0x5deece66dull);
	if (!p->greedy) {
		fprintf(stderr, "autoplay: out of memory\n");
		return 2;
	}
	p->rng = ai_player_rng(p->greedy);
	p->try = (struct ai_try){run_try, p};
	size_t dl = strnlen(p->datadir, sizeof p->datadir - 1);
	memcpy(p->rules_dir, p->datadir, dl);
	memcpy(p->rules_dir + dl, "/rules", sizeof "/rules");
	p->s.rules_dir = p->rules_dir; /* rule N (rulebook.h) */
	cmd_result_init(&p->r);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);

	printf("# autoplay --policy %s %s %" PRIu64
	       ": a solo game played by tools of the test suite\n",
	       policy_name(p->policy), battle, seed);
	char line[CMD_LINE_MAX];
	snprintf(line, sizeof line, "new %s solo %" PRIu64, battle, seed);
	if (!run(p, line, false)) {
		fprintf(stderr, "autoplay: %s: %s\n", line, p->r.reason);
		return 2;
	}
	int status = play(p);
	/* --soak: the game as it ends, reloaded once more */
	if (p->soak && !p->reloaded_now && !p->invariant_failures &&
	    !p->reload_failures)
		soak_reload_check(p);
	if (p->state_changed || p->invariant_failures || p->reload_failures)
		status = 1;
	clock_gettime(CLOCK_MONOTONIC, &t1);

	struct game *g = G(p);
	char soak_text[160] = "";
	if (p->soak)
		snprintf(soak_text, sizeof soak_text,
			 " invariant_failures=%ld reloads=%ld "
			 "reload_failures=%ld",
			 p->invariant_failures, p->reloads,
			 p->reload_failures);
	struct event over_at;
	const struct event *over = last_event(g, "game_over", &over_at);
	const char *why = over ? event_get(over, "why") : NULL;
	const char *winner = over ? event_get(over, "winner") : NULL;
	bool withdrew = why && (strcmp(why, "withdrawal") == 0 ||
				strcmp(why, "both_withdraw") == 0);
	fprintf(stderr,
		"autoplay: battle=%s seed=%" PRIu64
		" policy=%s commands=%ld refused=%ld legal_refused=%ld "
		"probes=%ld unlisted_accepted=%ld state_changed=%ld turn=%d "
		"over=%s why=%s winner=%s "
		"withdrew=%s rout_points=%d,%d%s seconds=%.1f\n",
		battle, seed, policy_name(p->policy),
		p->commands, p->refused, p->legal_refused, p->probes,
		p->unlisted_accepted, p->state_changed, g->turn,
		over ? "yes" : "no", why ? why : "-", winner ? winner : "-",
		withdrew ? "yes" : "no", g->rout_points[0], g->rout_points[1],
		soak_text,
		(double)(t1.tv_sec - t0.tv_sec) +
			(double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	fflush(stdout);
	if (p->log && fclose(p->log) != 0) {
		fprintf(stderr, "autoplay: %s: %s\n", logpath, strerror(errno));
		status = 2;
	}
	cmd_result_free(&p->r);
	session_free(&p->s);
	free(p->act);
	free(p->before);
	ai_player_free(p->greedy);
	if (p->soak)
		rmdir(p->tmpdir);
	return status;
}
