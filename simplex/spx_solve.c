/*
 * spx_solve.c -- the first solve of an LP: which algorithm, and the
 * recovery when a verdict fails its check.
 *
 * The dual simplex is the default (Koberstein 2005): on models whose
 * rows tie (assignment, rotation and other 0/1 equality systems) the
 * primal simplex from the slack basis makes long runs of degenerate
 * pivots, while the dual's ratio test on the reduced costs does not (a
 * 10x10 three-colour Match 22 board: 593,909 primal iterations, 319
 * dual ones). The slack basis is dual feasible for every column with
 * a bound on the side its cost asks for; when some column lacks it (a
 * free column with a cost, a column without upper bound and a negative
 * cost), dual phase 1 solves the auxiliary problem first (dual_phase1).
 * The first solve prices by dual steepest edge, later re-solves (in the
 * search tree: a few pivots each) by Devex, unless par.steepest_edge
 * says otherwise. When every column has two bounds, the dual starts
 * from a crash basis instead of the slack basis (spx_crash.c).
 */
#include "spx_proof.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Nonbasic columns whose reduced cost asks for a bound they lack. */
static int count_dual_infeasible(const spx *lp)
{
    int count = 0;
    double tol = lp->par.tol_dual;
    for (int k = 0; k < lp->nt; k++) {
        if (lp->stat[k] == SPX_BASIC || lp->lo[k] == lp->up[k])
            continue;
        if ((lp->d[k] > tol && !isfinite(lp->lo[k])) ||
            (lp->d[k] < -tol && !isfinite(lp->up[k])))
            count++;
    }
    return count;
}

/* Bounds of the auxiliary problem: a box of width 1 on the side each
 * missing bound would be, 0 for a column with both bounds. */
static void auxiliary_bounds(spx *lp)
{
    for (int k = 0; k < lp->nt; k++) {
        int has_lo = isfinite(lp->lo[k]), has_up = isfinite(lp->up[k]);
        lp->lo[k] = has_lo ? 0.0 : -1.0;
        lp->up[k] = has_up ? 0.0 : 1.0;
        if (lp->stat[k] == SPX_AT_ZERO && lp->lo[k] == 0.0)
            lp->stat[k] = SPX_AT_LO;
    }
}

static void restore_bounds(spx *lp, const double *saved)
{
    for (int k = 0; k < lp->nt; k++) {
        lp->lo[k] = saved[k];
        lp->up[k] = saved[lp->nt + k];
        int s = lp->stat[k];
        if (s == SPX_BASIC)
            continue;
        int bounded = isfinite(lp->lo[k]) || isfinite(lp->up[k]);
        if ((s == SPX_AT_LO && !isfinite(lp->lo[k])) ||
            (s == SPX_AT_UP && !isfinite(lp->up[k])) ||
            (s == SPX_AT_ZERO && bounded))
            lp->stat[k] = (signed char)spx_default_status(lp, k);
    }
}

/*
 * Dual phase 1 by the auxiliary problem (Koberstein 2005, 4.4): the same
 * rows and costs with every bound replaced by 0 and every missing bound
 * by a box of width 1 (free [-1, 1], lower only [0, 1], upper only
 * [-1, 0]). Every column is boxed, so the slack basis is dual feasible
 * and the dual simplex solves it; its optimum minimizes the sum of the
 * dual infeasibilities of the true LP. At 0 its basis is dual feasible
 * for the true bounds, and the dual simplex goes on from there; else
 * (the true LP has no dual feasible basis) spx_run_dual hands over to
 * the primal simplex.
 */
static spx_status dual_phase1(spx *lp)
{
    double *saved = malloc(2 * (size_t)lp->nt * sizeof *saved);
    if (!saved) {
        lp->why = "out of memory";
        lp->broken = 1;
        return SPX_NUMERIC;
    }
    memcpy(saved, lp->lo, (size_t)lp->nt * sizeof *saved);
    memcpy(saved + lp->nt, lp->up, (size_t)lp->nt * sizeof *saved);
    auxiliary_bounds(lp);
    lp->movable_dirty = 1;
    lp->x_drift = 1 << 20;   /* x_B and d from scratch, for these bounds */
    lp->d_drift = -1;
    lp->dual_phase1 = 1;
    spx_status st = spx_run_dual(lp, INFINITY);
    lp->dual_phase1 = 0;
    restore_bounds(lp, saved);
    free(saved);
    lp->movable_dirty = 1;
    lp->x_drift = 1 << 20;
    lp->d_drift = -1;
    if (st != SPX_OPTIMAL)
        return st == SPX_STOPPED || lp->broken ? st : spx_run_primal(lp);
    return spx_run_dual(lp, INFINITY);
}

