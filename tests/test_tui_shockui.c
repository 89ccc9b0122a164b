/* test_tui_shockui.c — the Shock segment on the map view (shockui.h),
 * driven in-process with no terminal: the designation marks against the
 * engine's own must/may sets (8.41, 7.3), `t` `t` issuing `designate ATT
 * DEF` (8.42), `T` `designate done`, the card viewer opening by itself at
 * the first combat a command resolved and stepping through the combats in
 * 8.4's order, V, the panel cycle (5.1, 3.0), and the end card of a
 * finished battle (11.1, 11.2).  The position is the drill battle of
 * tests/scripts/shock_drill_battle.txt (seed 11, solo). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "logged.h"
#include "maniple/cards.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

#include "fixture.h"

#include "../src/tui/shockui.h"
#include "../src/tui/view.h"
#include "tui_fixture.h"

static struct session S;
static struct tui_view *V;

static void ok(const char *line)
{
	fx_ok(&S, line);
}

/* The script's command lines, comments and blanks left out. */
static char script[400][256];
static int nscript;

static void load_script(void)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/scripts/shock_drill_battle.txt",
		 fx_srcdir());
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	char buf[256];
	nscript = 0;
	while (fgets(buf, sizeof buf, f) && nscript < 400) {
		char *h = strchr(buf, '#');
		if (h)
			*h = '\0';
		size_t n = strlen(buf);
		while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' ' ||
				 buf[n - 1] == '\t' || buf[n - 1] == '\r'))
			buf[--n] = '\0';
		char *p = buf;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p)
			snprintf(script[nscript++], sizeof script[0], "%s", p);
	}
	fclose(f);
	cr_assert_gt(nscript, 100);
}

/* The view over S's game, with no terminal: too small a screen, so no
 * window is ever made; tui_exec runs commands as the `:` line does. */
static void make_view(void)
{
	V = fx_view(&S);
	V->lay.too_small = true;
	V->lay.map_w = 56; /* the cards' width as at 80x24 */
	V->lay.map_h = 22;
	V->log_want = -1;
	V->cursor = S.game->units[0].at.hex[0];
	prompt_start(V, false);
	shockui_after_command(V);
}

/* Plays the script's lines up to (not with) the first line starting with
 * `stop` after line `from`; returns the index of that line. */
static int play_until(int from, const char *stop)
{
	int i = from;
	for (; i < nscript; i++) {
		if (!strncmp(script[i], stop, strlen(stop)))
			return i;
		ok(script[i]);
	}
	cr_assert_fail("no line \"%s\" after line %d", stop, from);
	return -1;
}

static void setup(void)
{
	session_init(&S, fx_example_loader, spqr_tables_loader, NULL, 1);
	load_script();
	V = NULL;
}

static void teardown(void)
{
	if (V) {
		shockui_close_cards(V);
		fx_view_free(V);
	}
	session_free(&S);
}

static int unit_index(const char *id)
{
	for (int i = 0; i < S.game->nunits; i++)
		if (!strcmp(S.game->units[i].id, id))
			return i;
	cr_assert_fail("no unit %s", id);
	return -1;
}

static struct hex hex_of(const char *id)
{
	return S.game->units[unit_index(id)].at.hex[0];
}

/* A key as the view takes it: P and V are the map's (keys.c, TC_PANEL
 * and TC_CARDS, which tui.c's run_command hands to shockui), the others
 * shockui's own while it has them. */
static void press(int ch)
{
	if (V->message[0])
		V->message[0] = '\0'; /* as handle_key does */
	const struct tui_binding *b = tui_binding_for(NULL, ch);
	if (ch == 'P' || ch == 'V') {
		cr_assert(b && b->cmd == (ch == 'P' ? TC_PANEL : TC_CARDS),
			  "key %c is not the map's", ch);
		if (V->shockui.cv.open && shockui_key(V, ch))
			return; /* the open viewer had it */
		if (ch == 'P')
			shockui_cycle_panel(V);
		else
			shockui_open_cards(V, -1);
		return;
	}
	cr_assert(shockui_key(V, ch), "key %c not taken", ch);
}

