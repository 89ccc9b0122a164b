/* The exact odds of a step one die decides (odds.h, src/core/odds.c),
 * and the rules' odds built on the outcome each roll's resolver uses:
 * 10.11's TQ check (rout.c tq_check_odds) here; the momentum, trump and
 * doom rolls (5.32, 5.33, 5.41) in test_sequence.c; the missile chart
 * (8.15) in test_missile.c; a shock combat's CRT row (8.46) in
 * test_shock_resolve.c.  Each checks that the odds sum to one, that they
 * say what the book says, and that for every face the outcome they
 * predict is what the rules do with that roll forced. */
#include <criterion/criterion.h>
#include <string.h>

#include "fixture.h"
#include "maniple/dice.h"
#include "maniple/odds.h"
#include "maniple/rout.h"

/* The chances of every outcome add up to exactly one. */
static void sums_to_one(const struct odds *o)
{
	cr_assert(odds_complete(o), "a face without an outcome");
	int faces = 0;
	double p = 0;
	for (int k = 0; k < o->n; k++) {
		faces += o->out[k].faces;
		p += odds_chance(o, o->out[k].name);
	}
	cr_expect_eq(faces, o->faces);
	cr_expect_float_eq(p, 1.0, 1e-12);
}

Test(odds, faces_count_once_and_chances_are_exact)
{
	struct odds o;
	odds_init(&o, 10, "5.32");
	cr_expect_not(odds_complete(&o));
	for (int d = 0; d < 10; d++)
		cr_assert(odds_face(&o, d, d < 8, "%s",
				    d < 8 ? "success" : "failure"));
	cr_expect_not(odds_face(&o, 3, 0, "failure"), "a face noted twice");
	cr_expect_not(odds_face(&o, 10, 0, "failure"), "no face 10 on a d10");
	cr_expect_not(odds_face(&o, -1, 0, "failure"));
	sums_to_one(&o);
	cr_expect_eq(o.n, 2);
	cr_expect_eq(odds_faces(&o, "success"), 8);
	cr_expect_eq(odds_percent(&o, "success"), 80);
	cr_expect_float_eq(odds_chance(&o, "failure"), 0.2, 1e-12);
	cr_expect_eq(odds_faces(&o, "doom"), 0);
	cr_expect_eq(o.face[9], odds_find(&o, "failure"));
	cr_expect_str_eq(o.rule, "5.32");
}

Test(odds, other_dice_and_values)
{
	struct odds o;
	odds_init(&o, 6, "x");
	for (int d = 0; d < 6; d++)
		odds_face(&o, d, d / 2, "%d", d / 2);
	sums_to_one(&o);
	cr_expect_eq(odds_percent(&o, "1"), 33);
	cr_expect_float_eq(odds_value_at_least(&o, 1), 4.0 / 6, 1e-12);
	cr_expect_float_eq(odds_value_at_least(&o, 3), 0.0, 1e-12);
	odds_init(&o, 0, "none");
	cr_expect_eq(o.faces, 0);
	cr_expect_not(odds_face(&o, 0, 0, "x"));
	cr_expect_not(odds_complete(&o));
	cr_expect_eq(odds_percent(&o, "x"), 0);
	odds_init(&o, ODDS_FACES_MAX + 1, "too many");
	cr_expect_eq(o.faces, 0);
}

/* ---- 10.11 the TQ check ---- */

static void drill(struct session *s)
{
	fx_session(s, "new drill sandbox 1");
}

/* 10.11: a DR above the TQ gives the difference in hits; R3: the DR
 * with its modifiers.  ha1 is a hastati unit of TQ 6. */
Test(odds, tq_check_10_11_what_the_book_says)
{
	struct session s;
	drill(&s);
	struct unit *u = game_unit(s.game, "ha1");
	cr_assert_not_null(u);
	cr_assert_eq(unit_tq_now(s.game, u), 6);
	struct odds o;
	tq_check_odds(s.game, u, 0, &o);
	sums_to_one(&o);
	cr_expect_str_eq(o.rule, "10.11");
	cr_expect_eq(odds_faces(&o, "0 hits"), 7, "0-6: no hit");
	cr_expect_eq(odds_faces(&o, "1 hit"), 1, "7: 1");
	cr_expect_eq(odds_faces(&o, "2 hits"), 1, "8: 2");
	cr_expect_eq(odds_faces(&o, "3 hits"), 1, "9: 3");
	cr_expect_eq(odds_percent(&o, "0 hits"), 70);
	/* a +2 modifier: 0-4 nothing, then 1 to 5 hits */
	tq_check_odds(s.game, u, 2, &o);
	sums_to_one(&o);
	cr_expect_eq(odds_faces(&o, "0 hits"), 5);
	cr_expect_eq(odds_faces(&o, "5 hits"), 1);
	cr_expect_float_eq(odds_value_at_least(&o, 1), 0.5, 1e-12);
	/* 10.27: routed, the TQ is 1 */
	u->routed = true;
	tq_check_odds(s.game, u, 0, &o);
	cr_expect_str_eq(o.rule, "10.27");
	cr_expect_eq(odds_faces(&o, "0 hits"), 2);
	cr_expect_eq(odds_faces(&o, "8 hits"), 1);
	session_free(&s);
}

/* For every face and a few modifiers, the hits tq_check gives with that
 * die forced are the hits the odds give that face. */
Test(odds, tq_check_every_face_as_the_rules_roll_it_10_11)
{
	static const int drms[] = {-2, 0, 1, 3};
	for (size_t k = 0; k < sizeof drms / sizeof drms[0]; k++)
		for (int d = 0; d < 10; d++) {
			struct session s;
			drill(&s);
			struct unit *u = game_unit(s.game, "pr1");
			cr_assert_not_null(u);
			struct odds o;
			tq_check_odds(s.game, u, drms[k], &o);
			sums_to_one(&o);
			int before = u->hits;
			cr_assert(dice_force(&s.game->dice, d));
			int hits =
				tq_check(s.game, u, drms[k], "test", "10.11");
			cr_expect_eq(hits, o.out[o.face[d]].value,
				     "drm %d die %d: rolled %d hits, odds %s",
				     drms[k], d, hits, o.out[o.face[d]].name);
			cr_expect_eq(u->hits - before > 0, hits > 0);
			session_free(&s);
		}
}

/* odds_list: every outcome in face order with its chance, cut short
 * rather than overrun */
Test(odds, list_in_words)
{
	struct odds o;
	odds_init(&o, 10, "8.15");
	for (int d = 0; d < 10; d++)
		cr_assert(d < 4 ? odds_face(&o, d, 1, "hit 1")
				: odds_face(&o, d, 0, "miss"));
	char out[64];
	cr_assert_eq(odds_list(&o, out, sizeof out), strlen("hit 1 40%, miss 60%"));
	cr_assert_str_eq(out, "hit 1 40%, miss 60%");
	char small[8];
	cr_assert_eq(odds_list(&o, small, sizeof small), 7);
	cr_assert_str_eq(small, "hit 1 4");
	cr_assert_eq(odds_list(&o, small, 0), 0);
}
