/*
 * presolve.c -- coefficient tightening before the root LP (Savelsbergh
 * 1994; Achterberg 2007, sec. 10.1). In a row  sum a_k x_k <= b  whose
 * largest activity M (from the columns' bounds, implied ones included)
 * cannot reach b when a binary x_j is at the value that helps the row
 * most, the row is redundant on that side, and a_j (with b) can shrink by
 * the slack d without cutting off an integer point:
 *
 *     a_j > 0, M - a_j < b:  a_j -= d, b -= d   with d = b - (M - a_j)
 *     a_j < 0, M + a_j < b:  a_j += d           with d = b - (M + a_j)
 *
 * This turns big-M rows x <= M y into x <= u y, with u the bound x can
 * really reach: a much tighter LP for fixed-charge models. A variable
 * bound row (two terms, one binary y) also takes the bound x reaches
 * when y is fixed at the value that relaxes the row, from the rows that
 * hold both: x <= y beside x + 0.025 y <= 1 becomes x <= 0.975 y
 * (probing on y one row deep, as in Savelsbergh 1994, sec. 3). The
 * original model is untouched: solutions are still verified against it.
 */
#include "presolve.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static mip_activity row_range(const mip_row_form *r, int i, const double *lo,
                              const double *up)
{
    mip_activity a = {0, 0, 0, 0};
    for (int k = r->start[i]; k < r->start[i + 1]; k++)
        mip_activity_add(&a, r->val[k], lo[r->col[k]], up[r->col[k]]);
    return a;
}

/* What row i's activity range, and a side less the rest of it, may be
 * off by in doubles (mip_rounding_error of its finite terms and its
 * side). A bound implied through a small coefficient multiplies it:
 * 7 x9 - 7.466 * 10^-7 x13 - 23970 x10 = -24005.000001620122 gives x13
 * from a difference of terms near 2.4 * 10^4 whose rounding, 4 * 10^-12,
 * is 5 * 10^-6 of x13, and x13 >= 2.1700012 where 2.17 holds tightened
 * a coefficient that then cut off the optimum. */
static double range_error(const mip_row_form *r, int i, const double *lo,
                          const double *up)
{
    double mag = 0;
    for (int k = r->start[i]; k < r->start[i + 1]; k++) {
        double c = r->val[k], l = lo[r->col[k]], u = up[r->col[k]];
        double t = c == 0.0 ? 0 : fmax(fabs(c * l), fabs(c * u));
        if (isfinite(t))
            mag += t;
    }
    double side = 0;
    if (isfinite(r->lo[i]))
        side = fabs(r->lo[i]);
    if (isfinite(r->up[i]))
        side = fmax(side, fabs(r->up[i]));
    return mip_rounding_error(r->start[i + 1] - r->start[i] + 1, mag + side);
}

/* The implied bounds [*ilo, *iup] of entry k's column from the rest of
 * row i's range a, loosened by the range's rounding error err. */
static void implied_from(const mip_row_form *r, int i, int k,
                         const mip_activity *a, double l, double u,
                         double err, double *ilo, double *iup)
{
    double c = r->val[k], rmin, rmax;
    mip_residual(a, c, l, u, &rmin, &rmax);
    mip_implied(c, rmin, rmax, r->lo[i], r->up[i], ilo, iup);
    *ilo -= err / fabs(c);
    *iup += err / fabs(c);
}

/* Implied bounds of continuous column j from row i's range a, taken
 * over the bounds lo0/up0 (its own contribution removed) and loosened
 * by the range's rounding error err; tightens lo/up, returns 1 if it
 * did. */
static int imply(const mip_row_form *r, int i, int k, const mip_activity *a,
                 const double *lo0, const double *up0, double err,
                 double *lo, double *up)
{
    int j = r->col[k];
    double l = lo[j], u = up[j], ilo, iup;
    implied_from(r, i, k, a, lo0[j], up0[j], err, &ilo, &iup);
    double nl = fmax(l, ilo), nu = fmin(u, iup);
    /* Sides that cross by rounding only (an equality that fixes j gives
     * 1.0400000000000063 and 1.04 in one order of its terms, the other
     * way round in another) fix j at their middle, within j's bounds:
     * refusing both made egout's tightening depend on the order. */
    if (nl > nu && nl - nu <= PRESOLVE_MIN_CHANGE * (1 + fabs(nu)))
        nl = nu = fmin(fmax(0.5 * (nl + nu), l), u);
    /* Only finite bounds where there were none, or real progress: the
     * implied bounds feed the tightening, not the LP. */
    int changed = 0;
    if (nl > l && (isinf(l) || nl > l + PRESOLVE_MIN_CHANGE * (1 + fabs(l))) && nl <= nu) {
        lo[j] = nl;
        changed = 1;
    }
    if (nu < u && (isinf(u) || nu < u - PRESOLVE_MIN_CHANGE * (1 + fabs(u))) && nl <= nu) {
        up[j] = nu;
        changed = 1;
    }
    return changed;
}

