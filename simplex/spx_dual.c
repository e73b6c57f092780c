/*
 * spx_dual.c -- the dual simplex with bounded variables, for re-solving
 * from a dual feasible basis after bound changes (branch and bound).
 * Pricing by dual steepest-edge or Devex weights (update_weights);
 * ratio test with bound flipping (boxed columns are passed while the
 * dual objective still rises) and Harris' tolerance for the final
 * choice (Koberstein 2005, ch. 3). A start that is not dual feasible
 * goes to the primal simplex; spx_solve.c first runs dual phase 1. An
 * infeasibility verdict stands only with its Farkas row (spx_proof.c).
 */
#include "spx_proof.h"

#include <math.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/*
 * The costs a run of the dual loop changed, the LP's own kept in saved
 * (NULL while none changed) and put back at its end (spx_run_dual):
 * the perturbation against a stall (once per run) and the shifts that
 * absorb reduced costs rounding pushed past zero (shift_cost).
 */
typedef struct {
    double *saved;
    int perturbed;
} cost_changes;

/* The LP's own costs kept before the first change; 0 without memory. */
static int save_costs(const spx *lp, cost_changes *cc)
{
    if (!cc->saved) {
        cc->saved = malloc((size_t)lp->nt * sizeof *cc->saved);
        if (cc->saved)
            memcpy(cc->saved, lp->cost, (size_t)lp->nt * sizeof *cc->saved);
    }
    return cc->saved != NULL;
}

/*
 * A reduced cost d_k of the wrong sign on a column that cannot move to
 * its other bound (it has none) is taken for the rounding of the duals
 * when it is no larger than a cost perturbation (SPX_COST_SHIFT_REL):
 * the cost moves by -d_k, so the basis is dual feasible again, and the
 * primal clean-up on the LP's own costs ends the run (Koberstein 2005,
 * 6.2.2: cost shifting; HiGHS shifts likewise). Handing such a basis to
 * the primal simplex instead restarted it from a primal infeasible
 * point: 35,000 phase-1 pivots for a d_k of -1.5 * 10^-9 on a puzzle.
 * Returns 0 when the reduced cost is a real one (or without memory).
 */
static int shift_cost(spx *lp, int k, cost_changes *cc)
{
    double dk = lp->d[k];
    if (lp->dual_phase1 ||
        fabs(dk) > SPX_COST_SHIFT_REL * (1 + fabs(lp->cost[k])) ||
        !save_costs(lp, cc))
        return 0;
    lp->cost[k] -= dk;
    lp->d[k] = 0;
    return 1;
}

/* Puts each nonbasic variable at the bound its reduced cost asks for,
 * shifting the cost of one that has no such bound (shift_cost). Returns
 * 0 when the basis is not dual feasible. */
static int make_dual_feasible(spx *lp, cost_changes *cc)
{
    double tol = lp->par.tol_dual;
    for (int k = 0; k < lp->nt; k++) {
        int s = lp->stat[k];
        if (s == SPX_BASIC || lp->lo[k] == lp->up[k])
            continue;
        double dk = lp->d[k];
        if (dk > tol && s != SPX_AT_LO) {
            if (isfinite(lp->lo[k]))
                spx_move_nonbasic(lp, k, SPX_AT_LO);
            else if (!shift_cost(lp, k, cc))
                return 0;
        } else if (dk < -tol && s != SPX_AT_UP) {
            if (isfinite(lp->up[k]))
                spx_move_nonbasic(lp, k, SPX_AT_UP);
            else if (!shift_cost(lp, k, cc))
                return 0;
        }
    }
    return 1;
}

/* Whether a nonbasic variable's reduced cost asks for a move it can
 * make by more than tol_dual: the Harris ratio test lets reduced costs
 * cross zero by up to tol_dual per step, and over many steps (and on
 * badly scaled rows) that adds up to a basis that only looks optimal. */
static int dual_infeasible(const spx *lp)
{
    double tol = lp->par.tol_dual;
    for (int k = 0; k < lp->nt; k++) {
        int s = lp->stat[k];
        if (s == SPX_BASIC || lp->lo[k] == lp->up[k])
            continue;
        if ((lp->d[k] > tol && s != SPX_AT_LO) ||
            (lp->d[k] < -tol && s != SPX_AT_UP))
            return 1;
    }
    return 0;
}

/* The pricing list rebuilt from scratch: every infeasible row. */
static void rebuild_infeasible(spx *lp)
{
    lp->ninfeas = 0;
    for (int i = 0; i < lp->m; i++) {
        lp->in_infeas[i] = (signed char)spx_row_infeasible(lp, i);
        if (lp->in_infeas[i])
            lp->infeas[lp->ninfeas++] = i;
    }
    lp->infeas_valid = 1;
}

