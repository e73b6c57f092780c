/*
 * prop_proof.c -- a refutation by propagation is checked before the
 * search believes it: the chain of bound changes that led to the failed
 * row is replayed in long double arithmetic, each change taken only as
 * far as its row implies it again from the replayed bounds, and the
 * failed row must still fail. Premises (branchings, probes, changes made
 * before the propagation began) are taken as they are.
 *
 * Propagation keeps margins for its own rounding (activity.c), so the
 * replay confirms every refutation it is shown; it is the second opinion
 * that keeps a wrong margin, or a wrong incremental update, from ever
 * becoming a wrong "infeasible" (a node pruned, a no-good learned, or
 * the model's verdict). A chain of rows of integers (integer columns
 * with finite bounds, integer coefficients and sides, every activity
 * below 2^53) was computed exactly already and is not replayed: a
 * puzzle's or enigma's, the most frequent.
 */
#include "presolve.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

/* proof_exact[i]: row i not yet looked at, exact, or not. */
enum { PROOF_UNKNOWN, PROOF_EXACT, PROOF_INEXACT };

int mip_proof_init(mip_state *s)
{
    size_t n = (size_t)(s->n ? s->n : 1), m = (size_t)(s->m ? s->m : 1);
    s->prop.proof_lo = malloc(n * sizeof *s->prop.proof_lo);
    s->prop.proof_up = malloc(n * sizeof *s->prop.proof_up);
    s->prop.proof_mark = calloc(n, sizeof *s->prop.proof_mark);
    s->prop.proof_exact = calloc(m, 1);
    return s->prop.proof_lo && s->prop.proof_up && s->prop.proof_mark &&
           s->prop.proof_exact;
}

void mip_proof_free(mip_state *s)
{
    free(s->prop.proof_lo);
    free(s->prop.proof_up);
    free(s->prop.proof_mark);
    free(s->prop.proof_exact);
}

static int is_integral(double v)
{
    return v == floor(v);
}

/* Is every activity of row i within the model's bounds (integers, as
 * every bound the search sets on an integer column) an integer below
 * 2^53, and are its sides integers (or infinite)? */
static int row_is_exact(const mip_state *s, int i)
{
    mip_row r = mip_row_get(s, i);
    double mag = 0;
    if ((isfinite(r.lo) && !is_integral(r.lo)) ||
        (isfinite(r.up) && !is_integral(r.up)))
        return 0;
    for (int k = 0; k < r.len; k++) {
        int j = r.cols[k];
        double lo = bnb_col_lo(s->model, j), up = bnb_col_up(s->model, j);
        if (!s->is_int[j] || !isfinite(lo) || !isfinite(up) ||
            !is_integral(lo) || !is_integral(up) || !is_integral(r.vals[k]))
            return 0;
        mag += fabs(r.vals[k]) * fmax(fabs(lo), fabs(up));
    }
    return mag < MIP_EXACT_INT_MAX;
}

/* Row i's exactness, remembered for the model's rows. */
static int exact(mip_state *s, int i)
{
    if (i >= s->m)
        return row_is_exact(s, i);
    if (s->prop.proof_exact[i] == PROOF_UNKNOWN)
        s->prop.proof_exact[i] = row_is_exact(s, i) ? PROOF_EXACT : PROOF_INEXACT;
    return s->prop.proof_exact[i] == PROOF_EXACT;
}

/* Was the whole chain from `from` on, and the failed row, computed in
 * exact arithmetic? */
static int chain_is_exact(mip_state *s, int from)
{
    if (!exact(s, s->learned.failed_row))
        return 0;
    for (int p = from; p < s->tree.trail_len; p++)
        if (s->tree.trail[p].reason && !exact(s, s->tree.trail[p].reason - 1))
            return 0;
    return 1;
}

/* Plain comparisons: the libm versions are calls on long double. */
static long double lmax(long double a, long double b)
{
    return a > b ? a : b;
}

static long double lmin(long double a, long double b)
{
    return a < b ? a : b;
}

static int infinite(long double v)
{
    return v == INFINITY || v == -INFINITY;
}

/* Column j's bounds in the replay: its own where the chain moved it,
 * else the LP's (untouched since the chain began). */
