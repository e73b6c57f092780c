/*
 * ranging.c -- sensitivity analysis of an optimal LP basis (ranging):
 * how far each objective coefficient and each row's right side may move,
 * one at a time, before the basis stops being optimal (Chvatal 1983,
 * ch. 10; Hillier and Lieberman, sec. 4.7; glpsol --ranges).
 */
#include "mip.h"

#include <math.h>
#include <stdlib.h>

/* The interval [lo, up] of a step delta, both ends through 0. */
typedef struct {
    double lo, up;
} step;

static bnb_basis_status status_of(const spx *lp, int k)
{
    switch (spx_var_status(lp, k)) {
    case SPX_BASIC: return BNB_BASIC;
    case SPX_AT_ZERO: return BNB_AT_FREE;
    default: break;
    }
    if (spx_lo(lp, k) == spx_up(lp, k))
        return BNB_AT_FIXED;
    return spx_var_status(lp, k) == SPX_AT_UP ? BNB_AT_UPPER : BNB_AT_LOWER;
}

/* Narrows st to delta <= limit (the sign of limit is forced: rounding
 * may leave a value a hair past its bound, and delta = 0 keeps the
 * basis as it is). */
static void at_most(step *st, double limit)
{
    st->up = fmin(st->up, fmax(limit, 0));
}

static void at_least(step *st, double limit)
{
    st->lo = fmax(st->lo, fmin(limit, 0));
}

/*
 * Cost ranging of the basic variable of a row whose tableau row is
 * alpha: its cost c moving by delta moves each nonbasic reduced cost to
 *     d_k(delta) = d_k - delta alpha_k,
 * which must keep its sign: d_k >= 0 at a lower bound, <= 0 at an upper
 * one, = 0 for a free nonbasic; a fixed one never enters.
 */
static void basic_cost_step(const mip_state *s, const bnb_basis_status *st,
                            const double *d, const double *alpha, step *out)
{
    double tol = s->par.tol_pivot;
    *out = (step){-INFINITY, INFINITY};
    for (int k = 0; k < s->n + s->m; k++) {
        double a = alpha[k];
        if (st[k] == BNB_BASIC || st[k] == BNB_AT_FIXED || fabs(a) <= tol)
            continue;
        double ratio = d[k] / a;
        if (st[k] == BNB_AT_FREE)
            *out = (step){0, 0};
        else if ((st[k] == BNB_AT_LOWER) == (a > 0))
            at_most(out, ratio);
        else
            at_least(out, ratio);
    }
}

/* Cost ranging of a nonbasic column: only its own reduced cost d
 * changes, by delta; it keeps its sign until delta = -d. */
static step nonbasic_cost_step(bnb_basis_status st, double d)
{
    switch (st) {
    case BNB_AT_LOWER: return (step){-fmax(d, 0), INFINITY};
    case BNB_AT_UPPER: return (step){-INFINITY, -fmin(d, 0)};
    case BNB_AT_FIXED: return (step){-INFINITY, INFINITY};
    default: return (step){0, 0};
    }
}

/*
 * Right-side ranging, as bound ranging of the row's nonbasic slack q: q
 * moving by delta moves the basic variable of row r by -alpha_rq delta
 * (x_B = -B^-1 N x_N), which must stay within its bounds:
 *     lo_r <= x_r - alpha_rq delta <= up_r.
 * Called once per basis row r with that row's alpha, for every q.
 */
static void rhs_steps_of_row(const mip_state *s, const bnb_basis_status *st,
                             int r, const double *alpha, step *rows)
{
    int h = spx_head(s->lp, r);
    double x = spx_values(s->lp)[h];
    double lo = spx_lo(s->lp, h), up = spx_up(s->lp, h);
    for (int i = 0; i < s->m; i++) {
        int q = s->n + i;
        double a = alpha[q];
        if (st[q] == BNB_BASIC || fabs(a) <= s->par.tol_pivot)
            continue;
        double to_lo = (x - lo) / a, to_up = (x - up) / a;
        if (a > 0) {
            at_most(&rows[i], to_lo);
            at_least(&rows[i], to_up);
        } else {
            at_least(&rows[i], to_lo);
            at_most(&rows[i], to_up);
        }
    }
}

/* A basic row's side moves from its activity a away from it: its <=
 * side within [a, inf), else its >= side within (-inf, a]. */