/* The last command the view ran, as the log shows it ("> ..."). */
static const char *last_command(void)
{
	for (long k = V->log.base + V->log.n; k-- > V->log.base;) {
		const char *t = tui_log_line(&V->log, k);
		if (t && t[0] == '>')
			return t + 2;
	}
	return "";
}

/* The must or may list of the last shock_designation event. */
static const char *designation_list(const char *key)
{
	for (size_t i = S.game->events.n; i-- > 0;) {
		const struct event *e = logged_event(&S.game->events, i);
		if (!strcmp(e->kind, "shock_designation")) {
			const char *v = event_get(e, key);
			return v ? v : "";
		}
	}
	return NULL;
}

/* The marks of one kind as an id list in unit order ("-" for none), as
 * the event writes them. */
static void marks_text(bool must, char *buf, size_t n)
{
	struct shock_mark m[BATTLE_UNITS_MAX];
	int k = shockui_marks(&S, m, BATTLE_UNITS_MAX);
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; i < k; i++)
		if (m[i].must == must)
			at += (size_t)snprintf(buf + at, n - at, "%s%s",
					       at ? "," : "",
					       m[i].id);
	if (!at)
		snprintf(buf, n, "-");
}

TestSuite(tui_shockui, .init = setup, .fini = teardown, .timeout = 120);

/* 8.41, 7.31-7.33: at every designation of the battle, before any
 * combat is designated, the marks are exactly the engine's must and may
 * sets (its shock_designation event). */
Test(tui_shockui, marks_are_the_engines_must_and_may_sets_8_41)
{
	int checked = 0;
	bool fresh = false;
	for (int i = 0; i < nscript; i++) {
		if (shockui_designating(&S) && fresh) {
			char must[256], may[256];
			marks_text(true, must, sizeof must);
			marks_text(false, may, sizeof may);
			cr_expect_str_eq(must, designation_list("must"),
					 "line %d", i);
			cr_expect_str_eq(may, designation_list("may"),
					 "line %d", i);
			checked++;
			fresh = false;
		}
		bool was = shockui_designating(&S);
		ok(script[i]);
		fresh = !was && shockui_designating(&S);
	}
	cr_expect_geq(checked, 4, "designations seen: %d", checked);
	/* outside the designation: no marks */
	struct shock_mark m[4];
	cr_expect_eq(shockui_marks(&S, m, 4), 0);
}

/* 8.42: `t` on ha1 gathers it (marked +), `t` on ar1 issues `designate
 * ha1 ar1`; the marks then leave ha1 (in a combat) but stay on ha2. */
