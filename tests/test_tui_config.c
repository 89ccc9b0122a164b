/* test_tui_config.c — the player's settings file (issue 8): key names,
 * [keys] rebinding and unbinding with conflicts refused, [colours] roles
 * and values, every refusal with its file:line, a bad file keeping the
 * defaults, where the file is looked for, the override reaching
 * tui_binding_for, the help's table and the key line, colour pairs in a
 * curses screen, and the command line's --check / --check-config. */
#include <criterion/criterion.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../src/tui/config.h"
#include "../src/tui/keys.h"
#include "tui_fixture.h"

static struct tui_config *cfg_new(void)
{
	struct tui_config *c = malloc(sizeof *c);
	cr_assert_not_null(c);
	tui_config_init(c);
	return c;
}

/* Reads text as "t.ini"; *ok gets the result. */
static struct tui_config *cfg_text(const char *text, bool *ok)
{
	struct tui_config *c = cfg_new();
	bool r = tui_config_read_text(c, "t.ini", text);
	if (ok)
		*ok = r;
	return c;
}

/* The table c built matches the built-in one, key for key. */
static bool same_as_defaults(const struct tui_config *c)
{
	size_t nd;
	const struct tui_binding *d = tui_default_bindings(&nd);
	if (c->nbindings != nd)
		return false;
	for (size_t i = 0; i < nd; i++)
		if (c->bindings[i].key != d[i].key ||
		    c->bindings[i].cmd != d[i].cmd ||
		    strcmp(c->bindings[i].key_name, d[i].key_name))
			return false;
	return true;
}

static char *key_line(const struct tui_keymap *km)
{
	static char buf[512];
	return tui_key_line(km, buf, sizeof buf);
}

/* ---- key names ---- */

Test(tui_config, key_names_as_the_help_shows_them)
{
	int k;
	char canon[TUI_KEY_NAME_MAX];
	cr_assert(tui_key_parse("h", &k, canon, sizeof canon));
	cr_expect_eq(k, 'h');
	cr_expect_str_eq(canon, "h");
	cr_assert(tui_key_parse("Up", &k, canon, sizeof canon));
	cr_expect_eq(k, KEY_UP);
	cr_assert(tui_key_parse("pgdn", &k, canon, sizeof canon));
	cr_expect_eq(k, KEY_NPAGE);
	cr_expect_str_eq(canon, "PgDn");
	cr_assert(tui_key_parse("PageUp", &k, canon, sizeof canon));
	cr_expect_eq(k, KEY_PPAGE);
	cr_expect_str_eq(canon, "PgUp");
	cr_assert(tui_key_parse("C-l", &k, canon, sizeof canon));
	cr_expect_eq(k, 12);
	cr_expect_str_eq(canon, "^L");
	cr_assert(tui_key_parse("^x", &k, canon, sizeof canon));
	cr_expect_eq(k, 24);
	cr_expect_str_eq(canon, "^X");
	cr_assert(tui_key_parse("F1", &k, canon, sizeof canon));
	cr_expect_eq(k, KEY_F(1));
	cr_assert(tui_key_parse("f12", &k, canon, sizeof canon));
	cr_expect_eq(k, KEY_F(12));
	cr_expect_str_eq(canon, "F12");
	cr_assert(tui_key_parse("Space", &k, canon, sizeof canon));
	cr_expect_eq(k, ' ');
	cr_assert(tui_key_parse("S-Tab", &k, canon, sizeof canon));
	cr_expect_eq(k, KEY_BTAB);
	cr_assert(tui_key_parse("Semicolon", &k, canon, sizeof canon));
	cr_expect_eq(k, ';');
	cr_expect_str_eq(canon, ";");
	/* ^I and ^M are what a terminal sends for Tab and Enter */
	cr_assert(tui_key_parse("C-i", &k, canon, sizeof canon));
	cr_expect_eq(k, '\t');
	cr_expect_str_eq(canon, "Tab");
	cr_assert(tui_key_parse("^M", &k, canon, sizeof canon));
	cr_expect_eq(k, '\r');
	cr_expect_str_eq(canon, "Enter");
}

