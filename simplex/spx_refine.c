/*
 * spx_refine.c -- iterative refinement of the basis solves with
 * residuals summed in double-double: an entering column B^-1 a_q
 * whose tiny entries may be real, for the primal's ratio test.
 */
#include "spx_dd.h"
#include "spx_impl.h"

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

/* One step: the residual a_q - B col in double-double (the true one),
 * corr = B^-1 residual, col += corr. acc [m] is zero on entry and on
 * return. */
static void refine_step(const spx *lp, int q, double *col, spx_dd *acc,
                        double *corr)
{
    dd_add_column(lp, acc, q, 1.0);
    for (int r = 0; r < lp->m; r++)
        if (col[r] != 0.0)
            dd_add_column(lp, acc, lp->head[r], -col[r]);
    for (int i = 0; i < lp->m; i++) {
        corr[i] = acc[i].hi + acc[i].lo;
        acc[i].hi = acc[i].lo = 0.0;
    }
    spx_ftran_dense(lp, corr);
    for (int i = 0; i < lp->m; i++)
        col[i] += corr[i];
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