/*
 * Bounds the rows imply for the continuous columns, PRESOLVE_PASSES
 * rounds at most. Each round takes every row over the bounds the round
 * began with (Jacobi, not Gauss-Seidel): what the rounds reach is then
 * the same in any order of the rows (a round that used the bounds its
 * earlier rows had just implied reached further down a chain of rows
 * listed in its direction than against it: egout's coefficients were
 * tightened to -4.54 in one order and -115.9 in another). 0 when out of
 * memory.
 */
static int implied_bounds(const mip_state *s, const mip_row_form *r,
                          double *lo, double *up)
{
    double *lo0 = malloc(((size_t)s->n + 1) * sizeof *lo0);
    double *up0 = malloc(((size_t)s->n + 1) * sizeof *up0);
    int ok = lo0 && up0;
    for (int pass = 0; ok && pass < PRESOLVE_PASSES && !mip_out_of_time(s);
         pass++) {
        int changed = 0;
        memcpy(lo0, lo, (size_t)s->n * sizeof *lo0);
        memcpy(up0, up, (size_t)s->n * sizeof *up0);
        for (int i = 0; i < r->m; i++) {
            mip_activity a = row_range(r, i, lo0, up0);
            if (a.min_inf > 1 && a.max_inf > 1)
                continue;
            double err = range_error(r, i, lo0, up0);
            for (int k = r->start[i]; k < r->start[i + 1]; k++)
                if (!s->is_int[r->col[k]] && r->val[k] != 0)
                    changed |= imply(r, i, k, &a, lo0, up0, err, lo, up);
        }
        if (!changed)
            break;
    }
    free(lo0);
    free(up0);
    return ok;
}

/* The MODEL_CHANGE event of entry k of row i (now changed) whose
 * coefficient was old_coef and side dir old_rhs. */
static void tell_tightened(mip_state *s, const mip_row_form *r, int i,
                           int k, int dir, double old_coef, double old_rhs)
{
    bnb_event ev = {.type = BNB_EV_MODEL_CHANGE,
                    .change = BNB_CHANGE_COEF_TIGHTENED, .row = i,
                    .col = r->col[k], .dir = dir, .old_coef = old_coef,
                    .new_coef = r->val[k], .old_rhs = old_rhs,
                    .new_rhs = dir < 0 ? r->up[i] : r->lo[i]};
    if (mip_emit(s, &ev))
        s->stop = BNB_STOPPED;
}

/* Entry k (coefficient a, written as in sum a x <= b) of row i shrinks
 * by the slack d the row keeps when its binary relaxes it: a > 0 takes
 * b down with it. Returns the new b. */
static double shrink(mip_state *s, mip_row_form *r, int i, int k,
                     double sign, double a, double b, double d)
{
    double old_coef = r->val[k], old_rhs = sign > 0 ? r->up[i] : r->lo[i];
    if (a > 0) {
        a -= d;
        b -= d;
    } else {
        a += d;
    }
    r->val[k] = sign * a;
    if (sign > 0)
        r->up[i] = b;
    else
        r->lo[i] = -b;
    tell_tightened(s, r, i, k, sign > 0 ? -1 : 1, old_coef, old_rhs);
    return b;
}

/* Tightens row i, written as sum a x <= b (sign -1 for a >= row). The
 * maximal activity is computed once and kept up to date: a shrink takes
 * it down by d with b (a > 0) or leaves it (a < 0, whose binary is at 0
 * in the maximum), so a long row costs linear time, not quadratic. */
