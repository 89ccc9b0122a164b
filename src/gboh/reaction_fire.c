/* reaction_fire.c — reaction fire (8.2, 8.25, 9.12, 9.13, 6.55): the
 * RK_FIRE offers of the reactions window and `react fire`
 * (reaction_fire.h).  Every volley is resolved by missile_fire
 * (missile.h), which rolls its dice and emits the volley's events; the
 * dice are rolled in the order the volleys are fired: one volley per
 * `react fire`, an elephant's tower and screen separately (9.13). */
#include "maniple/reaction_fire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maniple/elcav.h"
#include "maniple/harass.h"
#include "maniple/missile.h"
#include "maniple/movement.h"
#include "maniple/orders.h"
#include "maniple/reactions.h"
#include "maniple/rout.h"
#include "maniple/tables.h"

static const char *fire_kind_rule(int kind)
{
	switch (kind) {
	case FIRE_ENTRY:
		return "8.21";
	case FIRE_RETIRE:
		return "8.22";
	case FIRE_RETURN:
		return "8.23";
	case FIRE_WITHDRAWING:
		return "6.55";
	default:
		return "8.2";
	}
}

static const char *fire_kind_name(int kind)
{
	switch (kind) {
	case FIRE_ENTRY:
		return "entry";
	case FIRE_RETIRE:
		return "retire";
	case FIRE_RETURN:
		return "return";
	case FIRE_WITHDRAWING:
		return "withdrawing";
	default:
		return "?";
	}
}

static const char *const weapon_names[] = {"main", "tower", "screen"};

static bool valid_unit(const struct game *g, int i)
{
	return i >= 0 && i < g->nunits;
}

/* 8.24, 8.17: the weapon's class and whether it has a volley left */
static enum missile_class weapon_class(const struct unit *u, int w,
				       bool *supplied)
{
	enum missile_class mc = MC_NONE;
	enum missile_supply s = SUPPLY_NO;
	if (w == WEAPON_MAIN) {
		mc = u->missile;
		s = u->supply;
	} else if (w == WEAPON_TOWER) { /* 9.13 */
		mc = u->tower;
		s = u->tower_supply;
	} else if (w == WEAPON_SCREEN) { /* 9.12 */
		mc = u->screen;
		s = u->screen_supply;
	}
	*supplied = mc != MC_NONE && s != SUPPLY_NO;
	return mc;
}

/* Whether footprint fp stands (partly) in u's ZOC. */
static bool fp_in_zoc(const struct game *g, const struct unit *u,
		      const struct footprint *fp)
{
	for (int k = 0; k < 2; k++)
		if (!hex_is_none(fp->hex[k]) &&
		    zoc_exerted_into(g, u, fp->hex[k]))
			return true;
	return false;
}

/* The hex of target t that firer f aims at: the nearest one. */
static struct hex aim_hex(const struct unit *f, const struct unit *t)
{
	struct hex h = t->at.hex[0];
	if (!hex_is_none(t->at.hex[1]) &&
	    footprint_distance(&f->at, t->at.hex[1]) <
		    footprint_distance(&f->at, h))
		h = t->at.hex[1];
	return h;
}

/* 8.2, 8.24, 8.25, 9.12, 9.13, 8.22: the weapons of unit `fi` that may fire
 * a volley of `kind` at unit `ti` now (a bit per enum fire_weapon). */
static int weapons_ready(const struct game *g, int fi, int ti, int kind)
{
	const struct unit *f = &g->units[fi], *t = &g->units[ti];
	if (!game_unit_in_play(f) || f->routed || !game_unit_in_play(t))
		return 0;
	int bits = 0;
	for (int w = WEAPON_MAIN; w <= WEAPON_SCREEN; w++) {
		bool sup;
		enum missile_class mc = weapon_class(f, w, &sup);
		if (!sup)
			continue;
		/* 8.22: retire fire only by a range of 2 or more */
		if (kind == FIRE_RETIRE && g->tables &&
		    tables_missile_range(g->tables, mc) < 2)
			continue;
		struct fire_check fc;
		if (missile_check(g, fi, (enum fire_weapon)w, aim_hex(f, t),
				  (enum fire_kind)kind, &fc))
			bits |= 1 << w;
	}
	return bits;
}