Test(tui_shockui, t_t_designates_8_42)
{
	play_until(0, "designate");
	make_view();
	cr_assert(shockui_designating(&S));
	const struct tui_hl *h = tui_hl_at(V, hex_of("ha1"));
	cr_assert_not_null(h);
	cr_expect_eq(h->kind, HL_MUST);
	cr_expect_eq(h->mark, L'!');
	h = tui_hl_at(V, hex_of("ha2"));
	cr_assert_not_null(h);
	cr_expect_eq(h->kind, HL_MUST);
	/* the key line names the designation's keys, fitted to 79
	 * columns, and to fewer: t and T and ? always */
	char kl[256];
	cr_assert(shockui_key_line(V, 79, kl, sizeof kl));
	cr_expect_str_eq(kl, "SHOCK  t gather  T done  Esc drop  Enter legal  "
			     "w next unit  ? keys");
	cr_assert(shockui_key_line(V, 49, kl, sizeof kl));
	cr_expect_str_eq(kl, "SHOCK t gather T done Esc drop Enter legal ? "
			     "keys");
	cr_assert(shockui_key_line(V, 40, kl, sizeof kl));
	cr_expect_str_eq(kl, "SHOCK  t gather  T done  ? keys");

	/* `t` on an enemy before any attacker: nothing is designated */
	tui_set_cursor(V, hex_of("ar1"));
	press('t');
	cr_expect_eq(S.game->shock.ncombats, 0);
	cr_expect(strstr(V->message, "gather") != NULL, "%s", V->message);

	tui_set_cursor(V, hex_of("ha1"));
	press('t');
	cr_assert_eq(V->shockui.ngathered, 1);
	cr_expect_str_eq(V->shockui.gathered[0], "ha1");
	h = tui_hl_at(V, hex_of("ha1"));
	cr_assert_not_null(h);
	cr_expect_eq(h->mark, L'+');
	/* the status line shows the gathered attackers */
	shockui_render(V);
	cr_expect(strstr(V->message, "attackers: ha1") != NULL, "%s",
		  V->message);
	/* Esc drops them, `t` again gathers */
	press(27);
	cr_expect_eq(V->shockui.ngathered, 0);
	cr_expect_eq(tui_hl_at(V, hex_of("ha1"))->mark, L'!');
	cr_expect(!shockui_key(V, 27), "Esc with nothing gathered is not ours");
	press('t');
	cr_expect_eq(V->shockui.ngathered, 1);

	tui_set_cursor(V, hex_of("ar1"));
	press('t');
	cr_expect_str_eq(last_command(), "designate ha1 ar1");
	cr_assert_eq(S.game->shock.ncombats, 1);
	cr_expect_eq(S.game->shock.c[0].att[0], unit_index("ha1"));
	cr_expect_eq(S.game->shock.c[0].def[0], unit_index("ar1"));
	cr_expect_eq(V->shockui.ngathered, 0);
	cr_expect_null(tui_hl_at(V, hex_of("ha1")), "ha1 is in a combat");
	cr_expect_not_null(tui_hl_at(V, hex_of("ha2")));
	/* nothing resolved yet: the viewer stays shut */
	cr_expect(!V->shockui.cv.open);

	/* T too early: ha2 must still shock (8.41), the refusal says so */
	press('T');
	cr_expect_str_eq(last_command(), "designate done");
	cr_expect(strstr(V->message, "8.41") != NULL, "%s", V->message);
	cr_expect(shockui_designating(&S));
	/* `t` on a unit in a combat takes the combat back (designate
	 * cancel 0), gathering it again with its defender: `t` on the
	 * defender designates it anew */
	tui_set_cursor(V, hex_of("ha1"));
	press('t');
	cr_expect_str_eq(last_command(), "designate cancel 0");
	cr_expect_eq(S.game->shock.ncombats, 0);
	cr_assert_eq(V->shockui.ngathered, 1);
	cr_expect_str_eq(V->shockui.gathered[0], "ha1");
	cr_assert_eq(V->shockui.ndefenders, 1);
	cr_expect_str_eq(V->shockui.defenders[0], "ar1");
	cr_expect(strstr(V->message, "combat 1 taken back") != NULL, "%s",
		  V->message);
	h = tui_hl_at(V, hex_of("ar1"));
	cr_assert_not_null(h);
	cr_expect_eq(h->mark, L'*');
	tui_set_cursor(V, hex_of("ar1"));
	press('t');
	cr_expect_str_eq(last_command(), "designate ha1 ar1");
	cr_expect_eq(S.game->shock.ncombats, 1);
	cr_expect_eq(V->shockui.ngathered, 0);
	cr_expect_eq(V->shockui.ndefenders, 0);
	cr_expect_null(tui_hl_at(V, hex_of("ar1")));
}

/* 8.42 by keys alone, an attacker with two enemies in its ZOC (an
 * elephant facing two hastati): `t` on the elephant, `t` on one hastati
 * designates nothing yet and names the other it must attack too; `t` on
 * that one designates both; `T` then closes the designation.  Designated
 * against one only (the `:` line), `t` on the other names the combat to
 * take back, `t` on the elephant takes it back, `t` on the other
 * designates both: no dead end. */
/* Bagradas's sandbox: el01 in 3022 facing W with Shock Must Check, in
 * Bostar's Shock segment, the hastati of `more` (one or two setup lines)
 * before it; the view over the designation. */
static void elephant_shock(const char *const *more, int nmore)
{
	static const char *const before[] = {
		"new bagradas sandbox 7",
		"setup unit el01 3022 W",
	};
	static const char *const after[] = {
		"setup phase shock",
		"setup active bostar",
		"setup leader-state bostar active",
		"setup marker el01 moved_phase on",
		"setup marker el01 shock_must on",
		"continue",
	};
	for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
		ok(before[i]);
	for (int i = 0; i < nmore; i++)
		ok(more[i]);
	for (size_t i = 0; i < sizeof after / sizeof after[0]; i++)
		ok(after[i]);
	make_view();
	cr_assert(shockui_designating(&S));
}

