/*
 * spx_dense.c -- the dense backend of spx_factor.h (SPX_FACTOR_DENSE):
 * the basis inverse B^-1 kept explicitly as an m x m array, the method
 * of the textbooks' revised simplex.
 *
 * A pivot brings a_q into basis row r. With alpha = B^-1 a_q, the new
 * basis is B' = B E^-1, where E^-1 is the identity with column r
 * replaced by alpha, so
 *
 *     B'^-1 = E B^-1,   E = I except column r:  E_rr = 1 / alpha_r,
 *                                                E_ir = -alpha_i / alpha_r,
 *
 * that is, the elementary row operations of a Gauss-Jordan pivot on
 * alpha_r, done on the rows of B^-1:
 *
 *     row_r := row_r / alpha_r,    row_i := row_i - alpha_i row_r  (i != r).
 *
 * FTRAN and BTRAN are then products with B^-1, O(m^2) whatever the
 * sparsity. A build starts from the slack basis (B = -I, B^-1 = -I) and
 * pivots each basic structural into the row of a slack that is not
 * basic, the one with the largest |alpha_i| (partial pivoting); a column
 * with no |alpha_i| above tol_singular depends on the others and the
 * slack of a row no column took stays in its place. The rows are then
 * permuted into the caller's head order.
 */
#include "spx_factor.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct spx_dense {
    spx_matrix a;
    double tol_singular;
    int m;
    double *inv;        /* [m * m] row i of B^-1 at inv + i m            */
    double *y;          /* [m] work: a product, a row being moved        */
    int *nz;            /* [m] work: nonzero positions of a vector       */
    int *at;            /* [m] build: the variable pivoted in each row   */
    int *where;         /* [m] build: the row of inv for each head row   */
    char *keep;         /* [m] build: the row's slack stays or is taken  */
    int updates;        /* pivots since the build                        */
    long serial;        /* changes with every build and pivot            */
} spx_dense;

static double *row_of(const spx_dense *f, int i)
{
    return f->inv + (size_t)i * (size_t)f->m;
}

/* v := B^-1 v: y_i = sum over nonzero v_k of inv_ik v_k. */
static void dense_ftran(const void *impl, double *v)
{
    const spx_dense *f = impl;
    int m = f->m, len = 0;
    for (int k = 0; k < m; k++)
        if (v[k] != 0.0)
            f->nz[len++] = k;
    for (int i = 0; i < m; i++) {
        const double *row = row_of(f, i);
        double s = 0;
        for (int t = 0; t < len; t++)
            s += row[f->nz[t]] * v[f->nz[t]];
        f->y[i] = s;
    }
    memcpy(v, f->y, (size_t)m * sizeof *v);
}

/* u^T := u^T B^-1 = sum over nonzero u_i of u_i row_i. */
static void dense_btran(const void *impl, double *u)
{
    const spx_dense *f = impl;
    int m = f->m;
    memset(f->y, 0, (size_t)m * sizeof *f->y);
    for (int i = 0; i < m; i++) {
        if (u[i] == 0.0)
            continue;
        const double *row = row_of(f, i);
        for (int k = 0; k < m; k++)
            f->y[k] += u[i] * row[k];
    }
    memcpy(u, f->y, (size_t)m * sizeof *u);
}

static void dense_ftran_negated(const void *impl, double *v)
{
    for (int i = 0; i < ((const spx_dense *)impl)->m; i++)
        v[i] = -v[i];
    dense_ftran(impl, v);
}

static int dense_ftran_negated_listed(void *impl, double *v, int *nz,
                                      int len)
{
    (void)len;
    dense_ftran_negated(impl, v);
    return spx_nonzeros(((const spx_dense *)impl)->m, v, nz);
}

static int dense_ftran_entering(void *impl, int k, double *v, int *nz)
{
    const spx_dense *f = impl;
    spx_matrix_column(&f->a, k, 1.0, v);
    dense_ftran(impl, v);
    return spx_nonzeros(f->m, v, nz);
}

/* u := e_r^T B^-1, row r of the inverse. */
static int dense_btran_row(void *impl, int r, double *u, int *nz)
{
    const spx_dense *f = impl;
    memcpy(u, row_of(f, r), (size_t)f->m * sizeof *u);
    return spx_nonzeros(f->m, u, nz);
}

/* B^-1 := E B^-1 for the pivot on alpha_r (see the top of the file). */
static void pivot(spx_dense *f, int r, const double *alpha)
{
    int m = f->m;
    assert(r >= 0 && r < m && alpha[r] != 0.0);
    double *rr = row_of(f, r);
    for (int k = 0; k < m; k++)
        rr[k] /= alpha[r];
    for (int i = 0; i < m; i++) {
        if (i == r || alpha[i] == 0.0)
            continue;
        double *ri = row_of(f, i);
        for (int k = 0; k < m; k++)
            ri[k] -= alpha[i] * rr[k];
    }
    f->serial++;
}

static int dense_update(void *impl, int r, const double *col)
{
    spx_dense *f = impl;
    pivot(f, r, col);
    f->updates++;
    return 1;
}