static int find_offer(const struct game *g, int unit, int target, int kind)
{
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind == RK_FIRE && o->unit == unit &&
		    o->trigger == target && o->fire == kind &&
		    o->state != RO_DONE)
			return i;
	}
	return -1;
}

/* Adds the RK_FIRE offer of unit fi against ti (when it has a weapon). */
static bool offer_fire(struct game *g, int fi, int ti, int kind)
{
	if (find_offer(g, fi, ti, kind) >= 0)
		return false;
	if (weapons_ready(g, fi, ti, kind) && elcav_fire_barred(g, fi, ti))
		return false; /* 9.16: it must withdraw instead */
	int bits = weapons_ready(g, fi, ti, kind);
	if (!bits)
		return false;
	struct reaction_offer o;
	memset(&o, 0, sizeof o);
	o.kind = RK_FIRE;
	o.side = g->units[fi].side;
	o.unit = fi;
	o.leader = -1;
	o.trigger = ti;
	o.state = RO_OPEN;
	o.fire = kind;
	o.weapons = bits;
	if (reaction_offer_add(g, &o) < 0)
		return false;
	struct event e;
	event_init(&e, "reaction_fire_offer");
	event_add(&e, "unit", "%s", g->units[fi].id);
	event_add(&e, "at", "%s", g->units[ti].id);
	event_add(&e, "fire", "%s", fire_kind_name(kind));
	char ws[32] = "";
	for (int w = WEAPON_MAIN; w <= WEAPON_SCREEN; w++)
		if (bits & (1 << w)) {
			size_t n = strlen(ws);
			snprintf(ws + n, sizeof ws - n, "%s%s", n ? "," : "",
				 weapon_names[w]);
		}
	event_add(&e, "weapons", "%s", ws);
	if (kind == FIRE_RETIRE || kind == FIRE_WITHDRAWING)
		event_add(&e, "range", "2");
	event_add(&e, "rule", "%s", fire_kind_rule(kind));
	game_emit(g, &e);
	return true;
}

/* 8.21 Exception: whether mover moves as part of a Line Command now */
static bool in_line_command(const struct game *g, int mover)
{
	return g->ord.mode == ORD_LINE && g->ord.lc_of[mover] != 0;
}

static void deferred_event(struct game *g, int fi, int ti)
{
	struct event e;
	event_init(&e, "entry_fire_deferred");
	event_add(&e, "unit", "%s", g->units[fi].id);
	event_add(&e, "at", "%s", g->units[ti].id);
	event_add(&e, "why", "line_moves_first");
	event_add(&e, "rule", "8.21");
	game_emit(g, &e);
}

/* 8.21 entry, 8.22 retire: after mover's step from `was` */
void rfire_collect(struct game *g, int mover, const struct footprint *was)
{
	if (!valid_unit(g, mover) || !was)
		return;
	const struct unit *m = &g->units[mover];
	/* 8.22 Exception: a routed unit's initial rout move draws none;
	 * a routed mover draws no reaction here at all */
	if (!game_unit_in_play(m) || m->routed)
		return;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == m->side || !game_unit_in_play(u) || u->routed)
			continue;
		bool now = fp_in_zoc(g, u, &m->at), before = fp_in_zoc(g, u, was);
		if (now && !before) { /* 8.21 */
			if (in_line_command(g, mover)) {
				if (weapons_ready(g, i, mover, FIRE_ENTRY) &&
				    !(rfire_bits(g, i, mover) & RF_DEFERRED)) {
					rfire_mark(g, i, mover, RF_DEFERRED,
						   true);
					deferred_event(g, i, mover);
				}
				continue;
			}
			offer_fire(g, i, mover, FIRE_ENTRY);
		} else if (before && !now) { /* 8.22 */
			offer_fire(g, i, mover, FIRE_RETIRE);
		}
	}
}

