/*
 * heur.c -- primal heuristics at the root, once its LP (with cuts) is
 * solved: simple rounding of the LP point, then a fractional dive
 * (Achterberg 2007, sec. 9.1 and 9.2; Berthold 2006), and when neither
 * finds a solution, the feasibility pump (pump.c). An early incumbent
 * lets the search prune by bound and fix by reduced cost from its first
 * node. Every find is verified against the model like any solution.
 */
#include "heur.h"
#include "presolve.h"
#include "pump.h"
#include "rins.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int fractional(const mip_state *s, int j, double v)
{
    return s->is_int[j] && fabs(v - round(v)) > s->par.tol_int;
}

int mip_offer(mip_state *s, double *x, const char *name, long node)
{
    double *from = malloc(sizeof *from * (size_t)(s->n + 1));
    if (!from) {   /* a solution dropped would change the search */
        s->out_of_memory = 1;
        return 0;
    }
    memcpy(from, x, sizeof *from * (size_t)s->n);
    for (int j = 0; j < s->n; j++)
        if (s->is_int[j])
            x[j] = round(x[j]);
    double viol, z = 0;
    char why[200];
    int ok = mip_polish_if_moved(s, x, from) ||
             mip_verify(s->model, x, s->is_int, s->par.tol_verify,
                        s->par.tol_int, &viol, why, sizeof why);
    free(from);
    if (!ok)
        return 0;
    for (int j = 0; j < s->n; j++)
        z += s->sense * bnb_col_obj(s->model, j) * x[j];
    if (!mip_improves(s, z))
        return 0;
    mip_take_incumbent(s, x, z);
    bnb_event ev = {.type = BNB_EV_INCUMBENT, .x = x, .n = s->n,
                    .lp_obj = mip_model_objective(s, z),
                    .incumbent = mip_model_objective(s, z),
                    .found_by = name, .node = node};
    return mip_emit(s, &ev);
}

/*
 * A column's locks (Achterberg 2007, sec. 9.1): the rows that keep it
 * from going down (a finite upper side where its coefficient is
 * positive, a finite lower side where negative), and likewise up.
 * Counted once, over the model's rows: cuts only ever follow from them.
 */
static int count_locks(mip_state *s)
{
    if (s->down_locks)
        return 1;
    s->down_locks = calloc((size_t)s->n + 1, sizeof(int));
    s->up_locks = calloc((size_t)s->n + 1, sizeof(int));
    if (!s->down_locks || !s->up_locks) {
        free(s->down_locks);
        free(s->up_locks);
        s->down_locks = s->up_locks = NULL;
        s->out_of_memory = 1;
        return 0;
    }
    for (int i = 0; i < s->m; i++) {
        int len = bnb_row_len(s->model, i);
        const int *cols = bnb_row_cols(s->model, i);
        const double *vals = bnb_row_vals(s->model, i);
        int has_up = isfinite(bnb_row_up(s->model, i));
        int has_lo = isfinite(bnb_row_lo(s->model, i));
        for (int k = 0; k < len; k++) {
            if (vals[k] == 0)
                continue;
            int *raising = vals[k] > 0 ? s->up_locks : s->down_locks;
            int *lowering = vals[k] > 0 ? s->down_locks : s->up_locks;
            raising[cols[k]] += has_up;
            lowering[cols[k]] += has_lo;
        }
    }
    return 1;
}

/* Simple rounding: a column without down-locks can be rounded down with
 * every row still holding, one without up-locks up. The LP point rounds
 * into x when every fractional column has such a direction; *z gets its
 * objective (spx terms) as mip_offer will count it, so that a rounding
 * no better than the incumbent costs no check. */
static int round_lp_point(mip_state *s, double *x, double *z)
{
    if (!count_locks(s))
        return 0;
    memcpy(x, spx_values(s->lp), (size_t)s->n * sizeof *x);
    *z = 0;
    for (int j = 0; j < s->n; j++) {
        if (fractional(s, j, x[j])) {
            if (s->down_locks[j] == 0)
                x[j] = floor(x[j]);
            else if (s->up_locks[j] == 0)
                x[j] = ceil(x[j]);
            else
                return 0;
        }
        double v = s->is_int[j] ? round(x[j]) : x[j];
        *z += s->sense * bnb_col_obj(s->model, j) * v;
    }
    return 1;
}

/* Simple rounding of the LP point, offered (as found by `name`) when it
 * beats the incumbent; returns nonzero when the observer asks to stop. */
static int simple_rounding(mip_state *s, double *x, const char *name,
                           long node)
{
    double z;
    if (!round_lp_point(s, x, &z) || !mip_improves(s, z))
        return 0;
    return mip_offer(s, x, name, node);
}

/* A candidate of coefficient diving: the side with fewer locks (of a
 * tie, the nearer integer), how many locks that is, how far the value
 * moves, and whether the column rounds without a dive at all. */
