/* prearranged.c — Pre-arranged Withdrawal, PW (6.81-6.83; prearranged.h).
 *
 * Dice: a `pw` command draws, for each Roman LG unit of the Line in the
 * order the command names the units, one d10 for 6.52 #1's TQ check
 * after that unit's hex. */
#include "maniple/prearranged.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/command.h"
#include "maniple/gba_contingent.h"
#include "maniple/elcav.h"
#include "maniple/los.h"
#include "maniple/movement.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/withdrawal.h"

static const char *const face_names[] = {"none", "pw", "no_pw"};

static void whyf(char *why, int whyn, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void whyf(char *why, int whyn, const char *fmt, ...)
{
	if (!why || whyn <= 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, (size_t)whyn, fmt, ap);
	va_end(ap);
}

static bool present(const struct leader *l)
{
	return l->on_map && !l->killed && l->available;
}

static int find_leader(const struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nleaders; i++)
		if (strcmp(g->leaders[i].id, id) == 0)
			return i;
	return -1;
}

static int find_unit(const struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

void prearranged_state_init(struct prearranged_state *s)
{
	memset(s, 0, sizeof *s);
}

void prearranged_state_text(const struct game *g, FILE *f)
{
	const struct prearranged_state *s = &g->pw;
	if (s->turn == 0)
		return; /* no marker was ever placed */
	fprintf(f, "prearranged turn=%d employed=%s,%s", s->turn,
		s->employed[0] ? "yes" : "no", s->employed[1] ? "yes" : "no");
	for (int i = 0; i < g->nleaders; i++)
		if (s->marker[i] != PW_NONE || bits_has(s->revealed, i) ||
		    s->used[i])
			fprintf(f, " %s:%s:%s:%d", g->leaders[i].id,
				face_names[s->marker[i] % 3],
				bits_has(s->revealed, i) ? "revealed"
							 : "hidden",
				s->used[i]);
	fputc('\n', f);
}

/* GBA 6.81: the least TQ of heavy infantry that may use PW */
#define PW_HEAVY_INFANTRY_TQ 6

static bool phalanx_lines(const struct game *g)
{
	return tables_variant(g->tables, RV_PW_ELIGIBLE) == PW_PHALANX_LINES;
}

/* 6.81: an Elite Commander, or an OC rated 6 or more (GBA 6.81 asks
 * nothing of the army). */
bool pw_army_eligible(const struct game *g, int side)
{
	if (phalanx_lines(g))
		return true;
	for (int i = 0; i < g->nleaders; i++) {
		const struct leader *l = &g->leaders[i];
		if (l->side != side || !present(l))
			continue;
		if (l->elite && l->overall)
			return true;
		if (l->overall && leader_initiative_now(g, l) >= 6)
			return true;
	}
	return false;
}

/* 6.81: infantry, but not BI, LI (velites; LP read as LI) or SK; GBA
 * 6.81: phalanxes, and heavy infantry of TQ 6 or more. */
bool pw_unit_type_eligible(const struct game *g, const struct unit *u)
{
	if (phalanx_lines(g))
		return u->type == UT_PH ||
		       (u->type == UT_HI && u->tq >= PW_HEAVY_INFANTRY_TQ);
	if (!unit_has(g, u, TRAIT_INFANTRY))
		return false;
	return !unit_has(g, u, TRAIT_BARBARIAN) &&
	       !unit_has(g, u, TRAIT_LIGHT_INFANTRY) &&
	       !unit_has(g, u, TRAIT_PELTAST) &&
	       !unit_has(g, u, TRAIT_SKIRMISHER);
}

/* 6.81: the leader within 2 hexes of the unit, with a clear Line Command
 * LOS (4.33's LOS) to one of its hexes. */
static bool leader_reaches(const struct game *g, const struct leader *l,
			   const struct unit *u)
{
	for (int k = 0; k < 2; k++) {
		struct hex h = u->at.hex[k];
		if (hex_is_none(h))
			continue;
		if (hex_distance(l->hex, h) <= 2 &&
		    los_clear(g, l->hex, h, LOS_LINE_COMMAND, NULL))
			return true;
	}
	return false;
}

/* 6.81 */
int pw_line_of(const struct game *g, int li, int ui, int *out, int max,
	       char *why, int whyn)
{
	whyf(why, whyn, "%s is in no Line of the chart that %s commands",
	     ui >= 0 && ui < g->nunits ? g->units[ui].id : "-",
	     li >= 0 && li < g->nleaders ? g->leaders[li].id : "-");
	if (li < 0 || li >= g->nleaders || ui < 0 || ui >= g->nunits ||
	    !g->battle)
		return 0;
	const struct leader *l = &g->leaders[li];
	const struct unit *u0 = &g->units[ui];
	if (!present(l) || u0->side != l->side || !game_unit_in_play(u0))
		return 0;
	/* GBA 6.81: the OC, a leader of Line Commands or an MCC gives it */
	bool gba = phalanx_lines(g);
	if (gba && !l->overall && l->line_command <= 0 &&
	    !leader_is_mcc(g, l)) {
		whyf(why, whyn,
		     "%s is neither the OC, nor a leader of Line Commands, "
		     "nor a Contingent Commander",
		     l->id);
		return 0;
	}
	struct line_groups *lg = malloc(sizeof *lg);
	if (!lg)
		return 0;
	int best = 0;
	for (int d = 0; d < g->battle->nlines && best == 0; d++) {
		const struct line_def *def = &g->battle->lines[d];
		if (def->side != l->side || !line_def_names(def, u0) ||
		    !leader_may_command_line(g, l, def))
			continue;
		line_compose(g, NULL, def, l, lg);
		int grp = lg->group[ui];
		if (grp < 0)
			continue;
		int n = 0;
		bool types = true, reach = false;
		for (int i = 0; i < g->nunits; i++) {
			if (lg->group[i] != grp)
				continue;
			const struct unit *u = &g->units[i];
			if (!pw_unit_type_eligible(g, u)) {
				types = false;
				if (gba)
					whyf(why, whyn,
					     "the Line of %s holds %s, a %s of "
					     "TQ %d: PW is for Lines of "
					     "phalanxes and heavy infantry of "
					     "TQ %d or more",
					     u0->id, u->id,
					     unit_type_name(u->type), u->tq,
					     PW_HEAVY_INFANTRY_TQ);
				else
					whyf(why, whyn,
					     "the Line of %s holds %s, a %s: PW "
					     "is for Lines of infantry other "
					     "than BI, LI and SK",
					     u0->id, u->id,
					     unit_type_name(u->type));
			}
			if (gba || leader_reaches(g, l, u))
				reach = true; /* GBA 6.81 asks no reach */
			if (n < max)
				out[n] = i;
			n++;
		}
		if (!types)
			continue;
		if (!reach) {
			whyf(why, whyn,
			     "%s is not within 2 hexes of, with a clear LOS "
			     "to, any unit of the Line of %s",
			     l->id, u0->id);
			continue;
		}
		best = n < max ? n : max;
	}
	free(lg);
	return best;
}

/* 6.81, 6.82 */
bool pw_leader_eligible(const struct game *g, int li, char *why, int whyn)
{
	if (li < 0 || li >= g->nleaders)
		return false;
	const struct leader *l = &g->leaders[li];
	if (!present(l)) {
		whyf(why, whyn, "%s is not on the map", l->id);
		return false;
	}
	if (!pw_army_eligible(g, l->side)) {
		whyf(why, whyn,
		     "the army of %s has no Elite Commander and no OC rated "
		     "6 or more",
		     l->id);
		return false;
	}
	whyf(why, whyn, "no Line of infantry meets 6.81 for %s", l->id);
	int members[BATTLE_UNITS_MAX];
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != l->side || !game_unit_in_play(u) || u->routed)
			continue;
		char w[160];
		if (pw_line_of(g, li, i, members, BATTLE_UNITS_MAX, w,
			       sizeof w) > 0)
			return true;
	}
	return false;
}

