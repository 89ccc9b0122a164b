/* The consequences of a shock combat before it is designated
 * (shock_preview.h): the Clash pairing (8.45), the column and the
 * superiority (8.46), and the chance of each row of the CRT from the
 * engine's own odds (shock_combat_odds).  Played on the drill battle of
 * tests/scripts/shock_drill_battle.txt up to its first Shock
 * designation; what the preview says of each face is then checked
 * against the roll the segment makes and the hits it gives. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "maniple/cmd.h"
#include "maniple/odds.h"
#include "maniple/reaction_fire.h"
#include "maniple/reactions.h"
#include "maniple/shock.h"
#include "maniple/shock_preview.h"
#include "maniple/tables.h"
#include "maniple/teach.h"

static bool designating(const struct session *s, const void *arg)
{
	(void)arg;
	return s->game && s->game->shock.step == SHS_DESIGNATE &&
	       s->game->shock.ask == SHA_DESIGNATE;
}

/* The drill battle at its first Shock designation (Rome: ha1 and ha2
 * must attack ar1 and li1). */
static void at_designation(struct session *s)
{
	cr_assert(fx_play_script_until(s, "shock_drill_battle", designating,
				       NULL));
}

static const char *event_field(const struct event_log *log, const char *kind,
			       const char *combat, const char *key)
{
	for (size_t i = 0; i < log->n; i++)
		if (event_log_is(log, i, kind) &&
		    !strcmp(event_log_get(log, i, "combat"), combat))
			return event_log_get(log, i, key);
	return NULL;
}

/* 8.45, 8.46: the preview before `designate` gives, for the face the
 * segment then rolls, the very hits it applies; the column and
 * superiority are those of the segment's events */
Test(shock_preview, the_preview_is_what_the_segment_does)
{
	struct session s;
	at_designation(&s);
	struct game *g = s.game;
	struct shock_preview p[2];
	cr_assert(shock_preview_designation(g, "ha1", "ar1", &p[0]));
	cr_assert(shock_preview_designation(g, "ha2", "li1", &p[1]));
	for (int i = 0; i < 2; i++) {
		cr_expect(odds_complete(&p[i].odds));
		cr_expect_str_eq(p[i].odds.rule, "8.46");
	}
	cr_expect_str_eq(p[0].att, "ha1");
	cr_expect_str_eq(p[0].def, "ar1");
	cr_expect_eq(g->shock.ncombats, 0, "a preview designates nothing");
	/* after designating, the combat's own preview is the same */
	fx_ok(&s, "designate ha1 ar1");
	struct shock_preview q;
	cr_assert(shock_preview_combat(g, 0, &q));
	cr_expect_eq(q.column, p[0].column);
	cr_expect_eq(q.superiority, p[0].superiority);
	for (int d = 0; d < 10; d++)
		cr_expect_str_eq(q.odds.out[q.odds.face[d]].name,
				 p[0].odds.out[p[0].odds.face[d]].name);
	/* a refused designation has no preview */
	struct shock_preview none;
	cr_expect_not(shock_preview_designation(g, "ha1", "li1", &none));
	cr_expect_not(shock_preview_combat(g, 5, &none));
	fx_ok(&s, "designate ha2 li1");

	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "designate done", &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	const char *ci[2] = {"0", "1"};
	for (int i = 0; i < 2; i++) {
		const char *roll = event_field(&r.out, "shock_roll", ci[i],
					       "roll");
		const char *final = event_field(&r.out, "shock_result", ci[i],
						"final");
		const char *col = event_field(&r.out, "shock_result", ci[i],
					      "column");
		const char *sup = event_field(&r.out, "shock_result", ci[i],
					      "superiority");
		cr_assert(roll && final && col && sup);
		int d = atoi(roll);
		cr_expect_str_eq(p[i].odds.out[p[i].odds.face[d]].name, final,
				 "combat %d rolled %d", i, d);
		cr_expect_eq(p[i].column, atoi(col));
		cr_expect_str_eq(sup, p[i].superiority == SUP_NONE
					      ? "none"
					      : superiority_name(p[i].superiority));
	}
	cmd_result_free(&r);
	session_free(&s);
}

/* Teach mode's designation tells each planned combat's column,
 * superiority and odds (8.45, 8.46) before it is chosen; `show shock`
 * the same */
