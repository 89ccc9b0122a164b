/* The decision type of src/core (decision.h): one helper appends every
 * answer, within the room given, each tagged with its side. */
#include <criterion/criterion.h>
#include <string.h>

#include "maniple/decision.h"

Test(decision, init_is_empty_and_owed_by_nobody)
{
	struct decision_answer room[2];
	struct decision d;
	decision_init(&d, room, 2);
	cr_expect_eq(d.side, -1);
	cr_expect_eq(d.n, 0);
	cr_expect_eq(d.max, 2);
	cr_expect_str_eq(d.kind, "");
	cr_expect_not(d.answer);
	cr_expect_eq(decision_find(&d, "pass"), -1);
}

Test(decision, add_formats_and_stops_at_the_room_given)
{
	struct decision_answer room[2];
	int n = 0;
	cr_assert(decision_add(room, 2, &n, 0, "5.12", "activate %s", "hanno"));
	cr_assert(decision_add(room, 2, &n, -1, "3.0", "continue"));
	cr_expect_not(decision_add(room, 2, &n, 1, "6.82", "prearrange x pw"),
		      "no room for a third answer");
	cr_assert_eq(n, 2);
	cr_expect_str_eq(room[0].line, "activate hanno");
	cr_expect_str_eq(room[0].rule, "5.12");
	cr_expect_eq(room[0].side, 0);
	cr_expect_str_eq(room[1].line, "continue");
	cr_expect_eq(room[1].side, -1);
}

Test(decision, a_long_line_is_cut_never_overrun)
{
	struct decision_answer room[1];
	int n = 0;
	char big[3 * DECISION_LINE_MAX];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	cr_assert(decision_add(room, 1, &n, 0, "8.42", "designate %s", big));
	cr_expect_eq(strlen(room[0].line), DECISION_LINE_MAX - 1);
}

Test(decision, each_answer_names_the_side_that_may_give_it)
{
	struct decision_answer room[3];
	struct decision d;
	decision_init(&d, room, 3);
	d.side = 0;
	decision_add(d.ans, d.max, &d.n, 0, "5.12", "activate tribune");
	decision_add(d.ans, d.max, &d.n, 1, "6.82", "prearrange hanno pw");
	decision_add(d.ans, d.max, &d.n, -1, "3.0", "continue");
	cr_expect(decision_answer_for(&d.ans[0], 0));
	cr_expect_not(decision_answer_for(&d.ans[0], 1));
	cr_expect(decision_answer_for(&d.ans[1], 1));
	cr_expect_not(decision_answer_for(&d.ans[1], 0),
		      "a standing offer to the other side is not the "
		      "owing side's");
	cr_expect(decision_answer_for(&d.ans[2], 0));
	cr_expect(decision_answer_for(&d.ans[2], 1));
	cr_expect_eq(decision_find(&d, "prearrange hanno pw"), 1);
}
