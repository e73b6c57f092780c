/*
 * spx_far.c -- the far columns of a first solve's optimum: nonbasic
 * columns whose reduced cost is within tol_dual but asks for a side
 * without bound. tol_dual bounds what such a d_k costs a move of
 * bounded length; toward no bound it bounds nothing (d_k = 8.3 * 10^-12
 * on a free column that may fall to -1.5 * 10^17 hid an optimum of
 * 1.28 * 10^6 behind 10.6), so each is settled on duals refined in
 * double-double, and the real ones go on by the primal simplex; unless
 * the rows imply a bound on that side close enough that the move gains
 * no more than tol_dual of the objective (weak duality on the implied
 * bounds, as presolve computes them), as a bounded column's d_k would.
 */
#include "spx_dd.h"
#include "spx_impl.h"

#include <stdlib.h>
#include <string.h>

/* The primal's dual tolerance past an optimum with such columns, as a
 * share of the smallest of their |d_k|: they all price in. */
#define SPX_FAR_TOL_SHARE 0.5

/* Does nonbasic k's reduced cost d (within tol_dual) improve the
 * objective toward a side without bound? */
static int asks_for_no_bound(const spx *lp, int k, double d)
{
    int st = lp->stat[k];
    if (st == SPX_BASIC || d == 0.0)
        return 0;
    return d < 0 ? !isfinite(lp->up[k]) && st != SPX_AT_UP
                 : !isfinite(lp->lo[k]) && st != SPX_AT_LO;
}

/* Could nonbasic k's reduced cost d (within tol_dual) ask for a side
 * without bound? A d of exactly 0 could ask for either: the solve for y
 * may have lost a real y_i (a slack's d_k) below what it resolves. */
static int may_ask_for_no_bound(const spx *lp, int k, double d)
{
    if (lp->stat[k] == SPX_BASIC || fabs(d) > lp->par.tol_dual)
        return 0;
    if (d != 0.0)
        return asks_for_no_bound(lp, k, d);
    return asks_for_no_bound(lp, k, -1.0) || asks_for_no_bound(lp, k, 1.0);
}

/* Is there a column asking so, on the reduced costs lp->d? */
static int any_far_column(const spx *lp)
{
    for (int k = 0; k < lp->nt; k++)
        if (may_ask_for_no_bound(lp, k, lp->d[k]))
            return 1;
    return 0;
}

/* The duals y = hi + lo in double-double: hi as the solve left them,
 * lo the corrections of the refinement, corr the last of them. */
typedef struct {
    double *hi, *lo, *corr;
} refined_duals;

static int refined_duals_init(refined_duals *y, const spx *lp)
{
    size_t m = (size_t)lp->m;
    y->hi = malloc(3 * m * sizeof *y->hi);
    if (!y->hi)
        return -1;
    y->lo = y->hi + m;
    y->corr = y->lo + m;
    memcpy(y->hi, lp->rho, m * sizeof *y->hi);
    memset(y->lo, 0, m * sizeof *y->lo);
    return 0;
}

static void refined_duals_free(refined_duals *y)
{
    free(y->hi);
}

/* acc += c_k - y^T a_k (a slack's column is -e_i), in double-double. */
static void dd_reduced_cost(const spx *lp, const refined_duals *y, int k,
                            spx_dd *acc)
{
    spx_dd_add(acc, lp->cost[k]);
    if (k >= lp->n) {
        spx_dd_add(acc, y->hi[k - lp->n]);
        spx_dd_add(acc, y->lo[k - lp->n]);
        return;
    }
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
        int i = lp->rowind[e];
        spx_dd_add_mul(acc, -lp->colval[e], y->hi[i]);
        spx_dd_add_mul(acc, -lp->colval[e], y->lo[i]);
    }
}

/*
 * One step of iterative refinement of y^T B = c_B: the residual
 * r_j = c_B(j) - y^T a_B(j), which is d of the basic column and 0 in
 * exact arithmetic, summed in double-double so that it is the true
 * one; then corr^T B = r by a BTRAN and lo += corr. y in double-double
 * keeps what a double y would round away (2^-53 of each |y_i|, which
 * sums to a residue of that share of the terms in any d_k).
 */