Test(shock_preview, teach_and_show_shock_tell_the_odds_before_designating)
{
	struct session s;
	at_designation(&s);
	struct game *g = s.game;
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct ini_error err;
	struct teach_texts *tx = teach_load(dir, &err);
	cr_assert_not_null(tx, "%s", err.msg);
	struct teach_line l;
	cr_assert(teach_decision(tx, g, &l));
	const char *pairs[2][2] = {{"ha1", "ar1"}, {"ha2", "li1"}};
	for (int i = 0; i < 2; i++) {
		struct shock_preview p;
		cr_assert(shock_preview_designation(g, pairs[i][0],
						    pairs[i][1], &p));
		char text[SHOCK_PREVIEW_ITEM_MAX], want[SHOCK_PREVIEW_ITEM_MAX + 320];
		shock_preview_text(&p, text, sizeof text);
		snprintf(want, sizeof want, "designate %s %s puts %s",
			 pairs[i][0], pairs[i][1], text);
		cr_expect_not_null(strstr(l.text, want), "%s\nnot in\n%s",
				   want, l.text);
		char col[32];
		snprintf(col, sizeof col, "at column %d with ", p.column);
		cr_expect_not_null(strstr(want, col), "%s", want);
	}
	cr_expect_not_null(strstr(l.rule, "8.41"), "%s", l.rule);
	cr_expect_not_null(strstr(l.text, "8.43 checks first: "), "%s",
			   l.text);
	/* a percent for every result, and they add up to 100 */
	struct shock_preview p;
	cr_assert(shock_preview_designation(g, "ha1", "ar1", &p));
	int sum = 0;
	for (int k = 0; k < p.odds.n; k++)
		sum += odds_percent(&p.odds, p.odds.out[k].name);
	cr_expect_eq(sum, 100);

	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, "show shock", &r);
	cr_assert_eq(r.status, CMD_OK);
	cr_assert_not_null(r.text);
	cr_expect_not_null(strstr(r.text, "designate ha1 ar1 puts ha1 on ar1 "
					  "at column"),
			   "%s", r.text);
	cmd_result_free(&r);
	fx_ok(&s, "designate ha1 ar1");
	cr_assert(teach_decision(tx, g, &l));
	cr_expect_not_null(strstr(l.text, "Combat 1 puts ha1 on ar1 at column"),
			   "%s", l.text);
	teach_free(tx);
	session_free(&s);
}

/* A preview of ha1 on ar1 at column 11, no result yet. */
static void ha1_on_ar1(struct shock_preview *p)
{
	memset(p, 0, sizeof *p);
	snprintf(p->att, sizeof p->att, "ha1");
	snprintf(p->def, sizeof p->def, "ar1");
	p->column = 11;
	odds_init(&p->odds, 10, "8.46");
}

/* The text says what the odds are, each result with its percentage */
Test(shock_preview, the_text_names_each_result)
{
	struct shock_preview p;
	ha1_on_ar1(&p);
	p.superiority = SUP_AS;
	for (int d = 0; d < 10; d++)
		odds_face(&p.odds, d, d < 4 ? 6 : 8, "%d(%d)", 1, d < 4 ? 6 : 8);
	char text[256];
	shock_preview_text(&p, text, sizeof text);
	cr_expect_str_eq(text, "ha1 on ar1 at column 11 with AS: hits "
			       "attacker(defender) 1(6) 40%, 1(8) 60% (no 8.43 check)");
	p.superiority = SUP_NONE;
	shock_preview_text(&p, text, sizeof text);
	cr_expect_not_null(strstr(text, "with no superiority:"), "%s", text);
}

static bool clash_asked(const struct session *s, const void *arg)
{
	(void)arg;
	return s->game && (s->game->shock.ask == SHA_CLASH_ATTACKER ||
			   s->game->shock.ask == SHA_CLASH_DEFENDER);
}

/* 8.45: where the Clash pairing is a choice, each `clash UNIT` answer's
 * column, superiority and odds are told before it is made (teach mode,
 * show shock), and the one made is what the roll then gives */
