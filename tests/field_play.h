/* field_play.h — the battles "gba" and "spqr" of the play tests: an open
 * field 30 by 20, Macedon (side 0, Alexander) against Persia (side 1,
 * Darius), each an Overall Commander of Initiative 6, and the test's
 * units off the map, under the ruleset the battle is named after, so
 * that a rule is played in a GBA game and, where the books differ,
 * against SPQR's on the same board.  Static definitions for one test
 * file each, with fixture.h. */
#ifndef MANIPLE_TEST_FIELD_PLAY_H
#define MANIPLE_TEST_FIELD_PLAY_H

#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "maniple/battle.h"
#include "session_play.h"
#include "spqr_tables.h"

/* A unit of the field: its id, side, type, missile class, TQ and MA; a
 * NULL id ends a list. */
struct usp {
	const char *id;
	int side;
	enum unit_type t;
	enum missile_class mc;
	int tq, ma;
};

/* The battle `name` ("gba" or "spqr"; else NULL with err) with units
 * and the two leaders at the hex numbers hexes[0] (Alexander) and
 * hexes[1] (Darius), of command range range. */
static struct battle *field_battle(const char *name, const struct usp *units,
				   const int hexes[2], int range,
				   struct ini_error *err)
{
	if (strcmp(name, "gba") != 0 && strcmp(name, "spqr") != 0) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "no battle %s", name);
		return NULL;
	}
	struct battle *b = fx_empty_battle(name, "Field", 30, 20, "macedon",
					   "persia");
	snprintf(b->ruleset, sizeof b->ruleset, "%s", name);
	const char *ids[] = {"alexander", "darius"};
	for (int k = 0; k < 2; k++) {
		struct leader *l = &b->leaders[b->nleaders++];
		snprintf(l->id, sizeof l->id, "%s", ids[k]);
		l->side = k;
		l->kind = LK_GENERAL;
		l->initiative = 6;
		l->command_range = range;
		l->line_command = 1;
		l->overall = true;
		l->hex = (struct hex){hexes[k] / 100, hexes[k] % 100};
		l->on_map = true;
		l->available = true;
	}
	for (const struct usp *s = units; s->id; s++) {
		struct unit *u = &b->units[b->nunits++];
		snprintf(b->unit_text[u - b->units].id, ID_MAX, "%s", s->id);
		u->side = s->side;
		u->type = s->t;
		u->missile = s->mc;
		u->size = 3;
		u->tq = s->tq;
		u->ma = s->ma;
		u->at.hex[0] = u->at.hex[1] = HEX_NONE;
		u->on_map = false;
	}
	return b;
}

/* A sandbox session of the battle `ruleset` that lb loads (its
 * field_battle), checkpointed after every command (the tests change the
 * game by hand too). */
static struct session *field_open_game(battle_loader lb, const char *ruleset)
{
	struct session *s = calloc(1, sizeof *s);
	cr_assert_not_null(s);
	session_init(s, lb, spqr_tables_loader, NULL, 1);
	s->checkpoint_every = 1;
	char line[64];
	snprintf(line, sizeof line, "new %s sandbox 42", ruleset);
	ok(s, line);
	cr_assert_str_eq(s->game->battle->ruleset, ruleset);
	return s;
}

#endif
