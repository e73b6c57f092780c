/*
 * search.c -- depth-first branch and bound. A node changes column bounds
 * only; its first child is solved by the dual simplex straight from the
 * node's final basis, the second is left open with a copy of that basis
 * (tree.c), to be resumed when the dive ends. Under best-first or
 * breadth-first node selection both children are left open, and tree.c
 * picks the next node.
 */
#include "cuts.h"
#include "heur.h"
#include "mip.h"
#include "symmetry.h"
#include "presolve.h"
#include "pump.h"
#include "rins.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    long id, parent;
    int depth, col, dir;
    double bound, value, parent_obj;
    double lower;            /* a bound on the LP known before solving */
    long iters_before;
    int propagated;          /* bounds tightened, -1: proved infeasible */
    int rc_fixed;            /* bounds reduced-cost fixing tightened    */
    int learned_from;        /* learned rows its parent did not see     */
    int learned_row;         /* learned from its failure, or -1         */
} node;

typedef enum { NODE_CLOSED, NODE_BRANCHED, NODE_STOP } node_outcome;

/* v moved into column j's bounds. The simplex accepts a value outside a
 * bound by a tolerance relative to it (0.5 at 10^9): such a value counts
 * as the bound, else the branch that set the bound would repeat forever. */
static double in_bounds(const mip_state *s, int j, double v)
{
    return fmin(fmax(v, spx_lower(s->lp)[j]), spx_upper(s->lp)[j]);
}

int mip_frac_of(const mip_state *s, int j, double v)
{
    return s->is_int[j] &&
           mip_fractional_within(v, spx_lower(s->lp)[j],
                                 spx_upper(s->lp)[j], s->par.tol_int);
}

int mip_count_fractional_upto(const mip_state *s, const double *x, int most)
{
    const double *lo = spx_lower(s->lp), *up = spx_upper(s->lp);
    int k = 0;
    for (int j = 0; j < s->n && k < most; j++)
        k += s->is_int[j] &&
             mip_fractional_within(x[j], lo[j], up[j], s->par.tol_int);
    return k;
}

int mip_count_fractional(const mip_state *s, const double *x)
{
    return mip_count_fractional_upto(s, x, s->n);
}

static spx_status dual_checked(mip_state *s, double cut);

int mip_bound_proves(const mip_state *s, double b)
{
    double z = s->inc.incumbent;
    if (s->granularity > 0 && b >= z - s->granularity + s->par.tol_int)
        return 1;
    return b >= z - MIP_OPTIMAL_GAP * (1 + fabs(z));
}

int mip_improves(const mip_state *s, double z)
{
    double inc = s->inc.incumbent;
    return !s->inc.has_incumbent ||
           z < inc - MIP_OPTIMAL_GAP * (1 + fabs(inc));
}

/* How far below the incumbent z a bound must reach for its node to be
 * explored: the proof's rounding slack, or the user's gaps when wider,
 *     max(MIP_OPTIMAL_GAP (1 + |z|), abs_gap, mip_gap max(|z|, tiny)).
 * z - gap(z) grows with z (mip_gap <= 1), so a node given up stays
 * within the gap of every later, better incumbent: the final bound
 * meets the gaps as bnb_relative_gap measures them. */
static double prune_gap(const mip_state *s, double z)
{
    double proof = MIP_OPTIMAL_GAP * (1 + fabs(z));
    double rel = s->par.mip_gap * fmax(fabs(z), BNB_GAP_TINY);
    return fmax(proof, fmax(s->par.abs_gap, rel));
}

/* A region with LP bound b is given up because b passed the cutoff. */
void mip_note_pruned(mip_state *s, double b)
{
    if (b < s->pruned_bound)
        s->pruned_bound = b;
}

/* Takes the next open node; nodes whose bound is already past the cutoff
 * get their bounds but not their basis: they are pruned unsolved. */
static int next_node(mip_state *s, node *cur)
{
    mip_pending *p = mip_open_select(s);
    if (!p)
        return 0;
    int ok = mip_open_restore(s, p, p->lower <= mip_cutoff(s) ||
                                        !s->par.lp_cutoff);
    *cur = (node){s->next_id++, p->parent, p->depth, p->col, p->dir,
                  p->bound, p->value, p->parent_obj, p->lower,
                  spx_iterations(s->lp), 0, 0, p->learned, -1};
    mip_open_release(s, p);
    return ok;
}

/* ---- pruning thresholds ------------------------------------------- */

/* The LP objective above which a node cannot hold a better solution. */
static double improving_cutoff(const mip_state *s)
{
    if (!s->inc.has_incumbent)
        return INFINITY;
    double z = s->inc.incumbent, gap = prune_gap(s, z);
    if (s->granularity > 0)
        return fmin(z - s->granularity + s->par.tol_int, z - gap);
    return z - gap;
}

/* Is z (spx terms) the incumbent's value, for counting? Within
 * MIP_OPTIMAL_GAP relative, as a better value is one more than that
 * below (the user's gaps say when to stop, never what ties). */
static int ties_incumbent(const mip_state *s, double z)
{
    double inc = s->inc.incumbent;
    return z <= inc + MIP_OPTIMAL_GAP * (1 + fabs(inc));
}

/* Still counting: enumerating, and below the solution limit. */
static int counting(const mip_state *s)
{
    return s->par.enumerate_all && s->inc.solutions < s->par.solution_limit;
}

/* The LP objective above which a node cannot hold a better (or, while
 * counting, an equally good) solution. Counting, a node goes only when
 * its bound is clearly worse than the incumbent: above a tie by
 * MIP_COUNT_SLACK relative, the error an LP objective may carry, so that
 * every technique that prunes or fixes by this cutoff (the dual
 * simplex's cutoff, penalties, reduced-cost fixing, strong branching)
 * keeps each optimal point. */
double mip_cutoff(const mip_state *s)
{
    if (!s->inc.has_incumbent || !counting(s))
        return improving_cutoff(s);
    double z = s->inc.incumbent;
    return z + (MIP_OPTIMAL_GAP + MIP_COUNT_SLACK) * (1 + fabs(z)) +
           s->par.tol_int * s->granularity;
}

/*
 * A bound on the node's LP that holds whatever the accuracy of its
 * duals (weak duality, as the dual simplex's cutoff): with the reduced
 * costs d of the columns and of the rows' slacks (s = A x) recomputed
 * from the duals y, d = c - [A -I]^T y, every point of the node meets
 *     c x = sum_k d_k v_k  >=  L = sum_k min(d_k lo_k, d_k up_k)
 * over the columns and slacks v. The LP objective z = c x of the LP's
 * point is L only when the duals are exact: a reduced cost of the
 * wrong sign within tol_dual, on a column of range 10^8, moves z from
 * the bound by 0.1, and with mixed magnitudes by far more. L is lowered
 * by MIP_SUM_ROUNDING of the size of its terms (their rounding); -inf
 * when a reduced cost beyond tol_dual meets an infinite bound (one
 * within it there is rounding noise, as on the slack of a one-sided row
 * at its side, and counts 0: the bound is proven wherever the bounds
 * are finite, which is where a wrong sign costs). Recomputes the LP's
 * reduced costs (spx_reduced_costs).
 */
double mip_proven_bound(mip_state *s)
{
    spx_duals(s->lp, NULL, NULL);
    const double *d = spx_reduced_costs(s->lp);
    double sum = 0, size = 0;
    const double *lo = spx_lower(s->lp), *up = spx_upper(s->lp);
    for (int k = 0; k < s->n + spx_rows(s->lp); k++) {
        if (d[k] == 0)
            continue;
        double b = d[k] > 0 ? lo[k] : up[k];
        if (!isfinite(b) && fabs(d[k]) <= s->par.tol_dual)
            continue;   /* rounding noise on a slack with one side */
        if (!isfinite(b))
            return -INFINITY;
        sum += d[k] * b;
        size += fabs(d[k] * b);
    }
    return sum - MIP_SUM_ROUNDING * (1 + size);
}

/* Is the node, LP objective z, past the cutoff? Only when the proven
 * bound says so too: a node whose LP objective passes the cutoff on
 * inaccurate duals is searched on, not pruned. */
static int beyond_cutoff(mip_state *s, double z)
{
    double cut = mip_cutoff(s);
    if (!(z > cut))
        return 0;
    double bound = mip_proven_bound(s);
    return bound > cut &&
           (!counting(s) || bound - mip_count_margin(s) > cut);
}

/* The LP's verdict once the contract's margins are met: an infeasible
 * LP's certificate (mip_lp_widen_needed) and, counting, a cutoff. */
static spx_status widened_until_proven(mip_state *s, spx_status st,
                                       double cutoff)
{
    while (mip_lp_widen_needed(s, st) ||
           mip_count_widen_needed(s, st, cutoff))
        st = dual_checked(s, cutoff);
    return st;
}

/*
 * Reduced-cost fixing: a nonbasic integer column at its lower bound with
 * reduced cost d > 0 can rise by at most (cutoff - L) / d before the
 * node's proven bound L passes the cutoff, so up <= lo + floor((cutoff -
 * L) / d) holds in the whole subtree (likewise at the upper bound with
 * d < 0). L, not the LP objective: a fixing from a bound the node's
 * duals do not prove can cut off the optimum, at whichever nodes the
 * search order (a memory limit's, say) makes inaccurate.
 */
double mip_rc_reach(const mip_state *s, double at, double d, double gap)
{
    return d > 0 ? at + floor(gap / d + s->par.tol_int)
                 : at - floor(gap / -d + s->par.tol_int);
}

static int reduced_cost_fixing(mip_state *s, int depth)
{
    int count = 0;
    /* without an objective, d is a perturbation only */
    if (!isfinite(mip_cutoff(s)) || !s->has_objective)
        return 0;
    double gap = mip_cutoff(s) - mip_proven_bound(s);
    if (!isfinite(gap) || gap < 0)
        return 0;
    const double *d = spx_reduced_costs(s->lp);
    for (int j = 0; j < s->n; j++) {
        int st = spx_var_status(s->lp, j);
        double lo = spx_lo(s->lp, j), up = spx_up(s->lp, j);
        if (!s->is_int[j] || lo == up || st == SPX_BASIC)
            continue;
        if (st == SPX_AT_LO && d[j] > s->par.tol_dual) {
            double most = mip_rc_reach(s, lo, d[j], gap);
            if (most < up && mip_trail_set(s, j, lo, most, depth))
                count++;
        } else if (st == SPX_AT_UP && d[j] < -s->par.tol_dual) {
            double least = mip_rc_reach(s, up, d[j], gap);
            if (least > lo && mip_trail_set(s, j, least, up, depth))
                count++;
        }
    }
    if (count)
        mip_note_pruned(s, mip_cutoff(s));   /* the part cut away lies past it */
    return count;
}

