/*
 * spx_primal.c -- the primal simplex with bounded variables. One loop
 * serves both phases: while some basic variable is out of its bounds the
 * costs are those of the sum of infeasibilities (phase 1), then the true
 * costs (phase 2). Devex pricing, Harris two-pass ratio test with a
 * pivot tolerance relative to the column; against stalling, bound
 * shifting after a run of degenerate pivots, then Bland's rule, and a
 * numerical failure (for the dual to try) once the objective has stood
 * still for too long. A verdict is given on fresh factors and only with
 * its certificate (spx_proof.c): an unbounded ray, or the Farkas row of
 * phase 1's duals.
 */
#include "spx_proof.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* iterate's return when the primal gives up (lp->why says why). */
#define PRIMAL_GIVE_UP (-2)

typedef struct {
    int phase;
    int relapses;         /* phase 2 -> phase 1 returns                  */
    int shifted;          /* bounds are shifted (true ones in true_lo/up) */
    int shift_done;       /* shifted once in this solve already          */
    double *true_lo, *true_up;
    double *devex;        /* [nt] Devex weights                          */
    int bland;            /* use the smallest eligible index (Bland)     */
    int fresh;            /* phase-2 reduced costs kept up to date       */
    int q, dir;           /* the last entering column and its direction  */
    double pivot_scale;   /* share of tol_pivot the ratio test demands   */
    int refined;          /* lp->col is refined: every entry is real     */
    double best;          /* the phase's least objective so far          */
    int idle;             /* pivots since it last fell (SPX_PROGRESS_REL) */
    double tol_dual;      /* lp->par.tol_dual before far_columns lowered  */
                          /* it (0: not lowered)                          */
} primal_state;

/* Phase-1 costs: -1 below the lower bound, +1 above the upper; returns
 * the number of infeasible basic variables. */
static int phase1_costs(spx *lp)
{
    int count = 0;
    for (int k = 0; k < lp->nt; k++)
        lp->pcost[k] = 0.0;
    for (int i = 0; i < lp->m; i++) {
        int v = lp->head[i];
        if (spx_below(lp, v)) {
            lp->pcost[v] = -1.0;
            count++;
        } else if (spx_above(lp, v)) {
            lp->pcost[v] = 1.0;
            count++;
        }
    }
    return count;
}

/* The direction (+1 up, -1 down) in which nonbasic k improves the
 * objective by more than tol_dual, or 0. The sign of d_k is looked at
 * first: it turns away most columns (the basic ones have d_k = 0) in
 * a scan over all of them at every iteration. */
static int improving_direction(const spx *lp, int k)
{
    double dk = lp->d[k], tol = lp->par.tol_dual;
    int dir = dk < -tol ? 1 : dk > tol ? -1 : 0;
    if (dir == 0)
        return 0;
    int st = lp->stat[k];
    if (st == SPX_BASIC || st == (dir > 0 ? SPX_AT_UP : SPX_AT_LO) ||
        lp->lo[k] == lp->up[k])
        return 0;
    return dir;
}

/* Does score a of variable ka beat b of kb (-1: none yet)? With
 * structural ties, near ties go by key (spx_beats), as in the dual, so
 * that the same LP in another order pivots alike; else the larger, and
 * of near ties (within SPX_TIE_REL: equal but for rounding, which
 * another factorization of the same basis rounds otherwise) the lower
 * index, as the textbooks break ties. The scan runs in index order, so
 * the one held wins a near tie. */
static int primal_beats(const spx *lp, double a, int ka, double b, int kb)
{
    if (kb < 0)
        return a > b;
    if (!lp->par.structural_ties)
        return a > b + SPX_TIE_REL * fabs(b);
    return spx_beats(lp, a, ka, b, kb);
}

/* Devex pricing: the largest d_k^2 / w_k among improving columns, or
 * the first one under Bland's rule.
 * Returns -1 at an optimum. */
