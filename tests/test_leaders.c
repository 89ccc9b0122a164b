/* Replacing eliminated leaders (SPQR 4.74, 4.75, 4.56, 4.4 #4, 5.22 #5),
 * played through the session on a copy of the drill battle with more
 * leaders: a general "legate" and "legate2" (Rome), Replacement leaders
 * "rep1" (and "rep2" unless one_spare), and a Proconsul "pro" when asked.
 * Leaders are killed through leader_casualty_check (8.19) with the
 * Leader Casualty die forced to 9 (killed, leader_casualty.ini). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "logged.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/leaders.h"
#include "maniple/missile.h"
#include "maniple/sequence.h"
#include "fixture.h"
#include "spqr_tables.h"

struct variant {
	bool proconsul;
	bool one_spare;
	char path[256];
};

/* drill.ini with its map made absolute, and the extra leaders */
static void write_battle(struct variant *v)
{
	char in[4096];
	snprintf(in, sizeof in, "%s/scenarios/drill.ini", fx_srcdir());
	snprintf(v->path, sizeof v->path, "/tmp/maniple_leaders_%d_%d%d.ini",
		 (int)getpid(), v->proconsul, v->one_spare);
	FILE *f = fopen(in, "r");
	cr_assert_not_null(f, "no %s", in);
	FILE *o = fopen(v->path, "w");
	cr_assert_not_null(o);
	char line[1024];
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "map = ", 6) == 0)
			fprintf(o, "map = %s/%s", fx_srcdir(), line + 6);
		else
			fputs(line, o);
	}
	fclose(f);
	fputs("\n[leader legate]\nname = Legate\nside = rome\nkind = general\n"
	      "hex = 2415\ninitiative = 5\ncommand_range = 3\n"
	      "line_command = 1\n"
	      "\n[leader legate2]\nname = Legate2\nside = rome\n"
	      "kind = general\nhex = 2417\ninitiative = 6\n"
	      "command_range = 3\nline_command = 1\n"
	      "\n[leader rep1]\nname = Rep1\nside = rome\nkind = replacement\n"
	      "available = no\ninitiative = 2\ncommand_range = 3\n"
	      "line_command = 1\n",
	      o);
	if (!v->one_spare)
		fputs("\n[leader rep2]\nname = Rep2\nside = rome\n"
		      "kind = replacement\navailable = no\ninitiative = 2\n"
		      "command_range = 2\nline_command = 1\n",
		      o);
	if (v->proconsul)
		fputs("\n[leader pro]\nname = Pro\nside = rome\n"
		      "kind = proconsul\nhex = 2317\ninitiative = 7\n"
		      "command_range = 4\nline_command = 1\nstrategy = 2\n",
		      o);
	fclose(o);
}

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	struct variant *v = user;
	if (strcmp(name, "leaders") == 0)
		return battle_load(v->path, err);
	return fx_loader(NULL, name, err);
}

struct play {
	struct variant v;
	struct session s;
	struct cmd_result r;
};

static void ok(struct play *p, const char *line)
{
	session_exec(&p->s, line, &p->r);
	cr_assert_eq(p->r.status, CMD_OK, "%s: refused %s (%s)", line,
		     p->r.reason, p->r.rule);
}

/* Rome first (roll 6 2), the consul trumps the tribune (roll 3, 5.41). */
static struct play *start(bool proconsul, bool one_spare)
{
	struct play *p = calloc(1, sizeof *p);
	cr_assert_not_null(p);
	p->v.proconsul = proconsul;
	p->v.one_spare = one_spare;
	write_battle(&p->v);
	session_init(&p->s, loader, spqr_tables_loader, &p->v, 1);
	p->s.checkpoint_every = 1; /* the game changed by hand too */
	cmd_result_init(&p->r);
	ok(p, "new leaders sandbox 7");
	ok(p, "setup remove ar1");
	ok(p, "roll 6 2");
	ok(p, "continue");
	ok(p, "roll 3");
	ok(p, "trump consul");
	ok(p, "no trump");
	return p;
}

static void stop(struct play *p)
{
	cmd_result_free(&p->r);
	session_free(&p->s);
	remove(p->v.path);
	free(p);
}