/* ---- node outcomes ------------------------------------------------- */

/* The best bound of the search (spx terms): the open nodes' and `extra`
 * (a node about to be solved), never past the incumbent. */
static double global_bound(mip_state *s, double extra)
{
    double b = fmin(mip_open_best(s), extra);
    return s->inc.has_incumbent && b > s->inc.incumbent ? s->inc.incumbent : b;
}

static double model_incumbent(const mip_state *s)
{
    return s->inc.has_incumbent ? mip_model_objective(s, s->inc.incumbent)
                            : s->sense * INFINITY;
}

static node_outcome prune(mip_state *s, const node *cur, bnb_prune_reason why,
                          int improved)
{
    bnb_event ev = {.type = BNB_EV_PRUNED, .node = cur->id,
                    .parent = cur->parent, .depth = cur->depth,
                    .reason = why, .improved = improved,
                    .incumbent = model_incumbent(s), .open = s->tree.open_len,
                    .best_bound = mip_model_objective(
                        s, global_bound(s, INFINITY))};
    return mip_emit(s, &ev) ? NODE_STOP : NODE_CLOSED;
}

static int emit_solution(mip_state *s, bnb_event_type type, const double *x,
                         double obj)
{
    bnb_event ev = {.type = type, .x = x, .n = s->n,
                    .lp_obj = mip_model_objective(s, obj),
                    .incumbent = mip_model_objective(s, obj)};
    return mip_emit(s, &ev);
}

/* An integer column the node has not fixed, or -1. */
static int first_unfixed_int(const mip_state *s)
{
    for (int j = 0; j < s->n; j++)
        if (s->is_int[j] && spx_lo(s->lp, j) < spx_up(s->lp, j))
            return j;
    return -1;
}

/* A column the node has not fixed in a row of integer columns only that
 * the integral point x breaks (its LP met the row only to the LP's
 * tolerance, 10^-9 of a side of 3.6 * 10^6): some column there must change.
 * -1 when there is none (a broken row with a continuous column is the
 * polish's, accept_point). */
static int broken_row_col(const mip_state *s, const double *x)
{
    int i = mip_broken_integer_row(s->model, x, s->is_int,
                                   s->par.tol_verify);
    if (i < 0)
        return -1;
    for (int k = 0; k < bnb_row_len(s->model, i); k++) {
        int j = bnb_row_cols(s->model, i)[k];
        if (spx_lo(s->lp, j) < spx_up(s->lp, j))
            return j;
    }
    return -1;
}

/* Rounds integer columns; the rounded point must pass verification,
 * if need be once its continuous columns are solved for the rounded
 * integers (polish.c). */
static int accept_point(mip_state *s, double *x)
{
    const double *v = spx_values(s->lp);
    for (int j = 0; j < s->n; j++)
        x[j] = s->is_int[j] ? round(in_bounds(s, j, v[j])) : v[j];
    double viol;
    char why[200];
    if (mip_polish_if_moved(s, x, v))
        return 1;
    if (mip_verify(s->model, x, s->is_int, s->par.tol_verify,
                   s->par.tol_int, &viol, why, sizeof why) ||
        (mip_polish(s, x) &&
         mip_verify(s->model, x, s->is_int, s->par.tol_verify,
                    s->par.tol_int, &viol, why, sizeof why)))
        return 1;
    /* every integer column fixed, a row of them broken: exactly, so the
     * leaf holds no solution (its LP met the row only to its tolerance,
     * 10^-9 of a side of 3.6 * 10^6) */
    if (first_unfixed_int(s) < 0 &&
        mip_broken_integer_row(s->model, x, s->is_int,
                               s->par.tol_verify) >= 0)
        return 0;
    s->numeric_failures++;
    snprintf(s->message, sizeof s->message,
             "an integral LP solution failed verification: %s", why);
    return 0;
}

static double objective_of(const mip_state *s, const double *x)
{
    double z = 0;
    for (int j = 0; j < s->n; j++)
        z += s->sense * bnb_col_obj(s->model, j) * x[j];
    return z;
}

/* An integral LP point: a candidate incumbent. When enumerating, it is
 * counted as a solution only at a leaf (every integer column fixed: an
 * integral LP point with a column free to move is one of many the node
 * may hold), and only if its integer part is not counted yet (count.c).
 * Returns 1 if it improved the incumbent. */
static int new_solution(mip_state *s, double *x, int leaf, int *stop)
{
    if (!accept_point(s, x))
        return 0;
    double z = objective_of(s, x);
    /* any improvement counts: the gaps prune nodes, they never throw
     * away a better solution found */
    int better = mip_improves(s, z);
    if (better) {
        mip_take_incumbent(s, x, z);
        *stop |= emit_solution(s, BNB_EV_INCUMBENT, x, z);
    }
    /* a leaf's point is counted once however often it is met */
    if (s->par.enumerate_all && leaf && ties_incumbent(s, z) &&
        mip_count_add(s, x) > 0) {
        s->inc.solutions = s->inc.counted.len;
        *stop |= emit_solution(s, BNB_EV_SOLUTION, x, z);
    }
    return better;
}

