/*
 * cuts_lifted.c -- lifted cover cuts in the manner of Gu, Nemhauser and
 * Savelsbergh (1998), as CglKnapsackCover and SCIP separate them. A
 * knapsack row sum a_j z_j <= b (cover_knapsack) whose LP point has
 * many binaries at 1 has covers only of hundreds of columns, and their
 * lifting is weak. Instead the columns at 1 (C1) are fixed there,
 * leaving the capacity b' = b - sum_C1 a_j to the fractional ones (F),
 * among which a cover C is found greedily:
 *     sum_C z_j <= |C| - 1      while C1 is at 1 and the rest at 0.
 * Then each fixed column is lifted in turn, exactly: up (from 0) the
 * rest of F, then down (from 1) the columns of C1, then up the columns
 * at 0. A column of weight a lifted up gets the coefficient
 *     alpha = rhs - max{ sum coef z : sum a z <= cap - a },
 * one lifted down adds gamma = max{ sum coef z : sum a z <= cap + a }
 * - rhs to its coefficient and to rhs, and cap grows by a; the maxima
 * over the columns lifted so far come from a table, by value, of the
 * least weight that reaches each value (a knapsack by dynamic
 * programming over the small integer coefficients). Every step is the
 * exact lifting of the inequality so far, so the cut holds for every
 * 0/1 point of the row; the weights are compared with a margin that
 * can only make the maxima larger (the coefficients smaller, rhs
 * larger), never invalid.
 */
#include "cuts.h"

#include <math.h>
#include <stdlib.h>

typedef struct {
    double *least;      /* [value + 1] least weight reaching the value */
    int top;            /* the largest value in the table              */
    double rhs, cap, margin;
    double *coef;       /* [count] the items' lifted coefficients      */
} lifting;

/* The largest value whose least weight fits in cap (least[] grows with
 * the value: reaching v + 1 reaches v). */
