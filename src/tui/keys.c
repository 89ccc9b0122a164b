/* keys.c — the map view's key binding table (see keys.h). */
#include <curses.h>
#include <stdbool.h>
#include <string.h>

#include "keys.h"

#define CTRL(c) ((c) & 0x1f)

static const struct tui_binding bindings[] = {
	{'k', "k", TC_N, "cursor N", "cursor to the hex across the N side", "move"},
	{'u', "u", TC_ENE, "cursor ENE", "cursor across the ENE side", "move"},
	{'n', "n", TC_ESE, "cursor ESE", "cursor across the ESE side", "move"},
	{'j', "j", TC_S, "cursor S", "cursor across the S side", "move"},
	{'b', "b", TC_WSW, "cursor WSW", "cursor across the WSW side", "move"},
	{'y', "y", TC_WNW, "cursor WNW", "cursor across the WNW side", "move"},
	{KEY_UP, "Up", TC_N, "cursor N", "cursor N (same as k)", NULL},
	{KEY_DOWN, "Down", TC_S, "cursor S", "cursor S (same as j)", NULL},
	{KEY_RIGHT, "Right", TC_EAST, "cursor east",
	 "next column, same row (ESE or ENE)", NULL},
	{KEY_LEFT, "Left", TC_WEST, "cursor west",
	 "previous column, same row (WSW or WNW)", NULL},
	{'l', "l", TC_EAST, "cursor east", "same as Right", NULL},
	{'h', "h", TC_WEST, "cursor west", "same as Left", NULL},
	{':', ":", TC_COMMAND, "command-line",
	 "type a command (Enter runs, Esc cancels, Tab completes, Up/Down "
	 "recall)",
	 "cmd"},
	{'\r', "Enter", TC_LEGAL, "legal",
	 "list the legal actions; Enter there does the one selected", "legal"},
	{'e', "e", TC_LOG, "log", "show or hide the event log", "log"},
	{KEY_PPAGE, "PgUp", TC_LOG_UP, "log back",
	 "scroll the event log back a page", NULL},
	{KEY_NPAGE, "PgDn", TC_LOG_DOWN, "log forward",
	 "scroll the event log forward a page", NULL},
	{'[', "[", TC_LOG_UP, "log back", "the same as PgUp", NULL},
	{']', "]", TC_LOG_DOWN, "log forward", "the same as PgDn", NULL},
	{'\t', "Tab", TC_NEXT_UNIT, "cursor next-unit",
	 "cursor to the next unit on the map", NULL},
	{KEY_BTAB, "S-Tab", TC_PREV_UNIT, "cursor prev-unit",
	 "cursor to the previous unit", NULL},
	{'v', "v", TC_PREV_UNIT, "cursor prev-unit", "the same as S-Tab", NULL},
	{'w', "w", TC_NEXT_ACTOR, "cursor next-actor",
	 "cursor to the next unit or leader a legal action names (can act now)",
	 NULL},
	{'W', "W", TC_PREV_ACTOR, "cursor prev-actor",
	 "cursor to the previous unit or leader that can act now", NULL},
	{'a', "a", TC_ACTIVE_LEADER, "cursor active-leader",
	 "cursor to the active leader", NULL},
	{'g', "g", TC_GOTO, "goto CCRR",
	 "go to a hex: g then four digits (g2719)", "goto"},
	{'o', "o", TC_OVERVIEW, "view overview",
	 "overview of the whole map (o again to return)", "overview"},
	{'s', "s", TC_OVERLAY_STACK, "overlay stack",
	 "show or hide stack and leader marks", NULL},
	{'c', "c", TC_OVERLAY_COHESION, "overlay cohesion",
	 "show or hide cohesion hits/TQ", NULL},
	{'#', "#", TC_OVERLAY_HEXNUM, "overlay hexnum",
	 "show or hide hex numbers", NULL},
	{'r', "r", TC_OVERLAY_RANGE, "overlay range",
	 "show or hide the active leader's Command Range (4.21)", NULL},
	{'Z', "Z", TC_OVERLAY_ZOC, "overlay zoc",
	 "ZOC overlay: the first side's, the second's, off (7.2)", NULL},
	{'+', "+", TC_DETAIL, "view detail",
	 "hexes outlined or compact (by default outlined where as many show)",
	 NULL},
	{'/', "/", TC_LEGEND, "legend",
	 "the map legend: every glyph, mark and overlay on the map", NULL},
	{'?', "?", TC_HELP, "help", "this help", "help"},
	{CTRL('l'), "^L", TC_REDRAW, "redraw", "redraw the screen", NULL},
	{'q', "q", TC_QUIT, "quit", "quit", "quit"},
	{'i', "i", TC_ORDER, "order",
	 "order the unit/leader under the cursor (5.22)", NULL},
	{'L', "L", TC_LINE_COMMAND, "line-command",
	 "choose a Line Command from the legal ones (5.23)", NULL},
	{'D', "D", TC_ORDERS_DONE, "orders done",
	 "end the active leader's orders (5.27)", NULL},
	{' ', "Space", TC_CONTINUE, "continue",
	 "go on when the sequence waits for nobody (continue, 3.0)", NULL},
	{'V', "V", TC_CARDS, "cards",
	 "the shock cards of this or the last Shock segment (8.4); the end "
	 "card once the battle is over (11.2)", NULL},
	{'{', "{", TC_PANEL_UP, "panel back",
	 "the side panel's lines before (it ends in ... when cut)", NULL},
	{'}', "}", TC_PANEL_DOWN, "panel forward",
	 "the side panel's lines after", NULL},
	{'P', "P", TC_PANEL, "panel",
	 "side panel: hex & unit, then leaders, then sequence of play", NULL},
	{'R', "R", TC_UNDO, "undo",
	 "take back the last command (hotseat: once the other side agrees, "
	 "R9)", NULL},
	{'M', "M", TC_TEACH, "teach",
	 "teach mode on or off: each step told with its rule, the game "
	 "waiting for a key (also :teach on, :teach off)", NULL},
	{'I', "I", TC_PAUSE, "pause",
	 "the computer's play (--ai, against the computer): it waits, or goes "
	 "on", NULL},
	{'C', "C", TC_BRANCH, "branch",
	 "copy the game to a new file and play on there: the : line with "
	 "branch and a free name, to change or run", NULL},
	{CTRL('p'), "^P", TC_RESULT, "result",
	 "the last command's result whole, in words, in the reading pane "
	 "(the status bar shows what its two rows hold)", NULL},
};

