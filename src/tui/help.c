/* help.c — the `?` help ordered by the current mode, and `w` / `W` (see
 * help.h). */
#include <stdio.h>
#include <string.h>

#include "help.h"
#include "seam.h"

/* ---- the help ---- */

/* The sections in the order the help shows them: the current one, then
 * the map's (TUI_HELP_MAP), then the other modes in enum order. */
static int sections(int current, int out[KM_COUNT + 1])
{
	int n = 0;
	if (current < TUI_HELP_MAP || current >= KM_COUNT)
		current = TUI_HELP_MAP;
	out[n++] = current;
	if (current != TUI_HELP_MAP)
		out[n++] = TUI_HELP_MAP;
	for (int m = 0; m < KM_COUNT; m++)
		if (m != current)
			out[n++] = m;
	return n;
}

static const char *section_title(int s)
{
	return s == TUI_HELP_MAP ? "map view (key, command, what it does)"
				 : tui_mode_title((enum tui_keymode)s);
}

static size_t section_keys(const struct tui_keymap *km, int s)
{
	size_t k;
	if (s == TUI_HELP_MAP)
		tui_bindings(km, &k);
	else
		tui_mode_bindings(km, (enum tui_keymode)s, &k);
	return k;
}

static size_t legend_count(const struct tui_glyphs *gl)
{
	char line[8];
	int k = 0;
	while (gl && tui_legend_line(gl, k, line, sizeof line))
		k++;
	return (size_t)k;
}

size_t tui_help_count(const struct tui_keymap *km, int current,
		      const struct tui_glyphs *gl)
{
	int s[KM_COUNT + 1];
	int ns = sections(current, s);
	size_t total = 0;
	for (int i = 0; i < ns; i++)
		total += (i == 0 ? 1 : 2) + section_keys(km, s[i]);
	return total + 1 + legend_count(gl);
}

void tui_help_line(const struct tui_keymap *km, int current,
		   const struct tui_glyphs *gl, size_t i, char *buf, size_t n)
{
	int s[KM_COUNT + 1];
	int ns = sections(current, s);
	if (n == 0)
		return;
	buf[0] = '\0';
	for (int j = 0; j < ns; j++) {
		size_t head = j == 0 ? 1 : 2, k = section_keys(km, s[j]);
		if (i < head + k) {
			if (i + 1 < head)
				return; /* the blank line before a title */
			if (i + 1 == head) {
				snprintf(buf, n, "%s%s:", j == 0 ? "now: " : "",
					 section_title(s[j]));
				return;
			}
			i -= head;
			if (s[j] == TUI_HELP_MAP) {
				size_t nb;
				const struct tui_binding *b =
					tui_bindings(km, &nb);
				snprintf(buf, n, "  %-6s %-21s %s",
					 b[i].key_name, b[i].command,
					 b[i].help);
			} else {
				size_t nb;
				const struct tui_mode_binding *b =
					tui_mode_bindings(
						km, (enum tui_keymode)s[j],
						&nb);
				snprintf(buf, n, "  %-6s %s", b[i].key_name,
					 b[i].help);
			}
			return;
		}
		i -= head + k;
	}
	/* a blank line, then the legend */
	if (i > 0 && gl)
		tui_legend_line(gl, (int)(i - 1), buf, n);
}

void tui_help_title(int current, char *buf, size_t n)
{
	if (current < TUI_HELP_MAP || current >= KM_COUNT)
		current = TUI_HELP_MAP;
	snprintf(buf, n, "maniple keys: now %s",
		 current == TUI_HELP_MAP
			 ? "the map view"
			 : tui_mode_title((enum tui_keymode)current));
}

/* ---- the pieces that can act ---- */

bool tui_actor_named(const struct decision_answer *legal, int nlegal,
		     const char *id)
{
	size_t len = strlen(id);
	if (!len)
		return false;
	for (int a = 0; a < nlegal; a++) {
		const char *p = legal[a].line;
		while (*p && *p != '#') {
			size_t w = strcspn(p, " ,#");
			if (w == len && !strncmp(p, id, len))
				return true;
			p += w;
			while (*p == ' ' || *p == ',')
				p++;
		}
	}
	return false;
}

/* Whether piece p covers at. */
static bool stands_at(const struct mv_piece *p, struct hex at)
{
	return hex_eq(p->hex[0], at) || hex_eq(p->hex[1], at);
}