static struct leader *L(struct play *p, const char *id)
{
	struct leader *l = game_leader(p->s.game, id);
	cr_assert_not_null(l, "no leader %s", id);
	return l;
}

/* 8.19, 4.73: leader id killed (Leader Casualty die 9) */
static void kill(struct play *p, const char *id)
{
	struct game *g = p->s.game;
	ok(p, "roll 9");
	leader_casualty_check(g, (int)(L(p, id) - g->leaders), "8.19");
	cr_assert(L(p, id)->killed, "%s not killed", id);
}

static void refused(struct play *p, const char *line, const char *rule)
{
	char *before = game_state_text(p->s.game);
	size_t nev = p->s.game->events.n;
	session_exec(&p->s, line, &p->r);
	char *after = game_state_text(p->s.game);
	cr_expect_eq(p->r.status, CMD_REFUSED, "%s was not refused", line);
	cr_expect_str_eq(p->r.rule ? p->r.rule : "", rule,
			 "%s: rule %s (%s)", line, p->r.rule, p->r.reason);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	cr_expect_eq(p->s.game->events.n, nev, "%s emitted events", line);
	free(before);
	free(after);
}

static const struct event *last(struct play *p, const char *kind)
{
	const struct event_log *l = &p->s.game->events;
	for (size_t i = l->n; i-- > 0;)
		if (strcmp(event_log_kind(l, i), kind) == 0)
			return logged_event(l, i);
	return NULL;
}

static const char *field_of(const struct event *e, const char *key)
{
	const char *v = e ? event_get(e, key) : NULL;
	return v ? v : "";
}

static bool legal_has(struct play *p, const char *line)
{
	struct decision_answer a[512];
	int n = seq_legal(p->s.game, a, 512);
	for (int i = 0; i < n; i++)
		if (strcmp(a[i].line, line) == 0)
			return true;
	return false;
}

/* 4.74, 4.4 #4, 5.22 #5: the OC spends one Individual Order; the
 * Replacement leader comes in at a hex of a unit he may order, Finished */
Test(leaders, replacement_leader_comes_in_finished_4_74)
{
	struct play *p = start(false, false);
	kill(p, "legate");
	const struct event *e = last(p, "may_be_replaced");
	cr_assert_str_eq(field_of(e, "leader"), "legate");
	cr_expect_str_eq(field_of(e, "rule"), "4.74");
	cr_expect(legal_has(p, "order legate replace 2415"));
	int left = p->s.game->seq.orders_left;
	ok(p, "order legate replace 2415");
	e = last(p, "leader_replaced");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "by"), "rep1");
	cr_expect_str_eq(field_of(e, "hex"), "2415");
	cr_expect_str_eq(field_of(e, "rule"), "4.74,5.22");
	struct leader *r1 = L(p, "rep1");
	cr_expect(r1->on_map && r1->available && !r1->killed);
	cr_expect_eq(r1->state, LS_FINISHED);
	cr_expect_eq(p->s.game->seq.orders_left, left - 1);
	cr_expect(!L(p, "rep2")->available, "only one came in");
	cr_expect(!L(p, "legate")->available && L(p, "legate")->killed);
	/* replaced once only */
	refused(p, "order legate replace 2415", "4.74");
	cr_expect(!legal_has(p, "order legate replace 2415"));
	stop(p);
}

/* 4.74: the player names which Replacement leader comes in */
Test(leaders, chosen_replacement_4_74)
{
	struct play *p = start(false, false);
	kill(p, "legate");
	refused(p, "order legate replace 2415 legate2", "4.74");
	refused(p, "order legate replace 2415 nobody", "");
	ok(p, "order legate replace 2417 rep2");
	cr_expect(L(p, "rep2")->on_map && !L(p, "rep1")->available);
	cr_expect_eq(L(p, "rep2")->hex.col, L(p, "legate2")->hex.col);
	stop(p);
}

/* 4.74: the hex must hold a unit the incoming leader may order; not the
 * living, not the enemy's */
