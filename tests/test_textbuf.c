/* textbuf (textbuf.h): the growable text behind the answers of `rule` and
 * `why` — plain and line appends, growth past the first allocation, and
 * the failed state that stops every later append. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/textbuf.h"

Test(textbuf, empty_until_appended)
{
	struct textbuf t = {0};
	cr_expect_null(t.s);
	cr_expect_eq(t.n, 0);
	textbuf_put(&t, "%s", "");
	cr_assert_not_null(t.s);
	cr_expect_str_eq(t.s, "");
	cr_expect_not(t.failed);
	free(t.s);
}

Test(textbuf, put_and_line_append_in_order)
{
	struct textbuf t = {0};
	textbuf_put(&t, "Ruling %s:", "R6");
	textbuf_put(&t, " %d", 7);
	textbuf_line(&t, "%s", "");
	textbuf_line(&t, "die %d + %d = %d", 4, 2, 6);
	cr_assert_not_null(t.s);
	cr_expect_str_eq(t.s, "Ruling R6: 7\ndie 4 + 2 = 6\n");
	cr_expect_eq(t.n, strlen(t.s));
	cr_expect_leq(t.n + 1, t.cap);
	cr_expect_not(t.failed);
	free(t.s);
}

Test(textbuf, grows_across_many_appends)
{
	struct textbuf t = {0};
	char want[64 * 11 + 1] = "";
	for (int i = 0; i < 64; i++) {
		textbuf_line(&t, "line %4d.", i);
		char one[16];
		snprintf(one, sizeof one, "line %4d.\n", i);
		strcat(want, one);
	}
	cr_assert_not_null(t.s);
	cr_expect_str_eq(t.s, want);
	cr_expect_eq(t.n, strlen(want));
	free(t.s);
}

Test(textbuf, failed_text_takes_no_more)
{
	struct textbuf t = {0};
	textbuf_put(&t, "kept");
	t.failed = true;
	textbuf_put(&t, "lost");
	textbuf_line(&t, "lost too");
	cr_expect_str_eq(t.s, "kept");
	cr_expect_eq(t.n, 4);
	free(t.s);
}