/* When enumerating, an integral node is a leaf only once every integer
 * column is fixed; returns an unfixed one (or -1). */
static int unfixed_int_col(const mip_state *s)
{
    return s->par.enumerate_all ? first_unfixed_int(s) : -1;
}

/* What the children's bounds (penalties pen added) stand on: the LP
 * objective obj, or when a child is to be pruned by its bound before
 * its LP is solved, the proven bound as well (beyond_cutoff). */
static double children_base(mip_state *s, double obj, const double pen[2])
{
    double base = obj;
    if (obj + fmax(pen[0], pen[1]) > mip_cutoff(s))
        base = fmin(obj, mip_proven_bound(s));
    /* counting, a child goes by the bound it inherits only beyond the
     * margin of the rows' tolerances, as a node by its own LP */
    return counting(s) ? base - mip_count_margin(s) : base;
}

/* The child of cur with j <= down (up 0) or j >= down + 1 (up 1) joins
 * the open nodes, its bound before solving base (the parent's objective
 * obj, or what children_base says) worsened by that side's penalty; 0
 * when out of memory. */
static int push_child(mip_state *s, const node *cur, int j, double v,
                      double down, int up, double obj, double base,
                      const double pen[2])
{
    /* a penalty is exact-LP reasoning too: counting takes none */
    mip_pending *p = mip_open_push(s, base + (counting(s) ? 0 : pen[up]));
    if (!p)
        return 0;   /* s->out_of_memory is set */
    p->parent = cur->id;
    p->depth = cur->depth + 1;
    p->col = j;
    p->dir = up ? 1 : -1;
    p->bound = up ? down + 1 : down;
    p->value = v;
    p->parent_obj = obj;
    p->learned = s->learned.count;
    return 1;
}

/* Pushes the second child and makes the first the current node (when
 * the node selection dives; else both are pushed, the first first, and
 * the node is closed); pen holds the children's penalties (down, up),
 * their bound before solving. */
static node_outcome branch(mip_state *s, node *cur, int j, double v,
                           double down, int up_first, const double pen[2],
                           const mip_branch_why *why)
{
    double obj = spx_objective(s->lp), base = children_base(s, obj, pen);
    int dives = mip_select_dives(s);
    if ((!dives &&
         !push_child(s, cur, j, v, down, up_first, obj, base, pen)) ||
        !push_child(s, cur, j, v, down, !up_first, obj, base, pen))
        return NODE_STOP;
    bnb_event ev = {.type = BNB_EV_BRANCH, .node = cur->id,
                    .parent = cur->parent, .depth = cur->depth, .col = j,
                    .dir = up_first ? 1 : -1, .value = v,
                    .bound = up_first ? down + 1 : down,
                    .rc_fixed = cur->rc_fixed, .incumbent = model_incumbent(s),
                    .open = s->tree.open_len,
                    .best_bound = mip_model_objective(
                        s, global_bound(s, base + pen[up_first ? 1 : 0])),
                    .rule = s->par.branch_rule, .score = why->score,
                    .runner = why->runner, .runner_score = why->runner_score,
                    .penalty = {pen[0], pen[1]}, .strong = why->strong,
                    .strong_iters = why->strong_iters};
    if (mip_emit(s, &ev))
        return NODE_STOP;
    if (!dives)
        return NODE_CLOSED;
    *cur = (node){s->next_id++, cur->id, cur->depth + 1, j, ev.dir,
                  ev.bound, v, obj, base + pen[up_first ? 1 : 0],
                  spx_iterations(s->lp), 0, 0, s->learned.count, -1};
    if (!mip_apply_branch(s, j, cur->dir, cur->bound, cur->depth))
        return NODE_STOP;
    return NODE_BRANCHED;
}

static node_outcome branch_fractional(mip_state *s, node *cur,
                                      const double *x)
{
    double pen[2];
    mip_branch_why why;
    s->branch.strong_node = cur->id;
    double incumbent = s->inc.incumbent;
    int j = mip_choose_branch_col(s, x, pen, &why);
    if (s->branch.strong_stop)
        return NODE_STOP;
    if (s->inc.incumbent != incumbent) {   /* a trial LP's solution */
        double obj = spx_objective(s->lp);
        if (beyond_cutoff(s, obj)) {
            mip_note_pruned(s, obj);
            return prune(s, cur, BNB_PRUNE_BOUND, 0);
        }
    }
    double v = x[j], f = v - floor(v);
    int up_first = s->par.child_first == BNB_CHILD_UP ||
                   (s->par.child_first == BNB_CHILD_NEAREST && f >= 0.5);
    return branch(s, cur, j, v, floor(v), up_first, pen, &why);
}

/* Integral within tol_int is not integral: the rounded point (in x) must
 * keep the LP's objective and pass verification, else the fractions are
 * real and *col gets the column of the largest (a coarse tol_int must
 * not close a node whose optimum its LP has not found). */
static int rounding_loses(mip_state *s, double *x, int *col)
{
    const double *v = spx_values(s->lp);
    double worst = 0;
    *col = -1;
    for (int j = 0; j < s->n; j++) {
        double c = s->is_int[j] ? in_bounds(s, j, v[j]) : v[j];
        x[j] = s->is_int[j] ? round(c) : c;
        if (fabs(c - x[j]) > worst) {
            worst = fabs(c - x[j]);
            *col = j;
        }
    }
    if (*col < 0)   /* integral: split on a row of integers it breaks */
        return (*col = broken_row_col(s, x)) >= 0;
    double z = objective_of(s, x), lp = spx_objective(s->lp), viol;
    char why[8];
    return z > lp + MIP_OPTIMAL_GAP * (1 + fabs(lp)) ||
           !mip_verify(s->model, x, s->is_int, s->par.tol_verify,
                       s->par.tol_int, &viol, why, sizeof why);
}

static node_outcome integral_node(mip_state *s, node *cur, double *x)
{
    int r;
    const double none[2] = {0, 0};
    const mip_branch_why unscored = {0, 0, -1, 0, 0};
    if (rounding_loses(s, x, &r)) {
        double v = in_bounds(s, r, spx_values(s->lp)[r]), down = floor(v);
        if (down >= spx_up(s->lp, r))
            down -= 1;   /* an integral v at its upper bound */
        return branch(s, cur, r, v, down, v - down >= 0.5, none, &unscored);
    }
    int j = unfixed_int_col(s), stop = 0;
    int improved = new_solution(s, x, j < 0, &stop);
    if (stop)
        return NODE_STOP;
    /* A point the polish had to move to an objective worse than the
     * node's bound by more than tol_verify of it (the LP met a row only
     * to its tolerance, 5.8 * 10^3 of a side of 2.7 * 10^13, and the
     * optimum moved by 1.6 * 10^-3 of itself) leaves that bound
     * unproven: the integers split further. */
    double lp = spx_objective(s->lp);
    if (j < 0 &&
        objective_of(s, x) > lp + s->par.tol_verify * (1 + fabs(lp)))
        j = first_unfixed_int(s);
    if (j < 0)
        return prune(s, cur, BNB_PRUNE_INTEGRAL, improved);
    double v = round(spx_values(s->lp)[j]);
    if (v >= spx_up(s->lp, j))
        return branch(s, cur, j, v, v - 1, 1, none, &unscored);
    return branch(s, cur, j, v, v, 0, none, &unscored);
}

static bnb_lp_status lp_status_of(spx_status st)
{
    switch (st) {
    case SPX_OPTIMAL: return BNB_LP_OPTIMAL;
    case SPX_INFEASIBLE: return BNB_LP_INFEASIBLE;
    case SPX_UNBOUNDED: return BNB_LP_UNBOUNDED;
    case SPX_CUTOFF: return BNB_LP_CUTOFF;
    case SPX_ITER_LIMIT: return BNB_LP_LIMIT;
    default: return BNB_LP_NUMERIC;
    }
}

/* The node's LP objective, or for a node cut off before its LP was
 * solved the bound that cut it off. */
static double lp_bound(const mip_state *s, const node *cur, spx_status st)
{
    if (st == SPX_CUTOFF && cur->lower > mip_cutoff(s))
        return cur->lower;
    return spx_objective(s->lp);
}

static int emit_node(mip_state *s, const node *cur, spx_status st,
                     const double *x, int nfrac)
{
    if (cur->depth > s->max_depth)
        s->max_depth = cur->depth;
    bnb_lp_view view = {s};   /* an infeasible LP's certificate */
    bnb_event ev = {.type = BNB_EV_NODE, .node = cur->id, .view = &view,
                    .parent = cur->parent, .depth = cur->depth,
                    .col = cur->col, .dir = cur->dir, .bound = cur->bound,
                    .value = cur->value, .lp_status = lp_status_of(st),
                    .lp_obj = mip_model_objective(s, lp_bound(s, cur, st)),
                    .lp_iters = spx_iterations(s->lp) - cur->iters_before,
                    .by_dual = cur->id > 0 || s->root_by_dual,
                    .propagated = cur->propagated,
                    .nfrac = nfrac, .x = x, .n = s->n,
                    .parent_obj = mip_model_objective(s, cur->parent_obj),
                    .node_bound = mip_model_objective(s, cur->lower)};
    return mip_emit(s, &ev);
}

