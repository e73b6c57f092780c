/*
 * strong.c -- strong branching to initialise pseudocosts (Achterberg,
 * Koch and Martin 2005, reliability branching with reliability 1): a
 * column without history on a side gets that side's LP solved once, and
 * the objective gain per unit becomes its first pseudocost; and full
 * strong branching (branch_rule strong), which solves both sides of
 * every candidate. The node's LP is left as it was found (bounds,
 * basis, values).
 */
#include "mip.h"
#include "heur.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int mip_strong_affordable(const mip_state *s)
{
    long others = spx_iterations(s->lp) - s->branch.strong_iters;
    double allowance = fmin(STRONG_ITER_FREE, STRONG_ITER_FREE_ROOT_LPS *
                                                  (double)s->root_lp_iters);
    return (double)s->branch.strong_iters <
           STRONG_ITER_SHARE * (double)others + allowance;
}

/* A trial side's gain over the node's z0 from its LP's verdict and
 * bound (spx_dual_within): the bound's rise, also where the trial
 * stopped short (no larger than the side's, which later nodes correct);
 * a side infeasible or past the cutoff gets STRONG_INFEASIBLE_GAIN of
 * the room to it. 0 when the trial tells nothing. */
static int side_gain(spx_status st, double bound, double z0, double cutoff,
                     double *gain)
{
    int stopped = st == SPX_ITER_LIMIT && isfinite(bound);
    if (st == SPX_OPTIMAL || (stopped && !(bound > cutoff))) {
        *gain = fmax(0, bound - z0);
        return 1;
    }
    if (st != SPX_INFEASIBLE && st != SPX_CUTOFF && !stopped)
        return 0;
    double room = isfinite(cutoff) ? cutoff - z0 : 1 + fabs(z0);
    *gain = STRONG_INFEASIBLE_GAIN * fmax(room, 0);
    return 1;
}

/* Trial LPs of one column start from the node's basis b (saved here;
 * 0 when out of memory, which is not skipped: the search would differ)
 * and are kept off the trace; *start counts their iterations. */
static int trials_begin(mip_state *s, spx_basis *b, long *start)
{
    if (spx_basis_init(b, spx_rows(s->lp), spx_rows(s->lp) + s->n) != 0) {
        s->out_of_memory = 1;
        return 0;
    }
    spx_basis_save(s->lp, b);
    *start = spx_iterations(s->lp);
    s->branch.strong_active = 1;
    return 1;
}

/* The node's LP solved again from b; 1 when optimal. */
static int trials_end(mip_state *s, spx_basis *b, long start)
{
    spx_basis_free(b);
    int ok = spx_dual(s->lp, INFINITY) == SPX_OPTIMAL;
    s->branch.strong_active = 0;
    s->branch.strong_iters += spx_iterations(s->lp) - start;
    return ok;
}

/* The iterations one trial LP may take (SCIP's reliability branching,
 * inititer 0): a multiple of the node LPs' mean, more at the first
 * nodes, where the mean is rough and the choices matter most (the
 * root's LP stands in before any node LP); the trial then stops at a
 * bound from its duals. */
static long trial_iterations(const mip_state *s)
{
    const mip_branch_state *b = &s->branch;
    double mean = b->node_lps > 0 ? (double)b->node_lp_iters / b->node_lps
                                  : (double)s->root_lp_iters;
    double limit = STRONG_TRIAL_MEAN_FACTOR * mean *
                   (1 + STRONG_TRIAL_EARLY_NODES / (double)(s->nodes + 1));
    return (long)fmin(fmax(limit, STRONG_TRIAL_MIN), STRONG_TRIAL_MAX);
}

/* A trial LP whose point is integral holds a solution (cbc and SCIP
 * take those too): offered as found by strong branching, which may cut
 * off the node itself. Not when enumerating: the search counts each
 * solution at its leaf. */
static void offer_integral_trial(mip_state *s)
{
    const double *x = spx_values(s->lp);
    if (s->par.enumerate_all || mip_count_fractional_upto(s, x, 1) > 0)
        return;
    double *y = malloc(sizeof *y * ((size_t)s->n + 1));
    if (!y) {
        s->out_of_memory = 1;
        return;
    }
    memcpy(y, x, sizeof *y * (size_t)s->n);
    if (mip_offer(s, y, "strong branching", s->branch.strong_node))
        s->branch.strong_stop = 1;
    free(y);
}

int mip_strong_init(mip_state *s, int j, double v, double cutoff)
{
    spx *lp = s->lp;
    spx_basis b;
    long start, iters = trial_iterations(s);
    if (!trials_begin(s, &b, &start))
        return 0;
    double z0 = spx_objective(lp), lo = spx_lo(lp, j), up = spx_up(lp, j);
    double f = v - floor(v);
    for (int side = 0; side < 2; side++) {
        if (s->branch.pc[j].count[side] > 0)
            continue;
        if (side == 0)
            spx_set_bounds(lp, j, lo, floor(v));
        else
            spx_set_bounds(lp, j, ceil(v), up);
        double bound, gain;
        spx_status st = spx_dual_within(lp, cutoff, iters, &bound);
        if (st == SPX_OPTIMAL)
            offer_integral_trial(s);
        if (side_gain(st, bound, z0, cutoff, &gain)) {
            double dist = side == 0 ? f : 1 - f;
            s->branch.pc[j].sum[side] += gain / dist;
            s->branch.pc[j].count[side]++;
            s->branch.pc_changes++;
        }
        spx_set_bounds(lp, j, lo, up);
        spx_basis_restore(lp, &b);
    }
    return trials_end(s, &b, start);
}

int mip_strong_gains(mip_state *s, int j, double v, double cutoff,
                     double gain[2])
{
    spx *lp = s->lp;
    spx_basis b;
    long start;
    if (!trials_begin(s, &b, &start))
        return 0;
    double z0 = spx_objective(lp), lo = spx_lo(lp, j), up = spx_up(lp, j);
    for (int side = 0; side < 2; side++) {
        spx_set_bounds(lp, j, side ? ceil(v) : lo, side ? up : floor(v));
        spx_status st = spx_dual(lp, cutoff);
        if (st == SPX_OPTIMAL)
            offer_integral_trial(s);
        /* a side closed at once is the best outcome; one the simplex
         * could not finish tells nothing */
        if (st == SPX_OPTIMAL)
            gain[side] = fmax(0, spx_objective(lp) - z0);
        else
            gain[side] = st == SPX_INFEASIBLE || st == SPX_CUTOFF ? INFINITY
                                                                  : 0;
        spx_set_bounds(lp, j, lo, up);
        spx_basis_restore(lp, &b);
    }
    return trials_end(s, &b, start);
}