static void bounds_of(const mip_state *s, int j, long double *lo,
                      long double *up)
{
    if (s->prop.proof_mark[j] == s->prop.proof_stamp) {
        *lo = s->prop.proof_lo[j];
        *up = s->prop.proof_up[j];
    } else {
        *lo = spx_lo(s->lp, j);
        *up = spx_up(s->lp, j);
    }
}

/* Row r's activity range over the replayed bounds, in long double, and
 * the slacks of its sides (mip_side_slack plus rounding). */
typedef struct {
    long double min, max;
    int min_inf, max_inf;
    double slack_lo, slack_up;
} proof_range;

/* Term c x's smallest and largest values over x in [lo, up]. */
static void term(long double c, long double lo, long double up,
                 long double *tmin, long double *tmax)
{
    *tmin = c > 0 ? c * lo : c * up;
    *tmax = c > 0 ? c * up : c * lo;
}

static proof_range range_of(const mip_state *s, const mip_row *r)
{
    proof_range g = {0, 0, 0, 0, 0, 0};
    double mag = 0, cont = 0;
    for (int k = 0; k < r->len; k++) {
        long double lo, up, tmin, tmax;
        if (r->vals[k] == 0)
            continue;
        bounds_of(s, r->cols[k], &lo, &up);
        term(r->vals[k], lo, up, &tmin, &tmax);
        double size = (double)lmax(fabsl(tmin), fabsl(tmax));
        if (isfinite(size))
            mag += size;
        if (!s->is_int[r->cols[k]])
            cont += size;
        if (infinite(tmin))
            g.min_inf++;
        else
            g.min += tmin;
        if (infinite(tmax))
            g.max_inf++;
        else
            g.max += tmax;
    }
    double err = mip_rounding_error(r->len, mag);
    g.slack_lo = mip_side_slack(&s->par, r->lo, cont) + err;
    g.slack_up = mip_side_slack(&s->par, r->up, cont) + err;
    return g;
}

/* The bounds row r (range g) implies for its column j (coefficient c)
 * from the replayed bounds of the others: rounded inward for an integer
 * column with tol_int, loosened by MIP_PROP_CONT_SLACK for a continuous
 * one. */
static void implied(const mip_state *s, const mip_row *r,
                    const proof_range *g, int j, double c, long double *ilo,
                    long double *iup)
{
    long double lo, up, tmin, tmax;
    bounds_of(s, j, &lo, &up);
    term(c, lo, up, &tmin, &tmax);
    int min_inf = g->min_inf - infinite(tmin);
    int max_inf = g->max_inf - infinite(tmax);
    long double rmin = g->min - (infinite(tmin) ? 0 : tmin);
    long double rmax = g->max - (infinite(tmax) ? 0 : tmax);
    long double rlo = (long double)r->lo - g->slack_lo;
    long double rup = (long double)r->up + g->slack_up;
    long double from_up = isfinite(rup) && !min_inf ? (rup - rmin) / c
                                                    : c * INFINITY;
    long double from_lo = isfinite(rlo) && !max_inf ? (rlo - rmax) / c
                                                    : -c * INFINITY;
    *ilo = c > 0 ? from_lo : from_up;
    *iup = c > 0 ? from_up : from_lo;
    long double tol = s->par.tol_int;
    if (s->is_int[j]) {
        *ilo = ceill(*ilo - tol - MIP_PROP_ROUNDING_ULPS * LDBL_EPSILON *
                                      fabsl(*ilo));
        *iup = floorl(*iup + tol + MIP_PROP_ROUNDING_ULPS * LDBL_EPSILON *
                                       fabsl(*iup));
    } else {
        *ilo -= MIP_PROP_CONT_SLACK * (1 + fabsl(*ilo));
        *iup += MIP_PROP_CONT_SLACK * (1 + fabsl(*iup));
    }
}

/* The row of the newest replayed changes and its range, kept while the
 * changes that follow come from the same row (propagation makes them
 * in a row, in the row's order): the range is then updated, not summed
 * again. */
typedef struct {
    int reason;              /* 1 + the row, 0: none */
    mip_row r;
    proof_range g;
    int k;                   /* where the next column is looked for */
} proof_cache;

