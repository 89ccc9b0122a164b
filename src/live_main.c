/* live_main.c — maniple host, join and games: a live game's server
 * process and its clients (live.h) as commands. */
#define _GNU_SOURCE /* struct ucred, getgrouplist */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "live_main.h"
#include "maniple/gamelock.h"
#include "maniple/ini.h"
#include "maniple/decision.h"
#include "maniple/dice.h"
#include "maniple/live.h"
#include "maniple/mapview.h"
#include "maniple/modeview.h"
#include "maniple/session.h"
#include "maniple/tui.h"
#include "rulesets.h"
#include "tui/config.h"

#define ALLOW_MAX 32
#define IDLE_DEFAULT 300 /* s: the server's life after the last client */

struct live_args {
	const char *battle;	/* host: BATTLE; join: NAME or NULL */
	const char *side;	/* --as */
	bool watch;		/* --watch */
	const char *dir;	/* --dir */
	const char *script;	/* --script */
	uint64_t seed;
	bool have_seed;
	int idle;		/* --idle SECONDS */
	const char *notify;	/* --notify COMMAND */
	const char *dice;	/* --dice trusted|two-party (host) */
	int host_seat;		/* two-party: the host's seat (the other
				 * gives the nonces); -1 not known */
	bool clean;		/* games --clean */
	struct tui_club club;	/* the config file's [club] */
	const char *allow[ALLOW_MAX];
	int nallow;
};

/* A game's host options, kept beside its file (NAME.host) by maniple
 * host, so that a server a join starts later for the waiting game keeps
 * them: `allow = USER|@GROUP` (a line each), `idle = SECONDS`, `notify =
 * COMMAND`.  mine: the file is this user's and only this user may write
 * it (its notify command is run only then). */
struct host_opts {
	char allow[ALLOW_MAX][64];
	int nallow;
	int idle;
	char notify[400];
	int host_seat;		/* -1: not said */
	bool mine;
};

/* ---- where the game and its socket are ---- */

/* The directory of the sockets: --dir, else $XDG_RUNTIME_DIR/maniple,
 * else /tmp/maniple-UID; a directory of our own is made 0700 and
 * refused when another user owns it or others may enter it. */
static int socket_dir(const struct live_args *a, char *out, size_t n)
{
	if (a->dir) {
		snprintf(out, n, "%s", a->dir);
		return 0;
	}
	const char *rt = getenv("XDG_RUNTIME_DIR");
	if (rt && *rt == '/')
		snprintf(out, n, "%s/maniple", rt);
	else
		snprintf(out, n, "/tmp/maniple-%ld", (long)getuid());
	if (mkdir(out, 0700) != 0 && errno != EEXIST) {
		fprintf(stderr, "maniple: %s: %s\n", out, strerror(errno));
		return -1;
	}
	struct stat st;
	if (lstat(out, &st) != 0 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != getuid() || (st.st_mode & 077)) {
		fprintf(stderr, "maniple: %s is not a private directory of "
				"this user (mode 0700)\n", out);
		return -1;
	}
	return 0;
}

static int game_dir(const struct live_program *lp,
		    const struct live_args *a, char *out, size_t n)
{
	if (a->dir) {
		snprintf(out, n, "%s", a->dir);
		return 0;
	}
	return lp->state_dir(out, n);
}

/* A game's name: its battle's id, letters, digits, - and _ only. */
static bool name_ok(const char *name)
{
	if (!*name || strlen(name) > 48)
		return false;
	for (const char *p = name; *p; p++)
		if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
		    !(*p >= '0' && *p <= '9') && *p != '-' && *p != '_')
			return false;
	return true;
}

static int connect_to(const char *path)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	if (strlen(path) >= sizeof sa.sun_path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* This user's seed store (gamefile.h) into out, "" when there is no
 * state directory. */
static void seed_store(const struct live_program *lp, char *out, size_t n)
{
	if (n > 8 && lp->state_dir(out, n - 8) == 0)
		strcat(out, "/" GAMEFILE_SEED_STORE);
	else if (n)
		out[0] = '\0';
}

/* A game file's header, and whether it holds its reveal line. */
struct committed {
	struct gamefile_header h;
	bool revealed;
};

static int committed_header(void *user, const struct gamefile_header *h,
			    struct ini_error *err)
{
	(void)err;
	((struct committed *)user)->h = *h;
	return 0;
}

static int committed_body(void *user, const struct gamefile_line *l,
			  struct ini_error *err)
{
	(void)err;
	((struct committed *)user)->revealed |= l->is_reveal;
	return 0;
}

/* Whether this user may start a server for the waiting game at path:
 * a committed game (gamefile.h) is played from its seed, which until
 * its reveal lives only in its host's private seed store, so a server
 * of another user could not load it.  false, with the reason naming who
 * can start it, when this user's store does not hold it. */
static bool may_start(const struct live_program *lp, const char *path,
		      const char *name, const char *dir, char *why, size_t n,
		      char host[40])
{
	struct committed c;
	memset(&c, 0, sizeof c);
	struct ini_error ie;
	long torn;
	struct stat st;
	if (stat(path, &st) != 0)
		return true; /* the server's load says what is wrong */
	bool read = gamefile_read_torn(path, committed_header, committed_body,
				       &c, &ie, &torn);
	const char *what;
	if (!read && st.st_uid != getuid()) {
		what = "its game file is %s's, which you may not read";
	} else if (!read || c.h.version < GAMEFILE_COMMITTED || c.revealed ||
		   strcmp(c.h.dice_mode, "mail") == 0) {
		return true; /* the server's load says what is wrong */
	} else {
		char seeds[1000], e2[300];
		seed_store(lp, seeds, sizeof seeds);
		if (seeds[0] &&
		    gamefile_secret_read(seeds, &c.h, e2, sizeof e2) == 1)
			return true;
		what = "until the battle's end the seed of its dice is in %s's "
		       "private seed store alone";
	}
	struct passwd *pw = getpwuid(st.st_uid);
	if (pw)
		snprintf(host, 40, "%.30s", pw->pw_name);
	else
		snprintf(host, 40, "uid %ld", (long)st.st_uid);
	int w = snprintf(why, n, "%s waits for its host, %s, to start it "
			 "(maniple host %s%s%.300s, or a join by %s): ",
			 name, host, name, dir ? " --dir " : "", dir ? dir : "",
			 host);
	if (w > 0 && (size_t)w < n)
		snprintf(why + w, n - (size_t)w, what, host);
	return false;
}

/* ---- the server process ---- */

struct served {
	FILE *log;
	uid_t allow_uid[ALLOW_MAX];
	gid_t allow_gid[ALLOW_MAX];
	int nuid, ngid;
	const char *name, *battle, *dir; /* the game, for the notify hook */
	const char *notify;	/* the hook's command, or NULL */
	uid_t owner;		/* the game file's: its host */
	char seats[1100];	/* NAME.seats beside the game file */
};

/* NAME.seats, beside a game file: the user last seated in each seat
 * (seat0 = USER, seat1 = USER; "-": nobody yet), kept by its server so
 * that maniple games names them while the game waits. */
static void seats_path(const char *game, char *out, size_t n)
{
	size_t len = strlen(game);
	if (len > 5 && !strcmp(game + len - 5, ".game"))
		len -= 5;
	snprintf(out, n, "%.*s.seats", (int)len, game);
}

static void seats_read(const char *path, char who[2][40])
{
	for (int i = 0; i < 2; i++)
		snprintf(who[i], 40, "-");
	FILE *f = fopen(path, "r");
	char line[120], name[40];
	int seat;
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "seat%d = %39s", &seat, name) == 2 &&
		    (seat == 0 || seat == 1) &&
		    !live_line_bad(name, strlen(name)))
			snprintf(who[seat], 40, "%s", name);
	if (f)
		fclose(f);
}

