/*
 * spx_dd.h -- double-double sums: hi + lo, lo holding what hi rounded
 * away (Knuth's TwoSum; products exact by fma, or by Dekker's splitting
 * where fma is not an instruction: Ogita, Rump and Oishi 2005). For the
 * residuals of iterative refinement and the exact Farkas test here,
 * and for the solution check above (mip/verify.c), where a plain double
 * sum cannot see that 1e20 x + y <= 1e20 at x = y = 1 is off by 1.
 */
#ifndef SPX_DD_H
#define SPX_DD_H

#include <math.h>

#include "spx_tune.h"

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

/* WebAssembly has no fused multiply-add: its C library computes fma()
 * in software, some tens of times slower than the instruction the
 * native build calls. There a product's rounding error comes from
 * Dekker's splitting (1971), as exact (both need the product not to
 * underflow) while the factors and the product lie below
 * SPX_DD_SPLIT_MAX; beyond, where the splitting would overflow, fma()
 * still gives it. */

static inline void spx_split(double a, double *hi, double *lo)
{
    double c = SPX_DD_SPLITTER * a;
    *hi = c - (c - a);
    *lo = a - *hi;
}

/* a b - p exactly, p being a b rounded, by Dekker's splitting. */
static inline double spx_product_error_split(double a, double b, double p)
{
    double ah, al, bh, bl;
    if (!(fabs(a) < SPX_DD_SPLIT_MAX && fabs(b) < SPX_DD_SPLIT_MAX &&
          fabs(p) < SPX_DD_SPLIT_MAX))
        return fma(a, b, -p);
    spx_split(a, &ah, &al);
    spx_split(b, &bh, &bl);
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

/* a b - p exactly, p being a b rounded. */
static inline double spx_product_error(double a, double b, double p)
{
#ifdef __wasm__
    return spx_product_error_split(a, b, p);
#else
    return fma(a, b, -p);
#endif
}

/* acc += a b, the product exact. */
static inline void spx_dd_add_mul(spx_dd *acc, double a, double b)
{
    double p = a * b;
    spx_dd_add(acc, p);
    acc->lo += spx_product_error(a, b, p);
}

#endif
