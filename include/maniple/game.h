/* game.h — the state of one game: a battle in play.  No global state:
 * everything hangs off struct game.  The core never reads the keyboard,
 * the clock or the terminal; chance comes only from g->dice. */
#ifndef MANIPLE_GAME_H
#define MANIPLE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "maniple/battle.h"
#include "maniple/bits.h"
#include "maniple/cmd.h"
#include "maniple/dice.h"
#include "maniple/elcmd_state.h"
#include "maniple/event.h"
#include "maniple/missile_state.h"
#include "maniple/orders_state.h"
#include "maniple/prearranged_state.h"
#include "maniple/rampage_state.h"
#include "maniple/reaction_state.h"
#include "maniple/rout_state.h"
#include "maniple/shock_state.h"
#include "maniple/tables.h"

#include "maniple/ruleset.h" /* enum game_kind */

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
struct rulebook;     /* rules/<ruleset>/summaries.ini, see rulebook.h */
struct ruleset;      /* ruleset.h */
struct gboh_hooks;   /* the higher floors' functions, see hooks.h */

/* Where the sequence of play stands inside a phase (3.0, 5.1-5.5; see
 * sequence.h, which reads and changes it).  Plain values only: a copy of
 * struct game copies it. */
/* 5.46: how things stood just before a trump roll, to put them back
 * when the trump is treated as never having happened. */
struct seq_trump_undo {
	int instead;		/* the leader who goes if the trump is void */
	int kind;		/* enum seq_trump_kind: TRUMP_NONE for 5.41 */
	bool trump_tried[2];
	int tie_initiative, tie_next_side;
	unsigned char state[BATTLE_LEADERS_MAX];	/* enum leader_state */
	unsigned char activations[BATTLE_LEADERS_MAX];
	unsigned char flags[BATTLE_LEADERS_MAX];	/* SEQ_LF_* */
};

struct sequence_state {
	int step;		/* enum seq_step: the decision pending */
	int started_turn;	/* the turn whose start (5.5) has run, 0 none */
	int trump_kind;		/* enum seq_trump_kind of a pending 5.42 reply */
	int trumped;		/* leader a 5.42 reply would trump, -1 none */
	int designated;		/* 5.41: the leader activated if a trump fails */
	bool trump_tried[2];	/* 5.43 one attempt per side per activation */
	int tie_initiative;	/* 5.12: the rating whose tie was rolled, -1 */
	int tie_next_side;	/* 5.12: whose turn it is among the tied */
	int orders_left;	/* 5.21 Individual Orders left this phase */
	int orders_given;	/* orders given this phase (5.45) */
	bool momentum_phase;	/* 5.32: this Orders Phase came by momentum
				 * (4.33's Momentum Phase) */
	int elite_side;		/* 5.51 side owed the EIO choice, -1 none */
	int eio_leader;		/* 5.52 the leader in the EIO Phase, -1 */
	bool doom;		/* 5.33: no more activations this turn */
	int result;		/* 11.2, R4: enum seq_result */
	unsigned char leader_flags[BATTLE_LEADERS_MAX]; /* SEQ_LF_* */
	/* 5.45: the leader in the Orders Phase a successful trump gave him,
	 * -1 none; trump_level: 0 a 5.41 trump, 1 a 5.42 one (undo slot) */
	int trumper;
	int trump_level;
	struct seq_trump_undo trump_undo[2];
};

/* The units by hex: every unit's hexes filed in 256 buckets by a hash of
 * the hex, a unit's half k being node 2i+k, so that the units in or next
 * to a hex are found without looking at every unit.  Derived from the
 * units' hexes alone (each bucket lists its nodes in ascending order) and
 * kept current by game_unit_place, through which every change of a unit's
 * hexes goes.  Plain values: a copy of struct game copies it. */
#define GAME_HEX_BUCKETS 256
struct unit_index {
	uint16_t head[GAME_HEX_BUCKETS];	 /* first node + 1, 0: none */
	uint16_t next[BATTLE_UNITS_MAX * 2];	 /* next node + 1, 0: none */
	uint8_t bucket[BATTLE_UNITS_MAX * 2];	 /* its bucket, when filed */
	uint8_t filed[BITS_BYTES(BATTLE_UNITS_MAX * 2)]; /* the nodes filed */
};
_Static_assert(GAME_HEX_BUCKETS <= 256, "a bucket's number is a byte");

struct game {
	struct battle *battle;	/* owned: freed with the game */
	const struct gboh_hooks *hooks; /* the rules' table (rules.c) */
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

