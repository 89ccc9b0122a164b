/* hex.c — hex numbering (CCRR; GBoH's odd-q, or odd-r for pointy-topped
 * boards), cube coordinates after Red Blob Games' "Hexagonal Grids", and
 * the line of sight trace (8.14).  See shared HEX.md. */
#include "maniple/hex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const hexside_names[HEXSIDE_COUNT] = {
	"N", "ENE", "ESE", "S", "WSW", "WNW"};
static const char *const facing_names[FACING_COUNT] = {
	"NE", "E", "SE", "SW", "W", "NW"};

bool hex_parse(const char *text, struct hex *out)
{
	if (text == NULL || out == NULL)
		return false;
	for (int i = 0; i < 4; i++)
		if (text[i] < '0' || text[i] > '9')
			return false;
	if (text[4] != '\0')
		return false;
	out->col = (text[0] - '0') * 10 + (text[1] - '0');
	out->row = (text[2] - '0') * 10 + (text[3] - '0');
	return true;
}

bool hex_pair_parse(const char *text, struct hex *a, struct hex *b)
{
	if (text == NULL || a == NULL || b == NULL)
		return false;
	*b = HEX_NONE;
	const char *comma = strchr(text, ',');
	if (!comma)
		return hex_parse(text, a);
	char first[8];
	size_t l = (size_t)(comma - text);
	if (l >= sizeof first)
		return false;
	memcpy(first, text, l);
	first[l] = '\0';
	return hex_parse(first, a) && hex_parse(comma + 1, b);
}

void hex_format(struct hex h, char *buf, size_t n)
{
	if (buf == NULL || n == 0)
		return;
	if (hex_is_none(h)) {
		snprintf(buf, n, "----");
	} else if (n > 4 && h.col >= 0 && h.col <= 99 && h.row >= 0 &&
		   h.row <= 99) {
		/* "%02d%02d" written out: every event names hexes */
		buf[0] = (char)('0' + h.col / 10);
		buf[1] = (char)('0' + h.col % 10);
		buf[2] = (char)('0' + h.row / 10);
		buf[3] = (char)('0' + h.row % 10);
		buf[4] = '\0';
	} else {
		snprintf(buf, n, "%02d%02d", h.col, h.row);
	}
}

int hex_number(struct hex h)
{
	return h.col * 100 + h.row;
}

struct cube hex_to_cube_in(enum hex_layout l, struct hex h)
{
	if (l != HEX_POINTY_ODD_R)
		return hex_to_cube(h);
	struct cube c;
	c.q = h.col - (h.row - (h.row & 1)) / 2;
	c.r = h.row;
	c.s = -c.q - c.r;
	return c;
}

struct hex cube_to_hex_in(enum hex_layout l, struct cube c)
{
	if (l != HEX_POINTY_ODD_R)
		return cube_to_hex(c);
	struct hex h;
	h.col = c.q + (c.r - (c.r & 1)) / 2;
	h.row = c.r;
	return h;
}

struct cube cube_diagonal_neighbour(struct cube c, int i)
{
	static const struct cube diag[6] = {
		{+2, -1, -1}, {+1, -2, +1}, {-1, -1, +2},
		{-2, +1, +1}, {-1, +2, -1}, {+1, +1, -2}};
	return cube_add(c, diag[hex_mod6(i)]);
}

/* Rounding half away from zero, like round(3), without needing libm. */
static double round_half_away(double x)
{
	return x >= 0 ? (double)(long long)(x + 0.5)
		      : -(double)(long long)(-x + 0.5);
}

static double absd(double x)
{
	return x < 0 ? -x : x;
}

struct cube cube_round(struct cubef f)
{
	double q = round_half_away(f.q), r = round_half_away(f.r),
	       s = round_half_away(f.s);
	double dq = absd(q - f.q), dr = absd(r - f.r), ds = absd(s - f.s);
	if (dq > dr && dq > ds)
		q = -r - s;
	else if (dr > ds)
		r = -q - s;
	else
		s = -q - r;
	return (struct cube){(int)q, (int)r, (int)s};
}

