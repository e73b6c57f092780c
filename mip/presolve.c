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
 * really reach: a much tighter LP for fixed-charge models. The original
 * model is untouched: solutions are still verified against it.
 */
#include "mip.h"

#include <math.h>

/* Passes of bound implication over the rows before tightening. */
#define PRESOLVE_PASSES 8

typedef struct {
    double min, max;
    int min_inf, max_inf;
} range;

static range row_range(const row_form *r, int i, const double *lo,
                       const double *up)
{
    range a = {0, 0, 0, 0};
    for (int k = r->start[i]; k < r->start[i + 1]; k++) {
        double c = r->val[k], l = lo[r->col[k]], u = up[r->col[k]];
        if (c == 0)
            continue;
        double cmin = c > 0 ? c * l : c * u, cmax = c > 0 ? c * u : c * l;
        if (isfinite(cmin)) a.min += cmin; else a.min_inf++;
        if (isfinite(cmax)) a.max += cmax; else a.max_inf++;
    }
    return a;
}

/* Implied bounds of continuous column j from row i's range (its own
 * contribution removed); tightens lo/up, returns 1 if it did. */
static int imply(const row_form *r, int i, int k, const range *a,
                 double *lo, double *up)
{
    int j = r->col[k];
    double c = r->val[k], l = lo[j], u = up[j];
    double cmin = c > 0 ? c * l : c * u, cmax = c > 0 ? c * u : c * l;
    double rmin = isfinite(cmin) ? (a->min_inf ? -INFINITY : a->min - cmin)
                                 : (a->min_inf > 1 ? -INFINITY : a->min);
    double rmax = isfinite(cmax) ? (a->max_inf ? INFINITY : a->max - cmax)
                                 : (a->max_inf > 1 ? INFINITY : a->max);
    double nl = l, nu = u;
    if (isfinite(r->up[i]) && isfinite(rmin)) {
        double t = (r->up[i] - rmin) / c;
        if (c > 0) nu = fmin(nu, t); else nl = fmax(nl, t);
    }
    if (isfinite(r->lo[i]) && isfinite(rmax)) {
        double t = (r->lo[i] - rmax) / c;
        if (c > 0) nl = fmax(nl, t); else nu = fmin(nu, t);
    }
    /* Only finite bounds where there were none, or real progress: the
     * implied bounds feed the tightening, not the LP. */
    int changed = 0;
    if (nl > l && (isinf(l) || nl > l + 1e-9 * (1 + fabs(l))) && nl <= nu) {
        lo[j] = nl;
        changed = 1;
    }
    if (nu < u && (isinf(u) || nu < u - 1e-9 * (1 + fabs(u))) && nl <= nu) {
        up[j] = nu;
        changed = 1;
    }
    return changed;
}

static void implied_bounds(const search *s, const row_form *r, double *lo,
                           double *up)
{
    for (int pass = 0; pass < PRESOLVE_PASSES; pass++) {
        int changed = 0;
        for (int i = 0; i < r->m; i++) {
            range a = row_range(r, i, lo, up);
            if (a.min_inf > 1 && a.max_inf > 1)
                continue;
            for (int k = r->start[i]; k < r->start[i + 1]; k++)
                if (!s->is_int[r->col[k]] && r->val[k] != 0)
                    changed |= imply(r, i, k, &a, lo, up);
        }
        if (!changed)
            return;
    }
}

/* Tightens row i, written as sum a x <= b (sign -1 for a >= row). */
static int tighten_row(const search *s, row_form *r, int i, double sign,
                       const double *lo, const double *up)
{
    int count = 0;
    double b = sign > 0 ? r->up[i] : -r->lo[i];
    for (int k = r->start[i]; k < r->start[i + 1]; k++) {
        int j = r->col[k];
        double a = sign * r->val[k];
        if (!s->is_int[j] || lo[j] != 0 || up[j] != 1 || a == 0)
            continue;
        range ra = row_range(r, i, lo, up);
        double maxact = sign > 0 ? ra.max : -ra.min;
        if ((sign > 0 ? ra.max_inf : ra.min_inf) > 0)
            return count;
        double reach = a > 0 ? maxact - a : maxact + a;
        double d = b - reach;
        if (d <= 1e-9 * (1 + fabs(b)) || d >= fabs(a))
            continue;
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
        count++;
    }
    return count;
}

int mip_tighten_coefficients(const search *s, row_form *r,
                             const double *col_lo, const double *col_up,
                             double *work)
{
    double *lo = work, *up = work + s->n;
    for (int j = 0; j < s->n; j++) {
        lo[j] = col_lo[j];
        up[j] = col_up[j];
    }
    implied_bounds(s, r, lo, up);
    int count = 0;
    for (int i = 0; i < r->m; i++) {
        int le = isfinite(r->up[i]), ge = isfinite(r->lo[i]);
        if (le && !ge)
            count += tighten_row(s, r, i, 1, lo, up);
        else if (ge && !le)
            count += tighten_row(s, r, i, -1, lo, up);
    }
    return count;
}