Test(tui_config, names_that_are_no_key_are_refused)
{
	int k = -7;
	char canon[TUI_KEY_NAME_MAX];
	const char *bad[] = {"",   "ab", "F0",	"F13", "F1x",
			     "C-", "^1", "Esc", "^[",  "Ctrl-l"};
	/* (a lone ^ is the key ^) */
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_expect_not(tui_key_parse(bad[i], &k, canon, sizeof canon),
			      "\"%s\" taken as a key", bad[i]);
	cr_expect_eq(k, -7);
}

/* ---- [keys] ---- */

Test(tui_config, no_file_gives_the_built_in_table)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	struct tui_config *c = cfg_new();
	cr_expect(same_as_defaults(c));
	cr_expect_eq(c->nerrors, 0);
	char before[512];
	snprintf(before, sizeof before, "%s", key_line(&km));
	tui_config_keymap(c, &km);
	cr_expect_str_eq(key_line(&km), before);
	free(c);
}

Test(tui_config, rebinding_reaches_binding_for_the_key_line_and_help)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c = cfg_text("[keys]\nquit = x\n", &ok);
	cr_assert(ok, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	cr_expect_str_neq(key_line(&km), ""); /* the defaults first */
	cr_expect(strstr(key_line(&km), "q quit") != NULL, "%s", key_line(&km));
	tui_config_keymap(c, &km);
	const struct tui_binding *b = tui_binding_for(&km, 'x');
	cr_assert_not_null(b);
	cr_expect_eq(b->cmd, TC_QUIT);
	cr_expect_str_eq(b->key_name, "x");
	cr_expect_null(tui_binding_for(&km, 'q'), "q still quits");
	cr_expect(strstr(key_line(&km), "x quit") != NULL, "%s", key_line(&km));
	cr_expect(strstr(key_line(&km), "q quit") == NULL, "%s", key_line(&km));
	/* the help's rows are the table in use */
	size_t n;
	const struct tui_binding *t = tui_bindings(&km, &n);
	bool shown = false;
	for (size_t i = 0; i < n; i++)
		if (t[i].cmd == TC_QUIT)
			shown = !strcmp(t[i].key_name, "x");
	cr_expect(shown);
	/* and back to the built-in table */
	tui_config_keymap(NULL, &km);
	cr_expect_eq(tui_binding_for(&km, 'q')->cmd, TC_QUIT);
	cr_expect_null(tui_binding_for(&km, 'x'));
	free(c);
}

Test(tui_config, several_keys_for_one_command_the_first_on_the_key_line)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c =
		cfg_text("[keys]\ngoto CCRR = G F5\nhelp = F1 ?\n", &ok);
	cr_assert(ok, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, 'G')->cmd, TC_GOTO);
	cr_expect_eq(tui_binding_for(&km, KEY_F(5))->cmd, TC_GOTO);
	cr_expect_null(tui_binding_for(&km, 'g'));
	cr_expect_eq(tui_binding_for(&km, KEY_F(1))->cmd, TC_HELP);
	cr_expect_eq(tui_binding_for(&km, '?')->cmd, TC_HELP);
	cr_expect(strstr(key_line(&km), "G goto") != NULL, "%s", key_line(&km));
	cr_expect(strstr(key_line(&km), "F1 help") != NULL, "%s",
		  key_line(&km));
	/* the second key is listed in the help, not on the key line */
	cr_expect_null(tui_binding_for(&km, KEY_F(5))->hint);
	cr_expect(strstr(key_line(&km), "F5") == NULL, "%s", key_line(&km));
	free(c);
}

Test(tui_config, command_names_ignore_case_and_take_dashes_or_a_first_word)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c = cfg_text("[keys]\n"
					"Cursor-Next-Unit = N\n"
					"overlay_hexnum = H\n"
					"goto = G\n"
					"view overview = O\n",
					&ok);
	cr_assert(ok, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, 'N')->cmd, TC_NEXT_UNIT);
	cr_expect_eq(tui_binding_for(&km, 'H')->cmd, TC_OVERLAY_HEXNUM);
	cr_expect_eq(tui_binding_for(&km, 'G')->cmd, TC_GOTO);
	cr_expect_eq(tui_binding_for(&km, 'O')->cmd, TC_OVERVIEW);
	free(c);
}

