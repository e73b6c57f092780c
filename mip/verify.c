/*
 * verify.c -- the last word before a solution is reported: every column
 * bound, integrality and row of the original model, recomputed from x.
 */
#include "mip.h"

#include <math.h>
#include <stdio.h>

/* v may exceed [lo, up] by tol * (1 + |bound|); returns the excess. */
static double excess(double v, double lo, double up, double tol)
{
    double e = 0;
    if (v < lo)
        e = (lo - v) / (1 + fabs(lo));
    if (v > up)
        e = (v - up) / (1 + fabs(up));
    return e > tol ? e : (e > 0 ? -e : 0);
}

static int check_cols(const bnb_model *m, const double *x,
                      const char *is_int, double tol, double tol_int,
                      double *worst, char *why, size_t len)
{
    for (int j = 0; j < bnb_num_cols(m); j++) {
        double e = excess(x[j], bnb_col_lo(m, j), bnb_col_up(m, j), tol);
        if (fabs(e) > *worst)
            *worst = fabs(e);
        if (e > 0) {
            snprintf(why, len, "column %s = %.17g violates its bounds",
                     bnb_col_name(m, j), x[j]);
            return 0;
        }
        if (is_int[j] && fabs(x[j] - round(x[j])) > tol_int) {
            snprintf(why, len, "integer column %s = %.17g is fractional",
                     bnb_col_name(m, j), x[j]);
            return 0;
        }
    }
    return 1;
}

int mip_verify(const bnb_model *m, const double *x, const char *is_int,
               double tol, double tol_int, double *max_violation,
               char *why, size_t whylen)
{
    double worst = 0;
    int ok = check_cols(m, x, is_int, tol, tol_int, &worst, why, whylen);
    for (int i = 0; ok && i < bnb_num_rows(m); i++) {
        const int *cols = bnb_row_cols(m, i);
        const double *vals = bnb_row_vals(m, i);
        double act = 0;
        for (int k = 0; k < bnb_row_len(m, i); k++)
            act += vals[k] * x[cols[k]];
        double e = excess(act, bnb_row_lo(m, i), bnb_row_up(m, i), tol);
        if (fabs(e) > worst)
            worst = fabs(e);
        if (e > 0) {
            snprintf(why, whylen, "row %s has activity %.17g outside "
                     "[%g, %g]", bnb_row_name(m, i), act,
                     bnb_row_lo(m, i), bnb_row_up(m, i));
            ok = 0;
        }
    }
    *max_violation = worst;
    return ok;
}