/* 6.82: before any leader activates (the EIO Phase included). */
bool pw_placing_open(const struct game *g)
{
	if (g->phase != PHASE_ACTIVATION || g->seq.started_turn != g->turn)
		return false;
	enum seq_step st = seq_step_now(g);
	if (st != SEQ_ELITE && st != SEQ_ACTIVATE)
		return false;
	if (g->seq.eio_leader >= 0)
		return false;
	unsigned done = SEQ_LF_ACTIVATED | SEQ_LF_BYPASSED | SEQ_LF_EIO |
			SEQ_LF_ZOC_PASSED;
	for (int i = 0; i < g->nleaders; i++) {
		if (g->seq.leader_flags[i] & done)
			return false;
		if (present(&g->leaders[i]) &&
		    g->leaders[i].state != LS_INACTIVE)
			return false;
	}
	return true;
}

int pw_marker_of(const struct game *g, int li)
{
	if (li < 0 || li >= g->nleaders || g->pw.turn != g->turn)
		return PW_NONE;
	return g->pw.marker[li];
}

static void reveal(struct game *g, int li, const char *when)
{
	struct prearranged_state *s = &g->pw;
	if (bits_has(s->revealed, li))
		return;
	bits_put(s->revealed, li, true);
	struct event e;
	event_init(&e, "prearranged_revealed");
	event_add(&e, "leader", "%s", g->leaders[li].id);
	event_add(&e, "side", "%d", g->leaders[li].side);
	event_add(&e, "face", "%s", face_names[s->marker[li] % 3]);
	event_add(&e, "when", "%s", when);
	event_add(&e, "rule", "6.83");
	game_emit(g, &e);
}