/* The row of a non-basic slack with the largest |alpha_i|, or -1 when
 * none passes tol_singular. */
static int build_pivot(const spx_dense *f, const double *alpha,
                       const char *keep)
{
    int p = -1;
    double big = f->tol_singular;
    for (int i = 0; i < f->m; i++)
        if (!keep[i] && f->at[i] >= f->a.n && fabs(alpha[i]) > big) {
            big = fabs(alpha[i]);
            p = i;
        }
    return p;
}

/* Pivots structural j in, if it is independent of those before; returns
 * its row of inv or -1. y receives alpha = B^-1 a_j. */
static int bring_in(spx_dense *f, int j, const char *keep)
{
    const spx_matrix *a = &f->a;
    for (int i = 0; i < f->m; i++) {
        const double *row = row_of(f, i);
        double s = 0;
        for (int e = a->colptr[j]; e < a->colptr[j + 1]; e++)
            s += row[a->rowind[e]] * a->colval[e];
        f->y[i] = s;
    }
    int p = build_pivot(f, f->y, keep);
    if (p >= 0) {
        pivot(f, p, f->y);
        f->at[p] = j;
    }
    return p;
}

/* Moves row where[h] of inv to row h, cycle by cycle through f->y. */
static void permute_rows(spx_dense *f)
{
    int m = f->m;
    size_t bytes = (size_t)m * sizeof(double);
    for (int h = 0; h < m; h++) {
        if (f->where[h] < 0)
            continue;
        memcpy(f->y, row_of(f, h), bytes);
        int cur = h;
        while (f->where[cur] != h) {
            int src = f->where[cur];
            memcpy(row_of(f, cur), row_of(f, src), bytes);
            f->where[cur] = -1;
            cur = src;
        }
        memcpy(row_of(f, cur), f->y, bytes);
        f->where[cur] = -1;
    }
}

static int dense_build(void *impl, const int *basic, int *head)
{
    spx_dense *f = impl;
    int m = f->m, n = f->a.n, deficient = 0;
    char *keep = f->keep;
    memset(f->inv, 0, (size_t)m * (size_t)m * sizeof *f->inv);
    memset(keep, 0, (size_t)m);
    for (int i = 0; i < m; i++) {
        row_of(f, i)[i] = -1.0;
        f->at[i] = n + i;
    }
    for (int h = 0; h < m; h++) {
        f->where[h] = basic[h] >= n ? basic[h] - n : -1;
        if (basic[h] >= n)
            keep[basic[h] - n] = 1;
    }
    for (int h = 0; h < m; h++)
        if (basic[h] < n && (f->where[h] = bring_in(f, basic[h], keep)) < 0)
            deficient++;
    /* A dependent column's head row takes a slack no column displaced. */
    for (int h = 0, free_row = 0; h < m; h++) {
        if (f->where[h] >= 0)
            continue;
        while (keep[free_row] || f->at[free_row] < n)
            free_row++;
        keep[free_row] = 1;
        f->where[h] = free_row;
    }
    for (int h = 0; h < m; h++)
        head[h] = f->at[f->where[h]];
    permute_rows(f);
    f->updates = 0;
    f->serial++;
    return deficient;
}

/* The explicit inverse costs the same per solve however old it is: it is
 * rebuilt only every refactor_every pivots, for accuracy. */
static int dense_due(const void *impl)
{
    (void)impl;
    return 0;
}

static void dense_save(const void *impl, spx_basis *b)
{
    const spx_dense *f = impl;
    b->neta = f->updates;
    b->serial = f->serial;
}

/* The pivots of an explicit inverse cannot be taken back: it resumes only
 * a state it never left. */
static int dense_resume(void *impl, const spx_basis *b)
{
    const spx_dense *f = impl;
    return b->serial == f->serial && b->neta == f->updates;
}

static void dense_destroy(void *impl)
{
    spx_dense *f = impl;
    if (!f)
        return;
    free(f->inv); free(f->y); free(f->nz); free(f->at); free(f->where);
    free(f->keep);
    free(f);
}

static void *dense_create(const spx_matrix *a, double tol_singular)
{
    spx_dense *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    size_t m = (size_t)(a->m ? a->m : 1);
    f->a = *a;
    f->m = a->m;
    f->tol_singular = tol_singular;
    f->inv = calloc(m * m, sizeof *f->inv);
    f->y = calloc(m, sizeof *f->y);
    f->nz = calloc(m, sizeof *f->nz);
    f->at = calloc(m, sizeof *f->at);
    f->where = calloc(m, sizeof *f->where);
    f->keep = calloc(m, 1);
    if (!f->inv || !f->y || !f->nz || !f->at || !f->where || !f->keep) {
        dense_destroy(f);
        return NULL;
    }
    for (int i = 0; i < f->m; i++)
        row_of(f, i)[i] = -1.0;
    return f;
}

const spx_factor_ops spx_dense_ops = {
    dense_create, dense_destroy, dense_build, dense_ftran,
    dense_ftran_negated, dense_ftran_negated_listed, dense_btran,
    dense_ftran_entering, dense_btran_row, dense_update, dense_due,
    dense_save, dense_resume
};
