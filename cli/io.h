/*
 * io.h -- where the bnb program's files come from and go: "-" as
 * standard input or output, the model's format (named, from the file
 * name, or sniffed from standard input) (stream.c), and solution files
 * written for other solvers and read back as a MIP start (solution.c).
 */
#ifndef IO_H
#define IO_H

#include <stdio.h>

#include "bnb.h"

/* The file argument that means standard input or output. */
#define CLI_STDIO "-"

/* ---- stream.c ------------------------------------------------------ */

/* A model file's format: --format, or from its name. */
enum { CLI_FORMAT_GUESS, CLI_FORMAT_LP, CLI_FORMAT_MPS, CLI_FORMAT_PUZZLE };

int cli_is_stdio(const char *path);
/* The format path's name says (.lp, .mps; anything else a puzzle). */
int cli_format_of_name(const char *path);
/* Standard input's format from its first line that is not blank or a
 * '#' comment: the input (up to its first control byte) is kept in a
 * temporary file that becomes standard input, read again from its
 * start. Returns a CLI_FORMAT_*, CLI_FORMAT_GUESS when the lines say
 * nothing (message on stderr), or -1 when stopped or unreadable
 * (message on stderr; stop->why set when stopped). */
int cli_sniff_stdin(bnb_stop *stop);
/* From here on, what bnb prints for people goes to stderr: standard
 * output is left to the one file argument "-" that bnb writes through
 * cli_open_write (a model written to "-" by the library went out
 * before). Returns 0, or -1 when out of descriptors. */
int cli_stdout_to_data(void);
/* Opens path for writing: "-" is standard output (the descriptor kept
 * by cli_stdout_to_data). cli_close_write closes it (flushes standard
 * output); nonzero when a write failed. */
FILE *cli_open_write(const char *path);
int cli_close_write(FILE *f);

/* ---- solution.c ---------------------------------------------------- */

/* --solution-format: in the order of the names below. */
enum { CLI_SOL_MIPLIB, CLI_SOL_CBC, CLI_SOL_GLPK };
extern const char *const cli_solution_forms[];   /* NULL-terminated */

/* Writes the result to f in form: every column's value when r holds a
 * verified solution, else the form's way to say there is none.
 * glpk's form of a model without integer columns is its basic solution
 * (statuses from the duals; r->duals NULL: every one basic). */
void cli_solution_write(FILE *f, int form, const bnb_model *m,
                        const bnb_result *r);
/* Reads a MIP start in any form cli_solution_write writes (the form is
 * told by the lines; bnb's own block of `name value` lines is the
 * MIPLIB form without =obj=) into x[n], NAN where a column is not
 * given. Returns the number of columns given (0: the file holds no
 * solution), or -1 after a message "path:line:col: ..." on stderr (a
 * line longer than a few kilobytes or a control byte included). */
int cli_solution_read(const char *path, const bnb_model *m, double *x);

#endif