bool tui_next_actor(const struct session *s,
		    const struct decision_answer *legal, int nlegal,
		    struct hex from, int step, struct hex *hex, char *id,
		    size_t idn)
{
	struct map_view *mv = tui_map_view(s);
	int n = mv ? mv->npieces : 0;
	if (n <= 0) {
		mapview_free(mv);
		return false;
	}
	/* the piece whose move is open (6.11) acts too, though the legal
	 * actions (move, face, halt) do not name it */
	struct order_view ov;
	tui_order_view(s, &ov, false);
	const char *mover = ov.mode == OV_ORDER ? ov.mover : "";
	step = step < 0 ? -1 : 1;
	/* counted from the last (first) piece under the cursor */
	int cur = step > 0 ? -1 : n;
	for (int i = 0; i < n; i++)
		if (stands_at(&mv->pieces[i], from)) {
			if (step > 0 || cur == n)
				cur = i;
		}
	/* a piece elsewhere first; the one under the cursor only when it is
	 * the only one that can act */
	bool found = false;
	for (int pass = 0; pass < 2 && !found; pass++)
		for (int k = 1; k <= n && !found; k++) {
			int i = ((cur + step * k) % n + n) % n;
			const struct mv_piece *p = &mv->pieces[i];
			if ((pass == 0 && stands_at(p, from)) ||
			    !(tui_actor_named(legal, nlegal, p->id) ||
			      (nlegal > 0 && !strcmp(p->id, mover))))
				continue;
			*hex = p->hex[0];
			snprintf(id, idn, "%s", p->id);
			found = true;
		}
	mapview_free(mv);
	return found;
}

/* ---- texts that name keys, from the tables in use ---- */

/* Appends "  KEY WHAT" (sep first when buf is not empty) when the key
 * exists. */
static void key_part(char *buf, size_t n, const char *sep, const char *key,
		     const char *what)
{
	size_t len = strlen(buf);
	if (!key || len >= n)
		return;
	snprintf(buf + len, n - len, "%s%s %s", len ? sep : "", key, what);
}

void tui_list_footer(const struct tui_keymap *km, int sel, int count, char *buf,
		     size_t n)
{
	if (n == 0)
		return;
	snprintf(buf, n, "%d/%d", count ? sel + 1 : 0, count);
	key_part(buf, n, "  ", tui_mode_cmd_key(km, KM_LIST, PC_RUN),
		 "does it");
	key_part(buf, n, "  ", tui_mode_cmd_key(km, KM_LIST, PC_EDIT), "edits");
	key_part(buf, n, "  ", tui_mode_cmd_key(km, KM_LIST, PC_CLOSE),
		 "closes");
}

void tui_list_keys_hint(const struct tui_keymap *km, char *buf, size_t n)
{
	const char *up = tui_mode_cmd_key(km, KM_LIST, PC_UP);
	const char *down = tui_mode_cmd_key(km, KM_LIST, PC_DOWN);
	char sel[32] = "";
	if (n == 0)
		return;
	if (up && down)
		snprintf(sel, sizeof sel, "%s/%s", up, down);
	else
		snprintf(sel, sizeof sel, "%s", up ? up : down ? down : "");
	snprintf(buf, n, "in the list:");
	key_part(buf, n, ", ", sel[0] ? sel : NULL, "select");
	key_part(buf, n, ", ", tui_mode_cmd_key(km, KM_LIST, PC_RUN), "does");
	key_part(buf, n, ", ", tui_mode_cmd_key(km, KM_LIST, PC_EDIT), "edits");
	key_part(buf, n, ", ", tui_mode_cmd_key(km, KM_LIST, PC_CLOSE),
		 "closes");
	key_part(buf, n, ", ", tui_mode_cmd_key(km, KM_LIST, PC_HELP),
		 "lists the keys");
	/* "in the list:, Up/Down select": no comma after the colon */
	char *c = strstr(buf, ":, ");
	if (c)
		memmove(c + 1, c + 2, strlen(c + 2) + 1);
}

void tui_overview_hint(const struct tui_keymap *km, char *buf, size_t n)
{
	const char *o = tui_cmd_key(km, TC_OVERVIEW);
	if (n == 0)
		return;
	snprintf(buf, n, "OVERVIEW: %s%sEsc back to the map; the moving keys",
		 o ? o : "", o ? " or " : "");
	const char *k[3] = {tui_cmd_key(km, TC_NEXT_UNIT),
			    tui_cmd_key(km, TC_GOTO), tui_cmd_key(km, TC_HELP)};
	for (int i = 0; i < 3; i++)
		if (k[i]) {
			size_t len = strlen(buf);
			if (len < n)
				snprintf(buf + len, n - len, ", %s", k[i]);
		}
	size_t len = strlen(buf);
	if (len < n)
		snprintf(buf + len, n - len, " work here");
}
