/* config.c — the player's key bindings and colours (see config.h). */
#include "config.h"

#include <ctype.h>
#include <curses.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define CTRL_KEY(c) ((c)&0x1f)

/* ---- key names ---- */

static const struct {
	const char *name; /* as the help shows it */
	int key;
} named_keys[] = {
	{"Up", KEY_UP},	      {"Down", KEY_DOWN},      {"Left", KEY_LEFT},
	{"Right", KEY_RIGHT}, {"PgUp", KEY_PPAGE},     {"PgDn", KEY_NPAGE},
	{"Home", KEY_HOME},   {"End", KEY_END},	       {"Insert", KEY_IC},
	{"Delete", KEY_DC},   {"BkSp", KEY_BACKSPACE}, {"Del", 127},
	{"Enter", '\r'},      {"kEnter", KEY_ENTER},   {"Tab", '\t'},
	{"S-Tab", KEY_BTAB},  {"Space", ' '},
};

/* other spellings of the same keys */
static const struct {
	const char *alias;
	const char *name;
} key_aliases[] = {
	{"PageUp", "PgUp"},    {"PageDown", "PgDn"},  {"PgDown", "PgDn"},
	{"Ins", "Insert"},     {"Backspace", "BkSp"}, {"Return", "Enter"},
	{"KpEnter", "kEnter"}, {"BTab", "S-Tab"},     {"BackTab", "S-Tab"},
	{"Semicolon", ";"},    {"Hash", "#"},	      {"Equals", "="},
};

static bool key_from_table(const char *name, int *key, char *canon, size_t n)
{
	for (size_t i = 0; i < sizeof named_keys / sizeof named_keys[0]; i++)
		if (!strcasecmp(name, named_keys[i].name)) {
			*key = named_keys[i].key;
			snprintf(canon, n, "%s", named_keys[i].name);
			return true;
		}
	return false;
}

bool tui_key_parse(const char *name, int *key, char *canon, size_t n)
{
	if (!name || !*name)
		return false;
	for (size_t i = 0; i < sizeof key_aliases / sizeof key_aliases[0]; i++)
		if (!strcasecmp(name, key_aliases[i].alias))
			name = key_aliases[i].name;
	size_t len = strlen(name);
	/* one printable character stands for itself */
	if (len == 1 && name[0] > ' ' && name[0] < 127) {
		*key = (unsigned char)name[0];
		snprintf(canon, n, "%s", name);
		return true;
	}
	if (key_from_table(name, key, canon, n))
		return true;
	/* F1-F12 */
	if ((name[0] == 'F' || name[0] == 'f') && len <= 3 &&
	    isdigit((unsigned char)name[1])) {
		int f;
		if (ini_int(name + 1, 1, 12, &f) && name[1] != '0') {
			*key = KEY_F(f);
			snprintf(canon, n, "F%d", f);
			return true;
		}
		return false;
	}
	/* Control with a letter: ^L or C-l */
	const char *letter = NULL;
	if (len == 2 && name[0] == '^')
		letter = name + 1;
	else if (len == 3 && (name[0] == 'C' || name[0] == 'c') &&
		 name[1] == '-')
		letter = name + 2;
	if (letter && isalpha((unsigned char)*letter)) {
		int c = toupper((unsigned char)*letter);
		/* ^I is Tab and ^M is Enter to a terminal */
		if (c == 'I')
			return key_from_table("Tab", key, canon, n);
		if (c == 'M')
			return key_from_table("Enter", key, canon, n);
		*key = CTRL_KEY(c);
		snprintf(canon, n, "^%c", c);
		return true;
	}
	/* Esc (and ^[) stays the key that cancels: not offered */
	return false;
}

/* ---- command names ---- */

/* A command as the help names it ("cursor N", "goto CCRR"), matched with
 * case ignored and '-' or '_' as a space; else a unique first word or
 * words ("goto").  -1 when none or several match. */