Test(shock_preview, each_clash_choice_with_its_odds)
{
	struct session s;
	cr_assert(fx_play_script_until(&s, "shock_drill_battle", clash_asked,
				       NULL));
	struct game *g = s.game;
	struct decision_answer a[16];
	int na = shock_legal(g, a, 16);
	cr_assert_gt(na, 1, "a real choice");
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct ini_error err;
	struct teach_texts *tx = teach_load(dir, &err);
	cr_assert_not_null(tx, "%s", err.msg);
	struct teach_line l;
	cr_assert(teach_decision(tx, g, &l));
	cr_expect_not_null(strstr(l.rule, "8.45"), "%s", l.rule);
	struct shock_preview pick;
	char unit[128] = "";
	for (int k = 0; k < na; k++) {
		char u[128];
		cr_assert_eq(sscanf(a[k].line, "clash %127s", u), 1);
		struct shock_preview p;
		cr_assert(shock_preview_clash(g, u, &p), "%s", u);
		cr_expect(odds_complete(&p.odds));
		char text[SHOCK_PREVIEW_ITEM_MAX], want[SHOCK_PREVIEW_ITEM_MAX + 320];
		shock_preview_text(&p, text, sizeof text);
		snprintf(want, sizeof want, "clash %s puts %s", u, text);
		cr_expect_not_null(strstr(l.text, want), "%s\nnot in\n%s",
				   want, l.text);
		if (!unit[0]) {
			snprintf(unit, sizeof unit, "%s", u);
			pick = p;
		}
	}
	struct shock_preview none;
	cr_expect_not(shock_preview_clash(g, "nobody", &none));
	char line[160];
	snprintf(line, sizeof line, "clash %s", unit);
	struct cmd_result r;
	cmd_result_init(&r);
	session_exec(&s, line, &r);
	cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
	const char *ci = NULL, *roll = NULL, *final = NULL;
	for (size_t i = 0; i < r.out.n; i++) {
		if (event_log_is(&r.out, i, "shock_roll") && !roll) {
			ci = event_log_get(&r.out, i, "combat");
			roll = event_log_get(&r.out, i, "roll");
		}
		if (event_log_is(&r.out, i, "shock_result") && ci &&
		    !strcmp(event_log_get(&r.out, i, "combat"), ci) && !final)
			final = event_log_get(&r.out, i, "final");
	}
	cr_assert(roll && final, "the combat was rolled");
	cr_expect_str_eq(pick.odds.out[pick.odds.face[atoi(roll)]].name, final);
	cmd_result_free(&r);
	teach_free(tx);
	session_free(&s);
}

/* The preview's check of unit id (8.43), or NULL. */
static const struct shock_preview_check *check_of(const struct shock_preview *p,
						  int np, const char *id)
{
	for (int i = 0; i < np; i++)
		for (int k = 0; k < p[i].nchecks; k++)
			if (!strcmp(p[i].check[k].unit, id))
				return &p[i].check[k];
	return NULL;
}

/* 8.43: before designating, each unit's Pre-Shock TQ check is told from
 * the Charge step's own modifiers (shock_charge_odds); for every face
 * of the die, forced, the hits the preview gives are the hits the step
 * rolls, unit by unit, and the units told are those that roll */
Test(shock_preview, the_pre_shock_checks_face_by_face)
{
	for (int d = 0; d < 10; d++) {
		struct session s;
		at_designation(&s);
		struct game *g = s.game;
		struct shock_preview p[2];
		cr_assert(shock_preview_designation(g, "ha1", "ar1", &p[0]));
		cr_assert(shock_preview_designation(g, "ha2", "li1", &p[1]));
		/* ha1 attacks a skirmisher: no check of its own (8.43) */
		cr_expect_null(check_of(p, 2, "ha1"));
		int told = p[0].nchecks + p[1].nchecks;
		cr_assert_eq(told, 3, "ar1, ha2 and li1 check");
		for (int i = 0; i < 2; i++)
			for (int k = 0; k < p[i].nchecks; k++) {
				cr_expect(odds_complete(&p[i].check[k].odds));
				cr_expect_str_eq(p[i].check[k].odds.rule, "8.43");
			}
		fx_ok(&s, "designate ha1 ar1");
		fx_ok(&s, "designate ha2 li1");
		for (int k = 0; k < told; k++)
			cr_assert(dice_force(&g->dice, d));
		struct cmd_result r;
		cmd_result_init(&r);
		session_exec(&s, "designate done", &r);
		cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
		int rolled = 0;
		for (size_t i = 0; i < r.out.n; i++) {
			if (event_log_is(&r.out, i, "roll") &&
			    !strcmp(event_log_get(&r.out, i, "for"),
				    "pre_shock_check"))
				cr_expect_eq(atoi(event_log_get(&r.out, i, "die")),
					     d);
			if (!event_log_is(&r.out, i, "tq_check") ||
			    strcmp(event_log_get(&r.out, i, "why"),
				   "pre_shock_check"))
				continue;
			const char *id = event_log_get(&r.out, i, "unit");
			const struct shock_preview_check *c =
				check_of(p, 2, id);
			cr_assert_not_null(c, "%s rolled, not told", id);
			cr_expect_eq(c->odds.out[c->odds.face[d]].value,
				     atoi(event_log_get(&r.out, i, "hits")),
				     "%s on a %d", id, d);
			rolled++;
		}
		cr_expect_eq(rolled, told, "face %d", d);
		cmd_result_free(&r);
		session_free(&s);
	}
}

