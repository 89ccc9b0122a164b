/* digest.c — the binary-state digest (digest.h): struct game serialized
 * field by field into a 64-bit FNV-1a. */
#include "maniple/digest.h"

#include <stdbool.h>
#include <string.h>

#include "maniple/bits.h"
#include "maniple/game.h"

struct dg {
	uint64_t h;
	digest_seen_fn seen;
	void *user;
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void mix(struct dg *d, const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = d->h;
	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= UINT64_C(1099511628211);
	}
	d->h = h;
}

/* v's eight bytes, low first, mixed as mix() would: once the bytes left
 * are all zero (most fields are small or zero), each would only multiply
 * by the FNV prime, so they are mixed at once by its power. */
static void num(struct dg *d, uint64_t v)
{
	static const uint64_t prime_pow[9] = {
		UINT64_C(1),
		UINT64_C(1099511628211),
		UINT64_C(956575116354345),
		UINT64_C(624165263380053675),
		UINT64_C(11527715348014283921),
		UINT64_C(913917546033277539),
		UINT64_C(15895002104753931833),
		UINT64_C(14218562807570617051),
		UINT64_C(2232315406967589409),
	};
	uint64_t h = d->h;
	int i = 0;
	for (; i < 8 && v; i++, v >>= 8) {
		h ^= v & 0xff;
		h *= prime_pow[1];
	}
	d->h = h * prime_pow[8 - i];
}

static void flag(struct dg *d, bool v)
{
	d->h = (d->h ^ (v ? 1u : 0u)) * UINT64_C(1099511628211);
}

/* k zero numbers (k * 8 zero bytes) or, with prime the FNV prime, k
 * false flags, mixed at once: the hash times prime to the power k */
static void zeros(struct dg *d, uint64_t prime, size_t k)
{
	uint64_t m = 1;
	for (; k; k >>= 1, prime *= prime)
		if (k & 1)
			m *= prime;
	d->h *= m;
}

static void text(struct dg *d, const char *s, size_t max)
{
	size_t n = s ? strnlen(s, max) : 0;
	num(d, n);
	if (n)
		mix(d, s, n);
}

static void seen(struct dg *d, const void *f, size_t size, size_t count,
		 enum digest_kind k)
{
	if (d->seen)
		d->seen(d->user, f, size, count, k);
}

/* The bits set in probe (n bytes, a blank struct but for one field),
 * told as bits of the struct at s. */
static void bit_seen(struct dg *d, const void *s, const void *probe, size_t n)
{
	const unsigned char *p = probe;
	for (size_t i = 0; i < n; i++)
		for (unsigned b = 0; b < 8; b++)
			if (p[i] >> b & 1u)
				d->seen(d->user, (const char *)s + i, 1, b,
					DIGEST_BIT);
}

/* One field; arrays of them (whole). */
#define I(x)                                                                   \
	(seen(d, &(x), sizeof(x), 1, DIGEST_INT),                              \
	 num(d, (uint64_t)(int64_t)(x)))
#define B(x) (seen(d, &(x), sizeof(x), 1, DIGEST_BOOL), flag(d, (x)))
#define S(x) (seen(d, (x), sizeof(x), 1, DIGEST_CHARS), text(d, (x), sizeof(x)))
#define P(x)                                                                   \
	(seen(d, &(x), sizeof(x), 1, DIGEST_STRPTR), text(d, (x), 4096))
/* A bit-field f of *s, a T: a bool (bool f : 1) mixed as a bool, BF, or
 * a small number (unsigned f : n) mixed as an integer, BFI.  A bit-field
 * has no address, so the test's callback is told its bytes and bits,
 * found by setting the field alone in a blank T. */
#define BITS_SEEN(T, s, f)                                                     \
	do {                                                                   \
		if (d->seen) {                                                 \
			T p_;                                                  \
			unsigned all_ = ~0u;                                   \
			memset(&p_, 0, sizeof p_);                             \
			p_.f = all_;                                           \
			bit_seen(d, (s), &p_, sizeof p_);                      \
		}                                                              \
	} while (0)
#define BF(T, s, f)                                                            \
	do {                                                                   \
		BITS_SEEN(T, s, f);                                            \
		flag(d, (s)->f);                                               \
	} while (0)
#define BFI(T, s, f)                                                           \
	do {                                                                   \
		BITS_SEEN(T, s, f);                                            \
		num(d, (uint64_t)(s)->f);                                      \
	} while (0)