static int command_by_name(const char *name)
{
	size_t nb;
	const struct tui_binding *b = tui_default_bindings(&nb);
	char want[64];
	size_t len = 0;
	for (const char *p = name; *p && len + 1 < sizeof want; p++)
		want[len++] = (*p == '-' || *p == '_')
				      ? ' '
				      : (char)tolower((unsigned char)*p);
	want[len] = '\0';
	int found = -1;
	bool several = false;
	for (int pass = 0; pass < 2 && found < 0; pass++)
		for (size_t i = 0; i < nb; i++) {
			char have[64];
			size_t k = 0;
			for (const char *p = b[i].command;
			     *p && k + 1 < sizeof have; p++)
				have[k++] =
					*p == '-' ? ' '
						  : (char)tolower(
							    (unsigned char)*p);
			have[k] = '\0';
			bool match = pass == 0 ? !strcmp(have, want)
					       : !strncmp(have, want, len) &&
							 have[len] == ' ';
			if (!match || (int)b[i].cmd == found)
				continue;
			if (found >= 0)
				several = true;
			found = (int)b[i].cmd;
		}
	return several ? -1 : found;
}

/* The help's name of a command (its first binding's). */
static const char *command_name(enum tui_cmd cmd)
{
	size_t nb;
	const struct tui_binding *b = tui_default_bindings(&nb);
	for (size_t i = 0; i < nb; i++)
		if (b[i].cmd == cmd)
			return b[i].command;
	return "?";
}

/* ---- colours ---- */

static const char *const role_names[TCR_COUNT] = {
	[TCR_TERRAIN + TT_CLEAR] = "clear",
	[TCR_TERRAIN + TT_WOODS] = "woods",
	[TCR_TERRAIN + TT_BROKEN] = "broken",
	[TCR_TERRAIN + TT_MARSH] = "marsh",
	[TCR_TERRAIN + TT_IMPASSABLE] = "impassable",
	[TCR_TERRAIN + TT_MAJOR_RIVER] = "major-river",
	[TCR_TERRAIN + TT_ROCKY_RIVER_BED] = "rocky-river-bed",
	[TCR_FEATURE + TF_RIVER] = "river",
	[TCR_FEATURE + TF_STREAM] = "stream",
	[TCR_FEATURE + TF_RAMPART] = "rampart",
	[TCR_FEATURE + TF_ROMAN_ROAD] = "roman-road",
	[TCR_FEATURE + TF_DIRT_ROAD] = "dirt-road",
	[TCR_FEATURE + TF_WALL] = "wall",
	[TCR_FEATURE + TF_STEEP_BANK] = "steep-bank",
	[TCR_LEVEL1] = "level1",
	[TCR_LEVEL2] = "level2",
	[TCR_LEVEL3] = "level3",
	[TCR_SIDE1] = "side1",
	[TCR_SIDE2] = "side2",
	[TCR_GOOD] = "good",
	[TCR_WARN] = "warn",
	[TCR_BAD] = "bad",
	[TCR_DIM] = "dim",
};

const char *tui_colour_role_name(enum tui_colour_role r)
{
	return (unsigned)r < TCR_COUNT && role_names[r] ? role_names[r] : "";
}

static int role_by_name(const char *name)
{
	for (int r = 0; r < TCR_COUNT; r++) {
		const char *have = role_names[r];
		size_t i = 0;
		/* '_' or ' ' for '-' too: roman_road, "dirt road" */
		for (; have[i] && name[i]; i++) {
			char c = (char)tolower((unsigned char)name[i]);
			if (c == '_' || c == ' ')
				c = '-';
			if (c != have[i])
				break;
		}
		if (!have[i] && !name[i])
			return r;
	}
	return -1;
}

/* Whether black text reads better than white on colour n: the 8 basic
 * colours as glyphs.c has them (yellow, cyan, white light), the bright 8,
 * then the xterm colour cube and grey ramp by their brightness. */
static bool number_is_light(int n)
{
	static const bool basic[16] = {0, 0, 0, 1, 0, 0, 1, 1,
				       1, 0, 1, 1, 0, 0, 1, 1};
	if (n < 16)
		return n >= 0 && basic[n];
	if (n >= 232)
		return 8 + 10 * (n - 232) >= 128;
	static const int level[6] = {0, 95, 135, 175, 215, 255};
	int i = n - 16;
	int r = level[i / 36], g = level[(i / 6) % 6], b = level[i % 6];
	return 299 * r + 587 * g + 114 * b >= 128 * 1000;
}

bool tui_config_colour(const struct tui_config *c, enum tui_colour_role r,
		       int ncolours, short *colour, bool *light)
{
	if (!c || (unsigned)r >= TCR_COUNT || ncolours <= 0)
		return false;
	const struct tui_colour_spec *s = &c->colour[r];
	switch (s->kind) {
	case TCK_DEFAULT:
		*colour = -1;
		*light = false;
		return true;
	case TCK_NAME:
		*light = tui_colour_is_light(s->name);
		return tui_colour_by_name(s->name, ncolours, colour);
	case TCK_NUMBER:
		/* a number the terminal lacks keeps the view's colour */
		if (s->number >= (ncolours >= 256 ? 256 : 8))
			return false;
		*colour = s->number;
		*light = number_is_light(s->number);
		return true;
	case TCK_UNSET:
		break;
	}
	return false;
}