static bool line_stays(const struct game *g)
{
	return tables_variant(g->tables, RV_PW_ACTIVATED) == PW_LINE_STAYS;
}

/* 6.83: the marker is revealed when its leader is activated. */
void pw_leader_activated(struct game *g, int li)
{
	int m = pw_marker_of(g, li);
	if (m == PW_NONE || bits_has(g->pw.revealed, li))
		return;
	reveal(g, li, "activated");
	if (m == PW_BLUFF) {
		g->pw.marker[li] = PW_NONE; /* the NO PW face: removed */
		return;
	}
	if (g->pw.used[li] == 0) {
		bool stays = line_stays(g);
		struct event e;
		event_init(&e, "orders_limited");
		event_add(&e, "leader", "%s", g->leaders[li].id);
		event_add(&e, "only", "%s",
			  stays ? "pw_line_stays" : "individual_orders_no_move");
		event_add(&e, "to", "pw_line");
		event_add(&e, "rule", "%s", stays ? "GBA 6.84" : "6.83");
		game_emit(g, &e);
	}
}

/* GBA 6.84: whether leader li's unused PW holds unit ui's Line: his
 * marker is up and ui is in his PW Line */
static bool pw_holds(const struct game *g, int li, int ui)
{
	if (pw_marker_of(g, li) != PW_REAL || g->pw.used[li] > 0)
		return false;
	int members[BATTLE_UNITS_MAX];
	return pw_line_of(g, li, ui, members, BATTLE_UNITS_MAX, NULL, 0) > 0;
}

/* GBA 6.84 */
bool pw_may_move_unit(const struct game *g, int ui, char *why, int whyn)
{
	if (!line_stays(g) || ui < 0 || ui >= g->nunits)
		return true;
	for (int li = 0; li < g->nleaders; li++) {
		bool activated =
			li == g->active_leader ||
			bits_has(g->ord.contingent_leaders, li); /* an MCC */
		if (!activated || !pw_holds(g, li, ui))
			continue;
		whyf(why, whyn,
		     "%s is in the Line of %s's Pre-arranged Withdrawal: it "
		     "does not move in his activation (it may do anything "
		     "else)",
		     g->units[ui].id, g->leaders[li].id);
		return false;
	}
	return true;
}

/* GBA 6.84 */
bool pw_may_command_line(const struct game *g, const int *units, int n,
			 char *why, int whyn)
{
	if (!line_stays(g) || n <= 0)
		return true;
	char one[200];
	for (int k = 0; k < n; k++)
		if (pw_may_move_unit(g, units[k], one, sizeof one))
			return true;
	whyf(why, whyn, "no unit of that Line may move: %s", one);
	return false;
}

/* 6.83 bullet 2 (GBA 6.84: no limit on the orders, pw_may_move_unit) */
bool pw_may_order_move(const struct game *g, char *why, int whyn)
{
	if (line_stays(g))
		return true;
	int li = g->active_leader;
	if (li < 0 || li >= g->nleaders)
		return true;
	if (pw_marker_of(g, li) != PW_REAL || g->pw.used[li] > 0)
		return true;
	whyf(why, whyn,
	     "%s holds a Pre-arranged Withdrawal that has not taken place: "
	     "he may give only Individual Orders other than Move orders, "
	     "to units of the Line that will use it",
	     g->leaders[li].id);
	return false;
}

/* 6.81 */
bool pw_oc_limit_reached(const struct game *g, int li)
{
	if (li < 0 || li >= g->nleaders || g->pw.turn != g->turn)
		return false;
	const struct leader *l = &g->leaders[li];
	return !phalanx_lines(g) /* GBA 6.81 sets no such limit */ &&
	       l->overall && g->pw.employed[l->side & 1] &&
	       l->activations >= 2;
}

/* ---- placing the markers (6.82) ---- */

