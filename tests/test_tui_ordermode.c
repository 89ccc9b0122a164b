/* test_tui_ordermode.c — Order mode and Line mode of the map view
 * (src/tui/ordermode.c) and the engine's step preview they show
 * (orders_step_preview, orders.h), without a terminal: the view is driven
 * in-process through its session on the drill battle with forced dice.
 *
 * The preview must say what `move` then does (6.21 MP, 6.22 / 6.27
 * cohesion hits, 6.25 MP left, 6.32 and 7.23 refusals and stops): every
 * neighbour of the mover is previewed and then moved into on a copy of
 * the game, in several positions. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/missile.h"
#include "maniple/orders.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

#include "fixture.h"

#include "../src/tui/ordermode.h"
#include "../src/tui/seam.h"
#include "../src/tui/view.h"
#include "tui_fixture.h"

static struct session S;
static struct tui_view *V;

static void ok(const char *line)
{
	fx_ok(&S, line);
}

static void run(const char *const *lines)
{
	for (; *lines; lines++)
		ok(*lines);
}

/* The drill, solo, with seed `seed`; a view over it without a screen
 * (too_small: tui_exec never lays windows out). */
static void drill(int seed)
{
	char line[64];
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	snprintf(line, sizeof line, "new drill solo %d", seed);
	ok(line);
	V = fx_view(&S);
	V->lay.too_small = true;
	V->log_want = 0;
}

static void stop(void)
{
	fx_view_free(V);
	V = NULL;
	session_free(&S);
}

static struct hex hx(int n)
{
	return (struct hex){n / 100, n % 100};
}

static const struct unit *unit(const char *id)
{
	for (int i = 0; i < S.game->nunits; i++)
		if (!strcmp(S.game->units[i].id, id))
			return &S.game->units[i];
	cr_assert_fail("no unit %s", id);
	return NULL;
}

/* The view runs the line as its keys do. */
static void view_exec(const char *line)
{
	tui_exec(V, line);
	V->game = tui_game_id(&S);
}

/* ---- the preview agrees with `move` ---- */

struct tally {
	int allowed, refused, with_hits, costly, stops;
};

/* Every neighbour of the mover: the preview, then `move` on a copy of
 * the game; they must agree on MP, hits and MP left, or on the refusal's
 * rule. */
static void agrees_around(const struct game *g, struct tally *t)
{
	const struct orders_state *o = &g->ord;
	cr_assert(o->moving);
	int ui = o->mover_unit;
	struct hex here = ui >= 0 ? g->units[ui].at.hex[0]
				  : g->leaders[o->mover_leader].hex;
	for (int d = 0; d < HEXSIDE_COUNT; d++) {
		struct hex h = hex_neighbour(here, (enum hexside)d);
		char hs[16];
		hex_format(h, hs, sizeof hs);
		struct move_preview p;
		bool allowed = orders_step_preview(g, h, HEX_NONE, &p);
		cr_assert_eq(allowed, p.allowed);
		struct game *cp = game_copy_for_search(g, 7);
		cr_assert(cp);
		struct cmd_result r;
		cmd_result_init(&r);
		orders_move(cp, hs, &r);
		if (allowed) {
			t->allowed++;
			cr_assert_eq(r.status, CMD_OK,
				     "preview allows %s, move: %s", hs,
				     r.reason);
			cr_assert_eq(cp->ord.move.mp_spent - o->move.mp_spent,
				     p.mp, "%s: MP", hs);
			if (ui >= 0) {
				cr_assert_eq(
					cp->units[ui].hits - g->units[ui].hits,
					p.hits, "%s: hits %d, preview %d", hs,
					cp->units[ui].hits - g->units[ui].hits,
					p.hits);
				cr_assert(hex_eq(cp->units[ui].at.hex[0], h));
			}
			cr_assert_eq(o->move.ma - o->move.mp_spent - p.mp,
				     p.mp_left);
			if (cp->ord.moving)
				cr_assert_eq(cp->ord.move.ma -
						     cp->ord.move.mp_spent,
					     p.mp_left);
			/* 7.23: entering an enemy ZOC ends the move */
			cr_assert_eq(p.stops,
				     cp->ord.move.stopped || !cp->ord.moving,
				     "%s: stops", hs);
			t->with_hits += p.hits > 0;
			t->costly += p.mp > 1;
			t->stops += p.stops;
		} else {
			t->refused++;
			cr_assert_eq(r.status, CMD_REFUSED,
				     "preview refuses %s", hs);
			cr_assert_str_eq(r.rule, p.rule, "%s", hs);
			cr_assert_str_eq(r.reason, p.reason);
		}
		cmd_result_free(&r);
		event_log_free(&cp->events);
		free(cp);
	}
}

