/* test_tui_help.c — the `?` help ordered by the current mode (issue 8),
 * the texts that name keys built from the tables in use, the settings
 * file's keys for the `:` line and the legal list (`line.NAME`,
 * `list.NAME`, refusals at file:line), and `w` / `W`, the jump to the next
 * unit or leader a legal action names, on the drill battle (the
 * activation of 5.12 and the Orders Phase of 5.21). */
#include <criterion/criterion.h>
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "maniple/cmd.h"
#include "maniple/game.h"
#include "maniple/sequence.h"
#include "maniple/tables.h"

#include "fixture.h"

#include "../src/tui/config.h"
#include "../src/tui/glyphs.h"
#include "../src/tui/help.h"
#include "../src/tui/keys.h"
#include "tui_fixture.h"

/* ---- the help ---- */

static struct tui_glyphs GL;

static void glyphs(void)
{
	tui_glyphs_init(&GL, false);
}

/* Line i of the help for mode m. */
static const char *hl(const struct tui_keymap *km, int m, size_t i)
{
	static char buf[256];
	tui_help_line(km, m, &GL, i, buf, sizeof buf);
	return buf;
}

/* The index of the first help line equal to want, or -1. */
static long find_line(const struct tui_keymap *km, int m, const char *want)
{
	size_t n = tui_help_count(km, m, &GL);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(hl(km, m, i), want))
			return (long)i;
	return -1;
}

static char *title_line(int m, bool now)
{
	static char buf[160];
	snprintf(buf, sizeof buf, "%s%s:", now ? "now: " : "",
		 m == TUI_HELP_MAP ? "map view (key, command, what it does)"
				   : tui_mode_title((enum tui_keymode)m));
	return buf;
}

Test(tui_help, the_map_first_on_the_map, .init = glyphs)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	size_t nb;
	const struct tui_binding *b = tui_bindings(&km, &nb);
	cr_expect_str_eq(hl(&km, TUI_HELP_MAP, 0),
			 title_line(TUI_HELP_MAP, true));
	char want[256];
	snprintf(want, sizeof want, "  %-6s %-21s %s", b[0].key_name,
		 b[0].command, b[0].help);
	cr_expect_str_eq(hl(&km, TUI_HELP_MAP, 1), want);
	/* then each mode's table after a blank line and its title */
	cr_expect_str_eq(hl(&km, TUI_HELP_MAP, nb + 1), "");
	cr_expect_str_eq(hl(&km, TUI_HELP_MAP, nb + 2),
			 title_line(KM_LINE, false));
	char title[160];
	tui_help_title(TUI_HELP_MAP, title, sizeof title);
	cr_expect_str_eq(title, "maniple keys: now the map view");
}

Test(tui_help, the_current_mode_first_then_the_map_then_the_others,
     .init = glyphs)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	for (int m = 0; m < KM_COUNT; m++) {
		size_t k, nb;
		const struct tui_mode_binding *mb =
			tui_mode_bindings(&km, (enum tui_keymode)m, &k);
		tui_bindings(&km, &nb);
		cr_expect_str_eq(hl(&km, m, 0), title_line(m, true), "mode %d",
				 m);
		char want[256];
		snprintf(want, sizeof want, "  %-6s %s", mb[0].key_name,
			 mb[0].help);
		cr_expect_str_eq(hl(&km, m, 1), want, "mode %d", m);
		/* the map's keys come right after the current mode's */
		cr_expect_str_eq(hl(&km, m, k + 1), "", "mode %d", m);
		cr_expect_str_eq(hl(&km, m, k + 2),
				 title_line(TUI_HELP_MAP, false), "mode %d", m);
		/* every other mode once, not marked "now" */
		for (int o = 0; o < KM_COUNT; o++) {
			long at = find_line(&km, m, title_line(o, false));
			if (o == m)
				cr_expect_eq(at, -1, "mode %d listed twice", m);
			else
				cr_expect_gt(at, (long)(k + nb),
					     "mode %d in %d", o, m);
		}
		char title[160], t2[160];
		tui_help_title(m, title, sizeof title);
		snprintf(t2, sizeof t2, "maniple keys: now %s",
			 tui_mode_title((enum tui_keymode)m));
		cr_expect_str_eq(title, t2);
	}
}