static int choose_entering(const spx *lp, const double *w, int bland,
                           int *dir)
{
    int q = -1;
    double best = 0;
    for (int k = 0; k < lp->nt; k++) {
        int s = improving_direction(lp, k);
        if (s == 0)
            continue;
        double score = lp->d[k] * lp->d[k] / w[k];
        if (!primal_beats(lp, score, k, best, q))
            continue;
        q = k;
        *dir = s;
        if (bland)
            break;
        best = score;
    }
    return q;
}

/*
 * Primal Devex weights (Forrest and Goldfarb 1992): w_k approximates the
 * squared norm of column k's edge in the reference framework of the
 * variables nonbasic when the weights were last reset (all 1 then).
 * After q enters at row r (pivot alpha_rq, tableau row alpha_r in
 * lp->row): w_k = max(w_k, (alpha_rk / alpha_rq)^2 w_q) and the leaving
 * variable gets max(w_q / alpha_rq^2, 1). Weights past SPX_PRIMAL_DEVEX_RESET
 * are too far from their edges: all go back to 1.
 */

static void reset_devex(spx *lp, double *w)
{
    for (int k = 0; k < lp->nt; k++)
        w[k] = 1.0;
}

static void update_devex(spx *lp, double *w, int r, int q)
{
    double arq = lp->col[r], wq = w[q], big = 0;
    int len;
    spx_update_movable(lp);
    const int *list = spx_pivot_list(lp, &len);
    for (int t = 0; t < len; t++) {
        int k = list[t];
        if (!lp->in_movable[k] || lp->stat[k] == SPX_BASIC || k == q ||
            lp->row[k] == 0.0)
            continue;
        double ratio = lp->row[k] / arq, wk = ratio * ratio * wq;
        w[k] = spx_max(w[k], wk);
        big = spx_max(big, w[k]);
    }
    w[lp->head[r]] = fmax(wq / (arq * arq), 1.0);
    if (big > SPX_PRIMAL_DEVEX_RESET)
        reset_devex(lp, w);
}

/* The bound basic variable v runs into when it moves at rate g (sign),
 * or +-inf. In phase 1 an infeasible variable blocks where it becomes
 * feasible, so the sum of infeasibilities never grows. */
static double blocking_bound(const spx *lp, int v, double g, int phase)
{
    if (g < 0) {
        if (phase == 1 && spx_below(lp, v))
            return -INFINITY;
        return phase == 1 && spx_above(lp, v) ? lp->up[v] : lp->lo[v];
    }
    if (phase == 1 && spx_above(lp, v))
        return INFINITY;
    return phase == 1 && spx_below(lp, v) ? lp->lo[v] : lp->up[v];
}

/*
 * Harris two-pass ratio test for entering q moving in direction dir.
 * Basic i moves at rate g_i = -dir * col_i. Pass 1: the largest step
 * theta_max that keeps every basic variable within its bound relaxed by
 * tol_primal. Pass 2: among rows whose exact ratio is <= theta_max the
 * one with the largest |col_i| (a stable pivot). Returns the row, -1 for
 * a bound flip of q, -2 when nothing blocks (unbounded).
 * The pivot tolerance is tol_pivot relative to the column's largest
 * entry when that is below 1: a column of tiny coefficients (10^-8 x <= 1)
 * still has its blocking rows.
 */
static int ratio_test(spx *lp, const primal_state *st, double *theta,
                      double *hit)
{
    int q = st->q, dir = st->dir, phase = st->phase;
    double theta_max = INFINITY, tolp = lp->par.tol_primal, colmax = 0;
    for (int i = 0; i < lp->m; i++)
        colmax = spx_max(colmax, fabs(lp->col[i]));
    double tolv = st->refined ? 0.0
                              : lp->par.tol_pivot * fmin(1.0, colmax) *
                                    st->pivot_scale;
    for (int i = 0; i < lp->m; i++) {
        double g = -dir * lp->col[i];
        if (fabs(g) <= tolv)
            continue;
        int v = lp->head[i];
        double b = blocking_bound(lp, v, g, phase);
        if (!isfinite(b))
            continue;
        double t = (fabs(lp->x[v] - b) + tolp * (1 + fabs(b))) / fabs(g);
        if (t < theta_max)
            theta_max = t;
    }
    int r = -2;
    double best = 0;
    *theta = INFINITY;
    for (int i = 0; i < lp->m; i++) {
        double g = -dir * lp->col[i];
        if (fabs(g) <= tolv)
            continue;
        int v = lp->head[i];
        double b = blocking_bound(lp, v, g, phase);
        if (!isfinite(b))
            continue;
        double t = (b - lp->x[v]) / g;
        if (t < 0)
            t = 0;
        if (t <= theta_max && primal_beats(lp, fabs(g), v, best,
                                           r >= 0 ? lp->head[r] : -1)) {
            best = fabs(g);
            r = i;
            *theta = t;
            *hit = b;
        }
    }
    /* a range within a near tie of the step flips: 1 against a step of
     * 1 - 2^-53 is the last digit another order of the LP leaves */
    double range = lp->up[q] - lp->lo[q];
    if (isfinite(range) && range <= *theta) {
        *theta = range;
        return -1;
    }
    return r;
}