/* What the LP status of a node means for the search. */
static node_outcome lp_outcome(mip_state *s, node *cur, spx_status st)
{
    switch (st) {
    case SPX_INFEASIBLE:
        return prune(s, cur, BNB_PRUNE_INFEASIBLE, 0);
    case SPX_CUTOFF:
        mip_note_pruned(s, lp_bound(s, cur, st));
        return prune(s, cur, BNB_PRUNE_BOUND, 0);
    case SPX_UNBOUNDED:
        if (cur->id == 0) {
            s->stop = BNB_UNBOUNDED;
            return NODE_STOP;
        }
        /* The root's LP was bounded, so a child's cannot be unbounded:
         * whatever the ray check passed, the verdict is noise. */
        s->numeric_failures++;
        snprintf(s->message, sizeof s->message, "the LP of node %ld came "
                 "out unbounded below a bounded root LP", cur->id);
        return prune(s, cur, BNB_PRUNE_INFEASIBLE, 0);
    case SPX_ITER_LIMIT:
        s->stop = BNB_ITER_LIMIT;
        return NODE_STOP;
    case SPX_STOPPED:
        s->stop = mip_stop_reason(s);
        return NODE_STOP;
    default:
        if (spx_out_of_memory(s->lp)) {
            s->out_of_memory = 1;
            return NODE_STOP;
        }
        s->numeric_failures++;
        snprintf(s->message, sizeof s->message,
                 "the LP of node %ld failed numerically: %s", cur->id,
                 spx_failure(s->lp));
        return prune(s, cur, BNB_PRUNE_INFEASIBLE, 0);
    }
}

/* The no-good learned from the node's failure, if any. */
static int emit_learned(mip_state *s, const node *cur)
{
    if (cur->learned_row < 0)
        return 0;
    mip_row r = mip_row_get(s, cur->learned_row);
    bnb_event ev = {.type = BNB_EV_LEARNED, .node = cur->id,
                    .parent = cur->parent, .depth = cur->depth,
                    .len = r.len, .cols = r.cols, .vals = r.vals,
                    .bound = r.up};
    return mip_emit(s, &ev);
}

/* The node's LP after a round of cuts (cuts_tree.c) re-solved it to
 * status st: 1 when the node goes on with the new LP point in s->x,
 * else 0 with the node's outcome. A re-solve that did not end in a
 * verdict is checked, and retried, as any node's LP. */
static int after_cuts(mip_state *s, node *cur, spx_status st,
                      node_outcome *out)
{
    if (st != SPX_STOPPED && st != SPX_CUTOFF && st != SPX_INFEASIBLE)
        st = dual_checked(s, mip_cutoff(s));
    st = widened_until_proven(s, st, mip_cutoff(s));
    if (s->stop != BNB_OPTIMAL)
        *out = NODE_STOP;
    else if (st != SPX_OPTIMAL)
        *out = lp_outcome(s, cur, st);
    else if (beyond_cutoff(s, spx_objective(s->lp))) {
        mip_note_pruned(s, spx_objective(s->lp));
        *out = prune(s, cur, BNB_PRUNE_BOUND, 0);
    } else {
        memcpy(s->x, spx_values(s->lp), (size_t)s->n * sizeof *s->x);
        return 1;
    }
    return 0;
}

/* What RINS asks of its sub-MIP at a node of LP value obj: a share of
 * the gap between the incumbent and the search's bound better (SCIP's
 * minimprove). A solution within the rows' tolerances of the incumbent's
 * value is no better one: pp08a's sub-MIP found 7349.999992 beside 7350
 * through continuous values at the edge of their rows. */
static double rins_cutoff(mip_state *s, double obj)
{
    double cut = improving_cutoff(s), z = s->inc.incumbent;
    double bound = global_bound(s, obj);
    if (isfinite(bound) && bound < z)
        cut = fmin(cut, z - RINS_MIN_IMPROVE * (z - bound));
    return cut;
}

static node_outcome evaluate(mip_state *s, node *cur, spx_status st)
{
    s->nodes++;
    const double *v = spx_values(s->lp);
    memcpy(s->x, v, (size_t)s->n * sizeof *v);
    int nfrac = st == SPX_OPTIMAL ? mip_count_fractional(s, s->x) : 0;
    if (emit_node(s, cur, st, s->x, nfrac) || emit_learned(s, cur))
        return NODE_STOP;
    if (st != SPX_OPTIMAL)
        return lp_outcome(s, cur, st);
    double obj = spx_objective(s->lp);
    mip_update_pseudocost(s, cur->col, cur->dir, cur->value, cur->parent_obj,
                          obj);
    if (beyond_cutoff(s, obj)) {
        mip_note_pruned(s, obj);
        return prune(s, cur, BNB_PRUNE_BOUND, 0);
    }
    if (nfrac > 0 && mip_cuts_node_due(s, cur->depth) &&
        mip_cuts_node(s, cur->id, mip_cutoff(s), &st)) {
        node_outcome out;
        if (!after_cuts(s, cur, st, &out))
            return out;
        nfrac = mip_count_fractional(s, s->x);
        obj = spx_objective(s->lp);
    }
    if (nfrac > 0 && cur->depth == 0 && mip_root_fixing_wanted(s))
        mip_root_duals_keep(s);
    if (nfrac > 0 && s->par.rc_fixing)
        cur->rc_fixed = reduced_cost_fixing(s, cur->depth);
    if (nfrac == 0)
        return integral_node(s, cur, s->x);
    if (mip_rins_due(s) && mip_rins(s, s->x, rins_cutoff(s, obj), cur->id))
        return NODE_STOP;
    if (mip_dive_due(s)) {
        if (mip_dive_node(s, cur->depth, cur->id, &st))
            return NODE_STOP;
        if (st != SPX_OPTIMAL)   /* the node's LP again: a limit, say */
            return lp_outcome(s, cur, st);
    }
    if (beyond_cutoff(s, obj)) {   /* a heuristic's solution cut it off */
        mip_note_pruned(s, obj);
        return prune(s, cur, BNB_PRUNE_BOUND, 0);
    }
    return branch_fractional(s, cur, s->x);
}

