/* units.c — names of unit types, classes of missile, leader kinds. */
#include "maniple/units.h"

#include <string.h>

static const char *const type_names[UNIT_TYPE_COUNT] = {
	"PH", "HI", "LG", "MI", "BI", "LI", "LP", "SK",
	"HC", "RC", "LN", "LC", "EL", "AT", "CH",
};

static const char *const missile_names[MISSILE_CLASS_COUNT] = {
	"none", "A", "S", "BS", "J", "MJ", "MA", "ES", "B", "IA",
};

static const char *const supply_names[] = {"full", "low", "no"};
static const char *const elephant_names[] = {"none", "african", "indian"};

static const char *const leader_kind_names[LEADER_KIND_COUNT] = {
	"general",	     "tribune",	 "praefect_sociorum",
	"praefect_equitum", "proconsul", "replacement",
	"elephant_leader",
};

static const char *const leader_state_names[LEADER_STATE_COUNT] = {
	"inactive", "active", "finished", "bypassed",
};

static int find(const char *const *names, int n, const char *text)
{
	if (!text)
		return -1;
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], text) == 0)
			return i;
	return -1;
}

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

const char *unit_type_name(enum unit_type t)
{
	return (unsigned)t < UNIT_TYPE_COUNT ? type_names[t] : "?";
}
int unit_type_parse(const char *text)
{
	return find(type_names, COUNT(type_names), text);
}
bool unit_class_code_ok(const char *text)
{
	size_t len = text ? strlen(text) : 0;
	if (len < 1 || len > UNIT_CLASS_CODE_MAX)
		return false;
	if (text[len - 1] == '*')
		len--;
	if (len < 1)
		return false;
	for (size_t k = 0; k < len; k++)
		if (text[k] < 'A' || text[k] > 'Z')
			return false;
	return true;
}
const char *missile_class_name(enum missile_class m)
{
	return (unsigned)m < MISSILE_CLASS_COUNT ? missile_names[m] : "?";
}
int missile_class_parse(const char *text)
{
	return find(missile_names, COUNT(missile_names), text);
}
const char *missile_supply_name(enum missile_supply s)
{
	return (unsigned)s < 3 ? supply_names[s] : "?";
}
int missile_supply_parse(const char *text)
{
	return find(supply_names, COUNT(supply_names), text);
}
const char *elephant_kind_name(enum elephant_kind k)
{
	return (unsigned)k < 3 ? elephant_names[k] : "?";
}
int elephant_kind_parse(const char *text)
{
	return find(elephant_names, COUNT(elephant_names), text);
}
const char *leader_kind_name(enum leader_kind k)
{
	return (unsigned)k < LEADER_KIND_COUNT ? leader_kind_names[k] : "?";
}
int leader_kind_parse(const char *text)
{
	return find(leader_kind_names, COUNT(leader_kind_names), text);
}
const char *leader_state_name(enum leader_state s)
{
	return (unsigned)s < LEADER_STATE_COUNT ? leader_state_names[s] : "?";
}
int leader_state_parse(const char *text)
{
	return find(leader_state_names, COUNT(leader_state_names), text);
}