static void basic_rhs_range(const spx *lp, int q, double *lo, double *up)
{
    double a = spx_values(lp)[q];
    *lo = -INFINITY;
    *up = INFINITY;
    if (spx_lo(lp, q) == spx_up(lp, q))
        *lo = *up = a;
    else if (isfinite(spx_up(lp, q)))
        *lo = a;
    else if (isfinite(spx_lo(lp, q)))
        *up = a;
}

void mip_ranges_free(bnb_result *res)
{
    free(res->col_status);
    free(res->row_status);
    free(res->cost_lo);
    free(res->cost_up);
    free(res->rhs_lo);
    free(res->rhs_up);
    res->col_status = res->row_status = NULL;
    res->cost_lo = res->cost_up = res->rhs_lo = res->rhs_up = NULL;
}

static int alloc_ranges(bnb_result *res, int n, int m)
{
    size_t nn = (size_t)(n ? n : 1), mm = (size_t)(m ? m : 1);
    res->col_status = malloc(nn * sizeof *res->col_status);
    res->row_status = malloc(mm * sizeof *res->row_status);
    res->cost_lo = malloc(nn * sizeof *res->cost_lo);
    res->cost_up = malloc(nn * sizeof *res->cost_up);
    res->rhs_lo = malloc(mm * sizeof *res->rhs_lo);
    res->rhs_up = malloc(mm * sizeof *res->rhs_up);
    return res->col_status && res->row_status && res->cost_lo &&
           res->cost_up && res->rhs_lo && res->rhs_up;
}

/* Column j's cost range in the model's sense: the simplex minimises
 * sense * c, so a maximisation's steps turn round. */
static void put_cost(const mip_state *s, bnb_result *res, int j, step d)
{
    double c = bnb_col_obj(s->model, j);
    if (s->sense > 0) {
        res->cost_lo[j] = c + d.lo;
        res->cost_up[j] = c + d.up;
    } else {
        res->cost_lo[j] = c - d.up;
        res->cost_up[j] = c - d.lo;
    }
}

/* Every tableau row once: the basic columns' cost ranges and, column by
 * column of the tableau, the nonbasic rows' steps. */
static void scan_tableau(mip_state *s, bnb_result *res,
                         const bnb_basis_status *st, const double *d,
                         double *alpha, step *rows)
{
    for (int r = 0; r < s->m; r++) {
        spx_tableau_row(s->lp, r, alpha);
        int h = spx_head(s->lp, r);
        if (h < s->n) {
            step c;
            basic_cost_step(s, st, d, alpha, &c);
            put_cost(s, res, h, c);
        }
        rhs_steps_of_row(s, st, r, alpha, rows);
    }
}

int mip_ranging(mip_state *s, bnb_result *res)
{
    int nt = s->n + s->m;
    size_t size = (size_t)(nt ? nt : 1);
    bnb_basis_status *st = malloc(size * sizeof *st);
    double *d = malloc(size * sizeof *d);
    double *alpha = malloc(size * sizeof *alpha);
    step *rows = malloc((size_t)(s->m ? s->m : 1) * sizeof *rows);
    int ok = st && d && alpha && rows && alloc_ranges(res, s->n, s->m);
    if (ok) {
        spx_duals(s->lp, NULL, d);
        for (int k = 0; k < nt; k++)
            st[k] = status_of(s->lp, k);
        for (int i = 0; i < s->m; i++)
            rows[i] = (step){-INFINITY, INFINITY};
        for (int j = 0; j < s->n; j++) {
            res->col_status[j] = st[j];
            if (st[j] != BNB_BASIC)
                put_cost(s, res, j, nonbasic_cost_step(st[j], d[j]));
        }
        scan_tableau(s, res, st, d, alpha, rows);
        for (int i = 0; i < s->m; i++) {
            int q = s->n + i;
            double v = spx_values(s->lp)[q];
            res->row_status[i] = st[q];
            if (st[q] == BNB_BASIC)
                basic_rhs_range(s->lp, q, &res->rhs_lo[i], &res->rhs_up[i]);
            else {
                res->rhs_lo[i] = v + rows[i].lo;
                res->rhs_up[i] = v + rows[i].up;
            }
        }
    }
    free(st);
    free(d);
    free(alpha);
    free(rows);
    if (!ok)
        mip_ranges_free(res);   /* all or nothing: a reader tests cost_lo */
    return ok;
}