void tui_keymap_defaults(struct tui_keymap *km)
{
	*km = (struct tui_keymap){.map = bindings,
				  .nmap = sizeof bindings / sizeof bindings[0]};
}

const struct tui_binding *tui_default_bindings(size_t *n)
{
	*n = sizeof bindings / sizeof bindings[0];
	return bindings;
}

const struct tui_binding *tui_bindings(const struct tui_keymap *km, size_t *n)
{
	if (!km || !km->map)
		return tui_default_bindings(n);
	*n = km->nmap;
	return km->map;
}

const struct tui_binding *tui_binding_for(const struct tui_keymap *km, int key)
{
	size_t n;
	const struct tui_binding *b = tui_bindings(km, &n);
	for (size_t i = 0; i < n; i++)
		if (b[i].key == key)
			return &b[i];
	return NULL;
}

/* The `:` line: keys not here insert their character when printable. */
static const struct tui_mode_binding line_bindings[] = {
	{'\r', "Enter", LC_RUN, "run the command"},
	{KEY_ENTER, "kEnter", LC_RUN, "the same as Enter"},
	{27, "Esc", LC_CANCEL, "close the line (its text stays in the history "
			       "only when run)"},
	{'\t', "Tab", LC_COMPLETE,
	 "complete the word: command, unit, leader, hex, facing; again: next"},
	{KEY_BACKSPACE, "BkSp", LC_BACKSPACE,
	 "delete before the cursor (on an empty line: close it)"},
	{127, "Del", LC_BACKSPACE, "the same as BkSp"},
	{CTRL('h'), "^H", LC_BACKSPACE, "the same as BkSp"},
	{KEY_DC, "Delete", LC_DELETE, "delete under the cursor"},
	{CTRL('d'), "^D", LC_DELETE, "the same as Delete"},
	{KEY_LEFT, "Left", LC_LEFT, "cursor left"},
	{KEY_RIGHT, "Right", LC_RIGHT, "cursor right"},
	{KEY_HOME, "Home", LC_HOME, "to the start of the line"},
	{CTRL('a'), "^A", LC_HOME, "the same as Home"},
	{KEY_END, "End", LC_END, "to the end of the line"},
	{CTRL('e'), "^E", LC_END, "the same as End"},
	{CTRL('u'), "^U", LC_KILL, "delete up to the cursor"},
	{CTRL('w'), "^W", LC_KILL_WORD, "delete the word before the cursor"},
	{KEY_UP, "Up", LC_PREV, "the command before (history)"},
	{KEY_DOWN, "Down", LC_NEXT, "the command after (history)"},
};

