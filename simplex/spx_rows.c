/*
 * spx_rows.c -- rows added to (and dropped from) a solved LP, for cutting
 * planes: the LP is rebuilt with the new row set and keeps its basis, the
 * new rows' slacks basic, so the dual simplex re-solves from there.
 * Rows come and go in the terms of the LP as given; the kept rows and
 * the columns keep their scale factors, a new row gets its own.
 */
#include "spx_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void spx_row(const spx *lp, int i, int *len, const int **cols,
             const double **vals)
{
    *len = lp->rowptr[i + 1] - lp->rowptr[i];
    *cols = lp->colind + lp->rowptr[i];
    *vals = lp->urowval + lp->rowptr[i];
}

/* The new LP's arrays, column-wise: kept rows renumbered, then new ones. */
typedef struct {
    int m, nnz;
    int *colptr, *rowind, *newrow;   /* [n+1], [nnz], [old m]      */
    double *val, *cost, *lo, *up;    /* [nnz], [n], [n+m], [n+m]   */
    double *sc;                      /* [n+m] scale factors        */
} row_set;

static void row_set_free(row_set *r)
{
    free(r->colptr); free(r->rowind); free(r->newrow);
    free(r->val); free(r->cost); free(r->lo); free(r->up); free(r->sc);
}

static int row_set_build(const spx *lp, const char *drop, int k,
                         const int *start, const int *idx, const double *val,
                         const double *lo, const double *up, row_set *r)
{
    int n = lp->n, kept = 0;
    r->newrow = malloc(((size_t)lp->m + 1) * sizeof *r->newrow);
    if (!r->newrow)
        return 0;
    for (int i = 0; i < lp->m; i++)
        r->newrow[i] = drop && drop[i] ? -1 : kept++;
    r->m = kept + k;
    size_t nnz = (size_t)lp->colptr[n] + (size_t)start[k] + 1;
    size_t nt = (size_t)n + (size_t)r->m + 1;
    r->colptr = calloc((size_t)n + 2, sizeof *r->colptr);
    r->rowind = malloc(nnz * sizeof *r->rowind);
    r->val = malloc(nnz * sizeof *r->val);
    r->cost = calloc((size_t)n + 1, sizeof *r->cost);
    r->lo = malloc(nt * sizeof *r->lo);
    r->up = malloc(nt * sizeof *r->up);
    r->sc = malloc(nt * sizeof *r->sc);
    if (!r->colptr || !r->rowind || !r->val || !r->cost || !r->lo ||
        !r->up || !r->sc)
        return 0;
    for (int j = 0; j < n; j++)
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
            r->colptr[j + 1] += r->newrow[lp->rowind[e]] >= 0;
    for (int e = 0; e < start[k]; e++)
        r->colptr[idx[e] + 1]++;
    for (int j = 0; j < n; j++)
        r->colptr[j + 1] += r->colptr[j];
    int *fill = malloc(((size_t)n + 1) * sizeof *fill);
    if (!fill)
        return 0;
    memcpy(fill, r->colptr, (size_t)n * sizeof *fill);
    for (int j = 0; j < n; j++)
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++) {
            int i = r->newrow[lp->rowind[e]];
            if (i < 0)
                continue;
            r->rowind[fill[j]] = i;
            r->val[fill[j]++] = spx_model_coef(lp, e, j);
        }
    for (int c = 0; c < k; c++)
        for (int e = start[c]; e < start[c + 1]; e++) {
            r->rowind[fill[idx[e]]] = kept + c;
            r->val[fill[idx[e]]++] = val[e];
        }
    free(fill);
    r->nnz = r->colptr[n];
    for (int j = 0; j < n; j++)   /* spx_new perturbs a zero one again */
        r->cost[j] = lp->zero_objective ? 0 : lp->cost[j] / lp->sc[j];
    memcpy(r->lo, lp->ulo, (size_t)n * sizeof *r->lo);
    memcpy(r->up, lp->uup, (size_t)n * sizeof *r->up);
    memcpy(r->sc, lp->sc, (size_t)n * sizeof *r->sc);
    for (int i = 0; i < lp->m; i++)
        if (r->newrow[i] >= 0) {
            r->lo[n + r->newrow[i]] = lp->ulo[n + i];
            r->up[n + r->newrow[i]] = lp->uup[n + i];
            r->sc[n + r->newrow[i]] = lp->sc[n + i];
        }
    for (int c = 0; c < k; c++) {
        r->lo[n + kept + c] = lo[c];
        r->up[n + kept + c] = up[c];
        r->sc[n + kept + c] = spx_scale_row(lp, start[c + 1] - start[c],
                                            idx + start[c], val + start[c]);
    }
    return 1;
}

/* Is basic row r a candidate to make way: not the slack of a dropped
 * row (those enter to stay), and an entry of the column above tolv? */
static int way_candidate(const spx *lp, const int *newrow, int r, double tolv)
{
    int h = lp->head[r];
    return (h < lp->n || newrow[h - lp->n] >= 0) && fabs(lp->col[r]) > tolv;
}

/* The primal ratio test of the dropped row's slack (in lp->col: B^-1 of
 * its column) moving in direction dir, as a free variable once its row
 * is gone: the basic variable that blocks first, Harris's way (among
 * those within the step relaxed by tol_primal, the largest entry, ties
 * by key). Its row in *row; returns the step, INFINITY when none
 * blocks. */
static double blocking_step(const spx *lp, const int *newrow, int dir,
                            double tolv, int *row)
{
    double relaxed = INFINITY, tp = lp->par.tol_primal;
    for (int t = 0; t < lp->ncolnz; t++) {
        int r = lp->colnz[t], h = lp->head[r];
        double g = -dir * lp->col[r], b = g < 0 ? lp->lo[h] : lp->up[h];
        if (way_candidate(lp, newrow, r, tolv) && isfinite(b))
            relaxed = fmin(relaxed,
                           (fabs(lp->x[h] - b) + tp * (1 + fabs(b))) / fabs(g));
    }
    double step = INFINITY, best = 0;
    *row = -1;
    for (int t = 0; t < lp->ncolnz; t++) {
        int r = lp->colnz[t], h = lp->head[r];
        double g = -dir * lp->col[r], b = g < 0 ? lp->lo[h] : lp->up[h];
        if (!way_candidate(lp, newrow, r, tolv) || !isfinite(b))
            continue;
        double theta = fmax((b - lp->x[h]) / g, 0);
        if (theta <= relaxed &&
            spx_beats(lp, fabs(g), h, best, *row >= 0 ? lp->head[*row] : -1)) {
            best = fabs(g);
            *row = r;
            step = theta;
        }
    }
    return step;
}

/* Each dropped row's nonbasic slack enters the basis by a pivot, so that
 * it leaves with its row and the rest stays a basis (SoPlex does so):
 * dropping the rows then takes no basic column out at random, leaves
 * nothing for the refactorization to repair, and keeps x_B feasible (the
 * slack, free once its row goes, moves the shorter way to the first
 * basic variable that blocks, which leaves at that bound). The pivots
 * are not simplex iterations: the count stays. */
static void pivot_in_dropped_slacks(spx *lp, const int *newrow)
{
    long iters = lp->iters;
    for (int i = 0; i < lp->m; i++) {
        int s = lp->n + i, r, down;
        if (newrow[i] >= 0 || lp->stat[s] == SPX_BASIC || lp->broken)
            continue;
        if (spx_refactor_due(lp))
            spx_refactor(lp);
        spx_ftran(lp, s);
        double big = 0;
        for (int t = 0; t < lp->ncolnz; t++)
            big = fmax(big, fabs(lp->col[lp->colnz[t]]));
        double tolv = lp->par.tol_pivot * fmin(1.0, big);
        double up_step = blocking_step(lp, newrow, 1, tolv, &r);
        double down_step = blocking_step(lp, newrow, -1, tolv, &down);
        int dir = 1;
        if (down_step < up_step) {
            dir = -1;
            r = down;
            up_step = down_step;
        }
        if (r < 0)
            continue;   /* carry_basis takes a head out instead */
        for (int t = 0; t < lp->ncolnz; t++)
            lp->x[lp->head[lp->colnz[t]]] -= dir * lp->col[lp->colnz[t]] * up_step;
        int leaving = lp->head[r];
        double g = -dir * lp->col[r];
        lp->x[s] += dir * up_step;
        spx_pivot(lp, r, s, lp->col, g < 0 ? SPX_AT_LO : SPX_AT_UP);
        lp->x[leaving] = spx_nonbasic_value(lp, leaving);
        lp->weights_valid = 0;
    }
    lp->iters = iters;
}

