/*
 * submip.c -- the searches a solve runs inside itself: a model of its
 * own (the feasibility copy of an unbounded relaxation, unbounded.c) or
 * the model with some columns fixed (RINS, heur/rins.c; a MIP start
 * completed, start.c). Each is a whole solve by the public entry point,
 * with what is left of the caller's time and no observer: the caller's
 * trace shows the sub-MIP's outcome, not its nodes.
 */
#include "submip.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mip_submip_solve(mip_state *s, const bnb_model *m, bnb_params *p,
                     bnb_result *r)
{
    p->time_limit = s->par.time_limit - (mip_clock() - s->start);
    if (p->time_limit <= 0) {
        memset(r, 0, sizeof *r);
        r->status = BNB_TIME_LIMIT;
        return BNB_OK;
    }
    return bnb_solve(m, p, NULL, NULL, r);
}

typedef struct {
    bnb_model *m;
    int *sub_of;          /* [n] column in the sub-MIP, -1: fixed       */
    double *x;            /* [n] the whole point (the caller's)          */
    int *cols;            /* [n] work: a row's columns in the sub-MIP    */
    double *vals;         /* [n] and its coefficients                    */
} submip_work;

static void work_free(submip_work *w)
{
    bnb_model_free(w->m);
    free(w->sub_of);
    free(w->cols);
    free(w->vals);
}

/* A failed step of the build: out of memory ends the whole solve as
 * such (the answer must not depend on how much memory was free). */
static int built(mip_state *s, int rc)
{
    if (rc == BNB_ERR_NOMEM)
        s->out_of_memory = 1;
    return rc >= 0;
}

/* The sub-MIP's columns (sense folded into a minimisation). */
static int add_columns(mip_state *s, submip_work *w)
{
    char name[32];
    int k = 0;
    for (int j = 0; j < s->n; j++) {
        if (w->sub_of[j] < 0)
            continue;
        snprintf(name, sizeof name, "c%d", k);
        w->sub_of[j] = bnb_add_col(w->m, name, bnb_col_lo(s->model, j),
                                   bnb_col_up(s->model, j),
                                   s->sense * bnb_col_obj(s->model, j),
                                   s->is_int[j]);
        if (!built(s, w->sub_of[j]) || w->sub_of[j] != k++)
            return 0;
    }
    return 1;
}

/* One row over the free columns, its bounds moved by the fixed part;
 * a row left without columns must hold as it is. Returns 0 when it
 * cannot (or out of memory). */
static int add_row(mip_state *s, submip_work *w, int i, int len,
                   const int *cols, const double *vals, double lo, double up)
{
    double fixed = 0;
    int k = 0;
    for (int e = 0; e < len; e++) {
        int j = cols[e];
        if (w->sub_of[j] < 0) {
            fixed += vals[e] * w->x[j];
        } else {
            w->cols[k] = w->sub_of[j];
            w->vals[k++] = vals[e];
        }
    }
    if (k == 0) {
        double tol = s->par.tol_verify;
        return fixed >= lo - tol * (1 + fabs(lo)) &&
               fixed <= up + tol * (1 + fabs(up));
    }
    char name[32];
    snprintf(name, sizeof name, "r%d", i);
    return built(s, bnb_add_row(w->m, name, k, w->cols, w->vals,
                                lo - fixed, up - fixed));
}

/* The model's rows, then the objective row below `cutoff` (none when
 * it is infinite). */
static int add_rows(mip_state *s, submip_work *w, double cutoff)
{
    for (int i = 0; i < s->m; i++)
        if (!add_row(s, w, i, bnb_row_len(s->model, i),
                     bnb_row_cols(s->model, i), bnb_row_vals(s->model, i),
                     bnb_row_lo(s->model, i), bnb_row_up(s->model, i)))
            return 0;
    if (isinf(cutoff))
        return 1;
    int *cols = malloc(((size_t)s->n + 1) * sizeof *cols);
    double *vals = malloc(((size_t)s->n + 1) * sizeof *vals);
    int ok = cols && vals, len = 0;
    if (!ok)
        s->out_of_memory = 1;
    for (int j = 0; ok && j < s->n; j++)
        if (bnb_col_obj(s->model, j) != 0) {
            cols[len] = j;
            vals[len++] = s->sense * bnb_col_obj(s->model, j);
        }
    ok = ok && add_row(s, w, s->m, len, cols, vals, -INFINITY, cutoff);
    free(cols);
    free(vals);
    return ok;
}

/* Solves the sub-MIP; its solution fills the free columns of w->x.
 * Returns 1 when it found one. */
static int solve_sub(mip_state *s, submip_work *w, double nodes)
{
    bnb_params p = s->par;
    p.node_limit = nodes;
    p.rins = 0;
    p.enumerate_all = 0;
    p.solution_limit = MIP_SUBMIP_SOLUTION_LIMIT;
    /* no cuts: the sub-MIP is after a solution, not a proof, and its
     * cut loop cost more than its search (SCIP's RINS turns
     * separation off too) */
    p.cuts = 0;
    bnb_result r;
    if (!built(s, mip_submip_solve(s, w->m, &p, &r)))
        return 0;
    if (r.status == BNB_OUT_OF_MEMORY)
        s->out_of_memory = 1;
    int found = r.has_solution && !s->out_of_memory;
    for (int j = 0; found && j < s->n; j++)
        if (w->sub_of[j] >= 0)
            w->x[j] = r.x[w->sub_of[j]];
    bnb_result_free(&r);
    return found;
}

int mip_submip(mip_state *s, const double *fix, double cutoff,
               double nodes, double *x)
{
    submip_work w = {.x = x};
    size_t n = (size_t)s->n + 1;
    w.sub_of = malloc(n * sizeof *w.sub_of);
    w.cols = malloc(n * sizeof *w.cols);
    w.vals = malloc(n * sizeof *w.vals);
    w.m = bnb_model_new("sub-MIP");
    int found = 0;
    if (!w.sub_of || !w.cols || !w.vals || !w.m) {
        s->out_of_memory = 1;
    } else {
        for (int j = 0; j < s->n; j++) {
            x[j] = fix[j];
            w.sub_of[j] = isnan(fix[j]) ? 0 : -1;
        }
        found = add_columns(s, &w) && add_rows(s, &w, cutoff) &&
                solve_sub(s, &w, nodes);
    }
    work_free(&w);
    return found;
}