/* The checks told after the CRT's odds, each with its chance of passing
 * and the span of hits a failure gives */
Test(shock_preview, the_text_tells_the_checks)
{
	struct shock_preview p;
	ha1_on_ar1(&p);
	for (int d = 0; d < 10; d++)
		odds_face(&p.odds, d, 6, "1(6)");
	char text[SHOCK_PREVIEW_ITEM_MAX];
	shock_preview_text(&p, text, sizeof text);
	cr_expect_not_null(strstr(text, "1(6) 100% (no 8.43 check)"), "%s",
			   text);
	const int tq[2] = {6, 9};
	const char *ids[2] = {"ha2", "li1"};
	for (int i = 0; i < 2; i++) {
		struct shock_preview_check *c = &p.check[p.nchecks++];
		snprintf(c->unit, sizeof c->unit, "%s", ids[i]);
		odds_init(&c->odds, 10, "8.43");
		for (int d = 0; d < 10; d++) {
			int hits = d > tq[i] ? d - tq[i] : 0;
			odds_face(&c->odds, d, hits, "%d hit%s", hits,
				  hits == 1 ? "" : "s");
		}
	}
	shock_preview_text(&p, text, sizeof text);
	cr_expect_not_null(strstr(text, "1(6) 100% (8.43 checks first: ha2 "
					"passes 70% else 1-3 hits, li1 passes "
					"100%)"),
			   "%s", text);
}

static bool fire_offered(const struct session *s, const void *arg)
{
	(void)arg;
	struct decision_answer a[8];
	return s->game && rfire_legal(s->game, a, 8) > 0;
}

/* 8.2, 8.15: before a reaction volley is chosen, teach mode tells each
 * `react fire` answer with the chance of each result; forced face by
 * face, the volleys thrown give those chances */
Test(shock_preview, reaction_fire_odds_before_it_is_chosen)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct ini_error err;
	struct teach_texts *tx = teach_load(dir, &err);
	cr_assert_not_null(tx, "%s", err.msg);
	char told[TEACH_TEXT_MAX] = "", line[DECISION_LINE_MAX] = "";
	int miss = 0, hit[10] = {0}, offer_miss = -1;
	for (int d = 0; d < 10; d++) {
		struct session s;
		cr_assert(fx_play_script_until(&s, "drill_fire", fire_offered,
					       NULL));
		struct decision_answer a[8];
		cr_assert_gt(rfire_legal(s.game, a, 8), 0);
		snprintf(line, sizeof line, "%s", a[0].line);
		struct teach_line l;
		cr_assert(teach_decision(tx, s.game, &l));
		snprintf(told, sizeof told, "%s", l.text);
		/* the offer's own odds (the prompt box's, when it is the
		 * offer the decision is about) */
		char fid[ID_MAX] = "";
		cr_assert_eq(sscanf(line, "react fire %15s", fid), 1);
		for (int k = 0; k < s.game->react.noffers; k++) {
			struct odds fod;
			const struct reaction_offer *ro = &s.game->react.offers[k];
			if (ro->kind == RK_FIRE &&
			    !strcmp(s.game->units[ro->unit].id, fid) &&
			    rfire_offer_odds(s.game, k, &fod))
				offer_miss = odds_percent(&fod, "miss");
		}
		cr_assert(dice_force(&s.game->dice, d));
		struct cmd_result r;
		cmd_result_init(&r);
		session_exec(&s, line, &r);
		cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
		for (size_t i = 0; i < r.out.n; i++)
			if (event_log_is(&r.out, i, "missile_result")) {
				if (!strcmp(event_log_get(&r.out, i, "result"),
					    "hit"))
					hit[atoi(event_log_get(&r.out, i,
							       "hits"))]++;
				else
					miss++;
			}
		cmd_result_free(&r);
		session_free(&s);
	}
	char want[256];
	snprintf(want, sizeof want, "Each volley's odds (8.15): %s: miss %d%%",
		 line, miss * 10);
	cr_expect_not_null(strstr(told, want), "%s\nnot in\n%s", want, told);
	cr_expect_eq(offer_miss, miss * 10, "rfire_offer_odds");
	for (int h = 1; h < 10; h++)
		if (hit[h]) {
			snprintf(want, sizeof want, "hit %d %d%%", h,
				 hit[h] * 10);
			cr_expect_not_null(strstr(told, want), "%s\nnot in\n%s",
					   want, told);
		}
	teach_free(tx);
}

