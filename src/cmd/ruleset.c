/* ruleset.c — finding a ruleset by name among those the program was built
 * with, and the names of the kinds of game (ruleset.h).  The list is the
 * caller's; nothing here names one. */
#include <stdio.h>
#include <string.h>

#include "maniple/ruleset.h"

static const char *const kind_names[GAME_KIND_COUNT] = {
	"solo", "hotseat", "sandbox",
};

const char *game_kind_name(enum game_kind k)
{
	return (unsigned)k < GAME_KIND_COUNT ? kind_names[k] : "?";
}

int game_kind_parse(const char *text)
{
	for (int i = 0; text && i < GAME_KIND_COUNT; i++)
		if (strcmp(kind_names[i], text) == 0)
			return i;
	return -1;
}

const struct ruleset *ruleset_find(const struct ruleset *const *known,
				   const char *name)
{
	if (!known || !known[0])
		return NULL;
	if (!name || !name[0])
		return known[0];
	for (size_t i = 0; known[i]; i++)
		if (!strcmp(known[i]->name, name))
			return known[i];
	return NULL;
}

const struct ruleset *ruleset_lookup(const struct ruleset *const *known,
				     const char *name, char *why, size_t n)
{
	const struct ruleset *rs = ruleset_find(known, name);
	if (!rs) {
		char names[128];
		snprintf(why, n, "unknown ruleset %s (known: %s)",
			 name ? name : "", ruleset_names(known, names,
							 sizeof names));
	}
	return rs;
}

char *ruleset_names(const struct ruleset *const *known, char *buf, size_t n)
{
	size_t len = 0;
	if (n)
		buf[0] = '\0';
	for (size_t i = 0; known && known[i] && len < n; i++) {
		int w = snprintf(buf + len, n - len, "%s%s", i ? ", " : "",
				 known[i]->name);
		if (w < 0)
			break;
		len += (size_t)w;
	}
	return buf;
}
