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
 * a bound on the side its cost asks for; for the others (a free column
 * with a cost, a column without upper bound and a negative cost) the
 * dual phase 1 is the cost-shifting method: their costs are shifted so
 * their reduced costs vanish, the dual simplex solves that LP, and a
 * primal clean-up from its primal feasible basis restores the true
 * costs. Primal feasibility does not depend on the costs, so a
 * certified infeasibility of the shifted LP holds for the model.
 */
#include "spx_proof.h"

#include <stdlib.h>
#include <string.h>

/* Share of the columns above which cost shifting would change so much
 * of the LP that the primal's clean-up does the real work: then the
 * primal simplex is used alone. */
#define SPX_SHIFT_SHARE 0.5

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

/* Shifts the cost of each such column by -d_k (its reduced cost becomes
 * 0); the true costs go to saved[nt]. */
static void shift_costs(spx *lp, double *saved)
{
    double tol = lp->par.tol_dual;
    memcpy(saved, lp->cost, (size_t)lp->nt * sizeof *saved);
    for (int k = 0; k < lp->nt; k++) {
        if (lp->stat[k] == SPX_BASIC || lp->lo[k] == lp->up[k])
            continue;
        if ((lp->d[k] > tol && !isfinite(lp->lo[k])) ||
            (lp->d[k] < -tol && !isfinite(lp->up[k])))
            lp->cost[k] -= lp->d[k];
    }
    lp->d_drift = -1;
}

static spx_status dual_with_shift(spx *lp, int shifted)
{
    if (!shifted)
        return spx_run_dual(lp, INFINITY);
    double *saved = malloc((size_t)lp->nt * sizeof *saved);
    if (!saved) {
        lp->why = "out of memory";
        lp->broken = 1;   /* spx_out_of_memory: no recovery, an error */
        return SPX_NUMERIC;
    }
    shift_costs(lp, saved);
    spx_status st = spx_run_dual(lp, INFINITY);
    memcpy(lp->cost, saved, (size_t)lp->nt * sizeof *saved);
    free(saved);
    lp->d_drift = -1;
    lp->weights_valid = 0;
    return st == SPX_OPTIMAL ? spx_run_primal(lp) : st;
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

/*
 * One algorithm, then on a numerical failure the other from the slack
 * basis: a verdict neither can certify is a numerical failure, named by
 * the first algorithm's reason.
 */
static spx_status first_solve(spx *lp, int algorithm, int *by_dual)
{
    spx_refactor(lp);
    spx_compute_duals(lp, lp->cost);
    int shifted = count_dual_infeasible(lp);
    int dual = algorithm == SPX_AUTO ? shifted <= SPX_SHIFT_SHARE * lp->n
                                     : algorithm == SPX_USE_DUAL;
    spx_status st = dual ? dual_with_shift(lp, shifted) : spx_run_primal(lp);
    if (st == SPX_NUMERIC && !lp->broken && lp->par.recovery) {
        const char *why = lp->why;
        slack_basis(lp);
        spx_compute_duals(lp, lp->cost);
        dual = !dual && count_dual_infeasible(lp) == 0;
        st = dual ? spx_run_dual(lp, INFINITY) : spx_run_primal(lp);
        if (st == SPX_NUMERIC)
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
    spx_publish(lp);
    return st;
}

spx_status spx_solve(spx *lp, int algorithm, int *by_dual)
{
    int dual = 0;
    spx_status st = first_solve(lp, algorithm, &dual);
    if (by_dual)
        *by_dual = dual;
    return finish(lp, st, 0, INFINITY);
}

spx_status spx_primal(spx *lp)
{
    return finish(lp, spx_run_primal(lp), 1, INFINITY);
}

spx_status spx_dual(spx *lp, double cutoff)
{
    return finish(lp, spx_run_dual(lp, cutoff), 0, cutoff);
}