void tui_config_recolour(const struct tui_config *c, enum tui_colour_role r,
			 short pair, bool background, int ncolours)
{
	short colour, fg, bg;
	bool light;
	if (pair <= 0 || !tui_config_colour(c, r, ncolours, &colour, &light) ||
	    pair_content(pair, &fg, &bg) == ERR)
		return;
	if (!background) {
		init_pair(pair, colour, bg);
		return;
	}
	if (r == TCR_SIDE1 || r == TCR_SIDE2) {
		/* the counter's letters: black on light, white on dark, as
		 * palette_init does for the battle's colours */
		fg = light ? COLOR_BLACK : COLOR_WHITE;
		if (ncolours >= 256)
			fg = light ? 16 : 15;
	}
	init_pair(pair, fg, colour);
}

static bool colour_parse(const char *v, struct tui_colour_spec *s)
{
	short tmp;
	int n;
	if (!strcasecmp(v, "default")) {
		s->kind = TCK_DEFAULT;
		return true;
	}
	if (tui_colour_by_name(v, 256, &tmp)) {
		s->kind = TCK_NAME;
		snprintf(s->name, sizeof s->name, "%s", v);
		return true;
	}
	if (ini_int(v, 0, 255, &n)) {
		s->kind = TCK_NUMBER;
		s->number = (short)n;
		return true;
	}
	return false;
}

/* ---- reading ---- */

enum section {
	SEC_NONE,
	SEC_FILE,
	SEC_KEYS,
	SEC_COLOURS,
	SEC_CLUB,
	SEC_UNKNOWN
};

struct reader {
	struct tui_config *c;
	const char *file;
	enum section sec;
};

static void refuse(struct tui_config *c, const char *file, int line,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void refuse(struct tui_config *c, const char *file, int line,
		   const char *fmt, ...)
{
	if (c->nerrors >= TUI_CONFIG_ERRORS_MAX) {
		c->more_errors++;
		return;
	}
	/* kept in line order */
	int at = c->nerrors;
	while (at > 0 && c->errors[at - 1].line > line)
		at--;
	memmove(&c->errors[at + 1], &c->errors[at],
		(size_t)(c->nerrors - at) * sizeof c->errors[0]);
	struct ini_error *e = &c->errors[at];
	memset(e, 0, sizeof *e);
	snprintf(e->file, sizeof e->file, "%s", file);
	e->line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	for (char *q = e->msg; *q; q++) /* the file's control characters */
		if ((unsigned char)*q < ' ' || *q == 127)
			*q = '?';
	c->nerrors++;
}

/* ---- the modes' keys: "line.complete = Tab", "list.run = Enter" ---- */

/* The names of mode m's rebindable commands, "run cancel ...", into buf. */
static void mode_cmd_names(enum tui_keymode m, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int cmd = 0; cmd < 64 && len < n; cmd++) {
		const char *name = tui_mode_cmd_name(m, cmd);
		if (name)
			len += (size_t)snprintf(buf + len, n - len, "%s%s",
						len ? " " : "", name);
	}
}