void pw_prearrange(struct game *g, const char *id, const char *face,
		   struct cmd_result *r)
{
	int m;
	if (strcmp(face, "pw") == 0)
		m = PW_REAL;
	else if (strcmp(face, "nopw") == 0 || strcmp(face, "no_pw") == 0)
		m = PW_BLUFF;
	else if (strcmp(face, "none") == 0)
		m = PW_NONE;
	else {
		cmd_malformed(r, "usage: prearrange LEADER pw|nopw|none");
		return;
	}
	int li = find_leader(g, id);
	if (li < 0) {
		cmd_refuse(r, NULL, "no leader %s in this battle", id);
		return;
	}
	if (!pw_placing_open(g)) {
		cmd_refuse(r, "6.82",
			   "markers are placed while the turn's first "
			   "activation is still to come");
		return;
	}
	char why[CMD_REASON_MAX];
	if (m != PW_NONE && !pw_leader_eligible(g, li, why, sizeof why)) {
		cmd_refuse(r, "6.81", "%s", why);
		return;
	}
	struct prearranged_state *s = &g->pw;
	if (s->turn != g->turn) {
		prearranged_state_init(s);
		s->turn = g->turn;
	}
	s->marker[li] = (unsigned char)m;
	int side = g->leaders[li].side & 1;
	s->employed[side] = false;
	for (int i = 0; i < g->nleaders; i++)
		if (g->leaders[i].side == side && s->marker[i] == PW_REAL)
			s->employed[side] = true;
	struct event e;
	event_init(&e, "prearranged_marker");
	event_add(&e, "leader", "%s", g->leaders[li].id);
	event_add(&e, "side", "%d", side);
	event_add(&e, "face", "%s", face_names[m]);
	event_add(&e, "rule", "6.82");
	game_emit(g, &e);
}

/* ---- the withdrawal (6.83 with 6.51, 6.52, 6.55, 6.57) ---- */

/* 6.51: the distance between two footprints (the nearer halves). */
static int fp_distance(const struct footprint *a, const struct footprint *b)
{
	int best = -1;
	for (int k = 0; k < 2; k++) {
		if (hex_is_none(a->hex[k]))
			continue;
		int d = footprint_distance(b, a->hex[k]);
		if (best < 0 || d < best)
			best = d;
	}
	return best;
}

/* 6.51's capability, the MA apart: not routed, not In Column, not in an
 * enemy ZOC. */
static bool could_withdraw(const struct game *g, const struct unit *u)
{
	return game_unit_in_play(u) && !u->routed && !u->at.in_column &&
	       !unit_in_enemy_zoc(g, u);
}

/* 6.51, 6.55, 6.6: unit ui's one hex of withdrawal from `mover` with its
 * first hex going to dest: the new footprint in *nf, or why not. */
static bool check_hex(const struct game *g, int ui, int mover,
		      struct hex dest, struct footprint *nf, const char **rule,
		      char *why, int whyn)
{
	const struct unit *u = &g->units[ui];
	const struct unit *m = &g->units[mover];
	char hb[16];
	hex_format(dest, hb, sizeof hb);
	*rule = "6.51";
	if (u->routed || u->at.in_column) {
		whyf(why, whyn, "%s is %s and cannot withdraw", u->id,
		     u->routed ? "routed" : "In Column");
		return false;
	}
	if (unit_in_enemy_zoc(g, u)) {
		whyf(why, whyn, "%s is in an enemy ZOC and cannot withdraw",
		     u->id);
		return false;
	}
	int dir = hex_direction_to(u->at.hex[0], dest);
	*rule = "6.83";
	if (dir < 0 || hex_distance(u->at.hex[0], dest) != 1) {
		whyf(why, whyn, "%s withdraws exactly one hex: %s is not next "
				"to it",
		     u->id, hb);
		return false;
	}
	*nf = u->at;
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(u->at.hex[k]))
			nf->hex[k] = hex_neighbour(u->at.hex[k],
						   (enum hexside)dir);
	*rule = "6.51";
	if (fp_distance(nf, &m->at) <= fp_distance(&u->at, &m->at)) {
		whyf(why, whyn, "%s is not further from %s than %s's hex: a "
				"withdrawal goes away",
		     hb, m->id, u->id);
		return false;
	}
	for (int k = 0; k < 2; k++) {
		struct hex h = nf->hex[k];
		if (hex_is_none(h) || footprint_occupies(&u->at, h))
			continue;
		hex_format(h, hb, sizeof hb);
		*rule = "6.55";
		if (!g->battle || !g->battle->map ||
		    !map_contains(g->battle->map, h)) {
			whyf(why, whyn, "%s is off the map", hb);
			return false;
		}
		/* 6.55; GBA 6.83: not into Rough, as GBA 6.75 */
		const struct map_hex *mh = map_at(g->battle->map, h);
		const char *closed =
			mh ? withdrawal_closed_terrain(
				     g, u, (enum terrain)mh->terrain)
			   : NULL;
		if (closed) {
			whyf(why, whyn, "%s is %s: %s", hb,
			     terrain_name((enum terrain)mh->terrain), closed);
			return false;
		}
		if (zoc_enemy_in(g, u->side, h)) {
			whyf(why, whyn, "%s is in an enemy ZOC", hb);
			return false;
		}
		struct hex from = u->at.hex[k];
		if (g->tables) {
			struct move_cost c = move_hex_entry_cost(g, u, from, h);
			if (c.prohibited) {
				whyf(why, whyn, "%s may not enter %s", u->id,
				     hb);
				return false;
			}
		}
		const struct unit *there[4];
		int n = game_units_at(g, h, there, 4);
		for (int j = 0; j < n; j++)
			if (there[j] != u) {
				*rule = "6.6";
				whyf(why, whyn,
				     "%s holds %s: a PW Line withdraws into "
				     "empty hexes (stacking, 6.6, 6.55)",
				     hb, there[j]->id);
				return false;
			}
	}
	return true;
}

