/*
 * spx_crash.c -- a triangular crash basis for the first solve (Bixby
 * 1992; Maros 2003, ch. 9): the fixed slack of each equality row is
 * swapped for a structural column where a triangular choice allows, so
 * that the dual simplex does not start with every such row infeasible.
 * A row that the nonbasic columns already satisfy keeps its slack (a
 * flow conservation row with right-hand side 0: swapping it only moves
 * columns to bounds that make other rows infeasible).
 * Only for an LP whose structural columns all have two bounds: any basis
 * of it is dual feasible once each nonbasic column sits at the bound its
 * reduced cost asks for, so the crash never needs dual phase 1.
 */
#include "spx_impl.h"

#include <math.h>
#include <string.h>

static int all_boxed(const spx *lp)
{
    for (int k = 0; k < lp->n; k++)
        if (!isfinite(lp->lo[k]) || !isfinite(lp->up[k]))
            return 0;
    return 1;
}

/* colmax[k] = the largest |a_ik| of column k. */
static void column_maxima(const spx *lp, double *colmax)
{
    for (int k = 0; k < lp->n; k++) {
        colmax[k] = 0;
        for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
            colmax[k] = fmax(colmax[k], fabs(lp->colval[e]));
    }
}

/* The column of row i to take into the basis: free to move, not yet
 * blocked, with a pivot not small in its column; the shortest such
 * column (the fewest rows it blocks; of equals, the smaller key), or
 * -1. */
static int pick_column(const spx *lp, int i, const int *blocked,
                       const double *colmax)
{
    int best = -1, best_len = 0;
    for (int t = lp->rowptr[i]; t < lp->rowptr[i + 1]; t++) {
        int k = lp->colind[t];
        if (blocked[k] || lp->lo[k] == lp->up[k] ||
            fabs(lp->rowval[t]) < SPX_CRASH_PIVOT_SHARE * colmax[k])
            continue;
        int len = lp->colptr[k + 1] - lp->colptr[k];
        if (best < 0 || len < best_len ||
            (len == best_len && spx_key_before(lp, k, best))) {
            best = k;
            best_len = len;
        }
    }
    return best;
}

/* Does row i hold with every structural column at its nonbasic value? */
static int row_holds(const spx *lp, int i)
{
    double act = 0, size = 0;
    for (int t = lp->rowptr[i]; t < lp->rowptr[i + 1]; t++) {
        double v = lp->rowval[t] * spx_nonbasic_value(lp, lp->colind[t]);
        act += v;
        size += fabs(v);
    }
    double b = lp->lo[lp->n + i];
    return fabs(act - b) <= lp->par.tol_primal * (1 + fabs(b) + size);
}

int spx_crash(spx *lp)
{
    if (!all_boxed(lp))
        return 0;
    /* work arrays of the ratio tests and the weights, free now */
    int *blocked = lp->cand;
    double *colmax = lp->wvar;
    memset(blocked, 0, (size_t)lp->n * sizeof *blocked);
    column_maxima(lp, colmax);
    int swapped = 0;
    int *order = lp->cand + lp->n;   /* the rows by key: a row's choice */
    if (!spx_rows_by_key(lp, order)) {   /* blocks the later rows'      */
        /* not the rows in index order instead: a solve that runs out
         * of memory must say so, not take another path */
        lp->broken = 1;
        lp->why = "out of memory for the crash basis's order of rows";
        return 0;
    }
    for (int t = 0; t < lp->m; t++) {
        int i = order[t], s = lp->n + i;
        if (lp->head[i] != s || lp->lo[s] != lp->up[s] || row_holds(lp, i))
            continue;
        int k = pick_column(lp, i, blocked, colmax);
        if (k < 0)
            continue;
        /* Later columns must not touch this row: then the basis is
         * triangular in the order of the choices, and nonsingular. */
        for (int t = lp->rowptr[i]; t < lp->rowptr[i + 1]; t++)
            blocked[lp->colind[t]] = 1;
        lp->head[i] = k;
        lp->pos[k] = i;
        lp->stat[k] = SPX_BASIC;
        lp->pos[s] = -1;
        lp->stat[s] = SPX_AT_LO;
        swapped++;
    }
    if (swapped) {   /* the caller refactorizes and computes x_B and d */
        for (int i = 0; i < lp->m; i++)
            lp->weight[i] = 1.0;   /* a Devex start: exact ones cost m solves */
        lp->weights_valid = 1;
    }
    return swapped;
}
