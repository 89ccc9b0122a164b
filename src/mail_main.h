/* mail_main.h — maniple mail: a game played by mail in honour mode
 * (mail_main.c). */
#ifndef MANIPLE_MAIL_MAIN_H
#define MANIPLE_MAIL_MAIN_H

#include <stdbool.h>

struct live_program;

/* Whether argv[1] is the mail command. */
bool mail_command(const char *word);
/* Runs `maniple mail VERB ...` (argv[0] "mail"): the exit status. */
int mail_main(int argc, char **argv, const struct live_program *lp);

#endif