Test(orders_step_preview, velites_facing_and_rough_ground_6_21_6_25_6_32)
{
	struct tally t = {0};
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  "order ve1", NULL});
	agrees_around(S.game, &t); /* 6.32: flank hexes refused */
	cr_assert_gt(t.refused, 0);
	ok("face NE");
	agrees_around(S.game, &t);
	run((const char *const[]){"move 2616", "move 2615", "no reaction",
				  "move 2614", NULL});
	agrees_around(S.game, &t); /* 2613: broken, 2 MP (6.24) */
	ok("move 2613");
	agrees_around(S.game, &t); /* 6.25: out of MP */
	cr_assert_gt(t.costly, 0);
	struct move_preview p;
	cr_assert_not(orders_step_preview(S.game, hx(2612), HEX_NONE, &p));
	cr_assert_str_eq(p.rule, "6.25");
	stop();
}

Test(orders_step_preview, stacking_and_broken_ground_cost_hits_6_22_6_69)
{
	struct tally t = {0};
	/* Roman foot: into the slingers' hex (6.69), then the broken
	 * ground (6.22, 6.24) */
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  "order ha1", "face NE", NULL});
	agrees_around(S.game, &t);
	struct move_preview p;
	cr_assert(orders_step_preview(S.game, hx(2514), HEX_NONE, &p));
	cr_assert_eq(p.hits, 1, "stacking with sl1 costs ha1 a hit");
	ok("move 2514");
	agrees_around(S.game, &t);
	ok("move 2614");
	agrees_around(S.game, &t);
	stop();
	/* Carthaginian horse toward the stream */
	drill(11);
	run((const char *const[]){"roll 2 6", "continue", "activate mago",
				  "order lc2", "move 2820", NULL});
	agrees_around(S.game, &t);
	stop();
	cr_assert_gt(t.with_hits, 0, "no step with hits was previewed");
	cr_assert_gt(t.allowed, 5);
}

/* 6.43: a phalanx steps naming both its hexes: every legal `move A,B`
 * is previewed as `move` then does it; the view marks each step on its
 * first hex, and `m` there takes it. */
Test(orders_step_preview, phalanx_steps_name_two_hexes_6_42_6_43)
{
	drill(11);
	run((const char *const[]){"roll 2 6", "continue", "activate mago",
				  "order ph1", NULL});
	const struct game *g = S.game;
	int ph = g->ord.mover_unit;
	static struct decision_answer a[256];
	int na = seq_legal(g, a, 256), pairs = 0;
	for (int i = 0; i < na; i++) {
		const char *c = strchr(a[i].line, ',');
		if (strncmp(a[i].line, "move ", 5) || !c)
			continue;
		char first[8];
		snprintf(first, sizeof first, "%.*s", (int)(c - a[i].line - 5),
			 a[i].line + 5);
		struct hex h1, h2;
		cr_assert(hex_parse(first, &h1) && hex_parse(c + 1, &h2));
		struct move_preview p;
		cr_assert(orders_step_preview(g, h1, h2, &p), "%s: %s",
			  a[i].line, p.reason);
		struct game *cp = game_copy_for_search(g, 3);
		struct cmd_result r;
		cmd_result_init(&r);
		orders_move(cp, a[i].line + 5, &r);
		cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
		cr_assert_eq(cp->ord.move.mp_spent - g->ord.move.mp_spent,
			     p.mp);
		cr_assert_eq(cp->units[ph].hits - g->units[ph].hits, p.hits,
			     "%s: %d hits, preview %d", a[i].line,
			     cp->units[ph].hits - g->units[ph].hits, p.hits);
		cmd_result_free(&r);
		event_log_free(&cp->events);
		free(cp);
		pairs++;
		/* the view: marked on the first hex, previewed on the panel */
		tui_order_refresh(V);
		const struct tui_hl *hl = tui_hl_at(V, h1);
		cr_assert(hl && hl->kind == HL_DEST, "%s", a[i].line);
		struct panel_text *pt = calloc(1, sizeof *pt);
		cr_assert(pt);
		tui_order_preview_lines(&S, h1, 40, pt);
		cr_assert(strstr(pt->line[0], a[i].line + 5), "%s",
			  pt->line[0]);
		free(pt);
	}
	cr_assert_gt(pairs, 1);
	/* m on the first hex of the straight step forward (drill: W) */
	V->game = tui_game_id(&S);
	tui_set_cursor(V, hx(2816));
	cr_assert_eq(tui_order_key(V, 'm'), TUI_ORDER_DONE);
	cr_assert(hex_eq(S.game->units[ph].at.hex[0], hx(2816)), "%s",
		  V->message);
	stop();
}

Test(orders_step_preview, a_leader_moving_alone_takes_no_hits_6_14_6_15)
{
	struct tally t = {0};
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  "order tribune", NULL});
	agrees_around(S.game, &t);
	cr_assert_eq(t.with_hits, 0);
	cr_assert_gt(t.allowed, 0);
	stop();
}

Test(orders_step_preview, no_move_open_is_refused_6_11)
{
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  NULL});
	struct move_preview p;
	cr_assert_not(orders_step_preview(S.game, hx(2616), HEX_NONE, &p));
	cr_assert_str_eq(p.rule, "6.11");
	stop();
}

/* ---- Order mode ---- */

static int count_kind(enum tui_hl_kind k)
{
	int n = 0;
	for (int i = 0; i < V->nhl; i++)
		n += V->hl[i].kind == k;
	return n;
}

