/* modeview.h — the view-model of a ruleset's own modes, as plain data a
 * ruleset fills (ruleset.h: order_view, step_preview, pieces_at) and a
 * view draws.
 *
 * Order mode: whether a piece is moving now (a move is open) or a group
 * command is open, which piece moves, where it stands and faces, the
 * movement points it has left, every legal step with its cost and the
 * command line that takes it, and the hexes of the pieces a group
 * command may still move.  A step's preview says what taking it would
 * cost, or why it cannot be taken, without taking it.
 *
 * The shock designation: whether the attacker names its combats now,
 * the units that must or may still be put in a combat, and for one
 * piece whether it may attack, why not, the combats it is in and the
 * enemies in its zone it may attack; the cards: a combat's breakdown as
 * it stands, each side's leaders, the sequence of play, the end of the
 * battle, as lines of text (card.h) the view only shows.
 *
 * Everything a mode's key sends is a command line, and the answers open
 * now are the pending decision's (decision.h): a view reads this and the
 * decision, never the game.  Nothing here knows a ruleset. */
#ifndef MANIPLE_MODEVIEW_H
#define MANIPLE_MODEVIEW_H

#include <stdbool.h>

#include <stddef.h>

#include "maniple/card.h"
#include "maniple/decision.h"
#include "maniple/hex.h"

#define MODE_ID_MAX	 16
#define MODE_STEPS_MAX	 32
#define MODE_PICKS_MAX	 64
#define MODE_REASON_MAX	 200

enum order_view_mode {
	OV_NONE,  /* neither: the map's keys only */
	OV_ORDER, /* a move is open: one piece steps hex by hex */
	OV_LINE,  /* a group command is open and no move */
};

/* One legal step of the moving piece: into a (and b, the second hex of
 * a two-hex piece's step, else HEX_NONE), its cost in movement points
 * (-1 unknown) and the command line that takes it. */
struct order_step {
	struct hex a, b;
	int cost;
	char line[DECISION_LINE_MAX];
};

struct order_view {
	enum order_view_mode mode;
	bool orders;	 /* the free orders step: a piece may be ordered */
	bool group_open; /* a group command is open (its keys work) */
	/* the moving piece (mode OV_ORDER) */
	char mover[MODE_ID_MAX];
	bool mover_leader;	/* a leader: it has no facing */
	bool two_hex;		/* it covers two hexes */
	bool in_column;		/* faces a hexside, not a vertex */
	int facing;		/* enum facing, or enum hexside in column */
	struct hex mover_hex[2]; /* [1] HEX_NONE for one hex */
	int mp_left;
	int nsteps;
	struct order_step step[MODE_STEPS_MAX];
	/* orders: why no group command may be given now, whatever its
	 * line ("" when one may), with its rule */
	char group_rule[16];
	char group_refusal[MODE_REASON_MAX];
	/* the hexes of the pieces the group command may still move */
	int npicks;
	struct hex pick[MODE_PICKS_MAX];
};

/* What one step would come to. */
struct step_preview {
	bool allowed;
	int mp, hits, mp_left;
	bool stops;	/* the move must end there (an enemy's zone) */
	bool may_check; /* a quality check may add a hit on the way */
	char rule[16];	/* the rule refusing, when not allowed */
	char reason[MODE_REASON_MAX];
};

/* ---- the shock designation and the cards ---- */

#define MODE_MARKS_MAX	      128
#define MODE_ZOC_MAX	      12
#define MODE_COMBAT_UNITS_MAX 8 /* room for one side of one combat */

/* A unit the designation marks: it must be put in a combat, or may. */
struct shock_mark {
	char id[MODE_ID_MAX];
	struct hex hex[2]; /* [1] HEX_NONE for one hex */
	bool must;
};

struct shock_view {
	bool designating; /* the attacker names its combats now */
	int side;	  /* the side designating, -1 */
	bool over;	  /* the battle is over */
	bool segment;	  /* a shock segment is under way */
	int ask_combat;	  /* the combat a decision inside it waits at, -1 */
	int ncards;	  /* the combats of the segment (or of the last) */
	size_t events;	  /* events so far: fewer is another game */
	int att_max;	  /* attackers in one combat at most (at most
			   * MODE_COMBAT_UNITS_MAX) */
	/* the designating side's units that must or may still be put in a
	 * combat, in the ruleset's unit order */
	int nmarks;
	struct shock_mark mark[MODE_MARKS_MAX];
};

/* One piece as the designation sees it. */
struct shock_piece {
	char id[MODE_ID_MAX];
	int side;
	struct hex hex[2]; /* [1] HEX_NONE for one hex */
	bool in_play;	 /* a combat unit on the map */
	bool markable;	 /* a mark of the shock view */
	bool must;
	bool can_shock;	 /* may shock at all now (else rule, why) */
	char rule[16];
	char why[MODE_REASON_MAX];
	int attacks;	 /* the combat it attacks in, -1 */
	int defends;	 /* the combat it defends in, -1 */
	/* the enemy combat units in its zone it may attack, and whether
	 * each is attacked already */
	int nzoc;
	char zoc[MODE_ZOC_MAX][MODE_ID_MAX];
	bool zoc_defended[MODE_ZOC_MAX];
};

enum mode_card {
	MODE_CARD_SHOCK,    /* combat n's breakdown */
	MODE_CARD_LEADERS,  /* side n's leaders */
	MODE_CARD_SEQUENCE, /* the sequence of play */
	MODE_CARD_END,	    /* the end of the battle */
};

/* ---- the game as a whole: what the status line and the prompts say ---- */

#define MODE_NAME_MAX	 64
#define MODE_PHASE_MAX	 32
#define MODE_PENDING_MAX 160

struct play_view {
	char battle[MODE_NAME_MAX]; /* the battle's name, "?" unknown */
	int kind;		    /* enum game_kind (ruleset.h) */
	int turn, turn_limit;	    /* turn_limit 0: none */
	char phase[MODE_PHASE_MAX]; /* the phase in words */
	bool over;		    /* the battle is over */
	/* the pending decision without its answers: who owes it (-1
	 * nobody) and where in the sequence of play it is, in the
	 * ruleset's words (a decision's kind, decision.h) */
	int side;
	char step[DECISION_KIND_MAX];
	/* the piece whose turn it is to act (a ruleset's active leader),
	 * "", and where it stands (HEX_NONE off the map) */
	char active[MODE_ID_MAX];
	struct hex active_hex;
	/* asked with words: the pending decision in words, with the number
	 * of its answers ("Rome: orders (the Tribune) - 9 legal actions"),
	 * else "" */
	char pending[MODE_PENDING_MAX];
};

/* The step of ov into a that names a second hex (a two-hex piece), or
 * NULL. */
const struct order_step *order_view_pair_from(const struct order_view *ov,
					      struct hex a);

#endif
