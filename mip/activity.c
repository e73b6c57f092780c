/*
 * activity.c -- a row's activity range from its columns' bounds, and the
 * bounds the row then implies for one of its columns. Shared by the
 * presolve (coefficient tightening) and node propagation.
 */
#include "mip.h"

#include <math.h>

/* Adds (sign +1) or takes back (sign -1) the term c x, x in [lo, up]. */
static void activity_term(mip_activity *a, double c, double lo, double up,
                          int sign)
{
    if (c == 0.0)   /* a stored zero: no contribution (and no 0 * inf) */
        return;
    double cmin = c > 0 ? c * lo : c * up, cmax = c > 0 ? c * up : c * lo;
    if (isfinite(cmin))
        a->min += sign * cmin;
    else
        a->min_inf += sign;
    if (isfinite(cmax))
        a->max += sign * cmax;
    else
        a->max_inf += sign;
}

void mip_activity_add(mip_activity *a, double c, double lo, double up)
{
    activity_term(a, c, lo, up, 1);
}

void mip_activity_sub(mip_activity *a, double c, double lo, double up)
{
    activity_term(a, c, lo, up, -1);
}

void mip_residual(const mip_activity *a, double c, double lo, double up,
                  double *rmin, double *rmax)
{
    double cmin = c > 0 ? c * lo : c * up, cmax = c > 0 ? c * up : c * lo;
    *rmin = isfinite(cmin) ? (a->min_inf ? -INFINITY : a->min - cmin)
                           : (a->min_inf > 1 ? -INFINITY : a->min);
    *rmax = isfinite(cmax) ? (a->max_inf ? INFINITY : a->max - cmax)
                           : (a->max_inf > 1 ? INFINITY : a->max);
}

void mip_implied(double c, double rmin, double rmax, double rlo, double rup,
                 double *ilo, double *iup)
{
    double from_up = isfinite(rup) && isfinite(rmin) ? (rup - rmin) / c
                                                     : c * INFINITY;
    double from_lo = isfinite(rlo) && isfinite(rmax) ? (rlo - rmax) / c
                                                     : -c * INFINITY;
    *ilo = c > 0 ? from_lo : from_up;
    *iup = c > 0 ? from_up : from_lo;
}
