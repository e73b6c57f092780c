/*
 * pz.h -- the puzzle layer as the program sees it: load a puzzle file into
 * a model, then turn the engine's column values back into the puzzle's
 * solution block after checking them against the puzzle's own rules.
 */
#ifndef PZ_H
#define PZ_H

#include <stddef.h>
#include <stdio.h>

#include "bnb.h"

typedef struct pz_puzzle pz_puzzle;

/* Reads and parses the file, builds the formulation (variant NULL: the
 * kind's default). NULL with err = "file:line:col: message" on bad input
 * or an unknown variant. */
pz_puzzle *pz_load(const char *path, const char *variant, char *err,
                   size_t errlen);
/* The same, stopped by stop (NULL: never) while reading or building:
 * NULL with stop->why set (BNB_STOPPED or BNB_TIME_LIMIT). */
pz_puzzle *pz_load_until(const char *path, const char *variant,
                         bnb_stop *stop, char *err, size_t errlen);
void pz_free(pz_puzzle *p);

const bnb_model *pz_model(const pz_puzzle *p);
/* For the header line, e.g. "starbattle, 10x10". */
const char *pz_describe(const pz_puzzle *p);

/* Decodes x (the model's column values), checks the puzzle's rules
 * independently of the model and prints the solution block. Returns 0,
 * -1 with err set when the rules check fails (nothing printed), or -2
 * when out of memory. */
int pz_print_solution(const pz_puzzle *p, const double *x, FILE *out,
                      char *err, size_t errlen);

/* The puzzle's picture for the viewer: one JSON object
 * {"kind":"starbattle",...} (docs/FORMATS.md) on out. */
void pz_write_picture(const pz_puzzle *p, FILE *out);
/* The region of each of the rows x cols cells (-1: none), or NULL when
 * the kind has no regions. */
const int *pz_regions(const pz_puzzle *p, int *rows, int *cols);

/* The kinds and their variants, for --help. */
void pz_print_kinds(FILE *out);

#endif