/* 8.21: a unit that turned in reaction (7.15) fires if the mover is now
 * in its ZOC */
void rfire_after_facing(struct game *g, int u, int mover)
{
	if (!valid_unit(g, u) || !valid_unit(g, mover))
		return;
	if (!fp_in_zoc(g, &g->units[u], &g->units[mover].at))
		return;
	if (in_line_command(g, mover)) {
		if (weapons_ready(g, u, mover, FIRE_ENTRY) &&
		    !(rfire_bits(g, u, mover) & RF_DEFERRED)) {
			rfire_mark(g, u, mover, RF_DEFERRED, true);
			deferred_event(g, u, mover);
		}
		return;
	}
	offer_fire(g, u, mover, FIRE_ENTRY);
}

/* 8.23 */
void rfire_return_offer_impl(struct game *g, int firer, int target)
{
	if (!valid_unit(g, firer) || !valid_unit(g, target))
		return;
	if (g->units[firer].side == g->units[target].side)
		return;
	if ((rfire_bits(g, target, firer) & RF_ENTRY) &&
	    tables_variant(g->tables, RV_RETURN_AFTER_ENTRY) ==
		    RETURN_NOT_AFTER_ENTRY) {
		struct event e;
		event_init(&e, "return_fire_barred");
		event_add(&e, "unit", "%s", g->units[target].id);
		event_add(&e, "at", "%s", g->units[firer].id);
		event_add(&e, "why", "entry_fire_at_that_unit");
		event_add(&e, "rule", "8.23");
		game_emit(g, &e);
		return;
	}
	offer_fire(g, target, firer, FIRE_RETURN);
}

/* 6.55 */
void rfire_withdrawal_offer(struct game *g, int u, int trigger)
{
	if (!valid_unit(g, u) || !valid_unit(g, trigger))
		return;
	if (g->units[u].missile != MC_MA) /* mounted archers only */
		return;
	if (rfire_bits(g, u, trigger) & RF_WITHDRAW) {
		struct event e;
		event_init(&e, "withdrawal_fire_used");
		event_add(&e, "unit", "%s", g->units[u].id);
		event_add(&e, "at", "%s", g->units[trigger].id);
		event_add(&e, "rule", "6.55");
		game_emit(g, &e);
		return;
	}
	offer_fire(g, u, trigger, FIRE_WITHDRAWING);
}

unsigned rfire_bits(const struct game *g, int firer, int enemy)
{
	const struct reaction_state *r = &g->react;
	for (int k = 0; k < r->nrfire; k++)
		if (r->rfire[k].firer == firer && r->rfire[k].enemy == enemy)
			return r->rfire[k].bits;
	return 0;
}

void rfire_mark(struct game *g, int firer, int enemy, unsigned bits,
		bool set)
{
	struct reaction_state *r = &g->react;
	if (!valid_unit(g, firer) || !valid_unit(g, enemy))
		return;
	for (int k = 0; k < r->nrfire; k++) {
		struct rfire_mark *m = &r->rfire[k];
		if (m->firer != firer || m->enemy != enemy)
			continue;
		m->bits = (unsigned char)(set ? m->bits | bits
					      : m->bits & ~bits);
		return;
	}
	if (!set || r->nrfire >= RFIRE_MARKS_MAX)
		return;
	r->rfire[r->nrfire++] = (struct rfire_mark){
		(unsigned char)firer, (unsigned char)enemy,
		(unsigned char)bits};
}

static int mark_order(const void *a, const void *b)
{
	const struct rfire_mark *x = a, *y = b;
	if (x->firer != y->firer)
		return x->firer - y->firer;
	return x->enemy - y->enemy;
}