Test(tui_config, none_leaves_a_command_without_a_key)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c = cfg_text(
		"[keys]\noverlay hexnum = none\ncursor N = NONE\n", &ok);
	cr_assert(ok, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	size_t nd;
	tui_default_bindings(&nd);
	/* # is one binding; cursor N had k and Up */
	cr_expect_eq(c->nbindings, nd - 3);
	tui_config_keymap(c, &km);
	cr_expect_null(tui_binding_for(&km, '#'));
	cr_expect_null(tui_binding_for(&km, 'k'));
	cr_expect_null(tui_binding_for(&km, KEY_UP));
	/* the move group keeps its other keys on the key line */
	cr_expect(strstr(key_line(&km), "u/n/j/b/y move") != NULL, "%s",
		  key_line(&km));
	free(c);
}

Test(tui_config, keys_may_be_swapped_between_commands)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c =
		cfg_text("[keys]\nquit = k\ncursor N = q Up\n", &ok);
	cr_assert(ok, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, 'k')->cmd, TC_QUIT);
	cr_expect_eq(tui_binding_for(&km, 'q')->cmd, TC_N);
	cr_expect_eq(tui_binding_for(&km, KEY_UP)->cmd, TC_N);
	free(c);
}

Test(tui_config, a_key_another_command_keeps_is_refused)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	/* k stays cursor N's: quit keeps q */
	struct tui_config *c = cfg_text("[keys]\nquit = k\n", &ok);
	cr_expect_not(ok);
	cr_assert_eq(c->nerrors, 1);
	fx_expect_refusal(c, 0, 2, "key k is already cursor N's");
	cr_expect(strstr(fx_refusal(c, 0), "t.ini:2: ") == fx_refusal(c, 0));
	cr_expect(same_as_defaults(c));
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, 'k')->cmd, TC_N);
	cr_expect_eq(tui_binding_for(&km, 'q')->cmd, TC_QUIT);
	free(c);
}

Test(tui_config, of_two_entries_wanting_one_key_the_later_gives_way)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c =
		cfg_text("[keys]\nhelp = F2\n\nredraw = F2\n", &ok);
	cr_expect_not(ok);
	cr_assert_eq(c->nerrors, 1);
	fx_expect_refusal(c, 0, 4, "key F2 is already help's");
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, KEY_F(2))->cmd, TC_HELP);
	cr_expect_eq(tui_binding_for(&km, 12)->cmd, TC_REDRAW); /* ^L kept */
	free(c);
}

Test(tui_config, a_refusal_that_brings_default_keys_back_is_followed_up)
{
	bool ok;
	/* redraw (line 4) wants cursor N's new q: refused.  cursor N (line 3)
	 * wants quit's q: refused, so it takes k back, which help (line 2)
	 * wanted: refused too.  All defaults in the end. */
	struct tui_config *c =
		cfg_text("[keys]\nhelp = k\ncursor N = q\nredraw = q\n", &ok);
	cr_expect_not(ok);
	cr_assert_eq(c->nerrors, 3);
	fx_expect_refusal(c, 0, 2, "key k is already cursor N's");
	fx_expect_refusal(c, 1, 3, "key q is already quit's");
	fx_expect_refusal(c, 2, 4, "key q is already cursor N's");
	cr_expect(same_as_defaults(c));
	free(c);
}

Test(tui_config, every_refusal_in_keys_names_its_line)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c = cfg_text("[keys]\n"	     /* 1 */
					"retreat = r\n"	     /* 2 */
					"quit = Escape\n"    /* 3 */
					"help = x x\n"	     /* 4 */
					"goto = A B C D E\n" /* 5 */
					"redraw =\n"	     /* 6 */
					"quit = Q\n"	     /* 7 */
					"quit = X\n"	     /* 8 */
					"cursor = Z\n"	     /* 9 */
					"log = Esc\n"	     /* 10 */
					"legal = \001\n",    /* 11 */
					&ok);
	cr_expect_not(ok);
	cr_assert_eq(c->nerrors, 9, "%d refusals", c->nerrors);
	fx_expect_refusal(c, 0, 2, "no command retreat");
	fx_expect_refusal(c, 1, 3, "Escape is no key name");
	fx_expect_refusal(c, 2, 4, "key x given twice");
	fx_expect_refusal(c, 3, 5, "more than 4 keys for goto CCRR");
	fx_expect_refusal(c, 4, 6, "no key for redraw");
	fx_expect_refusal(c, 5, 8, "quit given keys again (line 7");
	fx_expect_refusal(c, 6, 9, "no command cursor"); /* several match */
	fx_expect_refusal(c, 7, 10, "Esc is no key name");
	/* a control character is shown as ?, never sent to the terminal */
	fx_expect_refusal(c, 8, 11, "? is no key name");
	/* line 7 stands */
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, 'Q')->cmd, TC_QUIT);
	cr_expect_null(tui_binding_for(&km, 'X'));
	free(c);
}

/* ---- [colours] ---- */

Test(tui_config, colour_roles_take_names_numbers_and_default)
{
	bool ok;
	struct tui_config *c = cfg_text("[colours]\n"
					"side1 = purple\n"
					"woods = 22\n"
					"dim = default\n"
					"Roman_Road = gold\n"
					"level2 = 238\n",
					&ok);
	cr_assert(ok, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	short col;
	bool light;
	cr_assert(tui_config_colour(c, TCR_SIDE1, 256, &col, &light));
	cr_expect_eq(col, 91);
	cr_expect_not(light);
	cr_assert(tui_config_colour(c, TCR_SIDE1, 8, &col, &light));
	cr_expect_eq(col, COLOR_MAGENTA);
	cr_assert(tui_config_colour(c, TCR_TERRAIN + TERRAIN_WOODS, 256, &col,
				    &light));
	cr_expect_eq(col, 22);
	/* 22 is beyond an 8-colour terminal: woods keeps its colour there */
	cr_expect_not(tui_config_colour(c, TCR_TERRAIN + TERRAIN_WOODS, 8, &col,
					&light));
	cr_assert(tui_config_colour(c, TCR_DIM, 8, &col, &light));
	cr_expect_eq(col, -1);
	cr_assert(tui_config_colour(c, TCR_FEATURE + TF_ROMAN_ROAD, 256, &col,
				    &light));
	cr_expect_eq(col, 220);
	cr_expect(light);
	cr_assert(tui_config_colour(c, TCR_LEVEL2, 256, &col, &light));
	cr_expect_eq(col, 238);
	/* untouched roles and no colours at all */
	cr_expect_not(tui_config_colour(c, TCR_SIDE2, 256, &col, &light));
	cr_expect_not(tui_config_colour(c, TCR_SIDE1, 0, &col, &light));
	free(c);
}

Test(tui_config, numbers_say_whether_black_text_reads_better)
{
	struct tui_config *c = cfg_text("[colours]\nside1 = 3\nside2 = 4\n"
					"good = 231\nwarn = 232\nbad = 255\n"
					"dim = 16\n",
					NULL);
	short col;
	bool light;
	cr_assert(tui_config_colour(c, TCR_SIDE1, 8, &col, &light));
	cr_expect(light, "3 is yellow");
	cr_assert(tui_config_colour(c, TCR_SIDE2, 8, &col, &light));
	cr_expect_not(light, "4 is blue");
	cr_assert(tui_config_colour(c, TCR_GOOD, 256, &col, &light));
	cr_expect(light, "231 is the cube's white");
	cr_assert(tui_config_colour(c, TCR_WARN, 256, &col, &light));
	cr_expect_not(light, "232 is the darkest grey");
	cr_assert(tui_config_colour(c, TCR_BAD, 256, &col, &light));
	cr_expect(light, "255 is the lightest grey");
	cr_assert(tui_config_colour(c, TCR_DIM, 256, &col, &light));
	cr_expect_not(light, "16 is the cube's black");
	free(c);
}

Test(tui_config, every_role_has_a_name_the_file_accepts)
{
	for (int r = 0; r < TCR_COUNT; r++) {
		const char *name =
			tui_colour_role_name((enum tui_colour_role)r);
		cr_assert_str_neq(name, "", "role %d has no name", r);
		char text[96];
		snprintf(text, sizeof text, "[colours]\n%s = red\n", name);
		bool ok;
		struct tui_config *c = cfg_text(text, &ok);
		cr_expect(ok, "%s refused", name);
		cr_expect_eq(c->colour[r].kind, TCK_NAME, "%s", name);
		free(c);
	}
}

Test(tui_config, every_refusal_in_colours_names_its_line)
{
	bool ok;
	struct tui_config *c = cfg_text("[colors]\n"	       /* 1 */
					"forest = green\n"     /* 2 */
					"woods = chartreuse\n" /* 3 */
					"marsh = 256\n"	       /* 4 */
					"marsh = -1\n"	       /* 5 */
					"bad = red\n"	       /* 6 */
					"bad = blue\n",	       /* 7 */
					&ok);
	cr_expect_not(ok);
	cr_assert_eq(c->nerrors, 5);
	fx_expect_refusal(c, 0, 2, "no colour role forest");
	fx_expect_refusal(c, 1, 3, "colour chartreuse");
	fx_expect_refusal(c, 2, 4, "colour 256");
	fx_expect_refusal(c, 3, 5, "colour -1");
	fx_expect_refusal(c, 4, 7, "bad coloured again (line 6");
	short col;
	bool light;
	cr_expect_not(tui_config_colour(c, TCR_TERRAIN + TERRAIN_WOODS, 256,
					&col, &light));
	cr_assert(tui_config_colour(c, TCR_BAD, 8, &col, &light));
	cr_expect_eq(col, COLOR_RED);
	free(c);
}

/* ---- the file as a whole ---- */

Test(tui_config, file_section_sections_and_syntax_refused_with_lines)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c = cfg_text("quit = x\n"	  /* 1 */
					"[file]\n"	  /* 2 */
					"kind = battle\n" /* 3 */
					"version = 2\n"	  /* 4 */
					"author = me\n"	  /* 5 */
					"[sounds]\n"	  /* 6 */
					"bell = yes\n"	  /* 7 */
					"[keys]\n"	  /* 8 */
					"help x\n"	  /* 9 */
					"quit = X\n",	  /* 10 */
					&ok);
	cr_expect_not(ok);
	cr_assert_eq(c->nerrors, 6, "%d refusals", c->nerrors);
	fx_expect_refusal(c, 0, 1, "quit outside a section");
	fx_expect_refusal(c, 1, 3, "kind battle");
	fx_expect_refusal(c, 2, 4, "version 2");
	fx_expect_refusal(c, 3, 5, "unknown key author in [file]");
	fx_expect_refusal(c, 4, 6, "unknown section [sounds]");
	fx_expect_refusal(c, 5, 9, "syntax error");
	/* what was fine still counts */
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, 'X')->cmd, TC_QUIT);
	free(c);
}

Test(tui_config, a_file_section_of_kind_config_is_accepted)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c = cfg_text(
		"; my keys\n[file]\nkind = config\nversion = 1\n[keys]\n"
		"help = F1 ; the usual\n",
		&ok);
	cr_assert(ok, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, KEY_F(1))->cmd, TC_HELP);
	free(c);
}

Test(tui_config, a_bad_file_keeps_every_default)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	bool ok;
	struct tui_config *c = cfg_text("[keys]\n"
					"quit = k\n"
					"help = Esc\n"
					"warp = w\n"
					"[colours]\n"
					"side1 = plaid\n"
					"cursor = red\n",
					&ok);
	cr_expect_not(ok);
	cr_expect_eq(c->nerrors, 5);
	cr_expect(same_as_defaults(c));
	for (int r = 0; r < TCR_COUNT; r++)
		cr_expect_eq(c->colour[r].kind, TCK_UNSET, "role %s set",
			     tui_colour_role_name((enum tui_colour_role)r));
	char before[512];
	snprintf(before, sizeof before, "%s", key_line(&km));
	tui_config_keymap(c, &km);
	cr_expect_str_eq(key_line(&km), before);
	free(c);
}

Test(tui_config, an_over_long_line_stops_the_file_there)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	char text[600];
	int n = snprintf(text, sizeof text, "[keys]\nquit = x\nhelp = ");
	memset(text + n, 'y', 300);
	snprintf(text + n + 300, sizeof text - (size_t)n - 300,
		 "\nredraw = z\n");
	bool ok;
	struct tui_config *c = cfg_text(text, &ok);
	cr_expect_not(ok);
	cr_assert_eq(c->nerrors, 1);
	fx_expect_refusal(c, 0, 3, "line longer than");
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, 'x')->cmd, TC_QUIT);
	cr_expect_null(tui_binding_for(&km, 'z'));
	free(c);
}