/* Back to the slack basis, every nonbasic at its default bound. */
static void slack_basis(spx *lp)
{
    for (int k = 0; k < lp->nt; k++) {
        lp->pos[k] = -1;
        if (k < lp->n)
            lp->stat[k] = (signed char)spx_default_status(lp, k);
    }
    for (int i = 0; i < lp->m; i++) {
        lp->head[i] = lp->n + i;
        lp->pos[lp->n + i] = i;
        lp->stat[lp->n + i] = SPX_BASIC;
    }
    lp->weights_valid = 0;
    lp->d_drift = -1;
    spx_refactor(lp);
}

/* The primal, or the dual (after dual phase 1 when the basis is not
 * dual feasible). */
static spx_status run_algorithm(spx *lp, int dual)
{
    if (!dual)
        return spx_run_primal(lp);
    return count_dual_infeasible(lp) ? dual_phase1(lp)
                                     : spx_run_dual(lp, INFINITY);
}

/* May a numerical failure be retried? Not after the budget ended it. */
static int recoverable(const spx *lp, spx_status st)
{
    return st == SPX_NUMERIC && !lp->broken && lp->par.recovery &&
           !lp->budget_spent;
}

/*
 * One algorithm, then on a numerical failure the other from the slack
 * basis: a verdict neither can certify is a numerical failure, named by
 * the first algorithm's reason (or by the budget's, when it ended the
 * second).
 */
static spx_status first_solve(spx *lp, int algorithm, int *by_dual)
{
    int started = 0;   /* from the reduced LP's basis, factored already */
    if (algorithm != SPX_USE_PRIMAL && spx_is_slack_basis(lp)) {
        spx_status st;
        started = spx_presolve(lp, &st);
        if (started < 0) {
            if (by_dual)
                *by_dual = 1;
            return st;
        }
        if (!started && lp->par.crash && spx_is_slack_basis(lp))
            spx_crash(lp);
        if (lp->broken)
            return SPX_NUMERIC;   /* out of memory, said in lp->why */
    }
    if (!started)
        spx_refactor(lp);
    spx_compute_duals(lp, lp->cost);
    int dual = algorithm != SPX_USE_PRIMAL;
    spx_status st = run_algorithm(lp, dual);
    if (recoverable(lp, st)) {
        const char *why = lp->why;
        slack_basis(lp);
        spx_compute_duals(lp, lp->cost);
        dual = !dual;
        st = run_algorithm(lp, dual);
        if (st == SPX_NUMERIC && !lp->budget_spent)
            lp->why = why;
    }
    if (by_dual)
        *by_dual = dual;
    return st;
}

/*
 * An optimum of the scaled LP is one of the LP as given only when it
 * meets the tolerances there too; else the simplex goes on unscaled
 * from the same basis (the dual when it is dual feasible, the primal
 * otherwise: spx_run_dual falls back on its own). Infeasible and
 * unbounded verdicts need no such step: their certificates are checked
 * on the LP as given (spx_proof.c). Then the values as given are
 * published for spx_values and spx_reduced_costs.
 */
static spx_status finish(spx *lp, spx_status st, int primal, double cutoff)
{
    if (st == SPX_OPTIMAL && lp->scaled && !spx_unscaled_optimal(lp)) {
        spx_unscale(lp);
        st = primal ? spx_run_primal(lp) : spx_run_dual(lp, cutoff);
    }
    if (st == SPX_OPTIMAL)
        spx_refine_values(lp);
    spx_publish(lp);
    return st;
}

/* A failure that the other algorithm and the LP unscaled did not mend
 * may be the tolerance's: a basic value off its bound by rounding (the
 * 2 * 10^-9 of a row whose basis amplifies its data's) ends phase 1
 * "infeasible" where no Farkas row holds. One more solve from the slack
 * basis, with tol_primal at SPX_PRECISE_SHARE of it (SoPlex too solves
 * again with tighter tolerances when a verdict fails its check). */
static spx_status precise_retry(spx *lp, int algorithm, int *by_dual)
{
    const char *why = lp->why;
    double tol = lp->par.tol_primal;
    lp->par.tol_primal = tol * SPX_PRECISE_SHARE;
    slack_basis(lp);
    spx_status st = first_solve(lp, algorithm, by_dual);
    lp->par.tol_primal = tol;
    st = finish(lp, st, 0, INFINITY);
    if (st == SPX_NUMERIC && !lp->budget_spent)
        lp->why = why;
    return st;
}