/* live.h: seats: the users seated now over the ones kept, written
 * whole (a temporary file renamed over it). */
static void keep_seats(void *user, const char who[2][40])
{
	struct served *sd = user;
	char kept[2][40], tmp[1200];
	seats_read(sd->seats, kept);
	for (int i = 0; i < 2; i++)
		if (strcmp(who[i], "-") != 0)
			snprintf(kept[i], 40, "%s", who[i]);
	snprintf(tmp, sizeof tmp, "%s.new", sd->seats);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return;
	fprintf(f, "seat0 = %s\nseat1 = %s\n", kept[0], kept[1]);
	if (fclose(f) != 0 || rename(tmp, sd->seats) != 0)
		unlink(tmp);
}

/* Seconds in words: 40s, 12m, 3h, 2d. */
static void idle_text(long long secs, char *out, size_t n)
{
	if (secs < 60)
		snprintf(out, n, "%llds", secs < 0 ? 0 : secs);
	else if (secs < 3600)
		snprintf(out, n, "%lldm", secs / 60);
	else if (secs < 86400)
		snprintf(out, n, "%lldh", secs / 3600);
	else
		snprintf(out, n, "%lldd", secs / 86400);
}

static long long mono_ms(void *user)
{
	(void)user;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void log_line(void *user, const char *line)
{
	struct served *sd = user;
	if (!sd->log)
		return;
	char when[32];
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	fprintf(sd->log, "%s %s\n", when, line);
	fflush(sd->log);
}

/* A value for the notify hook's environment: printable ASCII only. */
static void clean_env(const char *key, const char *value)
{
	char v[200];
	size_t k = 0;
	for (const char *p = value; *p && k + 1 < sizeof v; p++)
		v[k++] = *p >= 0x20 && *p < 0x7f ? *p : '?';
	v[k] = '\0';
	setenv(key, v, 1);
}

/* The notify hook (live.h: owes): the host's command, its words split at
 * blanks (no shell ever), run detached with what is owed in MANIPLE_*
 * environment variables, its output into the server's log; the server
 * does not wait for it. */
static void notify_side(void *user, int side, const char *side_name,
			const char *rule, const char *what, size_t seq)
{
	struct served *sd = user;
	char words[sizeof ((struct host_opts *)0)->notify];
	snprintf(words, sizeof words, "%s", sd->notify);
	char *argv[33], *save = NULL;
	int argc = 0;
	for (char *t = strtok_r(words, " \t", &save); t && argc < 32;
	     t = strtok_r(NULL, " \t", &save))
		argv[argc++] = t;
	argv[argc] = NULL;
	if (!argc)
		return;
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		if (fork() != 0)
			_exit(0);
		int nul = open("/dev/null", O_RDONLY);
		if (nul >= 0)
			dup2(nul, 0);
		if (sd->log) {
			dup2(fileno(sd->log), 1);
			dup2(fileno(sd->log), 2);
		}
		long max = sysconf(_SC_OPEN_MAX);
		for (int fd = 3; fd < (max < 0 || max > 65536 ? 65536 : max);
		     fd++)
			close(fd); /* never the game's lock or a client */
		char num[32];
		clean_env("MANIPLE_GAME", sd->name);
		clean_env("MANIPLE_BATTLE", sd->battle);
		clean_env("MANIPLE_DIR", sd->dir ? sd->dir : "");
		snprintf(num, sizeof num, "%d", side);
		clean_env("MANIPLE_SIDE", num);
		clean_env("MANIPLE_SIDE_NAME", side_name);
		clean_env("MANIPLE_RULE", rule);
		clean_env("MANIPLE_DECISION", what);
		snprintf(num, sizeof num, "%zu", seq);
		clean_env("MANIPLE_COMMANDS", num);
		execvp(argv[0], argv);
		fprintf(stderr, "notify: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

/* --allow USER|@GROUP into uids and gids: 0, or -1 with why. */
static int allow_list(const struct live_args *a, struct served *sd,
		      char *why, size_t n)
{
	for (int i = 0; i < a->nallow; i++) {
		const char *x = a->allow[i];
		if (x[0] == '@') {
			struct group *g = getgrnam(x + 1);
			if (!g) {
				snprintf(why, n, "--allow %s: no such group", x);
				return -1;
			}
			sd->allow_gid[sd->ngid++] = g->gr_gid;
		} else {
			struct passwd *pw = getpwnam(x);
			if (!pw) {
				snprintf(why, n, "--allow %s: no such user", x);
				return -1;
			}
			sd->allow_uid[sd->nuid++] = pw->pw_uid;
		}
	}
	return 0;
}

/* Whether the peer (its credentials from the kernel) may join: the
 * server's own user, the game's host (its file's owner: a server a guest
 * started for the waiting game), or one --allow names (by user or by a
 * group it is in). */
static bool admitted(const struct served *sd, const struct ucred *cr)
{
	if (cr->uid == getuid() || cr->uid == sd->owner)
		return true;
	for (int i = 0; i < sd->nuid; i++)
		if (sd->allow_uid[i] == cr->uid)
			return true;
	if (!sd->ngid)
		return false;
	struct passwd *pw = getpwuid(cr->uid);
	gid_t groups[256];
	int ng = 256;
	if (pw && getgrouplist(pw->pw_name, pw->pw_gid, groups, &ng) < 0)
		ng = 0;
	for (int i = 0; i < sd->ngid; i++) {
		if (sd->allow_gid[i] == cr->gid)
			return true;
		for (int k = 0; pw && k < ng; k++)
			if (groups[k] == sd->allow_gid[i])
				return true;
	}
	return false;
}

/* Opens the game (its unfinished file, or a new hotseat game, committed
 * to its seed: gamefile.h, format 3, its secret in the seed store
 * seeds); 0, or -1 with why. */
static int open_game(const struct live_program *lp, const struct live_args *a,
		     struct session *s, const char *path, const char *seeds,
		     char *why, size_t n)
{
	session_setup(s, program_rulesets, lp->load_battle, lp->load_tables,
		      lp->user, a->seed);
	s->rules_dir = lp->rules_dir;
	s->new_dice = a->dice ? a->dice : "trusted";
	s->seed_dir = seeds;
	if (access(path, F_OK) == 0) {
		struct ini_error ie;
		if (!session_load(s, path, &ie)) {
			ini_error_format(&ie, why, n);
			return -1;
		}
		const struct gamefile_header *h = &s->journal.h;
		const char *mode = h->version >= GAMEFILE_COMMITTED
					   ? h->dice_mode
					   : "open";
		if (a->dice && strcmp(a->dice, mode) != 0) {
			snprintf(why, n, "%.400s: the game goes on with the "
				 "dice it began with (%s), not --dice %s",
				 path, mode, a->dice);
			return -1;
		}
		return 0;
	}
	if (session_new(s, a->battle, GAME_HOTSEAT, a->seed, why, n) != 0 ||
	    session_save(s, path, true, true, why, n) != 0)
		return -1;
	return 0;
}

static int listen_on(const char *path, bool shared, char *why, size_t n)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	if (strlen(path) >= sizeof sa.sun_path) {
		snprintf(why, n, "%.200s: the socket's path is too long", path);
		return -1;
	}
	snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(why, n, "socket: %s", strerror(errno));
		return -1;
	}
	unlink(path); /* a dead server's (nobody answered on it) */
	mode_t old = umask(shared ? 007 : 077);
	int rc = bind(fd, (struct sockaddr *)&sa, sizeof sa);
	umask(old);
	if (rc != 0 || listen(fd, 16) != 0) {
		snprintf(why, n, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* The server's life: detached, it plays the game until idle seconds
 * after its last client left.  tell: where to say "ok" or why not (then
 * closed). */
static int serve(const struct live_program *lp, const struct live_args *a,
		 const char *game_path, const char *sock_path,
		 const char *log_path, int tell)
{
	char why[700];
	struct served sd;
	memset(&sd, 0, sizeof sd);
	struct session s;
	struct live_server sv;
	int lfd = -1;
	sd.log = fopen(log_path, "a");
	/* the seed store: this user's own, whatever --dir says */
	char seeds[1000];
	seed_store(lp, seeds, sizeof seeds);
	if (allow_list(a, &sd, why, sizeof why) != 0 ||
	    open_game(lp, a, &s, game_path, seeds[0] ? seeds : NULL, why,
		      sizeof why) != 0 ||
	    live_server_init(&sv, &s, mono_ms, NULL, log_line, &sd, why,
			     sizeof why) != 0 ||
	    (lfd = listen_on(sock_path, a->nallow > 0, why, sizeof why)) < 0) {
		(void)!write(tell, why, strlen(why));
		close(tell);
		log_line(&sd, why);
		return 2;
	}
	struct stat gst;
	sd.owner = stat(game_path, &gst) == 0 ? gst.st_uid : getuid();
	sv.seat_idle_ms = (long long)a->club.seat_idle * 1000;
	if (sv.guest_seat >= 0 && a->host_seat >= 0)
		sv.guest_seat = !a->host_seat; /* two-party: the host's other */
	sd.name = a->battle;
	sd.battle = s.journal.h.battle;
	sd.dir = a->dir;
	sd.notify = a->notify && *a->notify ? a->notify : NULL;
	seats_path(game_path, sd.seats, sizeof sd.seats);
	sv.seats = keep_seats;
	sv.seats_user = &sd;
	if (sd.notify) {
		sv.owes = notify_side;
		sv.owes_user = &sd;
	}
	log_line(&sd, "serving");
	(void)!write(tell, "ok", 2);
	close(tell);
	long long idle_ms = (long long)(a->idle > 0 ? a->idle : IDLE_DEFAULT) *
			    1000;
	for (;;) {
		bool acc = false;
		int n = live_server_step(&sv, lfd, &acc, 1000);
		if (acc) {
			int cfd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
			struct ucred cr;
			socklen_t cl = sizeof cr;
			if (cfd >= 0 &&
			    getsockopt(cfd, SOL_SOCKET, SO_PEERCRED, &cr, &cl) ==
				    0 &&
			    admitted(&sd, &cr)) {
				live_server_add(&sv, cfd, cr.uid);
				n++;
			} else if (cfd >= 0) {
				char msg[120];
				int w = snprintf(msg, sizeof msg,
						 "refuse uid %ld is not allowed "
						 "in this game\n",
						 (long)cr.uid);
				(void)!send(cfd, msg, (size_t)w,
					    MSG_NOSIGNAL | MSG_DONTWAIT);
				snprintf(why, sizeof why, "uid %ld refused: "
					 "not allowed", (long)cr.uid);
				log_line(&sd, why);
				close(cfd);
			}
		}
		if (n == 0 && mono_ms(NULL) - sv.empty_since >= idle_ms)
			break;
	}
	log_line(&sd, "no clients: the server ends (the game file keeps "
		      "the game)");
	unlink(sock_path);
	close(lfd);
	live_server_free(&sv);
	session_free(&s);
	if (sd.log)
		fclose(sd.log);
	return 0;
}

/* Starts the server detached (a new session, every inherited descriptor
 * closed, stdio on /dev/null): it outlives the terminal that started
 * it.  0 once it listens, or -1 with why. */
static int start_server(const struct live_program *lp,
			const struct live_args *a, const char *game_path,
			const char *sock_path, const char *log_path, char *why,
			size_t n)
{
	int p[2];
	if (pipe(p) != 0) {
		snprintf(why, n, "pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(why, n, "fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		setsid();
		umask(a->nallow ? 007 : 077); /* the log, the game, the socket */
		if (fork() != 0)
			_exit(0);
		long max = sysconf(_SC_OPEN_MAX);
		if (max < 0 || max > 65536)
			max = 65536;
		for (int fd = 0; fd < max; fd++)
			if (fd != p[1])
				close(fd);
		int nul = open("/dev/null", O_RDWR);
		if (nul >= 0) {
			dup2(nul, 0);
			dup2(nul, 1);
			dup2(nul, 2);
			if (nul > 2)
				close(nul);
		}
		signal(SIGHUP, SIG_IGN);
		signal(SIGPIPE, SIG_IGN);
		if (chdir("/") != 0)
			_exit(2);
		_exit(serve(lp, a, game_path, sock_path, log_path, p[1]));
	}
	close(p[1]);
	waitpid(pid, NULL, 0);
	char buf[700];
	size_t got = 0;
	ssize_t r;
	while (got < sizeof buf - 1 &&
	       (r = read(p[0], buf + got, sizeof buf - 1 - got)) > 0)
		got += (size_t)r;
	close(p[0]);
	buf[got] = '\0';
	if (strcmp(buf, "ok") != 0) {
		snprintf(why, n, "%s", got ? buf : "the server did not start");
		return -1;
	}
	return 0;
}

/* ---- the host's options of a game (struct host_opts) ---- */

static int host_opts_write(const char *path, const struct live_args *a,
			   char *why, size_t n)
{
	char tmp[1100];
	snprintf(tmp, sizeof tmp, "%s.new", path);
	FILE *f = fopen(tmp, "w");
	if (!f) {
		snprintf(why, n, "%.500s: %s", tmp, strerror(errno));
		return -1;
	}
	fprintf(f, "; the host's options of this game (maniple host): a "
		   "server a join starts keeps them\n");
	for (int i = 0; i < a->nallow; i++)
		fprintf(f, "allow = %s\n", a->allow[i]);
	if (a->idle)
		fprintf(f, "idle = %d\n", a->idle);
	if (a->notify && *a->notify)
		fprintf(f, "notify = %s\n", a->notify);
	if (a->host_seat >= 0)
		fprintf(f, "host-seat = %d\n", a->host_seat);
	bool ok = fflush(f) == 0 && !ferror(f);
	ok &= fclose(f) == 0;
	if (!ok || rename(tmp, path) != 0) {
		snprintf(why, n, "%.500s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* "key = value" lines of path into o (none: o empty). */
static void host_opts_read(const char *path, struct host_opts *o)
{
	memset(o, 0, sizeof *o);
	o->host_seat = -1;
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	struct stat st;
	o->mine = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
		  st.st_uid == getuid() && !(st.st_mode & 022);
	char line[600];
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		char *eq = strchr(line, '=');
		if (line[0] == ';' || !eq)
			continue;
		char *v = eq + 1, *k = line, *e = eq;
		while (e > k && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		*e = '\0';
		v += strspn(v, " \t");
		if (live_line_bad(v, strlen(v)))
			continue;
		if (!strcmp(k, "allow") && o->nallow < ALLOW_MAX)
			snprintf(o->allow[o->nallow++], sizeof o->allow[0], "%s",
				 v);
		else if (!strcmp(k, "idle"))
			ini_int(v, 1, 86400 * 30, &o->idle);
		else if (!strcmp(k, "notify"))
			snprintf(o->notify, sizeof o->notify, "%s", v);
		else if (!strcmp(k, "host-seat"))
			ini_int(v, 0, 1, &o->host_seat);
	}
	fclose(f);
}

/* A server for the waiting game `name` started by a join: the host's
 * allow list and idle time; the host's notify command only when the
 * options are this user's own (another user's command is never run),
 * else the joiner's --notify. */
static void host_opts_apply(const struct host_opts *o, struct live_args *a)
{
	a->nallow = 0;
	for (int i = 0; i < o->nallow; i++)
		a->allow[a->nallow++] = o->allow[i];
	if (o->idle)
		a->idle = o->idle;
	if (o->mine && o->notify[0])
		a->notify = o->notify;
	a->host_seat = o->host_seat;
}

/* The dice mode in the header of the game file at path (gamefile.h:
 * "open" before format 3) into out; false when it cannot be read. */
static int mode_header(void *user, const struct gamefile_header *h,
		       struct ini_error *err)
{
	char *out = user;
	snprintf(out, 16, "%s",
		 h->version >= GAMEFILE_COMMITTED ? h->dice_mode : "open");
	snprintf(err->msg, sizeof err->msg, "header read");
	return 1; /* the header is all it needs */
}

static bool file_dice_mode(const char *path, char *out, size_t n)
{
	char mode[16] = "";
	struct ini_error ie;
	gamefile_read(path, mode_header, NULL, mode, &ie);
	snprintf(out, n, "%s", mode);
	return mode[0] != '\0';
}

/* A dice mode in words, for the banners. */
static const char *dice_words(const char *mode)
{
	if (!strcmp(mode, GAMEFILE_TWO_PARTY))
		return "two-party dice: the host's server holds the seed, "
		       "committed to in the game file, and the guest's "
		       "client gives each command a nonce once it is fixed";
	if (!strcmp(mode, "trusted"))
		return "trusted dice: the host's server holds the seed, "
		       "committed to in the game file and shown at the end";
	return "open dice: the seed is in the game file";
}

/* ---- a client ---- */

struct joined {
	struct live_client c;
	struct session s;
};

static void client_exec(void *user, const char *line, struct cmd_result *r)
{
	struct joined *j = user;
	size_t had = j->c.n;
	long tag = live_client_send(&j->c, line);
	int rc = tag < 0 ? -1 : live_client_wait(&j->c, tag, 30000);
	if (rc == 1 && j->c.n > had) {
		/* the replica ran it (the server sends a command to all
		 * before it answers its sender): its events */
		for (size_t i = 0; i < j->c.applied.out.n; i++)
			event_log_push_from(&r->out, &j->c.applied.out, i);
	} else if (rc == 0) {
		cmd_refuse(r, NULL, "%s", j->c.last_reason);
	} else {
		cmd_refuse(r, NULL, "%s", j->c.refused[0] ? j->c.refused
							  : "no answer from "
							    "the server");
	}
}

static bool client_poll(void *user)
{
	struct joined *j = user;
	size_t had = j->c.n, undo = j->c.undo_side;
	const void *g = j->s.game;
	int owe = j->c.owe_side;
	size_t await = j->c.await_seq;
	int reveal = j->c.reveal_side;
	char seats[2][40];
	memcpy(seats, j->c.seat_user, sizeof seats);
	while (live_client_pump(&j->c, 0) > 0)
		;
	return j->c.n != had || j->s.game != g || owe != j->c.owe_side ||
	       undo != (size_t)j->c.undo_side || await != j->c.await_seq ||
	       reveal != j->c.reveal_side ||
	       memcmp(seats, j->c.seat_user, sizeof seats) != 0;
}

static bool client_owe(void *user, char *buf, size_t n)
{
	struct joined *j = user;
	live_client_owe_text(&j->c, buf, n);
	if (j->c.undo_side >= 0 && j->c.undo_side != j->c.seat &&
	    j->c.seat != LIVE_WATCH) {
		size_t len = strlen(buf);
		snprintf(buf + len, n - len, "; the other side asks to undo "
			 "%zu: :undo agree or :undo refuse", j->c.undo_n);
	}
	if (j->c.reveal_side >= 0 && j->c.reveal_side != j->c.seat &&
	    j->c.seat != LIVE_WATCH) {
		size_t len = strlen(buf);
		snprintf(buf + len, n - len, "; the other side asks to show "
			 "the seed now: :reveal agree or :reveal refuse");
	}
	if (j->c.flagged) {
		size_t len = strlen(buf);
		snprintf(buf + len, n - len, "; two-party dice broken: %s",
			 j->c.flag);
	}
	return j->c.seat >= 0 && j->c.owe_side == j->c.seat;
}

static bool client_alive(void *user, char *buf, size_t n)
{
	struct joined *j = user;
	if (j->c.diverged) {
		snprintf(buf, n, "this view lost step with the server: join "
				 "again");
		return false;
	}
	if (!j->c.closed)
		return true;
	snprintf(buf, n, "the server closed the link: %s", j->c.refused);
	return false;
}

/* The seat SIDE names: 0, 1, or a side's name or id in the battle. */
static int side_of(const struct live_program *lp, const char *battle,
		   const char *side)
{
	if (!side)
		return -1;
	if (!strcmp(side, "0") || !strcmp(side, "1"))
		return side[0] - '0';
	struct session s;
	session_setup(&s, program_rulesets, lp->load_battle, lp->load_tables,
		      lp->user, 1);
	char err[400];
	int seat = -2;
	if (battle && session_new(&s, battle, GAME_HOTSEAT, 1, err,
				  sizeof err) == 0) {
		const struct ruleset *rs = session_ruleset(&s);
		struct map_view *mv = rs->map_view(s.game);
		for (int i = 0; mv && i < 2; i++)
			if (!strcasecmp(side, mv->side_name[i]) ||
			    !strcasecmp(side, mv->side_id[i]))
				seat = i;
		mapview_free(mv);
	}
	session_free(&s);
	return seat;
}

/* --script: command lines from FILE; a looking one runs on the replica,
 * any other goes to the server; `:wait` waits until this seat owes a
 * decision, `:wait N` until the game holds N commands. */
static int run_script(struct joined *j, const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!f) {
		fprintf(stderr, "maniple: %s: %s\n", path, strerror(errno));
		return 2;
	}
	char line[LIVE_LINE_MAX + 2];
	int status = 0;
	const struct cmd_table *t = session_ruleset(&j->s)->commands();
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, ":wait", 5)) {
			long want = atol(line + 5);
			for (int i = 0; i < 600; i++) {
				if (want > 0 ? j->c.n >= (size_t)want
					     : j->c.owe_side == j->c.seat)
					break;
				if (live_client_pump(&j->c, 100) < 0)
					break;
			}
			char owe[200];
			live_client_owe_text(&j->c, owe, sizeof owe);
			printf("live commands=%zu owe=\"%s\"\n", j->c.n, owe);
			continue;
		}
		struct cmd_result r;
		cmd_result_init(&r);
		struct cmd_call call;
		bool looks = cmd_lookup(t, line, &call, &r) && call.def &&
			     call.def->effect == CMD_LOOKS;
		bool blank = r.status == CMD_OK && !call.def;
		cmd_result_reset(&r);
		if (blank) {
			cmd_result_free(&r);
			continue;
		}
		if (looks)
			session_exec(&j->s, line, &r);
		else
			client_exec(j, line, &r);
		if (r.status == CMD_OK)
			cmd_print_events(stdout, &r.out, 0);
		else
			cmd_print_refusal(stdout, &r);
		if (r.text)
			fputs(r.text, stdout);
		cmd_result_free(&r);
		fflush(stdout);
		if (j->c.closed) {
			fprintf(stderr, "maniple: %s\n", j->c.refused);
			status = 2;
			break;
		}
	}
	if (f != stdin)
		fclose(f);
	return status;
}

static int attach(const struct live_program *lp, const struct live_args *a,
		  const char *sock_path, const char *name)
{
	int seat = side_of(lp, name, a->side);
	if (seat == -2) {
		fprintf(stderr, "maniple: --as %s: no such side in %s\n",
			a->side, name);
		return 2;
	}
	int fd = connect_to(sock_path);
	if (fd < 0) {
		fprintf(stderr, "maniple: no live game at %s: %s\n", sock_path,
			strerror(errno));
		return 2;
	}
	struct joined *j = calloc(1, sizeof *j);
	if (!j)
		return 2;
	session_setup(&j->s, program_rulesets, lp->load_battle,
		      lp->load_tables, lp->user, 0);
	j->s.rules_dir = lp->rules_dir;
	live_client_init(&j->c, fd, &j->s, a->watch, seat);
	for (int i = 0; i < 300 && !j->c.welcomed && !j->c.closed; i++)
		live_client_pump(&j->c, 100);
	/* the history and the pending decision come after the welcome */
	while (j->c.welcomed && live_client_pump(&j->c, 200) > 0)
		;
	int status;
	if (j->c.welcomed)
		fprintf(stderr, "maniple: %s: %s%s; %s%s\n", name,
			j->c.seat == LIVE_WATCH ? "watching" : "seated as ",
			j->c.seat == LIVE_WATCH ? ""
						: j->c.side_name[j->c.seat == 1],
			dice_words(j->c.dice_mode),
			j->c.guest_seat >= 0 && j->c.seat == j->c.guest_seat
				? " (yours)"
				: "");
	if (!j->c.welcomed) {
		fprintf(stderr, "maniple: %s\n",
			j->c.refused[0] ? j->c.refused : "no welcome from "
							 "the server");
		status = 2;
	} else if (a->script) {
		status = run_script(j, a->script);
	} else {
		struct tui_live hook = {.user = j,
					.exec = client_exec,
					.poll = client_poll,
					.owe = client_owe,
					.alive = client_alive};
		status = lp->view(&j->s, &hook, lp->user);
	}
	live_client_free(&j->c);
	session_free(&j->s);
	free(j);
	return status;
}

/* ---- the games at rest in a directory (maniple games, the club) ---- */

/* What a game file says, read without its lock (a server may hold it):
 * its battle and kind, its commands, and, played again on a copy,
 * whether the battle is over and who owes.  A committed game (format 3)
 * does not show its seed: the copy takes each command's dice from the
 * dice line after it, as a live replica takes the server's. */
struct facts {
	char battle[64], kind[16], mode[16];
	uint64_t seed;
	int commands;
	char **line, **dice;	/* each command and its dice ("" none) */
	size_t n, cap;
	bool over;
	int owe_side;
	char owe[160];
	const char *q;		/* the dice of the command being played */
};

static int facts_header(void *user, const struct gamefile_header *h,
			struct ini_error *err)
{
	struct facts *f = user;
	(void)err;
	snprintf(f->battle, sizeof f->battle, "%s", h->battle);
	snprintf(f->kind, sizeof f->kind, "%s", h->kind);
	snprintf(f->mode, sizeof f->mode, "%s",
		 h->version >= GAMEFILE_COMMITTED ? h->dice_mode : "open");
	f->seed = h->seed;
	return 0;
}

static int facts_body(void *user, const struct gamefile_line *l,
		      struct ini_error *err)
{
	struct facts *f = user;
	(void)err;
	if (l->is_dice && f->n > 0 && !f->dice[f->n - 1][0]) {
		free(f->dice[f->n - 1]);
		f->dice[f->n - 1] = strdup(l->text + 5);
		return f->dice[f->n - 1] ? 0 : 1;
	}
	if (!gamefile_is_command(l->text))
		return 0;
	f->commands++;
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 64;
		char **a = realloc(f->line, cap * sizeof *a);
		if (a)
			f->line = a;
		char **b = realloc(f->dice, cap * sizeof *b);
		if (b)
			f->dice = b;
		if (!a || !b)
			return 1;
		f->cap = cap;
	}
	f->line[f->n] = strdup(l->text);
	f->dice[f->n] = strdup("");
	if (!f->line[f->n] || !f->dice[f->n]) {
		free(f->line[f->n]);
		free(f->dice[f->n]);
		return 1;
	}
	f->n++;
	return 0;
}

static int facts_die(void *user)
{
	struct facts *f = user;
	return f->q && *f->q >= '0' && *f->q <= '9' ? *f->q++ - '0' : -1;
}

static bool game_facts(const struct live_program *lp, const char *path,
		       struct facts *f)
{
	memset(f, 0, sizeof *f);
	f->owe_side = -1;
	struct ini_error ie;
	long torn;
	bool ok = gamefile_read_torn(path, facts_header, facts_body, f, &ie,
				     &torn);
	struct session s;
	session_setup(&s, program_rulesets, lp->load_battle, lp->load_tables,
		      lp->user, 1);
	s.rules_dir = lp->rules_dir;
	int kind = game_kind_parse(f->kind);
	char why[400];
	bool played = ok && session_new(&s, f->battle,
					kind < 0 ? GAME_HOTSEAT
						 : (enum game_kind)kind,
					f->seed, why, sizeof why) == 0;
	const struct ruleset *rs = played ? session_ruleset(&s) : NULL;
	struct cmd_result r;
	cmd_result_init(&r);
	for (size_t i = 0; rs && i < f->n; i++) {
		dice_set_source(rs->dice(s.game), facts_die, f);
		f->q = f->dice[i];
		session_exec(&s, f->line[i], &r);
		if (r.status != CMD_OK)
			rs = NULL; /* not this program's game: no owe */
	}
	cmd_result_free(&r);
	if (rs && rs->play_view) {
		struct play_view pv;
		rs->play_view(s.game, &pv, false);
		f->over = pv.over;
	}
	if (rs && rs->decide && !f->over) {
		static struct decision_answer room[512];
		struct decision d;
		decision_init(&d, room, 512);
		rs->decide(s.game, &d);
		f->owe_side = d.side;
		snprintf(f->owe, sizeof f->owe, "%s%s%s%s",
			 d.what[0] ? d.what : d.kind, d.rule[0] ? " (" : "",
			 d.rule, d.rule[0] ? ")" : "");
	}
	session_free(&s);
	for (size_t i = 0; i < f->n; i++) {
		free(f->line[i]);
		free(f->dice[i]);
	}
	free(f->line);
	free(f->dice);
	f->line = f->dice = NULL;
	f->n = 0;
	return ok && rs;
}

/* Whether this user may join the game at rest whose file is path: its
 * own, or its host's options allow the user (by name or group). */
static bool may_join(const char *path, const char *opts)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return false;
	if (st.st_uid == getuid())
		return true;
	struct host_opts o;
	host_opts_read(opts, &o);
	struct live_args a = {0};
	host_opts_apply(&o, &a);
	struct served sd = {.owner = st.st_uid};
	char why[200];
	if (allow_list(&a, &sd, why, sizeof why) != 0)
		return false;
	struct ucred cr = {.uid = getuid(), .gid = getgid()};
	return admitted(&sd, &cr);
}

/* Calls fn for each game file (NAME.game) in gdir. */
static void each_game(const char *gdir,
		      void (*fn)(void *user, const char *name,
				 const char *path),
		      void *user)
{
	DIR *d = opendir(gdir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len <= 5 || strcmp(e->d_name + len - 5, ".game") != 0)
			continue;
		char name[64], path[1100];
		snprintf(name, sizeof name, "%.*s", (int)(len - 5), e->d_name);
		if (!name_ok(name))
			continue;
		snprintf(path, sizeof path, "%s/%s", gdir, e->d_name);
		fn(user, name, path);
	}
	if (d)
		closedir(d);
}

struct club_walk {
	const struct live_program *lp;
	const char *gdir, *sdir, *skip;
	int count, shown;
	long long days;		/* --clean: untouched this long */
	FILE *said;		/* where --clean says what it removed */
};

/* Whether the game NAME is live (a server answers on its socket). */
static bool is_live(const char *sdir, const char *name)
{
	char sock[1100];
	snprintf(sock, sizeof sock, "%s/%s.sock", sdir, name);
	int fd = connect_to(sock);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* games-per-user: an unfinished game of this user's (not skip). */
static void count_mine(void *user, const char *name, const char *path)
{
	struct club_walk *w = user;
	struct stat st;
	if (!strcmp(name, w->skip) || stat(path, &st) != 0 ||
	    st.st_uid != getuid())
		return;
	struct facts f;
	game_facts(w->lp, path, &f);
	w->count += !f.over;
}

/* maniple games: a game at rest (no server) this user may join. */
static void list_waiting(void *user, const char *name, const char *path)
{
	struct club_walk *w = user;
	char opts[1100];
	snprintf(opts, sizeof opts, "%s/%s.host", w->gdir, name);
	if (is_live(w->sdir, name) || !may_join(path, opts))
		return;
	struct facts f;
	bool known = game_facts(w->lp, path, &f);
	if (!f.battle[0])
		return; /* not a game file */
	char why[600], host[40], sp[1100], who[2][40], idle[24];
	seats_path(path, sp, sizeof sp);
	seats_read(sp, who);
	struct stat st;
	idle_text(stat(path, &st) == 0 ? (long long)(time(NULL) - st.st_mtime)
				       : 0,
		  idle, sizeof idle);
	if (may_start(w->lp, path, name, NULL, why, sizeof why, host))
		printf("%s: %s, %s, %d commands, %s dice; waiting (no server: "
		       "a join starts it); ",
		       name, f.battle, f.kind, f.commands, f.mode);
	else
		printf("%s: %s, %s, %d commands, %s dice; waiting for its host, "
		       "%s, to start it (the seed is in %s's seed store); ",
		       name, f.battle, f.kind, f.commands, f.mode, host, host);
	printf("last seated: seat 0 %s, seat 1 %s; idle %s; ", who[0], who[1],
	       idle);
	if (!known)
		printf("who owes is not known here\n");
	else if (f.over)
		printf("the battle is over\n");
	else if (f.owe_side < 0)
		printf("nobody owes a decision\n");
	else
		printf("side %d owes %s\n", f.owe_side, f.owe);
	w->shown++;
}

/* --clean: a game of this user's at rest, untouched w->days days or
 * more, finished or abandoned: its file and its companions removed. */
static void clean_one(void *user, const char *name, const char *path)
{
	struct club_walk *w = user;
	struct stat st;
	struct gamelock_holder who;
	if (!strcmp(name, w->skip) || stat(path, &st) != 0 ||
	    st.st_uid != getuid() || is_live(w->sdir, name) ||
	    gamelock_holder(path, &who))
		return;
	long long age = (long long)(time(NULL) - st.st_mtime);
	if (age < w->days * 86400)
		return;
	struct facts f;
	game_facts(w->lp, path, &f);
	static const char *const tails[] = {".game", ".host", ".seats",
					    ".game.lock"};
	char p[1100];
	for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
		snprintf(p, sizeof p, "%s/%s%s", w->gdir, name, tails[i]);
		if (unlink(p) != 0 && errno != ENOENT)
			fprintf(stderr, "maniple: %s: %s\n", p, strerror(errno));
	}
	snprintf(p, sizeof p, "%s/%s.log", w->sdir, name);
	unlink(p);
	fprintf(w->said, "cleaned %s: %s, untouched %lld days\n", name,
		f.over ? "finished" : "abandoned", age / 86400);
	w->count++;
}

/* ---- the commands ---- */

static void live_usage(FILE *f)
{
	fputs("Usage: maniple host BATTLE [--as SIDE] [--seed N] [--dir DIR]\n"
	      "                     [--allow USER|@GROUP]... [--idle SECONDS]"
	      " [--script FILE]\n"
	      "                     [--notify COMMAND] [--dice trusted|two-party]\n"
	      "       maniple join [NAME] [--as SIDE | --watch] [--dir DIR] "
	      "[--script FILE]\n"
	      "                    [--notify COMMAND]\n"
	      "       maniple games [--dir DIR] [--clean]\n",
	      f);
}

static int parse(int argc, char **argv, struct live_args *a)
{
	memset(a, 0, sizeof *a);
	a->host_seat = -1;
	for (int i = 1; i < argc; i++) {
		const char *o = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool takes = !strcmp(o, "--as") || !strcmp(o, "--seed") ||
			     !strcmp(o, "--dir") || !strcmp(o, "--allow") ||
			     !strcmp(o, "--idle") || !strcmp(o, "--script") ||
			     !strcmp(o, "--notify") || !strcmp(o, "--dice");
		if (takes && !v) {
			fprintf(stderr, "maniple: %s needs a value\n", o);
			return -1;
		}
		if (!strcmp(o, "--as")) {
			a->side = v;
		} else if (!strcmp(o, "--watch")) {
			a->watch = true;
		} else if (!strcmp(o, "--clean") && !strcmp(argv[0], "games")) {
			a->clean = true;
		} else if (!strcmp(o, "--dir")) {
			a->dir = v;
		} else if (!strcmp(o, "--dice") && !strcmp(argv[0], "host")) {
			if (strcmp(v, "trusted") != 0 &&
			    strcmp(v, GAMEFILE_TWO_PARTY) != 0) {
				fprintf(stderr, "maniple: --dice trusted or "
						"--dice two-party\n");
				return -1;
			}
			a->dice = v;
		} else if (!strcmp(o, "--script")) {
			a->script = v;
		} else if (!strcmp(o, "--notify")) {
			if (live_line_bad(v, strlen(v)) || !v[strspn(v, " \t")]) {
				fprintf(stderr, "maniple: --notify: one line of "
						"printable words\n");
				return -1;
			}
			a->notify = v;
		} else if (!strcmp(o, "--allow")) {
			if (a->nallow == ALLOW_MAX) {
				fprintf(stderr, "maniple: too many --allow\n");
				return -1;
			}
			a->allow[a->nallow++] = v;
		} else if (!strcmp(o, "--idle")) {
			char *end;
			long s = strtol(v, &end, 10);
			if (*end || s < 1 || s > 86400 * 30) {
				fprintf(stderr, "maniple: bad --idle %s\n", v);
				return -1;
			}
			a->idle = (int)s;
		} else if (!strcmp(o, "--seed")) {
			uint64_t s;
			if (!ini_u64(v, &s)) {
				fprintf(stderr, "maniple: bad seed %s\n", v);
				return -1;
			}
			a->seed = s;
			a->have_seed = true;
		} else if (o[0] == '-') {
			fprintf(stderr, "maniple: %s %s: unknown option\n",
				argv[0], o);
			return -1;
		} else if (!a->battle) {
			a->battle = o;
		} else {
			fprintf(stderr, "maniple: %s takes one name\n",
				argv[0]);
			return -1;
		}
		if (takes)
			i++;
	}
	if (a->watch && a->side) {
		fprintf(stderr, "maniple: --as and --watch exclude each "
				"other\n");
		return -1;
	}
	if (a->battle && !name_ok(a->battle)) {
		fprintf(stderr, "maniple: %s: a game's name is its battle's "
				"(letters, digits, - and _)\n", a->battle);
		return -1;
	}
	return 0;
}

/* Whether a server answers on sock within a few seconds (another join
 * starting the same waiting game's server at the same moment). */
static bool served_soon(const char *sock)
{
	for (int i = 0; i < 50; i++) {
		int fd = connect_to(sock);
		if (fd >= 0) {
			close(fd);
			return true;
		}
		struct timespec ts = {0, 100 * 1000000L};
		nanosleep(&ts, NULL);
	}
	return false;
}

/* The one game in the socket directory, when NAME is not given. */
static int only_game(const char *sdir, char *name, size_t n)
{
	DIR *d = opendir(sdir);
	int found = 0;
	struct dirent *e;
	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len > 5 && !strcmp(e->d_name + len - 5, ".sock")) {
			if (found++ == 0)
				snprintf(name, n, "%.*s", (int)(len - 5),
					 e->d_name);
		}
	}
	if (d)
		closedir(d);
	return found;
}

