/*
 * activity.c -- a row's activity range from its columns' bounds, and the
 * bounds the row then implies for one of its columns. Shared by the
 * presolve (coefficient tightening) and node propagation.
 */
#include "mip.h"

#include <float.h>
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

/*
 * A side b of a row is missed, by a point the solution check accepts, by
 * up to tol_verify (absolutely on a row of integers, verify.c), and the
 * LP's own test lets it miss by tol_primal * (1 + |b|). Propagation
 * allows the larger, so that no integer point either accepts is cut off
 * (HiGHS's domain propagation keeps its absolute feasibility tolerance
 * in the same place). The relative slack the check gives continuous
 * terms is not granted: a continuous column absorbs it, and granting it
 * loosens every bound a chain of continuous columns implies (Flow Free's
 * colours: 4.6 times the nodes).
 */
double mip_side_slack(const bnb_params *p, double b)
{
    return fmax(p->tol_verify, p->tol_primal * (1 + fabs(b)));
}

/* A sum of len terms of magnitude mag (sum |term|), each added and taken
 * back at most once more, is off by at most (2 len + 1) ulps of mag
 * (Higham 2002, sec. 4.2); MIP_PROP_ROUNDING_ULPS times that. */
double mip_rounding_error(int len, double mag)
{
    return MIP_PROP_ROUNDING_ULPS * (2.0 * len + 1) * DBL_EPSILON * mag;
}

/* The largest integer not above v, give or take tol and the rounding of
 * v itself (its relative error is a few ulps). */
double mip_round_down(double v, double tol)
{
    return floor(v + tol + MIP_PROP_ROUNDING_ULPS * DBL_EPSILON * fabs(v));
}

double mip_round_up(double v, double tol)
{
    return ceil(v - tol - MIP_PROP_ROUNDING_ULPS * DBL_EPSILON * fabs(v));
}
