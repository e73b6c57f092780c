/*
 * verify.c -- the last word before a solution is reported: every column
 * bound, integrality and row of the original model, recomputed from x.
 *
 * A row's activity is summed in double-double (error-free products by
 * fma, compensated sums: Ogita, Rump and Oishi 2005), so the violation is
 * what it is even where the terms are huge: 10^20 x + y <= 10^20 at
 * x = y = 1 is off by 1, which a plain double sum cannot see. The
 * violation allowed is tol_verify * (1 + s), where s is the smaller of
 * |bound| and the magnitude of the row's terms on continuous columns:
 * terms on integer columns (integral after rounding, exact) earn no
 * relative slack, so a row of integers is held to tol_verify absolutely.
 * No double x meets a row more closely than the granularity of its
 * values lets it (an ulp of each continuous term): a row whose continuous
 * terms reach 10^18 against a right side of 6 * 10^5 (an LP whose optimum
 * lies far out) is allowed VERIFY_ROUNDING of those terms too. Nothing
 * more: what a solve loses to the basis's condition is no part of the
 * contract (the polish solves again, or the point is not reported).
 * A row of integers only is not called broken (mip_broken_integer_row)
 * within the data's own rounding to doubles either: a side of 5.3 * 10^10
 * given to 11 decimals is 3.8 * 10^-6 off, and no integer point may meet it
 * (VERIFY_DATA_ROUNDING). The check itself allows half an ulp of a side
 * with a fractional part, which shows the decimal was rounded, and no
 * more, since data may be exact (10^20 x + y <= 10^20 at x = y = 1 is off
 * by 1).
 */
#include "mip.h"
#include "spx_dd.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

/* The amount by which act (minus the bound) lies outside [lo, up]. */
static double outside(const spx_dd *act, double lo, double up)
{
    if (lo > -INFINITY) {
        spx_dd d = *act;
        spx_dd_add(&d, -lo);
        double below = -(d.hi + d.lo);
        if (below > 0)
            return below;
    }
    if (up < INFINITY) {
        spx_dd d = *act;
        spx_dd_add(&d, -up);
        double above = d.hi + d.lo;
        if (above > 0)
            return above;
    }
    return 0;
}

static int check_cols(const bnb_model *m, const double *x,
                      const char *is_int, double tol, double tol_int,
                      double *worst, char *why, size_t len)
{
    for (int j = 0; j < bnb_num_cols(m); j++) {
        double lo = bnb_col_lo(m, j), up = bnb_col_up(m, j);
        spx_dd v = {x[j], 0};
        double e = outside(&v, lo, up);
        /* an integer column's value is integral: no relative slack */
        double allowed = tol * (1 + (is_int[j] ? 0 : fabs(e == 0 ? 0 :
                                     x[j] < lo ? lo : up)));
        if (e > *worst)
            *worst = e;
        if (e > allowed) {
            snprintf(why, len, "column %s = %.17g violates its bounds "
                     "[%g, %g] by %.3g", bnb_col_name(m, j), x[j], lo, up,
                     e);
            return 0;
        }
        if (is_int[j] && !(fabs(x[j] - round(x[j])) <= tol_int)) {
            snprintf(why, len, "integer column %s = %.17g is fractional",
                     bnb_col_name(m, j), x[j]);
            return 0;
        }
    }
    return 1;
}

/* What side b as a double may be off the decimal it was read from: half
 * its ulp when it has a fractional part (53322388484.77876 is 3.8 * 10^-6
 * off, and no point of integers meets it closer), else 0 (a whole side
 * such as 10^20 may well be exact). */
static double side_rounding(double b)
{
    if (!isfinite(b) || b == floor(b))
        return 0;
    return (nextafter(fabs(b), INFINITY) - fabs(b)) / 2;
}

/* Row i's violation, the violation it may have, and the size of its
 * side and terms. */
static double row_violation(const bnb_model *m, int i, const double *x,
                            const char *is_int, double tol, double *allowed,
                            double *activity, double *size)
{
    const int *cols = bnb_row_cols(m, i);
    const double *vals = bnb_row_vals(m, i);
    double lo = bnb_row_lo(m, i), up = bnb_row_up(m, i), cont = 0, all = 0;
    spx_dd act = {0, 0};
    for (int k = 0; k < bnb_row_len(m, i); k++) {
        spx_dd_add_mul(&act, vals[k], x[cols[k]]);
        all += fabs(vals[k] * x[cols[k]]);
        if (!is_int[cols[k]])
            cont += fabs(vals[k] * x[cols[k]]);
    }
    double e = outside(&act, lo, up);
    double side = act.hi < lo ? lo : up, bound = e == 0 ? 0 : fabs(side);
    *allowed = tol * (1 + fmin(bound, cont)) + VERIFY_ROUNDING * cont +
               side_rounding(e == 0 ? 0 : side);
    *size = bound + all;
    *activity = act.hi + act.lo;
    return e;
}

int mip_verify(const bnb_model *m, const double *x, const char *is_int,
               double tol, double tol_int, double *max_violation,
               char *why, size_t whylen)
{
    double worst = 0;
    int ok = check_cols(m, x, is_int, tol, tol_int, &worst, why, whylen);
    for (int i = 0; ok && i < bnb_num_rows(m); i++) {
        double allowed, act, size;
        double e = row_violation(m, i, x, is_int, tol, &allowed, &act,
                                 &size);
        if (e > worst)
            worst = e;
        if (e > allowed) {
            snprintf(why, whylen, "row %s has activity %.17g outside "
                     "[%g, %g] by %.3g", bnb_row_name(m, i), act,
                     bnb_row_lo(m, i), bnb_row_up(m, i), e);
            ok = 0;
        }
    }
    *max_violation = worst;
    return ok;
}

int mip_broken_integer_row(const bnb_model *m, const double *x,
                           const char *is_int, double tol)
{
    for (int i = 0; i < bnb_num_rows(m); i++) {
        int only_int = 1;
        for (int k = 0; k < bnb_row_len(m, i); k++)
            only_int &= is_int[bnb_row_cols(m, i)[k]] != 0;
        double allowed, act, size;
        if (only_int && row_violation(m, i, x, is_int, tol, &allowed, &act,
                                      &size) >
                            allowed + VERIFY_DATA_ROUNDING * size)
            return i;
    }
    return -1;
}
