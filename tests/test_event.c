/* Events: kind, ordered fields, printed form. */
#include <criterion/criterion.h>
#include <string.h>

#include "maniple/event.h"

Test(event, prints_kind_then_fields_in_order)
{
	struct event e;
	event_init(&e, "roll");
	event_add(&e, "for", "tq check %s", "U");
	event_add(&e, "value", "%d", 7);
	event_add(&e, "rule", "10.11");
	char buf[256];
	event_format(&e, buf, sizeof buf);
	cr_expect_str_eq(buf, "roll for=tq_check_U value=7 rule=10.11");
	cr_expect_str_eq(event_get(&e, "value"), "7");
	cr_expect_null(event_get(&e, "nope"));
}

Test(event, format_reports_the_length_it_needs)
{
	struct event e;
	event_init(&e, "k");
	event_add(&e, "a", "1");
	char small[4];
	size_t need = event_format(&e, small, sizeof small);
	cr_expect_eq(need, strlen("k a=1"));
	cr_expect_str_eq(small, "k a");
}

Test(event, the_log_grows)
{
	struct event_log log;
	event_log_init(&log);
	struct event e;
	event_init(&e, "x");
	for (int i = 0; i < 1000; i++)
		cr_assert_eq(event_log_push(&log, &e), 0);
	cr_expect_eq(log.n, 1000);
	event_log_free(&log);
}

/* The log keeps events packed: what comes back is what went in. */
Test(event, the_log_gives_back_each_event)
{
	struct event_log log, other;
	event_log_init(&log);
	event_log_init(&other);
	for (int i = 0; i < 300; i++) {
		struct event e;
		event_init(&e, i % 2 ? "roll" : "turn_end");
		event_add(&e, "n", "%d", i);
		if (i % 3 == 0)
			event_add(&e, "rule", "5.%d", i);
		cr_assert_eq(event_log_push(&log, &e), 0);
	}
	cr_expect_eq(log.n, 300);
	cr_expect_str_eq(event_log_kind(&log, 7), "roll");
	cr_expect(event_log_is(&log, 8, "turn_end"));
	cr_expect_str_eq(event_log_get(&log, 9, "rule"), "5.9");
	cr_expect_null(event_log_get(&log, 10, "rule"));
	struct event e;
	event_log_at(&log, 6, &e);
	char buf[64];
	event_format(&e, buf, sizeof buf);
	cr_expect_str_eq(buf, "turn_end n=6 rule=5.6");
	event_log_format(&log, 5, buf, sizeof buf);
	cr_expect_str_eq(buf, "roll n=5");
	cr_assert_eq(event_log_push_from(&other, &log, 299), 0);
	event_log_format(&other, 0, buf, sizeof buf);
	cr_expect_str_eq(buf, "roll n=299");
	event_log_truncate(&log, 4);
	cr_expect_eq(log.n, 4);
	event_init(&e, "x");
	cr_assert_eq(event_log_push(&log, &e), 0);
	event_log_format(&log, 4, buf, sizeof buf);
	cr_expect_str_eq(buf, "x");
	event_log_format(&log, 3, buf, sizeof buf);
	cr_expect_str_eq(buf, "roll n=3 rule=5.3");
	event_log_free(&log);
	event_log_free(&other);
}