/* The legal `move` lines now (one hex each). */
static int legal_moves(struct hex *out, int max)
{
	static struct decision_answer a[256];
	int n = seq_legal(S.game, a, 256), k = 0;
	for (int i = 0; i < n && k < max; i++)
		if (!strncmp(a[i].line, "move ", 5))
			cr_assert(hex_parse(a[i].line + 5, &out[k++]), "%s",
				  a[i].line);
	return k;
}

static void dest_are_the_legal_moves(void)
{
	struct hex m[16];
	int n = legal_moves(m, 16);
	cr_assert_gt(n, 0);
	cr_assert_eq(count_kind(HL_DEST), n, "%d destinations, %d moves",
		     count_kind(HL_DEST), n);
	for (int i = 0; i < n; i++) {
		const struct tui_hl *h = tui_hl_at(V, m[i]);
		cr_assert(h && h->kind == HL_DEST);
		struct move_preview p;
		cr_assert(orders_step_preview(S.game, m[i], HEX_NONE, &p));
		cr_assert_eq(h->mark, (wchar_t)('0' + p.mp));
	}
}

Test(tui_ordermode, destinations_are_exactly_the_legal_moves_6_21)
{
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  NULL});
	tui_order_refresh(V);
	cr_assert_eq(tui_order_mode_now(&S), OM_NONE);
	cr_assert_eq(V->nhl, 0);
	view_exec("order ve1");
	cr_assert_eq(tui_order_mode_now(&S), OM_ORDER);
	dest_are_the_legal_moves();
	/* the status line: the decision, then the mover; neither the MP
	 * left (the panel's) nor the count of legal actions, which changes
	 * at almost every step */
	cr_assert(strstr(V->status, "Rome: orders (the Tribune) | ORDER ve1 | "
				    "Turn 1"),
		  "%s", V->status);
	cr_assert_null(strstr(V->status, "MP left"), "%s", V->status);
	cr_assert_null(strstr(V->status, "legal action"), "%s", V->status);
	view_exec("face NE");
	dest_are_the_legal_moves();
	view_exec("move 2616");
	dest_are_the_legal_moves();
	/* halt: the mode and its marks go */
	view_exec("halt");
	cr_assert_eq(tui_order_mode_now(&S), OM_NONE);
	cr_assert_eq(count_kind(HL_DEST), 0);
	stop();
}

Test(tui_ordermode, side_keys_step_and_the_turn_keys_face_6_21_7_12)
{
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  "order ve1", NULL});
	V->game = tui_game_id(&S);
	tui_order_refresh(V);
	/* facing E (7.11): > turns one vertex clockwise, < back */
	cr_assert_eq(tui_order_key(V, '>'), TUI_ORDER_DONE);
	cr_assert_eq(unit("ve1")->at.facing, FACE_SE);
	cr_assert_eq(tui_order_key(V, '<'), TUI_ORDER_DONE);
	cr_assert_eq(tui_order_key(V, '<'), TUI_ORDER_DONE);
	cr_assert_eq(unit("ve1")->at.facing, FACE_NE);
	/* K: across the N side, from 2516 to 2515 */
	cr_assert_eq(tui_order_key(V, 'K'), TUI_ORDER_DONE);
	cr_assert(hex_eq(unit("ve1")->at.hex[0], hx(2515)));
	cr_assert(hex_eq(V->cursor, hx(2515)), "the cursor stays on the mover");
	/* J would go back into a rear hex (6.32): refused, nothing moves */
	cr_assert_eq(tui_order_key(V, 'J'), TUI_ORDER_DONE);
	cr_assert(hex_eq(unit("ve1")->at.hex[0], hx(2515)));
	cr_assert(strstr(V->message, "Refused"), "%s", V->message);
	/* m: into the hex under the cursor */
	struct hex m[16];
	int n = legal_moves(m, 16);
	int e = 0; /* an empty hex: the move may end there (6.69) */
	char there[2][MODE_ID_MAX];
	while (e < n && tui_pieces_at(&S, m[e], there, 2))
		e++;
	cr_assert_lt(e, n);
	tui_set_cursor(V, m[e]);
	cr_assert_eq(tui_order_key(V, 'm'), TUI_ORDER_DONE);
	cr_assert(hex_eq(unit("ve1")->at.hex[0], m[e]));
	/* keys of the map are not this mode's */
	cr_assert_eq(tui_order_key(V, 'k'), TUI_ORDER_NOT_MINE);
	/* a reaction offered between steps (6.5): not Order mode until
	 * it is answered */
	if (seq_step_now(S.game) == SEQ_REACTION) {
		cr_assert_eq(tui_order_mode_now(&S), OM_NONE);
		cr_assert_eq(count_kind(HL_DEST), 0);
		cr_assert_eq(tui_order_key(V, 'x'), TUI_ORDER_NOT_MINE);
		view_exec("no reaction");
	}
	/* x: halt (6.11) */
	cr_assert_eq(seq_step_now(S.game), SEQ_ORDERS, "%s", V->message);
	cr_assert_eq(tui_order_key(V, 'x'), TUI_ORDER_DONE);
	cr_assert_not(S.game->ord.moving, "%s", V->message);
	cr_assert_eq(tui_order_key(V, 'K'), TUI_ORDER_NOT_MINE);
	stop();
}