Test(tui_help, every_mode_order_has_the_same_lines, .init = glyphs)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	size_t n = tui_help_count(&km, TUI_HELP_MAP, &GL);
	for (int m = 0; m < KM_COUNT; m++)
		cr_expect_eq(tui_help_count(&km, m, &GL), n, "mode %d", m);
	/* the legend closes the help; past the end: nothing */
	char first[64];
	cr_assert(tui_legend_line(&GL, 0, first, sizeof first));
	cr_expect(find_line(&km, KM_LIST, first) > 0);
	cr_expect_str_eq(hl(&km, KM_LIST, n + 3), "");
	/* a mode out of range is the map */
	cr_expect_str_eq(hl(&km, 99, 0), title_line(TUI_HELP_MAP, true));
	cr_expect_eq(tui_help_count(&km, -7, &GL), n);
}

/* ---- texts that name keys ---- */

Test(tui_help, texts_name_the_builtin_keys)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	char buf[256];
	tui_list_footer(&km, 2, 9, buf, sizeof buf);
	cr_expect_str_eq(buf, "3/9  Enter does it  : edits  Esc closes");
	tui_list_footer(&km, 0, 0, buf, sizeof buf);
	cr_expect_str_eq(buf, "0/0  Enter does it  : edits  Esc closes");
	tui_list_keys_hint(&km, buf, sizeof buf);
	cr_expect_str_eq(buf, "in the list: Up/Down select, Enter does, : "
			      "edits, Esc closes, ? lists the keys");
	tui_overview_hint(&km, buf, sizeof buf);
	cr_expect_str_eq(buf, "OVERVIEW: o or Esc back to the map; the moving "
			      "keys, Tab, g, ? work here");
	/* short buffers are cut, never overrun */
	char small[8];
	tui_list_footer(&km, 2, 9, small, sizeof small);
	cr_expect_eq(strlen(small), 7);
	tui_overview_hint(&km, small, sizeof small);
	cr_expect_eq(strlen(small), 7);
	tui_list_keys_hint(&km, small, sizeof small);
	cr_expect_lt(strlen(small), sizeof small);
}

static struct tui_config *cfg(const char *text, bool *clean)
{
	struct tui_config *c = malloc(sizeof *c);
	cr_assert_not_null(c);
	tui_config_init(c);
	bool r = tui_config_read_text(c, "k.ini", text);
	if (clean)
		*clean = r;
	return c;
}

Test(tui_help, texts_follow_the_players_keys)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool clean;
	struct tui_config *c = cfg("[keys]\n"
				   "list.run = Space Enter\n"
				   "list.edit = none\n"
				   "list.close = x\n"
				   "list.up = F5\n"
				   "view overview = O\n"
				   "goto = none\n",
				   &clean);
	cr_assert(clean, "%d refusals", c->nerrors);
	tui_config_keymap(c, &km);
	char buf[256];
	tui_list_footer(&km, 0, 1, buf, sizeof buf);
	cr_expect_str_eq(buf, "1/1  Space does it  x closes");
	tui_list_keys_hint(&km, buf, sizeof buf);
	cr_expect_str_eq(buf, "in the list: F5/Down select, Space does, x "
			      "closes, ? lists the keys");
	tui_overview_hint(&km, buf, sizeof buf);
	cr_expect_str_eq(buf, "OVERVIEW: O or Esc back to the map; the moving "
			      "keys, Tab, ? work here");
	tui_config_keymap(NULL, &km);
	tui_list_footer(&km, 0, 1, buf, sizeof buf);
	cr_expect_str_eq(buf, "1/1  Enter does it  : edits  Esc closes");
	free(c);
}

/* ---- the settings file's keys for the : line and the list ---- */

Test(tui_config_modes, line_and_list_keys_rebound)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool clean;
	struct tui_config *c = cfg("[keys]\n"
				   "line.complete = F2 ^T\n"
				   "LIST.Run = Space\n"
				   "list_close_not = x\n",
				   &clean);
	/* the third is a map command name: refused as such */
	cr_expect(!clean);
	cr_expect_eq(c->nerrors, 1, "%s", fx_refusal(c, 0));
	fx_expect_refusal(c, 0, 4, "no command list_close_not");
	tui_config_keymap(c, &km);
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&km, KM_LINE, KEY_F(2));
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, LC_COMPLETE);
	cr_expect_str_eq(b->key_name, "F2");
	b = tui_mode_binding_for(&km, KM_LINE, 20); /* ^T */
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, LC_COMPLETE);
	cr_expect_str_eq(b->help, "the same as the key above");
	/* Tab no longer completes; the other keys stay */
	cr_expect_null(tui_mode_binding_for(&km, KM_LINE, '\t'));
	b = tui_mode_binding_for(&km, KM_LINE, '\r');
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, LC_RUN);
	b = tui_mode_binding_for(&km, KM_LIST, ' ');
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, PC_RUN);
	cr_expect_null(tui_mode_binding_for(&km, KM_LIST, KEY_ENTER));
	cr_expect_str_eq(tui_mode_cmd_key(&km, KM_LIST, PC_RUN), "Space");
	/* the help shows the table in use */
	tui_glyphs_init(&GL, false);
	cr_expect_geq(find_line(&km, KM_LIST,
				"  Space  do the selected action (as "
				"if typed after :)"),
		      0);
	/* the built-in tables stay as they were */
	size_t n;
	const struct tui_mode_binding *d =
		tui_default_mode_bindings(KM_LIST, &n);
	cr_expect_eq(d[0].key, KEY_UP);
	bool enter = false;
	for (size_t i = 0; i < n; i++)
		enter |= d[i].key == '\r' && d[i].cmd == PC_RUN;
	cr_expect(enter);
	tui_config_keymap(NULL, &km);
	b = tui_mode_binding_for(&km, KM_LINE, '\t');
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, LC_COMPLETE);
	free(c);
}

