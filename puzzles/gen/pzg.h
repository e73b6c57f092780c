/*
 * pzg.h -- instance generators, one per puzzle kind: a random valid
 * instance with a planted solution, written in the kind's file format
 * (docs/FORMATS.md), the same bytes for the same options. Generators only
 * build and print; proving uniqueness (`unique`) is the caller's loop,
 * which asks the generator to reveal one more given at a time.
 */
#ifndef PZG_H
#define PZG_H

#include <stdint.h>
#include <stdio.h>

#include "bnb_puzzle.h"

/* What the command line asks for (bnb_puzzle.h); 0 in a field means the
 * kind's default. */
typedef bnb_generate_opts pzg_opts;

/* splitmix64: small, fast and the same on every platform. */
typedef struct pzg_rng {
    uint64_t s;
} pzg_rng;

void pzg_rng_seed(pzg_rng *r, uint64_t seed);
uint64_t pzg_rand(pzg_rng *r);
/* Uniform in 0..n-1 (n >= 1). */
int pzg_below(pzg_rng *r, int n);
/* 1 with probability percent/100. */
int pzg_chance(pzg_rng *r, int percent);
void pzg_shuffle(pzg_rng *r, int *a, int n);
/* The option if set, else def. */
int pzg_or(int opt, int def);

/* The decimal numbers in text, in order, at most max; their count. */
int pzg_numbers(const char *text, int *out, int max);

/* Orthogonal steps: row and column offsets of up, left, down, right. */
extern const int pzg_dr[4], pzg_dc[4];

typedef struct pzg_kind {
    const char *name;      /* as pz_kind's name                           */
    const char *help;      /* what size, colours, density mean; lines of
                              at most 60 characters, split by '\n'      */
    /* A planted instance for o (o's zeros replaced by defaults); NULL on
     * bad options (message in err) or out of memory. */
    void *(*make)(const pzg_opts *o, char *err, size_t errlen);
    void (*print)(const void *g, FILE *out);
    /* Adds one clue or given true in the planted solution and, where it
     * can, false in one of the other solutions found (their solution
     * blocks of FORMATS.md section 3, nother >= 0); 0 when there is
     * nothing left to add. NULL: the kind has no clues or givens. */
    int (*reveal)(void *g, const char *const *other, int nother);
    void (*free)(void *g);
} pzg_kind;

/* The generator of the kind named name (case-insensitive), or NULL: the
 * registry's descriptor carries it (pz_kind's generator, pz_kinds.c). */
const pzg_kind *pzg_find(const char *name);


/* Most kinds have nothing to reveal: they write the whole instance into
 * a text while making it, and print and free that text. */
typedef struct pzg_text {
    char *buf;
    size_t len;
    FILE *f;               /* open while the kind writes                  */
} pzg_text;

/* A new text open for writing (NULL if out of memory). */
pzg_text *pzg_text_new(void);
/* Closes the writing; the text, or NULL (and the text freed) on error. */
void *pzg_text_done(pzg_text *t);
void pzg_text_print(const void *t, FILE *out);
void pzg_text_free(void *t);

/* Grows labels over a rows x cols grid: cells with label >= 0 are seeds,
 * the others (-1) take the label of a random labelled neighbour, in
 * random order, until every cell reachable from a seed is labelled. */
int pzg_grow(pzg_rng *r, int rows, int cols, int *label);

/* Writes a grid of labels 0..k-1 as one symbol per cell (A-Z a-z 0-9),
 * or as blank-separated tokens `L<k>` when there are more than 62. */
void pzg_print_labels(FILE *out, int rows, int cols, const int *label,
                      int k);

#endif