/* Row i's infeasibility (0: feasible). */
static double row_infeasibility(const spx *lp, int i)
{
    int v = lp->head[i];
    if (spx_below(lp, v))
        return lp->lo[v] - lp->x[v];
    if (spx_above(lp, v))
        return lp->x[v] - lp->up[v];
    return 0;
}

/* The row of the largest infeasibility in the pricing list, ties by the
 * basic variables' keys (spx_beats), or -1. */
static int most_infeasible(const spx *lp)
{
    int worst_row = -1;
    double worst = 0;
    for (int t = 0; t < lp->ninfeas; t++) {
        int i = lp->infeas[t];
        double inf = row_infeasibility(lp, i);
        if (spx_beats(lp, inf, lp->head[i], worst,
                      worst_row >= 0 ? lp->head[worst_row] : -1)) {
            worst = inf;
            worst_row = i;
        }
    }
    return worst_row;
}

/* The basic row with the largest infeasibility^2 / weight, or -1; an
 * infeasible row is never passed over for its weight (a score that
 * underflows to 0 would end the dual simplex on an infeasible basis:
 * the most infeasible row is taken then). Only the pricing list is
 * scanned, in no particular order, so ties go explicitly to the basic
 * variable of the smaller key (spx_beats: the same row whatever the
 * order of the LP's columns and rows); rows found feasible leave the
 * list. */
static int choose_leaving(spx *lp)
{
    int r = -1;
    double best = 0;
    if (!lp->infeas_valid)
        rebuild_infeasible(lp);
    for (int t = 0; t < lp->ninfeas;) {
        int i = lp->infeas[t];
        double inf = row_infeasibility(lp, i);
        if (inf == 0) {
            lp->in_infeas[i] = 0;
            lp->infeas[t] = lp->infeas[--lp->ninfeas];
            continue;
        }
        t++;
        double score = inf * inf / lp->weight[i];
        if (spx_beats(lp, score, lp->head[i], best,
                      r >= 0 ? lp->head[r] : -1)) {
            best = score;
            r = i;
        }
    }
    return r >= 0 ? r : most_infeasible(lp);
}

/* |d_k| / |alpha_k| for an eligible candidate, d clamped to its sign. */
static double dual_ratio(const spx *lp, int k)
{
    double dk = lp->d[k];
    if (lp->stat[k] == SPX_AT_LO)
        dk = dk > 0 ? dk : 0;
    else if (lp->stat[k] == SPX_AT_UP)
        dk = dk < 0 ? -dk : 0;
    else
        dk = fabs(dk);
    return dk / fabs(lp->row[k]);
}

/* The smallest |alpha_rk| the ratio test accepts: tol_pivot relative to
 * the pivot row's largest entry when that is below 1 (a row of tiny
 * coefficients still has its candidates), times scale. */
static double pivot_tolerance(spx *lp, double scale)
{
    double rowmax = 0;
    spx_update_movable(lp);
    int len;
    const int *list = spx_pivot_list(lp, &len);
    for (int t = 0; t < len && rowmax < 1.0; t++) {
        if (!lp->in_movable[list[t]])
            continue;
        double a = fabs(lp->row[list[t]]);
        if (a > rowmax)
            rowmax = a;
    }
    return lp->par.tol_pivot * fmax(SPX_ROW_SCALE_MIN, fmin(1.0, rowmax)) *
           scale;
}

/* Candidates: nonbasic k whose d_k moves toward zero as the dual step
 * grows. s = +1 when the leaving variable goes to its upper bound. */
static int collect_candidates(spx *lp, int s, double tolv)
{
    int count = 0, len;
    spx_update_movable(lp);
    const int *list = spx_pivot_list(lp, &len);
    for (int t = 0; t < len; t++) {
        int k = list[t], st = lp->stat[k];
        double a = s * lp->row[k];
        if (!lp->in_movable[k] || st == SPX_BASIC || fabs(a) <= tolv)
            continue;
        if ((st == SPX_AT_LO && a > 0) || (st == SPX_AT_UP && a < 0) ||
            st == SPX_AT_ZERO)
            lp->cand[count++] = k;
    }
    return count;
}

/* Harris' relaxed ratio of candidate k: its ratio with d_k allowed to
 * pass zero by tol_dual. */
static double relaxed_ratio(const spx *lp, int k)
{
    return dual_ratio(lp, k) + lp->par.tol_dual / fabs(lp->row[k]);
}

/* How much passing breakpoint k lowers the dual slope. */
static double slope_drop(const spx *lp, int k)
{
    return fabs(lp->row[k]) * (lp->up[k] - lp->lo[k]);
}