static const struct tui_mode_binding list_bindings[] = {
	{KEY_UP, "Up", PC_UP, "select the action above"},
	{'k', "k", PC_UP, "the same as Up"},
	{KEY_DOWN, "Down", PC_DOWN, "select the action below"},
	{'j', "j", PC_DOWN, "the same as Down"},
	{KEY_PPAGE, "PgUp", PC_PAGE_UP, "a page up"},
	{KEY_NPAGE, "PgDn", PC_PAGE_DOWN, "a page down"},
	{'[', "[", PC_PAGE_UP, "the same as PgUp"},
	{']', "]", PC_PAGE_DOWN, "the same as PgDn"},
	{KEY_HOME, "Home", PC_FIRST, "the first action"},
	{KEY_END, "End", PC_LAST, "the last action"},
	{'g', "g", PC_FIRST, "the same as Home"},
	{'G', "G", PC_LAST, "the same as End"},
	{'\r', "Enter", PC_RUN, "do the selected action (as if typed after :)"},
	{KEY_ENTER, "kEnter", PC_RUN, "the same as Enter"},
	{':', ":", PC_EDIT, "put the selected action on the : line to edit"},
	{27, "Esc", PC_CLOSE, "close the list"},
	{'q', "q", PC_CLOSE, "the same as Esc"},
	{'?', "?", PC_HELP, "the keys (the list's first)"},
};

static const struct tui_mode_binding prompt_bindings[] = {
	{'1', "1", PR_ANSWER, "give answer 1 of the prompt"},
	{'2', "2", PR_ANSWER, "give answer 2"},
	{'3', "3", PR_ANSWER, "give answer 3"},
	{'4', "4", PR_ANSWER, "give answer 4"},
	{'5', "5", PR_ANSWER, "give answer 5"},
	{'6', "6", PR_ANSWER, "give answer 6"},
	{'7', "7", PR_ANSWER, "give answer 7"},
	{'8', "8", PR_ANSWER, "give answer 8"},
	{'9', "9", PR_ANSWER, "give answer 9"},
	{'.', ".", PR_MORE, "the next nine answers, when there are more"},
	{',', ",", PR_BACK, "the nine answers before"},
	{27, "Esc", PR_HIDE, "hide the box until the decision changes"},
	{'\r', "Enter", PR_LIST,
	 "every answer in the legal list (hotseat: after the hand-over)"},
};

static const struct tui_mode_binding card_bindings[] = {
	{' ', "Space", CV_NEXT, "the next card (on the last one: close)"},
	{'\r', "Enter", CV_NEXT, "the same as Space"},
	{'n', "n", CV_NEXT, "the same as Space"},
	{'p', "p", CV_PREV, "the previous card"},
	{KEY_DOWN, "Down", CV_DOWN, "scroll the card a line down"},
	{'j', "j", CV_DOWN, "the same as Down"},
	{KEY_UP, "Up", CV_UP, "scroll the card a line up"},
	{'k', "k", CV_UP, "the same as Up"},
	{KEY_NPAGE, "PgDn", CV_PAGE_DOWN, "scroll the card a page down"},
	{KEY_PPAGE, "PgUp", CV_PAGE_UP, "scroll the card a page up"},
	{']', "]", CV_PAGE_DOWN, "the same as PgDn"},
	{'[', "[", CV_PAGE_UP, "the same as PgUp"},
	{27, "Esc", CV_CLOSE, "close the cards (V opens them again); any "
			      "other key closes them and acts on the map"},
	{'q', "q", CV_CLOSE, "the same as Esc"},
	{'?', "?", CV_HELP, "this help, the viewer's keys first (it stays "
			    "open)"},
};

