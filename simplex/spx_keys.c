/*
 * spx_keys.c -- a key for every variable that depends on the LP's
 * structure, not on the order of its columns and rows: ties among equal
 * pricing scores and ratios go to the smaller key, so that the same LP
 * written in another order takes the same path (performance
 * variability; Lodi and Tramontani 2013). Two rounds of colour
 * refinement on the row-column graph: a row's key from its bounds and
 * its coefficients, a column's from its cost, bounds and its
 * coefficients with their rows' keys, then each row's again from its
 * columns'. Sums of mixed terms, so the order of the entries is left
 * out; columns the LP cannot tell apart get the same key.
 */
#include "spx_impl.h"

#include <string.h>

/* splitmix64's finaliser: every input bit moves every output bit. */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * SPX_MIX_A;
    z = (z ^ (z >> 27)) * SPX_MIX_B;
    return z ^ (z >> 31);
}

uint64_t spx_index_key(int k)
{
    return mix((uint64_t)k + 1);   /* mix(0) is 0 */
}

/* The bits of v in single precision, with -0 as +0: a cut's
 * coefficients, derived in another order of operations, differ from
 * one order to another in the last digits of a double only. */
static uint64_t bits(double v)
{
    float f = (float)v;
    uint32_t u;
    f = f == 0 ? 0.0f : f;
    memcpy(&u, &f, sizeof u);
    return u;
}

static uint64_t bounds_key(const spx *lp, int k, uint64_t salt)
{
    return mix(salt ^ mix(bits(lp->lo[k]) ^ mix(bits(lp->up[k]))));
}

/* Row i's key from its bounds and its columns' keys. */
static uint64_t row_key(const spx *lp, int i)
{
    uint64_t key = bounds_key(lp, lp->n + i, SPX_KEY_ROW);
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
        key += mix(bits(lp->rowval[e]) ^ lp->key[lp->colind[e]]);
    return key;
}

void spx_carry_keys(const spx *old, spx *lp, const int *newrow)
{
    int kept = 0;
    memcpy(lp->key, old->key, (size_t)old->n * sizeof *lp->key);
    for (int i = 0; i < old->m; i++)
        if (newrow[i] >= 0) {
            lp->key[lp->n + newrow[i]] = old->key[old->n + i];
            kept++;
        }
    for (int i = kept; i < lp->m; i++)   /* the added rows come last */
        lp->key[lp->n + i] = row_key(lp, i);
}

void spx_compute_keys(spx *lp)
{
    int n = lp->n, m = lp->m;
    uint64_t *key = lp->key;
    for (int i = 0; i < m; i++) {
        key[n + i] = bounds_key(lp, n + i, SPX_KEY_ROW);
        for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
            key[n + i] += mix(bits(lp->rowval[e]));
    }
    for (int j = 0; j < n; j++) {
        key[j] = bounds_key(lp, j, SPX_KEY_COL) ^ mix(bits(lp->cost[j]));
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
            key[j] += mix(bits(lp->colval[e]) ^ key[n + lp->rowind[e]]);
    }
    for (int i = 0; i < m; i++)
        for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
            key[n + i] += mix(bits(lp->rowval[e]) ^ key[lp->colind[e]]);
}

uint64_t spx_terms_key(const spx *lp, int len, const int *cols,
                       const double *vals, double rhs)
{
    uint64_t key = mix(SPX_KEY_ROW ^ bits(rhs));
    for (int k = 0; k < len; k++)
        key += mix(bits(vals[k]) ^ lp->key[cols[k]]);
    return key;
}