static void read_mode_key_entry(struct reader *r, const char *key,
				const char *value, int line)
{
	struct tui_config *c = r->c;
	const char *dot = strchr(key, '.');
	char prefix[16], name[32];
	snprintf(prefix, sizeof prefix, "%.*s", (int)(dot - key), key);
	size_t k = 0;
	for (const char *p = dot + 1; *p && k + 1 < sizeof name; p++)
		name[k++] = (*p == '_' || *p == ' ')
				    ? '-'
				    : (char)tolower((unsigned char)*p);
	name[k] = '\0';
	int mode = -1;
	for (int m = 0; m < KM_COUNT; m++)
		if (tui_mode_prefix((enum tui_keymode)m) &&
		    !strcasecmp(prefix, tui_mode_prefix((enum tui_keymode)m)))
			mode = m;
	if (mode < 0) {
		refuse(c, r->file, line,
		       "no key table %s (line: the : line's keys, list: the "
		       "legal list's, lesson: the lesson box's)",
		       prefix);
		return;
	}
	enum tui_keymode m = (enum tui_keymode)mode;
	int cmd = -1;
	for (int i = 0; i < 64; i++)
		if (tui_mode_cmd_name(m, i) &&
		    !strcmp(tui_mode_cmd_name(m, i), name))
			cmd = i;
	if (cmd < 0) {
		char names[256];
		mode_cmd_names(m, names, sizeof names);
		refuse(c, r->file, line, "no command %s.%s (%s.: %s)", prefix,
		       dot + 1, tui_mode_prefix(m), names);
		return;
	}
	for (int i = 0; i < c->nmentries; i++)
		if (c->mentries[i].mode == m && c->mentries[i].cmd == cmd) {
			refuse(c, r->file, line,
			       "%s.%s given keys again (line %d gave them)",
			       tui_mode_prefix(m), name, c->mentries[i].line);
			return;
		}
	if (c->nmentries == TUI_CONFIG_MODE_ENTRIES) {
		refuse(c, r->file, line,
		       "too many entries for the modes' keys");
		return;
	}
	struct tui_mode_key_entry e = {.mode = m, .cmd = cmd, .line = line};
	if (strcasecmp(value, "none") != 0) {
		char buf[256];
		snprintf(buf, sizeof buf, "%s", value);
		for (char *save = NULL, *word = strtok_r(buf, " \t", &save);
		     word; word = strtok_r(NULL, " \t", &save)) {
			int kc;
			char canon[TUI_KEY_NAME_MAX];
			if (!tui_key_parse(word, &kc, canon, sizeof canon)) {
				refuse(c, r->file, line,
				       "%s is no key name (a character, Up, "
				       "Tab, ^A, F1, ...; Esc stays the key "
				       "that cancels)",
				       word);
				return;
			}
			if (m == KM_LINE && kc >= ' ' && kc < 127) {
				refuse(c, r->file, line,
				       "%s types itself on the : line: its "
				       "keys are not printable (Tab, ^A, F2, "
				       "...)",
				       canon);
				return;
			}
			for (int i = 0; i < e.nkeys; i++)
				if (e.keys[i] == kc) {
					refuse(c, r->file, line,
					       "key %s given twice", canon);
					return;
				}
			if (e.nkeys == TUI_CONFIG_KEYS_PER_CMD) {
				refuse(c, r->file, line,
				       "more than %d keys for %s.%s",
				       TUI_CONFIG_KEYS_PER_CMD,
				       tui_mode_prefix(m), name);
				return;
			}
			e.keys[e.nkeys] = kc;
			snprintf(e.names[e.nkeys], TUI_KEY_NAME_MAX, "%s",
				 canon);
			e.nkeys++;
		}
		if (e.nkeys == 0) {
			refuse(c, r->file, line,
			       "no key for %s.%s (none leaves it without one)",
			       tui_mode_prefix(m), name);
			return;
		}
	}
	c->mentries[c->nmentries++] = e;
}

/* Mode m's table with the entries that still stand: the built-in order,
 * a changed command's keys where its first binding was (the first with
 * its help, the others "the same as" it); Esc stays where it was. */
static void build_mode_bindings(struct tui_config *c, enum tui_keymode m)
{
	size_t nd;
	const struct tui_mode_binding *d = tui_default_mode_bindings(m, &nd);
	bool done[64] = {false};
	size_t *nb = &c->nmbindings[m];
	struct tui_mode_binding *out = c->mbindings[m];
	*nb = 0;
	c->mchanged[m] = false;
	for (size_t i = 0; i < nd; i++) {
		const struct tui_mode_key_entry *e = NULL;
		for (int k = 0; k < c->nmentries; k++)
			if (!c->mentries[k].dropped &&
			    c->mentries[k].mode == m &&
			    c->mentries[k].cmd == d[i].cmd)
				e = &c->mentries[k];
		if (e)
			c->mchanged[m] = true;
		if (!e || d[i].cmd < 0 || d[i].cmd >= 64) {
			if (*nb < TUI_CONFIG_MODE_BINDINGS_MAX)
				out[(*nb)++] = d[i];
			continue;
		}
		if (!done[d[i].cmd]) {
			done[d[i].cmd] = true;
			for (int k = 0;
			     k < e->nkeys && *nb < TUI_CONFIG_MODE_BINDINGS_MAX;
			     k++) {
				char *kn = c->mkey_names[m][*nb];
				snprintf(kn, TUI_KEY_NAME_MAX, "%s",
					 e->names[k]);
				out[*nb] = d[i];
				out[*nb].key = e->keys[k];
				out[*nb].key_name = kn;
				if (k > 0)
					out[*nb].help =
						"the same as the key above";
				(*nb)++;
			}
		}
		if (d[i].key == 27 && *nb < TUI_CONFIG_MODE_BINDINGS_MAX)
			out[(*nb)++] = d[i]; /* Esc cancels, always */
	}
}