Test(tui_ordermode, panel_preview_and_key_line_6_22_6_32)
{
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  "order ve1", NULL});
	tui_order_refresh(V);
	struct panel_text *p = calloc(1, sizeof *p);
	cr_assert(p);
	/* a flank hex: why not, with the rule */
	cr_assert_gt(tui_order_preview_lines(&S, hx(2517), 30, p), 0);
	cr_assert(strstr(p->line[0], "6.32"), "%s", p->line[0]);
	/* a front hex: cost, hits, MP left */
	p->n = 0;
	struct move_preview mp;
	cr_assert(orders_step_preview(S.game, hx(2616), HEX_NONE, &mp));
	tui_order_preview_lines(&S, hx(2616), 30, p);
	char want[64];
	snprintf(want, sizeof want, "to 2616: %d MP, %d hits", mp.mp, mp.hits);
	cr_assert_str_eq(p->line[0], want);
	snprintf(want, sizeof want, "MP left after: %d", mp.mp_left);
	cr_assert(!strncmp(p->line[1], want, strlen(want)), "%s", p->line[1]);
	for (int i = 0; i < p->n; i++)
		cr_assert_leq(strlen(p->line[i]), 30);
	char buf[256];
	cr_assert(tui_order_key_line(V, buf, sizeof buf));
	cr_assert(!strncmp(buf, "ORDER ve1 (6 MP)", 16), "%s", buf);
	/* not in a move: no preview, no mover's block, no key line of
	 * ours */
	view_exec("halt");
	p->n = 0;
	cr_assert_eq(tui_order_preview_lines(&S, hx(2616), 30, p), 0);
	tui_order_panel(V, 30, p);
	cr_assert_eq(p->n, 0);
	cr_assert_not(tui_order_key_line(V, buf, sizeof buf));
	free(p);
	stop();
}

/* The Order-mode panel: the mover's block first.  On its own hex (the
 * cursor's place after each step) the same rows at every step (a step
 * rewrites only what it changed: its hex and MP left side by side, hits,
 * facing, markers),
 * the other pieces of its hex a line each; on another hex its head and
 * MP left, then the preview of the step there and that hex.  The key
 * line leaves the MP left to the panel when the panel shows. */
Test(tui_ordermode, panel_mover_block_stays_put_6_21_6_69)
{
	drill(7);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  "order ha1", NULL});
	tui_order_refresh(V);
	struct panel_text *own = calloc(1, sizeof *own);
	struct panel_text *other = calloc(1, sizeof *other);
	cr_assert(own && other);
	/* on the mover's hex: the block alone */
	tui_set_cursor(V, hx(2415));
	own->n = 0;
	tui_order_panel(V, 22, own);
	cr_assert_str_eq(own->line[0], "ORDER ha1 (rome)");
	cr_assert_str_eq(own->line[1], "Hex 2415 (5 MP left)");
	int hexrow = -1;
	for (int i = 0; i < own->n; i++) {
		cr_assert_leq(strlen(own->line[i]), 22, "%s", own->line[i]);
		if (!strcmp(own->line[i], " terrain clear lvl 0"))
			hexrow = i;
	}
	cr_assert_gt(hexrow, 2, "the mover's ground after its own lines");
	cr_assert_eq(hexrow, own->n - 1, "nobody else in 2415");
	/* on another hex: the block's head and MP left, then the preview
	 * of the step there and that hex (in a short panel too) */
	tui_set_cursor(V, hx(2514));
	other->n = 1;
	snprintf(other->line[0], PANEL_LINE_MAX, "Hex 2514 clear lvl 0");
	tui_order_panel(V, 22, other);
	for (int i = 0; i < 2; i++)
		cr_assert_str_eq(other->line[i], own->line[i]);
	cr_assert_str_eq(other->line[2], "");
	cr_assert(!strncmp(other->line[3], "to 2514: 1 MP, 1 hit", 20), "%s",
		  other->line[3]);
	cr_assert_str_eq(other->line[other->n - 1], "Hex 2514 clear lvl 0");
	/* 6.69: the step into sl1's hex; the block keeps its rows, its
	 * figures change in place, sl1 a line of its own */
	cr_assert_eq(tui_order_key(V, 'U'), TUI_ORDER_DONE);
	cr_assert(hex_eq(V->cursor, hx(2514)), "the cursor stays on the mover");
	other->n = 0;
	tui_order_panel(V, 22, other);
	cr_assert_str_eq(other->line[1], "Hex 2514 (4 MP left)");
	cr_assert_str_eq(other->line[hexrow], " terrain clear lvl 0");
	cr_assert_eq(other->n, own->n + 1, "one line for sl1");
	cr_assert_str_eq(other->line[other->n - 1], "+sl1 1/5 skirmishers");
	/* a narrower panel: sl1's class goes on under it, nothing cut */
	struct panel_text *narrow = calloc(1, sizeof *narrow);
	cr_assert(narrow);
	tui_order_panel(V, 14, narrow);
	cr_assert_geq(narrow->n, 2);
	cr_assert_str_eq(narrow->line[narrow->n - 2], "+sl1 1/5");
	cr_assert_str_eq(narrow->line[narrow->n - 1], " skirmishers");
	free(narrow);
	bool hits = false, moved = false;
	for (int i = 2; i < hexrow; i++) {
		hits |= strstr(other->line[i], "hits 1") != NULL;
		moved |= strstr(other->line[i], "moved") != NULL;
		if (strncmp(other->line[i], own->line[i], 6))
			cr_assert(strstr(other->line[i], "hits") ||
					  strstr(other->line[i], "markers"),
				  "row %d moved: %s / %s", i, own->line[i],
				  other->line[i]);
	}
	cr_assert(hits && moved, "the stacking hit (6.69) and the moved marker");
	/* the key line: the MP left in the panel when it shows */
	char buf[256];
	cr_assert(tui_order_key_line(V, buf, sizeof buf));
	cr_assert(!strncmp(buf, "ORDER ha1 (4 MP)", 16), "%s", buf);
	/* fitted to 80 columns without the panel (the log open at 80x24):
	 * every key of the mode still there, the last column blank */
	V->lay.w = 80;
	cr_assert(tui_order_key_line(V, buf, sizeof buf));
	cr_assert_leq(strlen(buf), 79, "%s", buf);
	static const char *const all[] = {"ORDER ha1 (4 MP)", "m step",
					  "KUNJBY side", "<> turn", "f fire",
					  "z form", "x halt", "D done",
					  "? keys"};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		cr_assert(strstr(buf, all[i]), "%s: no %s", buf, all[i]);
	/* narrower: the step and halt keys and ? stay, the rest goes */
	V->lay.w = 45;
	cr_assert(tui_order_key_line(V, buf, sizeof buf));
	cr_assert_leq(strlen(buf), 44, "%s", buf);
	cr_assert(strstr(buf, "ORDER ha1 (4 MP)") && strstr(buf, "m step") &&
			  strstr(buf, "x halt") && strstr(buf, "? keys"),
		  "%s", buf);
	cr_assert_null(strstr(buf, "z form"), "%s", buf);
	V->lay.w = 0;
	V->lay.too_small = false;
	V->lay.panel_shown = true;
	cr_assert(tui_order_key_line(V, buf, sizeof buf));
	cr_assert(!strncmp(buf, "ORDER ha1  m step", 17), "%s", buf);
	cr_assert_null(strstr(buf, "MP left"), "%s", buf);
	V->lay.too_small = true;
	free(own);
	free(other);
	stop();
}