/*
 * The ratio test again, on the entering column refined
 * (spx_refine_column), before "nothing blocks" stands: an entry below
 * the pivot tolerance may be real, and then it blocks. x4 entering at
 * cost -0.03 moved x9 at 4.1 * 10^-18 of its rate toward x9's bound
 * 48.8 away (2.6 * 10^-20 of the column's largest entry, far below any
 * pivot tolerance): the ray failed its check, which refines the column
 * too, and the LP whose optimum has x4 = 1.2 * 10^19 ended in a
 * numerical failure. Every entry the refinement keeps is real, so this
 * test takes any nonzero one. -2 still when nothing blocks (or
 * without memory for the refinement: lp->broken says so).
 */
static int refined_ratio_test(spx *lp, primal_state *st, double *theta,
                              double *hit)
{
    if (spx_refine_column(lp, st->q, lp->col) != 0) {
        lp->why = "out of memory";   /* not the unrefined verdict */
        lp->broken = 1;
        return -2;
    }
    lp->ncolnz = 0;
    for (int i = 0; i < lp->m; i++)
        if (lp->col[i] != 0.0)
            lp->colnz[lp->ncolnz++] = i;
    st->refined = 1;
    int r = ratio_test(lp, st, theta, hit);
    st->refined = 0;
    return r;
}

/* The objective of the phase: the sum of infeasibilities, or c^T x. */
static double phase_objective(const spx *lp, int phase)
{
    if (phase == 2)
        return spx_current_objective(lp);
    double sum = 0;
    for (int i = 0; i < lp->m; i++) {
        int v = lp->head[i];
        if (spx_below(lp, v))
            sum += lp->lo[v] - lp->x[v];
        else if (spx_above(lp, v))
            sum += lp->x[v] - lp->up[v];
    }
    return sum;
}

/* Counts the pivots since the phase's objective last fell by more than
 * SPX_PROGRESS_REL (a new phase starts afresh); past SPX_IDLE_SPAN
 * pivots per row and column, says why the primal gives up (returns 1). */
static int idle_too_long(spx *lp, primal_state *st, int phase)
{
    double z = phase_objective(lp, phase);
    if (phase != st->phase ||
        z < st->best - SPX_PROGRESS_REL * (1 + fabs(st->best))) {
        st->best = z;
        st->idle = 0;
        return 0;
    }
    if (++st->idle <= SPX_PRIMAL_STALL_LIMIT + SPX_IDLE_SPAN * (lp->m + lp->n))
        return 0;
    lp->why = "the primal simplex makes no progress (its objective stands "
              "still under shifted bounds and Bland's rule)";
    return 1;
}

static void step(spx *lp, int q, int dir, double theta)
{
    if (theta == 0.0)
        return;
    lp->x[q] += dir * theta;
    for (int i = 0; i < lp->m; i++)
        lp->x[lp->head[i]] -= dir * theta * lp->col[i];
}

/*
 * Against stalling at a degenerate vertex (many basic variables at a
 * bound, every step zero): the bounds of the basic variables are
 * widened by small distinct amounts (Gill, Murray, Saunders and Wright
 * 1989 widen them gradually; one random shift, as in bound perturbation,
 * does the same here), so the tied ratios differ and the steps are
 * positive. The true bounds come back before any verdict (restore).
 * Returns 0 when there is no memory for the copy (Bland's rule then).
 */
