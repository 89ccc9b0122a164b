/* The event catalog (evcat.h): rules/spqr/events.ini loads, declares
 * each kind once with typed fields, and a broken catalog is refused at
 * its line. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixture.h"
#include "maniple/evcat.h"

static struct evcat *shipped(void)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/rules/spqr/events.ini", fx_srcdir());
	struct ini_error err;
	struct evcat *c = evcat_load(path, &err);
	cr_assert_not_null(c, "%s:%d: %s", err.file, err.line, err.msg);
	return c;
}

Test(evcat, the_shipped_catalog_loads_sorted_and_typed)
{
	struct evcat *c = shipped();
	cr_assert_gt(evcat_count(c), 200);
	for (size_t i = 1; i < evcat_count(c); i++)
		cr_expect_lt(strcmp(evcat_kind(c, i - 1), evcat_kind(c, i)), 0);
	long k = evcat_find(c, "missile_result");
	cr_assert_geq(k, 0);
	int f = evcat_field_find(c, (size_t)k, "hits");
	cr_assert_geq(f, 0);
	cr_expect_eq(evcat_field_type(c, (size_t)k, f), EVT_INT);
	cr_expect_str_eq(evcat_type_name(EVT_HEX), "hex");
	cr_expect_eq(evcat_find(c, "no_such_kind"), -1);
	cr_expect_geq(evcat_find(c, "leader_withdrawal_offered"), 0);
	cr_expect_neq(strstr(evcat_rules(c, (size_t)k), "8.1"), NULL);
	evcat_free(c);
}

/* Every event the engine emits is checked against it (game_emit). */
Test(evcat, check_names_the_unknown_kind_or_field)
{
	struct evcat *c = shipped();
	struct event e;
	char why[160];
	event_init(&e, "cohesion_hit");
	event_add(&e, "unit", "ha1");
	event_add(&e, "rule", "6.41");
	cr_expect(evcat_check(c, &e, why, sizeof why));
	event_add(&e, "colour", "red");
	cr_expect_not(evcat_check(c, &e, why, sizeof why));
	cr_expect_str_eq(why, "cohesion_hit has no field colour in the event "
			      "catalog");
	event_init(&e, "tea_break");
	cr_expect_not(evcat_check(c, &e, why, sizeof why));
	cr_expect_str_eq(why, "kind tea_break is not in the event catalog");
	struct evcat *shared = evcat_ref(c);
	evcat_free(c);
	cr_expect_geq(evcat_find(shared, "roll"), 0);
	evcat_free(shared);
}

/* A checking build also holds each value to its field's declared type. */
Test(evcat, check_holds_values_to_their_types)
{
	struct evcat *c = shipped();
	struct event e;
	char why[200];
	event_init(&e, "moved");
	event_add(&e, "unit", "ha1");
	event_add(&e, "from", "2607,2608"); /* a two-hex unit: hexes */
	event_add(&e, "to", "2707");
	event_add(&e, "mp", "%d", 1);
	event_add(&e, "rule", "6.21");
	cr_expect(evcat_check(c, &e, why, sizeof why), "%s", why);
	event_add(&e, "left", "lots");
	cr_expect_not(evcat_check(c, &e, why, sizeof why));
	cr_expect_str_eq(why, "moved's field left=lots is not of type int as the "
			      "event catalog declares");
	cr_expect(evcat_value_ok(EVT_INT, "-3"));
	cr_expect_not(evcat_value_ok(EVT_INT, "-"));
	cr_expect(evcat_value_ok(EVT_HEX, "2209"));
	cr_expect(evcat_value_ok(EVT_HEX, "----"));
	cr_expect_not(evcat_value_ok(EVT_HEX, "22"));
	cr_expect_not(evcat_value_ok(EVT_HEX, "2209,2210"));
	cr_expect(evcat_value_ok(EVT_HEXES, "2209,2210"));
	cr_expect_not(evcat_value_ok(EVT_HEXES, "2209,"));
	cr_expect(evcat_value_ok(EVT_YESNO, "no"));
	cr_expect_not(evcat_value_ok(EVT_YESNO, "maybe"));
	cr_expect(evcat_value_ok(EVT_RULE, "8.47,R4"));
	cr_expect_not(evcat_value_ok(EVT_RULE, "see_8.47"));
	/* a citation of a book the game lacks, kept as its own (a GBA game
	 * reaching an SPQR rule: rule_numbers.h) */
	cr_expect(evcat_value_ok(EVT_RULE, "SPQR_6.68"));
	cr_expect(evcat_value_ok(EVT_RULE, "8.38,SPQR_9.66"));
	cr_expect_not(evcat_value_ok(EVT_RULE, "8.38SPQR_9.66"));
	cr_expect_not(evcat_value_ok(EVT_RULE, "SPQX_6.68"));
	cr_expect(evcat_value_ok(EVT_WORD, "Balearic_slingers"));
	evcat_free(c);
}