static int best_within(const lifting *l, double cap)
{
    if (cap + l->margin < 0)
        return -1;
    int lo = 0, hi = l->top;   /* least[lo] fits */
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (l->least[mid] <= cap + l->margin)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Adds an item of coefficient c and weight a to the table; 0 when the
 * values would pass LIFT_MAX_VALUE. */
static int table_add(lifting *l, int c, double a)
{
    if (c <= 0)
        return 1;
    if (l->top + c > LIFT_MAX_VALUE)
        return 0;
    for (int v = l->top + 1; v <= l->top + c; v++)
        l->least[v] = INFINITY;
    l->top += c;
    for (int v = l->top; v >= 1; v--) {
        double with = l->least[v > c ? v - c : 0] + a;
        if (with < l->least[v])
            l->least[v] = with;
    }
    return 1;
}

/* Lifts item it up from 0: the coefficient that keeps the inequality
 * exact when it is 1 (rhs when it cannot be 1 under the fixings: any
 * coefficient up to the exact one is valid). */
static void lift_up(lifting *l, const cover_item *it, double *coef)
{
    int best = best_within(l, l->cap - it->a);
    int alpha = best < 0 ? (int)l->rhs : (int)l->rhs - best;
    /* past the table's size the column keeps 0, which stays valid */
    *coef = alpha > 0 && table_add(l, alpha, it->a) ? alpha : 0;
}

/* Lifts item it down from 1: its coefficient and rhs grow by the value
 * the freed weight lets the others reach beyond rhs. */
static int lift_down(lifting *l, const cover_item *it, double *coef)
{
    int gamma = best_within(l, l->cap + it->a) - (int)l->rhs;
    if (gamma < 0)
        gamma = 0;
    l->rhs += gamma;
    l->cap += it->a;
    *coef = gamma;
    return table_add(l, gamma, it->a);
}

/* Larger first; ties by the columns' keys, not their order. */
static int down_then_key(double a, double b, const cover_item *x,
                         const cover_item *y)
{
    if (a != b)
        return (a < b) - (a > b);
    return (x->key > y->key) - (x->key < y->key);
}

/* LP values in single precision: the same LP point in another order of
 * the model's columns and rows differs in the last digits. */
static int by_z_down(const void *pa, const void *pb)
{
    const cover_item *x = pa, *y = pb;
    return down_then_key((float)x->z, (float)y->z, x, y);
}

static int by_weight_down(const void *pa, const void *pb)
{
    const cover_item *x = pa, *y = pb;
    return down_then_key(x->a, y->a, x, y);
}

/* Moves the items with z at 1 to it[0..ones) and those strictly between
 * to it[ones..ones + frac); returns ones, sets *frac. */
static int partition(cover_item *it, int count, double eps, int *frac)
{
    int ones = 0;
    for (int k = 0; k < count; k++)
        if (it[k].z >= 1 - eps) {
            cover_item t = it[ones];
            it[ones++] = it[k];
            it[k] = t;
        }
    int mid = ones;
    for (int k = ones; k < count; k++)
        if (it[k].z > eps) {
            cover_item t = it[mid];
            it[mid++] = it[k];
            it[k] = t;
        }
    *frac = mid - ones;
    return ones;
}

/* The lifted cover of the items: ones at 1, then the cover of size
 * `size` and the rest of the fractional ones (frac in all), then the
 * zeros. Fills coef[] and returns rhs, or -1 when the table overflows
 * (a column lifted down cannot be left out). */
static double lift_all(lifting *l, cover_item *it, int count, int ones,
                       int frac, int size)
{
    cover_item *f = it + ones, *zeros = it + ones + frac;
    double *cf = l->coef + ones, *cz = l->coef + ones + frac;
    int nzero = count - ones - frac, ok = 1;
    l->least[0] = 0;
    l->top = 0;
    l->rhs = size - 1;
    for (int k = 0; k < size; k++) {
        cf[k] = 1;
        ok = ok && table_add(l, 1, f[k].a);
    }
    mip_sort(f + size, (size_t)(frac - size), sizeof *f, by_z_down);
    for (int k = size; ok && k < frac; k++)
        lift_up(l, &f[k], &cf[k]);
    mip_sort(it, (size_t)ones, sizeof *it, by_weight_down);
    for (int k = 0; ok && k < ones; k++)
        ok = lift_down(l, &it[k], &l->coef[k]);
    mip_sort(zeros, (size_t)nzero, sizeof *zeros, by_weight_down);
    for (int k = 0; ok && k < nzero; k++)
        lift_up(l, &zeros[k], &cz[k]);
    return ok ? l->rhs : -1;
}

/* Separates row i times sign; returns the work it took (the table's
 * updates). */
static long lifted_row(mip_cut_work *w, int i, double sign, cover_item *it,
                       lifting *l)
{
    double b;
    int count = cover_knapsack(w, i, sign, it, &b), frac;
    if (count < 2 || b < 0)
        return 0;
    int ones = partition(it, count, w->s->par.tol_int, &frac);
    double cap = b;
    for (int k = 0; k < ones; k++)
        cap -= it[k].a;
    if (ones == 0 || frac < 2 || cap < 0)
        return 0;   /* without ones the plain cover (cuts_cover.c) is it */
    int size = cover_greedy(it + ones, frac, cap);
    if (size < 2)
        return 0;
    l->cap = cap;
    l->margin = COVER_MARGIN * (1 + fabs(b));
    double rhs = lift_all(l, it, count, ones, frac, size);
    long work = (long)count * (l->top + 1);
    if (rhs < 0)
        return work;
    for (int k = 0; k < count; k++) {
        double c = l->coef[k];
        if (c == 0)
            continue;
        cut_dense_add(w, it[k].col, it[k].comp ? -c : c);
        rhs -= c * it[k].comp;   /* z = 1 - x */
    }
    cut_commit(w, rhs, BNB_CUT_COVER, i, -1);
    return work;
}

void mip_lifted_covers(mip_state *s, mip_cut_work *w)
{
    mip_technique_ran(s, MIP_TECH_LIFTED_COVERS);
    size_t n = (size_t)w->n + 1;
    cover_item *it = malloc(n * sizeof *it);
    lifting l = {.least = malloc((LIFT_MAX_VALUE + 1) * sizeof *l.least),
                 .coef = malloc(n * sizeof *l.coef)};
    long work = 0;
    if (it && l.least && l.coef) {
        for (int i = 0; i < s->m && work < LIFT_MAX_WORK; i++) {
            if (isfinite(w->up[w->n + i]))
                work += lifted_row(w, i, 1, it, &l);
            if (isfinite(w->lo[w->n + i]))
                work += lifted_row(w, i, -1, it, &l);
        }
    } else {
        cut_nomem(w);
    }
    free(it);
    free(l.least);
    free(l.coef);
}
