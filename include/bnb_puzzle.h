/*
 * bnb_puzzle.h -- the puzzle layer of the bnb library: read a puzzle file
 * (any kind of docs/FORMATS.md section 3) into a model, solve it with
 * bnb_solve, and print the puzzle's solution after checking it against
 * the puzzle's own rules; list the kinds; generate random instances with
 * a planted solution (bnb --generate).
 */
#ifndef BNB_PUZZLE_H
#define BNB_PUZZLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bnb.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

typedef struct bnb_puzzle bnb_puzzle;

/* Reads the file and builds the kind's formulation (variant NULL: the
 * kind's default). NULL with err = "file:line:col: message" on bad
 * input or an unknown variant. */
bnb_puzzle *bnb_puzzle_read(const char *path, const char *variant,
                            char *err, size_t errlen);
/* The same, stopped by stop (NULL: never) while reading or building:
 * NULL with stop->why set (BNB_STOPPED or BNB_TIME_LIMIT). */
bnb_puzzle *bnb_puzzle_read_until(const char *path, const char *variant,
                                  bnb_stop *stop, char *err, size_t errlen);
void bnb_puzzle_free(bnb_puzzle *p);

/* The model, owned by the puzzle. */
const bnb_model *bnb_puzzle_model(const bnb_puzzle *p);
/* e.g. "starbattle, 10x10, 2 stars" */
const char *bnb_puzzle_describe(const bnb_puzzle *p);

/* Checks x (the model's column values) against the puzzle's rules and
 * prints the solution block. Returns 0; -1 with err set when a rule is
 * broken (nothing printed); -2 when out of memory. */
int bnb_puzzle_print_solution(const bnb_puzzle *p, const double *x,
                              FILE *out, char *err, size_t errlen);

/* The puzzle as a viewer draws it: one JSON object on out, the kind's
 * geometry (grid, regions, sums, ...) and the column of each cell,
 * arc or choice (docs/FORMATS.md, "the puzzle's picture"). */
void bnb_puzzle_write_picture(const bnb_puzzle *p, FILE *out);
/* The region (cage, thermometer) of each cell of a grid of rows x cols
 * cells, ids from 0 or -1 for none; NULL when the kind has no regions. */
const int *bnb_puzzle_regions(const bnb_puzzle *p, int *rows, int *cols);
/* The same solution block as text in buf (at most buflen bytes with
 * its '\0', as snprintf): returns its length, -1 with err set when a
 * rule is broken, -2 when out of memory. For bindings without FILE. */
int bnb_puzzle_solution_text(const bnb_puzzle *p, const double *x,
                             char *buf, size_t buflen, char *err,
                             size_t errlen);
/* The kinds: how many, the name of kind i (0 <= i < count, in the order
 * --help lists them), and every kind with its source, rules and
 * variants as --help prints them. */
int bnb_puzzle_kinds(void);
const char *bnb_puzzle_kind_name(int i);
void bnb_puzzle_print_kinds(FILE *out);

/* ---- Instance generators (bnb --generate): a random instance of a
 * kind with a planted solution, in the kind's file format, the same
 * bytes for the same options. ---- */

/* 0 in a field means the kind's default. */
typedef struct bnb_generate_opts {
    int size;              /* the kind's size (see its help)              */
    int colours;           /* colours, stars, sets or lines (kind's help) */
    int density;           /* percent: givens, obstacles, nodes, ...      */
    uint64_t seed;
} bnb_generate_opts;

typedef struct bnb_instance bnb_instance;

/* What size, colours and density mean for the kind (lines of at most 60
 * characters split by '\n'), or NULL for an unknown kind. */
const char *bnb_generate_help(const char *kind);
/* Can the kind's instances take more givens (bnb_instance_reveal)? */
int bnb_generate_reveals(const char *kind);
/* A planted instance of the kind; NULL for an unknown kind, bad options
 * (message in err) or out of memory. */
bnb_instance *bnb_generate(const char *kind, const bnb_generate_opts *o,
                           char *err, size_t errlen);
/* The kind's name, as written in the instance's `puzzle:` line. */
const char *bnb_instance_kind(const bnb_instance *g);
void bnb_instance_print(const bnb_instance *g, FILE *out);
/* Adds one given true in the planted solution and, where it can, false
 * in one of the other solutions (their solution blocks, nother >= 0);
 * 0 when there is nothing left to add or the kind has no givens. */
int bnb_instance_reveal(bnb_instance *g, const char *const *other,
                        int nother);
void bnb_instance_free(bnb_instance *g);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif
