/*
 * rins.c -- Relaxation Induced Neighbourhood Search (Danna, Rothberg
 * and Le Pape 2005) in the tree: at a node whose LP point is fractional,
 * every integer column whose LP value equals its value in the incumbent
 * is fixed there, and the much smaller MIP over the other columns, with
 * a row asking for a better objective than the incumbent's, is solved
 * by a search of its own with a node limit. Its solution, verified
 * against the whole model, becomes the incumbent (found by "RINS").
 */
#include "rins.h"

#include "heur.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    bnb_model *m;
    int *sub_of;          /* [n] column in the sub-MIP, -1: fixed       */
    double *x;            /* [n] the whole point (the caller's)          */
    int *cols;            /* [n] work: a row's columns in the sub-MIP    */
    double *vals;         /* [n] and its coefficients                    */
} rins_work;

static void work_free(rins_work *w)
{
    bnb_model_free(w->m);
    free(w->sub_of);
    free(w->cols);
    free(w->vals);
}

/* Fixes the integer columns where lp and the incumbent agree at the
 * incumbent's value (fix[j]; NAN: free); returns how many it fixed. */
static int fix_agreeing(const mip_state *s, const double *lp, double *fix)
{
    int fixed = 0;
    for (int j = 0; j < s->n; j++) {
        fix[j] = NAN;
        if (s->is_int[j] && fabs(lp[j] - s->best_x[j]) <= s->par.tol_int) {
            fix[j] = s->best_x[j];
            fixed++;
        }
    }
    return fixed;
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
static int add_columns(mip_state *s, rins_work *w)
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
static int add_row(mip_state *s, rins_work *w, int i, int len,
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
static int add_rows(mip_state *s, rins_work *w, double cutoff)
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
static int solve_sub(mip_state *s, rins_work *w, double nodes)
{
    bnb_params p = s->par;
    p.node_limit = nodes;
    p.rins = 0;
    p.enumerate_all = 0;
    p.solution_limit = RINS_SOLUTION_LIMIT;
    /* no cuts: the sub-MIP is after a solution, not a proof, and its
     * cut loop cost more than its search (SCIP's RINS turns
     * separation off too) */
    p.cuts = 0;
    p.time_limit = s->par.time_limit - (mip_clock() - s->start);
    if (p.time_limit <= 0)
        return 0;
    bnb_result r;
    if (!built(s, bnb_solve(w->m, &p, NULL, NULL, &r)))
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

int mip_sub_mip(mip_state *s, const double *fix, double cutoff,
                double nodes, double *x)
{
    rins_work w = {.x = x};
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

int mip_rins_due(const mip_state *s)
{
    return s->par.rins && s->has_incumbent && s->has_objective &&
           s->nodes >= s->rins_next;
}

int mip_rins(mip_state *s, const double *lp, double cutoff, long node)
{
    mip_technique_ran(s, MIP_TECH_RINS);
    size_t n = (size_t)s->n + 1;
    double *fix = malloc(n * sizeof *fix), *x = malloc(n * sizeof *x);
    int stop = 0, found = 0;
    s->rins_gap = s->rins_gap ? s->rins_gap : RINS_FIRST_GAP;
    if (!fix || !x) {
        s->out_of_memory = 1;
    } else if (fix_agreeing(s, lp, fix) >=
                   RINS_MIN_FIXED * bnb_num_int_cols(s->model) &&
               mip_sub_mip(s, fix, cutoff, RINS_NODES, x)) {
        double before = s->incumbent;
        stop = mip_offer(s, x, "RINS", node);
        found = s->incumbent < before;
    }
    if (!found)
        s->rins_gap *= 2;
    s->rins_next = s->nodes + s->rins_gap;
    free(fix);
    free(x);
    return stop;
}
