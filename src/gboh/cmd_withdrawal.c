/* cmd_withdrawal.c — the `withdraw` command (withdrawal.h): parses its
 * words and hands them to the rule in withdrawal.c. */
#include "maniple/game.h"
#include "maniple/withdrawal.h"

/* 6.5, 6.57, 4.72 */
void cmd_withdraw(void *ctx, int argc, char **argv, struct cmd_result *r)
{
	struct session *s = ctx;
	if (argc < 3 || argc > 4) {
		cmd_malformed(r, "usage: withdraw UNIT|LEADER HEX|done | "
				 "withdraw UNIT face FACING|with LEADER | "
				 "withdraw line UNIT");
		return;
	}
	if (!s->game) {
		cmd_refuse(r, NULL, "no game: start one with new or load");
		return;
	}
	withdraw_command(s->game, argv[1], argv[2], argc > 3 ? argv[3] : NULL,
			 r);
}