/* ---- fire targeting (8.1) ---- */

/* drill_fire.txt up to the Consul's activation, then `order sl1`. */
static const char *const to_the_consul[] = {
	"roll 2 6",    "continue",    "activate mago",
	"order li1",   "move 2716",   "face NW",
	"move 2715",   "no reaction", "move 2714",
	"move 2614",   "roll 2",      "react fire sl1 2614",
	"no reaction", "halt",	      "orders done",
	"no momentum", "roll 8 1",    "activate tribune",
	"orders done", "no momentum", "activate consul",
	NULL};

Test(tui_ordermode, fire_targets_are_the_legal_volleys_with_the_number_8_15)
{
	drill(5);
	run(to_the_consul);
	view_exec("order sl1");
	struct tui_target t[TUI_TARGETS_MAX];
	int n = tui_order_fire_targets(&S, NULL, t, TUI_TARGETS_MAX);
	/* the legal `fire` lines, each with the missile module's number */
	static struct decision_answer a[256];
	int na = seq_legal(S.game, a, 256), nf = 0;
	for (int i = 0; i < na; i++)
		nf += !strncmp(a[i].line, "fire ", 5);
	cr_assert_eq(n, nf);
	cr_assert_gt(n, 0);
	int sl1 = (int)(unit("sl1") - S.game->units);
	for (int i = 0; i < n; i++) {
		struct fire_check fc;
		cr_assert(missile_check(S.game, sl1, WEAPON_MAIN, t[i].hex,
					FIRE_OFFENSIVE, &fc));
		cr_assert_eq(t[i].needed, fc.needed);
		cr_assert_eq(t[i].extended, fc.extended);
	}
	cr_assert(hex_eq(t[0].hex, hx(2614)));
	/* f: the targets marked with the number needed, the cursor on one */
	cr_assert_eq(tui_order_key(V, 'f'), TUI_ORDER_DONE);
	cr_assert(V->om.targeting);
	cr_assert_eq(count_kind(HL_TARGET), n);
	cr_assert_eq(count_kind(HL_DEST), 0);
	const struct tui_hl *h = tui_hl_at(V, hx(2614));
	cr_assert(h && h->kind == HL_TARGET);
	cr_assert_eq(h->mark, (wchar_t)('0' + t[0].needed));
	cr_assert(hex_eq(V->cursor, hx(2614)));
	char buf[256];
	cr_assert(tui_order_key_line(V, buf, sizeof buf));
	cr_assert(!strncmp(buf, "FIRE", 4));
	/* Esc leaves: the destinations come back */
	cr_assert_eq(tui_order_key(V, 27), TUI_ORDER_DONE);
	cr_assert_not(V->om.targeting);
	cr_assert_eq(count_kind(HL_TARGET), 0);
	cr_assert_gt(count_kind(HL_DEST), 0);
	/* Enter fires at the target under the cursor */
	tui_order_key(V, 'f');
	ok("roll 1");
	int hits = unit("li1")->hits;
	cr_assert_eq(tui_order_key(V, '\r'), TUI_ORDER_DONE);
	cr_assert_gt(unit("li1")->hits, hits, "%s", V->message);
	cr_assert_not(V->om.targeting);
	stop();
}