static int shift_bounds(spx *lp, primal_state *st)
{
    size_t nt = (size_t)lp->nt;
    st->true_lo = malloc(nt * sizeof *st->true_lo);
    st->true_up = malloc(nt * sizeof *st->true_up);
    if (!st->true_lo || !st->true_up) {
        free(st->true_lo);
        free(st->true_up);
        st->true_lo = st->true_up = NULL;
        return 0;
    }
    memcpy(st->true_lo, lp->lo, nt * sizeof *lp->lo);
    memcpy(st->true_up, lp->up, nt * sizeof *lp->up);
    unsigned h = spx_shift_start(lp);
    for (int k = 0; k < lp->nt; k++) {
        if (lp->stat[k] != SPX_BASIC || lp->lo[k] == lp->up[k])
            continue;
        if (isfinite(lp->lo[k]))
            lp->lo[k] -= SPX_SHIFT_REL * spx_shift_factor_of(lp, k, &h) *
                         (1 + fabs(lp->lo[k]));
        if (isfinite(lp->up[k]))
            lp->up[k] += SPX_SHIFT_REL * spx_shift_factor_of(lp, k, &h) *
                         (1 + fabs(lp->up[k]));
    }
    st->shifted = st->shift_done = 1;
    return 1;
}

/* The true bounds back; nonbasic variables go to them and x_B follows
 * (a fresh factorization). */
static void restore_bounds(spx *lp, primal_state *st)
{
    size_t nt = (size_t)lp->nt;
    memcpy(lp->lo, st->true_lo, nt * sizeof *lp->lo);
    memcpy(lp->up, st->true_up, nt * sizeof *lp->up);
    free(st->true_lo);
    free(st->true_up);
    st->true_lo = st->true_up = NULL;
    st->shifted = 0;
    spx_refactor(lp);
}

/* A run of SPX_PRIMAL_STALL_LIMIT pivots without progress: shift the bounds
 * the first time, Bland's rule after that. */
static void on_stall(spx *lp, primal_state *st, int *stall)
{
    if (*stall <= SPX_PRIMAL_STALL_LIMIT) {
        st->bland = 0;
        return;
    }
    if (!st->shift_done && shift_bounds(lp, st)) {
        *stall = 0;
        st->bland = 0;
        return;
    }
    st->bland = 1;
}

/*
 * Phase 2 keeps its reduced costs by the pivot-row update (lp->row)
 *     d_k -= (d_q / alpha_rq) alpha_rk,   d_leaving = -d_q / alpha_rq,
 * O(m + nnz) instead of recomputing y = c_B B^-1 (O(m^2)), over the
 * row's listed columns when it is sparse; they are recomputed after
 * each refactorization and in phase 1, whose costs change with the set
 * of infeasible variables.
 */
static void update_duals(spx *lp, int r, int q)
{
    int p = lp->head[r];
    double theta_d = lp->d[q] / lp->col[r];
    if (lp->row_dense) {
        for (int k = 0; k < lp->nt; k++)
            if (lp->stat[k] != SPX_BASIC)
                lp->d[k] -= theta_d * lp->row[k];
    } else {
        for (int t = 0; t < lp->nrownz; t++)
            if (lp->stat[lp->rownz[t]] != SPX_BASIC)
                lp->d[lp->rownz[t]] -= theta_d * lp->row[lp->rownz[t]];
    }
    lp->d[p] = -theta_d;
}

/* One iteration; returns -1 to go on, PRIMAL_GIVE_UP, or the final
 * status. */