/* ---- where the file is ---- */

Test(tui_config, the_file_is_looked_for_under_the_xdg_config_directory)
{
	char path[TUI_CONFIG_PATH_MAX];
	bool named;
	unsetenv("MANIPLE_CONFIG");
	setenv("HOME", "/home/p", 1);
	setenv("XDG_CONFIG_HOME", "/cfg", 1);
	cr_assert(tui_config_locate(NULL, path, sizeof path, &named));
	cr_expect_str_eq(path, "/cfg/maniple/maniple.ini");
	cr_expect_not(named);
	/* a relative XDG_CONFIG_HOME is ignored, as the XDG spec says */
	setenv("XDG_CONFIG_HOME", "cfg", 1);
	cr_assert(tui_config_locate(NULL, path, sizeof path, &named));
	cr_expect_str_eq(path, "/home/p/.config/maniple/maniple.ini");
	unsetenv("XDG_CONFIG_HOME");
	cr_assert(tui_config_locate(NULL, path, sizeof path, &named));
	cr_expect_str_eq(path, "/home/p/.config/maniple/maniple.ini");
	setenv("MANIPLE_CONFIG", "/tmp/m.ini", 1);
	cr_assert(tui_config_locate(NULL, path, sizeof path, &named));
	cr_expect_str_eq(path, "/tmp/m.ini");
	cr_expect(named);
	cr_assert(tui_config_locate("o.ini", path, sizeof path, &named));
	cr_expect_str_eq(path, "o.ini");
	cr_expect(named);
	unsetenv("MANIPLE_CONFIG");
	unsetenv("HOME");
	cr_expect_not(tui_config_locate(NULL, path, sizeof path, &named));
}

static char tmpdir[64];

static void make_tmpdir(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/maniple-cfg-XXXXXX");
	cr_assert_not_null(mkdtemp(tmpdir));
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

Test(tui_config, load_reads_the_xdg_file_and_tolerates_its_absence)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	make_tmpdir();
	unsetenv("MANIPLE_CONFIG");
	setenv("XDG_CONFIG_HOME", tmpdir, 1);
	struct tui_config *c = cfg_new();
	FILE *err = tmpfile();
	/* no file: the defaults, nothing said */
	cr_expect(tui_config_load(c, NULL, err));
	cr_expect(same_as_defaults(c));
	cr_expect_eq(ftell(err), 0);
	char dir[128], path[192];
	snprintf(dir, sizeof dir, "%s/maniple", tmpdir);
	mkdir(dir, 0700);
	snprintf(path, sizeof path, "%s/maniple.ini", dir);
	write_file(path, "[keys]\nquit = x\nhelp = k\n");
	cr_expect_not(tui_config_load(c, NULL, err));
	cr_expect_str_eq(c->path, path);
	tui_config_keymap(c, &km);
	cr_expect_eq(tui_binding_for(&km, 'x')->cmd, TC_QUIT);
	cr_expect_eq(tui_binding_for(&km, '?')->cmd, TC_HELP);
	/* the refusal went to err as file:line: reason */
	char line[600] = "", want[300];
	rewind(err);
	cr_assert_not_null(fgets(line, sizeof line, err));
	snprintf(want, sizeof want, "%s:3: key k is already", path);
	cr_expect(strncmp(line, want, strlen(want)) == 0, "%s", line);
	fclose(err);
	unlink(path);
	rmdir(dir);
	rmdir(tmpdir);
	free(c);
}

