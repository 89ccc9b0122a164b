/* test_tui_prompt.c — the prompt box (src/tui/prompt.h) without a
 * terminal: for each decision met on the drill battle with forced dice
 * (activation 5.12, momentum 5.31, trump reply 5.42, Orderly Withdrawal
 * 6.5, reaction facing 7.15, rout moves 10.22, the shock decisions 8.45,
 * 10.13, 8.5 ...) the box's answers are the legal list in its order, the
 * hexes they name are highlighted with their number, a digit gives the
 * answer, and the free Orders Phase (5.2) and the shock designation
 * (8.41) have no box.  Who plays: the kind question's keys and the
 * hotseat hand-over (RULINGS R9). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

#include "fixture.h"

#include "../src/tui/prompt.h"
#include "../src/tui/view.h"
#include "tui_fixture.h"

static struct session S;
static struct tui_view *V;

static void ok(const char *line)
{
	fx_ok(&S, line);
}

/* A view on the session, with no terminal: what prompt.c and tui_exec
 * need of it. */
static void view(void)
{
	V = fx_view(&S);
	prompt_start(V, false);
}

static void drill(const char *kind)
{
	char line[64];
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	snprintf(line, sizeof line, "new drill %s 11", kind);
	ok(line);
	view();
}

static void stop(void)
{
	fx_view_free(V);
	V = NULL;
	session_free(&S);
}

static const char *last_line(void)
{
	return S.journal.n ? S.journal.lines[S.journal.n - 1] : "";
}

static struct prompt_ask *ask_now(void)
{
	struct prompt_ask *a = calloc(1, sizeof *a);
	cr_assert(a);
	prompt_build(&S, a);
	return a;
}

/* The box's answers are the legal list, line by line, rule by rule: the
 * side owing the decision's own first, each part in the list's order. */
static void answers_are_legal(const struct prompt_ask *a)
{
	struct decision_answer *l = calloc(PROMPT_ANSWERS_MAX, sizeof *l);
	cr_assert(l);
	int n = seq_legal(S.game, l, PROMPT_ANSWERS_MAX);
	int side = seq_decision_side(S.game);
	cr_assert_eq(a->n, n);
	int k = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n; i++) {
			bool own = l[i].side < 0 || l[i].side == side;
			if (own != (pass == 0))
				continue;
			cr_assert_str_eq(a->ans[k].line, l[i].line);
			cr_assert_str_eq(a->ans[k].rule, l[i].rule);
			cr_assert_eq(a->ans[k].side, l[i].side);
			k++;
		}
	cr_assert_eq(k, n);
	free(l);
}

static bool marked(struct hex h, wchar_t mark)
{
	const struct tui_hl *hl = tui_hl_at(V, h);
	return hl && hl->kind == HL_TARGET && hl->mark == mark;
}

static struct hex unit_hex(const char *id)
{
	for (int i = 0; i < S.game->nunits; i++)
		if (!strcmp(S.game->units[i].id, id))
			return S.game->units[i].at.hex[0];
	cr_assert_fail("no unit %s", id);
	return HEX_NONE;
}

static struct hex hx(const char *t)
{
	struct hex h;
	cr_assert(hex_parse(t, &h));
	return h;
}

/* drill_turn.txt up to the Tribune's first Orders Phase */
static void to_orders(void)
{
	ok("roll 6 2");
	ok("continue");
	ok("activate tribune");
}

/* ... and on to Carthage's Orderly Withdrawal offer (6.5) */
static void to_withdrawal(void)
{
	to_orders();
	ok("order ve1");
	ok("face NE");
	ok("move 2616");
	ok("move 2615");
	prompt_update(V);
}

Test(tui_prompt, activation_answers_are_the_legal_list, .init = NULL,
     .fini = stop)
{
	drill("solo");
	cr_assert_not(prompt_due(&S), "3.0: no decision yet, no box");
	ok("roll 6 2");
	ok("continue");
	struct prompt_ask *a = ask_now();
	cr_assert(a->due);
	cr_assert_str_eq(a->step, seq_step_name(SEQ_ACTIVATE));
	cr_assert_eq(a->side, 0);
	cr_assert_str_eq(a->title, "Rome: activation (5.12)");
	answers_are_legal(a);
	cr_assert_str_eq(a->ans[0].line, "activate tribune"); /* 5.12 */
	cr_assert_str_eq(a->ans[2].line, "trump consul");     /* 5.41 */
	for (int i = 0; i < a->n; i++)
		cr_assert(hex_is_none(a->hex[i]), "no hex in %s",
			  a->ans[i].line);
	free(a);
}

Test(tui_prompt, no_box_in_the_free_orders_phase, .fini = stop)
{
	drill("solo");
	to_orders();
	prompt_update(V);
	cr_assert_not(prompt_due(&S), "5.2: the Orders Phase is free play");
	cr_assert_not(V->prompt.shown);
	cr_assert_eq(V->prompt.nkeys, 0);
	/* a digit is not the prompt's then: the map's keys have it */
	cr_assert_not(prompt_key(V, '1'));
	ok("order ve1"); /* a move open: still the mover's free play */
	prompt_update(V);
	cr_assert_not(V->prompt.shown);
	cr_assert_eq(V->nhl, 0);
}

Test(tui_prompt, a_digit_gives_the_answer, .fini = stop)
{
	drill("solo");
	ok("roll 6 2");
	ok("continue");
	prompt_update(V);
	cr_assert(V->prompt.shown);
	cr_assert_eq(V->prompt.nkeys, 3);
	size_t before = S.journal.n;
	/* a digit past the answers gives nothing */
	cr_assert(prompt_key(V, '5'));
	cr_assert_eq(S.journal.n, before);
	cr_assert(prompt_key(V, '1'));
	cr_assert_str_eq(last_line(), "activate tribune");
	cr_assert_eq(seq_step_now(S.game), SEQ_ORDERS);
	cr_assert_not(V->prompt.shown, "the Orders Phase: the box is gone");
}

Test(tui_prompt, orderly_withdrawal_numbers_its_hexes, .fini = stop)
{
	drill("solo");
	to_withdrawal();
	struct prompt_ask *a = ask_now();
	cr_assert(a->due);
	cr_assert_str_eq(a->step, seq_step_name(SEQ_REACTION));
	cr_assert_eq(a->side, 1, "6.5: the side of the unit withdrawing");
	cr_assert_str_eq(a->title, "Carthage: Orderly Withdrawal (6.5)");
	cr_assert(strstr(a->detail, "ar1"), "%s", a->detail);
	/* 6.52: what withdrawing costs, after the pointer to the hexes
	 * (archers: no check, no hit of their own) */
	cr_assert(strstr(a->detail, "; hexes numbered on the map; withdrawing "
				    "costs ar1 (6.52, 6.53): no hit 100%"),
		  "%s", a->detail);
	answers_are_legal(a);
	cr_assert_str_eq(a->ans[0].line, "withdraw ar1 2813");
	cr_assert(hex_eq(a->hex[0], hx("2813")));
	cr_assert(hex_eq(a->hex[1], hx("2913")));
	cr_assert(hex_eq(a->hex[2], hx("2914")));
	cr_assert(hex_is_none(a->hex[3])); /* withdraw ar1 done */
	free(a);
	/* on the map: each hex carries its answer's number */
	cr_assert(V->prompt.shown);
	cr_assert(marked(hx("2813"), L'1'));
	cr_assert(marked(hx("2913"), L'2'));
	cr_assert(marked(hx("2914"), L'3'));
	cr_assert_eq(V->nhl, 3);
	/* the box keeps in sight what the decision is about: ve1 in 2615,
	 * whose step raised it, and ar1, the unit asked */
	a = ask_now();
	bool mover = false, asked = false;
	for (int k = 0; k < a->nabout; k++) {
		mover |= hex_eq(a->about[k], hx("2615"));
		asked |= hex_eq(a->about[k], unit_hex("ar1"));
	}
	cr_expect(mover && asked, "%d hexes", a->nabout);
	free(a);
}

Test(tui_prompt, a_withdrawal_in_steps_is_a_prompt_each_step, .fini = stop)
{
	drill("solo");
	to_withdrawal();
	unsigned long long first = V->prompt.ask.id;
	cr_assert(prompt_key(V, '1')); /* withdraw ar1 2813 */
	cr_assert_str_eq(last_line(), "withdraw ar1 2813");
	/* the next step: a new prompt from the new legal list */
	cr_assert(V->prompt.shown);
	cr_assert_neq(V->prompt.ask.id, first);
	cr_assert_str_eq(V->prompt.ask.step, seq_step_name(SEQ_REACTION));
	answers_are_legal(&V->prompt.ask);
	cr_assert_not(marked(hx("2914"), L'3'), "the old marks went");
	bool done = false;
	for (int i = 0; i < V->prompt.ask.n; i++)
		done = done || !strcmp(V->prompt.ask.ans[i].line,
				       "withdraw ar1 done");
	cr_assert(done, "6.52: the withdrawal may stop after a hex");
	/* the marks follow the new answers */
	for (int i = 0; i < V->prompt.nkeys; i++)
		if (!hex_is_none(V->prompt.ask.hex[i]))
			cr_assert(tui_hl_at(V, V->prompt.ask.hex[i]));
}

Test(tui_prompt, esc_hides_the_box_until_the_decision_changes,
     .fini = stop)
{
	drill("solo");
	to_withdrawal();
	cr_assert(V->prompt.shown);
	cr_assert(prompt_key(V, 27));
	cr_assert_not(V->prompt.shown);
	cr_assert_eq(V->nhl, 0, "the box's marks go with it");
	cr_assert_not(prompt_key(V, '1'), "hidden: the digit is not taken");
	/* the same decision after another command: still hidden */
	prompt_update(V);
	cr_assert_not(V->prompt.shown);
	/* answered by the : line: the next decision brings the box back */
	tui_exec(V, "withdraw ar1 2813");
	cr_assert(V->prompt.shown);
	cr_assert_gt(V->nhl, 0);
}

Test(tui_prompt, momentum_and_trump_reply, .fini = stop)
{
	drill("solo");
	to_orders();
	ok("order tribune");
	ok("move 2515");
	ok("orders done");
	prompt_update(V);
	struct prompt_ask *a = ask_now();
	cr_assert_str_eq(a->step, seq_step_name(SEQ_MOMENTUM));
	cr_assert_str_eq(a->title, "Rome: momentum (5.31)");
	cr_assert(strstr(a->detail, "Tribune"), "%s", a->detail);
	/* 5.32, 5.33: the Tribune's Initiative 3: 0-3 succeed, a 9 is Doom */
	cr_assert(strstr(a->detail, "? 40% success, 10% Doom"), "%s",
		  a->detail);
	answers_are_legal(a);
	cr_assert_str_eq(a->ans[0].line, "momentum"); /* 5.32 */
	cr_assert_str_eq(a->ans[1].line, "no momentum");
	free(a);
	ok("roll 3");
	cr_assert(prompt_key(V, '1'));
	cr_assert_str_eq(last_line(), "momentum");
	/* 5.42 #2: Carthage may trump the momentum phase */
	a = ask_now();
	cr_assert_str_eq(a->step, seq_step_name(SEQ_TRUMP_REPLY));
	cr_assert_eq(a->side, 1);
	cr_assert_str_eq(a->title, "Carthage: trump reply (5.42)");
	/* 5.42: Hanno (Initiative 4) trumps on 0-4, Mago (3) on 0-3 */
	cr_assert_str_eq(a->detail, "may trump the Tribune (Hanno 50%, Mago "
				    "40%), or let him go");
	answers_are_legal(a);
	cr_assert_str_eq(a->ans[a->n - 1].line, "no trump");
	free(a);
	char key = (char)('0' + V->prompt.nkeys); /* the last: no trump */
	cr_assert(prompt_key(V, key));
	cr_assert_str_eq(last_line(), "no trump");
	cr_assert_eq(seq_step_now(S.game), SEQ_ORDERS);
}

/* Every decision of a script: the box is there exactly when the decision
 * is an answer, and lists the legal actions; returns the kinds seen as
 * bits of (1 << step) and the reactions' and shock's names in seen. */