Test(leaders, replace_hex_and_whom_4_74)
{
	struct play *p = start(false, false);
	refused(p, "order legate replace 2415", "4.74"); /* not eliminated */
	kill(p, "legate");
	refused(p, "order legate replace 2416", "4.74"); /* no unit there */
	refused(p, "order hanno replace 2415", "4.74");	 /* enemy */
	stop(p);
}

/* 4.74: a tribune comes back himself, unwounded, Finished, with no
 * Replacement leader spent; only where he may order (4.52: not cavalry) */
Test(leaders, tribune_returns_4_74)
{
	struct play *p = start(false, true);
	ok(p, "setup wounds tribune 1");
	kill(p, "tribune");
	cr_expect_str_eq(field_of(last(p, "may_be_replaced"), "by"),
			 "himself");
	refused(p, "order tribune replace 2419", "4.74"); /* rc1: cavalry */
	refused(p, "order tribune replace 2315 rep1", "4.74");
	ok(p, "order tribune replace 2315");
	struct leader *t = L(p, "tribune");
	cr_expect(t->on_map && !t->killed && t->available);
	cr_expect_eq(t->wounds, 0);
	cr_expect_eq(t->state, LS_FINISHED);
	cr_expect(!L(p, "rep1")->available, "no Replacement leader spent");
	/* 4.74: no limit for tribunes: killed again, he may come back again */
	kill(p, "tribune");
	ok(p, "order tribune replace 2315");
	stop(p);
}

/* 4.74: with no Replacement leader left, a general is not replaced */
Test(leaders, none_left_4_74)
{
	struct play *p = start(false, true);
	kill(p, "legate");
	kill(p, "legate2");
	ok(p, "order legate replace 2415");
	refused(p, "order legate2 replace 2417", "4.74");
	cr_expect(!legal_has(p, "order legate2 replace 2417"));
	stop(p);
	/* killed after the last one came in: told so at once */
	p = start(false, true);
	kill(p, "legate");
	ok(p, "order legate replace 2415");
	kill(p, "legate2");
	const struct event *e = last(p, "no_replacement");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "leader"), "legate2");
	cr_expect_str_eq(field_of(e, "rule"), "4.74");
	stop(p);
}

/* 4.4 #4: only the OC replaces */
Test(leaders, only_the_oc_4_4)
{
	struct play *p = start(false, false);
	kill(p, "legate");
	ok(p, "setup active tribune");
	refused(p, "order legate replace 2415", "4.4");
	cr_expect(!L(p, "rep1")->available);
	stop(p);
}

/* 4.75: a killed OC is not replaced and no one takes over */
Test(leaders, oc_not_replaced_4_75)
{
	struct play *p = start(false, false);
	kill(p, "consul");
	const struct event *e = last(p, "no_replacement");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "leader"), "consul");
	cr_expect_str_eq(field_of(e, "rule"), "4.75");
	for (int i = 0; i < p->s.game->nleaders; i++)
		cr_expect(!p->s.game->leaders[i].overall ||
				  p->s.game->leaders[i].side != 0 ||
				  strcmp(p->s.game->leaders[i].id, "consul") ==
					  0,
			  "%s took over", p->s.game->leaders[i].id);
	cr_expect(!L(p, "rep1")->available);
	stop(p);
}

/* 4.56, 4.75: a Proconsul takes over as OC at once, Strategy Rating 1,
 * his other ratings unchanged */
Test(leaders, proconsul_takes_over_4_56)
{
	struct play *p = start(true, false);
	int init = L(p, "pro")->initiative, range = L(p, "pro")->command_range;
	kill(p, "consul");
	const struct event *e = last(p, "overall_commander");
	cr_assert_not_null(e);
	cr_expect_str_eq(field_of(e, "leader"), "pro");
	cr_expect_str_eq(field_of(e, "replaces"), "consul");
	cr_expect_str_eq(field_of(e, "rule"), "4.56,4.75");
	struct leader *pc = L(p, "pro");
	cr_expect(pc->overall);
	cr_expect(!L(p, "consul")->overall);
	cr_expect_eq(pc->strategy, 1);
	cr_expect_eq(pc->initiative, init);
	cr_expect_eq(pc->command_range, range);
	cr_expect_null(last(p, "no_replacement"));
	stop(p);
}