static void two_defenders(void)
{
	static const char *const hastati[] = {"setup unit l3_ha1 2921 E",
					      "setup unit l3_ha2 2922 E"};
	elephant_shock(hastati, 2);
}

Test(tui_shockui, several_defenders_by_keys_8_42)
{
	two_defenders();
	tui_set_cursor(V, hex_of("el01"));
	press('t');
	tui_set_cursor(V, hex_of("l3_ha1"));
	size_t journal = S.journal.n;
	press('t');
	cr_expect_eq(S.journal.n, journal, "nothing designated yet");
	cr_expect(strstr(V->message, "el01 must attack l3_ha2 too (8.42)") !=
			  NULL,
		  "%s", V->message);
	cr_expect_eq(tui_hl_at(V, hex_of("l3_ha1"))->mark, L'*');
	shockui_render(V);
	V->message[0] = '\0';
	shockui_render(V);
	cr_expect(strstr(V->message, "attackers: el01 against l3_ha1") != NULL,
		  "%s", V->message);
	tui_set_cursor(V, hex_of("l3_ha2"));
	press('t');
	cr_expect_str_eq(last_command(), "designate el01 l3_ha1,l3_ha2");
	cr_assert_eq(S.game->shock.ncombats, 1);
	cr_expect_eq(S.game->shock.c[0].ndef, 2);
	press('T');
	cr_expect_str_eq(last_command(), "designate done");
	cr_expect_not(shockui_designating(&S), "%s", V->message);
}

Test(tui_shockui, a_designation_against_one_is_taken_back_8_42)
{
	two_defenders();
	tui_exec(V, "designate el01 l3_ha1");
	cr_assert_eq(S.game->shock.ncombats, 1);
	press('T');
	cr_expect(strstr(V->message, "8.42") != NULL, "%s", V->message);
	cr_assert(shockui_designating(&S));
	/* the old dead end: `t` on the other enemy, nothing gathered */
	tui_set_cursor(V, hex_of("l3_ha2"));
	press('t');
	cr_expect(strstr(V->message, "t on el01 takes it back") != NULL, "%s",
		  V->message);
	tui_set_cursor(V, hex_of("el01"));
	press('t');
	cr_expect_str_eq(last_command(), "designate cancel 0");
	cr_expect_eq(S.game->shock.ncombats, 0);
	tui_set_cursor(V, hex_of("l3_ha2"));
	press('t');
	cr_expect_str_eq(last_command(), "designate el01 l3_ha1,l3_ha2");
	press('T');
	cr_expect_not(shockui_designating(&S), "%s", V->message);
}

/* 8.4: `designate done` resolves both combats up to li1's rout choice
 * (10.22): the viewer opens by itself on combat 0, Space shows combat 1,
 * Space again closes; after the rout answer it opens on combat 0, which
 * waits for the advance (8.5). */
