/*
 * spx_refine.c -- iterative refinement of the basis solves with
 * residuals summed in double-double: the values x_B of an optimum far
 * out, and a column B^-1 a_q whose tiny entries may be real (for the
 * primal's ratio test and the check of a ray).
 */
#include "spx_dd.h"
#include "spx_impl.h"
#include "spx_proof.h"

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

/* Is some row's residual res (of terms of size `size`) off? */
static int residual_off(const spx *lp, const double *res, const double *size)
{
    for (int i = 0; i < lp->m; i++)
        if (fabs(res[i]) > fmax(SPX_RESIDUAL_TRIGGER * size[i],
                                lp->par.tol_primal))
            return 1;
    return 0;
}

int spx_refine_values(spx *lp)
{
    int m = lp->m;
    spx_dd *acc = calloc((size_t)m, sizeof *acc);
    double *res = calloc(2 * (size_t)m, sizeof *res), *size = res + m;
    int off = 0;
    if (acc && res) {
        for (int k = 0; k < lp->nt; k++) {
            if (lp->x[k] == 0.0)
                continue;
            dd_add_column(lp, acc, k, -lp->x[k]);
            if (k >= lp->n)
                size[k - lp->n] += fabs(lp->x[k]);
            else
                for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
                    size[lp->rowind[e]] += fabs(lp->colval[e] * lp->x[k]);
        }
        dd_round(acc, res, m);
        off = residual_off(lp, res, size);
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