/* 6.52, 6.53: one unit of the Line withdraws its hex. */
static void withdraw_unit(struct game *g, int ui, int mover,
			  const struct footprint *nf)
{
	struct unit *u = &g->units[ui];
	const struct unit *m = &g->units[mover];
	/* 6.52 #3: approached through a Flank or Rear hex: 1 hit first */
	enum hex_zone z = footprint_approach(&u->at, &m->at);
	if (z == ZONE_FLANK || z == ZONE_REAR) {
		cohesion_hits(g, u, 1,
			      z == ZONE_FLANK ? "withdrawal_flank_approach"
					      : "withdrawal_rear_approach",
			      "6.52");
		if (u->routed || !game_unit_in_play(u))
			return; /* 6.53: it routs instead */
	}
	struct move_cost c = {0, 0, false};
	if (g->tables)
		c = move_hex_entry_cost(g, u, u->at.hex[0], nf->hex[0]);
	struct event e;
	event_init(&e, "withdrew");
	event_add(&e, "unit", "%s", u->id);
	event_add_hex(&e, "from", u->at.hex[0]);
	event_add_hex(&e, "to", nf->hex[0]);
	if (!hex_is_none(nf->hex[1]))
		event_add_hex(&e, "to2", nf->hex[1]);
	event_add(&e, "facing", "%s", facing_name((enum facing)u->at.facing));
	event_add(&e, "from_unit", "%s", m->id);
	event_add(&e, "mp", "0");
	event_add(&e, "rule", "6.52");
	game_unit_place(g, u, *nf); /* 6.52: the facing is kept; 6.54: no MP spent */
	game_emit(g, &e);
	game_put_on_top(g, u);
	if (c.hits > 0) {
		cohesion_hits(g, u, c.hits, "terrain", "6.22");
		if (u->routed || !game_unit_in_play(u))
			return;
	}
	/* 9.15: an enemy elephant's Flank or Rear hex */
	if (elcav_entered(g, u, nf->hex[0], "withdrawal", "9.15,6.52") &&
	    (u->routed || !game_unit_in_play(u)))
		return;
	/* 6.52 #2, GBA 6.72 #1: 1 hit (other infantry than Legion units;
	 * no SK, no velites in a PW Line; in GBA every foot unit) */
	if (withdrawal_end_hit(g, u)) {
		cohesion_hits(g, u, 1, "withdrawal", "6.52");
		if (u->routed || !game_unit_in_play(u))
			return;
	}
	/* 6.52 #1, GBA 6.72 #3: a TQ check; above the TQ, 1 hit (Legion
	 * units; in GBA every unit) */
	if (withdrawal_end_check(g, u))
		tq_check_one_hit(g, u, "withdrawal_tq_check", "6.52");
}

/* The open PW offer of leader li, -1 none. */
static int open_offer(const struct game *g, int li)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind == RK_PREARRANGED && o->state == RO_OPEN &&
		    (li < 0 || o->leader == li))
			return i;
	}
	return -1;
}

/* The open PW offer of leader li for the Line that holds unit ui (a
 * leader may hold offers for several Lines), else his first; -1 none. */