static int limit_hit(mip_state *s)
{
    if (s->nodes >= s->par.node_limit)
        s->stop = BNB_NODE_LIMIT;
    else if (s->tree.tree_bytes > s->memory_limit)
        s->stop = BNB_MEMORY_LIMIT;
    else if (mip_clock() - s->start >= s->par.time_limit)
        s->stop = BNB_TIME_LIMIT;
    else if (s->par.interrupt && *s->par.interrupt)
        s->stop = BNB_STOPPED;
    return s->stop != BNB_OPTIMAL;
}

/* NODE_START (before propagation) or PROPAGATED (after it), with a view
 * of the bounds; returns nonzero when the observer asks to stop. */
static int emit_node_step(mip_state *s, const node *cur, bnb_event_type type)
{
    bnb_lp_view view = {s};
    bnb_event ev = {.type = type, .node = cur->id, .parent = cur->parent,
                    .depth = cur->depth, .col = cur->col, .dir = cur->dir,
                    .bound = cur->bound, .value = cur->value, .view = &view,
                    .propagated = cur->propagated,
                    .parent_obj = mip_model_objective(s, cur->parent_obj),
                    .node_bound = mip_model_objective(s, cur->lower)};
    if (type == BNB_EV_NODE_START) {   /* as the node was resumed */
        ev.rc_fixed = s->root_rc.fixed;
        s->root_rc.fixed = 0;
    }
    return mip_emit(s, &ev);
}

/* Do the LP's values keep every bound (to tol_verify)? */
static int within_bounds(const mip_state *s)
{
    const double *x = spx_values(s->lp);
    const double *lo = spx_lower(s->lp), *up = spx_upper(s->lp);
    double tol = s->par.tol_verify;
    for (int k = 0; k < s->n + s->m; k++)
        if (x[k] < lo[k] - tol * (1 + fabs(lo[k])) ||
            x[k] > up[k] + tol * (1 + fabs(up[k])))
            return 0;
    return 1;
}

/*
 * The dual simplex from the parent's basis, checked: an optimum must
 * keep every bound, and a numerical failure (a verdict the simplex could
 * not certify) is retried by the primal simplex from the same basis, then
 * from the slack basis (spx_retry: within what is left of the LP's
 * iteration budget), before the node is given up (lp_recovery=0 skips
 * the retry).
 */
static spx_status dual_checked(mip_state *s, double cut)
{
    spx_status st = spx_dual(s->lp, cut);
    if (st == SPX_OPTIMAL && !within_bounds(s))
        st = SPX_NUMERIC;
    if (st == SPX_NUMERIC && s->par.lp_recovery &&
        !spx_out_of_memory(s->lp)) {
        st = spx_retry(s->lp, SPX_USE_PRIMAL, NULL);
        if (st == SPX_OPTIMAL && !within_bounds(s))
            st = SPX_NUMERIC;
    }
    return st;
}

/* A node's LP status: cut off by its known bound, infeasible by
 * propagation, or the dual simplex's verdict; a failure of either is
 * analysed for a no-good (conflict.c). */
static spx_status solve_node(mip_state *s, node *cur)
{
    if (emit_node_step(s, cur, BNB_EV_NODE_START))
        return SPX_STOPPED;
    int refuted = s->tree.restore_failed;
    s->tree.restore_failed = 0;
    if (refuted == MIP_CUT_OFF) {   /* every point past the cutoff */
        cur->lower = nextafter(mip_cutoff(s), INFINITY);
        return SPX_CUTOFF;
    }
    int early = s->par.lp_cutoff;
    if (early && cur->lower > mip_cutoff(s))
        return SPX_CUTOFF;
    int fixed = refuted ? -1
                : s->par.propagation
                    ? mip_propagate_node(s, cur->col, cur->learned_from,
                                         cur->depth)
                    : 0;
    cur->propagated = fixed;
    if (fixed != 0 && emit_node_step(s, cur, BNB_EV_PROPAGATED))
        return SPX_STOPPED;
    mip_record_inference(s, cur->col, cur->dir, fixed < 0 ? s->n : fixed);
    if (fixed < 0) {
        cur->learned_row = s->learning ? mip_conflict_analyze(s, cur->depth)
                                       : -1;
        return SPX_INFEASIBLE;
    }
    if (s->orbitope && mip_symmetry_node(s, cur->depth) < 0)
        return SPX_INFEASIBLE;   /* no representative of its solutions */
    double cutoff = early ? mip_cutoff(s) : INFINITY;
    long iters = spx_iterations(s->lp);
    spx_status st = widened_until_proven(s, dual_checked(s, cutoff), cutoff);
    s->branch.node_lp_iters += spx_iterations(s->lp) - iters;
    s->branch.node_lps++;
    if (st == SPX_INFEASIBLE)
        cur->learned_row = s->learning ? mip_conflict_analyze_lp(s, cur->depth)
                                       : -1;
    return st;
}

/* Starts over at the root with what was learned; 0 when the search is
 * over (the learned rows refute the root, or the observer stops it). */
