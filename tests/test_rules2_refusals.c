/* Rules II audit, played through the session on the drill battle
 * (scenarios/drill.ini) in sandbox games: a leader moving with a phalanx
 * follows the half he stands in at cavalry costs (4.23, 6.14, 6.15), and
 * a battery of refusals in the Rules II positions (a reaction pending,
 * an open phalanx move, a unit In Column, a stack move, a Pre-arranged
 * Withdrawal marker after activation): each names its rule and changes
 * nothing (state text, events, journal). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/reactions.h"
#include "spqr_tables.h"

static struct battle *loader(void *user, const char *name,
			     struct ini_error *err)
{
	(void)user;
	const char *src = getenv("MANIPLE_SRCDIR");
	char path[4096];
	if (!battle_path(src && *src ? src : MANIPLE_SRCDIR, name, path,
			 (int)sizeof path)) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	return battle_load(path, err);
}

struct play {
	struct session s;
	struct cmd_result r;
};

static void ok(struct play *p, const char *line)
{
	session_exec(&p->s, line, &p->r);
	cr_assert_eq(p->r.status, CMD_OK, "%s: refused %s (%s)", line,
		     p->r.reason, p->r.rule);
}

/* A sandbox drill game with the setup lines run, then Carthage (roll 2 6)
 * or Rome (roll 6 2) first (5.12) and `activate LEADER`. */
static struct play *start(const char *const *setup, bool rome,
			  const char *leader)
{
	struct play *p = calloc(1, sizeof *p);
	cr_assert_not_null(p);
	session_init(&p->s, loader, spqr_tables_loader, NULL, 1);
	p->s.checkpoint_every = 1; /* the game changed by hand too */
	cmd_result_init(&p->r);
	ok(p, "new drill sandbox 7");
	for (int i = 0; setup && setup[i]; i++)
		ok(p, setup[i]);
	ok(p, rome ? "roll 6 2" : "roll 2 6");
	ok(p, "continue");
	char line[64];
	snprintf(line, sizeof line, "activate %s", leader);
	ok(p, line);
	return p;
}

static void stop(struct play *p)
{
	cmd_result_free(&p->r);
	session_free(&p->s);
	free(p);
}

/* Refused with a reason, naming rule (NULL: any rule, but one), and
 * nothing changed: state text, event count and journal. */
static void refused(struct play *p, const char *line, const char *rule)
{
	char *before = game_state_text(p->s.game);
	size_t nev = p->s.game->events.n;
	size_t njournal = p->s.journal.n;
	session_exec(&p->s, line, &p->r);
	char *after = game_state_text(p->s.game);
	cr_expect_eq(p->r.status, CMD_REFUSED, "%s was not refused", line);
	cr_expect(p->r.reason[0] != '\0', "%s: refused without a reason",
		  line);
	cr_expect(p->r.rule && p->r.rule[0], "%s: refused naming no rule",
		  line);
	if (rule)
		cr_expect_str_eq(p->r.rule ? p->r.rule : "", rule,
				 "%s: rule %s (%s)", line, p->r.rule,
				 p->r.reason);
	cr_expect_str_eq(before, after, "%s changed the game", line);
	cr_expect_eq(p->s.game->events.n, nev, "%s emitted events", line);
	cr_expect_eq(p->s.journal.n, njournal, "%s was journalled", line);
	free(before);
	free(after);
}

static const struct leader *L(struct play *p, const char *id)
{
	const struct leader *l = game_leader(p->s.game, id);
	cr_assert_not_null(l, "no leader %s", id);
	return l;
}

static bool at(struct play *p, const char *id, const char *hex)
{
	struct hex h;
	cr_assert(hex_parse(hex, &h));
	return hex_eq(L(p, id)->hex, h);
}

static int mp_used(struct play *p, const char *id)
{
	return p->s.game->ord.leader_mp[L(p, id) - p->s.game->leaders];
}

/* 4.23, 6.14, 6.15: Mago stands in the 2916 half of the phalanx
 * (2915/2916 facing W).  `order ph1 with`: each forward step (6.43) he
 * follows his half, 2916 to 2816 to 2716 — not the phalanx's first hex
 * — paying 1 MP of his 9 each (clear, cavalry costs). */