static void refine_duals_step(const spx *lp, refined_duals *y)
{
    for (int r = 0; r < lp->m; r++) {
        spx_dd acc = {0, 0};
        dd_reduced_cost(lp, y, lp->head[r], &acc);
        y->corr[r] = acc.hi + acc.lo;
    }
    spx_btran_dense(lp, y->corr);
    for (int i = 0; i < lp->m; i++)
        y->lo[i] += y->corr[i];
}

/* Is the refined reduced cost d of column k a real one, not residue?
 * Residue is what the refinement still moves: d within
 * SPX_REFINE_MARGIN times the last correction's share of it
 * (sum_i |corr_i a_ik|), or within SPX_REFINED_NOISE of its terms
 * (|c_k| + sum_i |y_i a_ik|), as spx_proof.c judges a ray's entries.
 * A residue d_k keeps shrinking with each step (each correction is as
 * large as what is left of it); a real one stands and its corrections
 * fall by the basis's condition times 2^-53 per step. */
static int real_reduced_cost(const spx *lp, const refined_duals *y, int k,
                             double d, double *terms)
{
    double moved, size = fabs(lp->cost[k]);
    if (k >= lp->n) {
        moved = fabs(y->corr[k - lp->n]);
        size += fabs(y->hi[k - lp->n]);
    } else {
        moved = 0;
        for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
            int i = lp->rowind[e];
            moved += fabs(y->corr[i] * lp->colval[e]);
            size += fabs(y->hi[i] * lp->colval[e]);
        }
    }
    *terms = size;
    return fabs(d) > fmax(SPX_REFINE_MARGIN * moved, SPX_REFINED_NOISE * size);
}

/* Does the reduced cost d0 the primal prices on (computed in double)
 * resolve the refined one d: the same sign, off by less than
 * SPX_FAR_TOL_SHARE of it? A d_k below what a double sum resolves
 * (on 25fv47, -1.1 * 10^-16 refined to +1.4 * 10^-16) would send the
 * primal the wrong way. */
static int resolved(double d0, double d)
{
    return (d0 < 0) == (d < 0) && fabs(d0 - d) < SPX_FAR_TOL_SHARE * fabs(d);
}

/* sup of dir * (sum over row i's columns but skip of a_ij x_j) under
 * the bounds (dir = +1 or -1); INFINITY when a bound it needs is
 * missing. */
static double row_activity_sup(const spx *lp, int i, int skip, double dir)
{
    double sup = 0;
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++) {
        int j = lp->colind[e];
        if (j == skip)
            continue;
        double a = dir * lp->rowval[e];
        double bound = a > 0 ? lp->up[j] : lp->lo[j];
        if (!isfinite(bound))
            return INFINITY;
        sup += a * bound;
    }
    return sup;
}

/* sup of dir * x_k over the points the rows and bounds allow, each row
 * alone (the activity bounds of presolve): a slack is its row's
 * activity; a column follows from a_ik x_k = s_i - (the rest of row i).
 * INFINITY when no row bounds it. */
static double implied_sup(const spx *lp, int k, double dir)
{
    if (k >= lp->n)
        return row_activity_sup(lp, k - lp->n, -1, dir);
    double best = INFINITY;
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
        int i = lp->rowind[e], s = lp->n + i;
        double c = dir / lp->colval[e];   /* dir x_k = c s_i - c rest */
        double slack = c > 0 ? lp->up[s] : -lp->lo[s];
        double rest = row_activity_sup(lp, i, k, c > 0 ? -1.0 : 1.0);
        if (isfinite(slack) && isfinite(rest))
            best = fmin(best, fabs(c) * (slack + rest));
    }
    return best;
}

/* What moving far column k the way its refined d asks can gain the
 * objective, on the bound its rows imply (weak duality: at most
 * |d_k| times the distance to that bound); INFINITY when no row
 * implies one. */
static double implied_gain(const spx *lp, int k, double d)
{
    double dir = d < 0 ? 1.0 : -1.0;
    double room = implied_sup(lp, k, dir) - dir * lp->x[k];
    return fabs(d) * fmax(room, 0.0);
}