/* A value of the welcome's (key=value words) into out, "?" when none. */
static void word_of(const char *line, const char *key, char *out, size_t n)
{
	char pat[40];
	snprintf(pat, sizeof pat, " %s=", key);
	const char *p = strstr(line, pat);
	snprintf(out, n, "?");
	if (p)
		snprintf(out, n, "%.*s", (int)strcspn(p + strlen(pat), " "),
			 p + strlen(pat));
}

/* One game of maniple games: its name, battle and kind, its commands,
 * who sits where, and who owes. */
static void games_line(int nlen, const char *name, const char *welcome,
		       const char *owe)
{
	if (strncmp(welcome, "welcome ", 8) != 0) {
		printf("%.*s: %s\n", nlen, name, welcome[0] ? welcome
							  : "no answer");
		return;
	}
	char battle[64], kind[16], head[16], s0[40], s1[40], w[16], dice[16];
	char idle[24], idle_s[24];
	word_of(welcome, "dice", dice, sizeof dice);
	word_of(welcome, "idle", idle_s, sizeof idle_s);
	idle_text(atoll(idle_s), idle, sizeof idle);
	word_of(welcome, "battle", battle, sizeof battle);
	word_of(welcome, "kind", kind, sizeof kind);
	word_of(welcome, "head", head, sizeof head);
	word_of(welcome, "seat0", s0, sizeof s0);
	word_of(welcome, "seat1", s1, sizeof s1);
	word_of(welcome, "watchers", w, sizeof w);
	int side = -1, used = 0;
	char rule[16] = "";
	const char *what = "";
	if (sscanf(owe, "owe %d %15s %n", &side, rule, &used) >= 2 && used)
		what = owe + used;
	printf("%.*s: %s, %s, %s commands, %s dice; seat 0 %s, seat 1 %s, %s "
	       "watching; idle %s; ",
	       nlen, name, battle, kind, head, dice, s0, s1, w, idle);
	if (side < 0)
		printf("nobody owes a decision\n");
	else
		printf("side %d owes %s%s%s%s\n", side, what,
		       strcmp(rule, "-") ? " (" : "",
		       strcmp(rule, "-") ? rule : "",
		       strcmp(rule, "-") ? ")" : "");
}

