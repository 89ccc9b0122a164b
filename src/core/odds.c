/* odds.c — the exact odds of a step one die decides (odds.h). */
#include "maniple/odds.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void odds_init(struct odds *o, int faces, const char *rule)
{
	memset(o, 0, sizeof *o);
	o->faces = faces > 0 && faces <= ODDS_FACES_MAX ? faces : 0;
	snprintf(o->rule, sizeof o->rule, "%s", rule ? rule : "");
	for (int i = 0; i < ODDS_FACES_MAX; i++)
		o->face[i] = -1;
}

bool odds_face(struct odds *o, int die, int value, const char *fmt, ...)
{
	if (die < 0 || die >= o->faces || o->face[die] >= 0)
		return false;
	char name[ODDS_NAME_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	int k = odds_find(o, name);
	if (k < 0) {
		k = o->n++; /* never full: at most one outcome a face */
		snprintf(o->out[k].name, sizeof o->out[k].name, "%s", name);
		o->out[k].value = value;
	}
	o->out[k].faces++;
	o->face[die] = (signed char)k;
	return true;
}

int odds_find(const struct odds *o, const char *name)
{
	for (int k = 0; k < o->n; k++)
		if (strcmp(o->out[k].name, name) == 0)
			return k;
	return -1;
}

int odds_faces(const struct odds *o, const char *name)
{
	int k = odds_find(o, name);
	return k < 0 ? 0 : o->out[k].faces;
}

double odds_chance(const struct odds *o, const char *name)
{
	return o->faces ? (double)odds_faces(o, name) / o->faces : 0.0;
}

int odds_percent(const struct odds *o, const char *name)
{
	if (!o->faces)
		return 0;
	return (odds_faces(o, name) * 200 + o->faces) / (2 * o->faces);
}

bool odds_complete(const struct odds *o)
{
	if (!o->faces)
		return false;
	for (int d = 0; d < o->faces; d++)
		if (o->face[d] < 0)
			return false;
	return true;
}

double odds_value_at_least(const struct odds *o, int v)
{
	int n = 0;
	for (int k = 0; k < o->n; k++)
		if (o->out[k].value >= v)
			n += o->out[k].faces;
	return o->faces ? (double)n / o->faces : 0.0;
}