static int open_offer_for(const struct game *g, int li, int ui)
{
	int first = open_offer(g, li);
	if (first < 0 || ui < 0)
		return first;
	int members[BATTLE_UNITS_MAX];
	const struct reaction_state *s = &g->react;
	for (int i = first; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind != RK_PREARRANGED || o->state != RO_OPEN ||
		    o->leader != li)
			continue;
		int n = pw_line_of(g, li, o->unit, members, BATTLE_UNITS_MAX,
				   NULL, 0);
		for (int j = 0; j < n; j++)
			if (members[j] == ui)
				return i;
	}
	return first;
}

/* 5.15, 6.83: the PW leader is Finished */
static void leader_finished(struct game *g, int li)
{
	struct leader *l = &g->leaders[li];
	g->seq.leader_flags[li] =
		(unsigned char)(g->seq.leader_flags[li] | SEQ_LF_ACTIVATED);
	if (l->state == LS_FINISHED)
		return;
	l->state = LS_FINISHED;
	struct event e;
	event_init(&e, "finished");
	event_add(&e, "leader", "%s", l->id);
	event_add(&e, "side", "%d", l->side);
	event_add(&e, "why", "prearranged_withdrawal");
	event_add(&e, "rule", "6.83");
	game_emit(g, &e);
}

void pw_withdraw(struct game *g, const char *id, int nargs, char **args,
		 struct cmd_result *r)
{
	int li = find_leader(g, id);
	if (li < 0) {
		cmd_refuse(r, NULL, "no leader %s in this battle", id);
		return;
	}
	int oi = open_offer_for(g, li, nargs > 0 ? find_unit(g, args[0]) : -1);
	if (oi < 0) {
		cmd_refuse(r, "6.83",
			   "no Pre-arranged Withdrawal is offered to %s now: "
			   "it comes the instant enemy infantry comes within "
			   "2 hexes of his Line",
			   id);
		return;
	}
	if (nargs < 2 || nargs % 2 != 0) {
		cmd_malformed(r, "usage: pw LEADER UNIT HEX [UNIT HEX]...");
		return;
	}
	struct reaction_offer off = g->react.offers[oi];
	int mover = off.trigger;
	if (mover < 0 || mover >= g->nunits) {
		cmd_refuse(r, "6.83", "the offer names no moving unit");
		return;
	}
	int members[BATTLE_UNITS_MAX];
	char why[CMD_REASON_MAX];
	int n = pw_line_of(g, li, off.unit, members, BATTLE_UNITS_MAX, why,
			   sizeof why);
	if (n == 0) {
		cmd_refuse(r, "6.81", "%s", why);
		return;
	}
	int units[BATTLE_UNITS_MAX];
	struct hex dests[BATTLE_UNITS_MAX];
	int k = nargs / 2;
	for (int a = 0; a < k; a++) {
		int ui = find_unit(g, args[2 * a]);
		if (ui < 0) {
			cmd_refuse(r, NULL, "no unit %s", args[2 * a]);
			return;
		}
		bool member = false;
		for (int j = 0; j < n; j++)
			member = member || members[j] == ui;
		if (!member) {
			cmd_refuse(r, "6.83", "%s is not in the PW Line of %s",
				   args[2 * a], g->units[off.unit].id);
			return;
		}
		for (int b = 0; b < a; b++)
			if (units[b] == ui) {
				cmd_refuse(r, "6.83",
					   "%s is named twice: each unit of "
					   "the Line withdraws one hex",
					   args[2 * a]);
				return;
			}
		if (!hex_parse(args[2 * a + 1], &dests[a])) {
			cmd_malformed(r, "%s is not a hex number (CCRR)",
				      args[2 * a + 1]);
			return;
		}
		units[a] = ui;
	}
	if (k != n) {
		char list[CMD_REASON_MAX] = "";
		size_t len = 0;
		for (int j = 0; j < n && len < sizeof list - 1; j++) {
			int w = snprintf(list + len, sizeof list - len, "%s%s",
					 j ? " " : "", g->units[members[j]].id);
			if (w > 0)
				len += (size_t)w;
		}
		cmd_refuse(r, "6.83",
			   "all units of the Line withdraw together, each one "
			   "hex: name every one of %s",
			   list);
		return;
	}
	/* check every hex first (in the order named: a unit may take the
	 * hex a Line mate named before it has left) */
	reveal(g, li, "withdrawal");
	struct event e;
	event_init(&e, "prearranged_withdrawal");
	event_add(&e, "leader", "%s", g->leaders[li].id);
	event_add(&e, "from_unit", "%s", g->units[mover].id);
	event_add(&e, "units", "%d", n);
	event_add(&e, "rule", "6.83");
	game_emit(g, &e);
	for (int a = 0; a < k; a++) {
		struct footprint nf;
		const char *rule;
		if (!check_hex(g, units[a], mover, dests[a], &nf, &rule, why,
			       sizeof why)) {
			cmd_refuse(r, rule, "%s", why);
			return; /* the session puts everything back */
		}
		withdraw_unit(g, units[a], mover, &nf);
	}
	g->pw.used[li]++;
	leader_finished(g, li);
	/* the offer, and any other open offer for the same Line, is done */
	for (int i = g->react.noffers - 1; i >= 0; i--) {
		const struct reaction_offer *o = &g->react.offers[i];
		if (o->kind != RK_PREARRANGED || o->state == RO_DONE)
			continue;
		bool same = i == oi;
		for (int j = 0; j < n && !same; j++)
			same = o->leader == li && o->unit == members[j];
		if (same)
			reaction_offer_done(g, i);
	}
}