typedef struct {
    int col, up, locks, roundable;
    double dist;
} dive_cand;

static dive_cand coefficient_side(const mip_state *s, int j, double v)
{
    int dl = s->down_locks[j], ul = s->up_locks[j];
    double f = v - floor(v);
    int up = dl > ul || (dl == ul && f > 0.5);
    return (dive_cand){j, up, up ? ul : dl, dl == 0 || ul == 0,
                       up ? 1 - f : f};
}

/* Does a beat b: a column the rows keep from rounding first (one that
 * rounds freely can wait for the rounding of a later LP point), then
 * fewer locks, then the smaller move, then the key? */
static int dive_cand_beats(const mip_state *s, const dive_cand *a,
                           const dive_cand *b)
{
    if (b->col < 0)
        return 1;
    if (a->roundable != b->roundable)
        return b->roundable;
    if (a->locks != b->locks)
        return a->locks < b->locks;
    return mip_score_beats(s, -a->dist, a->col, -b->dist, b->col);
}

/* The columns a dive step must look at, into cols: the integer columns
 * that are basic, when every integer column's bounds are whole numbers
 * (a nonbasic one then sits at an integer), else every column. A step
 * then costs the rows, not the columns: a knapsack of 100,000 binaries
 * has one row. */
static int dive_columns(mip_state *s, int whole_bounds, int *cols)
{
    int len = 0;
    if (!whole_bounds) {
        for (int j = 0; j < s->n; j++)
            cols[len++] = j;
        return len;
    }
    for (int r = 0; r < spx_rows(s->lp); r++) {
        int k = spx_head(s->lp, r);
        if (k < s->n && s->is_int[k])
            cols[len++] = k;
    }
    return len;
}

/* Are the integer columns' bounds whole numbers (or infinite)? */
static int bounds_whole(const mip_state *s)
{
    const double *lo = spx_lower(s->lp), *up = spx_upper(s->lp);
    for (int j = 0; j < s->n; j++)
        if (s->is_int[j] && ((isfinite(lo[j]) && lo[j] != floor(lo[j])) ||
                             (isfinite(up[j]) && up[j] != floor(up[j]))))
            return 0;
    return 1;
}

/* Coefficient diving (Achterberg 2007, sec. 9.2; cbc's DiveCoefficient):
 * of the columns cols[0 .. len), the fractional one whose rounding the
 * fewest rows object to, toward the side they object to least. best.col
 * is -1 when they are all integral. */
static dive_cand coefficient_candidate(const mip_state *s, const double *v,
                                       const int *cols, int len)
{
    dive_cand best = {-1, 0, 0, 0, 0};
    for (int t = 0; t < len; t++) {
        int j = cols[t];
        if (!fractional(s, j, v[j]))
            continue;
        dive_cand c = coefficient_side(s, j, v[j]);
        if (dive_cand_beats(s, &c, &best))
            best = c;
    }
    return best;
}

/* The coefficient dive's rounding of its LP point v, every fractional
 * column among cols[0 .. len) free to round: its objective is the LP's
 * plus what the rounded columns move it by, so that a rounding no better
 * than the incumbent costs neither a copy of the point nor a check. */
static int coefficient_rounding(mip_state *s, double *x, const double *v,
                                const int *cols, int len, long node)
{
    double z = spx_objective(s->lp);
    for (int t = 0; t < len; t++) {
        int j = cols[t];
        if (fractional(s, j, v[j])) {
            double r = s->down_locks[j] == 0 ? floor(v[j]) : ceil(v[j]);
            z += s->sense * bnb_col_obj(s->model, j) * (r - v[j]);
        }
    }
    if (!mip_improves(s, z))
        return 0;
    return simple_rounding(s, x, "rounding in a coefficient dive", node);
}

/* The fractional column nearest an integer (of near ties, the first by
 * key: mip_score_beats), or -1. */
static int least_fractional(const mip_state *s, const double *v)
{
    int best = -1;
    double best_f = 1;
    for (int j = 0; j < s->n; j++) {
        if (!fractional(s, j, v[j]))
            continue;
        double f = fabs(v[j] - round(v[j]));
        if (mip_score_beats(s, -f, j, -best_f, best)) {
            best_f = f;
            best = j;
        }
    }
    return best;
}

/* Guided diving (Danna, Rothberg and Le Pape 2005): the fractional
 * column nearest its value in the incumbent, or -1; *target gets that
 * value's side (the integer the dive rounds it to). */