static unsigned walk(const char *script, char *seen, size_t n)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/scripts/%s", fx_srcdir(), script);
	FILE *f = fopen(path, "r");
	cr_assert(f, "%s", path);
	unsigned steps = 0;
	char line[512];
	struct prompt_ask *a = calloc(1, sizeof *a);
	cr_assert(a);
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		struct cmd_result r;
		cmd_result_init(&r);
		session_exec(&S, line, &r);
		cmd_result_free(&r);
		if (!S.game)
			continue;
		prompt_build(&S, a);
		enum seq_step st = seq_step_now(S.game);
		bool free_play = st == SEQ_NONE || st == SEQ_OVER ||
				 (st == SEQ_ORDERS && !S.game->ord.regroup) ||
				 (st == SEQ_SHOCK &&
				  S.game->shock.ask == SHA_DESIGNATE);
		if (free_play) {
			cr_assert_not(a->due, "%s: %s: no box at %s", script,
				      line, seq_step_name(st));
			continue;
		}
		cr_assert(a->due, "%s: after %s: a box at %s", script, line,
			  seq_step_name(st));
		answers_are_legal(a);
		cr_assert_eq(a->side, seq_decision_side(S.game));
		cr_assert(a->rule[0] && a->what[0]);
		steps |= 1u << st;
		if (!strstr(seen, a->what) &&
		    strlen(seen) + strlen(a->what) + 2 < n) {
			strcat(seen, a->what);
			strcat(seen, "|");
		}
	}
	fclose(f);
	free(a);
	session_free(&S);
	return steps;
}

Test(tui_prompt, every_decision_of_the_drill_scripts_prompts)
{
	char seen[1024] = "|";
	unsigned steps = 0;
	const char *scripts[] = {
		"drill_turn.txt", "sop_turn.txt",   "shock_drill_battle.txt",
		"rout_segment.txt", "passthru.txt", "drill_maneuver.txt",
		"drill_fire.txt", "elcav.txt",	    "hd_drill.txt",
		"rally.txt",	  "cards_drill.txt", "drill_setup.txt",
	};
	for (size_t i = 0; i < sizeof scripts / sizeof scripts[0]; i++)
		steps |= walk(scripts[i], seen, sizeof seen);
	cr_log_info("decisions prompted: %s", seen);
	cr_assert(steps & (1u << SEQ_ACTIVATE));
	cr_assert(steps & (1u << SEQ_MOMENTUM));
	cr_assert(steps & (1u << SEQ_TRUMP_REPLY));
	cr_assert(steps & (1u << SEQ_REACTION));
	cr_assert(steps & (1u << SEQ_ROUT));
	cr_assert(steps & (1u << SEQ_SHOCK));
	const char *want[] = {
		"activation",		"elite initiative",
		"momentum",		"trump reply",
		"Orderly Withdrawal",	"leader withdrawal",
		"reaction facing",	"reaction fire",
		"Shock Must Check marker", "Harassment and Dispersal",
		"Manipular Line Extension", "rout move",
		"clash of the leading units", "advance after combat",
		"elephant Pass-Thru",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		char bar[80];
		snprintf(bar, sizeof bar, "|%s|", want[i]);
		cr_assert(strstr(seen, bar), "%s not in %s", want[i], seen);
	}
}

/* The check of walk() over random legal play of the drill battle: a
 * box exactly when the decision is an answer, its answers the legal
 * list, whatever comes up (hits, pursuit, the rout segment ...). */