Test(tui_config, a_named_file_that_is_missing_or_a_directory_is_refused)
{
	make_tmpdir();
	struct tui_config *c = cfg_new();
	FILE *err = tmpfile();
	char path[128];
	snprintf(path, sizeof path, "%s/none.ini", tmpdir);
	cr_expect_not(tui_config_load(c, path, err));
	cr_assert_eq(c->nerrors, 1);
	cr_expect(strstr(c->errors[0].msg, "cannot open") != NULL, "%s",
		  c->errors[0].msg);
	cr_expect(same_as_defaults(c));
	cr_expect_not(tui_config_load(c, tmpdir, err));
	cr_assert_eq(c->nerrors, 1);
	cr_expect(strstr(c->errors[0].msg, "directory") != NULL, "%s",
		  c->errors[0].msg);
	fclose(err);
	rmdir(tmpdir);
	free(c);
}

/* ---- colour pairs on a screen ---- */

Test(tui_config, recolour_changes_a_pair_only_for_a_role_the_file_sets)
{
	FILE *out = fopen("/dev/null", "w");
	FILE *in = fopen("/dev/null", "r");
	SCREEN *scr = newterm("xterm-256color", out, in);
	if (!scr || !has_colors() || start_color() == ERR || COLORS < 256 ||
	    COLOR_PAIRS < 8) {
		if (scr) {
			endwin();
			delscreen(scr);
		}
		cr_skip_test("no 256-colour terminfo entry");
	}
	use_default_colors();
	init_pair(1, 250, -1); /* a woods glyph */
	init_pair(2, 15, 160); /* side 1's counter */
	init_pair(3, 160, -1); /* side 1's leader */
	init_pair(4, 28, -1);  /* good */
	struct tui_config *c = cfg_text(
		"[colours]\nwoods = 22\nside1 = yellow\nlevel1 = 236\n", NULL);
	tui_config_recolour(c, TCR_TERRAIN + TERRAIN_WOODS, 1, false, 256);
	tui_config_recolour(c, TCR_LEVEL1, 1, true, 256);
	tui_config_recolour(c, TCR_SIDE1, 2, true, 256);
	tui_config_recolour(c, TCR_SIDE1, 3, false, 256);
	tui_config_recolour(c, TCR_GOOD, 4, false, 256);
	short fg, bg;
	pair_content(1, &fg, &bg);
	cr_expect_eq(fg, 22);
	cr_expect_eq(bg, 236);
	/* yellow is light: the counter's letters turn black */
	pair_content(2, &fg, &bg);
	cr_expect_eq(bg, 178);
	cr_expect_eq(fg, 16);
	pair_content(3, &fg, &bg);
	cr_expect_eq(fg, 178);
	cr_expect_eq(bg, -1);
	pair_content(4, &fg, &bg);
	cr_expect_eq(fg, 28, "good is not in the file");
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	free(c);
}

/* ---- the command line ---- */

static int run_maniple(const char *args, const char *env)
{
	const char *bin = getenv("MANIPLE_BIN");
	if (!bin || !*bin)
		cr_skip_test("MANIPLE_BIN is not set");
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "env %s %s %s >%s/out 2>%s/err", env, bin,
		 args, tmpdir, tmpdir);
	int st = system(cmd);
	cr_assert(WIFEXITED(st));
	return WEXITSTATUS(st);
}

static bool output_has(const char *which, const char *words)
{
	char path[128], buf[2048];
	snprintf(path, sizeof path, "%s/%s", tmpdir, which);
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return strstr(buf, words) != NULL;
}

static void clean_tmpdir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
	cr_expect_eq(system(cmd), 0);
}