static int restart(mip_state *s, node *cur, spx_status *st)
{
    bnb_event ev = {.type = BNB_EV_RESTART, .node = s->nodes,
                    .restarts = s->learned.restarts + 1,
                    .len = s->learned.count};
    if (mip_emit(s, &ev)) {
        s->stop = BNB_STOPPED;
        return 0;
    }
    long iters = spx_iterations(s->lp);
    if (!mip_restart(s))
        return 0;
    *cur = (node){s->next_id++, -1, 0, -1, 0, 0, 0, 0, -INFINITY, iters,
                  0, 0, s->learned.count, -1};
    *st = dual_checked(s, mip_cutoff(s));
    return 1;
}

/* The dive (dive.c) from the root LP and, when it finds nothing, the
 * feasibility pump (pump.c): a solution either finds becomes the
 * incumbent. The trail is cut back and the root's basis restored;
 * returns 1 when the LP was changed (the root must be solved again). */
static int dive(mip_state *s, int *stop)
{
    /* an integral root LP point is a solution already: the root node
     * takes it, and the tree shows where it came from */
    if (!s->learning || !s->par.diving || s->par.enumerate_all ||
        !s->learned.has_root_basis ||
        mip_count_fractional_upto(s, spx_values(s->lp), 1) == 0)
        return 0;
    int base = s->tree.trail_len, found = 0, fixed, rows = s->learned.count;
    memcpy(s->x, spx_values(s->lp), (size_t)s->n * sizeof *s->x);
    double *x0 = malloc((size_t)(s->n ? s->n : 1) * sizeof *x0);
    if (x0)
        memcpy(x0, s->x, (size_t)s->n * sizeof *x0);
    else
        s->out_of_memory = 1;
    int done = mip_dive(s, s->x, &fixed);
    if (done) {
        spx_status st = dual_checked(s, INFINITY);
        if (st == SPX_OPTIMAL &&
            mip_count_fractional_upto(s, spx_values(s->lp), 1) == 0)
            found = new_solution(s, s->x, 1, stop);
    }
    bnb_event ev = {.type = BNB_EV_DIVE, .len = fixed, .improved = found};
    *stop |= mip_emit(s, &ev);
    mip_trail_cut(s, base);
    mip_conflict_forget_long(s, rows);
    int changed = done;
    if (!found && !*stop && s->par.pump && x0 && mip_pump_suits(s)) {
        int rounds;
        spx_basis_restore(s->lp, &s->learned.root_basis);
        found = mip_pump(s, x0, &rounds, stop);
        changed = 1;
    }
    free(x0);
    spx_basis_restore(s->lp, &s->learned.root_basis);
    return changed;
}

/* The current node (a child just branched to, its bound on the trail)
 * goes back to the open list: the dive has run too deep. */
static int defer_node(mip_state *s, const node *cur)
{
    mip_pending *p = mip_open_push(s, cur->lower);
    if (!p)
        return 0;
    p->parent = cur->parent;
    p->depth = cur->depth;
    p->col = cur->col;
    p->dir = cur->dir;
    p->bound = cur->bound;
    p->value = cur->value;
    p->parent_obj = cur->parent_obj;
    return 1;
}

/* The proven bound: the least of the incumbent, the regions pruned
 * against the cutoff, the open nodes and (cur_open) the current one. */
static void set_bound(mip_state *s, const node *cur, int cur_open)
{
    double b = s->pruned_bound;
    if (s->inc.has_incumbent)
        b = fmin(b, s->inc.incumbent);
    b = fmin(b, mip_open_best(s));
    if (cur_open)
        b = fmin(b, cur->lower);
    s->bound = b;
}

void mip_search(mip_state *s)
{
    node cur = {0, -1, 0, -1, 0, 0, 0, 0, -INFINITY, 0, 0, 0, 0, -1};
    s->next_id = 1;
    mip_conflict_save_root(s);
    int stop = 0;
    spx_status st = SPX_OPTIMAL;   /* the root LP is solved already */
    if (dive(s, &stop))
        st = dual_checked(s, mip_cutoff(s));
    if (s->out_of_memory) {
        s->stop = BNB_OUT_OF_MEMORY;
        return;
    }
    if (stop) {
        s->stop = BNB_STOPPED;
        return;
    }
    mip_cuts_tree_begin(s);
    for (;;) {
        node_outcome out = evaluate(s, &cur, st);
        set_bound(s, &cur, out != NODE_CLOSED);
        if (s->out_of_memory) {
            s->stop = BNB_OUT_OF_MEMORY;
            return;
        }
        if (out == NODE_STOP) {
            if (s->stop == BNB_OPTIMAL)
                s->stop = BNB_STOPPED;
            return;
        }
        if (limit_hit(s))
            return;
        if (out == NODE_BRANCHED && mip_too_deep(s, cur.depth) &&
            defer_node(s, &cur))
            out = NODE_CLOSED;
        if (out == NODE_CLOSED && mip_restart_due(s)) {
            if (!restart(s, &cur, &st))
                return;
            continue;
        }
        if (out == NODE_CLOSED && !next_node(s, &cur)) {
            if (s->out_of_memory)
                s->stop = BNB_OUT_OF_MEMORY;
            return;
        }
        st = solve_node(s, &cur);
    }
}
