/*
 * mip.h -- private to mip/: the state of one solve (the model turned into
 * a simplex LP, the search tree's trail and stack, the incumbent) and the
 * pieces bnb_solve is made of.
 */
#ifndef MIP_H
#define MIP_H

#include "bnb.h"
#include "spx.h"

/* A bound change, undone when the search backtracks above `depth`. */
typedef struct {
    int col, depth;
    double lo, up;           /* the bounds before the change */
} trail_entry;

/* A child waiting on the stack, with its parent's final basis. */
typedef struct {
    long parent;
    int depth, col, dir;     /* dir -1: col <= bound, +1: col >= bound */
    double bound, value;     /* value: col's LP value at the parent    */
    double parent_obj;       /* spx objective of the parent            */
    spx_basis basis;
    int has_basis;
} pending;

typedef struct {
    double sum[2];           /* objective gain per unit, down / up     */
    int count[2];
} pseudocost;

typedef struct search {
    const bnb_model *model;
    bnb_params par;
    bnb_observer observer;
    void *ctx;
    spx *lp;
    int m, n;
    double sense;            /* +1 min, -1 max: spx minimises sense*c  */
    char *is_int;            /* [n]                                    */
    double granularity;      /* objective step of integer solutions, 0 */
    double *x;               /* [n] work: values for events            */
    /* tree */
    trail_entry *trail;
    int trail_len, trail_cap;
    pending *stack;
    int stack_len, stack_cap;
    pseudocost *pc;          /* [n]                                    */
    long nodes, next_id;
    int max_depth;
    /* incumbent, in spx terms (minimisation, no offset) */
    int has_incumbent;
    double incumbent;
    double *best_x;          /* [n]                                    */
    long solutions;
    int numeric_failures;
    char message[256];
    double start;
    bnb_status stop;         /* a limit hit, or BNB_OPTIMAL            */
} search;

/* solve.c */
double mip_clock(void);
int mip_emit(search *s, bnb_event *ev);
double mip_model_objective(const search *s, double spx_obj);

/* search.c: depth-first branch and bound from the solved root LP. */
void mip_search(search *s);

/* verify.c: checks x against every bound, row and integrality of the
 * model; returns 1 if it holds, with the largest violation found. */
int mip_verify(const bnb_model *m, const double *x, double tol,
               double tol_int, double *max_violation, char *why,
               size_t whylen);

#endif
