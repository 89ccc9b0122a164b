/* main.c — command-line entry (placeholder until the command layer lands). */
#include <stdio.h>

#include "config.h"

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("maniple %s\n", MANIPLE_VERSION);
	return 0;
}
