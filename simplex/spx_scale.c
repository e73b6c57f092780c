/*
 * spx_scale.c -- scaling of the LP inside the simplex: row and column
 * factors that bring the matrix's entries near 1, so that the
 * tolerances (absolute in the scaled LP) mean the same on every row and
 * column, and the conversions back to the LP as given.
 *
 * With row factors r_i and column factors s_j the simplex works on
 *
 *     a'_ij = r_i a_ij s_j,   x'_j = x_j / s_j,   s'_i = r_i s_i,
 *     c'_j = c_j s_j,         y'_i = y_i / r_i,   d'_j = d_j s_j,
 *
 * stored per variable as sc[j] = s_j and sc[n+i] = 1 / r_i (x_k = sc[k]
 * x'_k for both kinds). The factors are those glpsol computes by
 * default: geometric-mean passes (each row, then each column, divided
 * by sqrt(min |a'| max |a'|)) while a pass cuts max|a'| / min|a'| by
 * 10 % or more, then equilibration (each column, then each row, divided
 * by its largest |a'|); every factor is then rounded to a power of 2,
 * so that scaling and unscaling are exact in floating point.
 */
#include "spx_impl.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* |a'_ij| for entry e of column j under the factors being computed:
 * r in sc[n+i] and s in sc[j] (not yet inverted or rounded), or 0 for a
 * subnormal a_ij (below DBL_MIN): a factor that brought 10^-320 near 1
 * would overflow, or blow up the row's other entries (a row with such an
 * entry made a feasible LP "infeasible"); it counts as a zero here, as
 * the ratio tests take it anyway. */
static double scaled_abs(const spx *lp, int e, int j)
{
    double a = fabs(lp->colval[e]);
    if (a < DBL_MIN)
        return 0;
    return a * lp->sc[lp->n + lp->rowind[e]] * lp->sc[j];
}

/* max|a'| / min|a'| over the nonzeros (1 for an empty matrix); *lo and
 * *hi get the extremes. */
static double matrix_ratio(const spx *lp, double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = 0;
    for (int j = 0; j < lp->n; j++)
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++) {
            double a = scaled_abs(lp, e, j);
            if (a == 0)
                continue;
            *lo = fmin(*lo, a);
            *hi = fmax(*hi, a);
        }
    return *hi > 0 ? *hi / *lo : 1;
}

/* Each row's smallest and largest nonzero |a'| into rmin, rmax [m]. */
static void row_extremes(const spx *lp, double *rmin, double *rmax)
{
    for (int i = 0; i < lp->m; i++) {
        rmin[i] = INFINITY;
        rmax[i] = 0;
    }
    for (int j = 0; j < lp->n; j++)
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++) {
            double a = scaled_abs(lp, e, j);
            int i = lp->rowind[e];
            if (a == 0)
                continue;
            rmin[i] = fmin(rmin[i], a);
            rmax[i] = fmax(rmax[i], a);
        }
}

/* Column j's smallest and largest nonzero |a'| (0 and 0 when empty). */
static void col_extremes(const spx *lp, int j, double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = 0;
    for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++) {
        double a = scaled_abs(lp, e, j);
        if (a == 0)
            continue;
        *lo = fmin(*lo, a);
        *hi = fmax(*hi, a);
    }
    if (*hi == 0)
        *lo = 0;
}

/* Are the rows scaled worse than the columns (the largest max/min of
 * a row above that of a column)? The better side is scaled first. */
static int rows_worse(const spx *lp, double *rmin, double *rmax)
{
    double row = 1, col = 1, lo, hi;
    row_extremes(lp, rmin, rmax);
    for (int i = 0; i < lp->m; i++)
        if (rmax[i] > 0)
            row = fmax(row, rmax[i] / rmin[i]);
    for (int j = 0; j < lp->n; j++) {
        col_extremes(lp, j, &lo, &hi);
        if (hi > 0)
            col = fmax(col, hi / lo);
    }
    return row > col;
}