Test(tui_config_modes, esc_always_closes)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	struct tui_config *c =
		cfg("[keys]\nlist.close = x\nline.cancel = ^G\n", NULL);
	cr_expect_eq(c->nerrors, 0);
	tui_config_keymap(c, &km);
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&km, KM_LIST, 27);
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, PC_CLOSE);
	b = tui_mode_binding_for(&km, KM_LIST, 'x');
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, PC_CLOSE);
	cr_expect_null(tui_mode_binding_for(&km, KM_LIST, 'q'));
	b = tui_mode_binding_for(&km, KM_LINE, 27);
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, LC_CANCEL);
	b = tui_mode_binding_for(&km, KM_LINE, 7);
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, LC_CANCEL);
	tui_config_keymap(NULL, &km);
	free(c);
}

Test(tui_config_modes, refusals_at_their_lines)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool clean;
	struct tui_config *c = cfg("[keys]\n"			     /* 1 */
				   "line.run = a\n"		     /* 2 */
				   "list.warp = y\n"		     /* 3 */
				   "mode.x = y\n"		     /* 4 */
				   "list.up = j\n"		     /* 5 */
				   "list.first = F3\n"		     /* 6 */
				   "list.last = F3\n"		     /* 7 */
				   "list.first = F4\n"		     /* 8 */
				   "line.prev = Bogus\n"	     /* 9 */
				   "line.next = F6 F6\n"	     /* 10 */
				   "list.help = \n"		     /* 11 */
				   "line.home = F7 F8 F9 F10 F11\n", /* 12 */
				   &clean);
	cr_expect(!clean);
	cr_assert_eq(c->nerrors, 10, "refusals: %d", c->nerrors);
	fx_expect_refusal(c, 0, 2, "types itself on the : line");
	fx_expect_refusal(c, 1, 3, "no command list.warp");
	fx_expect_refusal(c, 1, 3, "page-up");
	fx_expect_refusal(c, 2, 4, "no key table mode");
	fx_expect_refusal(c, 3, 5, "key j is already list.down's");
	fx_expect_refusal(c, 4, 7, "key F3 is already list.first's");
	fx_expect_refusal(c, 5, 8, "list.first given keys again (line 6");
	fx_expect_refusal(c, 6, 9, "Bogus is no key name");
	fx_expect_refusal(c, 7, 10, "key F6 given twice");
	fx_expect_refusal(c, 8, 11, "no key for list.help");
	fx_expect_refusal(c, 9, 12, "more than 4 keys");
	/* the refused entries keep their defaults */
	tui_config_keymap(c, &km);
	const struct tui_mode_binding *b =
		tui_mode_binding_for(&km, KM_LIST, 'j');
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, PC_DOWN);
	b = tui_mode_binding_for(&km, KM_LIST, KEY_F(3));
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, PC_FIRST);
	b = tui_mode_binding_for(&km, KM_LIST, KEY_END);
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, PC_LAST);
	cr_expect_null(tui_mode_binding_for(&km, KM_LINE, 'a'));
	tui_config_keymap(NULL, &km);
	free(c);
}

Test(tui_config_modes, none_and_a_swap_in_one_file)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool clean;
	/* j and k swapped between up and down: each gives way to nothing */
	struct tui_config *c = cfg("[keys]\n"
				   "list.up = j Up\n"
				   "list.down = k Down\n"
				   "list.edit = none\n",
				   &clean);
	cr_expect(clean, "%d: %s", c->nerrors, c->nerrors ? fx_refusal(c, 0) : "");
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_mode_binding_for(&km, KM_LIST, 'j')->cmd, PC_UP);
	cr_expect_eq(tui_mode_binding_for(&km, KM_LIST, 'k')->cmd, PC_DOWN);
	cr_expect_null(tui_mode_binding_for(&km, KM_LIST, ':'));
	cr_expect_null(tui_mode_cmd_key(&km, KM_LIST, PC_EDIT));
	tui_config_keymap(NULL, &km);
	free(c);
}