Test(tui_shockui, viewer_steps_through_the_combats_in_order_8_4)
{
	play_until(0, "designate");
	make_view();
	tui_exec(V, "designate ha1 ar1");
	tui_exec(V, "designate ha2 li1");
	cr_expect(!V->shockui.cv.open);
	press('T');
	cr_expect_str_eq(last_command(), "designate done");
	struct cardview *cv = &V->shockui.cv;
	cr_assert(cv->open, "the cards open by themselves");
	cr_expect_eq(cv->index, 0);
	cr_expect_eq(cv->count, 2);
	cr_expect(!strncmp(cv->card.line[0], "Combat 1", 8), "%s",
		  cv->card.line[0]);
	/* the card starts at what the command added: the charge (8.43) */
	cr_expect(strstr(cv->card.line[cv->top], "Pre-shock checks") != NULL,
		  "%s", cv->card.line[cv->top]);
	press(' ');
	cr_assert(cv->open);
	cr_expect_eq(cv->index, 1);
	cr_expect(!strncmp(cv->card.line[0], "Combat 2", 8));
	press('p');
	cr_expect_eq(cv->index, 0);
	press('n');
	cr_expect_eq(cv->index, 1);
	press(' ');
	cr_expect(!cv->open, "Space on the last card closes");

	/* the rout choice is answered: the resolution goes on to the advance
	 * of combat 0, where it waits (8.5) */
	tui_exec(V, "rout 2916");
	cr_assert(cv->open);
	cr_expect_eq(S.game->shock.ask, SHA_ADVANCE);
	cr_expect_eq(cv->index, S.game->shock.ask_combat);
	cr_expect(strstr(cv->title, "waits") != NULL, "%s", cv->title);
	cr_expect(strstr(cv->card.line[cv->card.n - 1], "Waits: advance") !=
			  NULL,
		  "%s", cv->card.line[cv->card.n - 1]);
	/* the hotseat hand-over (R9) stands over the viewer: its keys are
	 * the prompt module's, the viewer waits under it */
	V->prompt.handover = true;
	cr_expect(!shockui_key(V, ' '));
	cr_expect(cv->open);
	V->prompt.handover = false;
	/* ? is left to the map's help, the viewer staying open */
	cr_expect(!shockui_key(V, '?'));
	cr_expect(cv->open);
	/* any other key closes the viewer and is left to the map */
	cr_expect(!shockui_key(V, 'x'));
	cr_expect(!cv->open);
	/* V opens it again at the combat the decision waits at */
	press('V');
	cr_expect(cv->open);
	cr_expect_eq(cv->index, S.game->shock.ask_combat);
	cr_expect_eq(cv->top, 0, "V shows a card from its top");
	press(27);
	cr_expect(!cv->open);
}

/* V before any Shock segment: nothing to show, said so (8.4). */
Test(tui_shockui, v_without_a_segment_says_so)
{
	ok("new drill solo 11");
	make_view();
	press('V');
	cr_expect(!V->shockui.cv.open);
	cr_expect(strstr(V->message, "8.4") != NULL, "%s", V->message);
	/* t and T outside the designation say so too */
	press('t');
	cr_expect(strstr(V->message, "8.41") != NULL, "%s", V->message);
	press('T');
	cr_expect(strstr(V->message, "8.41") != NULL, "%s", V->message);
	cr_expect(!shockui_designating(&S));
	char kl[64] = "untouched";
	cr_expect_not(shockui_key_line(V, 79, kl, sizeof kl));
	cr_expect_str_eq(kl, "untouched");
}

/* P cycles the panel: hex & unit -> leaders -> sequence -> hex & unit. */
Test(tui_shockui, p_cycles_the_panel)
{
	ok("new drill solo 11");
	make_view();
	cr_expect_eq(V->shockui.panel, SUP_HEX);
	press('P');
	cr_expect_eq(V->shockui.panel, SUP_LEADERS);
	cr_expect(V->dirty & DIRTY_PANEL);
	press('P');
	cr_expect_eq(V->shockui.panel, SUP_SEQUENCE);
	press('P');
	cr_expect_eq(V->shockui.panel, SUP_HEX);
}

/* 11.1, 11.2: the battle played to Rome's withdrawal: the last command
 * opens the viewer on the end card (after the shock cards when the
 * command resolved combats too); Esc closes it, V opens it again. */
Test(tui_shockui, end_card_on_a_finished_battle_11_2)
{
	cr_assert_gt(nscript, 2);
	for (int i = 0; i < nscript - 1; i++)
		ok(script[i]);
	cr_assert(!shockui_game_over(&S), "over before the last line");
	make_view();
	tui_exec(V, script[nscript - 1]);
	cr_assert(shockui_game_over(&S));
	struct cardview *cv = &V->shockui.cv;
	cr_assert(cv->open);
	cr_expect(V->shockui.deck_end);
	/* Space through to the end card, the deck's last */
	while (cv->index + 1 < cv->count)
		press(' ');
	cr_expect(strstr(cv->title, "End of the battle") != NULL, "%s",
		  cv->title);
	bool wins = false, rp = false;
	for (int i = 0; i < cv->card.n; i++) {
		wins |= strstr(cv->card.line[i], "WINS") != NULL;
		rp |= strstr(cv->card.line[i], "rout points") != NULL;
	}
	cr_expect(wins && rp);
	press(27);
	cr_expect(!cv->open);
	press('V');
	cr_assert(cv->open);
	cr_expect_eq(cv->index, cv->count - 1, "V opens on the end card");
	cr_expect(strstr(cv->title, "End of the battle") != NULL);
}