static const struct tui_mode_binding reading_bindings[] = {
	{KEY_DOWN, "Down", CV_DOWN, "scroll the pane a line down"},
	{'j', "j", CV_DOWN, "the same as Down"},
	{KEY_UP, "Up", CV_UP, "scroll the pane a line up"},
	{'k', "k", CV_UP, "the same as Up"},
	{KEY_NPAGE, "PgDn", CV_PAGE_DOWN, "scroll the pane a page down"},
	{' ', "Space", CV_PAGE_DOWN, "the same as PgDn"},
	{']', "]", CV_PAGE_DOWN, "the same as PgDn"},
	{KEY_PPAGE, "PgUp", CV_PAGE_UP, "scroll the pane a page up"},
	{'p', "p", CV_PAGE_UP, "the same as PgUp"},
	{'[', "[", CV_PAGE_UP, "the same as PgUp"},
	{'q', "q", CV_CLOSE, "close the pane; any other key closes it and "
			     "acts on the map"},
	{27, "Esc", CV_CLOSE, "the same as q"},
	{'\r', "Enter", CV_CLOSE, "the same as q"},
	{'?', "?", CV_HELP, "this help, the pane's keys first (it stays "
			    "open)"},
};

static const struct tui_mode_binding replay_bindings[] = {
	{'.', ".", RP_FORWARD, "one command forward (its events in the log)"},
	{',', ",", RP_BACK, "one command back"},
	{'T', "T", RP_TURN,
	 "then a number and Enter: to the start of that turn (Esc cancels)"},
	{KEY_HOME, "Home", RP_FIRST, "to the first step"},
	{KEY_END, "End", RP_LAST, "to the last step"},
	{'<', "<", RP_FIRST, "the same as Home"},
	{'>', ">", RP_LAST, "the same as End"},
	{'\r', "Enter", RP_JUMP,
	 "after T and a number: jump (else the legal list, as on the map)"},
	{27, "Esc", RP_CANCEL, "after T: no jump"},
};

static const struct tui_mode_binding teach_bindings[] = {
	{' ', "Space", TE_NEXT, "the next page of the narration: a line, or "
				"a step of a shock segment (one combat's "
				"struggle) whole (the last: the game goes on)"},
	{'\r', "Enter", TE_NEXT, "the same as Space"},
	{KEY_ENTER, "kEnter", TE_NEXT, "the same as Space"},
	{27, "Esc", TE_SKIP, "skip to the next decision: the events' lines "
			     "left go (on the decision's line: close the "
			     "box)"},
	{'g', "g", TE_TERMS, "glossary: the terms of the rules this page uses "
			     "explained in the reading pane (rule TERM); a "
			     "page without one opens : with rule to name "
			     "one"},
	{'?', "?", TE_HELP, "this help (the box stays up)"},
	{'q', "q", TE_QUIT, "quit (the game file holds every command); the "
			    "map's teach key (M) ends teach mode; no other "
			    "key acts while the box is up"},
};

static const struct tui_mode_binding lesson_bindings[] = {
	{'H', "H", LE_HOW,
	 "show or hide how to give the step's command with the keys in use "
	 "(after the last step: close the box)"},
	{'O', "O", LE_MENU,
	 "the lesson menu: Up/Down (k/j) and Enter, or 1-9, start a lesson; "
	 "Esc back; q quit"},
};

static const struct tui_mode_binding shock_bindings[] = {
	{'t', "t", SU_GATHER,
	 "Shock designation: gather your unit under the cursor as an "
	 "attacker (again: drop it; in a combat: take it back); on an "
	 "enemy: gather it as a defender, designating once every enemy "
	 "in the attackers' ZOC is in (8.42)"},
	{'T', "T", SU_DONE, "designate done: end the designation (8.41)"},
	{27, "Esc", SU_DROP, "drop the gathered attackers and defenders"},
	{'\r', "Enter", SU_LEGAL,
	 "the legal list as on the map: each designate line the rules "
	 "offer, designate done, designate cancel N"},
};

/* The names of the commands of the modes the settings file may rebind,
 * as "PREFIX.NAME = keys" (config.c). */
static const char *const line_cmd_names[LC_COUNT] = {
	[LC_RUN] = "run",	  [LC_CANCEL] = "cancel",
	[LC_COMPLETE] = "complete", [LC_BACKSPACE] = "backspace",
	[LC_DELETE] = "delete",	  [LC_LEFT] = "left",
	[LC_RIGHT] = "right",	  [LC_HOME] = "home",
	[LC_END] = "end",	  [LC_KILL] = "kill",
	[LC_KILL_WORD] = "kill-word", [LC_PREV] = "prev",
	[LC_NEXT] = "next",
};

