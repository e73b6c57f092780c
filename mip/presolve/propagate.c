/*
 * propagate.c -- node bound propagation on the rows (Achterberg 2007,
 * sec. 7.1): from the bounds of the columns, each row's activity range
 * [minact, maxact] limits every integer column in it,
 *
 *     a_j > 0:  x_j <= lo_j + (rup - minact) / a_j,
 *               x_j >= up_j - (maxact - rlo) / a_j,
 *
 * (mirrored for a_j < 0), rounded to integers. A row whose range misses
 * [rlo, rup] proves the node infeasible before its LP is solved.
 *
 * The sides are first widened by what a reported point may miss them by
 * (mip_side_slack) and by the rounding error of the activity's sum, as
 * HiGHS's domain propagation does: 0.00124904 b + 1862.92 z + 169.038 y
 * + 0.0162651 w = 14047.665249 has the integer point b = 1, z = 5,
 * y = 28, w = 0 only to 4 * 10^-8, and at z = 5, y = 28 an exact bound
 * b <= 0.99997 rounds to b = 0 and refutes it. A tiny coefficient then
 * tightens nothing by itself (the slack divided by it is large). A
 * refutation is replayed before it counts (prop_proof.c).
 * Without an objective, continuous columns are tightened too (in a
 * puzzle they carry colours or orders, and only through them do the
 * rows refute a wrong choice).
 */
#include "presolve.h"

#include <math.h>
#include <stdlib.h>

int mip_prop_init(mip_state *s)
{
    const bnb_model *m = s->model;
    int n = s->n, rows = s->m;
    long nnz = bnb_num_nonzeros(m);
    s->prop.col_start = calloc((size_t)n + 1, sizeof(int));
    s->prop.col_rows = malloc((size_t)(nnz ? nnz : 1) * sizeof(int));
    s->prop.row_dirty = calloc((size_t)(rows ? rows : 1), 1);
    s->prop.row_queue = malloc((size_t)(rows ? rows : 1) * sizeof(int));
    s->prop.row_order = malloc((size_t)(rows ? rows : 1) * sizeof(int));
    if (!s->prop.col_start || !s->prop.col_rows || !s->prop.row_dirty ||
        !s->prop.row_queue || !s->prop.row_order || !mip_proof_init(s))
        return 0;
    for (int i = 0; i < rows; i++)
        s->prop.row_order[i] = i;
    for (int i = 0; i < rows; i++)
        for (int k = 0; k < bnb_row_len(m, i); k++)
            s->prop.col_start[bnb_row_cols(m, i)[k] + 1]++;
    for (int j = 0; j < n; j++)
        s->prop.col_start[j + 1] += s->prop.col_start[j];
    int *fill = malloc(((size_t)n + 1) * sizeof(int));
    if (!fill)
        return 0;
    for (int j = 0; j < n; j++)
        fill[j] = s->prop.col_start[j];
    for (int i = 0; i < rows; i++)
        for (int k = 0; k < bnb_row_len(m, i); k++)
            s->prop.col_rows[fill[bnb_row_cols(m, i)[k]]++] = i;
    free(fill);
    return 1;
}

void mip_prop_free(mip_state *s)
{
    free(s->prop.col_start);
    free(s->prop.col_rows);
    free(s->prop.row_dirty);
    free(s->prop.row_queue);
    free(s->prop.row_order);
    mip_proof_free(s);
}

int mip_prop_order(mip_state *s)
{
    spx_keyed_row *work = malloc(((size_t)s->m + 1) * sizeof *work);
    if (!work)
        return 0;
    for (int j = 0; j < s->n; j++)
        spx_sort_rows_by_key(s->lp, s->prop.col_rows + s->prop.col_start[j],
                             s->prop.col_start[j + 1] - s->prop.col_start[j],
                             work);
    spx_sort_rows_by_key(s->lp, s->prop.row_order, s->m, work);
    free(work);
    return 1;
}

mip_row mip_row_get(const mip_state *s, int i)
{
    if (i < s->m)
        return (mip_row){bnb_row_len(s->model, i), bnb_row_cols(s->model, i),
                         bnb_row_vals(s->model, i), bnb_row_lo(s->model, i),
                         bnb_row_up(s->model, i)};
    const mip_learned *l = &s->learned;
    int k = i - s->m, at = l->start[k];
    return (mip_row){l->start[k + 1] - at, l->col + at, l->val + at,
                     -INFINITY, l->up[k]};
}

int mip_num_rows(const mip_state *s)
{
    return s->m + s->learned.count;
}

/* The circular queue holds every row at most once. */
static int queue_size(const mip_state *s)
{
    return s->m + s->learned.cap;
}

/* A row's activity range over the columns' bounds, what it may miss
 * its sides by, and the width of its widest term. */