/* A key given to two commands of one mode: the later entry gives way (a
 * built-in binding never does), and its command keeps its keys; look
 * again until none is left. */
static void resolve_mode_conflicts(struct tui_config *c, const char *file)
{
	for (;;) {
		int worst = -1, key = 0, other = -1;
		enum tui_keymode wm = KM_LINE;
		for (int mi = 0; mi < KM_COUNT; mi++) {
			enum tui_keymode m = (enum tui_keymode)mi;
			if (!tui_mode_prefix(m))
				continue;
			build_mode_bindings(c, m);
			const struct tui_mode_binding *b = c->mbindings[m];
			size_t n = c->nmbindings[m];
			for (size_t i = 0; i < n; i++)
				for (size_t j = i + 1; j < n; j++) {
					if (b[i].key != b[j].key ||
					    b[i].cmd == b[j].cmd)
						continue;
					int ei = -1, ej = -1;
					for (int k = 0; k < c->nmentries; k++) {
						const struct tui_mode_key_entry
							*e = &c->mentries[k];
						if (e->dropped || e->mode != m)
							continue;
						if (e->cmd == b[i].cmd)
							ei = k;
						if (e->cmd == b[j].cmd)
							ej = k;
					}
					int e = ei < 0	 ? ej
						: ej < 0 ? ei
						: c->mentries[ei].line >
								c->mentries[ej]
									.line
							? ei
							: ej;
					if (e < 0)
						continue;
					if (worst < 0 ||
					    c->mentries[e].line >
						    c->mentries[worst].line) {
						worst = e;
						wm = m;
						key = b[i].key;
						other = e == ei ? b[j].cmd
								: b[i].cmd;
					}
				}
		}
		if (worst < 0)
			return;
		struct tui_mode_key_entry *w = &c->mentries[worst];
		const char *kn = "?";
		for (int k = 0; k < w->nkeys; k++)
			if (w->keys[k] == key)
				kn = w->names[k];
		const char *p = tui_mode_prefix(wm);
		const char *on = tui_mode_cmd_name(wm, other);
		const char *wn = tui_mode_cmd_name(wm, w->cmd);
		refuse(c, file, w->line,
		       "key %s is already %s.%s's (give %s.%s another key "
		       "first); %s.%s keeps its keys",
		       kn, p, on ? on : "?", p, on ? on : "?", p,
		       wn ? wn : "?");
		w->dropped = true;
	}
}

static void read_key_entry(struct reader *r, const char *key, const char *value,
			   int line)
{
	struct tui_config *c = r->c;
	if (strchr(key, '.')) {
		read_mode_key_entry(r, key, value, line);
		return;
	}
	int cmd = command_by_name(key);
	if (cmd < 0) {
		refuse(c, r->file, line,
		       "no command %s (the ? help names them: quit, cursor N, "
		       "goto, ...)",
		       key);
		return;
	}
	for (int i = 0; i < c->nentries; i++)
		if (c->entries[i].cmd == (enum tui_cmd)cmd) {
			refuse(c, r->file, line,
			       "%s given keys again (line %d gave them)",
			       command_name((enum tui_cmd)cmd),
			       c->entries[i].line);
			return;
		}
	struct tui_key_entry e = {.cmd = (enum tui_cmd)cmd, .line = line};
	if (strcasecmp(value, "none") != 0) {
		/* keys are separated by blanks (a comma may be a key) */
		const char *p = value;
		for (;;) {
			while (*p == ' ' || *p == '\t')
				p++;
			if (!*p)
				break;
			char word[32];
			size_t len = 0;
			while (p[len] && p[len] != ' ' && p[len] != '\t')
				len++;
			snprintf(word, sizeof word, "%.*s", (int)len, p);
			p += len;
			int k;
			char canon[TUI_KEY_NAME_MAX];
			if (!tui_key_parse(word, &k, canon, sizeof canon)) {
				refuse(c, r->file, line,
				       "%s is no key name (a character, Up, "
				       "PgDn, Tab, Enter, Space, F1-F12, ^L or "
				       "C-l; Esc is kept for cancelling)",
				       word);
				return;
			}
			for (int i = 0; i < e.nkeys; i++)
				if (e.keys[i] == k) {
					refuse(c, r->file, line,
					       "key %s given twice", canon);
					return;
				}
			if (e.nkeys == TUI_CONFIG_KEYS_PER_CMD) {
				refuse(c, r->file, line,
				       "more than %d keys for %s",
				       TUI_CONFIG_KEYS_PER_CMD,
				       command_name(e.cmd));
				return;
			}
			e.keys[e.nkeys] = k;
			snprintf(e.names[e.nkeys], TUI_KEY_NAME_MAX, "%s",
				 canon);
			e.nkeys++;
		}
		if (e.nkeys == 0) {
			refuse(c, r->file, line,
			       "no key for %s (none leaves it without one)",
			       command_name(e.cmd));
			return;
		}
	}
	c->entries[c->nentries++] = e;
}