/* (a run of zeros, most of a table's slots, mixed at once by zeros()) */
#define IA(a)                                                                  \
	do {                                                                   \
		seen(d, (a), sizeof((a)[0]), N(a), DIGEST_INT);                \
		for (size_t i_ = 0; i_ < N(a);) {                              \
			size_t j_ = i_;                                        \
			while (j_ < N(a) && (a)[j_] == 0)                      \
				j_++;                                          \
			if (j_ > i_) {                                         \
				zeros(d, UINT64_C(2232315406967589409),        \
				      j_ - i_);                                \
				i_ = j_;                                       \
				continue;                                      \
			}                                                      \
			num(d, (uint64_t)(int64_t)(a)[i_]);                    \
			i_++;                                                  \
		}                                                              \
	} while (0)
#define BA(a)                                                                  \
	do {                                                                   \
		seen(d, (a), sizeof((a)[0]), N(a), DIGEST_BOOL);               \
		for (size_t i_ = 0; i_ < N(a);) {                              \
			size_t j_ = i_;                                        \
			while (j_ < N(a) && !(a)[j_])                          \
				j_++;                                          \
			if (j_ > i_) {                                         \
				zeros(d, UINT64_C(1099511628211), j_ - i_);    \
				i_ = j_;                                       \
				continue;                                      \
			}                                                      \
			flag(d, (a)[i_]);                                      \
			i_++;                                                  \
		}                                                              \
	} while (0)

/* A bit set of n members (bits.h), mixed as BA mixes a table of n bools:
 * the test's callback is told each member's byte and bit. */
static void bitset(struct dg *d, const uint8_t *set, size_t n)
{
	for (size_t i = 0; d->seen && i < n; i++)
		d->seen(d->user, set + i / 8, 1, i % 8, DIGEST_BIT);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && !bits_has(set, (int)j))
			j++;
		if (j > i) {
			zeros(d, UINT64_C(1099511628211), j - i);
			i = j;
			continue;
		}
		flag(d, true);
		i++;
	}
}
#define BS(a, n)                                                               \
	do {                                                                   \
		_Static_assert(sizeof(a) == BITS_BYTES(n), "a set of " #n);    \
		bitset(d, (a), (n));                                           \
	} while (0)

/* The slots of a table in use: those before its count.  The slots past
 * it are not state: the rules never read them, a copy (game_copy_state)
 * leaves them out, and a refused command taken back (session.h) may leave
 * what it wrote there.  They are mixed in as empty slots, without reading
 * them: empty is what they hold in play (a table is emptied whole, and a
 * slot it gives up is cleared), so the digest is the one reading the
 * whole table gives. */
static size_t used(int count, size_t max)
{
	return count < 0 ? 0 : (size_t)count > max ? max : (size_t)count;
}

static void hex(struct dg *d, const struct hex *h)
{
	I(h->col);
	I(h->row);
}

static void hexes(struct dg *d, const struct hex *h, size_t n)
{
	for (size_t i = 0; i < n; i++)
		hex(d, &h[i]);
}

static void footprint(struct dg *d, const struct footprint *f)
{
	hexes(d, f->hex, N(f->hex));
	I(f->facing);
	BF(struct footprint, f, in_column);
	/* GBA 9.63: mixed only when set, so that the files written before
	 * it verify */
	BITS_SEEN(struct footprint, f, square);
	if (f->square)
		flag(d, true);
}

static void unit(struct dg *d, const struct unit *u)
{
	P(u->id);
	P(u->name);
	I(u->side);
	I(u->type);
	S(u->cls);
	I(u->size);
	I(u->tq);
	I(u->ma);
	I(u->ma_ext);
	I(u->missile);
	I(u->supply);
	I(u->elephant);
	I(u->tower);
	I(u->tower_supply);
	I(u->screen);
	I(u->screen_supply);
	I(u->legion);
	BF(struct unit, u, ala);
	BF(struct unit, u, dd_eligible);
	P(u->leader_elephant);
	footprint(d, &u->at);
	BF(struct unit, u, column_name_left);
	BF(struct unit, u, on_map);
	I(u->hits);
	BF(struct unit, u, depleted);
	BF(struct unit, u, routed);
	BF(struct unit, u, eliminated);
	BF(struct unit, u, off_map);
	hex(d, &u->pursuit_exit);
	BF(struct unit, u, scorpio_fire);
	BFI(struct unit, u, scorpio_active);
	BFI(struct unit, u, scorpio_reaction);
	BF(struct unit, u, scorpio_switched);
	BF(struct unit, u, scorpio_fired);
	BF(struct unit, u, double_depth);
	BF(struct unit, u, moved_turn);
	BF(struct unit, u, moved_phase);
	BF(struct unit, u, shock_must);
	BF(struct unit, u, shock_no);
	BF(struct unit, u, engaged);
	BF(struct unit, u, pursuit);
	BF(struct unit, u, rallied);
	/* GBA 9.7: mixed only when on, so that older game files (none of
	 * which has it) keep their digests */
	BITS_SEEN(struct unit, u, charge_formation);
	if (u->charge_formation)
		flag(d, true);
	BFI(struct unit, u, recovered);
	I(u->rally_tried);
	/* GBA 9.22: mixed only when a chariot has it, so that the files
	 * written before it verify */
}

static void leader(struct dg *d, const struct leader *l)
{
	S(l->id);
	P(l->name);
	I(l->side);
	I(l->kind);
	I(l->initiative);
	I(l->command_range);
	I(l->line_command);
	I(l->strategy);
	I(l->charisma);
	/* GBA 10.42: mixed only when the battle gives it, so that the
	 * files of format 2 written before it verify */
	seen(d, &l->rout_points, sizeof l->rout_points, 1, DIGEST_INT);
	if (l->rout_points)
		num(d, (uint64_t)(int64_t)l->rout_points);
	/* GBA 8.41: the Personal Combat rating, mixed only when he has one
	 * (-1: none, as every SPQR leader), for the same reason */
	seen(d, &l->personal_combat, sizeof l->personal_combat, 1,
	     DIGEST_INT);
	if (l->personal_combat != -1)
		num(d, (uint64_t)(int64_t)l->personal_combat);
	BF(struct leader, l, elite);
	BF(struct leader, l, overall);
	P(l->restriction);
	BF(struct leader, l, available);
	hex(d, &l->hex);
	BF(struct leader, l, on_map);
	I(l->state);
	I(l->wounds);
	I(l->activations);
	BF(struct leader, l, killed);
	/* GBA 4.5: mixed only when set, so that every game without Wing
	 * Commanders (every SPQR game) keeps the digest it had */
	BITS_SEEN(struct leader, l, wing_commander);
	if (l->wing_commander)
		flag(d, true);
	/* GBA 5.31: fought Personal Combat this Shock segment (mixed only
	 * when set, as above) */
	BITS_SEEN(struct leader, l, fought_personal_combat);
	if (l->fought_personal_combat)
		flag(d, true);
	/* GBA 8.46: the target (mixed only when set, as above, told from
	 * the flags before it) */
	BITS_SEEN(struct leader, l, target);
	if (l->target)
		num(d, 846);
	/* GBA 5.61, 5.64: a contingent commander, a Wing Commander's
	 * Contingent Command Capability (mixed only when set, as above) */
	BITS_SEEN(struct leader, l, contingent_commander);
	if (l->contingent_commander)
		num(d, 561);
	BITS_SEEN(struct leader, l, contingent_command);
	if (l->contingent_command)
		num(d, 5640 + (uint64_t)(int64_t)l->contingent_command);
}

static void trump_undo(struct dg *d, const struct seq_trump_undo *t)
{
	I(t->instead);
	I(t->kind);
	BA(t->trump_tried);
	I(t->tie_initiative);
	I(t->tie_next_side);
	IA(t->state);
	IA(t->activations);
	IA(t->flags);
}

static void sequence(struct dg *d, const struct sequence_state *q)
{
	I(q->step);
	I(q->started_turn);
	I(q->trump_kind);
	I(q->trumped);
	I(q->designated);
	BA(q->trump_tried);
	I(q->tie_initiative);
	I(q->tie_next_side);
	I(q->orders_left);
	I(q->orders_given);
	B(q->momentum_phase);
	I(q->elite_side);
	I(q->eio_leader);
	B(q->doom);
	I(q->result);
	IA(q->leader_flags);
	I(q->trumper);
	I(q->trump_level);
	for (size_t i = 0; i < N(q->trump_undo); i++)
		trump_undo(d, &q->trump_undo[i]);
}

static void move(struct dg *d, const struct move *m)
{
	I(m->unit);
	I(m->leader);
	hex(d, &m->start);
	I(m->ma);
	I(m->mp_spent);
	I(m->hits);
	I(m->hexes_entered);
	I(m->vertices_turned);
	I(m->facing_mp);
	/* GBA 7.15, 9.21, 9.74: a chariot's or a unit's in Charge
	 * Formation (zero for any other mover), mixed only when set, so
	 * that the files written before them verify */
	BITS_SEEN(struct move, m, hex_vertices);
	if (m->hex_vertices)
		num(d, m->hex_vertices);
	BITS_SEEN(struct move, m, levels);
	if (m->levels)
		num(d, m->levels);
	BF(struct move, m, moved_before);
	BF(struct move, m, began_in_zoc);
	BF(struct move, m, may_leave_zoc);
	BF(struct move, m, turned_in_zoc);
	BF(struct move, m, formed);
	BF(struct move, m, stopped);
	P(m->stop_rule);
	BF(struct move, m, rout_due);
	BF(struct move, m, ended);
	P(m->refusal);
	P(m->rule);
	BF(struct move, m, as_stack);
	I(m->stack_mate);
}

static void orders(struct dg *d, const struct orders_state *o)
{
	I(o->mode);
	I(o->mover_unit);
	I(o->mover_leader);
	I(o->with_leader);
	B(o->moving);
	move(d, &o->move);
	I(o->stack_mate);
	move(d, &o->stack_move);
	BA(o->ordered);
	BS(o->entered_hex, BATTLE_UNITS_MAX);
	/* GBA 9.22: mixed only when a chariot charged, so that the files
	 * written before it verify */
	bool charged = false;
	for (size_t i = 0; i < sizeof o->chariot_charged; i++)
		charged = charged || o->chariot_charged[i];
	if (charged) {
		BS(o->chariot_charged, BATTLE_UNITS_MAX);
	} else {
		for (size_t i = 0; d->seen && i < BATTLE_UNITS_MAX; i++)
			d->seen(d->user, o->chariot_charged + i / 8, 1, i % 8,
				DIGEST_BIT);
	}
	IA(o->leader_mp);
	BS(o->leader_ordered, BATTLE_LEADERS_MAX);
	B(o->arm_set);
	B(o->arm_velites);
	S(o->arm_cls);
	I(o->arm_legion);
	B(o->arm_ala);
	I(o->lc_given);
	B(o->lc_denied);
	IA(o->lc_of);
	B(o->start_in_zoc);
	BS(o->start_reach, BATTLE_UNITS_MAX);
	IA(o->lc_initial_turn);
	B(o->regroup);
	BS(o->mle, BATTLE_UNITS_MAX);
	/* GBA 5.63-5.65: mixed only when a contingent was activated, so
	 * that every game without one keeps the digest it had */
	seen(d, &o->contingents_given, sizeof o->contingents_given, 1,
	     DIGEST_INT);
	for (size_t i = 0; d->seen && i < BATTLE_LEADERS_MAX; i++)
		d->seen(d->user, o->contingent_leaders + i / 8, 1, i % 8,
			DIGEST_BIT);
	bool contingent = o->contingents_given != 0;
	for (size_t i = 0; i < sizeof o->contingent_leaders; i++)
		contingent = contingent || o->contingent_leaders[i];
	if (contingent) {
		num(d, (uint64_t)(int64_t)o->contingents_given);
		mix(d, o->contingent_leaders, sizeof o->contingent_leaders);
	}
}

static void rout(struct dg *d, const struct rout_state *r)
{
	I(r->unit);
	I(r->mode);
	S(r->rule);
	I(r->hexes_left);
	I(r->mp_left);
	I(r->steps);
	I(r->dir);
	I(r->last_side);
	hex(d, &r->origin);
	I(r->nvisited);
	hexes(d, r->visited, N(r->visited));
	I(r->ask);
	I(r->nchoices);
	for (size_t i = 0; i < N(r->choice); i++)
		hexes(d, r->choice[i], N(r->choice[i]));
	I(r->leader);
	I(r->leaders_asked);
	I(r->leaders_with);
	I(r->nqueue);
	IA(r->queue);
	for (size_t i = 0; i < N(r->queue_rule); i++)
		S(r->queue_rule[i]);
	IA(r->queue_full);
	B(r->segment);
	I(r->segment_turn);
	I(r->segment_next);
	BS(r->segment_mover, BATTLE_UNITS_MAX);
	for (size_t i = 0; i < N(r->track); i++) {
		const struct rout_track *t = &r->track[i];
		I(t->unit);
		I(t->n);
		hexes(d, t->hex, N(t->hex));
		B(t->off);
	}
	I(r->track_next);
}

static void rampage(struct dg *d, const struct rampage_state *r)
{
	I(r->unit);
	I(r->cause);
	S(r->rule);
	I(r->rolls);
	I(r->heading);
	I(r->hexes_left);
	I(r->moved);
	hex(d, &r->from);
	I(r->stop);
	B(r->waiting);
	BS(r->ow_asked, BATTLE_UNITS_MAX);
	BS(r->lw_asked, BATTLE_LEADERS_MAX);
}

/* Format 2 hashes the reaction-fire marks as a table of 2048 slots (its
 * size when the format was fixed): the slots past nrfire as empty ones. */
#define DIGEST_RFIRE_SLOTS 2048
_Static_assert(RFIRE_MARKS_MAX <= DIGEST_RFIRE_SLOTS,
	       "the marks fit format 2's table");

static void reactions(struct dg *d, const struct reaction_state *r)
{
	I(r->noffers);
	for (size_t i = 0; i < N(r->offers); i++) {
		const struct reaction_offer *o = &r->offers[i];
		I(o->kind);
		I(o->side);
		I(o->unit);
		I(o->leader);
		I(o->trigger);
		I(o->state);
		I(o->mp);
		I(o->used);
		I(o->approach);
		I(o->fire);
		I(o->weapons);
		B(o->line);
		B(o->must);
	}
	I(r->trigger);
	I(r->taken);
	move(d, &r->move);
	BA(r->faced);
	/* format 2 read here a table of BATTLE_UNITS_MAX numbers that no
	 * rule ever set: its zeros, so that files written before verify */
	zeros(d, UINT64_C(2232315406967589409), BATTLE_UNITS_MAX);
	IA(r->ow_near);
	IA(r->lw_near);
	I(r->moving);
	footprint(d, &r->moving_was);
	B(r->entered);
	BA(r->contact);
	I(r->nrfire);
	size_t n = used(r->nrfire, N(r->rfire));
	for (size_t i = 0; i < n; i++) {
		I(r->rfire[i].firer);
		I(r->rfire[i].enemy);
		I(r->rfire[i].bits);
	}
	zeros(d, UINT64_C(2232315406967589409), 3 * (DIGEST_RFIRE_SLOTS - n));
	B(r->hd_open);
	I(r->hd_firer);
	I(r->hd_target);
	I(r->hd_distance);
	I(r->hd_limit);
	I(r->hd_elephant_hits);
	I(r->hd_npath);
	hexes(d, r->hd_path, N(r->hd_path));
	I(r->hd_nfire);
	IA(r->hd_fire);
	IA(r->ow_turn);
}

static void prearranged(struct dg *d, const struct prearranged_state *p)
{
	I(p->turn);
	IA(p->marker);
	BS(p->revealed, BATTLE_LEADERS_MAX);
	IA(p->used);
	BA(p->employed);
}

static void missile(struct dg *d, const struct missile_state *m)
{
	BA(m->fired);
	I(m->step_unit);
	hex(d, &m->step_from);
	B(m->step_was_hex);
	I(m->step_turns);
	B(m->step_formed);
	I(m->fire_only);
	I(m->line_fire);
	BS(m->line_fire_unit, BATTLE_UNITS_MAX);
}

static void combat(struct dg *d, const struct shock_combat *c)
{
	I(c->natt);
	I(c->ndef);
	IA(c->att);
	IA(c->def);
	for (size_t i = 0; i < N(c->att_at); i++)
		footprint(d, &c->att_at[i]);
	for (size_t i = 0; i < N(c->def_at); i++)
		footprint(d, &c->def_at[i]);
	BF(struct shock_combat, c, must_check);
	BF(struct shock_combat, c, att_moved);
	BA(c->att_gone);
	BA(c->def_gone);
	BF(struct shock_combat, c, off);
	for (size_t i = 0; i < N(c->phalanx_stood); i++)
		BA(c->phalanx_stood[i]);
	BF(struct shock_combat, c, collapse_check_rout);
	BF(struct shock_combat, c, rout_blocked_elimination);
	BF(struct shock_combat, c, all_rout);
	BA(c->leader_killed);
	IA(c->killed_charisma);
	I(c->clash_att);
	I(c->clash_def);
	I(c->side);
	I(c->column);
	I(c->superiority);
	BF(struct shock_combat, c, position);
	IA(c->charisma_leader);
	I(c->att_hits);
	I(c->def_hits);
	BF(struct shock_combat, c, resolved);
	IA(c->att_took);
	IA(c->def_took);
	BF(struct shock_combat, c, advanced_precharge);
	BA(c->att_advanced);
	BA(c->att_pivoted);
	BF(struct shock_combat, c, pursuit);
	I(c->pursuer);
	I(c->parent);
	I(c->pursuit_stage);
	I(c->pursuit_followed);
	I(c->pursuit_followup);
	I(c->passthru);
	/* GBA 9.13: mixed only when set, as ranks_opened below */
	seen(d, &c->beast, sizeof c->beast, 1, DIGEST_INT);
	seen(d, &c->through, sizeof c->through, 1, DIGEST_INT);
	if (c->beast || c->through) {
		num(d, (uint64_t)(int64_t)c->beast);
		num(d, c->through);
	}
	/* GBA 9.24: mixed only when set, so that the files written before
	 * it verify */
	BITS_SEEN(struct shock_combat, c, ranks_opened);
	if (c->ranks_opened)
		flag(d, true);
}

static void shock(struct dg *d, const struct shock_state *s)
{
	I(s->step);
	I(s->attacker);
	I(s->leader);
	I(s->ask);
	I(s->ask_side);
	I(s->ask_combat);
	I(s->ask_unit);
	I(s->ncombats);
	size_t n = used(s->ncombats, N(s->c));
	for (size_t i = 0; i < n; i++)
		combat(d, &s->c[i]);
	/* an empty combat mixes in as the product its fields' FNV primes
	 * make (its bytes are all zero) */
	static const struct shock_combat empty;
	struct dg e = {1, NULL, NULL};
	combat(&e, &empty);
	zeros(d, e.h, N(s->c) - n);
	I(s->batch_begin);
	I(s->batch_end);
	I(s->cursor);
	I(s->sub);
	B(s->nested);
	I(s->outer_step);
	I(s->outer_cursor);
	I(s->outer_sub);
	I(s->outer_begin);
	I(s->outer_end);
	BA(s->attacked);
	BA(s->defended);
	I(s->range_leaders);
	BA(s->casualty);
	IA(s->mark);
	IA(s->engaged_answer);
	B(s->engaged_swept);
	I(s->adv_phase);
	I(s->adv_combat);
	B(s->adv_precharge);
	I(s->adv_unit);
	I(s->adv_mate);
	B(s->adv_pivot);
	I(s->adv_skip);
	footprint(d, &s->adv_was);
	footprint(d, &s->adv_mate_was);
	BS(s->lw_offered, BATTLE_LEADERS_MAX);
}

static void elcmd(struct dg *d, const struct elcmd_state *e)
{
	BA(e->first_done);
	I(e->owes);
	BA(e->placed);
	IA(e->on_unit);
	BS(e->start_with, BATTLE_UNITS_MAX);
}

uint64_t game_state_digest_seen(const struct game *g, digest_seen_fn fn,
				void *user)
{
	struct dg dd = {UINT64_C(14695981039346656037), fn, user};
	struct dg *d = &dd;
	static const char tag[] = "maniple-state 1";
	mix(d, tag, sizeof tag - 1);
	text(d, g->battle ? g->battle->id : "", sizeof g->battle->id);
	I(g->kind);
	I(g->dice.rng.state);
	I(g->dice.rng.inc);
	I(g->dice.seed);
	IA(g->dice.forced);
	I(g->dice.nforced);
	I(g->dice.rolls);
	I(g->turn);
	I(g->phase);
	I(g->active_leader);
	IA(g->rout_points);
	I(g->nunits);
	for (int i = 0; i < g->nunits && i < BATTLE_UNITS_MAX; i++)
		unit(d, &g->units[i]);
	I(g->nleaders);
	for (int i = 0; i < g->nleaders && i < BATTLE_LEADERS_MAX; i++)
		leader(d, &g->leaders[i]);
	IA(g->stack_seq);
	I(g->next_stack_seq);
	sequence(d, &g->seq);
	orders(d, &g->ord);
	rout(d, &g->rout);
	rampage(d, &g->rampage);
	reactions(d, &g->react);
	prearranged(d, &g->pw);
	missile(d, &g->fire);
	shock(d, &g->shock);
	elcmd(d, &g->elcmd);
	return d->h;
}

uint64_t game_state_digest(const struct game *g)
{
	return game_state_digest_seen(g, NULL, NULL);
}