static unsigned random_play(uint64_t seed, int steps, char *seen, size_t n)
{
	char line[64];
	unsigned kinds = 0;
	struct prompt_ask *a = calloc(1, sizeof *a);
	struct decision_answer *l = calloc(PROMPT_ANSWERS_MAX, sizeof *l);
	cr_assert(a && l);
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	snprintf(line, sizeof line, "new drill solo %llu",
		 (unsigned long long)seed);
	ok(line);
	uint64_t r = seed * 2654435761u + 1;
	for (int k = 0; k < steps; k++) {
		enum seq_step st = seq_step_now(S.game);
		if (st == SEQ_OVER)
			break;
		prompt_build(&S, a);
		bool free_play = st == SEQ_NONE ||
				 (st == SEQ_ORDERS && !S.game->ord.regroup) ||
				 (st == SEQ_SHOCK &&
				  S.game->shock.ask == SHA_DESIGNATE);
		cr_assert_eq(a->due, !free_play, "seed %llu step %d at %s",
			     (unsigned long long)seed, k, seq_step_name(st));
		if (a->due) {
			answers_are_legal(a);
			kinds |= 1u << st;
			if (!strstr(seen, a->what) &&
			    strlen(seen) + strlen(a->what) + 2 < n) {
				strcat(seen, a->what);
				strcat(seen, "|");
			}
		}
		int nl = seq_legal(S.game, l, PROMPT_ANSWERS_MAX);
		if (nl <= 0)
			break;
		/* mostly not the answers that end things: more of the battle
		 * gets played */
		int pick = 0;
		for (int tries = 0; tries < 8; tries++) {
			r = r * 6364136223846793005ULL + 1442695040888963407ULL;
			pick = (int)((r >> 33) % (uint64_t)nl);
			const char *c = l[pick].line;
			if (strcmp(c, "orders done") && strcmp(c, "halt") &&
			    strncmp(c, "pass", 4) && strcmp(c, "no momentum") &&
			    strcmp(c, "designate done") && strncmp(c, "face", 4))
				break;
		}
		ok(l[pick].line);
	}
	cr_log_info("seed %llu: turn %d, %s", (unsigned long long)seed,
		    S.game->turn, seq_step_name(seq_step_now(S.game)));
	free(a);
	free(l);
	session_free(&S);
	return kinds;
}

Test(tui_prompt, random_play_prompts_exactly_the_answers)
{
	char seen[1024] = "|";
	unsigned kinds = 0;
	for (uint64_t seed = 1; seed <= 6; seed++)
		kinds |= random_play(seed, 1500, seen, sizeof seen);
	cr_log_info("random play prompted: %s", seen);
	cr_assert(kinds & (1u << SEQ_SHOCK));
	cr_assert(kinds & (1u << SEQ_REACTION));
}

/* Bagradas: while Rome activates, Carthage may place its Pre-arranged
 * Withdrawals (6.82), listed first by `legal`; the box puts Rome's own
 * answers under the keys. */
Test(tui_prompt, the_side_owing_the_decision_answers_first, .fini = stop)
{
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	ok("new bagradas solo 3");
	view();
	ok("continue");
	prompt_update(V);
	struct prompt_ask *a = &V->prompt.ask;
	cr_assert(a->due);
	cr_assert_str_eq(a->step, seq_step_name(SEQ_ACTIVATE));
	answers_are_legal(a);
	struct decision_answer *l = calloc(PROMPT_ANSWERS_MAX, sizeof *l);
	cr_assert(l);
	int n = seq_legal(S.game, l, PROMPT_ANSWERS_MAX);
	cr_assert_gt(n, PROMPT_KEYS);
	cr_assert_neq(l[0].side, a->side, "legal starts with the other side");
	free(l);
	cr_assert_lt(a->nown, n, "standing offers to the other side");
	cr_assert_eq(a->nown, 14, "2 activate, 2 pass, 10 trump (5.41)");
	cr_assert_eq(V->prompt.nkeys, PROMPT_KEYS, "more than 9: 9 keys");
	for (int i = 0; i < V->prompt.nkeys; i++)
		cr_assert_eq(a->ans[i].side, a->side, "%s", a->ans[i].line);
	cr_assert(!strncmp(a->ans[0].line, "activate ", 9), "%s",
		  a->ans[0].line);
	/* the legal list Enter opens: Rome's own answers first too, then
	 * Carthage's standing offers, none lost */
	tui_load_legal(V);
	cr_assert_eq(V->nlegal, n);
	for (int i = 0; i < V->nlegal; i++)
		cr_assert_eq(V->legal[i].side == a->side, i < a->nown,
			     "%d: %s", i, V->legal[i].line);
	cr_assert(!strncmp(V->legal[0].line, "activate ", 9), "%s",
		  V->legal[0].line);
	cr_assert(prompt_key(V, '1'));
	cr_assert(!strncmp(last_line(), "activate ", 9), "%s", last_line());
}