/* 8.21 Exception */
bool rfire_line_flush(struct game *g)
{
	struct reaction_state *r = &g->react;
	/* the held-back pairs, by firer then enemy (unit order) */
	struct rfire_mark held[RFIRE_MARKS_MAX];
	int n = 0;
	for (int k = 0; k < r->nrfire; k++)
		if (r->rfire[k].bits & RF_DEFERRED) {
			r->rfire[k].bits &= (unsigned char)~RF_DEFERRED;
			held[n++] = r->rfire[k];
		}
	qsort(held, (size_t)n, sizeof held[0], mark_order);
	bool any = false;
	for (int k = 0; k < n; k++) {
		int i = held[k].firer, j = held[k].enemy;
		/* the entering unit must still be in the ZOC */
		if (fp_in_zoc(g, &g->units[i], &g->units[j].at) &&
		    !g->units[j].routed)
			any |= offer_fire(g, i, j, FIRE_ENTRY);
	}
	return any;
}

/* 8.21 Exception: the Line's moves all finish first */
void rfire_move_ended(struct game *g, int mover)
{
	if (!valid_unit(g, mover) || !g->ord.lc_of[mover])
		return;
	int lc = g->ord.lc_of[mover];
	for (int i = 0; i < g->nunits; i++)
		if (i != mover && g->ord.lc_of[i] == lc &&
		    !g->units[i].moved_phase &&
		    game_unit_in_play(&g->units[i]) && !g->units[i].routed)
			return;
	rfire_line_flush(g);
}

/* ---- answering ---- */