Test(tui_config, check_takes_a_config_kind_file_and_check_config_the_xdg_one)
{
	make_tmpdir();
	char good[128], bad[128], dir[128], env[300], args[300];
	snprintf(good, sizeof good, "%s/good.ini", tmpdir);
	snprintf(bad, sizeof bad, "%s/bad.ini", tmpdir);
	write_file(good, "[file]\nkind = config\nversion = 1\n[keys]\n"
			 "quit = x\n[colours]\nside2 = 33\n");
	write_file(bad, "[file]\nkind = config\n[keys]\nquit = k\n"
			"[colours]\nwoods = plaid\n");
	snprintf(args, sizeof args, "--check %s", good);
	cr_expect_eq(run_maniple(args, ""), 0);
	cr_expect(output_has("out", "good.ini: ok"));
	snprintf(args, sizeof args, "--check %s", bad);
	cr_expect_eq(run_maniple(args, ""), 2);
	cr_expect(output_has("err", "bad.ini:4: key k is already cursor N's"));
	cr_expect(output_has("err", "bad.ini:6: colour plaid"));
	/* --check-config: the file under XDG_CONFIG_HOME, or the one named */
	snprintf(dir, sizeof dir, "%s/maniple", tmpdir);
	snprintf(env, sizeof env, "-u MANIPLE_CONFIG XDG_CONFIG_HOME=%s",
		 tmpdir);
	cr_expect_eq(run_maniple("--check-config", env), 0);
	cr_expect(output_has("out", "no such file"));
	mkdir(dir, 0700);
	char xdgfile[192];
	snprintf(xdgfile, sizeof xdgfile, "%s/maniple.ini", dir);
	write_file(xdgfile, "[keys]\nhelp = F1\nwarp = w\n");
	cr_expect_eq(run_maniple("--check-config", env), 2);
	cr_expect(output_has("err", "maniple.ini:3: no command warp"));
	snprintf(args, sizeof args, "--config %s --check-config", good);
	cr_expect_eq(run_maniple(args, env), 0);
	snprintf(env, sizeof env, "MANIPLE_CONFIG=%s", bad);
	cr_expect_eq(run_maniple("--check-config", env), 2);
	snprintf(env, sizeof env, "MANIPLE_CONFIG=%s/none.ini", tmpdir);
	cr_expect_eq(run_maniple("--check-config", env), 2);
	cr_expect(output_has("err", "cannot open"));
	clean_tmpdir();
}

/* ---- tools/maniple.ini.example ---- */

/* The example reads clean, and with the ';' taken off its list of the
 * built-in keys it names every command with exactly its built-in keys: it stays
 * in step with keys.c. */
Test(tui_config, the_example_file_lists_every_command_with_its_keys)
{
	struct tui_keymap km;
	tui_keymap_defaults(&km);
	const char *src = getenv("MANIPLE_SRCDIR");
	char path[512];
	snprintf(path, sizeof path, "%s/tools/maniple.ini.example",
		 src && *src ? src : ".");
	struct tui_config *c = cfg_new();
	cr_assert(tui_config_read_file(c, path), "%s",
		  c->nerrors ? fx_refusal(c, 0) : "");
	cr_expect(same_as_defaults(c), "the example changes keys as it is");
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f);
	static char text[16384];
	size_t len = 0;
	char line[256];
	bool in_list = false; /* after "These are the built-in keys:" */
	while (fgets(line, sizeof line, f)) {
		const char *l = line;
		if (line[0] == '[' || line[0] == '\n')
			in_list = false;
		else if (strstr(line, "These are the built-in keys:"))
			in_list = true;
		else if (in_list && !strncmp(line, "; ", 2))
			l = line + 2; /* "; quit = q" */
		len += (size_t)snprintf(text + len, sizeof text - len, "%s", l);
		cr_assert_lt(len, sizeof text);
	}
	fclose(f);
	free(c);
	bool ok;
	c = cfg_text(text, &ok);
	cr_assert(ok, "%s", c->nerrors ? fx_refusal(c, 0) : "");
	cr_expect_eq(c->nentries, TC_COUNT, "%d commands in the example",
		     c->nentries);
	size_t nd;
	const struct tui_binding *d = tui_default_bindings(&nd);
	cr_expect_eq(c->nbindings, nd);
	tui_config_keymap(c, &km);
	for (size_t i = 0; i < nd; i++) {
		const struct tui_binding *b = tui_binding_for(&km, d[i].key);
		cr_expect(b && b->cmd == d[i].cmd, "key %s: not %s",
			  d[i].key_name, d[i].command);
	}
	free(c);
}
