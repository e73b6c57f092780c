/*
 * count.c -- the solutions an enumeration (enumerate_all) has counted:
 * a hash set of their integer parts, so that a point met twice (found
 * again after a restart, at a node the search reached by another path,
 * or as two rounding-equal LP points) counts once. A solution is its
 * integer columns' values: a model with continuous columns counts the
 * distinct assignments of its integer columns that reach the optimum,
 * not the continuous points (of which there may be infinitely many).
 * A key holds a binary column (bounds lo, lo + 1) as one bit, any other
 * integer column as its value (a double), so that a puzzle's thousands
 * of solutions over hundreds of binaries stay small.
 */
#include "mip.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Is integer column j binary: two values, lo and lo + 1? */
static int two_valued(const mip_state *s, int j)
{
    double lo = bnb_col_lo(s->model, j), up = bnb_col_up(s->model, j);
    return isfinite(lo) && isfinite(up) && up - lo <= 1;
}

int mip_count_init(mip_state *s)
{
    mip_count_set *c = &s->inc.counted;
    memset(c, 0, sizeof *c);
    c->cols = malloc((size_t)(s->n ? s->n : 1) * sizeof *c->cols);
    if (!c->cols)
        return 0;
    /* the binary columns first, as bits, then the others */
    for (int pass = 0; pass < 2; pass++)
        for (int j = 0; j < s->n; j++)
            if (s->is_int[j] && two_valued(s, j) == (pass == 0)) {
                c->cols[c->width++] = j;
                c->bits += pass == 0;
            }
    c->key_bytes = (c->bits + COUNT_BITS - 1) / COUNT_BITS +
                   (c->width - c->bits) * sizeof(double);
    return 1;
}

void mip_count_free(mip_state *s)
{
    mip_count_set *c = &s->inc.counted;
    free(c->cols);
    free(c->keys);
    free(c->slot);
    memset(c, 0, sizeof *c);
}

void mip_count_clear(mip_state *s)
{
    mip_count_set *c = &s->inc.counted;
    c->len = 0;
    if (c->slot)
        memset(c->slot, 0, (size_t)c->slots * sizeof *c->slot);
}

static unsigned long long hash_key(const unsigned char *key, size_t bytes)
{
    unsigned long long h = MIP_FNV_OFFSET;
    for (size_t k = 0; k < bytes; k++) {
        h ^= key[k];
        h *= MIP_FNV_PRIME;
    }
    return h;
}

static unsigned char *key_at(const mip_count_set *c, int i)
{
    return c->keys + (size_t)i * c->key_bytes;
}

/* The slot of key: where it is, or the empty one where it would go. */
static int find_slot(const mip_count_set *c, const unsigned char *key)
{
    size_t mask = (size_t)c->slots - 1;
    size_t at = (size_t)hash_key(key, c->key_bytes) & mask;
    for (;; at = (at + 1) & mask) {
        int i = c->slot[at] - 1;
        if (i < 0 || memcmp(key_at(c, i), key, c->key_bytes) == 0)
            return (int)at;
    }
}

/* Room for one more key, the table rebuilt larger when it is too full;
 * 0 when out of memory. */
static int make_room(mip_count_set *c)
{
    if (c->len == c->cap) {
        int cap = c->cap ? 2 * c->cap : COUNT_FIRST_SLOTS;
        size_t bytes = c->key_bytes ? c->key_bytes : 1;
        unsigned char *k = realloc(c->keys, (size_t)cap * bytes);
        if (!k)
            return 0;
        c->keys = k;
        c->cap = cap;
    }
    if (c->len + 1 <= COUNT_LOAD * c->slots)
        return 1;
    int slots = c->slots ? 2 * c->slots : COUNT_FIRST_SLOTS;
    int *t = calloc((size_t)slots, sizeof *t);
    if (!t)
        return 0;
    free(c->slot);
    c->slot = t;
    c->slots = slots;
    for (int i = 0; i < c->len; i++)
        c->slot[find_slot(c, key_at(c, i))] = i + 1;
    return 1;
}

/* x's integer part as a key: a bit per binary (set at lo + 1), then the
 * other values rounded (-0.0 made +0.0, so equal values compare equal). */
static void make_key(const mip_state *s, const double *x, unsigned char *key)
{
    const mip_count_set *c = &s->inc.counted;
    int bytes = (c->bits + COUNT_BITS - 1) / COUNT_BITS;
    memset(key, 0, c->key_bytes);
    for (int k = 0; k < c->bits; k++) {
        int j = c->cols[k];
        if (round(x[j]) > bnb_col_lo(s->model, j))
            key[k / COUNT_BITS] |= (unsigned char)(1u << (k % COUNT_BITS));
    }
    for (int k = c->bits; k < c->width; k++) {
        double v = round(x[c->cols[k]]) + 0.0;
        memcpy(key + bytes + (size_t)(k - c->bits) * sizeof v, &v, sizeof v);
    }
}

int mip_count_add(mip_state *s, const double *x)
{
    mip_count_set *c = &s->inc.counted;
    if (!make_room(c)) {
        s->out_of_memory = 1;
        return -1;
    }
    unsigned char *key = key_at(c, c->len);
    make_key(s, x, key);
    int at = find_slot(c, key);
    if (c->slot[at])
        return 0;
    c->slot[at] = ++c->len;
    return 1;
}

void mip_take_incumbent(mip_state *s, const double *x, double z)
{
    s->inc.has_incumbent = 1;
    s->inc.incumbent = z;
    memcpy(s->inc.best_x, x, (size_t)s->n * sizeof *x);
    if (!s->par.enumerate_all) {
        s->inc.solutions++;
        return;
    }
    /* the solutions counted had a worse value: the count starts again */
    mip_count_clear(s);
    s->inc.solutions = 0;
}