/* Rows divided by sqrt(min * max) (geometric) or by max (equilibration)
 * of their |a'|. */
static void scale_rows(spx *lp, int geometric, double *rmin, double *rmax)
{
    row_extremes(lp, rmin, rmax);
    for (int i = 0; i < lp->m; i++)
        if (rmax[i] > 0)
            lp->sc[lp->n + i] /= geometric ? sqrt(rmin[i] * rmax[i])
                                           : rmax[i];
}

static void scale_cols(spx *lp, int geometric)
{
    double lo, hi;
    for (int j = 0; j < lp->n; j++) {
        col_extremes(lp, j, &lo, &hi);
        if (hi > 0)
            lp->sc[j] /= geometric ? sqrt(lo * hi) : hi;
    }
}

/* One pass over both sides; the columns first when the rows are the
 * worse scaled side (rows_worse, judged once per method as glpsol
 * does). */
static void scale_pass(spx *lp, int geometric, int cols_first, double *rmin,
                       double *rmax)
{
    if (cols_first) {
        scale_cols(lp, geometric);
        scale_rows(lp, geometric, rmin, rmax);
    } else {
        scale_rows(lp, geometric, rmin, rmax);
        scale_cols(lp, geometric);
    }
}

/* The power of 2 nearest x > 0 (glpsol's rounding: 2^e for x in
 * (0.75 * 2^e, 1.5 * 2^e]). */
static double round_pow2(double x)
{
    int e;
    double f = frexp(x, &e);
    return ldexp(1.0, f <= SPX_POW2_ROUND_DOWN ? e - 1 : e);
}

void spx_scale_compute(spx *lp)
{
    int n = lp->n, nt = lp->nt;
    double lo, hi, *rmin = lp->tmp, *rmax = lp->rho;
    lp->rho_listed = 0;
    for (int k = 0; k < nt; k++)
        lp->sc[k] = 1.0;
    lp->scaled = 0;
    double ratio = matrix_ratio(lp, &lo, &hi);
    if (!lp->par.scaling || hi == 0 ||
        (lo >= SPX_SCALE_LOW && hi <= SPX_SCALE_HIGH))
        return;
    int cols_first = rows_worse(lp, rmin, rmax);
    for (int pass = 0; pass < SPX_SCALE_PASSES; pass++) {
        scale_pass(lp, 1, cols_first, rmin, rmax);
        double last = ratio;
        ratio = matrix_ratio(lp, &lo, &hi);
        if (ratio > SPX_SCALE_GAIN * last)
            break;
    }
    scale_pass(lp, 0, rows_worse(lp, rmin, rmax), rmin, rmax);
    for (int j = 0; j < n; j++)
        lp->sc[j] = round_pow2(lp->sc[j]);
    for (int k = n; k < nt; k++)   /* sc[n+i] = 1 / r_i */
        lp->sc[k] = 1.0 / round_pow2(lp->sc[k]);
    for (int k = 0; k < nt; k++)
        lp->scaled |= lp->sc[k] != 1.0;
}

/* Equilibrated under the columns' scales: 1 / r = max_j |a_j s_j|. */
double spx_scale_row(const spx *lp, int len, const int *idx,
                     const double *val)
{
    double hi = 0;
    if (!lp->scaled)
        return 1.0;
    for (int e = 0; e < len; e++)
        hi = fmax(hi, fabs(val[e]) * lp->sc[idx[e]]);
    return hi > 0 ? round_pow2(hi) : 1.0;
}

void spx_scale_apply(spx *lp)
{
    int n = lp->n;
    if (!lp->scaled)
        return;
    for (int j = 0; j < n; j++) {
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
            lp->colval[e] *= lp->sc[j] / lp->sc[n + lp->rowind[e]];
        lp->cost[j] *= lp->sc[j];
    }
    for (int i = 0; i < lp->m; i++)
        for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
            lp->rowval[e] = lp->urowval[e] *
                            (lp->sc[lp->colind[e]] / lp->sc[n + i]);
    for (int k = 0; k < lp->nt; k++) {
        lp->lo[k] = lp->ulo[k] / lp->sc[k];
        lp->up[k] = lp->uup[k] / lp->sc[k];
    }
}