	/* Stack order: the unit with the higher number is on top of a stack
	 * (game_put_on_top).  Part of the state. */
	unsigned stack_seq[BATTLE_UNITS_MAX];
	unsigned next_stack_seq;
	/* the units by hex (game_unit_place keeps it current) */
	struct unit_index at_index;
	/* The session playing this game (commands, game file), or NULL.  A
	 * front end holding only the game issues commands through it. */
	struct session *session;
	/* 3.0, 5.1-5.5: the sequence of play's own state (sequence.h). */
	struct sequence_state seq;
	/* 4.2, 4.3, 5.2: the order being carried out (orders.h). */
	struct orders_state ord;
	/* 10.21-10.26: a rout move under way (rout.h). */
	struct rout_state rout;
	/* 9.14: an Elephant Rampage under way (rampage.h). */
	struct rampage_state rampage;
	/* 6.5, 7.15, 7.16, 4.72, 7.32: the reactions a step offers
	 * (reactions.h). */
	struct reaction_state react;
	/* 6.8: Pre-arranged Withdrawal markers (prearranged.h). */
	struct prearranged_state pw;
	/* 8.11: who has fired under orders this phase (missile.h). */
	struct missile_state fire;
	/* 8.4-8.6: the Shock segment under way (shock.h). */
	struct shock_state shock;
	/* 4.9 optional: Elephant Command (elcmd.h). */
	struct elcmd_state elcmd;
};

/* Issue 19, item 4: "A copy for search is a plain value copy of a state
 * well under 64 KB".  A copy for search is `*copy = *game`, so the whole
 * struct is what a search copies: what never changes in play lives in the
 * battle (shared), the state's numbers are bytes where their range
 * allows and its yes/no markers bits (battle.h, shock_state.h,
 * reaction_state.h).  The bound is lowered as the state shrinks, so that
 * it cannot grow back unnoticed. */
_Static_assert(sizeof(struct game) <= 40960,
	       "struct game must stay well under 64 KB (issue 19, item 4)");

/* A value copy of src's state into dst: every field but the event log
 * (dst keeps its own), and of the unit, leader, Shock combat and
 * reaction-fire tables only the entries in use (nunits, nleaders,
 * shock.ncombats, react.nrfire): no rule reads past a table's count, and
 * a slot is filled afresh when a count grows.  A small battle's state is a
 * few tens of KB of the struct's size. */
void game_copy_state(struct game *dst, const struct game *src);
/* Whether a and b hold the same state in what game_copy_state copies,
 * byte for byte. */
bool game_state_same(const struct game *a, const struct game *b);
/* The bytes game_copy_state copies from g now. */
size_t game_state_bytes(const struct game *g);

/* Takes ownership of b.  Returns NULL when memory runs out. */
struct game *game_new(struct battle *b, enum game_kind kind, uint64_t seed);
void game_free(struct game *g);

const char *phase_name(enum phase p);
int phase_parse(const char *text);

/* Look-ups by id (NULL when none) and by hex. */
struct unit *game_unit(struct game *g, const char *id);
struct leader *game_leader(struct game *g, const char *id);
/* Units whose footprint covers h (on the map), at most 4; returns count.
 * out[0] is the top of a stack. */
int game_units_at(const struct game *g, struct hex h, const struct unit **out,
		  int max);
/* Whether a unit of side is among the four units on top at h. */
bool game_hex_has_side(const struct game *g, struct hex h, int side);
int game_leaders_at(const struct game *g, struct hex h,
		    const struct leader **out, int max);
/* The indices of the units with a half in h, in play or not, in ascending
 * order, at most max (the units-by-hex index: no scan of every unit). */
int game_units_filed_at(const struct game *g, struct hex h, int *idx,
			int max);
/* Puts u at fp (its hexes, facing, In Column).  Every change of a unit's
 * hexes goes through here or game_unit_set_hex, which keep the units by
 * hex current; a unit's facing alone may be written directly. */
void game_unit_place(struct game *g, struct unit *u, struct footprint fp);
/* Puts u's half k (0 or 1) in h, the rest of its footprint kept. */
void game_unit_set_hex(struct game *g, struct unit *u, int k, struct hex h);
/* A unit or leader of g built by hand (a test): points its words that
 * are NULL at its slot in g's battle (battle_bind_words) and returns the
 * slot, to write its words in. */
struct unit_text *game_unit_text(struct game *g, struct unit *u);
struct leader_text *game_leader_text(struct game *g, struct leader *l);
/* Files every unit's hexes afresh: a new game, or a test that placed its
 * units by hand. */
void game_index_units(struct game *g);

