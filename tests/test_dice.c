/* Dice: PCG32 reference outputs, the d10, the forced-roll queue. */
#include <criterion/criterion.h>

#include "maniple/dice.h"

Test(dice, pcg32_matches_the_reference_demo)
{
	/* pcg32-demo: seed 42, sequence 54, first six outputs. */
	struct pcg32 rng;
	pcg32_srandom(&rng, 42u, 54u);
	const uint32_t want[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
				 0x83d2f293, 0xbfa4784b, 0xcbed606e};
	for (int i = 0; i < 6; i++)
		cr_expect_eq(pcg32_random(&rng), want[i], "output %d", i);
}

Test(dice, d10_reads_zero_to_nine_and_covers_all)
{
	struct dice d;
	dice_init(&d, 1);
	int seen[10] = {0};
	for (int i = 0; i < 2000; i++) {
		int v = dice_d10(&d, NULL);
		cr_assert(v >= 0 && v <= 9);
		seen[v]++;
	}
	for (int v = 0; v < 10; v++)
		cr_expect_gt(seen[v], 100, "face %d seen %d times", v, seen[v]);
}

Test(dice, same_seed_same_rolls)
{
	struct dice a, b;
	dice_init(&a, 12345);
	dice_init(&b, 12345);
	for (int i = 0; i < 100; i++)
		cr_assert_eq(dice_d10(&a, NULL), dice_d10(&b, NULL));
}

Test(dice, forced_rolls_come_first_and_leave_the_prng_alone)
{
	struct dice a, b;
	dice_init(&a, 7);
	dice_init(&b, 7);
	cr_assert(dice_force(&a, 6));
	cr_assert(dice_force(&a, 2));
	cr_assert(dice_force(&a, 9));
	cr_assert_not(dice_force(&a, 10));
	cr_assert_not(dice_force(&a, -1));
	bool forced;
	cr_expect_eq(dice_d10(&a, &forced), 6);
	cr_expect(forced);
	cr_expect_eq(dice_d10(&a, &forced), 2);
	cr_expect_eq(dice_d10(&a, &forced), 9);
	for (int i = 0; i < 20; i++) {
		cr_assert_eq(dice_d10(&a, &forced), dice_d10(&b, NULL));
		cr_assert_not(forced);
	}
}

Test(dice, the_forced_queue_has_a_limit)
{
	struct dice d;
	dice_init(&d, 1);
	for (int i = 0; i < DICE_FORCED_MAX; i++)
		cr_assert(dice_force(&d, i % 10));
	cr_expect_not(dice_force(&d, 1));
	dice_clear_forced(&d);
	cr_expect(dice_force(&d, 1));
}

/* Dice from outside (a server rolling for both players): a queue the
 * source reads from, -1 when it runs dry. */
struct outside {
	int v[8];
	int n, next;
};

static int outside_roll(void *user)
{
	struct outside *o = user;
	return o->next < o->n ? o->v[o->next++] : -1;
}

Test(dice, an_outside_source_rolls_after_forced_rolls_and_before_the_prng)
{
	struct dice d, ref;
	dice_init(&d, 7);
	dice_init(&ref, 7);
	struct outside o = {{3, 11, 8}, 3, 0};
	dice_set_source(&d, outside_roll, &o);
	cr_assert(dice_force(&d, 6));
	bool forced;
	cr_expect_eq(dice_d10(&d, &forced), 6, "the forced roll first");
	cr_expect(forced);
	cr_expect_eq(dice_d10(&d, &forced), 3, "then the source");
	cr_expect_not(forced);
	/* 11 is no d10: the PRNG rolls instead; then the source's 8 */
	cr_expect_eq(dice_d10(&d, NULL), dice_d10(&ref, NULL));
	cr_expect_eq(dice_d10(&d, NULL), 8);
	/* dry: the PRNG, which the source's rolls left where it was */
	for (int i = 0; i < 5; i++)
		cr_expect_eq(dice_d10(&d, NULL), dice_d10(&ref, NULL));
	cr_expect_eq(d.rolls, 9ul);
	dice_set_source(&d, NULL, &o);
	cr_expect_null(d.source);
	cr_expect_null(d.source_user);
}

Test(dice, a_reseeded_copy_has_no_outside_source)
{
	struct dice d;
	dice_init(&d, 7);
	struct outside o = {{4, 4, 4, 4}, 4, 0};
	dice_set_source(&d, outside_roll, &o);
	struct dice c = d;
	dice_reseed(&c, 99);
	cr_expect_null(c.source);
	dice_d10(&c, NULL);
	cr_expect_eq(o.next, 0, "the copy asked the source nothing");
}