static const char *const list_cmd_names[PC_COUNT] = {
	[PC_UP] = "up",		  [PC_DOWN] = "down",
	[PC_PAGE_UP] = "page-up", [PC_PAGE_DOWN] = "page-down",
	[PC_FIRST] = "first",	  [PC_LAST] = "last",
	[PC_RUN] = "run",	  [PC_EDIT] = "edit",
	[PC_CLOSE] = "close",	  [PC_HELP] = "help",
};

static const char *const lesson_cmd_names[LE_COUNT] = {
	[LE_HOW] = "how",
	[LE_MENU] = "menu",
};

const char *tui_mode_prefix(enum tui_keymode m)
{
	return m == KM_LINE     ? "line"
	       : m == KM_LIST   ? "list"
	       : m == KM_LESSON ? "lesson"
				: NULL;
}

const char *tui_mode_cmd_name(enum tui_keymode m, int cmd)
{
	if (m == KM_LINE && cmd >= 0 && cmd < LC_COUNT)
		return line_cmd_names[cmd];
	if (m == KM_LIST && cmd >= 0 && cmd < PC_COUNT)
		return list_cmd_names[cmd];
	if (m == KM_LESSON && cmd >= 0 && cmd < LE_COUNT)
		return lesson_cmd_names[cmd];
	return NULL;
}

const char *tui_cmd_key(const struct tui_keymap *km, enum tui_cmd c)
{
	size_t n;
	const struct tui_binding *b = tui_bindings(km, &n);
	for (size_t i = 0; i < n; i++)
		if (b[i].cmd == c)
			return b[i].key_name;
	return NULL;
}

const char *tui_mode_cmd_key(const struct tui_keymap *km, enum tui_keymode m,
			     int cmd)
{
	size_t n;
	const struct tui_mode_binding *b = tui_mode_bindings(km, m, &n);
	for (size_t i = 0; i < n; i++)
		if (b[i].cmd == cmd)
			return b[i].key_name;
	return NULL;
}

/* Order mode and Line mode (ordermode.h) */
static const struct tui_mode_binding order_bindings[] = {
	{'m', "m", OK_STEP,
	 "step into the hex under the cursor (move CCRR, 6.21)"},
	{'K', "K", OK_SIDE, "step across the mover's N side"},
	{'U', "U", OK_SIDE, "step across the ENE side"},
	{'N', "N", OK_SIDE, "step across the ESE side"},
	{'J', "J", OK_SIDE, "step across the S side"},
	{'B', "B", OK_SIDE, "step across the WSW side"},
	{'Y', "Y", OK_SIDE, "step across the WNW side"},
	{'<', "<", OK_TURN_LEFT,
	 "turn one vertex anticlockwise (face F, 7.12)"},
	{'>', ">", OK_TURN_RIGHT, "turn one vertex clockwise (face F, 7.12)"},
	{'f', "f", OK_FIRE,
	 "fire targeting, each target marked with the number needed (8.1)"},
	{'z', "z", OK_FORM,
	 "choose a formation change: Column or normal (6.71)"},
	{'x', "x", OK_HALT, "end the move (halt, 6.11)"},
	{'d', "d", OK_DEPTH,
	 "form Double-Depth under the phalanx ahead (depth, 9.51)"},
	{'\t', "Tab", OK_TARGET_NEXT, "targeting: cursor to the next target"},
	{KEY_BTAB, "S-Tab", OK_TARGET_PREV, "targeting: the previous target"},
	{'v', "v", OK_TARGET_PREV, "targeting: the same as S-Tab"},
	{'\r', "Enter", OK_TARGET_FIRE,
	 "targeting: fire at the target under the cursor (fire HEX)"},
	{KEY_ENTER, "kEnter", OK_TARGET_FIRE, "the same as Enter"},
	{27, "Esc", OK_TARGET_LEAVE, "targeting: leave it, fire at nothing"},
};