Test(rules2_refusals, leader_with_a_phalanx_follows_his_half_4_23_6_14)
{
	const char *setup[] = {"setup leader mago 2916", NULL};
	struct play *p = start(setup, false, "mago");
	ok(p, "order ph1 with");
	ok(p, "move 2815,2816");
	cr_expect(at(p, "mago", "2816"), "4.23: he stays in his half");
	cr_expect_eq(mp_used(p, "mago"), 1, "6.14, 6.15: 1 MP in the clear");
	ok(p, "move 2715,2716");
	cr_expect(at(p, "mago", "2716"));
	cr_expect_eq(mp_used(p, "mago"), 2);
	stop(p);

	/* in the 2915 half he follows that one; a pivot (6.43) that keeps
	 * his half leaves him where he is, at no cost */
	const char *setup2[] = {"setup leader mago 2915", NULL};
	p = start(setup2, false, "mago");
	ok(p, "order ph1 with");
	ok(p, "move 2815,2816");
	cr_expect(at(p, "mago", "2815"), "4.23: the 2915 half went to 2815");
	cr_expect_eq(mp_used(p, "mago"), 1);
	stop(p);

	/* a pivot carrying his half takes him along (face SW: the 2915 half
	 * swings into 2816 round 2916) */
	p = start(setup2, false, "mago");
	ok(p, "order ph1 with");
	ok(p, "face SW");
	cr_expect(at(p, "mago", "2816"), "4.23: his half pivoted to 2816");
	cr_expect_eq(mp_used(p, "mago"), 1);
	stop(p);
	p = start(setup, false, "mago");
	ok(p, "order ph1 with");
	ok(p, "face SW");
	cr_expect(at(p, "mago", "2916"), "4.23: his half was the pivot");
	cr_expect_eq(mp_used(p, "mago"), 0);
	stop(p);
}

/* 6.14: with 8 of his 9 MP spent, Mago may go with the phalanx one clear
 * hex; the next step is refused naming 6.14 and changes nothing. */
Test(rules2_refusals, leader_with_a_phalanx_out_of_mp_6_14)
{
	const char *setup[] = {"setup leader mago 2916", NULL};
	struct play *p = start(setup, false, "mago");
	ok(p, "order ph1 with");
	p->s.game->ord.leader_mp[L(p, "mago") - p->s.game->leaders] = 8;
	ok(p, "move 2815,2816");
	cr_expect_eq(mp_used(p, "mago"), 9);
	if (reactions_pending(p->s.game))
		ok(p, "no reaction");
	refused(p, "move 2715,2716", "6.14");
	cr_expect(at(p, "mago", "2816"));
	stop(p);
}

/* 6.5, 6.51, 7.15: a reaction is pending (the velites may withdraw from
 * the phalanx): the mover's side gives no orders until Rome answers;
 * answers that are not offered are refused. */
Test(rules2_refusals, reaction_pending_6_5_7_15)
{
	struct play *p = start(NULL, false, "mago");
	ok(p, "order ph1");
	ok(p, "move 2815,2816");
	ok(p, "move 2715,2716");
	cr_assert(reactions_pending(p->s.game), "6.51: an offer is open");
	refused(p, "move 2616,2716", "6.5");
	refused(p, "face SW", "6.5");
	refused(p, "order hi1", "6.5");
	refused(p, "halt", "6.5");
	refused(p, "orders done", "6.5");
	refused(p, "withdraw ve1 2616", NULL);	 /* toward the phalanx */
	refused(p, "withdraw ha1 2315", NULL);	 /* not offered */
	refused(p, "react face ha1 NE", NULL);	 /* not offered */
	refused(p, "withdraw tribune 2316", NULL); /* 4.72 not offered */
	ok(p, "no reaction");
	stop(p);
}

/* 6.43, 7.13, 6.45: an open phalanx move */
Test(rules2_refusals, open_phalanx_move_6_43_7_13)
{
	struct play *p = start(NULL, false, "mago");
	ok(p, "order ph1");
	refused(p, "move 2815", "6.43");	/* one hex named */
	refused(p, "move 2815,2815", "6.43");
	refused(p, "move 2715,2716", NULL);	/* not adjacent */
	refused(p, "face NE", "7.13");		/* 2 vertices */
	refused(p, "face SE", "7.13");
	refused(p, "form column WSW", NULL);
	stop(p);
}

/* 6.73, 6.74, 6.32: a unit In Column enters no rear hex and faces a
 * hexside, not a vertex */
Test(rules2_refusals, unit_in_column_6_73_6_74)
{
	const char *setup[] = {"setup unit hi2 3018 WSW column", NULL};
	struct play *p = start(setup, false, "mago");
	ok(p, "order hi2");
	refused(p, "move 3118", NULL); /* behind it */
	refused(p, "face W", "6.73");
	refused(p, "move 2918,2919", "6.43");
	ok(p, "move 2918");
	stop(p);
}

/* 6.64, 6.66: a stack (ha2 on ha1 at 2415): the bottom unit does not
 * move alone; the stack's move names one hex next to it */
Test(rules2_refusals, stack_move_6_64_6_66)
{
	const char *setup[] = {"setup unit ha2 2415 E", NULL};
	struct play *p = start(setup, true, "tribune");
	refused(p, "order ha1", "6.66");
	ok(p, "order ha2 stack");
	refused(p, "move 2415,2416", "6.43");
	refused(p, "move 2417", "6.31");
	refused(p, "form column WSW", NULL);
	ok(p, "move 2515");
	refused(p, "order ha1", NULL); /* 6.12: it moved with the stack */
	stop(p);
}

/* 6.82: Pre-arranged Withdrawal markers go on before the turn's first
 * activation; after it, refused */
Test(rules2_refusals, pw_marker_after_activation_6_82)
{
	struct play *p = start(NULL, false, "mago");
	refused(p, "prearrange hanno pw", "6.82");
	refused(p, "prearrange mago pw", "6.82");
	stop(p);
}
