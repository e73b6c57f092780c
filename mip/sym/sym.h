/*
 * sym.h -- symmetry of the model (mip/sym/): the permutations of its
 * columns that map it to itself, found on its coloured graph (refine.c),
 * and the columns a group of interchangeable blocks lets the root fix
 * (orbitope.c).
 */
#ifndef SYM_H
#define SYM_H

#include "mip.h"

/* A vertex's key in a round of refinement: its colour, the hash of its
 * neighbourhood, and the vertex (so that the order is total). */
typedef struct {
    int colour;
    unsigned long long hash;
    int v;
} sym_key;

/* The model as a graph: vertex j < n column j, n + i row i; an edge per
 * nonzero, labelled by its coefficient. Colourings are int [nv]. */
typedef struct {
    const bnb_model *model;
    int n, m, nv;
    const double *lo, *up;   /* [n] the columns' bounds as the LP has them */
    const char *is_int;      /* [n]                                      */
    long work, budget;       /* edge visits so far, and the most allowed */
    int nomem;               /* an allocation failed: the solve must end */
    int *base;               /* [nv] the stable colouring of the model   */
    int base_colours;
    unsigned long long *hash;    /* [nv] scratch of a round              */
    sym_key *key;                /* [nv]                                  */
    int *count1, *count2;        /* [nv] vertices per colour             */
    int *at;                     /* [nv] the vertex of a colour           */
    int *bucket;                 /* [nv + 1] where a colour's keys go     */
    double *dense;               /* [n] a row spelt out                   */
} sym_graph;

/* refine.c: the graph of the model with the column bounds lo, up [n]
 * and its stable colouring (colour refinement); 0 when out of memory or
 * past the work budget (then no symmetry is used). */
int sym_graph_init(sym_graph *g, const mip_state *s, const double *lo,
                   const double *up, long budget);
void sym_graph_free(sym_graph *g);
/* A permutation perm [nv] of the vertices that maps the model to itself
 * and swaps columns a and b (it may move others): 1 found, 0 none found
 * within the budget. */
int sym_find_swap(sym_graph *g, int a, int b, int *perm);

#endif