static struct cubef cubef_lerp(struct cubef a, struct cubef b, double t)
{
	return (struct cubef){a.q + (b.q - a.q) * t, a.r + (b.r - a.r) * t,
			      a.s + (b.s - a.s) * t};
}

struct cubef cube_lerp(struct cube a, struct cube b, double t)
{
	struct cubef fa = {a.q, a.r, a.s}, fb = {b.q, b.r, b.s};
	return cubef_lerp(fa, fb, t);
}

/* The line from a to b with both ends nudged by sign * (1e-6, 1e-6, -2e-6):
 * the nudge decides on which side a line along a hexside falls. */
static int cube_line_nudged(struct cube a, struct cube b, int sign,
			    struct cube *out)
{
	const double e = 1e-6 * sign;
	struct cubef fa = {a.q + e, a.r + e, a.s - 2 * e};
	struct cubef fb = {b.q + e, b.r + e, b.s - 2 * e};
	int n = cube_distance(a, b);
	double step = 1.0 / (n > 0 ? n : 1);
	for (int i = 0; i <= n; i++)
		out[i] = cube_round(cubef_lerp(fa, fb, step * i));
	return n + 1;
}

int cube_line(struct cube a, struct cube b, struct cube *out)
{
	return cube_line_nudged(a, b, +1, out);
}

struct hex hex_step_in(enum hex_layout l, struct hex h, int dir)
{
	return cube_to_hex_in(l, cube_neighbour(hex_to_cube_in(l, h), dir));
}

int hex_distance_in(enum hex_layout l, struct hex a, struct hex b)
{
	return cube_distance(hex_to_cube_in(l, a), hex_to_cube_in(l, b));
}

/* 8.14 a line along a hexside: trace once with each nudge; where the two
 * traces differ the line runs between two hexes. */
int hex_line(struct hex a, struct hex b, struct hex *out, struct hex *alt,
	     bool *along_hexside)
{
	struct cube ca = hex_to_cube(a), cb = hex_to_cube(b);
	const double e = 1e-6;
	const struct cubef pa = {ca.q + e, ca.r + e, ca.s - 2 * e};
	const struct cubef pb = {cb.q + e, cb.r + e, cb.s - 2 * e};
	const struct cubef ma = {ca.q - e, ca.r - e, ca.s + 2 * e};
	const struct cubef mb = {cb.q - e, cb.r - e, cb.s + 2 * e};
	int dist = cube_distance(ca, cb);
	double step = 1.0 / (dist > 0 ? dist : 1);
	bool along = false;
	for (int i = 0; i <= dist; i++) {
		struct hex p = cube_to_hex(cube_round(cubef_lerp(pa, pb, step * i)));
		struct hex m = cube_to_hex(cube_round(cubef_lerp(ma, mb, step * i)));
		if (out != NULL)
			out[i] = p;
		if (alt != NULL)
			alt[i] = m;
		if (!hex_eq(p, m))
			along = true;
	}
	if (along_hexside != NULL)
		*along_hexside = along;
	return dist + 1;
}

const char *hexside_name(enum hexside d)
{
	int i = (int)d;
	return i >= 0 && i < HEXSIDE_COUNT ? hexside_names[i] : "?";
}

const char *facing_name(enum facing f)
{
	int i = (int)f;
	return i >= 0 && i < FACING_COUNT ? facing_names[i] : "?";
}

int hexside_parse(const char *text)
{
	if (text == NULL)
		return -1;
	for (int i = 0; i < HEXSIDE_COUNT; i++)
		if (strcasecmp(text, hexside_names[i]) == 0)
			return i;
	return -1;
}

int facing_parse(const char *text)
{
	if (text == NULL)
		return -1;
	for (int i = 0; i < FACING_COUNT; i++)
		if (strcasecmp(text, facing_names[i]) == 0)
			return i;
	return -1;
}

enum hexside hexside_opposite(enum hexside d)
{
	return (enum hexside)hex_mod6((int)d + 3);
}