static int iterate(spx *lp, primal_state *st, int *stall)
{
    on_stall(lp, st, stall);   /* between pivots: x_N sits on its bounds */
    int phase = phase1_costs(lp) ? 1 : 2;
    if (idle_too_long(lp, st, phase))
        return PRIMAL_GIVE_UP;
    if (phase == 1 && st->phase == 2 && ++st->relapses > SPX_MAX_RELAPSES) {
        lp->why = "the primal simplex keeps losing feasibility after "
                  "phase 1 (rounding on long steps)";
        return PRIMAL_GIVE_UP;
    }
    if (phase == 1 || st->phase != 2 || !st->fresh ||
        lp->since_refactor == 0)
        spx_compute_duals(lp, phase == 1 ? lp->pcost : lp->cost);
    st->phase = phase;
    st->fresh = 0;
    int dir = 0, q = choose_entering(lp, st->devex, st->bland, &dir);
    if (q < 0)
        return st->phase == 2 ? SPX_OPTIMAL : SPX_INFEASIBLE;
    if (spx_over_budget(lp))
        return PRIMAL_GIVE_UP;
    spx_ftran(lp, q);
    st->q = q;
    st->dir = dir;
    double theta = 0, hit = 0, dj = lp->d[q];
    int r = ratio_test(lp, st, &theta, &hit);
    if (r == -2)
        r = refined_ratio_test(lp, st, &theta, &hit);
    if (lp->broken)
        return PRIMAL_GIVE_UP;
    if (r == -2)
        return st->phase == 2 ? SPX_UNBOUNDED : SPX_NUMERIC;
    step(lp, q, dir, theta);
    *stall = theta > lp->par.tol_primal ? 0 : *stall + 1;
    if (r == -1) {
        lp->stat[q] = (signed char)(dir > 0 ? SPX_AT_UP : SPX_AT_LO);
        lp->x[q] = dir > 0 ? lp->up[q] : lp->lo[q];
        lp->iters++;
        st->fresh = st->phase == 2;
        return spx_notify(lp, st->phase, q, -1, 1, dj, theta) ? SPX_STOPPED
                                                              : -1;
    }
    int p = lp->head[r];
    lp->x[p] = hit;
    spx_pivot_row(lp, r);
    if (st->phase == 2) {
        update_duals(lp, r, q);
        st->fresh = 1;
    }
    update_devex(lp, st->devex, r, q);
    spx_pivot(lp, r, q, lp->col,
              hit == lp->lo[p] ? SPX_AT_LO : SPX_AT_UP);
    lp->weights_valid = 0;   /* the dual's weights are not kept here */
    return spx_notify(lp, st->phase, q, p, 0, dj, theta) ? SPX_STOPPED : -1;
}

/* Lowers the pivot tolerance for another try; 0 when it is at its
 * floor already. */
static int relax_pivots(primal_state *st)
{
    if (st->pivot_scale <= SPX_PIVOT_SCALE_MIN)
        return 0;
    st->pivot_scale *= SPX_PIVOT_SCALE_STEP;
    return 1;
}

/* The size of the terms phase 1's d_k is computed from: |c_k| +
 * sum_i |a_ik| ymax, ymax the largest |y_i| of the duals in lp->rho. */
static double reduced_cost_size(const spx *lp, int k, double ymax)
{
    double size = fabs(lp->pcost[k]);
    if (k >= lp->n)
        return size + ymax;
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
        size += ymax * fabs(lp->colval[e]);
    return size;
}

/* Does nonbasic k lower phase 1's objective at rate d_k (within
 * tol_dual, so pricing passed it over) toward a side without bound? */
static int far_candidate(const spx *lp, int k, double d)
{
    int st = lp->stat[k];
    if (st == SPX_BASIC || d == 0.0 || fabs(d) > lp->par.tol_dual ||
        lp->lo[k] == lp->up[k])
        return 0;
    return d < 0 ? !isfinite(lp->up[k]) && st != SPX_AT_UP
                 : !isfinite(lp->lo[k]) && st != SPX_AT_LO;
}

/*
 * Phase 1 ended where its Farkas row failed the check, and a column
 * lowers the sum of infeasibilities at a rate within tol_dual toward no
 * bound: that rate bounds nothing, for the column may move any length
 * (x7 free at d_k = -1.5 * 10^-21 reaches a feasible point 2.6 * 10^14
 * out, and the LP is unbounded). Pricing goes on with tol_dual below
 * the smallest such |d_k| (above rounding residue, SPX_PHASE1_D_NOISE of its
 * terms) for the rest of the run; returns 0 when there is none.
 */