static int find_unit(const struct game *g, const char *id)
{
	for (int i = 0; id && i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

static int parse_weapon(const char *w)
{
	for (int k = 0; k <= WEAPON_SCREEN; k++)
		if (strcmp(w, weapon_names[k]) == 0)
			return k;
	return -1;
}

/* 8.21: a reacting unit fires at one of the units that entered its ZOC:
 * its other entry offers close */
static void close_other_entries(struct game *g, int unit, int keep)
{
	struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++) {
		struct reaction_offer *o = &s->offers[i];
		if (i == keep || o->kind != RK_FIRE || o->unit != unit ||
		    o->fire != FIRE_ENTRY || o->state != RO_OPEN)
			continue;
		struct event e;
		event_init(&e, "reaction_fire_closed");
		event_add(&e, "unit", "%s", g->units[unit].id);
		event_add(&e, "at", "%s", g->units[o->trigger].id);
		event_add(&e, "why", "one_target");
		event_add(&e, "rule", "8.21");
		game_emit(g, &e);
		reaction_offer_done(g, i);
	}
}

/* 8.2, 8.21-8.25, 9.12, 9.13, 6.55: react fire UNIT [HEX] [WEAPON] */
void reactions_fire(struct game *g, const char *unit, const char *hex,
		    const char *weapon, struct cmd_result *r)
{
	if (rout_pending(g)) {
		char t[CMD_REASON_MAX];
		rout_pending_text(g, t, sizeof t);
		cmd_refuse(r, "10.22", "a rout move waits: %s", t);
		return;
	}
	int ui = find_unit(g, unit);
	if (ui < 0) {
		cmd_refuse(r, NULL, "no unit %s", unit);
		return;
	}
	struct hex at = HEX_NONE;
	if (hex && !hex_parse(hex, &at)) {
		cmd_malformed(r, "react fire UNIT [HEX] [main|tower|screen]: "
				 "%s is not a hex",
			      hex);
		return;
	}
	int w = -1;
	if (weapon && (w = parse_weapon(weapon)) < 0) {
		cmd_malformed(r, "react fire UNIT [HEX] [main|tower|screen]: "
				 "no weapon %s",
			      weapon);
		return;
	}
	if (harass_pending(g)) { /* 8.33: firing back at an H&D */
		if ((w >= 0 && w != WEAPON_MAIN) ||
		    (!hex_is_none(at) &&
		     !footprint_occupies(
			     &g->units[g->react.hd_firer].at, at))) {
			cmd_refuse(r, "8.33",
				   "a unit fires back at the harassing unit "
				   "%s, with its main missiles",
				   g->units[g->react.hd_firer].id);
			return;
		}
		harass_react_fire(g, ui, r);
		return;
	}
	const struct reaction_state *s = &g->react;
	int oi = -1;
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind != RK_FIRE || o->unit != ui || o->state != RO_OPEN)
			continue;
		if (!hex_is_none(at) &&
		    !footprint_occupies(&g->units[o->trigger].at, at))
			continue;
		oi = i;
		break;
	}
	if (oi < 0) {
		if (!hex_is_none(at))
			cmd_refuse(r, "8.2",
				   "%s may not fire in reaction at %s now",
				   g->units[ui].id, hex);
		else
			cmd_refuse(r, "8.2",
				   "no reaction fire is open for %s",
				   g->units[ui].id);
		return;
	}
	struct reaction_offer *o = &g->react.offers[oi];
	if (reactions_decision_side(g) != o->side) {
		char t[CMD_REASON_MAX];
		reactions_pending_text(g, t, sizeof t);
		cmd_refuse(r, reactions_pending_rule(g), "%s", t);
		return;
	}
	if (w < 0) /* the first weapon left: main, then tower, then screen */
		for (int k = 0; k <= WEAPON_SCREEN && w < 0; k++)
			if (o->weapons & (1 << k))
				w = k;
	if (w < 0 || !(o->weapons & (1 << w))) {
		cmd_refuse(r, w == WEAPON_SCREEN || w == WEAPON_TOWER
				      ? (w == WEAPON_SCREEN ? "9.12" : "9.13")
				      : "8.24",
			   "%s has no %s volley to fire now",
			   g->units[ui].id, w >= 0 ? weapon_names[w] : "");
		return;
	}
	int ti = o->trigger, kind = o->fire;
	struct unit *f = &g->units[ui];
	struct hex aim = hex_is_none(at) ? aim_hex(f, &g->units[ti]) : at;
	struct fire_check fc;
	if (!missile_fire(g, ui, (enum fire_weapon)w, aim,
			  (enum fire_kind)kind, &fc)) {
		cmd_refuse(r, fc.rule ? fc.rule : fire_kind_rule(kind), "%s",
			   fc.reason ? fc.reason : "may not fire");
		return;
	}
	o = &g->react.offers[oi];
	o->weapons &= ~(1 << w);
	if (kind == FIRE_ENTRY)
		rfire_mark(g, ui, ti, RF_ENTRY, true); /* 8.23 */
	if (kind == FIRE_WITHDRAWING)
		rfire_mark(g, ui, ti, RF_WITHDRAW, true); /* 6.55 */
	/* 9.13: the other weapon may still fire, if it has a volley */
	int left = o->weapons;
	if (left)
		left &= weapons_ready(g, ui, ti, kind);
	o->weapons = left;
	if (kind == FIRE_ENTRY && /* GBA 8.23: each entering unit */
	    tables_variant(g->tables, RV_ENTRY_FIRE_TARGETS) ==
		    ENTRY_ONE_TARGET)
		close_other_entries(g, ui, oi);
	if (!left)
		reaction_offer_done(g, oi);
}

/* Each volley a `react fire` answer may throw now: fn(g, offer, weapon,
 * aim, line, ctx) with the answer's line. */
typedef void rfire_fn(const struct game *g, const struct reaction_offer *o,
		      int weapon, struct hex aim, const char *line, void *ctx);

static void rfire_each(const struct game *g, rfire_fn *fn, void *ctx)
{
	int side = reactions_decision_side(g);
	const struct reaction_state *s = &g->react;
	for (int i = 0; i < s->noffers; i++) {
		const struct reaction_offer *o = &s->offers[i];
		if (o->kind != RK_FIRE || o->side != side ||
		    o->state != RO_OPEN)
			continue;
		const struct unit *f = &g->units[o->unit];
		char h[8];
		struct hex aim = aim_hex(f, &g->units[o->trigger]);
		hex_format(aim, h, sizeof h);
		for (int w = WEAPON_MAIN; w <= WEAPON_SCREEN; w++) {
			if (!(o->weapons & (1 << w)))
				continue;
			/* 8.17, 10.27: a volley the unit may no longer throw
			 * (routed since the offer, Missile No) is not listed;
			 * `react fire` refuses it (the soak, drill seed 190) */
			struct fire_check fc;
			memset(&fc, 0, sizeof fc);
			if (!missile_check(g, o->unit, (enum fire_weapon)w, aim,
					   (enum fire_kind)o->fire, &fc))
				continue;
			char line[DECISION_LINE_MAX];
			snprintf(line, sizeof line, "react fire %s %s%s%s",
				 f->id, h, w ? " " : "",
				 w ? weapon_names[w] : "");
			fn(g, o, w, aim, line, ctx);
		}
	}
}