void pw_decline(struct game *g, const char *id, struct cmd_result *r)
{
	int li = -1;
	if (id) {
		li = find_leader(g, id);
		if (li < 0) {
			cmd_refuse(r, NULL, "no leader %s in this battle", id);
			return;
		}
	}
	if (open_offer(g, li) < 0) {
		cmd_refuse(r, "6.83", "no Pre-arranged Withdrawal is offered%s%s",
			   id ? " to " : "", id ? id : "");
		return;
	}
	for (int i = g->react.noffers - 1; i >= 0; i--) {
		const struct reaction_offer *o = &g->react.offers[i];
		if (o->kind != RK_PREARRANGED || o->state != RO_OPEN ||
		    (li >= 0 && o->leader != li))
			continue;
		struct event e;
		event_init(&e, "prearranged_declined");
		event_add(&e, "leader", "%s", g->leaders[o->leader].id);
		event_add(&e, "unit", "%s", g->units[o->unit].id);
		event_add(&e, "rule", "6.83");
		game_emit(g, &e);
		reaction_offer_done(g, i);
	}
}

/* 6.83 with 6.51: the trigger. */
void pw_collect(struct game *g, int mover, bool at_start)
{
	(void)at_start; /* a start at 2 hexes (6.51) triggers as a step does */
	if (mover < 0 || mover >= g->nunits || g->pw.turn != g->turn)
		return;
	const struct unit *m = &g->units[mover];
	/* Play Note #1: infantry against infantry only */
	if (!game_unit_in_play(m) || !unit_has(g, m, TRAIT_INFANTRY))
		return;
	int side = 1 - m->side;
	int members[BATTLE_UNITS_MAX];
	for (int li = 0; li < g->nleaders; li++) {
		if (g->leaders[li].side != side ||
		    pw_marker_of(g, li) != PW_REAL)
			continue;
		bool done[BATTLE_UNITS_MAX] = {false};
		for (int ui = 0; ui < g->nunits; ui++) {
			const struct unit *u = &g->units[ui];
			if (done[ui] || u->side != side || !could_withdraw(g, u))
				continue;
			int d = fp_distance(&u->at, &m->at);
			if (d < 0 || d > 2)
				continue;
			int n = pw_line_of(g, li, ui, members, BATTLE_UNITS_MAX,
					   NULL, 0);
			if (n == 0)
				continue;
			bool offered = false;
			for (int j = 0; j < n; j++) {
				done[members[j]] = true;
				for (int i = 0; i < g->react.noffers; i++) {
					const struct reaction_offer *o =
						&g->react.offers[i];
					if (o->kind == RK_PREARRANGED &&
					    o->state != RO_DONE &&
					    o->leader == li &&
					    o->unit == members[j])
						offered = true;
				}
			}
			if (offered)
				continue;
			struct reaction_offer o;
			memset(&o, 0, sizeof o);
			o.kind = RK_PREARRANGED;
			o.side = side;
			o.unit = ui;
			o.leader = li;
			o.trigger = mover;
			o.state = RO_OPEN;
			o.mp = 1; /* one hex (6.83) */
			o.approach = (int)footprint_approach(&u->at, &m->at);
			if (reaction_offer_add(g, &o) < 0)
				return;
			if (g->react.trigger < 0)
				g->react.trigger = mover;
			struct event e;
			event_init(&e, "prearranged_offer");
			event_add(&e, "leader", "%s", g->leaders[li].id);
			event_add(&e, "unit", "%s", u->id);
			event_add(&e, "units", "%d", n);
			event_add(&e, "from_unit", "%s", m->id);
			event_add(&e, "side", "%d", side);
			event_add(&e, "rule", "6.83");
			game_emit(g, &e);
		}
	}
}

/* The `pw` line for offer o: each unit's first hex that checks now;
 * false (with the command's form in buf) when it does not fit or some
 * unit has no hex to go to. */