/* A game already over when the view takes it shows the end card at once
 * (a resumed finished game). */
Test(tui_shockui, a_finished_game_opens_on_the_end_card)
{
	for (int i = 0; i < nscript; i++)
		ok(script[i]);
	cr_assert(shockui_game_over(&S));
	make_view();
	cr_assert(V->shockui.cv.open);
	cr_expect(strstr(V->shockui.cv.title, "End of the battle") != NULL);
}

/* The leaders panel (5.1) on an in-process screen: drawn once; a cursor
 * step (DIRTY_PANEL alone) leaves it untouched; a command that changes a
 * leader draws it again; the hex panel is tui.c's own (false). */
Test(tui_shockui, leaders_panel_redraws_only_when_it_changes)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	cr_assert(out && in);
	SCREEN *scr = newterm("vt100", out, in);
	cr_assert_not_null(scr);
	resize_term(24, 80);
	ok("new drill solo 11");
	ok("continue");
	make_view();
	WINDOW *w = newwin(22, 24, 0, 56);
	cr_assert_not_null(w);
	cr_expect(!shockui_draw_panel(V, w, 22, 22), "hex & unit: tui.c's");
	press('P');
	cr_assert(shockui_draw_panel(V, w, 22, 22));
	char buf[64];
	mvwinnstr(w, 0, 2, buf, 20);
	cr_expect(strstr(buf, "Leaders") != NULL, "[%s]", buf);
	bool found = false;
	int y;
	for (y = 1; y < 22 && !found; y++) {
		mvwinnstr(w, y, 2, buf, 20);
		found = strstr(buf, "tribune") != NULL;
	}
	cr_assert(found, "the tribune is listed");
	mvwaddch(w, 21, 10, 'Z'); /* a mark a redraw would wipe */
	V->dirty = DIRTY_PANEL; /* as a cursor step leaves it */
	cr_expect(shockui_draw_panel(V, w, 22, 22));
	cr_expect_eq(mvwinch(w, 21, 10) & A_CHARTEXT, 'Z', "not drawn again");
	tui_exec(V, "activate tribune");
	cr_expect(shockui_draw_panel(V, w, 22, 22));
	cr_expect_neq(mvwinch(w, 21, 10) & A_CHARTEXT, 'Z', "drawn again");
	found = false;
	for (y = 1; y < 22 && !found; y++) {
		mvwinnstr(w, y, 2, buf, 20);
		found = strstr(buf, "ACTIVE") != NULL;
	}
	cr_expect(found, "the tribune is active (5.12)");
	/* the sequence panel (3.0) */
	press('P');
	cr_assert(shockui_draw_panel(V, w, 22, 22));
	mvwinnstr(w, 0, 2, buf, 20);
	cr_expect(strstr(buf, "Sequence") != NULL, "[%s]", buf);
	press('P');
	cr_expect(!shockui_draw_panel(V, w, 22, 22));
	delwin(w);
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
}

/* 10.22, 10.25: a rout move inside the resolution shows on the card of
 * its combat hex by hex, with the hits of routing through a friend. */
Test(tui_shockui, the_card_shows_rout_moves_10_22)
{
	int at = play_until(0, "designate");
	while (strncmp(script[at], "rout", 4) != 0)
		ok(script[at++]);
	ok(script[at]); /* rout 2916 */
	struct card *c = malloc(sizeof *c);
	cr_assert_not_null(c);
	card_init(c, CARD_PANEL_WIDTH);
	cr_assert_gt(card_shock(S.game, 1, c), 0);
	int moves = 0, through = 0;
	for (int i = 0; i < c->n; i++) {
		const char *l = c->line[i];
		size_t n = strlen(l);
		if (strstr(l, "li1 routs 2817>2916") ||
		    strstr(l, "li1 routs 2916>3017")) {
			cr_expect(n > 6 && !strcmp(l + n - 6, " 10.22"), "[%s]", l);
			moves++;
		}
		if (strstr(l, "li1 routs through ph1: 1 hit")) {
			cr_expect(n > 6 && !strcmp(l + n - 6, " 10.25"), "[%s]", l);
			through++;
		}
	}
	cr_expect_eq(moves, 2);
	cr_expect_eq(through, 1);
	free(c);
}