static bool face_offered(const struct session *s, const void *arg)
{
	(void)arg;
	struct decision_answer a[32];
	int n = s->game ? reactions_legal(s->game, a, 32) : 0;
	for (int k = 0; k < n; k++)
		if (!strncmp(a[k].line, "react face ", 11))
			return true;
	return false;
}

/* 7.15: before a reaction facing change is chosen, teach mode tells the
 * odds of the check it brings; forced face by face, the checks made
 * give those chances */
Test(shock_preview, reaction_facing_odds_before_it_is_chosen)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/rules/spqr", fx_srcdir());
	struct ini_error err;
	struct teach_texts *tx = teach_load(dir, &err);
	cr_assert_not_null(tx, "%s", err.msg);
	char told[TEACH_TEXT_MAX] = "", line[DECISION_LINE_MAX] = "";
	char unit[ID_MAX] = "";
	int hits[20] = {0};
	for (int d = 0; d < 10; d++) {
		struct session s;
		cr_assert(fx_play_script_until(&s, "drill_maneuver",
					       face_offered, NULL));
		struct decision_answer a[32];
		int n = reactions_legal(s.game, a, 32);
		for (int k = 0; k < n; k++)
			if (!strncmp(a[k].line, "react face ", 11)) {
				snprintf(line, sizeof line, "%s", a[k].line);
				break;
			}
		cr_assert_eq(sscanf(line, "react face %15s", unit), 1);
		struct teach_line l;
		cr_assert(teach_decision(tx, s.game, &l));
		snprintf(told, sizeof told, "%s", l.text);
		for (int k = 0; k < 2; k++)
			cr_assert(dice_force(&s.game->dice, d));
		struct cmd_result r;
		cmd_result_init(&r);
		session_exec(&s, line, &r);
		cr_assert_eq(r.status, CMD_OK, "%s", r.reason);
		for (size_t i = 0; i < r.out.n; i++)
			if (event_log_is(&r.out, i, "reaction_check") &&
			    event_log_get(&r.out, i, "dr") &&
			    !strcmp(event_log_get(&r.out, i, "unit"), unit)) {
				int h = atoi(event_log_get(&r.out, i, "hits"));
				cr_assert(h >= 0 && h < 20);
				hits[h]++;
			}
		cmd_result_free(&r);
		session_free(&s);
	}
	char want[256];
	snprintf(want, sizeof want, "A turn's check (7.15), as the roll "
				    "falls: %s", unit);
	cr_expect_not_null(strstr(told, want), "%s\nnot in\n%s", want, told);
	cr_expect_eq(hits[0], 0, "7.15: at least 1 hit");
	for (int h = 1; h < 20; h++)
		if (hits[h]) {
			snprintf(want, sizeof want, " %d hit%s %d%%", h,
				 h == 1 ? "" : "s", hits[h] * 10);
			cr_expect_not_null(strstr(told, want), "%s\nnot in\n%s",
					   want, told);
		}
	teach_free(tx);
}
