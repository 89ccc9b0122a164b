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
	{'\t', "Tab", TC_NEXT_UNIT, "cursor next-unit",
	 "cursor to the next unit on the map", "unit"},
	{KEY_BTAB, "S-Tab", TC_PREV_UNIT, "cursor prev-unit",
	 "cursor to the previous unit", NULL},
	{'a', "a", TC_ACTIVE_LEADER, "cursor active-leader",
	 "cursor to the active leader", NULL},
	{'g', "g", TC_GOTO, "goto CCRR",
	 "go to a hex: g then four digits (g2719)", "goto"},
	{'o', "o", TC_OVERVIEW, "view overview",
	 "overview of the whole map (o again to return)", "overview"},
	{'s', "s", TC_OVERLAY_STACK, "overlay stack",
	 "show or hide stack and leader marks", "overlays"},
	{'c', "c", TC_OVERLAY_COHESION, "overlay cohesion",
	 "show or hide cohesion hits/TQ", "overlays"},
	{'#', "#", TC_OVERLAY_HEXNUM, "overlay hexnum",
	 "show or hide hex numbers", "overlays"},
	{'?', "?", TC_HELP, "help", "this help", "help"},
	{CTRL('l'), "^L", TC_REDRAW, "redraw", "redraw the screen", NULL},
	{'q', "q", TC_QUIT, "quit", "quit", "quit"},
};

const struct tui_binding *tui_bindings(size_t *n)
{
	*n = sizeof bindings / sizeof bindings[0];
	return bindings;
}

const struct tui_binding *tui_binding_for(int key)
{
	for (size_t i = 0; i < sizeof bindings / sizeof bindings[0]; i++)
		if (bindings[i].key == key)
			return &bindings[i];
	return NULL;
}

static void append(char *buf, size_t n, const char *s)
{
	size_t len = strlen(buf);
	if (len + strlen(s) + 1 > n)
		return;
	memcpy(buf + len, s, strlen(s) + 1);
}

char *tui_key_line(char *buf, size_t n)
{
	size_t count = sizeof bindings / sizeof bindings[0];
	if (n == 0)
		return buf;
	buf[0] = '\0';
	/* each hint once, with the keys of all bindings sharing its group */
	for (size_t i = 0; i < count; i++) {
		const char *hint = bindings[i].hint;
		bool seen = false;
		if (!hint)
			continue;
		for (size_t j = 0; j < i; j++)
			if (bindings[j].hint && !strcmp(bindings[j].hint, hint))
				seen = true;
		if (seen)
			continue;
		char part[64] = "";
		for (size_t j = i; j < count; j++) {
			if (!bindings[j].hint || strcmp(bindings[j].hint, hint))
				continue;
			if (part[0])
				append(part, sizeof part, "/");
			append(part, sizeof part, bindings[j].key_name);
		}
		append(part, sizeof part, " ");
		append(part, sizeof part, hint);
		if (buf[0])
			append(buf, n, "  ");
		append(buf, n, part);
	}
	return buf;
}