typedef struct {
    mip_activity a;
    double widest;           /* largest |a_j| (up_j - lo_j), inf if unbounded */
    double slack_lo, slack_up;   /* mip_side_slack plus the rounding of a */
} row_range;

/* |c x| at its largest over x in [lo, up] (a zero c: 0). */
static double term_size(double c, double lo, double up)
{
    if (c == 0.0)
        return 0;
    double a = fabs(c * lo), b = fabs(c * up);
    return a > b ? a : b;   /* not fmax: a call into libm per term */
}

static row_range row_activity(const mip_state *s, const mip_row *r)
{
    row_range g = {{0, 0, 0, 0}, 0, 0, 0};
    const double *lo = spx_lower(s->lp), *up = spx_upper(s->lp);
    double mag = 0, cont = 0;
    for (int k = 0; k < r->len; k++) {
        int j = r->cols[k];
        double c = r->vals[k], size = term_size(c, lo[j], up[j]);
        mip_activity_add(&g.a, c, lo[j], up[j]);
        if (isfinite(size))
            mag += size;
        if (!s->is_int[j])
            cont += size;
        double width = fabs(c) * (up[j] - lo[j]);
        if (c != 0.0 && lo[j] != up[j] && width > g.widest)
            g.widest = width;
    }
    double err = mip_rounding_error(r->len, mag);
    g.slack_lo = mip_side_slack(&s->par, r->lo, cont) + err;
    g.slack_up = mip_side_slack(&s->par, r->up, cont) + err;
    return g;
}

/* Can the side rup of the row bound any column? Not when its slack
 * rup - minact covers the widest term: then every implied bound lies
 * beyond the column's own (SCIP keeps the same test). Most visits end
 * here, before the loop over the columns. */
static int side_binds(double rup, double min, int min_inf, double widest)
{
    if (isinf(rup) || min_inf > 1)
        return 0;
    return min_inf == 1 || !(rup - min >= widest);
}

static void queue_row(mip_state *s, int i, int *tail)
{
    if (!s->prop.row_dirty[i]) {
        s->prop.row_dirty[i] = 1;
        s->prop.row_queue[(*tail)++ % queue_size(s)] = i;
    }
}

static void mark_rows_of(mip_state *s, int j, int *tail)
{
    for (int e = s->prop.col_start[j]; e < s->prop.col_start[j + 1]; e++)
        queue_row(s, s->prop.col_rows[e], tail);
    const mip_learned *l = &s->learned;
    if (l->occ)
        for (int k = 0; k < l->occ_len[j]; k++)
            queue_row(s, s->m + l->occ[j][k], tail);
}

/* Implied bounds [ilo, iup] of a continuous column in [lo, up], loosened
 * by MIP_PROP_CONT_SLACK, kept only where they are news: a first finite
 * bound, or a step of more than PROP_CONT_MIN_STEP * (1 + up - lo). */
static void continuous_bounds(double lo, double up, double ilo, double iup,
                              double *nlo, double *nup)
{
    double step = PROP_CONT_MIN_STEP * (1 + (up - lo));
    ilo -= MIP_PROP_CONT_SLACK * (1 + fabs(ilo));
    iup += MIP_PROP_CONT_SLACK * (1 + fabs(iup));
    *nlo = ilo > lo + step || (isinf(lo) && isfinite(ilo)) ? ilo : lo;
    *nup = iup < up - step || (isinf(up) && isfinite(iup)) ? iup : up;
}

/* New bounds of column j (coefficient c) in a row [rlo, rup] (its
 * slacks included), rounded for an integer column; returns -1 if they
 * cross, 1 if tightened, 0 if not. */
static int tighten(mip_state *s, int j, double c, double rmin, double rmax,
                   double rlo, double rup, int depth, int row)
{
    double lo = spx_lo(s->lp, j), up = spx_up(s->lp, j), ilo, iup;
    double nlo, nup, tol = s->par.tol_int;
    mip_implied(c, rmin, rmax, rlo, rup, &ilo, &iup);
    if (s->is_int[j]) {
        if (isfinite(ilo))
            ilo = c > 0 ? mip_integer_bound(c, rlo, rmax, tol, 0)
                        : mip_integer_bound(c, rup, rmin, tol, 0);
        if (isfinite(iup))
            iup = c > 0 ? mip_integer_bound(c, rup, rmin, tol, 1)
                        : mip_integer_bound(c, rlo, rmax, tol, 1);
        nlo = fmax(lo, ilo);
        nup = fmin(up, iup);
    } else {
        continuous_bounds(lo, up, ilo, iup, &nlo, &nup);
    }
    if (nlo > nup)
        return -1;
    if (nlo == lo && nup == up)
        return 0;
    if (!mip_trail_set(s, j, nlo, nup, depth))
        return 0;
    s->tree.trail[s->tree.trail_len - 1].reason = row + 1;
    return 1;
}