static int by_ratio(const void *a, const void *b)
{
    const spx_breakpoint *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

/* Moves the breakpoints with ratio up to `upto` to the front of
 * lp->brk, sorted, each with the least relaxed ratio of those after it
 * (the rest, beyond `upto`, included); returns how many. */
static int sort_up_to(spx *lp, int count, double upto)
{
    spx_breakpoint *b = lp->brk;
    int nb = 0;
    double beyond = INFINITY;
    for (int c = 0; c < count; c++) {
        if (b[c].t > upto) {
            beyond = spx_min(beyond, b[c].relaxed);
            continue;
        }
        spx_breakpoint in = b[c];
        b[c] = b[nb];
        b[nb++] = in;
    }
    qsort(b, (size_t)nb, sizeof *b, by_ratio);
    double reach = beyond;
    for (int c = nb - 1; c >= 0; c--) {
        reach = spx_min(reach, b[c].relaxed);
        b[c].reach = reach;
    }
    return nb;
}

/* Passes the sorted groups while the slope stays above tol; returns the
 * entering column (-1: every group passed, -2: the breakpoints up to
 * the limit were too few to decide), *passed the breakpoints passed. */
static int pass_groups(const spx *lp, int nb, int all, double slope,
                       double tol, int *passed)
{
    const spx_breakpoint *b = lp->brk;
    int i = 0;
    while (i < nb) {
        double drop = 0, best = 0;
        int g = i, q = -1;
        for (; g < nb && b[g].t <= b[i].reach; g++) {
            double a = fabs(lp->row[b[g].k]);
            drop += slope_drop(lp, b[g].k);
            if (spx_beats(lp, a, b[g].k, best, q)) {
                best = a;
                q = b[g].k;
            }
        }
        if (g == nb && !all)
            return -2;   /* the group may go on past the limit */
        *passed = i;
        if (!(slope - drop > tol) || q < 0)
            return q;
        slope -= drop;
        i = g;
    }
    *passed = nb;
    return -1;
}

/*
 * The ratio test past the first groups. The candidates are sorted by
 * ratio, each with the least relaxed ratio of those after it, so every
 * group (the candidates from i with ratio up to that least relaxed
 * ratio) is a run of the sorted list: the same choice as passing groups
 * one scan each, in O(count log count) instead of O(count) per group (a
 * long row of a set-partitioning model passes hundreds). Only the
 * candidates up to a limit are sorted, the limit growing until their
 * drops can use up the slope.
 */
static int ratio_test_sorted(spx *lp, int count, double slope, double tol,
                             int *nflip)
{
    spx_breakpoint *b = lp->brk;   /* t and relaxed set by ratio_test */
    for (int c = 0; c < count; c++) {
        b[c].k = lp->cand[c];
        b[c].pos = c;
    }
    double upto = 0;
    int q, passed = 0;
    for (;;) {
        double sum = 0, next = INFINITY;
        for (int c = 0; c < count; c++) {
            if (b[c].t <= upto)
                sum += slope_drop(lp, b[c].k);
            else
                next = spx_min(next, b[c].t);
        }
        if (slope - sum > tol && next < INFINITY) {
            upto = fmax(2 * upto, next);
            continue;
        }
        int nb = sort_up_to(lp, count, upto);
        q = pass_groups(lp, nb, next == INFINITY, slope, tol, &passed);
        if (q != -2)
            break;
        upto = fmax(2 * upto, next);
    }
    for (int c = 0; c < passed; c++)
        lp->cand[b[c].pos] = -(b[c].k + 1);
    *nflip = passed;
    return q;
}

/*
 * Bound-flipping ratio test. The dual objective rises with slope
 * `slope` (the primal infeasibility of the leaving row); each passed
 * breakpoint k lowers it by |alpha_k| (up_k - lo_k). Harris: the group
 * of breakpoints within the relaxed minimum ratio is passed as a whole
 * (flipping each) while the slope stays positive; otherwise the entering
 * column is the group's largest |alpha_k|. A slope left within `tol` of
 * zero counts as zero: the flips would make the row exactly feasible.
 * Flipped columns are marked by negating cand entries as -(k+1).
 * Returns q, or -1 (primal infeasible).
 */
static int ratio_test(spx *lp, int count, double slope, double tol,
                      int *nflip)
{
    int live = count;
    spx_breakpoint *b = lp->brk;   /* b[c]: the ratios of cand[c] */
    for (int c = 0; c < count; c++) {
        b[c].t = dual_ratio(lp, lp->cand[c]);
        b[c].relaxed = relaxed_ratio(lp, lp->cand[c]);
    }
    *nflip = 0;
    for (int pass = 0; live > 0; pass++) {
        if (pass == SPX_RATIO_SCAN_PASSES) {
            int sorted_flips;
            int q = ratio_test_sorted(lp, live, slope, tol, &sorted_flips);
            *nflip += sorted_flips;
            return q;
        }
        double theta_max = INFINITY;
        for (int c = 0; c < live; c++)
            theta_max = spx_min(theta_max, b[c].relaxed);
        double drop = 0, best = 0;
        int q = -1;
        for (int c = 0; c < live; c++) {
            int k = lp->cand[c];
            if (b[c].t > theta_max)
                continue;
            drop += slope_drop(lp, k);
            if (spx_beats(lp, fabs(lp->row[k]), k, best, q)) {
                best = fabs(lp->row[k]);
                q = k;
            }
        }
        if (!(slope - drop > tol) || q < 0)
            return q;
        /* Pass the whole group: move it behind the live part, flipped. */
        slope -= drop;
        for (int c = 0; c < live;) {
            int k = lp->cand[c];
            if (b[c].t <= theta_max) {
                lp->cand[c] = lp->cand[--live];
                b[c] = b[live];
                lp->cand[live] = -(k + 1);
                (*nflip)++;
            } else {
                c++;
            }
        }
    }
    return -1;
}

/*
 * Driebeck-Tomlin penalties. Forcing basic x_p (row r) down to `down`
 * makes row r leave toward an upper bound: one dual step of length
 * theta = min |d_k / alpha_rk| over the eligible columns raises the
 * objective by (x_p - down) * theta, and the dual objective only rises
 * from there: a valid lower bound on the child's LP increase (infinite
 * when no column is eligible: the child is infeasible). Likewise up.
 * down and up are values as given; the objective is the same scaled.
 */
void spx_penalties(spx *lp, int r, double down, double up,
                   double *pen_down, double *pen_up)
{
    int p = lp->head[r];
    spx_pivot_row(lp, r);
    double theta[2] = {INFINITY, INFINITY};   /* [0] s = +1, [1] s = -1 */
    /* Not the pivot tolerance: a penalty must never overstate the bound
     * change, and a small entry whose column has d_k = 0 makes it 0.
     * One pass for both sides, the candidates collect_candidates would
     * give each: a column at zero serves both, one at a bound the side
     * its entry's sign moves toward zero (branching asks for penalties
     * of every fractional column at every node). */
    double tolv = SPX_PENALTY_MIN_ALPHA;
    int len;
    spx_update_movable(lp);
    const int *list = spx_pivot_list(lp, &len);
    for (int t = 0; t < len; t++) {
        int k = list[t], st = lp->stat[k];
        double a = lp->row[k];
        if (!lp->in_movable[k] || st == SPX_BASIC || fabs(a) <= tolv)
            continue;
        double ratio = dual_ratio(lp, k);
        int plus = st == SPX_AT_ZERO || (st == SPX_AT_LO) == (a > 0);
        int minus = st == SPX_AT_ZERO || (st == SPX_AT_LO) == (a < 0);
        if (plus && ratio < theta[0])
            theta[0] = ratio;
        if (minus && ratio < theta[1])
            theta[1] = ratio;
    }
    *pen_down = (lp->x[p] - down / lp->sc[p]) * theta[0];
    *pen_up = (up / lp->sc[p] - lp->x[p]) * theta[1];
}

/* Flips the passed columns to their other bound and updates x_B. */
static void apply_flips(spx *lp, int count)
{
    for (int c = 0; c < count; c++) {
        if (lp->cand[c] >= 0)
            continue;
        int k = -lp->cand[c] - 1;
        spx_move_nonbasic(lp, k, lp->stat[k] == SPX_AT_LO ? SPX_AT_UP
                                                         : SPX_AT_LO);
    }
    spx_flush_moves(lp);
}

/*
 * Dual pricing weights. The steepest-edge weight of row i is
 * w_i = ||e_i^T B^-1||^2 = ||rho_i||^2; after pivoting on row r with
 * entering column alpha = B^-1 a_q and kappa_i = alpha_i / alpha_r,
 * rho_i becomes rho_i - kappa_i rho_r, so (Forrest and Goldfarb 1992)
 *     w_i = w_i - 2 kappa_i tau_i + kappa_i^2 w_r,   w_r = w_r / alpha_r^2
 * with tau = B^-1 rho_r: one more FTRAN of a dense vector. That pays on
 * a long solve from scratch (25fv47: 3282 -> 2837 iterations), less so
 * on the few pivots of a node's re-solve, where the Devex rule keeps
 * the part without tau:
 *     w_i = max(w_i, kappa_i^2 w_r),    w_r = max(w_r / alpha_r^2, 1).
 */
static void steepest_edge_update(spx *lp, int r, const double *col)
{
    double ar = col[r], wr = 0.0, *tau = lp->rho;
    /* In place, negated on its nonzeros for the negated FTRAN: no one
     * reads rho after this pivot's weights (the next pivot row or Farkas
     * check computes it again); rhonz then lists tau's nonzeros. */
    for (int t = 0; t < lp->nrhonz; t++) {
        double ri = tau[lp->rhonz[t]];
        wr += ri * ri;               /* exact, better than the update */
        tau[lp->rhonz[t]] = -ri;
    }
    lp->nrhonz = spx_factor_ftran_negated_listed(lp->factor, tau, lp->rhonz,
                                                 lp->nrhonz);
    for (int t = 0; t < lp->ncolnz; t++) {
        int i = lp->colnz[t];
        if (i == r)
            continue;
        double k = col[i] / ar;
        double w = lp->weight[i] + k * (k * wr - 2.0 * tau[i]);
        lp->weight[i] = w > SPX_WEIGHT_MIN ? w : SPX_WEIGHT_MIN;
    }
    double w = wr / (ar * ar);
    lp->weight[r] = w > SPX_WEIGHT_MIN ? w : SPX_WEIGHT_MIN;
}

static void devex_update(spx *lp, int r, const double *col)
{
    int m = lp->m, reset = 0;
    double ar = col[r], wr = lp->weight[r];
    for (int t = 0; t < lp->ncolnz; t++) {
        int i = lp->colnz[t];
        if (i == r)
            continue;
        double k = col[i] / ar;
        lp->weight[i] = spx_max(lp->weight[i], k * k * wr);
        reset |= !(lp->weight[i] <= SPX_DUAL_DEVEX_RESET);
    }
    lp->weight[r] = fmax(wr / (ar * ar), 1.0);
    /* Weights only grow; past the bound (or overflowed) they would hide
     * their rows from pricing: a new reference framework, as Devex does */
    if (reset || !(lp->weight[r] <= SPX_DUAL_DEVEX_RESET))
        for (int i = 0; i < m; i++)
            lp->weight[i] = 1.0;
}

static void update_weights(spx *lp, int r, const double *col)
{
    if (lp->steepest_edge)
        steepest_edge_update(lp, r, col);
    else
        devex_update(lp, r, col);
}

/* x_B moves by theta_p along -col (x_p itself is set by the caller);
 * the rows that change are checked for the pricing list. */
static void update_xb(spx *lp, int r, double theta_p)
{
    for (int t = 0; t < lp->ncolnz; t++) {
        int i = lp->colnz[t];
        double change = theta_p * lp->col[i];
        lp->x[lp->head[i]] -= change;
        lp->x_moved = spx_max(lp->x_moved, fabs(change));
        if (i != r)
            spx_track_row(lp, i);
    }
}

/* Over the movable columns of the pivot row's list only (a column off
 * it has alpha_rk = 0; collect_candidates brought in_movable up to
 * date). */
static void update_duals(spx *lp, int r, double theta_d)
{
    int len;
    const int *list = spx_pivot_list(lp, &len);
    for (int t = 0; t < len; t++) {
        int k = list[t];
        if (lp->in_movable[k] && lp->stat[k] != SPX_BASIC)
            lp->d[k] -= theta_d * lp->row[k];
    }
    lp->d[lp->head[r]] = -theta_d;
}

/* The entering column for leaving row r (to_up: toward its upper
 * bound) with lp->col = B^-1 a_q, or -1 when none (primal infeasible).
 * When alpha_rq from the row and from the column disagree, a stale
 * inverse is refactorized (*refactor, -2 returned); on a fresh one the
 * row's entry is rounding noise, and q is passed over. */
static int entering(spx *lp, int r, int to_up, double target,
                    double pscale, int *count, int *nflip, int *refactor)
{
    int p = lp->head[r];
    double tolv = pivot_tolerance(lp, pscale);
    for (;;) {
        *count = collect_candidates(lp, to_up ? 1 : -1, tolv);
        int q = ratio_test(lp, *count, fabs(lp->x[p] - target),
                           lp->par.tol_primal * (1 + fabs(target)), nflip);
        if (q < 0)
            return q;
        spx_ftran(lp, q);
        double arq = lp->col[r];
        if (fabs(arq - lp->row[q]) <= SPX_ALPHA_AGREE * (1 + fabs(arq)) &&
            fabs(arq) > tolv)
            return q;
        if (lp->since_refactor > 0) {
            *refactor = 1;
            return -2;
        }
        lp->row[q] = 0.0;
    }
}

/*
 * The bases the dual loop met in its last SPX_CYCLE_WINDOW pivots, each
 * by a hash of its set of basic variables (the sum of their
 * spx_index_key, updated by each pivot; HiGHS keeps the hashes of the
 * bases it visited likewise). The dual objective never falls in exact
 * arithmetic, and rises on every pivot but a degenerate one, so a basis
 * met again means the pivots between went round in a circle: degenerate
 * ones (which the cost perturbation breaks), or steps that rounding on
 * badly scaled rows undoes.
 */
typedef struct {
    uint64_t hash;                       /* of the basis now          */
    uint64_t seen[SPX_CYCLE_WINDOW];     /* of the last ones          */
    int next;                            /* seen's oldest entry       */
    int circles;                         /* found in this run         */
} basis_history;

/* The hash from the basis now (a refactorization may have repaired
 * the basis); the record of the last ones stays. */
static void history_rehash(const spx *lp, basis_history *h)
{
    h->hash = 0;
    for (int i = 0; i < lp->m; i++)
        h->hash += spx_index_key(lp->head[i]);
}

/* A fresh record from the basis now (at the start, and after a change
 * of strategy). */
static void history_restart(const spx *lp, basis_history *h)
{
    history_rehash(lp, h);
    for (int t = 0; t < SPX_CYCLE_WINDOW; t++)
        h->seen[t] = h->hash;
    h->next = 0;
}

/* After a pivot (q entered the basis, p left it): 1 when the basis is
 * one of the last SPX_CYCLE_WINDOW. */
static int basis_met_again(basis_history *h, int q, int p)
{
    h->hash += spx_index_key(q) - spx_index_key(p);
    for (int t = 0; t < SPX_CYCLE_WINDOW; t++)
        if (h->seen[t] == h->hash)
            return 1;
    h->seen[h->next] = h->hash;
    h->next = (h->next + 1) % SPX_CYCLE_WINDOW;
    return 0;
}

/* One dual iteration on leaving row r; returns -1 to go on, else a
 * status. *refactor asks the caller for a fresh inverse; *degenerate
 * tells a pivot whose d_q was within tol_dual of 0 (the dual objective
 * did not move); *circle a pivot back to a basis of the last few. */
static int iterate(spx *lp, int r, double pscale, int *refactor,
                   int *degenerate, basis_history *h, int *circle)
{
    int p = lp->head[r];
    int to_up = spx_above(lp, p);
    double target = to_up ? lp->up[p] : lp->lo[p];
    spx_pivot_row(lp, r);
    int count, nflip;
    int q = entering(lp, r, to_up, target, pscale, &count, &nflip,
                     refactor);
    if (q == -1)
        return SPX_INFEASIBLE;
    if (q < 0)
        return -1;
    double arq = lp->col[r];
    double dq = lp->d[q];
    /* Harris may pick a d_q of slightly the wrong sign: treat it as 0. */
    if ((lp->stat[q] == SPX_AT_LO && dq < 0) ||
        (lp->stat[q] == SPX_AT_UP && dq > 0))
        dq = 0;
    *degenerate = fabs(dq) <= lp->par.tol_dual;
    double theta_d = dq / arq;
    update_duals(lp, r, theta_d);
    apply_flips(lp, count);
    double theta_p = (lp->x[p] - target) / arq;
    update_xb(lp, r, theta_p);
    lp->x[q] += theta_p;
    lp->x_moved = spx_max(lp->x_moved, fabs(theta_p));
    lp->x[p] = target;
    update_weights(lp, r, lp->col);
    spx_pivot(lp, r, q, lp->col, to_up ? SPX_AT_UP : SPX_AT_LO);
    *circle = basis_met_again(h, q, p);
    if (lp->lo[p] == lp->up[p])
        lp->stat[p] = SPX_AT_LO;
    spx_track_row(lp, r);
    int phase = lp->dual_phase1 ? 4 : 3;
    return spx_notify(lp, phase, q, p, nflip, dq, theta_p) ? SPX_STOPPED
                                                           : -1;
}

/* Brings x_B and d up to date for the current bounds: recomputed when
 * invalid or updated more than SPX_TRUSTED_UPDATES times since computed
 * from scratch, else x_B only takes the pending nonbasic moves. Returns
 * 0 if the basis is no longer dual feasible. */
static int refresh(spx *lp, int refactor, cost_changes *cc)
{
    if (refactor)
        spx_refactor(lp);
    if (lp->d_drift < 0 || lp->d_drift > SPX_TRUSTED_UPDATES)
        spx_compute_duals(lp, lp->cost);
    int ok = make_dual_feasible(lp, cc);
    if (lp->x_drift > SPX_TRUSTED_UPDATES)
        spx_compute_xb(lp);
    else
        spx_flush_moves(lp);
    return ok;
}

/* refresh, computing x_B and d from scratch. */
static int refresh_all(spx *lp, int refactor, cost_changes *cc)
{
    lp->x_drift = lp->d_drift = SPX_TRUSTED_UPDATES + 1;
    return refresh(lp, refactor, cc);
}

/* Is the verdict to be checked on a fresh inverse? An infeasibility
 * found more than SPX_TRUST_UPDATES updates after the last
 * refactorization, and an optimum whose x_B the updates moved too far
 * for their rounding to stay below tol_primal: one step of 7 * 10^8 left a
 * basic value of 170 off by 2 * 10^-3, and the updated factors of a step of
 * 6 * 10^9 (with a bound flip) gave x_B that broke its row by 3.25 even
 * when computed from scratch, an optimum that broke its row. */
static int stale_verdict(const spx *lp, int status)
{
    if (status == SPX_INFEASIBLE)
        return lp->since_refactor > SPX_TRUST_UPDATES;
    return status == SPX_OPTIMAL && lp->since_refactor > 0 &&
           lp->x_moved * SPX_UPDATE_ROUNDING > lp->par.tol_primal;
}

/* A dual feasible end is trusted on numbers updated at most
 * SPX_TRUSTED_UPDATES times; else, or when stale_verdict, it is checked
 * again on fresh ones. */
static int verdict(const spx *lp, int status, int stale, int *confirmed)
{
    if (*confirmed || status == SPX_STOPPED ||
        (!stale && lp->x_drift <= SPX_TRUSTED_UPDATES &&
         lp->d_drift <= SPX_TRUSTED_UPDATES))
        return status;
    *confirmed = 1;
    return -1;
}

/*
 * The infeasible row r's e_r^T B^-1 (lp->rho, from this iteration's pivot
 * row) must be a Farkas certificate. When it is not, the verdict came
 * from rounding or from pivots too small for the ratio test: refactorize
 * and go on (-1), on fresh factors accept smaller pivots (*pscale) and
 * go on, and at the floor give up with SPX_NUMERIC and the reason.
 */
static int certify_infeasible(spx *lp, int r, int *confirmed,
                              double *pscale)
{
    if (spx_farkas_certify(lp, lp->rho, r))
        return SPX_INFEASIBLE;
    *confirmed = 0;
    if (lp->since_refactor > 0)
        return -1;
    if (lp->par.recovery && *pscale > SPX_PIVOT_SCALE_MIN) {
        *pscale *= SPX_PIVOT_SCALE_STEP;
        return -1;
    }
    lp->why = "the dual simplex found an infeasible row without a valid "
              "Farkas certificate";
    return SPX_NUMERIC;
}

/* At the slack basis B = -I, the squared row norms of B^-1 are 1; on a
 * large LP they start at 1 whatever the basis. */
static void initial_weights(spx *lp)
{
    if (!spx_is_slack_basis(lp) && lp->m <= SPX_EXACT_WEIGHTS_MAX_ROWS) {
        spx_exact_weights(lp);
        return;
    }
    for (int i = 0; i < lp->m; i++)
        lp->weight[i] = 1.0;
    lp->weights_valid = 1;
}

/*
 * Against stalling at a dual degenerate vertex (many nonbasic reduced
 * costs at 0, every dual step 0): the costs of the nonbasic columns move
 * by small distinct amounts in the direction their bounds keep dual
 * feasible (d_k >= 0 at a lower bound, <= 0 at an upper one), so the
 * basis stays dual feasible, the ties of the ratio test are broken and
 * the steps are positive (Koberstein 2005, 6.2: cost perturbation; the
 * dual's counterpart of the primal's bound shifting). The true costs
 * come back before the verdict (spx_run_dual). Returns 0 without memory
 * for their copy (the budget then ends a stall).
 */
static int perturb_costs(spx *lp, cost_changes *cc)
{
    if (!save_costs(lp, cc))
        return 0;
    cc->perturbed = 1;
    unsigned h = spx_shift_start(lp);
    for (int k = 0; k < lp->n; k++) {
        int st = lp->stat[k];
        if ((st != SPX_AT_LO && st != SPX_AT_UP) || lp->lo[k] == lp->up[k])
            continue;
        double delta = SPX_COST_SHIFT_REL * spx_shift_factor_of(lp, k, &h) *
                       (1 + fabs(lp->cost[k]));
        if (st == SPX_AT_UP)
            delta = -delta;
        lp->cost[k] += delta;
        lp->d[k] += delta;
    }
    return 1;
}

/* Costs may be perturbed once per run, not in dual phase 1 nor on a
 * model without objective (whose costs are a perturbation already). */
static int may_perturb(const spx *lp, const cost_changes *cc)
{
    return !cc->perturbed && !lp->dual_phase1 && !lp->zero_objective;
}

/* Counts dual degenerate pivots in a row; past SPX_DUAL_STALL_LIMIT,
 * perturbs the costs. */
static void on_dual_stall(spx *lp, int degenerate, int *stall,
                          cost_changes *cc)
{
    *stall = degenerate ? *stall + 1 : 0;
    if (*stall <= SPX_DUAL_STALL_LIMIT || !may_perturb(lp, cc))
        return;
    if (perturb_costs(lp, cc))
        *stall = 0;
}

/*
 * A circle of bases (basis_history) changes the strategy: the first
 * time, fresh factors and values and, when the costs are still the
 * LP's, their perturbation (a degenerate circle's ties broken); the
 * second time, or when that cannot be done, the dual hands over to the
 * primal simplex from this basis (1: it should), whose bound shifting
 * and progress check end what the dual could not.
 */
static int on_circle(spx *lp, basis_history *h, cost_changes *cc)
{
    if (h->circles++ > 0 || !may_perturb(lp, cc) || !perturb_costs(lp, cc))
        return 1;
    return 0;
}

static spx_status dual_loop(spx *lp, double cutoff, cost_changes *cc)
{
    basis_history h = {.circles = 0};
    int confirmed = 0, uncut = 0, cleaned = 0, stall = 0;
    unsigned tick = 0;
    double pscale = 1.0;
    lp->farkas_ok = 0;
    lp->infeas_valid = 0;   /* x_B and the bounds changed outside */
    if (!refresh(lp, spx_refactor_due(lp), cc))
        return spx_run_primal(lp);
    if (!lp->weights_valid)
        initial_weights(lp);
    history_restart(lp, &h);
    if (spx_notify_start(lp, lp->dual_phase1 ? 4 : 3))
        return SPX_STOPPED;
    for (;;) {
        if (lp->broken) {
            lp->why = "out of memory for the basis factors";
            return SPX_NUMERIC;
        }
        if (lp->iters >= lp->par.iter_limit)
            return SPX_ITER_LIMIT;
        if (spx_interrupted(lp, &tick))
            return SPX_STOPPED;
        /* (no cutoff, as at the root: the O(n) objective is not needed;
         * none on changed costs, whose bound is not the LP's) */
        if (!uncut && cutoff < INFINITY && !cc->saved &&
            spx_current_objective(lp) > cutoff) {
            /* A cutoff is a verdict too: it stands on the weak-duality
             * bound, else the LP is solved to the end. */
            if (spx_dual_bound(lp) > cutoff)
                return SPX_CUTOFF;
            uncut = 1;
            if (!make_dual_feasible(lp, cc))
                return spx_run_primal(lp);
            spx_flush_moves(lp);
        }
        int r = choose_leaving(lp), refactor = 0, status = SPX_OPTIMAL;
        int degenerate = 0, circle = 0;
        if (r >= 0 && spx_over_budget(lp))
            return SPX_NUMERIC;
        if (r >= 0)
            status = iterate(lp, r, pscale, &refactor, &degenerate, &h,
                             &circle);
        if (status == -1) {
            if (circle && on_circle(lp, &h, cc))
                return spx_run_primal(lp);
            if (!refactor && !circle)
                on_dual_stall(lp, degenerate, &stall, cc);
            if (refactor || circle || spx_refactor_due(lp)) {
                if (!refresh_all(lp, 1, cc))
                    return spx_run_primal(lp);
                if (circle)
                    history_restart(lp, &h);
                else
                    history_rehash(lp, &h);
            }
            confirmed = 0;
            continue;
        }
        int stale = stale_verdict(lp, status);
        status = verdict(lp, status, stale, &confirmed);
        /* The first solve of an LP (spx_solve: the root's, an LP's own
         * verdict) checks an optimum on d computed afresh: three updates
         * through pivots of 1.4 * 10^4 against 6 * 10^-4 left a reduced cost of
         * 0.00273 at 0, and a ray of the LP behind an "optimal". */
        if (status == SPX_OPTIMAL && lp->fresh_optimum && lp->d_drift != 0)
            spx_compute_duals(lp, lp->cost);
        if (status == SPX_OPTIMAL && dual_infeasible(lp)) {
            /* optimal only in name: flip what can be flipped and go on
             * (once), else the primal simplex finishes from this primal
             * feasible basis (Koberstein 2005, the primal clean-up) */
            if (cleaned++ || !make_dual_feasible(lp, cc))
                return spx_run_primal(lp);
            spx_flush_moves(lp);
            confirmed = 0;
            continue;
        }
        if (status == SPX_INFEASIBLE) {
            status = certify_infeasible(lp, r, &confirmed, &pscale);
            stale = status < 0;
        }
        if (status >= 0)
            return (spx_status)status;
        if (!refresh_all(lp, stale, cc))
            return spx_run_primal(lp);
        history_rehash(lp, &h);
    }
}

/*
 * The dual simplex loop; when it perturbed or shifted the costs, the
 * true costs come back at its end, and an optimum (or a verdict of
 * unbounded from the primal it handed over to) is finished by the
 * primal simplex on them from this primal feasible basis (the primal
 * clean-up, a few pivots). An infeasibility's certificate does not
 * depend on the costs.
 */
spx_status spx_run_dual(spx *lp, double cutoff)
{
    cost_changes cc = {NULL, 0};
    spx_status st = dual_loop(lp, cutoff, &cc);
    if (!cc.saved)
        return st;
    memcpy(lp->cost, cc.saved, (size_t)lp->nt * sizeof *cc.saved);
    free(cc.saved);
    lp->d_drift = -1;
    spx_compute_duals(lp, lp->cost);
    if (st == SPX_OPTIMAL || st == SPX_UNBOUNDED)
        st = spx_run_primal(lp);
    return st;
}
