/*
 * spx_refine.c -- iterative refinement of the basis solves with
 * residuals summed in double-double: the values x_B of an optimum far
 * out, and a column B^-1 a_q whose tiny entries may be real (for the
 * primal's ratio test and the check of a ray).
 */
#include "spx_dd.h"
#include "spx_impl.h"
#include "spx_proof.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* acc[i] += f a_ik over the rows of variable k's column (a slack's is
 * -e_i). */
static void dd_add_column(const spx *lp, spx_dd *acc, int k, double f)
{
    if (k >= lp->n) {
        spx_dd_add_mul(&acc[k - lp->n], f, -1.0);
        return;
    }
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
        spx_dd_add_mul(&acc[lp->rowind[e]], f, lp->colval[e]);
}

/* v = acc rounded to double; acc cleared. */
static void dd_round(spx_dd *acc, double *v, int m)
{
    for (int i = 0; i < m; i++) {
        v[i] = acc[i].hi + acc[i].lo;
        acc[i].hi = acc[i].lo = 0.0;
    }
}

/* One step of iterative refinement of col = B^-1 a_q: the residual
 * a_q - B col summed in double-double, so that it is the true one, and
 * col += B^-1 residual; the correction is left in v [m]. acc [m] is
 * zero on entry and on return. */
static void refine_step(const spx *lp, int q, double *col, spx_dd *acc,
                        double *v)
{
    dd_add_column(lp, acc, q, 1.0);
    for (int r = 0; r < lp->m; r++)
        if (col[r] != 0.0)
            dd_add_column(lp, acc, lp->head[r], -col[r]);
    dd_round(acc, v, lp->m);
    spx_ftran_dense(lp, v);
    for (int i = 0; i < lp->m; i++)
        col[i] += v[i];
}

/* Row i's residual res, of terms of size `size`, against the trigger. */
static int row_off(const spx *lp, double res, double size)
{
    return fabs(res) > fmax(SPX_RESIDUAL_TRIGGER * size, lp->par.tol_primal);
}

/* Row i's residual s_i - a_i x summed in double-double along the row
 * copy (the same terms as the columns' sum, in another order). */
static double row_residual_dd(const spx *lp, int i)
{
    spx_dd acc = {0.0, 0.0};
    spx_dd_add_mul(&acc, -lp->x[lp->n + i], -1.0);
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
        if (lp->x[lp->colind[e]] != 0.0)
            spx_dd_add_mul(&acc, -lp->x[lp->colind[e]], lp->rowval[e]);
    return acc.hi + acc.lo;
}

/* The residuals r = s - A x summed in plain double into res, the size of
 * their terms into size. Returns 1 when they prove every row's true
 * residual within the trigger: a sum of k products is off by at most
 * (k + 1) u of its terms' size (Higham 2002, sec. 3.1; DBL_EPSILON = 2u
 * here, twice that); a row that bound leaves in doubt (a long one, such
 * as a knapsack over thousands of columns) is summed again in
 * double-double on its own, and only a row within SPX_RESIDUAL_DOUBT of
 * the trigger even then sends the caller to the whole double-double sum.
 * Most solves then need no double-double at all. */
static int plain_residuals_fine(const spx *lp, double *res, double *size)
{
    for (int k = 0; k < lp->nt; k++) {
        double xk = lp->x[k];
        if (xk == 0.0)
            continue;
        if (k >= lp->n) {
            res[k - lp->n] += xk;
            size[k - lp->n] += fabs(xk);
            continue;
        }
        for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
            double t = lp->colval[e] * xk;
            res[lp->rowind[e]] -= t;
            size[lp->rowind[e]] += fabs(t);
        }
    }
    for (int i = 0; i < lp->m; i++) {
        int terms = lp->rowptr[i + 1] - lp->rowptr[i] + 1;
        double error = (terms + 1) * DBL_EPSILON * size[i];
        if (row_off(lp, fabs(res[i]) + error, size[i]) &&
            row_off(lp, fabs(row_residual_dd(lp, i)) *
                            (1 + SPX_RESIDUAL_DOUBT), size[i]))
            return 0;
    }
    return 1;
}

int spx_refine_values(spx *lp)
{
    int m = lp->m;
    double *res = calloc(2 * (size_t)m + 1, sizeof *res), *size = res + m;
    if (!res || plain_residuals_fine(lp, res, size)) {
        free(res);
        return 0;
    }
    spx_dd *acc = calloc((size_t)m, sizeof *acc);
    int off = 0;
    if (acc) {
        memset(res, 0, (size_t)m * sizeof *res);
        for (int k = 0; k < lp->nt; k++)
            if (lp->x[k] != 0.0)
                dd_add_column(lp, acc, k, -lp->x[k]);
        dd_round(acc, res, m);
        for (int i = 0; i < m && !off; i++)
            off = row_off(lp, res[i], size[i]);
    }
    if (off) {
        spx_ftran_dense(lp, res);
        for (int i = 0; i < m; i++)
            lp->x[lp->head[i]] += res[i];
    }
    free(acc);
    free(res);
    return off;
}

/*
 * col = B^-1 a_q refined by two steps; an entry is residue, set to 0,
 * when it is within SPX_REFINE_MARGIN times its own last correction or
 * SPX_REFINED_NOISE of the largest entry (residue shrinks with each
 * step, a real entry stands while its corrections fall by the basis's
 * condition times 2^-53 a step), and never when it is above
 * SPX_CERT_NOISE of the largest: the rule by which a ray's check
 * (spx_primal_ray_holds) reads the same column, so that a ratio test on
 * this column that finds nothing to block leaves a ray that keeps its
 * bounds. Returns 0, or -1 without memory (col as it was).
 */
int spx_refine_column(const spx *lp, int q, double *col)
{
    double *corr = malloc((size_t)lp->m * sizeof *corr);
    spx_dd *acc = calloc((size_t)lp->m, sizeof *acc);
    if (!corr || !acc) {
        free(corr);
        free(acc);
        return -1;
    }
    double scale = 1;
    for (int i = 0; i < lp->m; i++)
        scale = spx_max(scale, fabs(col[i]));
    refine_step(lp, q, col, acc, corr);
    refine_step(lp, q, col, acc, corr);   /* each entry's last correction */
    for (int i = 0; i < lp->m; i++) {
        double noise = fmax(SPX_REFINE_MARGIN * fabs(corr[i]),
                            SPX_REFINED_NOISE * scale);
        if (fabs(col[i]) <= fmin(noise, SPX_CERT_NOISE * scale))
            col[i] = 0.0;
    }
    free(corr);
    free(acc);
    return 0;
}
