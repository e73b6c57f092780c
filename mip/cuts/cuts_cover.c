/*
 * cuts_cover.c -- lifted knapsack cover cuts (Balas 1975; Crowder,
 * Johnson and Padberg 1983). A row read as a knapsack over its binary
 * columns (others at the bound that relaxes it, binaries with a negative
 * coefficient complemented) sum a_j z_j <= b, a > 0: a cover C with
 * sum_C a_j > b cannot lie wholly at 1, so
 *     sum_C z_j + sum_{j not in C} h_j z_j <= |C| - 1,
 * where, with the cover's weights sorted a_1 >= a_2 >= ... and
 * mu_h = a_1 + ... + a_h, h_j is the largest h with mu_h <= a_j (Balas'
 * lifting; h_j = 1 is the extended cover's E). It holds for all the
 * lifted columns at once: columns of weights summing to W >= mu_H, H the
 * sum of their h_j (mu is subadditive: mu_h + mu_k >= mu_{h+k}), leave
 * at most b - mu_H for the cover, which its |C| - H lightest weights
 * already pass. The cover is chosen greedily to cut off the LP point.
 */
#include "cuts.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static int by_key(const cover_item *a, const cover_item *b)
{
    return (a->key > b->key) - (a->key < b->key);
}

static int by_weight_down(const void *pa, const void *pb)
{
    const cover_item *x = pa, *y = pb;
    double a = x->a, b = y->a;
    return a != b ? (a < b) - (a > b) : by_key(x, y);
}

/* Single precision, as the same LP point in another order of the
 * model's columns and rows differs in the last digits. */
static int by_ratio(const void *pa, const void *pb)
{
    const cover_item *a = pa, *b = pb;
    float ra = (float)((1 - a->z) / a->a), rb = (float)((1 - b->z) / b->a);
    return ra != rb ? (ra > rb) - (ra < rb) : by_key(a, b);
}

static int is_binary(const mip_cut_work *w, int j)
{
    return w->s->is_int[j] && w->lo[j] == 0 && w->up[j] == 1;
}

int cover_knapsack(const mip_cut_work *w, int i, double sign, cover_item *it,
                    double *b)
{
    int len, count = 0;
    const int *cols;
    const double *vals;
    spx_row(w->lp, i, &len, &cols, &vals);
    /* the capacity a point the solution check accepts may use */
    *b = (sign > 0 ? w->up[w->n + i] : -w->lo[w->n + i]) + w->row_tol[i];
    for (int k = 0; k < len; k++) {
        int j = cols[k];
        double a = sign * vals[k];
        if (a == 0)
            continue;
        if (!is_binary(w, j)) {
            double least = fmin(a * w->lo[j], a * w->up[j]);
            if (!isfinite(least))
                return -1;
            *b -= least;
            continue;
        }
        int comp = a < 0;
        if (comp)
            *b -= a;
        it[count++] = (cover_item){j, comp, fabs(a),
                                   comp ? 1 - w->x[j] : w->x[j],
                                   spx_key(w->lp, j)};
    }
    return count;
}

int cover_greedy(cover_item *it, int count, double b)
{
    mip_sort(it, (size_t)count, sizeof *it, by_ratio);
    double sum = 0, slack = 0;
    b += COVER_MARGIN * (1 + fabs(b));   /* a cover by rounding is none */
    int size = 0;
    while (size < count && sum <= b) {
        sum += it[size].a;
        slack += 1 - it[size].z;
        size++;
    }
    if (sum <= b)
        return 0;
    for (int k = size - 1; k >= 0; k--)   /* smallest z go first */
        if (sum - it[k].a > b && it[k].z < 1) {
            sum -= it[k].a;
            slack -= 1 - it[k].z;
            cover_item t = it[k];
            it[k] = it[size - 1];
            it[size - 1] = t;
            size--;
        }
    return slack < 1 - COVER_MARGIN ? size : 0;
}

/* The lifted coefficient of a column of weight a outside the cover:
 * the largest h < size with mu[h] <= a (mu[0] = 0). */
static int lifted(const double *mu, int size, double a)
{
    int lo = 0, hi = size - 1;   /* mu[lo] <= a */
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (mu[mid] <= a)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static void cover_row(mip_cut_work *w, int i, double sign, cover_item *it,
                      double *mu)
{
    double b;
    int count = cover_knapsack(w, i, sign, it, &b);
    if (count < 2 || b < 0)
        return;
    int size = cover_greedy(it, count, b);
    if (size < 2)
        return;
    mip_sort(it, (size_t)size, sizeof *it, by_weight_down);
    mu[0] = 0;
    for (int k = 0; k < size; k++)
        mu[k + 1] = mu[k] + it[k].a;
    double rhs = size - 1;
    for (int k = 0; k < count; k++) {
        int h = k < size ? 1 : lifted(mu, size, it[k].a);
        if (h == 0)
            continue;
        cut_dense_add(w, it[k].col, it[k].comp ? -h : h);
        rhs -= h * it[k].comp;   /* z = 1 - x */
    }
    cut_commit(w, rhs, BNB_CUT_COVER, i, -1);
}

void cuts_cover(mip_cut_work *w)
{
    cover_item *it = malloc(((size_t)w->n + 1) * sizeof *it);
    double *mu = malloc(((size_t)w->n + 2) * sizeof *mu);
    if (!it || !mu) {
        free(it);
        free(mu);
        cut_nomem(w);
        return;
    }
    for (int i = 0; i < w->s->m; i++) {
        if (isfinite(w->up[w->n + i]))
            cover_row(w, i, 1, it, mu);
        if (isfinite(w->lo[w->n + i]))
            cover_row(w, i, -1, it, mu);
    }
    free(it);
    free(mu);
}