/* Cleans gdir's games (club.clean_days, default 30 with --clean),
 * saying so on said. */
static void clean_games(const struct live_program *lp,
			const struct live_args *a, const char *gdir,
			const char *sdir, const char *skip, FILE *said)
{
	struct club_walk w = {.lp = lp,
			      .gdir = gdir,
			      .sdir = sdir,
			      .skip = skip,
			      .said = said,
			      .days = a->club.clean_days ? a->club.clean_days
							 : 30};
	each_game(gdir, clean_one, &w);
}

static int games(const struct live_program *lp, const struct live_args *a)
{
	char sdir[900], gdir[900];
	if (socket_dir(a, sdir, sizeof sdir) != 0)
		return 2;
	if (game_dir(lp, a, gdir, sizeof gdir) != 0) {
		fprintf(stderr, "maniple: no place for the game files (set "
				"XDG_STATE_HOME or HOME)\n");
		return 2;
	}
	if (a->clean)
		clean_games(lp, a, gdir, sdir, "", stdout);
	DIR *d = opendir(sdir);
	if (!d) {
		fprintf(stderr, "maniple: %s: %s\n", sdir, strerror(errno));
		return 2;
	}
	struct dirent *e;
	int shown = 0;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len <= 5 || strcmp(e->d_name + len - 5, ".sock") != 0)
			continue;
		char path[1200];
		snprintf(path, sizeof path, "%s/%s", sdir, e->d_name);
		int fd = connect_to(path);
		if (fd < 0)
			continue; /* a dead server's */
		FILE *f = fdopen(fd, "r+");
		if (!f) {
			close(fd);
			continue;
		}
		fprintf(f, "hello proto=%d want=watch\n", LIVE_PROTO);
		fflush(f);
		char line[LIVE_LINE_MAX * 4], welcome[600] = "", owe[300] = "";
		while (fgets(line, sizeof line, f)) {
			line[strcspn(line, "\n")] = '\0';
			if (!strncmp(line, "welcome ", 8))
				snprintf(welcome, sizeof welcome, "%.590s", line);
			if (!strncmp(line, "owe ", 4) ||
			    !strncmp(line, "refuse ", 7)) {
				snprintf(owe, sizeof owe, "%.290s", line);
				break;
			}
		}
		fputs("bye\n", f);
		fclose(f);
		if (!welcome[0])
			continue; /* refused: not a game this user may join */
		games_line((int)(len - 5), e->d_name, welcome, owe);
		shown++;
	}
	closedir(d);
	struct club_walk w = {.lp = lp, .gdir = gdir, .sdir = sdir};
	each_game(gdir, list_waiting, &w);
	if (!shown && !w.shown)
		printf("no live or waiting games in %s\n", sdir);
	return 0;
}