/* Row entry of column j, looked for from position `from` on (and then
 * from the start); -1 if none. */
static int entry_of(const mip_row *r, int j, int from)
{
    for (int n = 0; n < r->len; n++) {
        int k = (from + n) % r->len;
        if (r->cols[k] == j)
            return k;
    }
    return -1;
}

/* Moves column j's term (coefficient c) in range g from [lo, up] to
 * [nlo, nup]. */
static void move_term(proof_range *g, long double c, long double lo,
                      long double up, long double nlo, long double nup)
{
    long double tmin, tmax;
    term(c, lo, up, &tmin, &tmax);
    g->min_inf -= infinite(tmin) != 0;
    g->max_inf -= infinite(tmax) != 0;
    g->min -= infinite(tmin) ? 0 : tmin;
    g->max -= infinite(tmax) ? 0 : tmax;
    term(c, nlo, nup, &tmin, &tmax);
    g->min_inf += infinite(tmin) != 0;
    g->max_inf += infinite(tmax) != 0;
    g->min += infinite(tmin) ? 0 : tmin;
    g->max += infinite(tmax) ? 0 : tmax;
}

/* Replays trail entry t: a premise as it is, a propagated change as far
 * as its row implies it now. */
static void replay(mip_state *s, const mip_trail_entry *t, proof_cache *pc)
{
    int j = t->col;
    if (!t->reason) {
        s->prop.proof_lo[j] = t->new_lo;
        s->prop.proof_up[j] = t->new_up;
        pc->reason = 0;   /* j may lie in the cached row */
        return;
    }
    if (pc->reason != t->reason) {
        pc->reason = t->reason;
        pc->r = mip_row_get(s, t->reason - 1);
        pc->g = range_of(s, &pc->r);
        pc->k = 0;
    }
    int k = entry_of(&pc->r, j, pc->k);
    if (k < 0 || pc->r.vals[k] == 0)
        return;
    pc->k = k + 1;
    double c = pc->r.vals[k];
    long double ilo, iup, lo = s->prop.proof_lo[j], up = s->prop.proof_up[j];
    implied(s, &pc->r, &pc->g, j, c, &ilo, &iup);
    s->prop.proof_lo[j] = lmax(lo, lmin(t->new_lo, ilo));
    s->prop.proof_up[j] = lmin(up, lmax(t->new_up, iup));
    move_term(&pc->g, c, lo, up, s->prop.proof_lo[j], s->prop.proof_up[j]);
}

/* Does row i fail over the replayed bounds: its range outside its
 * slackened sides, or the bounds it implies for the column propagation
 * found crossing (proof_failed_col) crossing again? */
static int row_refuted(mip_state *s, int i)
{
    mip_row r = mip_row_get(s, i);
    proof_range g = range_of(s, &r);
    if ((!g.min_inf && g.min > (long double)r.up + g.slack_up) ||
        (!g.max_inf && g.max < (long double)r.lo - g.slack_lo))
        return 1;
    int k = entry_of(&r, s->prop.proof_failed_col, 0);
    if (k < 0 || r.vals[k] == 0)
        return 0;
    long double lo, up, ilo, iup;
    bounds_of(s, r.cols[k], &lo, &up);
    implied(s, &r, &g, r.cols[k], r.vals[k], &ilo, &iup);
    return lmax(lo, ilo) > lmin(up, iup);
}

int mip_proof_confirms(mip_state *s, int from)
{
    int failed = s->learned.failed_row;
    if (failed < 0)
        return 0;
    if (chain_is_exact(s, from))
        return 1;
    if (++s->prop.proof_stamp == 0)   /* wrapped: unmark every column */
        for (int j = 0; j < s->n; j++)
            s->prop.proof_mark[j] = 0;
    for (int p = s->tree.trail_len - 1; p >= from; p--) {
        const mip_trail_entry *t = &s->tree.trail[p];
        s->prop.proof_lo[t->col] = t->lo;
        s->prop.proof_up[t->col] = t->up;
        s->prop.proof_mark[t->col] = s->prop.proof_stamp;
    }
    proof_cache pc = {0};
    for (int p = from; p < s->tree.trail_len; p++)
        replay(s, &s->tree.trail[p], &pc);
    return row_refuted(s, failed);
}