/* [club] (config.h: struct tui_club). */
static void read_club_entry(struct reader *r, const char *key,
			    const char *value, int line)
{
	struct tui_club *k = &r->c->club;
	static const struct {
		const char *name;
		size_t at;
		int hi;
	} nums[] = {
		{"idle", offsetof(struct tui_club, idle), 86400 * 30},
		{"seat-idle", offsetof(struct tui_club, seat_idle), 86400 * 30},
		{"games-per-user", offsetof(struct tui_club, games_per_user),
		 1000},
		{"clean-days", offsetof(struct tui_club, clean_days), 3650},
	};
	if (!strcmp(key, "notify")) {
		bool ok = *value && strlen(value) < sizeof k->notify;
		for (const char *p = value; ok && *p; p++)
			ok = (*p >= 0x20 && *p < 0x7f) || *p == '\t';
		if (ok)
			snprintf(k->notify, sizeof k->notify, "%s", value);
		else
			refuse(r->c, r->file, line,
			       "notify: one line of printable words, at most "
			       "%zu bytes",
			       sizeof k->notify - 1);
		return;
	}
	for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
		if (!strcmp(key, nums[i].name)) {
			int *to = (int *)((char *)k + nums[i].at);
			if (!ini_int(value, 1, nums[i].hi, to))
				refuse(r->c, r->file, line,
				       "%s %s: a whole number from 1 to %d",
				       key, value, nums[i].hi);
			return;
		}
	refuse(r->c, r->file, line,
	       "unknown key %s in [club] (notify, idle, seat-idle, "
	       "games-per-user, clean-days)",
	       key);
}

static int handle(void *user, const char *section, const char *key,
		  const char *value, int line)
{
	struct reader *r = user;
	struct tui_config *c = r->c;
	if (!key) {
		if (!strcmp(section, "file"))
			r->sec = SEC_FILE;
		else if (!strcmp(section, "keys"))
			r->sec = SEC_KEYS;
		else if (!strcmp(section, "colours") ||
			 !strcmp(section, "colors"))
			r->sec = SEC_COLOURS;
		else if (!strcmp(section, "club"))
			r->sec = SEC_CLUB;
		else {
			r->sec = SEC_UNKNOWN;
			refuse(c, r->file, line,
			       "unknown section [%s] (file, keys, colours, "
			       "club)",
			       section);
		}
		return 0;
	}
	switch (r->sec) {
	case SEC_NONE:
		refuse(c, r->file, line,
		       "%s outside a section ([keys] or [colours])", key);
		break;
	case SEC_UNKNOWN:
		break; /* its header was refused */
	case SEC_FILE:
		if (!strcmp(key, "kind")) {
			if (strcmp(value, "config") != 0)
				refuse(c, r->file, line,
				       "kind %s: the view's settings are kind "
				       "= "
				       "config",
				       value);
		} else if (!strcmp(key, "version")) {
			int v;
			if (!ini_int(value, 1, 1, &v))
				refuse(c, r->file, line,
				       "version %s: only version 1 is known",
				       value);
		} else {
			refuse(c, r->file, line,
			       "unknown key %s in [file] (kind, version)", key);
		}
		break;
	case SEC_KEYS:
		read_key_entry(r, key, value, line);
		break;
	case SEC_CLUB:
		read_club_entry(r, key, value, line);
		break;
	case SEC_COLOURS: {
		int role = role_by_name(key);
		struct tui_colour_spec s = {.line = line};
		if (role < 0)
			refuse(c, r->file, line,
			       "no colour role %s (clear woods broken marsh "
			       "impassable river stream rampart roman-road "
			       "dirt-road level1-3 side1 side2 good warn bad "
			       "dim)",
			       key);
		else if (c->colour[role].kind != TCK_UNSET)
			refuse(c, r->file, line,
			       "%s coloured again (line %d gave it)",
			       role_names[role], c->colour[role].line);
		else if (!colour_parse(value, &s))
			refuse(c, r->file, line,
			       "colour %s: a name (red blue green yellow cyan "
			       "magenta purple orange brown white black grey "
			       "gold), default, or 0-255",
			       value);
		else
			c->colour[role] = s;
		break;
	}
	}
	return 0; /* go on: every entry is looked at */
}