static const struct tui_mode_binding linecmd_bindings[] = {
	{'p', "p", OK_PICK,
	 "pick the unit or leader under the cursor to move (pick ID, 4.31)"},
	{'F', "F", OK_LINE_FIRE,
	 "fire with the line: targeting of its units' volleys (5.23 #2)"},
	{'E', "E", OK_EXTEND,
	 "Manipular Line Extension into the cursor's hex (extend, 9.68)"},
	{'\r', "Enter", OK_TARGET_FIRE,
	 "targeting (F): fire at the target under the cursor"},
	{27, "Esc", OK_TARGET_LEAVE, "targeting (F): leave it"},
};

static const struct tui_mode_binding *order_tables(enum tui_keymode m,
						    size_t *n)
{
	if (m == KM_LINECMD) {
		*n = sizeof linecmd_bindings / sizeof linecmd_bindings[0];
		return linecmd_bindings;
	}
	*n = sizeof order_bindings / sizeof order_bindings[0];
	return order_bindings;
}

const struct tui_mode_binding *tui_mode_bindings(const struct tui_keymap *km,
						 enum tui_keymode m, size_t *n)
{
	if (km && (unsigned)m < KM_COUNT && km->mode[m]) {
		*n = km->nmode[m];
		return km->mode[m];
	}
	return tui_default_mode_bindings(m, n);
}

const struct tui_mode_binding *tui_default_mode_bindings(enum tui_keymode m,
							 size_t *n)
{
	if (m == KM_ORDER || m == KM_LINECMD)
		return order_tables(m, n);
	if (m == KM_CARD) {
		*n = sizeof card_bindings / sizeof card_bindings[0];
		return card_bindings;
	}
	if (m == KM_SHOCK) {
		*n = sizeof shock_bindings / sizeof shock_bindings[0];
		return shock_bindings;
	}
	if (m == KM_PROMPT) {
		*n = sizeof prompt_bindings / sizeof prompt_bindings[0];
		return prompt_bindings;
	}
	if (m == KM_REPLAY) {
		*n = sizeof replay_bindings / sizeof replay_bindings[0];
		return replay_bindings;
	}
	if (m == KM_TEACH) {
		*n = sizeof teach_bindings / sizeof teach_bindings[0];
		return teach_bindings;
	}
	if (m == KM_READING) {
		*n = sizeof reading_bindings / sizeof reading_bindings[0];
		return reading_bindings;
	}
	if (m == KM_LESSON) {
		*n = sizeof lesson_bindings / sizeof lesson_bindings[0];
		return lesson_bindings;
	}
	if (m == KM_LIST) {
		*n = sizeof list_bindings / sizeof list_bindings[0];
		return list_bindings;
	}
	*n = sizeof line_bindings / sizeof line_bindings[0];
	return line_bindings;
}

const struct tui_mode_binding *tui_mode_binding_for(const struct tui_keymap *km,
						    enum tui_keymode m, int key)
{
	size_t n;
	const struct tui_mode_binding *b = tui_mode_bindings(km, m, &n);
	for (size_t i = 0; i < n; i++)
		if (b[i].key == key)
			return &b[i];
	return NULL;
}

const char *tui_mode_title(enum tui_keymode m)
{
	if (m == KM_ORDER)
		return "Order mode (a move is open: order ID, pick ID)";
	if (m == KM_LINECMD)
		return "Line mode (a Line Command is open, 4.3)";
	if (m == KM_CARD)
		return "card viewer (V, and after a shock resolves)";
	if (m == KM_SHOCK)
		return "shock and panels (t T in the Shock designation)";
	if (m == KM_PROMPT)
		return "prompt box (a decision to answer)";
	if (m == KM_REPLAY)
		return "replay (maniple --replay FILE, read only)";
	if (m == KM_TEACH)
		return "teach box (teach mode: the game waits for it)";
	if (m == KM_READING)
		return "reading pane (the answers of show, help, why, rule)";
	if (m == KM_LESSON)
		return "lesson box (maniple --tutorial; before the map's keys)";
	return m == KM_LIST ? "legal actions' list (Enter on the map)"
			    : "command line (: on the map)";
}

static void append(char *buf, size_t n, const char *s)
{
	size_t len = strlen(buf);
	if (len + strlen(s) + 1 > n)
		return;
	memcpy(buf + len, s, strlen(s) + 1);
}

/* The parts of rank at most r, sep between them, into buf (n bytes);
 * returns the length they take, though buf held less. */
