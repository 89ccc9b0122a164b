/* game.h — the state of one game: a battle in play.  No global state:
 * everything hangs off struct game.  The core never reads the keyboard,
 * the clock or the terminal; chance comes only from g->dice. */
#ifndef MANIPLE_GAME_H
#define MANIPLE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/battle.h"
#include "maniple/dice.h"
#include "maniple/event.h"

enum game_kind { GAME_SOLO, GAME_HOTSEAT, GAME_SANDBOX, GAME_KIND_COUNT };

/* The sequence of play (3.0): phases and segments. */
enum phase {
	PHASE_ACTIVATION,	/* A. Leader Activation */
	PHASE_MOVEMENT,		/* B.1 Movement and Missile Fire segment */
	PHASE_SHOCK,		/* B.2 Shock Combat segment */
	PHASE_MOMENTUM,		/* C. Momentum or return to A */
	PHASE_ROUT_RELOAD,	/* D. Rout and Reload */
	PHASE_WITHDRAWAL,	/* E. Withdrawal */
	PHASE_OVER,		/* an army has withdrawn or the turn limit passed */
	PHASE_COUNT
};

struct spqr_tables; /* rules/spqr/ charts, see tables.h */

struct game {
	struct battle *battle;	/* owned: freed with the game */
	struct spqr_tables *tables; /* owned; NULL until loaded */
	enum game_kind kind;
	struct dice dice;
	int turn;		/* 1-based game turn */
	enum phase phase;
	int active_leader;	/* index into leaders, -1 when none */
	int rout_points[2];	/* 11.1: rout points each side has lost */

	int nunits;
	struct unit units[BATTLE_UNITS_MAX];
	int nleaders;
	struct leader leaders[BATTLE_LEADERS_MAX];

	struct event_log events; /* everything emitted so far */
};

/* Takes ownership of b.  Returns NULL when memory runs out. */
struct game *game_new(struct battle *b, enum game_kind kind, uint64_t seed);
void game_free(struct game *g);

const char *game_kind_name(enum game_kind k);
int game_kind_parse(const char *text);
const char *phase_name(enum phase p);
int phase_parse(const char *text);

/* Look-ups by id (NULL when none) and by hex. */
struct unit *game_unit(struct game *g, const char *id);
struct leader *game_leader(struct game *g, const char *id);
/* Units whose footprint covers h (on the map), at most 4; returns count.
 * out[0] is the top of a stack. */
int game_units_at(const struct game *g, struct hex h, const struct unit **out,
		  int max);
int game_leaders_at(const struct game *g, struct hex h,
		    const struct leader **out, int max);

/* Emits an event: appends it to g->events. */
void game_emit(struct game *g, const struct event *e);

/* The canonical text of the whole state (what `show state` prints), in a
 * malloc'd string; NULL when memory runs out. */
char *game_state_text(const struct game *g);
/* 64-bit FNV-1a of game_state_text. */
uint64_t game_digest(const struct game *g);

#endif
