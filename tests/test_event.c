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