/* The old basis in the new LP: kept variables keep their status and
 * basis rows (with their pricing weights), new slacks are basic. A
 * dropped row whose slack was nonbasic (pivot_in_dropped_slacks found
 * no pivot for it) leaves one head too many: the last ones go nonbasic
 * (the refactorization repairs the rest). */
static void carry_basis(const spx *old, spx *lp, const int *newrow)
{
    int n = old->n, kept = 0, at = 0, truncated = 0;
    for (int i = 0; i < old->m; i++)
        kept += newrow[i] >= 0;
    for (int k = 0; k < lp->nt; k++)
        lp->pos[k] = -1;
    for (int j = 0; j < n; j++)
        lp->stat[j] = old->stat[j];
    for (int i = 0; i < old->m; i++)
        if (newrow[i] >= 0)
            lp->stat[n + newrow[i]] = old->stat[n + i];
    for (int r = 0; r < old->m; r++) {
        int h = old->head[r];
        if (h >= n && newrow[h - n] < 0)
            continue;
        int k = h < n ? h : n + newrow[h - n];
        if (at == kept) {
            lp->stat[k] = (signed char)spx_default_status(lp, k);
            truncated = 1;
            continue;
        }
        lp->head[at] = k;
        lp->weight[at++] = old->weight[r];
    }
    lp->weights_valid = old->weights_valid && !truncated;
    for (; at < lp->m; at++) {   /* the new rows come last, in order */
        lp->head[at] = n + at;
        lp->weight[at] = 1.0;
        lp->stat[n + at] = SPX_BASIC;
    }
    for (int r = 0; r < lp->m; r++)
        lp->pos[lp->head[r]] = r;
    for (int k = 0; k < lp->nt; k++)
        if (lp->stat[k] != SPX_BASIC)
            lp->x[k] = spx_nonbasic_value(lp, k);
}

int spx_change_rows(spx *lp, const char *drop, int k, const int *start,
                    const int *idx, const double *val, const double *lo,
                    const double *up)
{
    row_set r = {0};
    spx *nw = NULL;
    if (row_set_build(lp, drop, k, start, idx, val, lo, up, &r))
        nw = spx_build_keyed(r.m, lp->n, r.colptr, r.rowind, r.val, r.cost,
                             r.lo, r.up, &lp->par, r.sc, 0);
    if (!nw) {
        row_set_free(&r);
        return -1;
    }
    pivot_in_dropped_slacks(lp, r.newrow);
    carry_basis(lp, nw, r.newrow);
    spx_carry_keys(lp, nw, r.newrow);
    row_set_free(&r);
    nw->iters = lp->iters;
    /* the same kind of basis inverse (its serials start afresh: no open
     * node holds a basis of the LP without these rows) */
    if (spx_set_basis(nw, spx_factor_kind(lp->factor)) != 0) {
        spx_free(nw);
        return -1;
    }
    nw->observer = lp->observer;
    nw->observer_ctx = lp->observer_ctx;
    nw->d_drift = -1;
    spx_refactor(nw);
    if (nw->broken) {   /* out of memory for the factors: lp stands */
        spx_free(nw);
        return -1;
    }
    spx_publish(nw);
    spx tmp = *lp;
    *lp = *nw;
    *nw = tmp;
    spx_free(nw);
    return 0;
}