/*
 * The smallest |d_k| of a far column whose reduced cost, refined, is
 * real and resolved by the double one (0 when there is none),
 * on the duals spx_compute_duals left in lp->rho; -1 without memory.
 * *unresolved: some far column's refined d_k is real and beyond the
 * noise of any solve, yet the double one lost it (a slack's y_i of
 * 4 * 10^-10 computed as 0, on an LP unbounded along it).
 * Not a share of the largest dual: a row's slack has d_k = y_i, and a
 * real y_i of -6.7 * 10^-13, 2 * 10^-16 of the largest |y_i|, priced a
 * ray worth 40 times the objective the dual stopped at (x6 down to
 * -7.6 * 10^11; taken for residue, it left seed 62343 2.9 * 10^-5
 * short); while on 25fv47 d_k = -1.1 * 10^-16 (duals up to 10^2) is
 * residue that sent the primal after it for 3,240 pivots. Two steps of
 * refinement tell them apart: the second step's correction of a residue
 * is as large as what is left of it.
 */
static double far_improvement(const spx *lp, int *unresolved)
{
    *unresolved = 0;
    if (!any_far_column(lp))
        return 0;
    refined_duals y;
    if (refined_duals_init(&y, lp) != 0)
        return -1;
    refine_duals_step(lp, &y);
    refine_duals_step(lp, &y);   /* each y_i's last correction */
    double least = 0, gained = 0;
    double budget = lp->par.tol_dual * (1 + fabs(spx_current_objective(lp)));
    for (int k = 0; k < lp->nt; k++) {
        if (!may_ask_for_no_bound(lp, k, lp->d[k]))
            continue;
        spx_dd acc = {0, 0};
        dd_reduced_cost(lp, &y, k, &acc);
        double d = acc.hi + acc.lo;
        double terms;
        if (!asks_for_no_bound(lp, k, d) ||
            !real_reduced_cost(lp, &y, k, d, &terms))
            continue;
        double gain = implied_gain(lp, k, d);
        if (gained + gain <= budget) {
            gained += gain;   /* within tolerance, as a bounded column's */
            continue;
        }
        if (!resolved(lp->d[k], d)) {
            /* beyond the noise of any solve, yet the double one lost it */
            *unresolved |= fabs(d) > SPX_CERT_NOISE * terms;
            continue;
        }
        if (least == 0 || fabs(lp->d[k]) < least)
            least = fabs(lp->d[k]);
    }
    refined_duals_free(&y);
    return least;
}

static int out_of_memory(spx *lp, spx_status *st)
{
    lp->why = "out of memory";
    lp->broken = 1;
    *st = SPX_NUMERIC;
    return 1;
}

int spx_beyond_far_columns(spx *lp, spx_status *st)
{
    double *d = malloc((size_t)lp->nt * sizeof *d);
    if (!d)
        return out_of_memory(lp, st);
    memcpy(d, lp->d, (size_t)lp->nt * sizeof *d);
    int drift = lp->d_drift;
    spx_compute_duals(lp, lp->cost);
    int unresolved;
    double least = far_improvement(lp, &unresolved);
    if (least == 0 && unresolved) {
        /* a real improvement toward no bound that the doubles the
         * primal prices on cannot see: no optimum is proven */
        free(d);
        lp->why = "a reduced cost toward a missing bound is real but "
                  "below what the double arithmetic resolves";
        *st = SPX_NUMERIC;
        return 1;
    }
    if (least <= 0) {
        memcpy(lp->d, d, (size_t)lp->nt * sizeof *d);
        lp->d_drift = drift;
        free(d);
        return least < 0 ? out_of_memory(lp, st) : 0;
    }
    free(d);
    spx_basis at_optimum;
    if (spx_basis_init(&at_optimum, lp->m, lp->nt) != 0)
        return out_of_memory(lp, st);
    spx_basis_save(lp, &at_optimum);
    double tol = lp->par.tol_dual;
    lp->par.tol_dual = SPX_FAR_TOL_SHARE * least;
    *st = spx_run_primal(lp);
    lp->par.tol_dual = tol;
    if (*st == SPX_NUMERIC && !lp->broken) {
        /* The primal could not go on under so tight a tolerance (on
         * stein27's rows with the dense inverse it stalled on rounding
         * noise): the optimum it started from stands, as tol_dual
         * accepts it, rather than a failure where there was an answer. */
        spx_basis_restore(lp, &at_optimum);
        lp->budget_spent = 0;   /* an optimum needs no pivot */
        *st = spx_run_primal(lp);
    }
    spx_basis_free(&at_optimum);
    return 1;
}