/* A log given the catalog keeps a declared kind as its two-byte index
 * there, not its name; reading it back, copying it into a log without
 * the catalog and a kind the catalog lacks all come out the same. */
Test(evcat, a_log_keeps_kinds_as_catalog_indexes)
{
	struct evcat *c = shipped();
	struct event_log plain, indexed, back;
	event_log_init(&plain);
	event_log_init(&indexed);
	event_log_init(&back);
	event_log_set_catalog(&indexed, c);
	struct event e;
	event_init(&e, "shock_designated");
	event_add(&e, "att", "ha1");
	event_add(&e, "def", "ph1");
	cr_assert_eq(event_log_push(&plain, &e), 0);
	cr_assert_eq(event_log_push(&indexed, &e), 0);
	event_init(&e, "not_in_the_catalog");
	event_add(&e, "x", "1");
	cr_assert_eq(event_log_push(&plain, &e), 0);
	cr_assert_eq(event_log_push(&indexed, &e), 0);
	/* "shock_designated" and its NUL (17 bytes) become 2 */
	cr_expect_eq(plain.used - indexed.used, 15);
	cr_expect_str_eq(event_log_kind(&indexed, 0), "shock_designated");
	cr_expect(event_log_is(&indexed, 0, "shock_designated"));
	cr_expect_str_eq(event_log_get(&indexed, 0, "def"), "ph1");
	cr_expect_str_eq(event_log_kind(&indexed, 1), "not_in_the_catalog");
	for (size_t i = 0; i < 2; i++) {
		char a[200], b[200];
		event_log_format(&plain, i, a, sizeof a);
		event_log_format(&indexed, i, b, sizeof b);
		cr_expect_str_eq(a, b);
		cr_assert_eq(event_log_push_from(&back, &indexed, i), 0);
		event_log_format(&back, i, b, sizeof b);
		cr_expect_str_eq(a, b);
	}
	cr_expect_eq(back.used, plain.used, "copied out as text");
	event_log_free(&plain);
	event_log_free(&indexed);
	event_log_free(&back);
	evcat_free(c);
}

static void refused_at(const char *text, int line, const char *part)
{
	char path[] = "/tmp/evcat_testXXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	FILE *f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	struct ini_error err;
	memset(&err, 0, sizeof err);
	struct evcat *c = evcat_load(path, &err);
	unlink(path);
	cr_expect_null(c, "accepted:\n%s", text);
	evcat_free(c);
	cr_expect_eq(err.line, line, "line %d, want %d (%s)", err.line, line,
		     err.msg);
	cr_expect_not_null(strstr(err.msg, part), "\"%s\" not in \"%s\"",
			   part, err.msg);
}

#define HEAD "[file]\nkind = events\nversion = 1\n"

Test(evcat, a_broken_catalog_is_refused_at_its_line)
{
	refused_at(HEAD "[moved]\nfields = unit:word unit:int\n", 5,
		   "duplicate field unit");
	refused_at(HEAD "[moved]\nfields = unit:colour\n", 5,
		   "unknown type colour");
	refused_at(HEAD "[moved]\nfields = unit\n", 5, "bad field unit");
	refused_at(HEAD "[moved]\nfields = a:int\n[moved]\nfields = b:int\n",
		   6, "duplicate kind [moved] (first at line 4)");
	refused_at(HEAD "[Moved]\nfields = a:int\n", 4, "bad kind [Moved]");
	refused_at(HEAD "[moved]\nrule = 6.1\n", 4, "declares no fields");
	refused_at(HEAD "[moved]\nfields = a:int\nsay = x\n", 6,
		   "unknown key say");
	refused_at(HEAD "[moved]\nfields = a:int\nrule = six\n", 6,
		   "bad rule list six");
	refused_at("[file]\nkind = teach\nversion = 1\n", 2,
		   "kind must be events");
	refused_at("[moved]\nfields = a:int\n", 1, "no [file] section");
}