/* 9.11: an elephant's shock in the sandbox of tests/scripts/passthru.txt,
 * designated with t, t and T: the resolution stops for the defender's
 * Pass-Thru choice; the viewer opens on the combat, which says what it
 * waits for; the legal list (Enter, and the prompt box) offers both
 * answers, and answering opens the card again with the choice on it. */
Test(tui_shockui, pass_through_is_offered_9_11)
{
	static const char *const hastati[] = {"setup unit l3_ha1 2921 E"};
	elephant_shock(hastati, 1);
	const struct tui_hl *h = tui_hl_at(V, hex_of("el01"));
	cr_assert_not_null(h);
	cr_expect_eq(h->kind, HL_MUST, "Shock Must Check (7.32)");
	tui_set_cursor(V, hex_of("el01"));
	press('t');
	tui_set_cursor(V, hex_of("l3_ha1"));
	press('t');
	cr_expect_str_eq(last_command(), "designate el01 l3_ha1");
	press('T');
	cr_assert_eq(S.game->shock.ask, SHA_PASSTHRU);
	struct cardview *cv = &V->shockui.cv;
	cr_assert(cv->open);
	cr_expect_eq(cv->index, 0);
	bool offered = false;
	for (int i = 0; i < cv->card.n; i++)
		offered |= strstr(cv->card.line[i],
				  "l3_ha1 may let el01 through") != NULL;
	cr_expect(offered);
	cr_expect(strstr(cv->card.line[cv->card.n - 1], "Waits: passthru") !=
			  NULL,
		  "%s", cv->card.line[cv->card.n - 1]);
	/* Enter is the viewer's (next card: here the last, so it closes);
	 * then Enter on the map lists the answers */
	press('\r');
	cr_expect(!cv->open);
	cr_expect(!shockui_key(V, '\r'), "Enter goes on to the legal list");
	tui_load_legal(V);
	bool yes = false, no = false;
	for (int i = 0; i < V->nlegal; i++) {
		yes |= !strncmp(V->legal[i].line, "passthru l3_ha1 yes", 19);
		no |= !strncmp(V->legal[i].line, "passthru l3_ha1 no", 18);
	}
	cr_expect(yes && no, "both answers listed");
	cr_expect(V->prompt.shown, "the prompt box asks it too");
	tui_exec(V, "roll 3 5 3");
	tui_exec(V, "passthru l3_ha1 yes");
	cr_assert(cv->open);
	bool chose = false;
	for (int i = 0; i < cv->card.n; i++)
		chose |= strstr(cv->card.line[i],
				"l3_ha1 lets the elephant through") != NULL;
	cr_expect(chose);
}

/* On an 80x24 screen (in-process, written to /dev/null): after `designate
 * done` stops at li1's rout choice (10.22), the viewer is drawn over the
 * map and the prompt box under it stays in sight; both read back from
 * the screen the next doupdate would send. */
Test(tui_shockui, viewer_leaves_the_prompt_box_in_sight)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	cr_assert(out && in);
	SCREEN *scr = newterm("vt100", out, in);
	cr_assert_not_null(scr);
	resize_term(24, 80);
	play_until(0, "designate");
	make_view();
	tui_layout_compute_log(&V->lay, 80, 24, 0);
	cr_assert(!V->lay.too_small);
	V->wmap = newwin(V->lay.map_h, V->lay.map_w, V->lay.map_y,
			 V->lay.map_x);
	cr_assert_not_null(V->wmap);
	tui_exec(V, "designate ha1 ar1");
	tui_exec(V, "designate ha2 li1");
	tui_exec(V, "designate done");
	cr_assert(V->shockui.cv.open);
	cr_assert(V->prompt.shown, "the rout choice is asked in the box");
	werase(V->wmap);
	wnoutrefresh(V->wmap);
	shockui_render(V);
	prompt_draw(V);
	WINDOW *cw = V->shockui.cv.win;
	cr_assert_not_null(cw);
	char buf[96];
	bool card = false, box = false, foot = false;
	for (int y = 0; y < V->lay.map_h; y++) {
		mvwinnstr(newscr, y, 0, buf, 80);
		card |= strstr(buf, "Shock combat 1 of 2") != NULL;
		foot |= strstr(buf, "Space next") != NULL;
		box |= strstr(buf, "rout 2916") != NULL;
	}
	cr_expect(card, "the card is on the screen");
	cr_expect(foot, "the card's footer is not under the box");
	cr_expect(box, "the prompt's answers are on the screen");
	/* a key of the map closes the viewer; the map is drawn whole again */
	V->dirty = 0;
	cr_expect(!shockui_key(V, 'o'));
	cr_expect(!V->shockui.cv.open);
	cr_expect_null(V->shockui.cv.win);
	cr_expect(V->dirty & DIRTY_MAP);
	delwin(V->wmap);
	V->wmap = NULL;
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
}