static int tighten_row(mip_state *s, mip_row_form *r, int i, double sign,
                       const double *lo, const double *up)
{
    int count = 0;
    double b = sign > 0 ? r->up[i] : -r->lo[i];
    mip_activity ra = row_range(r, i, lo, up);
    if ((sign > 0 ? ra.max_inf : ra.min_inf) > 0)
        return 0;
    double maxact = sign > 0 ? ra.max : -ra.min;
    double err = range_error(r, i, lo, up);
    for (int k = r->start[i]; k < r->start[i + 1]; k++) {
        int j = r->col[k];
        double a = sign * r->val[k];
        if (!s->is_int[j] || lo[j] != 0 || up[j] != 1 || a == 0)
            continue;
        double reach = a > 0 ? maxact - a : maxact + a;
        double d = b - reach;
        /* |a| - d is what the binary's side misses b by: within the
         * rows' tolerance that side holds, and a coefficient of that
         * size (a row 2 x <= 2 read as (2 + 3 * 10^-10) x <= 2 into
         * 3 * 10^-10 x <= 0) would fix the binary in a scaled LP by a
         * miss no tolerance counts */
        if (d <= PRESOLVE_MIN_CHANGE * (1 + fabs(b)) + err ||
            fabs(a) - d <= PRESOLVE_MIN_CHANGE * (1 + fabs(b)) + err)
            continue;
        b = shrink(s, r, i, k, sign, a, b, d);
        if (a > 0)
            maxact -= d;
        count++;
    }
    return count;
}

/* Row i's entry of column j, or -1. */
static int entry_of(const mip_row_form *r, int i, int j)
{
    for (int k = r->start[i]; k < r->start[i + 1]; k++)
        if (r->col[k] == j)
            return k;
    return -1;
}

/* [*xlo, *xup]: the bounds of column x when binary y = v, from its own
 * bounds and the rows but `skip` that hold both x and y (rows without y
 * gave their part to lo/up already). The rows of x are the model's
 * (s->prop.col_rows), whose pattern r keeps. */
static void bounds_given(const mip_state *s, const mip_row_form *r, int x,
                         int y, double v, int skip, double *lo, double *up,
                         double *xlo, double *xup)
{
    double ylo = lo[y], yup = up[y];
    lo[y] = up[y] = v;
    *xlo = lo[x];
    *xup = up[x];
    for (int t = s->prop.col_start[x]; t < s->prop.col_start[x + 1]; t++) {
        int i = s->prop.col_rows[t], k = entry_of(r, i, x);
        if (i == skip || entry_of(r, i, y) < 0 || k < 0)
            continue;
        mip_activity a = row_range(r, i, lo, up);
        double ilo, iup;
        implied_from(r, i, k, &a, lo[x], up[x], range_error(r, i, lo, up),
                     &ilo, &iup);
        *xlo = fmax(*xlo, ilo);
        *xup = fmin(*xup, iup);
    }
    lo[y] = ylo;
    up[y] = yup;
}

static int is_binary(const mip_state *s, int j, const double *lo,
                     const double *up)
{
    return s->is_int[j] && lo[j] == 0 && up[j] == 1;
}

/* Row i, written as a x + a_y y <= b (sign -1 for a >= row), with y
 * binary and x not: y's coefficient shrinks by the slack the row keeps
 * when y relaxes it (y = 1 for a_y < 0, else 0), x at the bound the
 * rows holding y allow then. Returns 1 if it changed. */
static int tighten_variable_bound(mip_state *s, mip_row_form *r,
                                  int i, double sign, double *lo, double *up)
{
    int k = r->start[i];
    if (r->start[i + 1] - k != 2)
        return 0;
    int ky = is_binary(s, r->col[k], lo, up) ? k : k + 1, kx = 2 * k + 1 - ky;
    int y = r->col[ky], x = r->col[kx];
    if (!is_binary(s, y, lo, up) || is_binary(s, x, lo, up))
        return 0;
    double a = sign * r->val[ky], ax = sign * r->val[kx];
    double b = sign > 0 ? r->up[i] : -r->lo[i], v = a < 0 ? 1 : 0;
    double xlo, xup;
    bounds_given(s, r, x, y, v, i, lo, up, &xlo, &xup);
    double reach = a * v + (ax > 0 ? ax * xup : ax * xlo);
    double d = b - reach;
    if (a == 0 || !isfinite(reach) || xlo > xup ||
        d <= PRESOLVE_MIN_CHANGE * (1 + fabs(b)) ||
        fabs(a) - d <= PRESOLVE_MIN_CHANGE * (1 + fabs(b)))
        return 0;   /* the last: as in tighten_row */
    shrink(s, r, i, ky, sign, a, b, d);
    return 1;
}

