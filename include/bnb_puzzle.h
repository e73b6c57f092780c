/*
 * bnb_puzzle.h -- the puzzle layer of the bnb library: read a puzzle file
 * (any kind of docs/FORMATS.md section 3) into a model, solve it with
 * bnb_solve, and print the puzzle's solution after checking it against
 * the puzzle's own rules.
 */
#ifndef BNB_PUZZLE_H
#define BNB_PUZZLE_H

#include <stddef.h>
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

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif
