/*
 * spx_dd.h -- double-double sums: hi + lo, lo holding what hi rounded
 * away (Knuth's TwoSum; products exact by fma: Ogita, Rump and Oishi
 * 2005). For the residuals of iterative refinement and the exact Farkas
 * test here, and for the solution check above (mip/verify.c), where a
 * plain double sum cannot see that 1e20 x + y <= 1e20 at x = y = 1 is
 * off by 1.
 */
#ifndef SPX_DD_H
#define SPX_DD_H

#include <math.h>

typedef struct {
    double hi, lo;
} spx_dd;

/* s + e = a + b exactly. */
static inline void spx_two_sum(double a, double b, double *s, double *e)
{
    double sum = a + b, bb = sum - a;
    *e = (a - (sum - bb)) + (b - bb);
    *s = sum;
}

static inline void spx_dd_add(spx_dd *acc, double v)
{
    double e;
    spx_two_sum(acc->hi, v, &acc->hi, &e);
    acc->lo += e;
}

/* acc += a b, the product exact by fma. */
static inline void spx_dd_add_mul(spx_dd *acc, double a, double b)
{
    double p = a * b;
    spx_dd_add(acc, p);
    acc->lo += fma(a, b, -p);
}

#endif