/* The binding table with the entries that still stand: the defaults in
 * their order, a changed command's keys where its first default binding
 * was (the first key keeps its help text and key line group, the others
 * are "the same as" it). */
static void build_bindings(struct tui_config *c)
{
	size_t nd;
	const struct tui_binding *d = tui_default_bindings(&nd);
	bool done[TC_COUNT] = {false};
	c->nbindings = 0;
	for (size_t i = 0; i < nd; i++) {
		const struct tui_key_entry *e = NULL;
		for (int k = 0; k < c->nentries; k++)
			if (!c->entries[k].dropped &&
			    c->entries[k].cmd == d[i].cmd)
				e = &c->entries[k];
		if (!e) {
			if (c->nbindings < TUI_CONFIG_BINDINGS_MAX)
				c->bindings[c->nbindings++] = d[i];
			continue;
		}
		if (done[d[i].cmd])
			continue;
		done[d[i].cmd] = true;
		for (int k = 0;
		     k < e->nkeys && c->nbindings < TUI_CONFIG_BINDINGS_MAX;
		     k++) {
			struct tui_binding *b = &c->bindings[c->nbindings];
			char *name = c->key_names[c->nbindings];
			snprintf(name, TUI_KEY_NAME_MAX, "%s", e->names[k]);
			*b = d[i];
			b->key = e->keys[k];
			b->key_name = name;
			if (k > 0) {
				b->help = "the same as the key above";
				b->hint = NULL;
			}
			c->nbindings++;
		}
	}
}

/* A key given to two commands: the later entry of the file gives way
 * (a default binding never does: the entry that took its key is refused).
 * Each refusal can bring a command's default keys back, so look again
 * until none is left. */
static void resolve_conflicts(struct tui_config *c, const char *file)
{
	for (;;) {
		build_bindings(c);
		int worst = -1, key = 0;
		enum tui_cmd other = TC_COUNT;
		for (size_t i = 0; i < c->nbindings; i++)
			for (size_t j = i + 1; j < c->nbindings; j++) {
				if (c->bindings[i].key != c->bindings[j].key ||
				    c->bindings[i].cmd == c->bindings[j].cmd)
					continue;
				/* the entries behind the two bindings */
				int ei = -1, ej = -1;
				for (int k = 0; k < c->nentries; k++) {
					if (c->entries[k].dropped)
						continue;
					if (c->entries[k].cmd ==
					    c->bindings[i].cmd)
						ei = k;
					if (c->entries[k].cmd ==
					    c->bindings[j].cmd)
						ej = k;
				}
				int e = ei < 0	 ? ej
					: ej < 0 ? ei
					: c->entries[ei].line >
							c->entries[ej].line
						? ei
						: ej;
				if (e < 0)
					continue; /* two defaults: not ours */
				if (worst < 0 ||
				    c->entries[e].line >
					    c->entries[worst].line) {
					worst = e;
					key = c->bindings[i].key;
					other = e == ei ? c->bindings[j].cmd
							: c->bindings[i].cmd;
				}
			}
		if (worst < 0)
			return;
		struct tui_key_entry *w = &c->entries[worst];
		const char *kn = "?";
		for (int k = 0; k < w->nkeys; k++)
			if (w->keys[k] == key)
				kn = w->names[k];
		refuse(c, file, w->line,
		       "key %s is already %s's (give %s another key first); %s "
		       "keeps its keys",
		       kn, command_name(other), command_name(other),
		       command_name(w->cmd));
		w->dropped = true;
	}
}