/* Every die the rules roll goes through these two, so that every roll is
 * told alike: game_roll_begin starts e as `roll for=WHAT`; the caller adds
 * who rolls (unit= a unit's id, leader= a leader's id, side=/army= a
 * side) and the inputs known before the die; game_roll_die draws the d10
 * (0-9, dice.h) and adds die= and, when it came from the forced queue,
 * forced=yes; the caller adds what follows from it (drm=, tq=, total=,
 * result=, rule=) and emits e. */
void game_roll_begin(struct event *e, const char *what);
int game_roll_die(struct game *g, struct event *e);

/* Emits an event: appends it to g->events, its rule= in the book of the
 * game (rule_numbers.h: a GBA game's numbers for the code's SPQR ones). */
void game_emit(struct game *g, const struct event *e);
/* A citation (rule_numbers.h) in place, in the book of g's game: a
 * refusal's or a decision's rule.  A checking build says one the book has
 * no number for (game_cite_failed). */
void game_cite(const struct game *g, char *rule, size_t n);
/* The rule numbers written in a text, in place (rule_cite_text). */
void game_cite_text(const struct game *g, char *text, size_t n);
/* what cites bad, a rule the game's book lacks: a checking build
 * (NDEBUG unset) says both on stderr (the soak's `uncited` class); either
 * build goes on. */
void game_cite_failed(const char *what, const char *bad);

/* The canonical text of the whole state (what `show state` prints), in a
 * malloc'd string; NULL when memory runs out. */
char *game_state_text(const struct game *g);
/* 64-bit FNV-1a of game_state_text. */
uint64_t game_digest(const struct game *g);

/* Puts u on top of any stack it shares (6.6: the order matters). */
void game_put_on_top(struct game *g, struct unit *u);
/* Whether u is on the map and fighting: placed, not eliminated, not off
 * the map pursuing. */
static inline bool game_unit_in_play(const struct unit *u)
{
	return u->on_map && !u->eliminated && !u->off_map;
}
/* Whether u has trait t (unit_types.ini: its class's traits when the
 * class has its own, else its type's; tables_unit_has): the rules ask
 * this, never the type or class code.  False without tables. */
bool unit_has(const struct game *g, const struct unit *u,
	      enum unit_trait t);
/* 6.4: whether u stands on two hexes (its footprint); a type's count of
 * hexes is the traits data's: unit_has(g, u, TRAIT_PHALANX). */
bool unit_is_two_hex(const struct unit *u);
/* A figure of the rules' text (constants.ini, tables_constant); 0 for a
 * game without tables. */
int game_constant(const struct game *g, enum rule_constant c);
/* 11.1, TABLES.md 9: the rout points a unit or leader is worth, looked up
 * in g->tables (rules/spqr/rout_points.ini).  A game played through a
 * session always has its tables (session_new refuses a game without);
 * with g->tables NULL these return 0. */
int unit_rout_points(const struct game *g, const struct unit *u);
int leader_rout_points(const struct game *g, const struct leader *l);
/* 3.0: the rules call this when a game turn ends: it emits `turn_end`,
 * and the session then writes a `digest TURN HEX` line to the game file
 * after the command that ended the turn. */
void game_turn_end(struct game *g);
/* A copy for searching (a later computer opponent): a plain value copy
 * of g (sizeof (struct game) bytes), then no session, no event history
 * (the copy's log is its own, empty), fresh dice (new seed, empty forced
 * queue).
 * The battle is shared with the original, not owned: free the copy with
 * free(), never game_free(). */
struct game *game_copy_for_search(const struct game *g, uint64_t seed);
/* For tests only: gives the search copy c the dice of g as they stand
 * (seed, PRNG state, forced rolls, outside source), so that c rolls what
 * g would.  A search never calls it: a copy that knows the game's future
 * dice would play with hindsight. */
void game_copy_take_dice_for_test(struct game *c, const struct game *g);

#endif

/* ---- Sessions of these rules (session.h is the session itself). ---- */
#ifndef MANIPLE_GAME_SESSION
#define MANIPLE_GAME_SESSION

#include "maniple/session.h"

const struct cmd_table *gboh_commands(void);
/* These rules as a ruleset (ruleset.h, spqr.c). */
extern const struct ruleset ruleset_spqr;
extern const struct ruleset ruleset_gba;
/* The rulesets a session of these rules knows without being told more
 * (NULL-terminated: SPQR, then GBA). */
const struct ruleset *const *gboh_rulesets(void);

/* A session of these rules (session_setup with this ruleset alone; a
 * program that knows more sets s->rulesets after). */
void session_init(struct session *s, battle_loader lb, tables_loader lt,
		  void *user, uint64_t default_seed);

#endif
