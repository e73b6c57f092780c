/*
 * spx_factor.h -- the basis inverse behind one small interface. The
 * simplex (spx_lp.c) asks it for B^-1 v (FTRAN) and u^T B^-1 (BTRAN),
 * rebuilds it from a basis, updates it after each pivot, and saves and
 * resumes it with a basis. Two backends:
 *   SPX_FACTOR_LU     sparse L/U factors in eta form with the
 *                     Forrest-Tomlin update (spx_eta.c): work in
 *                     proportion to the nonzeros, the choice for
 *                     anything but toy sizes;
 *   SPX_FACTOR_DENSE  the explicit m x m inverse, updated by the row
 *                     operations of each pivot (spx_dense.c): the
 *                     textbook method, O(m^2) per pivot and memory m^2.
 * Private to simplex/.
 */
#ifndef SPX_FACTOR_H
#define SPX_FACTOR_H

#include "spx.h"
#include "spx_tune.h"

#include <stdint.h>
#include <string.h>

typedef struct spx_factor spx_factor;

/* The kinds are spx.h's SPX_BASIS_LU and SPX_BASIS_DENSE. */
enum { SPX_FACTOR_LU = SPX_BASIS_LU, SPX_FACTOR_DENSE = SPX_BASIS_DENSE };

/* The constraint matrix [A | -I] the factor reads: A by columns and by
 * rows (any order within a row); variable n + i is the slack of row i,
 * column -e_i. The arrays are the LP's and must outlive the factor. */
typedef struct spx_matrix {
    int m, n;
    const int *colptr, *rowind;
    const double *colval;
    const int *rowptr, *colind;
    const double *rowval;
} spx_matrix;

/* A factor of the slack basis (B = -I), or NULL when out of memory or
 * when the dense backend is asked for more than SPX_DENSE_MAX_ROWS rows.
 * tol_singular: the smallest pivot a rebuild accepts. */
spx_factor *spx_factor_new(int kind, const spx_matrix *a, double tol_singular);
void spx_factor_free(spx_factor *f);
int spx_factor_kind(const spx_factor *f);

/* Factors the basis whose variables are basic[0..m-1] and writes the
 * head it factored, head[r] the variable of basis row r: the LU backend
 * may move structurals between rows; a dependent column is replaced by
 * the slack of a row no column pivoted in. Returns the number of columns
 * replaced, or -1 when out of memory. basic and head may be the same. */
int spx_factor_build(spx_factor *f, const int *basic, int *head);
/* v := B^-1 v  and  u^T := u^T B^-1, dense vectors of length m. */
void spx_factor_ftran(const spx_factor *f, double *v);
void spx_factor_btran(const spx_factor *f, double *u);
/* v := B^-1 (-v): for a caller that has -v at no cost, which spares the
 * LU backend a pass over all m entries; the same numbers as negating v
 * and calling spx_factor_ftran. */
void spx_factor_ftran_negated(const spx_factor *f, double *v);
/* The same for v nonzero only in the rows nz[0 .. len): the rows where
 * the result is nonzero go to nz (room for m), ascending, and their
 * number is returned; the LU backend works only where v can be nonzero
 * (see below). */
int spx_factor_ftran_negated_listed(spx_factor *f, double *v, int *nz,
                                    int len);
/* v = B^-1 a_k, the column k about to enter (k >= n: the slack
 * -e_(k-n)), and u = e_r^T B^-1, the pivot row. v and u must be zero on
 * entry; the rows where the result is nonzero go to nz, ascending, and
 * their number is returned. The LU backend keeps parts of these solves
 * for the update that follows, which otherwise computes them, and on
 * large models works only where the vectors can be nonzero: a caller
 * that clears just the rows of its last result pays for the nonzeros,
 * not for m. */
int spx_factor_ftran_entering(spx_factor *f, int k, double *v, int *nz);
int spx_factor_btran_row(spx_factor *f, int r, double *u, int *nz);
/* After the pivot that brings a_q into row r, given col = B^-1 a_q (of
 * the old B). Returns 1, or 0 when out of memory (the factor is then
 * unusable until the next build), or -1 when the update lost accuracy:
 * the factor still works but asks for a rebuild (spx_factor_due). */
int spx_factor_update(spx_factor *f, int r, const double *col);
/* Would a rebuild now cost less than carrying the updates on? */
int spx_factor_due(const spx_factor *f);
/* Notes the factor's state in b (neta, serial) ... */
void spx_factor_save(const spx_factor *f, spx_basis *b);
/* ... and returns to it if only updates were made since (the LU undoes
 * them); returns 0 when it cannot, and the caller rebuilds. */
int spx_factor_resume(spx_factor *f, const spx_basis *b);

/* The indices i of x[i] != 0.0 (i < m), ascending, into idx; returns
 * their number. A block of 8 entries that are all +-0 is passed over by
 * one test of their bits (but the sign's) or-ed together: the vectors
 * of hypersparse models are mostly such blocks. */
static inline int spx_nonzeros(int m, const double *x, int *idx)
{
    int count = 0, i = 0;
    for (; i + 8 <= m; i += 8) {
        uint64_t any = 0;
        for (int j = 0; j < 8; j++) {
            uint64_t bits;
            memcpy(&bits, x + i + j, sizeof bits);
            any |= bits;
        }
        if (!(any << 1))
            continue;
        for (int j = i; j < i + 8; j++)
            if (x[j] != 0.0)
                idx[count++] = j;
    }
    for (; i < m; i++)
        if (x[i] != 0.0)
            idx[count++] = i;
    return count;
}

/* Sorts a[0 .. n) ascending. The factor's solves sort short lists of
 * distinct rows and etas many times per pivot: an insertion sort for
 * short runs and a quicksort with the comparison inline cost a third of
 * qsort's calls through a function pointer (Match 22 100x100 spent a
 * fifth of its instructions in qsort). */
void spx_sort_ints(int *a, int n);

/* v := sign a_k, v of length m (k >= n: the slack, a_k = -e_(k-n)). */
static inline void spx_matrix_column(const spx_matrix *a, int k, double sign,
                                     double *v)
{
    memset(v, 0, (size_t)a->m * sizeof *v);
    if (k >= a->n) {
        v[k - a->n] = -sign;
        return;
    }
    for (int e = a->colptr[k]; e < a->colptr[k + 1]; e++)
        v[a->rowind[e]] += sign * a->colval[e];
}

/* A backend: spx_factor.c dispatches to one of these. */
typedef struct spx_factor_ops {
    void *(*create)(const spx_matrix *a, double tol_singular);
    void (*destroy)(void *impl);
    int (*build)(void *impl, const int *basic, int *head);
    void (*ftran)(const void *impl, double *v);
    void (*ftran_negated)(const void *impl, double *v);
    int (*ftran_negated_listed)(void *impl, double *v, int *nz, int len);
    void (*btran)(const void *impl, double *u);
    int (*ftran_entering)(void *impl, int k, double *v, int *nz);
    int (*btran_row)(void *impl, int r, double *u, int *nz);
    int (*update)(void *impl, int r, const double *col);
    int (*due)(const void *impl);
    void (*save)(const void *impl, spx_basis *b);
    int (*resume)(void *impl, const spx_basis *b);
} spx_factor_ops;

extern const spx_factor_ops spx_lu_ops;      /* spx_eta.c   */
extern const spx_factor_ops spx_dense_ops;   /* spx_dense.c */

#endif
