/*
 * spx_keys.c -- a key for every variable that depends on the LP's
 * structure, not on the order of its columns and rows: ties among equal
 * pricing scores and ratios go to the smaller key, so that the same LP
 * written in another order takes the same path (performance
 * variability; Lodi and Tramontani 2013). Colour refinement on the
 * row-column graph: a row's key from its bounds, a column's from its
 * cost and bounds; then, round by round, each column's from its own and
 * its coefficients with their rows' keys, and each row's likewise from
 * its columns', until the classes stop splitting. Sums of mixed terms,
 * so the order of the entries is left out; columns the LP cannot tell
 * apart (no refinement splits them) keep the same key.
 */
#include "spx_impl.h"

#include <stdlib.h>
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

/* One round of refinement: each column's key from its own and its
 * rows' keys (with the coefficients), then each row's from its own and
 * its columns'. */
static void refine(spx *lp)
{
    int n = lp->n, m = lp->m;
    uint64_t *key = lp->key;
    for (int j = 0; j < n; j++) {
        uint64_t k = mix(key[j] ^ SPX_KEY_COL);
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
            k += mix(bits(lp->colval[e]) ^ key[n + lp->rowind[e]]);
        key[j] = k;
    }
    for (int i = 0; i < m; i++) {
        uint64_t k = mix(key[n + i] ^ SPX_KEY_ROW);
        for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
            k += mix(bits(lp->rowval[e]) ^ key[lp->colind[e]]);
        key[n + i] = k;
    }
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The number of distinct column keys (the classes of the partition);
 * -1 without memory for the sort. */
static int classes(const spx *lp, uint64_t *work)
{
    if (!work)
        return -1;
    memcpy(work, lp->key, (size_t)lp->n * sizeof *work);
    qsort(work, (size_t)lp->n, sizeof *work, by_key);
    int count = 0;
    for (int j = 0; j < lp->n; j++)
        count += j == 0 || work[j] != work[j - 1];
    return count;
}

/* Rounds of refinement until the columns' classes stop splitting (the
 * stable colouring, as symmetry detection computes it: two rounds left
 * 235 of pp08a's 240 columns apart, four all of them), at most
 * SPX_KEY_ROUNDS; without memory to count the classes, the least. */
void spx_compute_keys(spx *lp)
{
    int n = lp->n, m = lp->m;
    for (int i = 0; i < m; i++)
        lp->key[n + i] = bounds_key(lp, n + i, SPX_KEY_ROW);
    for (int j = 0; j < n; j++)
        lp->key[j] = bounds_key(lp, j, SPX_KEY_COL) ^ mix(bits(lp->cost[j]));
    uint64_t *work = malloc(((size_t)n + 1) * sizeof *work);
    int count = classes(lp, work);
    int rounds = work ? SPX_KEY_ROUNDS : SPX_KEY_ROUNDS_MIN;
    for (int r = 0; r < rounds; r++) {
        refine(lp);
        int now = classes(lp, work);
        if (r + 1 >= SPX_KEY_ROUNDS_MIN && now == count)
            break;
        count = now;
    }
    free(work);
}

typedef struct {
    uint64_t key;
    int k;
} keyed_var;

static int by_var_key(const void *a, const void *b)
{
    const keyed_var *x = a, *y = b;
    if (x->key != y->key)
        return (x->key > y->key) - (x->key < y->key);
    return (x->k > y->k) - (x->k < y->k);
}

/* Variables that share a key (symmetric columns: no refinement splits
 * them) would take their ties by index, and one such tie early in the
 * root LP sends the search of another order elsewhere (enigma: 3,477 to
 * 33,791 nodes over six orders). Mixing in a salt that travels with the
 * variable, such as a hash of its name, breaks them alike in any order;
 * variables of a key of their own keep it. */
int spx_separate_keys(spx *lp, const uint64_t *salt)
{
    if (!lp->par.structural_ties)
        return 0;
    keyed_var *v = malloc(((size_t)lp->nt + 1) * sizeof *v);
    if (!v)
        return -1;
    for (int k = 0; k < lp->nt; k++)
        v[k] = (keyed_var){lp->key[k], k};
    qsort(v, (size_t)lp->nt, sizeof *v, by_var_key);
    int separated = 0;
    for (int a = 0, b; a < lp->nt; a = b) {
        for (b = a + 1; b < lp->nt && v[b].key == v[a].key; b++)
            ;
        for (int t = a; b - a > 1 && t < b; t++, separated++)
            lp->key[v[t].k] = mix(v[t].key ^ mix(salt[v[t].k]));
    }
    free(v);
    return separated;
}

uint64_t spx_terms_key(const spx *lp, int len, const int *cols,
                       const double *vals, double rhs)
{
    uint64_t key = mix(SPX_KEY_ROW ^ bits(rhs));
    for (int k = 0; k < len; k++)
        key += mix(bits(vals[k]) ^ lp->key[cols[k]]);
    return key;
}

double spx_shift_factor_of(const spx *lp, int k, unsigned *h)
{
    if (!lp->par.structural_ties)
        return spx_shift_factor(h);
    unsigned own = spx_shift_start(lp) ^
                   (unsigned)(mix(lp->key[k]) >> SPX_KEY_ID_SHIFT);
    return spx_shift_factor(&own);
}

int spx_key_before(const spx *lp, int a, int b)
{
    return lp->key[a] != lp->key[b] ? lp->key[a] < lp->key[b] : a < b;
}

static int by_row_key(const void *pa, const void *pb)
{
    const spx_keyed_row *a = pa, *b = pb;
    if (a->key != b->key)
        return (a->key > b->key) - (a->key < b->key);
    return (a->row > b->row) - (a->row < b->row);
}

void spx_sort_rows_by_key(const spx *lp, int *rows, int len,
                          spx_keyed_row *work)
{
    for (int k = 0; k < len; k++)
        work[k] = (spx_keyed_row){lp->key[lp->n + rows[k]], rows[k]};
    qsort(work, (size_t)len, sizeof *work, by_row_key);
    for (int k = 0; k < len; k++)
        rows[k] = work[k].row;
}

int spx_rows_by_key(const spx *lp, int *order)
{
    spx_keyed_row *work = malloc(((size_t)lp->m + 1) * sizeof *work);
    if (!work)
        return 0;
    for (int i = 0; i < lp->m; i++)
        order[i] = i;
    spx_sort_rows_by_key(lp, order, lp->m, work);
    free(work);
    return 1;
}