static int nearest_incumbent(const mip_state *s, const double *v,
                             double *target)
{
    int best = -1;
    double best_d = INFINITY;
    for (int j = 0; j < s->n; j++) {
        if (!fractional(s, j, v[j]))
            continue;
        double d = fabs(v[j] - s->inc.best_x[j]);
        if (mip_score_beats(s, -d, j, -best_d, best)) {
            best_d = d;
            best = j;
            *target = s->inc.best_x[j] > v[j] ? ceil(v[j]) : floor(v[j]);
        }
    }
    return best;
}

typedef enum { DIVE_FRACTIONAL, DIVE_COEFFICIENT, DIVE_GUIDED } dive_rule;

static const char *const dive_found[] = {"fractional diving",
                                          "coefficient diving",
                                          "guided diving"};

/* The dive's next column j (-1: v is integral) and the integer *r it
 * goes to; *roundable 1 when the coefficient rule's candidate rounds
 * freely, and so every candidate does: the LP point rounds. The
 * coefficient rule looks at cols[0 .. len) only. */
static int dive_choice(mip_state *s, const double *v, dive_rule rule,
                       const int *cols, int len, double *r, int *roundable)
{
    *roundable = 0;
    if (rule == DIVE_GUIDED)
        return nearest_incumbent(s, v, r);
    if (rule == DIVE_FRACTIONAL) {
        int j = least_fractional(s, v);
        *r = j >= 0 ? round(v[j]) : 0;
        return j;
    }
    dive_cand c = coefficient_candidate(s, v, cols, len);
    if (c.col >= 0)
        *r = c.up ? ceil(v[c.col]) : floor(v[c.col]);
    *roundable = c.roundable;
    return c.col;
}

/* The steps of dive() below; cols is work room for n + rows columns
 * (the coefficient rule's only). */
static int dive_steps(mip_state *s, double *x, long budget, dive_rule rule,
                      int depth, long node, int *cols)
{
    long start = spx_iterations(s->lp), steps = 0;
    double cutoff = s->inc.has_incumbent ? s->inc.incumbent : INFINITY;
    int coefficient = rule == DIVE_COEFFICIENT;
    int whole = coefficient && bounds_whole(s);
    /* every column: listed once; the basic ones: at every step */
    int len = coefficient && !whole ? dive_columns(s, 0, cols) : 0;
    for (;; steps++) {
        const double *v = spx_values(s->lp);
        double r = 0;
        if (whole)
            len = dive_columns(s, 1, cols);
        int roundable, j = dive_choice(s, v, rule, cols, len, &r, &roundable);
        if (j < 0) {
            memcpy(x, v, (size_t)s->n * sizeof *x);
            return mip_offer(s, x, dive_found[rule], node);
        }
        if (steps > 0 && roundable &&
            coefficient_rounding(s, x, v, cols, len, node))
            return 1;
        double lo = r > v[j] ? r : spx_lo(s->lp, j);
        double up = r > v[j] ? spx_up(s->lp, j) : r;
        if (!mip_trail_set(s, j, lo, up, depth) ||
            mip_propagate(s, j, depth) < 0)
            return 0;
        long used = spx_iterations(s->lp) - start;
        if ((used > steps ? used : steps) > budget ||
            spx_dual(s->lp, cutoff) != SPX_OPTIMAL)
            return 0;
    }
}

/* Fixes a fractional column at an integer (a bound change, propagated)
 * and re-solves, until the LP is integral, infeasible or out of
 * iterations: the least fractional column at its nearest integer, the
 * coefficient dive's candidate, or when guided the column nearest the
 * incumbent toward it. The coefficient dive also rounds each LP point
 * on the way that rounds, as cbc's and SCIP's dives do: a knapsack's LP
 * keeps one fractional column at every step, and some step's is nearly
 * whole (on cap6000-like models a root incumbent a few hundred from the
 * bound instead of 20,000; in the other dives the roundings took the
 * dive elsewhere and cost pp08a and OR-Library shapes 10-35%). Each
 * step is charged at least one iteration: on a free integer column of a
 * row with large terms a step can move the LP point by one unit without
 * a pivot, and the dive would otherwise walk a million steps. The bound
 * changes go on the trail at depth (the caller undoes them). Returns
 * nonzero to stop. */
static int dive(mip_state *s, double *x, long budget, dive_rule rule,
                int depth, long node)
{
    int *cols = NULL;
    if (rule == DIVE_COEFFICIENT &&
        (!count_locks(s) ||
         !(cols = malloc(((size_t)s->n + (size_t)spx_rows(s->lp) + 1) *
                         sizeof *cols)))) {
        s->out_of_memory = 1;
        return 0;
    }
    int stop = dive_steps(s, x, budget, rule, depth, node, cols);
    free(cols);
    return stop;
}

/* Worth a try: an integer model with an objective whose root LP point
 * is fractional (an integral one is the root's own solution). Not when
 * enumerating: the search counts each solution at its leaf. */