Test(tui_prompt, the_hex_an_answer_names)
{
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	ok("new drill solo 11");
	struct map_view *mv = tui_map_view(&S);
	cr_assert_not_null(mv);
	struct hex h = prompt_answer_hex(mv, "withdraw ar1 2813");
	cr_assert(hex_eq(h, hx("2813")));
	cr_assert(hex_is_none(prompt_answer_hex(mv, "activate tribune")));
	cr_assert(hex_is_none(prompt_answer_hex(mv, "move 9999")),
		  "off the map");
	cr_assert(hex_is_none(prompt_answer_hex(mv, "hits ha1 12345")));
	cr_assert(hex_is_none(prompt_answer_hex(mv, "")));
	cr_assert(hex_is_none(prompt_answer_hex(NULL, "rout 2513")));
	mapview_free(mv);
	session_free(&S);
}

Test(tui_prompt, who_plays_which_side)
{
	cr_assert_eq(prompt_kind_for_key('s'), GAME_SOLO);
	cr_assert_eq(prompt_kind_for_key('1'), GAME_SOLO);
	cr_assert_eq(prompt_kind_for_key('h'), GAME_HOTSEAT);
	cr_assert_eq(prompt_kind_for_key('2'), GAME_HOTSEAT);
	cr_assert_eq(prompt_kind_for_key('x'), -1);
	cr_assert_eq(prompt_kind_for_key(27), -1);
	/* R9: only a hotseat game hands over, only between the two sides */
	cr_assert(prompt_handover_due(GAME_HOTSEAT, 0, 1));
	cr_assert(prompt_handover_due(GAME_HOTSEAT, 1, 0));
	cr_assert_not(prompt_handover_due(GAME_HOTSEAT, 0, 0));
	cr_assert(prompt_handover_due(GAME_HOTSEAT, -1, 1), "the first one");
	cr_assert_not(prompt_handover_due(GAME_HOTSEAT, 1, -1));
	cr_assert_not(prompt_handover_due(GAME_SOLO, 0, 1));
	cr_assert_not(prompt_handover_due(GAME_SANDBOX, 0, 1));
}

/* A hotseat game (no forced dice, R9): played by the prompt's first
 * answers, the hand-over comes exactly when the side owing the decision
 * changes, and takes no key but Enter. */
Test(tui_prompt, hotseat_hands_over_when_the_side_changes, .fini = stop)
{
	drill("hotseat");
	tui_exec(V, "continue");
	int side = seq_decision_side(S.game);
	cr_assert_geq(side, 0);
	/* the first decision is handed over too: nothing of it shows
	 * before Enter */
	cr_assert(V->prompt.handover, "the first decision: hand over");
	size_t n0 = S.journal.n;
	cr_assert(prompt_key(V, '1'));
	cr_assert_eq(S.journal.n, n0);
	cr_assert(prompt_key(V, '\r'));
	cr_assert_not(V->prompt.handover);
	int handovers = 0;
	for (int k = 0; k < 40 && handovers < 2; k++) {
		size_t before = S.journal.n;
		if (V->prompt.shown) {
			cr_assert(prompt_key(V, '1'));
		} else {
			/* the Orders Phase: end it, as the player would */
			tui_exec(V, "orders done");
		}
		cr_assert_gt(S.journal.n, before, "an answer was taken");
		int now = seq_decision_side(S.game);
		if (now >= 0 && now != side) {
			cr_assert(V->prompt.handover, "%d to %d", side, now);
			/* nothing but Enter is taken */
			size_t n = S.journal.n;
			cr_assert(prompt_key(V, '1'));
			cr_assert(prompt_key(V, 'i'));
			cr_assert_eq(S.journal.n, n);
			cr_assert(V->prompt.handover);
			cr_assert(prompt_key(V, '\r'));
			cr_assert_not(V->prompt.handover);
			handovers++;
			side = now;
		} else {
			cr_assert_not(V->prompt.handover);
		}
	}
	cr_assert_eq(handovers, 2);
}

Test(tui_prompt, a_solo_game_never_hands_over, .fini = stop)
{
	drill("solo");
	to_withdrawal(); /* Rome moved; Carthage owes the reaction */
	cr_assert_eq(seq_decision_side(S.game), 1);
	cr_assert_not(V->prompt.handover);
}
