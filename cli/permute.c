/*
 * permute.c -- --permute SEED: the model read from a file, its columns
 * and rows in a seeded random order, as if the file had listed them so.
 * The same model to any solver that does not look at the order; for
 * measuring how much the search's path depends on it (performance
 * variability, as MIPLIB 2010 measures it).
 */
#include "cli.h"

#include <stdint.h>
#include <stdlib.h>

/* splitmix64 (Steele, Lea and Flood 2014), the generators' sequence:
 * the next draw of the state *s. */
static uint64_t next_draw(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* perm[k]: the original index of the k-th item, 0..n-1 shuffled
 * (Fisher-Yates); NULL when out of memory. */
static int *shuffled(uint64_t *s, int n)
{
    int *perm = malloc(((size_t)n + 1) * sizeof *perm);
    if (!perm)
        return NULL;
    for (int k = 0; k < n; k++)
        perm[k] = k;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(next_draw(s) % (uint64_t)(i + 1)), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    return perm;
}

static int add_cols(bnb_model *to, const bnb_model *from, const int *perm)
{
    for (int k = 0; k < bnb_num_cols(from); k++) {
        int j = perm[k];
        if (bnb_add_col(to, bnb_col_name(from, j), bnb_col_lo(from, j),
                        bnb_col_up(from, j), bnb_col_obj(from, j),
                        bnb_col_is_int(from, j)) < 0)
            return -1;
    }
    return 0;
}

/* A row's entries as a reader of the permuted file would give them:
 * in the new column order (pos[j]: column j's new index). */
typedef struct entry {
    int col;
    double val;
} entry;

static int by_col(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    return (x->col > y->col) - (x->col < y->col);
}

static int add_rows(bnb_model *to, const bnb_model *from, const int *perm,
                    const int *pos)
{
    int n = bnb_num_cols(from);
    entry *e = malloc(((size_t)n + 1) * sizeof *e);
    int *cols = malloc(((size_t)n + 1) * sizeof *cols);
    double *vals = malloc(((size_t)n + 1) * sizeof *vals);
    int rc = e && cols && vals ? 0 : -1;
    for (int k = 0; rc == 0 && k < bnb_num_rows(from); k++) {
        int i = perm[k], len = bnb_row_len(from, i);
        const int *c = bnb_row_cols(from, i);
        const double *v = bnb_row_vals(from, i);
        for (int t = 0; t < len; t++)
            e[t] = (entry){pos[c[t]], v[t]};
        qsort(e, (size_t)len, sizeof *e, by_col);
        for (int t = 0; t < len; t++) {
            cols[t] = e[t].col;
            vals[t] = e[t].val;
        }
        if (bnb_add_row(to, bnb_row_name(from, i), len, cols, vals,
                        bnb_row_lo(from, i), bnb_row_up(from, i)) < 0)
            rc = -1;
    }
    free(e);
    free(cols);
    free(vals);
    return rc;
}

static bnb_model *copy_permuted(const bnb_model *m, const int *col_perm,
                                const int *row_perm, int *pos)
{
    bnb_model *p = bnb_model_new(bnb_model_name(m));
    if (!p)
        return NULL;
    bnb_set_sense(p, bnb_model_sense(m));
    bnb_set_obj_offset(p, bnb_obj_offset(m));
    for (int k = 0; k < bnb_num_cols(m); k++)
        pos[col_perm[k]] = k;
    if (bnb_set_obj_name(p, bnb_obj_name(m)) != BNB_OK ||
        add_cols(p, m, col_perm) != 0 || add_rows(p, m, row_perm, pos) != 0) {
        bnb_model_free(p);
        return NULL;
    }
    return p;
}

bnb_model *cli_permute(const bnb_model *m, uint64_t seed)
{
    uint64_t state = seed;
    int *col_perm = shuffled(&state, bnb_num_cols(m));
    int *row_perm = shuffled(&state, bnb_num_rows(m));
    int *pos = malloc(((size_t)bnb_num_cols(m) + 1) * sizeof *pos);
    bnb_model *p = col_perm && row_perm && pos
                       ? copy_permuted(m, col_perm, row_perm, pos)
                       : NULL;
    free(col_perm);
    free(row_perm);
    free(pos);
    return p;
}