/* ---- w / W on the drill battle ---- */

static struct session S;
static struct decision_answer L[256];
static int NL;

static void ok(const char *line)
{
	fx_ok(&S, line);
	NL = seq_legal(S.game, L, 256);
}

static void drill(void)
{
	session_init(&S, fx_loader, spqr_tables_loader, NULL, 1);
	ok("new drill solo 11");
}

static void stop(void)
{
	session_free(&S);
}

static struct hex H(int n) {
	return (struct hex){n / 100, n % 100};
}

/* w (step 1) or W (-1) from hex `from`: the id it lands on, "" none. */
static const char *
jump(int from, int step)
{
	static char id[32];
	struct hex h;
	if (!tui_next_actor(&S, L, NL, H(from), step, &h, id, sizeof id))
		return "";
	/* the hex is the piece's own */
	const struct unit *u = game_unit(S.game, id);
	const struct leader *l = game_leader(S.game, id);
	cr_expect((u && hex_eq(u->at.hex[0], h)) || (l && hex_eq(l->hex, h)),
		  "%s not at the hex w gave", id);
	return id;
}

Test(tui_actor, words_of_the_legal_actions)
{
	struct decision_answer a[3] = {
		{0, "designate ha2,ha1 li1", "8.41"},
		{1, "fire 2915 # needs li1", "8.15"},
		{0, "order ha10", "5.22"},
	};
	cr_expect(tui_actor_named(a, 3, "ha1"));
	cr_expect(tui_actor_named(a, 3, "ha2"));
	cr_expect(tui_actor_named(a, 3, "li1")); /* the defender too */
	cr_expect(tui_actor_named(a, 2, "li1"));
	cr_expect(!tui_actor_named(a + 1, 1, "li1")); /* after # only */
	cr_expect(tui_actor_named(a, 3, "ha10"));
	cr_expect(!tui_actor_named(a + 2, 1, "ha1"));
	cr_expect(!tui_actor_named(a, 3, ""));
	cr_expect(!tui_actor_named(a, 0, "ha1"));
}

Test(tui_actor, activation_names_the_leaders, .init = drill, .fini = stop)
{
	/* before continue nothing names a piece */
	cr_expect_str_eq(jump(2415, 1), "");
	ok("roll 6 2");
	ok("continue");
	/* 5.12: activate tribune, pass, trump consul; the leaders come
	 * after the units, consul (2316) before tribune (2416) */
	cr_expect_str_eq(jump(2415, 1), "consul");
	cr_expect_str_eq(jump(2316, 1), "tribune");
	cr_expect_str_eq(jump(2416, 1), "consul"); /* round again */
	cr_expect_str_eq(jump(2316, -1), "tribune");
	cr_expect_str_eq(jump(2416, -1), "consul");
	/* no move leaves the cursor where a piece can act: the other one */
	cr_expect_str_eq(jump(2914, 1), "consul");
	cr_expect_str_eq(jump(2914, -1), "tribune");
}

Test(tui_actor, orders_name_the_units, .init = drill, .fini = stop)
{
	ok("roll 6 2");
	ok("continue");
	ok("activate tribune");
	/* 5.21: order ha1 ha2 pr1 pr2 ve1, order tribune, line ...: from
	 * the tribune the next is the first unit */
	cr_expect_str_eq(jump(2416, 1), "ha1");
	cr_expect_str_eq(jump(2415, 1), "ha2");
	cr_expect_str_eq(jump(2415, -1), "tribune");
	ok("order ve1");
	/* a move open: ve1, though move, face and halt do not name it (and
	 * the tribune, who may still be ordered) */
	cr_expect_str_eq(jump(2415, 1), "ve1");
	cr_expect_str_eq(jump(2516, 1), "tribune");
	/* the only piece that can act stands under the cursor: itself */
	struct decision_answer only = {0, "move 2616", "6.1"};
	struct decision_answer named = {0, "halt ve1", "6.1"};
	struct hex h;
	char id[16];
	cr_assert(tui_next_actor(&S, &only, 1, H(2516), 1, &h, id,
				 sizeof id));
	cr_expect_str_eq(id, "ve1"); /* the mover */
	cr_expect(hex_eq(h, H(2516)));
	cr_assert(tui_next_actor(&S, &named, 1, H(2516), -1, &h, id,
				 sizeof id));
	cr_expect_str_eq(id, "ve1");
	/* nothing legal: nobody acts, the mover neither */
	cr_expect(!tui_next_actor(&S, &only, 0, H(2415), 1, &h, id,
				  sizeof id));
	cr_expect(!tui_next_actor(NULL, &named, 1, H(2516), 1, &h, id,
				  sizeof id));
}