static int price_far_columns(spx *lp, primal_state *st)
{
    double least = 0, ymax = 0;
    for (int i = 0; i < lp->m; i++)
        ymax = spx_max(ymax, fabs(lp->rho[i]));
    for (int k = 0; k < lp->nt; k++) {
        double d = lp->d[k];
        if (far_candidate(lp, k, d) &&
            fabs(d) > SPX_PHASE1_D_NOISE * reduced_cost_size(lp, k, ymax) &&
            (least == 0 || fabs(d) < least))
            least = fabs(d);
    }
    if (least == 0)
        return 0;
    if (st->tol_dual == 0)
        st->tol_dual = lp->par.tol_dual;
    lp->par.tol_dual = SPX_FAR_PHASE1_SHARE * least;
    return 1;
}

/*
 * A verdict reached on fresh factors stands only with its certificate.
 * Unbounded: the ray of the entering column (lp->col). Infeasible: the
 * phase-1 duals y (lp->rho, computed by this iteration) as a Farkas
 * row. A phase-1 column that nothing blocks is impossible in exact
 * arithmetic. A Farkas row that fails where phase 1 can go on toward no
 * bound goes on (price_far_columns); else a failed check lowers the pivot tolerance and goes on
 * (-1) until it is at its floor: then SPX_NUMERIC, with the reason.
 */
static int certify(spx *lp, primal_state *st, int status)
{
    switch (status) {
    case SPX_UNBOUNDED:
        if (spx_primal_ray_holds(lp, st->q, st->dir, lp->col))
            return status;
        lp->why = "the primal simplex found an unbounded ray that fails "
                  "its check on the model's rows and bounds";
        break;
    case SPX_INFEASIBLE:
        if (spx_farkas_certify(lp, lp->rho, -1))
            return status;
        if (spx_refine_values(lp) || price_far_columns(lp, st))
            return -1;
        lp->why = "primal phase 1 ended infeasible without a valid Farkas "
                  "certificate";
        break;
    case SPX_NUMERIC:
        lp->why = "primal phase 1 found no row to block an entering "
                  "column";
        break;
    default:
        return status;
    }
    return lp->par.recovery && relax_pivots(st) ? -1 : SPX_NUMERIC;
}

static spx_status primal_loop(spx *lp, primal_state *st)
{
    int stall = 0;
    unsigned tick = 0;
    spx_refactor(lp);
    if (spx_notify_start(lp, st->phase))
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
        if (spx_refactor_due(lp))
            spx_refactor(lp);
        int status = iterate(lp, st, &stall);
        if (status == PRIMAL_GIVE_UP)
            return SPX_NUMERIC;
        if (status < 0)
            continue;
        if (status == SPX_STOPPED)
            return SPX_STOPPED;
        if (st->shifted) {
            /* Clean-up: the verdict is reached again on the true
             * bounds, from this basis (a few pivots). */
            restore_bounds(lp, st);
            continue;
        }
        if (lp->since_refactor > 0) {
            /* Confirm the verdict on a fresh factorization. */
            spx_refactor(lp);
            continue;
        }
        status = certify(lp, st, status);
        if (status >= 0)
            return (spx_status)status;
    }
}

spx_status spx_run_primal(spx *lp)
{
    primal_state st = {.phase = 0, .q = -1, .pivot_scale = 1.0, .tol_dual = 0};
    lp->farkas_ok = 0;
    st.devex = malloc((size_t)lp->nt * sizeof *st.devex);
    if (!st.devex) {
        /* not Dantzig's pricing instead: a solve that runs out of
         * memory must say so, not take another path */
        lp->broken = 1;
        lp->why = "out of memory for the primal pricing weights";
        return SPX_NUMERIC;
    }
    reset_devex(lp, st.devex);
    spx_status status = primal_loop(lp, &st);
    if (st.shifted)
        restore_bounds(lp, &st);
    if (st.tol_dual > 0)
        lp->par.tol_dual = st.tol_dual;
    free(st.devex);
    return status;
}