/* A failure on an LP too small for the presolve (spx_params.presolve)
 * gets the presolve after all, when it is on: its singleton rows fix
 * their columns exactly, where the simplex meets them as rows of
 * coefficients 10^-2 beside 10^4 and a basis near singular (a column
 * pinned by 0.01 x = 0.001 and again by 17400 x + ... = 1740.0002 took
 * the primal along rows the tolerances cannot hold). The full LP then
 * proves its verdict from the reduced LP's basis, as on large LPs. */
static spx_status presolved_retry(spx *lp, int algorithm, int *by_dual)
{
    const char *why = lp->why;
    int size = lp->par.presolve;
    lp->par.presolve = 1;
    slack_basis(lp);
    spx_status st = first_solve(lp, algorithm, by_dual);
    lp->par.presolve = size;
    if (st == SPX_NUMERIC && !lp->budget_spent)
        lp->why = why;
    return st;
}

/* spx_solve within the budget the caller started. */
static spx_status solve_in_budget(spx *lp, int algorithm, int *by_dual)
{
    int dual = 0;
    lp->steepest_edge = lp->par.steepest_edge >= 1;
    lp->fresh_optimum = 1;
    spx_status st = first_solve(lp, algorithm, &dual);
    if (recoverable(lp, st) && lp->par.presolve > lp->m)
        st = presolved_retry(lp, algorithm, &dual);
    if (recoverable(lp, st) && lp->scaled) {
        /* Scaling is an aid: when both algorithms fail on the scaled LP,
         * the LP as given gets its own chance (a column of range 2 * 10^6 in
         * rows scaled by 10^-5 kept the primal losing feasibility after
         * phase 1; unscaled it takes 3 pivots). */
        const char *why = lp->why;
        spx_unscale(lp);
        slack_basis(lp);
        st = first_solve(lp, algorithm, &dual);
        if (st == SPX_NUMERIC && !lp->budget_spent)
            lp->why = why;
    }
    lp->steepest_edge = lp->par.steepest_edge == 2;
    if (by_dual)
        *by_dual = dual;
    st = finish(lp, st, 0, INFINITY);
    if (recoverable(lp, st))
        st = precise_retry(lp, algorithm, &dual);
    spx_status far;   /* (a model without objective has any optimum) */
    if (st == SPX_OPTIMAL && !lp->zero_objective &&
        spx_beyond_far_columns(lp, &far))
        st = finish(lp, far, 1, INFINITY);
    lp->fresh_optimum = 0;
    return st;
}

spx_status spx_solve(spx *lp, int algorithm, int *by_dual)
{
    spx_start_budget(lp);
    return solve_in_budget(lp, algorithm, by_dual);
}

spx_status spx_retry(spx *lp, int algorithm, int *by_dual)
{
    if (lp->budget_spent)
        return SPX_NUMERIC;   /* lp->why names the budget still */
    return solve_in_budget(lp, algorithm, by_dual);
}

spx_status spx_primal(spx *lp)
{
    spx_start_budget(lp);
    return finish(lp, spx_run_primal(lp), 1, INFINITY);
}

spx_status spx_solve_cold(spx *lp)
{
    slack_basis(lp);
    return spx_solve(lp, SPX_AUTO, NULL);
}

spx_status spx_dual_precise(spx *lp)
{
    double tol = lp->par.tol_primal;
    lp->par.tol_primal = tol * SPX_PRECISE_SHARE;
    spx_refactor(lp);
    lp->d_drift = -1;
    spx_status st = spx_dual(lp, INFINITY);
    lp->par.tol_primal = tol;
    return st;
}

spx_status spx_dual(spx *lp, double cutoff)
{
    spx_start_budget(lp);
    return finish(lp, spx_run_dual(lp, cutoff), 0, cutoff);
}

spx_status spx_dual_within(spx *lp, double cutoff, long iters, double *bound)
{
    double limit = lp->par.iter_limit;
    int own = (double)lp->iters + (double)iters < limit;
    if (own)
        lp->par.iter_limit = (double)lp->iters + (double)iters;
    spx_status st = spx_dual(lp, cutoff);
    lp->par.iter_limit = limit;
    *bound = st == SPX_OPTIMAL ? spx_objective(lp)
             : st == SPX_ITER_LIMIT && own ? spx_dual_bound(lp)
                                           : -INFINITY;
    return st;
}
