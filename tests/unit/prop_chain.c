/*
 * prop_chain.c -- prints the chains of bound changes by which node
 * propagation (mip/propagate.c) refutes random fixings of a model's
 * integer columns, for tests/prop_replay.py to check in exact rational
 * arithmetic. Not a cmocka test: a tool the e2e tests build and run.
 *
 *     prop_chain MODEL.lp [TRIES [SEED [POINT]]]
 *
 * With POINT (a file of "column value" lines, a point the model's rows
 * hold to within the solution check's tolerance) the fixings are those
 * of the point instead, and propagation must neither refute them nor
 * cut the point off: "cut COLUMN VALUE LO UP" or "refuted COLUMN" says
 * where it did (exit 1).
 *
 * Output, every number a C99 hex float (exact):
 *     tol TOL_VERIFY TOL_PRIMAL TOL_INT
 *     col J INT LO UP                  the model's columns
 *     row I LO UP LEN J A ...          the model's rows
 *     chain                            a refuted fixing, from the root:
 *     set J LO UP                        a fixing (a premise)
 *     imp J LO UP ROW                    bounds row ROW implied
 *     fail ROW                           the row propagation failed on
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mip.h"
#include "presolve.h"

/* An unbounded column is fixed within this many steps of its bound. */
#define CHAIN_UNBOUNDED_SPAN 20

static void print_model(const mip_state *s)
{
    const bnb_model *m = s->model;
    printf("tol %a %a %a\n", s->par.tol_verify, s->par.tol_primal,
           s->par.tol_int);
    for (int j = 0; j < s->n; j++)
        printf("col %d %d %a %a\n", j, s->is_int[j], bnb_col_lo(m, j),
               bnb_col_up(m, j));
    for (int i = 0; i < s->m; i++) {
        printf("row %d %a %a %d", i, bnb_row_lo(m, i), bnb_row_up(m, i),
               bnb_row_len(m, i));
        for (int k = 0; k < bnb_row_len(m, i); k++)
            printf(" %d %a", bnb_row_cols(m, i)[k], bnb_row_vals(m, i)[k]);
        printf("\n");
    }
}

static void print_chain(const mip_state *s)
{
    printf("chain\n");
    for (int p = 0; p < s->tree.trail_len; p++) {
        const mip_trail_entry *t = &s->tree.trail[p];
        if (t->reason)
            printf("imp %d %a %a %d\n", t->col, t->new_lo, t->new_up,
                   t->reason - 1);
        else
            printf("set %d %a %a\n", t->col, t->new_lo, t->new_up);
    }
    printf("fail %d\n", s->learned.failed_row);
}

/* A random value of column j within its bounds. */
static double pick(const mip_state *s, int j)
{
    double lo = spx_lo(s->lp, j), up = spx_up(s->lp, j);
    if (isinf(lo) && isinf(up))
        lo = -CHAIN_UNBOUNDED_SPAN / 2;
    if (isinf(up))
        up = lo + CHAIN_UNBOUNDED_SPAN;
    if (isinf(lo))
        lo = up - CHAIN_UNBOUNDED_SPAN;
    return lo + (double)(rand() % (int)(up - lo + 1));
}

/* Fixes the unfixed integer columns in random order until propagation
 * fails (printing the chain) or none is left. */
static void dive(mip_state *s)
{
    for (int depth = 1; depth <= s->n; depth++) {
        int open = 0, j = -1;
        for (int k = 0; k < s->n; k++)
            if (s->is_int[k] && spx_lo(s->lp, k) != spx_up(s->lp, k) &&
                rand() % ++open == 0)
                j = k;
        if (j < 0)
            return;
        double v = pick(s, j);
        if (!mip_trail_set(s, j, v, v, depth))
            return;
        if (mip_propagate(s, j, depth) < 0) {
            print_chain(s);
            return;
        }
    }
}

/* The point of file path as values by column (-1 when unreadable). */
static int read_point(const bnb_model *m, const char *path, double *x)
{
    FILE *f = fopen(path, "r");
    char name[256];
    double v;
    if (!f)
        return -1;
    while (fscanf(f, "%255s %lf", name, &v) == 2)
        for (int j = 0; j < bnb_num_cols(m); j++)
            if (strcmp(bnb_col_name(m, j), name) == 0)
                x[j] = v;
    fclose(f);
    return 0;
}

/* Does every column's range still hold the point? Says where not. */
static int holds(const mip_state *s, const double *x)
{
    for (int j = 0; j < s->n; j++)
        if (x[j] < spx_lo(s->lp, j) || x[j] > spx_up(s->lp, j)) {
            printf("cut %s %.17g %.17g %.17g\n", bnb_col_name(s->model, j),
                   x[j], spx_lo(s->lp, j), spx_up(s->lp, j));
            return 0;
        }
    return 1;
}

/* Fixes the integer columns at the point's values in random order, each
 * propagated; 0 when propagation refutes or cuts off the point. */
static int dive_to(mip_state *s, const double *x)
{
    for (int depth = 1; depth <= s->n; depth++) {
        int open = 0, j = -1;
        for (int k = 0; k < s->n; k++)
            if (s->is_int[k] && spx_lo(s->lp, k) != spx_up(s->lp, k) &&
                rand() % ++open == 0)
                j = k;
        if (j < 0)
            return 1;
        if (!mip_trail_set(s, j, x[j], x[j], depth))
            return 1;
        if (mip_propagate(s, j, depth) < 0) {
            printf("refuted %s\n", bnb_col_name(s->model, j));
            return 0;
        }
        if (!holds(s, x))
            return 0;
    }
    return 1;
}

/* Point mode: see the header. */
static int check_point(mip_state *s, const char *path, int tries)
{
    double *x = calloc((size_t)s->n + 1, sizeof *x);
    int ok = x && read_point(s->model, path, x) == 0;
    if (ok && (mip_propagate_all(s) < 0 || !holds(s, x))) {
        printf("refuted at the root\n");
        ok = 0;
    }
    int root = s->tree.trail_len;
    for (int t = 0; ok && t < tries; t++) {
        ok = dive_to(s, x);
        mip_trail_cut(s, root);
    }
    free(x);
    return ok;
}

int main(int argc, char **argv)
{
    char err[256];
    if (argc < 2) {
        fprintf(stderr, "usage: prop_chain MODEL.lp [TRIES [SEED]]\n");
        return 2;
    }
    int tries = argc > 2 ? atoi(argv[2]) : 1;
    srand(argc > 3 ? (unsigned)atoi(argv[3]) : 1);
    bnb_model *m = bnb_read_lp(argv[1], err, sizeof err);
    if (!m) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    mip_state s;
    if (mip_search_begin(&s, m, NULL) != BNB_OK) {
        bnb_model_free(m);
        return 2;
    }
    if (argc > 4) {
        int ok = check_point(&s, argv[4], tries);
        mip_search_end(&s);
        bnb_model_free(m);
        return ok ? 0 : 1;
    }
    print_model(&s);
    if (mip_propagate_all(&s) < 0) {
        print_chain(&s);
    } else {
        int root = s.tree.trail_len;
        for (int t = 0; t < tries; t++) {
            dive(&s);
            mip_trail_cut(&s, root);
        }
    }
    mip_search_end(&s);
    bnb_model_free(m);
    return 0;
}
