/*
 * count.c -- the solutions an enumeration (enumerate_all) has counted:
 * a hash set of their integer parts, so that a point met twice (found
 * again after a restart, at a node the search reached by another path,
 * or as two rounding-equal LP points) counts once. A solution is its
 * integer columns' values: a model with continuous columns counts the
 * distinct assignments of its integer columns that reach the optimum,
 * not the continuous points (of which there may be infinitely many).
 */
#include "mip.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The table is kept at most this full (open addressing, linear probes),
 * and starts with this many slots. */
#define COUNT_LOAD 0.5
#define COUNT_FIRST_SLOTS 64
/* FNV-1a, 64 bits (Fowler, Noll and Vo): its offset basis and prime. */
#define COUNT_FNV_OFFSET 1469598103934665603ULL
#define COUNT_FNV_PRIME 1099511628211ULL

int mip_count_init(mip_state *s)
{
    mip_count_set *c = &s->counted;
    memset(c, 0, sizeof *c);
    c->cols = malloc((size_t)(s->n ? s->n : 1) * sizeof *c->cols);
    if (!c->cols)
        return 0;
    for (int j = 0; j < s->n; j++)
        if (s->is_int[j])
            c->cols[c->width++] = j;
    return 1;
}

void mip_count_free(mip_state *s)
{
    mip_count_set *c = &s->counted;
    free(c->cols);
    free(c->keys);
    free(c->slot);
    memset(c, 0, sizeof *c);
}

void mip_count_clear(mip_state *s)
{
    mip_count_set *c = &s->counted;
    c->len = 0;
    if (c->slot)
        memset(c->slot, 0, (size_t)c->slots * sizeof *c->slot);
}

/* FNV-1a over the key's bytes (-0.0 made +0.0 by the rounding's
 * caller, so equal values hash alike). */
static unsigned long long hash_key(const double *key, int width)
{
    unsigned long long h = COUNT_FNV_OFFSET;
    const unsigned char *b = (const unsigned char *)key;
    for (size_t k = 0; k < (size_t)width * sizeof *key; k++) {
        h ^= b[k];
        h *= COUNT_FNV_PRIME;
    }
    return h;
}

static const double *key_at(const mip_count_set *c, int i)
{
    return c->keys + (size_t)i * (size_t)c->width;
}

/* The slot of key: where it is, or the empty one where it would go. */
static int find_slot(const mip_count_set *c, const double *key)
{
    size_t mask = (size_t)c->slots - 1;
    size_t at = (size_t)hash_key(key, c->width) & mask;
    for (;; at = (at + 1) & mask) {
        int i = c->slot[at] - 1;
        if (i < 0 || memcmp(key_at(c, i), key,
                            (size_t)c->width * sizeof *key) == 0)
            return (int)at;
    }
}

/* Room for one more key, the table rebuilt larger when it is too full;
 * 0 when out of memory. */
static int make_room(mip_count_set *c)
{
    if (c->len == c->cap) {
        int cap = c->cap ? 2 * c->cap : COUNT_FIRST_SLOTS;
        size_t width = (size_t)(c->width ? c->width : 1);
        double *k = realloc(c->keys, (size_t)cap * width * sizeof *k);
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

int mip_count_add(mip_state *s, const double *x)
{
    mip_count_set *c = &s->counted;
    if (!make_room(c)) {
        s->out_of_memory = 1;
        return -1;
    }
    double *key = c->keys + (size_t)c->len * (size_t)c->width;
    for (int k = 0; k < c->width; k++)
        key[k] = round(x[c->cols[k]]) + 0.0;   /* -0.0 becomes +0.0 */
    int at = find_slot(c, key);
    if (c->slot[at])
        return 0;
    c->slot[at] = ++c->len;
    return 1;
}

void mip_take_incumbent(mip_state *s, const double *x, double z)
{
    s->has_incumbent = 1;
    s->incumbent = z;
    memcpy(s->best_x, x, (size_t)s->n * sizeof *x);
    if (!s->par.enumerate_all) {
        s->solutions++;
        return;
    }
    /* the solutions counted had a worse value: the count starts again */
    mip_count_clear(s);
    s->solutions = 0;
}