/* The config file's [club] (tui/config.h), read quietly: the view says
 * what it refuses. */
static void read_club(struct tui_club *club)
{
	memset(club, 0, sizeof *club);
	struct tui_config *cfg = malloc(sizeof *cfg);
	char path[1024];
	bool named;
	if (cfg && tui_config_locate(NULL, path, sizeof path, &named) &&
	    access(path, R_OK) == 0) {
		tui_config_init(cfg);
		tui_config_read_file(cfg, path);
		*club = cfg->club;
	}
	free(cfg);
}

int live_main(int argc, char **argv, const struct live_program *lp)
{
	struct live_args a;
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		live_usage(stdout);
		return 0;
	}
	if (parse(argc, argv, &a) != 0) {
		live_usage(stderr);
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	read_club(&a.club);
	if (!a.idle)
		a.idle = a.club.idle;
	if (!a.notify && a.club.notify[0])
		a.notify = a.club.notify;
	if (!strcmp(argv[0], "games"))
		return games(lp, &a);
	char sdir[900], gdir[900];
	if (socket_dir(&a, sdir, sizeof sdir) != 0)
		return 2;
	char name[64];
	if (a.battle) {
		snprintf(name, sizeof name, "%s", a.battle);
	} else if (!strcmp(argv[0], "host")) {
		fprintf(stderr, "maniple: host needs a BATTLE\n");
		return 2;
	} else if (only_game(sdir, name, sizeof name) != 1) {
		fprintf(stderr, "maniple: name the game to join (maniple "
				"games lists them)\n");
		return 2;
	}
	char sock[1000];
	snprintf(sock, sizeof sock, "%s/%s.sock", sdir, name);
	bool hosting = !strcmp(argv[0], "host");
	if (game_dir(lp, &a, gdir, sizeof gdir) != 0) {
		fprintf(stderr, "maniple: no place for the game file "
				"(set XDG_STATE_HOME or HOME)\n");
		return 2;
	}
	char game[1000], opts[1000];
	snprintf(game, sizeof game, "%s/%s.game", gdir, name);
	snprintf(opts, sizeof opts, "%s/%s.host", gdir, name);
	int fd = connect_to(sock);
	if (fd >= 0) { /* served already: join it */
		close(fd);
	} else if (hosting || access(game, F_OK) == 0) {
		/* host: a new game or its waiting one; join: the waiting
		 * game (its file, no server), served again */
		char logp[1000], why[800];
		snprintf(logp, sizeof logp, "%s/%s.log", sdir, name);
		struct host_opts o;
		if (hosting && a.club.clean_days)
			clean_games(lp, &a, gdir, sdir, name, stderr);
		if (hosting && a.club.games_per_user &&
		    access(game, F_OK) != 0) {
			struct club_walk w = {.lp = lp, .skip = name};
			each_game(gdir, count_mine, &w);
			if (w.count >= a.club.games_per_user) {
				fprintf(stderr, "maniple: you host %d unfinished "
						"games in %s already "
						"(games-per-user %d in the "
						"config's [club])\n",
					w.count, gdir, a.club.games_per_user);
				return 2;
			}
		}
		if (hosting) {
			char mode[16];
			bool two = a.dice ? !strcmp(a.dice, GAMEFILE_TWO_PARTY)
					  : file_dice_mode(game, mode,
							   sizeof mode) &&
						    !strcmp(mode,
							    GAMEFILE_TWO_PARTY);
			if (two) {
				/* the host's seat: --as, else 0; the other
				 * seat's client gives the nonces */
				int seat = side_of(lp, name, a.side);
				if (seat < 0)
					seat = 0;
				a.host_seat = seat;
				a.side = seat ? "1" : "0";
			}
			if (!a.have_seed)
				a.seed = (uint64_t)time(NULL) ^
					 ((uint64_t)getpid() << 32);
			if (host_opts_write(opts, &a, why, sizeof why) != 0) {
				fprintf(stderr, "maniple: %s\n", why);
				return 2;
			}
		} else {
			char host[40];
			if (!may_start(lp, game, name, a.dir, why,
				       sizeof why, host)) {
				fprintf(stderr, "maniple: %s\n", why);
				return 2;
			}
			host_opts_read(opts, &o);
			host_opts_apply(&o, &a);
		}
		if (start_server(lp, &a, game, sock, logp, why, sizeof why) !=
			    0 &&
		    !served_soon(sock)) {
			fprintf(stderr, "maniple: %s\n", why);
			return 2;
		}
	}
	if (hosting) {
		char mode[16] = "";
		file_dice_mode(game, mode, sizeof mode);
		fprintf(stderr, "maniple: %s is live (%s); others join with: "
				"maniple join %s%s%s\n",
			name, dice_words(mode), name, a.dir ? " --dir " : "",
			a.dir ? a.dir : "");
	}
	return attach(lp, &a, sock, name);
}

bool live_command(const char *word)
{
	return !strcmp(word, "host") || !strcmp(word, "join") ||
	       !strcmp(word, "games");
}
