/* test_tui_cardview.c — the card viewer's window (cardview.h) on an
 * in-process curses screen written to /dev/null: its place in the map's
 * rectangle at 80x24 and 160x50, the title, the card lines and the footer
 * read back from the window, scrolling a card taller than the window,
 * placing it again after a resize (the content and the scroll kept), a
 * rectangle too small, and the ASCII border. */
#include <criterion/criterion.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/tui/cardview.h"

static SCREEN *scr;
static FILE *out, *in;

static void start(void)
{
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	cr_assert(out && in);
	scr = newterm("vt100", out, in);
	cr_assert_not_null(scr, "no terminfo entry vt100");
	resize_term(50, 160);
}

static void stop(void)
{
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
}

TestSuite(tui_cardview, .init = start, .fini = stop);

/* Row y of w as text, trailing blanks cut. */
static void row(WINDOW *w, int y, char *buf, int n)
{
	mvwinnstr(w, y, 0, buf, n - 1);
	int len = (int)strlen(buf);
	while (len > 0 && buf[len - 1] == ' ')
		buf[--len] = '\0';
}

static struct cardview *tall_card(int width, int lines)
{
	struct cardview *cv = calloc(1, sizeof *cv);
	cr_assert_not_null(cv);
	card_init(&cv->card, width);
	for (int i = 0; i < lines; i++)
		card_add(&cv->card, "8.46", "line %d", i);
	snprintf(cv->title, sizeof cv->title, "Shock combat 1 of 3 (8.4)");
	cv->index = 0;
	cv->count = 3;
	return cv;
}

/* 80x24: the map is 56x22 (the panel 24 wide, two status lines). */
Test(tui_cardview, at_80x24_title_lines_footer_and_scrolling)
{
	int cw = cardview_card_width(56);
	cr_expect_eq(cw, 50);
	struct cardview *cv = tall_card(cw, 30);
	cr_assert(cardview_place(cv, 0, 0, 22, 56));
	int h, w;
	getmaxyx(cv->win, h, w);
	cr_expect_eq(h, 20);
	cr_expect_eq(w, 54);
	cr_expect_eq(getbegy(cv->win), 1);
	cr_expect_eq(getbegx(cv->win), 1);
	cr_expect_eq(cardview_rows(cv), 16);
	cardview_draw(cv);
	char buf[256];
	row(cv->win, 0, buf, sizeof buf);
	cr_expect(buf[0] == '+' && buf[1] == '-', "ASCII border: [%s]", buf);
	row(cv->win, 1, buf, sizeof buf);
	cr_expect(strstr(buf, "Shock combat 1 of 3") != NULL, "[%s]", buf);
	row(cv->win, 2, buf, sizeof buf);
	cr_expect(strstr(buf, "line 0") != NULL, "[%s]", buf);
	cr_expect(strstr(buf, "8.46 |") != NULL, "the rule at the right: [%s]",
		  buf);
	row(cv->win, 17, buf, sizeof buf);
	cr_expect(strstr(buf, "line 15") != NULL, "[%s]", buf);
	row(cv->win, 18, buf, sizeof buf);
	cr_expect(strstr(buf, "1/3") != NULL, "[%s]", buf);
	cr_expect(strstr(buf, "j: more below") != NULL, "[%s]", buf);

	/* scrolling stays inside the card */
	cr_expect(!cardview_scroll(cv, CV_UP), "already at the top");
	cr_expect(cardview_scroll(cv, CV_DOWN));
	cr_expect_eq(cv->top, 1);
	/* a page is the rows less one, up to the last full window */
	cr_expect(cardview_scroll(cv, CV_PAGE_DOWN));
	cr_expect_eq(cv->top, 14, "30 lines, 16 rows: 14 at most");
	cr_expect(!cardview_scroll(cv, CV_PAGE_DOWN));
	cr_expect(!cardview_scroll(cv, CV_DOWN));
	cr_expect_eq(cv->top, 14);
	cardview_draw(cv);
	row(cv->win, 2, buf, sizeof buf);
	cr_expect(strstr(buf, "line 14") != NULL, "[%s]", buf);
	row(cv->win, 18, buf, sizeof buf);
	cr_expect(strstr(buf, "k: more above") != NULL, "[%s]", buf);
	cr_expect(cardview_scroll(cv, CV_PAGE_UP));
	cr_expect_eq(cv->top, 0);
	cardview_unplace(cv);
	cr_expect_null(cv->win);
	free(cv);
}

/* A resize: placed again for the new map (160x50 with the log: a map of
 * 91x48), at most CARDVIEW_W_MAX wide; the scroll is kept when it still
 * fits, cut back when the card now shows whole. */
Test(tui_cardview, placed_again_after_a_resize)
{
	struct cardview *cv = tall_card(cardview_card_width(56), 30);
	cr_assert(cardview_place(cv, 0, 0, 22, 56));
	cardview_scroll(cv, CV_PAGE_DOWN);
	cr_expect_eq(cv->top, 14);
	cr_expect(cardview_placed_for(cv, 0, 0, 22, 56));
	cr_expect(!cardview_placed_for(cv, 0, 0, 48, 91));
	cr_assert(cardview_place(cv, 0, 0, 48, 91));
	int h, w;
	getmaxyx(cv->win, h, w);
	cr_expect_eq(w, CARDVIEW_W_MAX);
	cr_expect_eq(h, 46);
	cr_expect_eq(cardview_card_width(91), CARDVIEW_W_MAX - 4);
	/* 42 rows now: the 30 lines show whole, from the top */
	cr_expect_eq(cv->top, 0);
	cardview_draw(cv);
	char buf[256];
	row(cv->win, 2 + 29, buf, sizeof buf);
	cr_expect(strstr(buf, "line 29") != NULL, "[%s]", buf);
	row(cv->win, h - 2, buf, sizeof buf);
	cr_expect(strstr(buf, "more") == NULL, "nothing hidden: [%s]", buf);
	/* the title and the deck position are the viewer's: kept */
	row(cv->win, 1, buf, sizeof buf);
	cr_expect(strstr(buf, "Shock combat 1 of 3") != NULL, "[%s]", buf);
	/* a map too small for a card: not placed, no window */
	cr_expect(!cardview_place(cv, 0, 0, 5, 56));
	cr_expect_null(cv->win);
	cr_expect(!cardview_place(cv, 0, 0, 22, 20));
	cardview_unplace(cv);
	free(cv);
}

/* A UTF-8 card line is written whole (no byte cut) and the window keeps
 * its border: the card is never wider than the window allows. */
Test(tui_cardview, lines_never_pass_the_border)
{
	struct cardview *cv = calloc(1, sizeof *cv);
	cr_assert_not_null(cv);
	int cw = cardview_card_width(56);
	card_init(&cv->card, cw);
	char long_line[400];
	memset(long_line, 'x', sizeof long_line - 1);
	long_line[sizeof long_line - 1] = '\0';
	card_add(&cv->card, "10.13", "%s", long_line);
	cv->count = 1;
	cr_assert(cardview_place(cv, 0, 0, 22, 56));
	cardview_draw(cv);
	char buf[256];
	row(cv->win, 2, buf, sizeof buf);
	int len = (int)strlen(buf);
	cr_expect_eq(buf[len - 1], '|', "[%s]", buf);
	cr_expect(strstr(buf, "~ 10.13 |") != NULL, "[%s]", buf);
	cardview_unplace(cv);
	free(cv);
}