int mip_heuristics_wanted(const mip_state *s)
{
    if (!s->par.heuristics || !s->has_objective || s->par.lp_only ||
        s->par.enumerate_all)
        return 0;
    const double *v = spx_values(s->lp);
    for (int j = 0; j < s->n; j++)
        if (fractional(s, j, v[j]))
            return 1;
    return 0;
}

spx_status mip_heuristics_root(mip_state *s)
{
    mip_technique_ran(s, MIP_TECH_HEURISTICS);
    double *x = malloc(((size_t)s->n + 1) * sizeof *x);
    double *x0 = malloc(((size_t)s->n + 1) * sizeof *x0);
    spx_basis b;
    if (!x || !x0 ||
        spx_basis_init(&b, spx_rows(s->lp), spx_rows(s->lp) + s->n)) {
        free(x);
        free(x0);
        s->out_of_memory = 1;
        return SPX_OPTIMAL;
    }
    double before = s->inc.has_incumbent ? s->inc.incumbent : INFINITY;
    if (simple_rounding(s, x, "simple rounding", 0))
        s->stop = BNB_STOPPED;
    long budget = (long)(HEUR_DIVE_ITER_FACTOR * (double)s->root_lp_iters);
    if (budget < HEUR_DIVE_MIN_ITERS)
        budget = HEUR_DIVE_MIN_ITERS;
    spx_basis_save(s->lp, &b);
    memcpy(x0, spx_values(s->lp), (size_t)s->n * sizeof *x0);
    int len = s->tree.trail_len;
    /* two dives, as SCIP runs several: the fractional one suits rows of
     * equations (assignments), the coefficient one knapsacks */
    for (dive_rule rule = DIVE_FRACTIONAL; rule <= DIVE_COEFFICIENT; rule++) {
        if (s->stop != BNB_OPTIMAL)
            break;
        /* the root's point again, from its restored basis */
        if (rule > DIVE_FRACTIONAL && spx_dual(s->lp, INFINITY) != SPX_OPTIMAL)
            break;
        if (dive(s, x, budget, rule, 1, 0))
            s->stop = BNB_STOPPED;
        mip_trail_cut(s, len);
        spx_basis_restore(s->lp, &b);
    }
    if (s->stop == BNB_OPTIMAL && !s->inc.has_incumbent && s->par.pump) {
        int rounds, stop = 0;
        mip_pump(s, x0, &rounds, &stop);
        if (stop)
            s->stop = BNB_STOPPED;
        spx_basis_restore(s->lp, &b);
    }
    if (s->inc.has_incumbent && s->inc.incumbent < before)
        mip_rins_after_root_find(s);
    spx_status st = spx_dual(s->lp, INFINITY);
    spx_basis_free(&b);
    free(x);
    free(x0);
    return st;
}

/* Simplex iterations the tree's dives may still spend. */
static double dive_room(const mip_state *s)
{
    double others = (double)(spx_iterations(s->lp) - s->sched.dive_iters);
    return HEUR_TREE_DIVE_SHARE * others + HEUR_TREE_DIVE_ALLOWANCE -
           (double)s->sched.dive_iters;
}

int mip_dive_due(const mip_state *s)
{
    /* not at the root node: the root's dive has just run from its LP */
    long next = s->sched.dive_gap ? s->sched.dive_next
                                  : HEUR_TREE_DIVE_FIRST_GAP;
    return s->par.heuristics && s->has_objective && !s->par.enumerate_all &&
           s->nodes >= next && dive_room(s) > 0;
}

int mip_dive_node(mip_state *s, int depth, long node, spx_status *st)
{
    mip_technique_ran(s, MIP_TECH_HEURISTICS);
    double *x = malloc(((size_t)s->n + 1) * sizeof *x);
    spx_basis b;
    *st = SPX_OPTIMAL;
    if (!x || spx_basis_init(&b, spx_rows(s->lp), spx_rows(s->lp) + s->n)) {
        free(x);
        s->out_of_memory = 1;
        return 1;
    }
    long start = spx_iterations(s->lp), budget = (long)dive_room(s);
    long found = s->inc.solutions;
    spx_basis_save(s->lp, &b);
    int len = s->tree.trail_len;
    int stop = dive(s, x, budget,
                    s->inc.has_incumbent ? DIVE_GUIDED : DIVE_FRACTIONAL,
                    depth + 1, node);
    mip_trail_cut(s, len);
    spx_basis_restore(s->lp, &b);
    *st = spx_dual(s->lp, INFINITY);
    s->sched.dive_iters += spx_iterations(s->lp) - start;
    s->sched.dive_gap = s->inc.solutions > found || !s->sched.dive_gap
                      ? HEUR_TREE_DIVE_FIRST_GAP
                      : 2 * s->sched.dive_gap;
    s->sched.dive_next = s->nodes + s->sched.dive_gap;
    spx_basis_free(&b);
    free(x);
    return stop;
}