static bool suggest(const struct game *g, const struct reaction_offer *o,
		    char *buf, size_t bn)
{
	int members[BATTLE_UNITS_MAX];
	int n = pw_line_of(g, o->leader, o->unit, members, BATTLE_UNITS_MAX,
			   NULL, 0);
	size_t len = (size_t)snprintf(buf, bn, "pw %s",
				      g->leaders[o->leader].id);
	/* the hexes the units named before take: no two go to one hex */
	struct hex taken[2 * BATTLE_UNITS_MAX];
	int nt = 0;
	for (int j = 0; j < n; j++) {
		struct hex here = g->units[members[j]].at.hex[0];
		bool found = false;
		for (int d = 0; d < 6 && !found; d++) {
			struct hex h = hex_neighbour(here, (enum hexside)d);
			struct footprint nf;
			const char *rule;
			if (!check_hex(g, members[j], o->trigger, h, &nf, &rule,
				       NULL, 0))
				continue;
			bool clash = false;
			for (int t = 0; t < nt; t++)
				clash = clash || footprint_occupies(&nf, taken[t]);
			if (clash)
				continue;
			for (int k = 0; k < 2; k++)
				if (!hex_is_none(nf.hex[k]))
					taken[nt++] = nf.hex[k];
			char hb[16];
			hex_format(h, hb, sizeof hb);
			int w = snprintf(buf + len, len < bn ? bn - len : 0,
					 " %s %s", g->units[members[j]].id, hb);
			if (w < 0 || len + (size_t)w >= bn)
				break;
			len += (size_t)w;
			found = true;
		}
		if (!found) {
			snprintf(buf, bn, "pw %s UNIT HEX ...",
				 g->leaders[o->leader].id);
			return false;
		}
	}
	return n > 0;
}

int pw_legal(const struct game *g, struct decision_answer *out, int max)
{
	int n = 0;
	bool any = false;
	int side = reactions_decision_side(g);
	for (int i = 0; i < g->react.noffers; i++) {
		const struct reaction_offer *o = &g->react.offers[i];
		if (o->kind != RK_PREARRANGED || o->state != RO_OPEN ||
		    o->side != side)
			continue;
		char buf[DECISION_LINE_MAX];
		if (suggest(g, o, buf, sizeof buf)) /* else only `no pw` */
			decision_add(out, max, &n, o->side, "6.83", "%s", buf);
		any = true;
	}
	if (any)
		decision_add(out, max, &n, side, "6.83", "no pw");
	return n;
}

int pw_placing_legal(const struct game *g, struct decision_answer *out, int max)
{
	int n = 0;
	if (!pw_placing_open(g))
		return 0;
	for (int li = 0; li < g->nleaders; li++) {
		if (!pw_leader_eligible(g, li, NULL, 0))
			continue;
		int side = g->leaders[li].side;
		int m = pw_marker_of(g, li);
		if (m != PW_REAL)
			decision_add(out, max, &n, side, "6.82",
				     "prearrange %s pw", g->leaders[li].id);
		if (m != PW_BLUFF)
			decision_add(out, max, &n, side, "6.82",
				     "prearrange %s nopw", g->leaders[li].id);
		if (m != PW_NONE)
			decision_add(out, max, &n, side, "6.82",
				     "prearrange %s none", g->leaders[li].id);
	}
	return n;
}

/* ---- the commands ---- */

static struct game *need_game(void *ctx, struct cmd_result *r)
{
	struct session *s = ctx;
	if (!s->game)
		cmd_refuse(r, NULL, "no game: start one with new or load");
	return s->game;
}

void cmd_pw_prearrange(void *ctx, int argc, char **argv,
		       struct cmd_result *r)
{
	if (argc != 3) {
		cmd_malformed(r, "usage: prearrange LEADER pw|nopw|none");
		return;
	}
	struct game *g = need_game(ctx, r);
	if (g)
		pw_prearrange(g, argv[1], argv[2], r);
}

void cmd_pw_withdraw(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (argc < 4) {
		cmd_malformed(r, "usage: pw LEADER UNIT HEX [UNIT HEX]...");
		return;
	}
	struct game *g = need_game(ctx, r);
	if (g)
		pw_withdraw(g, argv[1], argc - 2, argv + 2, r);
}

void cmd_pw_decline(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	if (argc > 2) {
		cmd_malformed(r, "usage: no pw [LEADER]");
		return;
	}
	struct game *g = need_game(ctx, r);
	if (g)
		pw_decline(g, argc > 1 ? argv[1] : NULL, r);
}