/*
 * Is the row's activity range outside [rlo - slack_lo, rup + slack_up]?
 * Models with an objective test only two-sided rows, as the search was
 * tuned with (a shared tolerance, infinite for a one-sided row): testing
 * those too changed branching through the inference history and took
 * gt2 from 4881 to 207247 nodes.
 */
static int row_fails(const mip_state *s, const row_range *g, double rlo,
                     double rup)
{
    const mip_activity *a = &g->a;
    if (s->has_objective && (isinf(rlo) || isinf(rup)))
        return 0;
    return (!a->min_inf && a->min > rup + g->slack_up) ||
           (!a->max_inf && a->max < rlo - g->slack_lo);
}

/* Propagates row i; returns -1 on infeasibility, else the number of
 * columns tightened. */
static int propagate_row(mip_state *s, int i, int depth, int *tail)
{
    mip_row r = mip_row_get(s, i);
    row_range g = row_activity(s, &r);
    mip_activity a = g.a;
    s->learned.failed_row = i;
    s->prop.proof_failed_col = -1;
    if (row_fails(s, &g, r.lo, r.up))
        return -1;
    /* the sides as far as a point the check accepts may reach */
    double rlo = r.lo - g.slack_lo, rup = r.up + g.slack_up;
    if (!side_binds(rup, a.min, a.min_inf, g.widest) &&
        !side_binds(-rlo, -a.max, a.max_inf, g.widest))
        return 0;
    const int *cols = r.cols;
    const double *vals = r.vals;
    const double *col_lo = spx_lower(s->lp), *col_up = spx_upper(s->lp);
    int changed = 0;
    for (int k = 0, len = r.len; k < len; k++) {
        int j = cols[k];
        double lo = col_lo[j], up = col_up[j];
        if ((!s->is_int[j] && !s->propagate_continuous) || lo == up ||
            vals[k] == 0.0)
            continue;
        double rmin, rmax;
        mip_residual(&a, vals[k], lo, up, &rmin, &rmax);
        int t = tighten(s, j, vals[k], rmin, rmax, rlo, rup, depth, i);
        if (t < 0) {
            s->prop.proof_failed_col = j;
            return -1;
        }
        if (t > 0) {
            changed++;
            mark_rows_of(s, j, tail);
            mip_activity_sub(&a, vals[k], lo, up);
            mip_activity_add(&a, vals[k], col_lo[j], col_up[j]);
        }
    }
    return changed;
}

/* A refutation the replay does not confirm is dropped with the chain
 * that led to it: the caller sees a propagation that found nothing. */
static int refutation(mip_state *s, int from)
{
    if (mip_proof_confirms(s, from))
        return -1;
    mip_trail_cut(s, from);
    s->learned.failed_row = -1;
    return 0;
}

/* Works off the rows queued in row_queue[0 .. tail-1] and those they
 * queue in turn; see mip_propagate. */
static int run_queue(mip_state *s, int tail, int depth)
{
    int head = 0, total = 0, size = queue_size(s), from = s->tree.trail_len;
    long visits = (long)PROP_VISITS_PER_ROW * mip_num_rows(s);
    while (head < tail) {
        int i = s->prop.row_queue[head++ % size];
        s->prop.row_dirty[i] = 0;
        if (visits-- <= 0)
            continue;
        if (head % PROP_CHECK_EVERY == 0 && mip_out_of_time(s))
            visits = 0;   /* the rest of the queue is only unmarked */
        int r = propagate_row(s, i, depth, &tail);
        if (r < 0) {
            while (head < tail)
                s->prop.row_dirty[s->prop.row_queue[head++ % size]] = 0;
            return refutation(s, from);
        }
        total += r;
    }
    return total;
}

int mip_propagate(mip_state *s, int col, int depth)
{
    int tail = 0;
    mark_rows_of(s, col, &tail);
    return run_queue(s, tail, depth);
}

int mip_propagate_node(mip_state *s, int col, int first_learned, int depth)
{
    mip_technique_ran(s, MIP_TECH_PROPAGATION);
    int tail = 0;
    if (col >= 0)
        mark_rows_of(s, col, &tail);
    for (int k = first_learned; k < s->learned.count; k++)
        queue_row(s, s->m + k, &tail);
    return run_queue(s, tail, depth);
}

int mip_propagate_every(mip_state *s, int depth)
{
    int tail = 0;
    for (int i = 0; i < s->m; i++)
        queue_row(s, s->prop.row_order[i], &tail);
    for (int i = s->m; i < mip_num_rows(s); i++)   /* the learned rows */
        queue_row(s, i, &tail);
    return run_queue(s, tail, depth);
}

int mip_propagate_all(mip_state *s)
{
    mip_technique_ran(s, MIP_TECH_PROPAGATION);
    return mip_propagate_every(s, 0);
}