struct legal_ctx {
	struct decision_answer *out;
	int max, n;
};

static void add_legal(const struct game *g, const struct reaction_offer *o,
		      int weapon, struct hex aim, const char *line, void *ctx)
{
	(void)g, (void)weapon, (void)aim;
	struct legal_ctx *l = ctx;
	if (l->n < l->max)
		decision_add(l->out, l->max, &l->n, o->side,
			     fire_kind_rule(o->fire), "%s", line);
}

/* the `react fire` lines legal now */
int rfire_legal(const struct game *g, struct decision_answer *out, int max)
{
	struct legal_ctx l = {out, max, 0};
	rfire_each(g, add_legal, &l);
	return l.n;
}

struct odds_ctx {
	char *out;
	size_t n, len;
	int told;
};

static void add_odds(const struct game *g, const struct reaction_offer *o,
		     int weapon, struct hex aim, const char *line, void *ctx)
{
	struct odds_ctx *t = ctx;
	struct odds od;
	if (!missile_odds(g, o->unit, (enum fire_weapon)weapon, aim,
			  (enum fire_kind)o->fire, &od) ||
	    t->len >= t->n)
		return;
	int w = snprintf(t->out + t->len, t->n - t->len, "%s%s: miss %d%%",
			 t->told ? "; " : "", line, odds_percent(&od, "miss"));
	for (int k = 0; k < od.n && w > 0 && t->len + (size_t)w < t->n; k++)
		if (od.out[k].value > 0)
			w += snprintf(t->out + t->len + w,
				      t->n - t->len - (size_t)w, ", %s %d%%",
				      od.out[k].name,
				      odds_percent(&od, od.out[k].name));
	if (w > 0 && t->len + (size_t)w < t->n) {
		t->len += (size_t)w;
		t->told++;
	} else {
		t->out[t->len] = '\0'; /* what does not fit is left out */
	}
}

bool rfire_offer_odds(const struct game *g, int i, struct odds *od)
{
	odds_init(od, 0, "8.2");
	if (!g || i < 0 || i >= g->react.noffers ||
	    g->react.offers[i].kind != RK_FIRE)
		return false;
	const struct reaction_offer *o = &g->react.offers[i];
	struct hex aim = aim_hex(&g->units[o->unit], &g->units[o->trigger]);
	for (int w = WEAPON_MAIN; w <= WEAPON_SCREEN; w++)
		if ((o->weapons & (1 << w)) &&
		    missile_odds(g, o->unit, (enum fire_weapon)w, aim,
				 (enum fire_kind)o->fire, od))
			return true;
	return false;
}

int rfire_odds_text(const struct game *g, char *out, size_t n)
{
	if (!n)
		return 0;
	out[0] = '\0';
	struct odds_ctx t = {out, n, 0, 0};
	if (g)
		rfire_each(g, add_odds, &t);
	return t.told;
}

/* react fire UNIT [HEX] [main|tower|screen] */
void cmd_react_fire(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (argc < 2 || argc > 4) {
		cmd_malformed(r, "usage: react fire UNIT [HEX] "
				 "[main|tower|screen]");
		return;
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	const char *hex = NULL, *weapon = NULL;
	if (argc >= 3) {
		if (parse_weapon(argv[2]) >= 0 && argc == 3)
			weapon = argv[2];
		else
			hex = argv[2];
	}
	if (argc == 4)
		weapon = argv[3];
	reactions_fire(s->game, argv[1], hex, weapon, r);
}