/*
 * When the scaled LP's optimum misses a tolerance on the LP as given
 * (a row scaled down by 2^20 turns a scaled residual of 10^-10 into
 * 10^-4), the simplex goes on from the same basis on the LP as given.
 * The dual pricing weights belong to the scaled basis: recomputed.
 */
void spx_unscale(spx *lp)
{
    int n = lp->n;
    if (!lp->scaled)
        return;
    spx_flush_moves(lp);
    for (int j = 0; j < n; j++)
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
            lp->colval[e] = spx_model_coef(lp, e, j);
    memcpy(lp->rowval, lp->urowval,
           (size_t)lp->colptr[n] * sizeof *lp->rowval);
    for (int k = 0; k < lp->nt; k++) {
        lp->cost[k] /= lp->sc[k];
        lp->x[k] *= lp->sc[k];
        lp->d[k] /= lp->sc[k];
        lp->lo[k] = lp->ulo[k];
        lp->up[k] = lp->uup[k];
        lp->sc[k] = 1.0;
    }
    lp->scaled = 0;
    lp->weights_valid = 0;
    lp->d_drift = -1;
    lp->farkas_alphas_ok = 0;   /* summed over the scaled columns */
    spx_refactor(lp);
}

/* A basic value within SPX_PUBLISH_SNAP of a bound is published at
 * it: the rounding of another factor order (the same LP with its
 * columns and rows in another order) leaves 1 + 2^-52 in one and 1 in
 * the other, and what reads the point (cuts, rounding, branching) would
 * take different paths on them. */
static void snap_basics(spx *lp)
{
    for (int i = 0; i < lp->m; i++) {
        int v = lp->head[i];
        double x = lp->ux[v], lo = lp->ulo[v], up = lp->uup[v];
        if (isfinite(lo) && fabs(x - lo) <= SPX_PUBLISH_SNAP * (1 + fabs(lo)))
            lp->ux[v] = lo;
        else if (isfinite(up) &&
                 fabs(x - up) <= SPX_PUBLISH_SNAP * (1 + fabs(up)))
            lp->ux[v] = up;
    }
}

void spx_publish(spx *lp)
{
    if (!lp->scaled) {
        memcpy(lp->ux, lp->x, (size_t)lp->nt * sizeof *lp->ux);
        memcpy(lp->ud, lp->d, (size_t)lp->nt * sizeof *lp->ud);
    } else {
        for (int k = 0; k < lp->nt; k++) {
            lp->ux[k] = lp->x[k] * lp->sc[k];
            lp->ud[k] = lp->d[k] / lp->sc[k];
        }
    }
    snap_basics(lp);
}

/* x_B within [lo - tol_primal (1 + |lo|), up + tol_primal (1 + |up|)]
 * and no nonbasic d_k beyond tol_dual toward a move its bounds allow,
 * all on the LP as given. */
int spx_unscaled_optimal(const spx *lp)
{
    double tp = lp->par.tol_primal, td = lp->par.tol_dual;
    for (int i = 0; i < lp->m; i++) {
        int v = lp->head[i];
        double x = lp->x[v] * lp->sc[v], lo = lp->ulo[v], up = lp->uup[v];
        if (x < lo - tp * (1 + fabs(lo)) || x > up + tp * (1 + fabs(up)))
            return 0;
    }
    for (int k = 0; k < lp->nt; k++) {
        int s = lp->stat[k];
        if (s == SPX_BASIC || lp->lo[k] == lp->up[k])
            continue;
        double d = lp->d[k] / lp->sc[k];
        if ((d > td && s != SPX_AT_LO) || (d < -td && s != SPX_AT_UP))
            return 0;
    }
    return 1;
}