Test(tui_ordermode, f_on_the_map_targets_an_order_to_fire_5_22)
{
	drill(5);
	run(to_the_consul);
	V->game = tui_game_id(&S);
	tui_order_refresh(V);
	V->cursor = unit("sl1")->at.hex[0];
	cr_assert_eq(tui_order_key(V, 'f'), TUI_ORDER_DONE);
	cr_assert(V->om.targeting);
	cr_assert_eq(V->om.ntargets, 1);
	cr_assert_str_eq(V->om.target[0].line, "order sl1 fire 2614");
	cr_assert_eq(V->om.target[0].needed, 3); /* drill_fire.txt */
	/* nothing that can fire under the cursor: said, nothing else */
	tui_order_key(V, 27);
	V->cursor = hx(2010);
	cr_assert_eq(tui_order_key(V, 'f'), TUI_ORDER_DONE);
	cr_assert_not(V->om.targeting);
	cr_assert(V->message[0]);
	stop();
}

/* ---- choosers: i, L, z, the list's filter ---- */

static void load_list(void)
{
	tui_load_legal(V);
}

Test(tui_ordermode, i_gives_the_order_or_lists_its_kinds_5_22)
{
	drill(5);
	run(to_the_consul);
	V->game = tui_game_id(&S);
	/* L: the Line Commands (5.23) */
	cr_assert_eq(tui_order_command(V, TC_LINE_COMMAND), TUI_ORDER_LIST);
	load_list();
	cr_assert_gt(V->nlegal, 0);
	for (int i = 0; i < V->nlegal; i++)
		cr_assert(!strncmp(V->legal[i].line, "line ", 5));
	tui_order_list_closed(V);
	/* ve1 has one kind of order: given at once */
	V->cursor = unit("ve1")->at.hex[0];
	cr_assert_eq(tui_order_command(V, TC_ORDER), TUI_ORDER_DONE);
	cr_assert(S.game->ord.moving);
	cr_assert_str_eq(S.game->units[S.game->ord.mover_unit].id, "ve1");
	view_exec("halt");
	/* sl1 may move or fire: the list, narrowed to its orders */
	V->cursor = unit("sl1")->at.hex[0];
	cr_assert_eq(tui_order_command(V, TC_ORDER), TUI_ORDER_LIST);
	load_list();
	cr_assert_eq(V->nlegal, 2, "%d lines", V->nlegal);
	cr_assert_str_eq(V->legal[0].line, "order sl1");
	cr_assert(!strncmp(V->legal[1].line, "order sl1 fire 2614", 19));
	/* the list closed: the filter is gone */
	tui_order_list_closed(V);
	load_list();
	cr_assert_gt(V->nlegal, 2);
	/* nothing under the cursor */
	V->cursor = hx(2010);
	cr_assert_eq(tui_order_command(V, TC_ORDER), TUI_ORDER_DONE);
	cr_assert(V->message[0]);
	/* an Individual Order given: no Line Command now (5.21) */
	cr_assert_eq(tui_order_command(V, TC_LINE_COMMAND), TUI_ORDER_DONE);
	cr_assert(V->message[0]);
	/* D: orders done (5.27) */
	cr_assert_eq(tui_order_command(V, TC_ORDERS_DONE), TUI_ORDER_DONE);
	cr_assert_neq(seq_step_now(S.game), SEQ_ORDERS);
	stop();
}

Test(tui_ordermode, z_lists_the_formation_changes_6_71)
{
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  "order ve1", NULL});
	V->game = tui_game_id(&S);
	cr_assert_eq(tui_order_key(V, 'z'), TUI_ORDER_LIST);
	load_list();
	cr_assert_gt(V->nlegal, 0);
	for (int i = 0; i < V->nlegal; i++)
		cr_assert(!strncmp(V->legal[i].line, "form ", 5), "%s",
			  V->legal[i].line);
	tui_order_list_closed(V);
	stop();
}

/* The modes' view-model through the ruleset seam (ruleset.h,
 * modeview.h): the mover, its MP and facing, and each step with the
 * `move` line the decision lists and the cost the step's preview gives
 * (6.21). */