/* Plays a script's lines through the view (the first, `new ...`, through
 * the session); after each command that leaves the resolution waiting
 * for a decision it asked (8.45 clash, 10.13 hits, 8.5 advance, 8.61
 * pursuit, 9.11 Pass-Thru ...), the viewer must be open, and its deck
 * must hold the combat that waits.  Returns the decisions seen. */
static int decisions_open_the_viewer(const char *name)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/scripts/%s", fx_srcdir(), name);
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	char buf[256];
	int seen = 0;
	bool first = true;
	while (fgets(buf, sizeof buf, f)) {
		char *h = strchr(buf, '#');
		if (h)
			*h = '\0';
		buf[strcspn(buf, "\r\n")] = '\0';
		if (!buf[strspn(buf, " \t")])
			continue;
		if (first) {
			ok(buf);
			make_view();
			first = false;
			continue;
		}
		size_t before = S.game->events.n;
		shockui_close_cards(V);
		tui_exec(V, buf);
		const struct shock_state *s = &S.game->shock;
		bool asked = false;
		for (size_t i = before; i < S.game->events.n; i++)
			asked |= !strcmp(event_log_kind(&S.game->events, i), "shock_ask");
		if (!asked || s->step == SHS_NONE || s->ask == SHA_NONE ||
		    s->ask == SHA_DESIGNATE || s->ask_combat < 0)
			continue;
		seen++;
		cr_expect(V->shockui.cv.open, "%s: %s: the viewer is shut",
			  name, buf);
		cr_expect_gt(V->shockui.deck_shock, s->ask_combat, "%s", buf);
	}
	fclose(f);
	return seen;
}

/* 8.4: every decision the resolution stops for opens the cards. */
Test(tui_shockui, every_decision_inside_the_resolution_opens_the_cards)
{
	cr_expect_eq(decisions_open_the_viewer("shock_example.txt"), 4,
		     "two clash picks, the hits, an advance");
	shockui_close_cards(V);
	fx_view_free(V);
	V = NULL;
	session_free(&S);
	session_init(&S, fx_example_loader, spqr_tables_loader, NULL, 1);
	cr_expect_geq(decisions_open_the_viewer("shock_drill_battle.txt"), 5);
}

/* 8.45: a decision asked by events that add no line to any card (here
 * only the ask itself is new) still opens the viewer at its combat. */
Test(tui_shockui, a_bare_ask_opens_the_cards_at_its_combat_8_45)
{
	fx_run(&S, fx_shock_example_setup());
	fx_run(&S, fx_shock_example_designations());
	ok("roll 6 5 7 8 7 9 0 0 5");
	ok("designate done");
	ok("rout 2407");
	cr_assert_eq(S.game->shock.ask, SHA_CLASH_DEFENDER);
	make_view();
	cr_assert(!V->shockui.cv.open);
	size_t ask = S.game->events.n;
	while (ask-- > 0 && strcmp(event_log_kind(&S.game->events, ask), "shock_ask"))
		;
	V->shockui.seen = ask; /* as if only the ask were new */
	shockui_after_command(V);
	cr_assert(V->shockui.cv.open);
	cr_expect_eq(V->shockui.cv.index, S.game->shock.ask_combat);
	cr_expect(strstr(V->shockui.cv.title, "waits") != NULL, "%s",
		  V->shockui.cv.title);
	/* nothing new at all: nothing opens */
	shockui_close_cards(V);
	shockui_after_command(V);
	cr_expect(!V->shockui.cv.open);
}
