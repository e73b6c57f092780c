/*
 * spawn.c -- other programs in the browser: there are none, so --tree
 * FILE.png says Graphviz is missing (FILE.svg and FILE.dot need no
 * other program). Linked instead of cli/spawn.c by make web.
 */
#include "teach.h"

int cli_have_program(const char *name)
{
    (void)name;
    return 0;
}

int cli_run_program(char *const argv[])
{
    (void)argv;
    return -1;
}