Test(tui_ordermode, order_view_through_the_seam_6_21)
{
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  NULL});
	const struct ruleset *rs = tui_rules(&S);
	cr_assert(rs && rs->order_view && rs->step_preview && rs->decide);
	struct order_view ov;
	tui_order_view(&S, &ov, true);
	cr_assert_eq(ov.mode, OV_NONE);
	cr_assert(ov.orders);
	view_exec("order ve1");
	tui_order_view(&S, &ov, true);
	cr_assert_eq(ov.mode, OV_ORDER);
	cr_assert_str_eq(ov.mover, "ve1");
	cr_assert_eq(ov.mp_left, 6);
	cr_assert(hex_eq(ov.mover_hex[0], unit("ve1")->at.hex[0]));
	cr_assert_eq(ov.facing, (int)unit("ve1")->at.facing);
	cr_assert_gt(ov.nsteps, 0);
	struct decision_answer room[256];
	struct decision d;
	decision_init(&d, room, 256);
	cr_assert_eq(tui_decision(&S, &d), d.n);
	for (int i = 0; i < ov.nsteps; i++) {
		const struct order_step *st = &ov.step[i];
		cr_assert(!strncmp(st->line, "move ", 5), "%s", st->line);
		bool listed = false;
		for (int k = 0; k < d.n; k++)
			listed |= !strncmp(d.ans[k].line, st->line,
					   strlen(st->line));
		cr_assert(listed, "%s is no legal line", st->line);
		struct step_preview p;
		cr_assert(tui_step_preview(&S, st->a, st->b, &p));
		cr_assert_eq(p.mp, st->cost);
	}
	/* off the map: refused with the reason and its rule */
	struct step_preview p;
	cr_assert_not(tui_step_preview(&S, (struct hex){1, 1}, HEX_NONE,
				       &p));
	cr_assert(p.rule[0] && p.reason[0]);
	stop();
}

/* 5.21: after one Individual Order the leader gives no Line Command this
 * phase: `L` says so with the rule and the reason a typed `line NAME`
 * is refused with, not a vague "no Line Command now". */
Test(tui_ordermode, line_key_after_an_order_gives_the_rule_5_21)
{
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  NULL});
	view_exec("order ve1");
	view_exec("halt");
	cr_assert_eq(tui_order_command(V, TC_LINE_COMMAND), TUI_ORDER_DONE);
	char said[sizeof V->message];
	snprintf(said, sizeof said, "%s", V->message);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&S, "line hastati", &r);
	cr_assert_eq(r.status, CMD_REFUSED);
	cr_expect_str_eq(r.rule, "5.21");
	cr_expect(strstr(said, "rule 5.21") != NULL, "%s", said);
	cr_expect(strstr(said, r.reason) != NULL, "[%s] lacks [%s]", said,
		  r.reason);
	cmd_result_free(&r);
	/* F (a Line Command to fire) gives the same reason */
	V->message[0] = '\0';
	cr_assert_eq(tui_order_key(V, 'F'), TUI_ORDER_DONE);
	cr_expect_str_eq(V->message, said);
	stop();
}

/* 6.11: an order given from the legal list or the `:` line (the cursor
 * elsewhere) brings the cursor, and the view, to the unit ordered; the
 * cursor then stays where the player moves it. */
Test(tui_ordermode, the_view_follows_the_unit_ordered_6_11)
{
	drill(11);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  NULL});
	struct hex far = unit("ha1")->at.hex[0];
	V->cursor = far;
	cr_assert(!hex_eq(far, unit("ve1")->at.hex[0]));
	view_exec("order ve1");
	cr_assert(hex_eq(V->cursor, unit("ve1")->at.hex[0]));
	V->cursor = far;
	view_exec("face NE");
	cr_assert(hex_eq(V->cursor, far), "the same move: the cursor stays");
	view_exec("halt");
	stop();
}

/* 3.0: Space (TC_CONTINUE) runs `continue` when nobody owes a decision,
 * and otherwise says which one is pending, running nothing. */
Test(tui_ordermode, space_continues_when_nobody_owes_3_0)
{
	drill(11);
	size_t n = S.journal.n;
	cr_assert_eq(tui_order_command(V, TC_CONTINUE), TUI_ORDER_DONE);
	V->game = tui_game_id(&S);
	cr_assert_eq(S.journal.n, n + 1, "continue ran");
	cr_assert_geq(seq_decision_side(S.game), 0, "a side owes one now");
	V->message[0] = '\0';
	cr_assert_eq(tui_order_command(V, TC_CONTINUE), TUI_ORDER_DONE);
	cr_assert_eq(S.journal.n, n + 1, "nothing ran");
	cr_expect(strstr(V->message, "nothing to continue") != NULL, "%s",
		  V->message);
	stop();
}

/* ---- Line mode (4.31, 5.23) ---- */

