/*
 * activity.c -- a row's activity range from its columns' bounds, and the
 * bounds the row then implies for one of its columns. Shared by the
 * presolve (coefficient tightening) and node propagation.
 */
#include "presolve.h"

#include <float.h>
#include <math.h>

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
 * A side b of a row is missed, by a point bnb may report, by up to
 * tol_verify on a row of integers (the solution check holds it to that,
 * absolutely: verify.c); a row with continuous terms of magnitude up to
 * cont also by the LP's own tol_primal * (1 + min(|b|, cont)), which the
 * check's relative slack for continuous terms lets through (it grows
 * with those terms, so a continuous column fixed at 0 earns none: with
 * 2 x + y <= 2000000001, y = 0, x <= 1000000001 would be a bound the
 * check refuses at its end). Propagation allows that much, so that
 * it cuts off no point bnb would report (HiGHS's domain propagation
 * keeps its feasibility tolerance in the same place). More would only
 * weaken it: on a row of integers the LP then finds points the check
 * rejects (94200 x + 0.00365 y = 4427400 with y = 1: 0.00365 off).
 */
double mip_side_slack(const bnb_params *p, double b, double cont)
{
    return fmax(p->tol_verify, p->tol_primal * (1 + fmin(fabs(b), cont)));
}

/* A sum of len terms of magnitude mag (sum |term|), each added and taken
 * back at most once more, is off by at most (2 len + 1) ulps of mag
 * (Higham 2002, sec. 4.2); MIP_PROP_ROUNDING_ULPS times that. */
double mip_rounding_error(int len, double mag)
{
    return MIP_PROP_ROUNDING_ULPS * (2.0 * len + 1) * DBL_EPSILON * mag;
}

/* How far a computed quotient v may be off: its relative error is a few
 * ulps. */
static double quotient_margin(double v)
{
    return MIP_PROP_ROUNDING_ULPS * DBL_EPSILON * fabs(v);
}

/* The largest integer not above v, give or take tol and v's margin. */
double mip_round_down(double v, double tol)
{
    return floor(v + tol + quotient_margin(v));
}

double mip_round_up(double v, double tol)
{
    return ceil(v - tol - quotient_margin(v));
}

/* c k - (a - b), all but exactly: the product and the difference split
 * error-free (fma; Knuth's TwoSum), as verify.c sums a row. */
static double excess(double c, double k, double a, double b)
{
    double n = a - b, bv = n - a, n_err = (a - (n - bv)) + (-b - bv);
    double p = c * k, p_err = fma(c, k, -p);
    return (p - n) + (p_err - n_err);
}

/* Does k meet k <= (a - b) / c + tol in the exact terms of c k against
 * a - b? */
static int admits(double c, double k, double a, double b, double tol)
{
    double g = excess(c, k, a, b);
    return (c > 0 ? g : -g) <= fabs(c) * tol;
}

/*
 * The integer bound of a column from (a - b) / c, give or take tol.
 * mip_round_down's margin covers the quotient's own rounding, but near
 * 10^15, where an ulp is an eighth of a unit, it passes an integer the
 * row refuses: 2 x <= 2000000000000001 gave x <= 1000000000000001, a
 * vertex the LP accepts within its relative tolerance and the solution
 * check does not. The few integers within the margin are tried against
 * the row exactly, the tightest it admits kept; the margin's near end,
 * below the true quotient, is admitted without a test (sure). A lower
 * bound k >= (a - b) / c - tol is the upper bound of -k from -c.
 */
double mip_integer_bound(double c, double a, double b, double tol, int up)
{
    if (!up)
        return -mip_integer_bound(-c, a, b, tol, 1);
    double v = (a - b) / c;
    if (!isfinite(v))
        return v;
    double m = quotient_margin(v);
    double k = floor(v + tol + m), sure = floor(v + tol - m);
    for (; k > sure && k - sure <= 2; k--)
        if (admits(c, k, a, b, tol))
            return k;
    return k;
}