void tui_config_init(struct tui_config *c)
{
	memset(c, 0, sizeof *c);
	build_bindings(c);
}

static bool finish(struct tui_config *c, const char *name, bool read_ok,
		   const struct ini_error *err)
{
	if (!read_ok)
		refuse(c, name, err->line, "%s", err->msg);
	resolve_conflicts(c, name);
	resolve_mode_conflicts(c, name);
	return c->nerrors == 0 && c->more_errors == 0;
}

bool tui_config_read_file(struct tui_config *c, const char *path)
{
	struct reader r = {.c = c, .file = path};
	struct ini_error err;
	snprintf(c->path, sizeof c->path, "%s", path);
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		refuse(c, path, 0, "is a directory, not a settings file");
		return false;
	}
	bool ok = ini_read_file(path, handle, &r, &err);
	return finish(c, path, ok, &err);
}

bool tui_config_read_text(struct tui_config *c, const char *name,
			  const char *text)
{
	struct reader r = {.c = c, .file = name};
	struct ini_error err;
	snprintf(c->path, sizeof c->path, "%s", name);
	bool ok = ini_read_text(name, text, handle, &r, &err);
	return finish(c, name, ok, &err);
}

void tui_config_print_errors(const struct tui_config *c, FILE *f)
{
	for (int i = 0; i < c->nerrors; i++) {
		char buf[INI_ERR_MAX + 300];
		ini_error_format(&c->errors[i], buf, sizeof buf);
		fprintf(f, "%s\n", buf);
	}
	if (c->more_errors)
		fprintf(f, "%s: %d more refusals not shown\n", c->path,
			c->more_errors);
}

bool tui_config_check(const char *path, FILE *out, FILE *err)
{
	struct tui_config *c = malloc(sizeof *c);
	if (!c) {
		fprintf(err, "%s: out of memory\n", path);
		return false;
	}
	tui_config_init(c);
	bool ok = tui_config_read_file(c, path);
	if (ok)
		fprintf(out, "%s: ok\n", path);
	else
		tui_config_print_errors(c, err);
	free(c);
	return ok;
}

void tui_config_keymap(const struct tui_config *c, struct tui_keymap *km)
{
	tui_keymap_defaults(km);
	if (!c)
		return;
	km->map = c->bindings;
	km->nmap = c->nbindings;
	for (int m = 0; m < KM_COUNT; m++)
		if (c->mchanged[m]) {
			km->mode[m] = c->mbindings[m];
			km->nmode[m] = c->nmbindings[m];
		}
}

bool tui_config_locate(const char *explicit_path, char *out, size_t n,
		       bool *named)
{
	const char *env = getenv("MANIPLE_CONFIG");
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	int w;
	*named = true;
	if (explicit_path && *explicit_path)
		w = snprintf(out, n, "%s", explicit_path);
	else if (env && *env)
		w = snprintf(out, n, "%s", env);
	else {
		*named = false;
		if (xdg && *xdg == '/')
			w = snprintf(out, n, "%s/maniple/maniple.ini", xdg);
		else if (home && *home)
			w = snprintf(out, n, "%s/.config/maniple/maniple.ini",
				     home);
		else
			return false;
	}
	return w > 0 && (size_t)w < n;
}

bool tui_config_load(struct tui_config *c, const char *explicit_path, FILE *err)
{
	char path[TUI_CONFIG_PATH_MAX];
	bool named;
	tui_config_init(c);
	if (!tui_config_locate(explicit_path, path, sizeof path, &named))
		return true; /* no place to look: the defaults */
	struct stat st;
	if (!named && stat(path, &st) != 0)
		return true; /* no file: the defaults */
	if (tui_config_read_file(c, path))
		return true;
	tui_config_print_errors(c, err);
	return false;
}

int tui_config_check_located(const char *explicit_path, FILE *out, FILE *err)
{
	char path[TUI_CONFIG_PATH_MAX];
	bool named;
	struct stat st;
	if (!tui_config_locate(explicit_path, path, sizeof path, &named)) {
		fprintf(err, "maniple: no place for the settings file (set "
			     "XDG_CONFIG_HOME or HOME, or give --config)\n");
		return 2;
	}
	if (!named && stat(path, &st) != 0) {
		fprintf(out,
			"%s: no such file; the built-in keys and colours "
			"are used\n",
			path);
		return 0;
	}
	return tui_config_check(path, out, err) ? 0 : 2;
}