static size_t join_hints(const struct tui_hint_part *p, int np, int r,
			 const char *sep, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < np; i++) {
		if (!p[i].text || !p[i].text[0] || p[i].rank > r)
			continue;
		size_t at = len < n ? len : n - 1;
		int w = snprintf(buf + at, n - at, "%s%s", len ? sep : "",
				 p[i].text);
		len += w < 0 ? 0 : (size_t)w;
	}
	return len;
}

char *tui_fit_hints(const struct tui_hint_part *p, int np, int width,
		    char *buf, size_t n)
{
	if (n == 0)
		return buf;
	if (width < 0 || (size_t)width > n - 1)
		width = (int)(n - 1);
	int maxr = 0;
	for (int i = 0; i < np; i++)
		if (p[i].rank > maxr)
			maxr = p[i].rank;
	for (int r = maxr; r >= 0; r--)
		for (int one = 0; one < 2; one++)
			if (join_hints(p, np, r, one ? " " : "  ", buf, n) <=
			    (size_t)width)
				return buf;
	buf[width] = '\0'; /* rank 0 alone, cut */
	return buf;
}

char *tui_key_line(const struct tui_keymap *km, char *buf, size_t n)
{
	size_t count;
	const struct tui_binding *active = tui_bindings(km, &count);
	if (n == 0)
		return buf;
	buf[0] = '\0';
	/* each hint once, with the keys of all bindings sharing its group;
	 * the help's and quit's kept whatever the width, then the first */
	char parts[TC_COUNT][64];
	struct tui_hint_part hp[TC_COUNT];
	int np = 0;
	for (size_t i = 0; i < count && np < TC_COUNT; i++) {
		const char *hint = active[i].hint;
		bool seen = false;
		if (!hint)
			continue;
		for (size_t j = 0; j < i; j++)
			if (active[j].hint && !strcmp(active[j].hint, hint))
				seen = true;
		if (seen)
			continue;
		char *part = parts[np];
		part[0] = '\0';
		bool keep = false;
		for (size_t j = i; j < count; j++) {
			if (!active[j].hint || strcmp(active[j].hint, hint))
				continue;
			if (part[0])
				append(part, sizeof parts[0], "/");
			append(part, sizeof parts[0], active[j].key_name);
			keep |= active[j].cmd == TC_HELP ||
				active[j].cmd == TC_QUIT;
		}
		append(part, sizeof parts[0], " ");
		append(part, sizeof parts[0], hint);
		hp[np] = (struct tui_hint_part){part, keep ? 0 : np + 1};
		np++;
	}
	return tui_fit_hints(hp, np, (int)(n - 1), buf, n);
}

/* ---- escape sequences a terminal's description may lack ---- */

/* What xterm-like terminals send for these keys.  A description such as
 * TERM=vt100 names none of PgUp, PgDn, Home, End, S-Tab, Insert, Delete:
 * without this ncurses would hand the bytes over one by one, Esc then
 * letters (S-Tab's ESC [ Z then opened the log with `[`). */
static const struct {
	const char *seq;
	int key;
} known_sequences[] = {
	{"\033[5~", KEY_PPAGE}, {"\033[6~", KEY_NPAGE}, {"\033[1~", KEY_HOME},
	{"\033[7~", KEY_HOME},	{"\033[H", KEY_HOME},	{"\033OH", KEY_HOME},
	{"\033[4~", KEY_END},	{"\033[8~", KEY_END},	{"\033[F", KEY_END},
	{"\033OF", KEY_END},	{"\033[Z", KEY_BTAB},	{"\033[2~", KEY_IC},
	{"\033[3~", KEY_DC},
};

void tui_keys_define_missing(void)
{
	for (size_t i = 0; i < sizeof known_sequences / sizeof known_sequences[0];
	     i++)
		if (key_defined(known_sequences[i].seq) == 0)
			define_key(known_sequences[i].seq, known_sequences[i].key);
}

bool tui_key_sequence_after_esc(int (*next)(void *), void (*unget)(int, void *),
				void *arg)
{
	int c = next(arg);
	if (c == '[') {
		/* parameter and intermediate bytes, then one final byte */
		for (int i = 0; i < 16; i++) {
			c = next(arg);
			if (c == ERR || (c >= 0x40 && c <= 0x7e))
				break;
		}
		return true;
	}
	if (c == 'O') { /* SS3: one more byte */
		next(arg);
		return true;
	}
	if (c != ERR)
		unget(c, arg);
	return false;
}