/* tools/maniple.ini.example lists every rebindable command of the modes,
 * and its listed keys are the built-in ones (read back, they change
 * nothing). */
Test(tui_config_modes, the_example_file_lists_the_modes_commands)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tools/maniple.ini.example", fx_srcdir());
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	static char text[32768], entries[8192];
	size_t len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = '\0';
	size_t elen = (size_t)snprintf(entries, sizeof entries, "[keys]\n");
	for (int m = 0; m < KM_COUNT; m++) {
		const char *p = tui_mode_prefix((enum tui_keymode)m);
		if (!p)
			continue;
		for (int cmd = 0; cmd < 64; cmd++) {
			const char *name =
				tui_mode_cmd_name((enum tui_keymode)m, cmd);
			if (!name)
				continue;
			char want[64];
			snprintf(want, sizeof want, "\n; %s.%s ", p, name);
			const char *at = strstr(text, want);
			/* the cancel commands have Esc alone: listed apart */
			if (!at) {
				size_t n;
				const struct tui_mode_binding *b =
					tui_default_mode_bindings(
						(enum tui_keymode)m, &n);
				bool esc_only = true;
				for (size_t i = 0; i < n; i++)
					if (b[i].cmd == cmd && b[i].key != 27)
						esc_only = false;
				cr_expect(esc_only, "%s.%s not in the example",
					  p, name);
				continue;
			}
			const char *nl = strchr(at + 1, '\n');
			elen += (size_t)snprintf(
				entries + elen, sizeof entries - elen, "%.*s\n",
				(int)(nl - at - 3), at + 3);
		}
	}
	bool clean;
	struct tui_config *c = cfg(entries, &clean);
	cr_expect(clean, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	for (int m = 0; m < KM_COUNT; m++) {
		if (!tui_mode_prefix((enum tui_keymode)m))
			continue;
		size_t nd;
		const struct tui_mode_binding *d =
			tui_default_mode_bindings((enum tui_keymode)m, &nd);
		cr_expect_eq(c->nmbindings[m], nd, "mode %d", m);
		/* the same keys for the same commands (the order may differ:
		 * a rebound command's keys stand where its first one was) */
		for (size_t i = 0; i < nd; i++) {
			bool found = false;
			for (size_t j = 0; j < c->nmbindings[m]; j++)
				found |= c->mbindings[m][j].key == d[i].key &&
					 c->mbindings[m][j].cmd == d[i].cmd;
			cr_expect(found, "mode %d: key %s", m, d[i].key_name);
		}
	}
	free(c);
}

/* ---- keys the terminal's description does not name (keys.h) ---- */

struct feed {
	const char *bytes; /* what is waiting after the Esc */
	int ungot;	   /* the byte given back, or -1 */
};

static int feed_next(void *arg)
{
	struct feed *f = arg;
	return *f->bytes ? (unsigned char)*f->bytes++ : ERR;
}

static void feed_unget(int ch, void *arg)
{
	((struct feed *)arg)->ungot = ch;
}

Test(tui_keys, a_control_sequence_after_esc_is_dropped_whole)
{
	/* F5 as xterm sends it, with a key typed after it */
	struct feed f = {"[15~j", -1};
	cr_assert(tui_key_sequence_after_esc(feed_next, feed_unget, &f));
	cr_expect_str_eq(f.bytes, "j", "the key after it stays");
	cr_expect_eq(f.ungot, -1);
	struct feed s3 = {"Ot", -1}; /* vt100's keypad F5: ESC O t */
	cr_assert(tui_key_sequence_after_esc(feed_next, feed_unget, &s3));
	cr_expect_str_eq(s3.bytes, "");
}

Test(tui_keys, a_lone_esc_or_esc_and_a_letter_stands)
{
	struct feed lone = {"", -1};
	cr_expect_not(tui_key_sequence_after_esc(feed_next, feed_unget, &lone));
	cr_expect_eq(lone.ungot, -1, "nothing read, nothing given back");
	struct feed alt = {"x", -1};
	cr_expect_not(tui_key_sequence_after_esc(feed_next, feed_unget, &alt));
	cr_expect_eq(alt.ungot, 'x', "the letter is given back, a key of its own");
}
