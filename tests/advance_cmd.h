/* advance_cmd.h — for the advance-after-combat tests: the `advance ...`
 * command of the Shock segment's advance step run on a game, without a
 * session. */
#ifndef MANIPLE_TEST_ADVANCE_CMD_H
#define MANIPLE_TEST_ADVANCE_CMD_H

#include <stdio.h>
#include <string.h>

#include "maniple/cmd.h"
#include "maniple/shock_advance.h"

/* `advance ARGS` (shock_advance_command); its status, its rule into
 * rule (16 bytes) when rule is not NULL. */
static inline enum cmd_status advance_cmd(struct game *g, const char *args,
					  char *rule)
{
	char buf[256];
	snprintf(buf, sizeof buf, "advance %.200s", args);
	char *w[4] = {NULL, NULL, NULL, NULL};
	int n = 0;
	char *save = NULL;
	for (char *t = strtok_r(buf, " ", &save); t && n < 4;
	     t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	struct cmd_result r;
	cmd_result_init(&r);
	shock_advance_command(g, n, w, &r);
	enum cmd_status st = r.status;
	if (rule)
		snprintf(rule, 16, "%s", r.rule);
	cmd_result_free(&r);
	return st;
}

#endif