Test(tui_ordermode, line_mode_marks_the_units_still_to_move_4_31)
{
	drill(11);
	run((const char *const[]){"roll 2 6", "continue", "activate mago",
				  NULL});
	V->game = tui_game_id(&S);
	view_exec("line cavalry");
	cr_assert_eq(tui_order_mode_now(&S), OM_LINE);
	cr_assert(strstr(V->status, " | LINE COMMAND | "), "%s", V->status);
	/* drill_turn.txt: hc1, lc2 and Mago may be picked */
	cr_assert_eq(count_kind(HL_LINE), 3, "%d", count_kind(HL_LINE));
	cr_assert(tui_hl_at(V, unit("hc1")->at.hex[0]));
	cr_assert(tui_hl_at(V, unit("lc2")->at.hex[0]));
	char buf[256];
	cr_assert(tui_order_key_line(V, buf, sizeof buf));
	cr_assert(!strncmp(buf, "LINE", 4));
	/* p picks the unit under the cursor: Order mode */
	V->cursor = unit("hc1")->at.hex[0];
	cr_assert_eq(tui_order_key(V, 'p'), TUI_ORDER_DONE);
	cr_assert_eq(tui_order_mode_now(&S), OM_ORDER);
	cr_assert_str_eq(S.game->units[S.game->ord.mover_unit].id, "hc1");
	cr_assert_gt(count_kind(HL_DEST), 0);
	cr_assert_eq(count_kind(HL_LINE), 0);
	/* its move ends: back to the line, hc1 no longer marked */
	view_exec("move 2819");
	view_exec("halt");
	cr_assert_eq(tui_order_mode_now(&S), OM_LINE);
	cr_assert_eq(count_kind(HL_LINE), 2, "%d", count_kind(HL_LINE));
	cr_assert_null(tui_hl_at(V, unit("hc1")->at.hex[0]));
	/* E: no extension for cavalry (9.68): said, nothing changes */
	cr_assert_eq(tui_order_key(V, 'E'), TUI_ORDER_DONE);
	cr_assert(V->message[0]);
	stop();
}

/* 9.68: the hastati Line with pr1 stacked under ha1 at 2415 (as
 * drill_maneuver.txt stacks them): E on 2414 lists the extension there,
 * E on a hex no extension names lists them all. */
Test(tui_ordermode, E_lists_the_extensions_into_the_cursor_hex_9_68)
{
	drill(7);
	run((const char *const[]){"roll 6 2", "continue", "activate tribune",
				  "order pr1", "move 2415", "orders done",
				  "no momentum", "activate mago", "orders done",
				  "roll 8 1", "no momentum", "activate consul",
				  NULL});
	V->game = tui_game_id(&S);
	view_exec("line hastati");
	cr_assert_eq(tui_order_mode_now(&S), OM_LINE);
	V->cursor = hx(2414);
	cr_assert_eq(tui_order_key(V, 'E'), TUI_ORDER_LIST);
	tui_load_legal(V);
	cr_assert_eq(V->nlegal, 1);
	cr_assert_str_eq(V->legal[0].line, "extend ha1 2414");
	tui_order_list_closed(V);
	V->cursor = hx(2010);
	cr_assert_eq(tui_order_key(V, 'E'), TUI_ORDER_LIST);
	tui_load_legal(V);
	cr_assert_eq(V->nlegal, 2);
	for (int i = 0; i < V->nlegal; i++)
		cr_assert(!strncmp(V->legal[i].line, "extend ha1 ", 11));
	tui_order_list_closed(V);
	stop();
}

Test(tui_ordermode, F_before_a_line_command_puts_it_on_the_line_5_23)
{
	drill(11);
	run((const char *const[]){"roll 2 6", "continue", "activate mago",
				  NULL});
	V->game = tui_game_id(&S);
	cr_assert_eq(tui_order_key(V, 'F'), TUI_ORDER_DONE);
	cr_assert(V->cl.open);
	cr_assert_str_eq(V->cl.buf, "line "); /* two lines: which one */
	cr_assert(strstr(V->completions, "5.23"));
	stop();
}

/* ---- the tables ---- */

Test(tui_ordermode, the_tables_are_in_the_help_without_clashes)
{
	size_t n, m;
	const struct tui_mode_binding *o =
		tui_mode_bindings(NULL, KM_ORDER, &n);
	const struct tui_mode_binding *l =
		tui_mode_bindings(NULL, KM_LINECMD, &m);
	cr_assert_gt(n, 10);
	cr_assert_eq(m, 5);
	cr_assert(strstr(tui_mode_title(KM_ORDER), "Order"));
	/* the mode keys that act in a move shadow no map key but Tab,
	 * S-Tab, Enter and Esc, which only targeting takes */
	for (size_t i = 0; i < n; i++) {
		const struct tui_binding *b = tui_binding_for(NULL, o[i].key);
		bool targeting = strstr(o[i].help, "targeting") != NULL;
		cr_assert(!b || targeting || o[i].key == '\r',
			  "%s is the map's", o[i].key_name);
	}
	for (size_t i = 0; i < m; i++)
		cr_assert(!tui_binding_for(NULL, l[i].key) ||
				  strstr(l[i].help, "targeting"),
			  "%s", l[i].key_name);
	cr_assert(tui_binding_for(NULL, 'i') &&
		  tui_binding_for(NULL, 'i')->cmd == TC_ORDER);
	cr_assert(tui_binding_for(NULL, 'L') &&
		  tui_binding_for(NULL, 'L')->cmd == TC_LINE_COMMAND);
	cr_assert(tui_binding_for(NULL, 'D') &&
		  tui_binding_for(NULL, 'D')->cmd == TC_ORDERS_DONE);
}
