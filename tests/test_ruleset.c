/* The ruleset seam's registry (ruleset.h): finding a ruleset by name among
 * a program's list, the default, and the reason an unknown name gets.
 * Two made-up rulesets stand for a program built with more than one. */
#include <criterion/criterion.h>
#include <string.h>

#include "maniple/game.h"
#include "maniple/ruleset.h"

static const struct ruleset alpha = {.name = "alpha"};
static const struct ruleset beta = {.name = "beta"};
static const struct ruleset *const two[] = {&alpha, &beta, NULL};
static const struct ruleset *const none[] = {NULL};

Test(ruleset, finds_by_name)
{
	cr_expect_eq(ruleset_find(two, "alpha"), &alpha);
	cr_expect_eq(ruleset_find(two, "beta"), &beta);
	cr_expect_null(ruleset_find(two, "gamma"));
	cr_expect_null(ruleset_find(two, "alph")); /* whole names only */
}

Test(ruleset, no_name_gives_the_first)
{
	cr_expect_eq(ruleset_find(two, ""), &alpha);
	cr_expect_eq(ruleset_find(two, NULL), &alpha);
	cr_expect_null(ruleset_find(none, ""));
	cr_expect_null(ruleset_find(NULL, "alpha"));
}

Test(ruleset, unknown_says_the_known_ones)
{
	char why[128] = "";
	cr_expect_null(ruleset_lookup(two, "gamma", why, sizeof why));
	cr_expect_str_eq(why, "unknown ruleset gamma (known: alpha, beta)");
	cr_expect_eq(ruleset_lookup(two, "beta", why, sizeof why), &beta);
	char tiny[8];
	ruleset_names(two, tiny, sizeof tiny); /* cut short, still a string */
	cr_expect_eq(strlen(tiny), 7);
}

/* A session not given a list chooses among the rules' own: a name, a
 * command table and a tables loader each. */
Test(ruleset, a_session_without_a_list_has_the_rules_own)
{
	struct session own_s;
	session_init(&own_s, NULL, NULL, NULL, 1);
	const struct ruleset *const *own = session_rulesets(&own_s);
	cr_assert_not_null(own);
	cr_assert_not_null(own[0]);
	cr_expect_eq(session_ruleset(&own_s), own[0], "the first, the default");
	for (size_t i = 0; own[i]; i++) {
		cr_expect(own[i]->name && own[i]->name[0]);
		cr_expect_not_null(own[i]->commands);
		cr_expect_not_null(own[i]->commands());
		cr_expect_not_null(own[i]->load_tables);
	}
	struct session s;
	session_init(&s, NULL, NULL, NULL, 1);
	s.rulesets = two;
	cr_expect_eq(session_rulesets(&s), two);
}