int mip_tighten_coefficients(mip_state *s, mip_row_form *r,
                             const double *col_lo, const double *col_up,
                             double *work)
{
    mip_technique_ran(s, MIP_TECH_PRESOLVE);
    double *lo = work, *up = work + s->n;
    for (int j = 0; j < s->n; j++) {
        lo[j] = col_lo[j];
        up[j] = col_up[j];
    }
    if (!implied_bounds(s, r, lo, up)) {
        s->out_of_memory = 1;   /* the solve ends so, as a cut loop's */
        return 0;
    }
    int count = 0;
    for (int i = 0; i < r->m; i++) {
        int le = isfinite(r->up[i]), ge = isfinite(r->lo[i]);
        double sign = le ? 1 : -1;
        if (le == ge)
            continue;
        count += tighten_row(s, r, i, sign, lo, up);
        count += tighten_variable_bound(s, r, i, sign, lo, up);
    }
    return count;
}

static double gcd(double a, double b)
{
    while (b > 0) {
        double t = fmod(a, b);
        a = b;
        b = t;
    }
    return a;
}

/* The gcd of row i's coefficients when every column is integer and every
 * coefficient an exactly representable integer, else 0. */
static double row_gcd(const mip_state *s, const mip_row_form *r, int i)
{
    double g = 0;
    for (int k = r->start[i]; k < r->start[i + 1]; k++) {
        double a = fabs(r->val[k]);
        if (!s->is_int[r->col[k]] || a != floor(a) || a > MIP_EXACT_INT_MAX)
            return 0;
        g = gcd(a, g);
    }
    return g;
}

/* The MODEL_CHANGE event of row i divided by g, its side dir rounded
 * from old_rhs to new_rhs (when it moved). */
static void tell_rounded(mip_state *s, int i, double g, int dir,
                         double old_rhs, double new_rhs)
{
    if (!(new_rhs != old_rhs))
        return;   /* unchanged, or an infinite side */
    bnb_event ev = {.type = BNB_EV_MODEL_CHANGE,
                    .change = BNB_CHANGE_ROW_ROUNDED, .row = i, .col = -1,
                    .dir = dir, .divisor = g, .old_rhs = old_rhs,
                    .new_rhs = new_rhs};
    if (mip_emit(s, &ev))
        s->stop = BNB_STOPPED;
}

/*
 * The multiples of g within a side's slack (mip_side_slack, and tol_int
 * of a step for the rounding of the quotient):
 *     lo' = g ceil((lo - slack) / g),  up' = g floor((up + slack) / g).
 * Both sides take their rounded values, even where one moves out by less
 * than its slack: keeping the unrounded 240.0000000037 beside a rounded
 * 240 would cross, and call 80 x = 240.0000000037 infeasible although
 * x = 3 misses it by 4 * 10^-9.
 */
static void round_sides(const mip_state *s, double g, double *lo, double *up)
{
    double tol = s->par.tol_int;
    if (isfinite(*lo))
        *lo = g * mip_round_up((*lo - mip_side_slack(&s->par, *lo, 0)) / g,
                               tol);
    if (isfinite(*up))
        *up = g * mip_round_down((*up + mip_side_slack(&s->par, *up, 0)) / g,
                                 tol);
}

int mip_round_integer_rows(mip_state *s, mip_row_form *r)
{
    mip_technique_ran(s, MIP_TECH_ROW_ROUNDING);
    int count = 0;
    for (int i = 0; i < r->m; i++) {
        double g = row_gcd(s, r, i);
        if (g == 0)
            continue;
        double lo = r->lo[i], up = r->up[i];
        round_sides(s, g, &lo, &up);
        if (lo > r->lo[i] || up < r->up[i])
            count++;
        double old_lo = r->lo[i], old_up = r->up[i];
        r->lo[i] = lo;
        r->up[i] = up;
        tell_rounded(s, i, g, -1, old_up, r->up[i]);
        tell_rounded(s, i, g, 1, old_lo, r->lo[i]);
    }
    return count;
}
