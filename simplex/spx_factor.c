/*
 * spx_factor.c -- the basis inverse interface: picks a backend and
 * passes each call on (spx_factor.h).
 */
#include "spx_factor.h"

#include <stdlib.h>

struct spx_factor {
    int kind;
    const spx_factor_ops *ops;
    void *impl;
};

spx_factor *spx_factor_new(int kind, const spx_matrix *a, double tol_singular)
{
    if (kind == SPX_FACTOR_DENSE && a->m > SPX_DENSE_MAX_ROWS)
        return NULL;
    spx_factor *f = malloc(sizeof *f);
    if (!f)
        return NULL;
    f->kind = kind;
    f->ops = kind == SPX_FACTOR_DENSE ? &spx_dense_ops : &spx_lu_ops;
    f->impl = f->ops->create(a, tol_singular);
    if (!f->impl) {
        free(f);
        return NULL;
    }
    return f;
}

void spx_factor_free(spx_factor *f)
{
    if (!f)
        return;
    f->ops->destroy(f->impl);
    free(f);
}

int spx_factor_kind(const spx_factor *f) { return f->kind; }

int spx_factor_build(spx_factor *f, const int *basic, int *head)
{
    return f->ops->build(f->impl, basic, head);
}

void spx_factor_ftran(const spx_factor *f, double *v)
{
    f->ops->ftran(f->impl, v);
}

void spx_factor_ftran_negated(const spx_factor *f, double *v)
{
    f->ops->ftran_negated(f->impl, v);
}

int spx_factor_ftran_negated_listed(spx_factor *f, double *v, int *nz,
                                    int len)
{
    return f->ops->ftran_negated_listed(f->impl, v, nz, len);
}

void spx_factor_btran(const spx_factor *f, double *u)
{
    f->ops->btran(f->impl, u);
}

int spx_factor_ftran_entering(spx_factor *f, int k, double *v, int *nz)
{
    return f->ops->ftran_entering(f->impl, k, v, nz);
}

int spx_factor_btran_row(spx_factor *f, int r, double *u, int *nz)
{
    return f->ops->btran_row(f->impl, r, u, nz);
}

int spx_factor_update(spx_factor *f, int r, const double *col)
{
    return f->ops->update(f->impl, r, col);
}

int spx_factor_due(const spx_factor *f) { return f->ops->due(f->impl); }

void spx_factor_save(const spx_factor *f, spx_basis *b)
{
    f->ops->save(f->impl, b);
}

int spx_dense_max_rows(void)
{
    return SPX_DENSE_MAX_ROWS;
}

int spx_factor_resume(spx_factor *f, const spx_basis *b)
{
    return f->ops->resume(f->impl, b);
}

static void insertion_sort(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i;
        for (; j > 0 && a[j - 1] > v; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

static void swap_ints(int *a, int i, int j)
{
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
}

void spx_sort_ints(int *a, int n)
{
    /* Quicksort on the median of three, recursing into the shorter
     * part and looping on the longer: depth at most log2(n). */
    while (n > SPX_SORT_SHORT) {
        int mid = n / 2, last = n - 1;
        if (a[mid] < a[0])
            swap_ints(a, mid, 0);
        if (a[last] < a[0])
            swap_ints(a, last, 0);
        if (a[last] < a[mid])
            swap_ints(a, last, mid);
        int pivot = a[mid], i = 0, j = last;
        for (;;) {
            while (a[i] < pivot)
                i++;
            while (a[j] > pivot)
                j--;
            if (i >= j)
                break;
            swap_ints(a, i++, j--);
        }
        int left = j + 1;   /* a[0 .. left) <= pivot <= a[left .. n) */
        if (left < n - left) {
            spx_sort_ints(a, left);
            a += left;
            n -= left;
        } else {
            spx_sort_ints(a + left, n - left);
            n = left;
        }
    }
    insertion_sort(a, n);
}
