/*
 * pzg_v3ck.c -- V3ck: a random connected graph (a random tree, then
 * extra edges, density in percent of the node count, default 50%),
 * each edge a random colour (the planted solution), the demands counted
 * from it.
 */
#include "pzg.h"

#include <stdlib.h>

/* The edges placed so far as a set: open addressing on the pair
 * (smaller node, larger node), so a test is O(1) and placing m edges
 * is linear, not quadratic (100,000 nodes took minutes). */
typedef struct edge_set {
    long long *slot;     /* [cap] a * 2^32 + b (a < b), or 0: free      */
    size_t cap;
} edge_set;

static size_t edge_slot(const edge_set *s, long long key)
{
    size_t h = (size_t)((unsigned long long)key * 0x9E3779B97F4A7C15ull);
    for (h &= s->cap - 1; s->slot[h] && s->slot[h] != key;
         h = (h + 1) & (s->cap - 1))
        continue;
    return h;
}

static long long edge_key(int a, int b)
{
    return a < b ? ((long long)a << 32) | b : ((long long)b << 32) | a;
}

/* 1 if a-b was new (and is now in the set). */
static int add_edge(edge_set *s, int a, int b)
{
    long long key = edge_key(a, b);
    size_t h = edge_slot(s, key);
    if (s->slot[h])
        return 0;
    s->slot[h] = key;
    return 1;
}

/* m edges on nodes 1..n into e[2m]: a random tree, then distinct
 * random extra edges (s: room for 2m edges, all free). */
static void plant(pzg_rng *r, int n, int m, int *e, int *lab, edge_set *s)
{
    int have = 0;
    for (int v = 0; v < n; v++)
        lab[v] = v + 1;
    pzg_shuffle(r, lab, n);
    for (int v = 1; v < n; v++, have++) {
        e[2 * have] = lab[v];
        e[2 * have + 1] = lab[pzg_below(r, v)];
        add_edge(s, e[2 * have], e[2 * have + 1]);
    }
    while (have < m) {
        int a = 1 + pzg_below(r, n), b = 1 + pzg_below(r, n);
        if (a == b || !add_edge(s, a, b))
            continue;
        e[2 * have] = a;
        e[2 * have + 1] = b;
        have++;
    }
}

/* Colours each edge at random and writes the file with the demands
 * counted from those colours (dem: [n*k] zeros). */
static void write_file(FILE *out, pzg_rng *r, int n, int k, int m, const int *e,
                  int *dem)
{
    fprintf(out, "puzzle: v3ck\nnodes: %d\ncolors: %d\nedges:\n", n, k);
    for (int i = 0; i < m; i++) {
        int c = pzg_below(r, k);
        dem[(e[2 * i] - 1) * k + c]++;
        dem[(e[2 * i + 1] - 1) * k + c]++;
        fprintf(out, "%d %d\n", e[2 * i], e[2 * i + 1]);
    }
    fprintf(out, "demands:\n");
    for (int v = 0; v < n; v++) {
        fprintf(out, "%d:", v + 1);
        for (int c = 0; c < k; c++)
            fprintf(out, " %d", dem[v * k + c]);
        fputc('\n', out);
    }
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 12), k = pzg_or(o->colours, 2);
    int density = pzg_or(o->density, 50);
    if (n < 2 || n > 100000 || k < 1 || k > 100 || density > 1000) {
        snprintf(err, errlen, "v3ck: size (nodes) 2..100000, colours "
                 "1..100, density (extra edges per node) up to 1000%%");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    long want = (long)n - 1 + (long)n * density / 100;
    long most = (long)n * (n - 1) / 2;
    int m = (int)(want < most ? want : most);
    int *e = malloc((size_t)(2 * m) * sizeof *e);
    int *lab = malloc((size_t)n * sizeof *lab);
    int *dem = calloc((size_t)(n * k), sizeof *dem);
    edge_set set = {NULL, 4};
    while (set.cap < 2 * (size_t)m)
        set.cap *= 2;
    set.slot = calloc(set.cap, sizeof *set.slot);
    pzg_text *t = pzg_text_new();
    if (e && lab && dem && set.slot && t) {
        plant(&r, n, m, e, lab, &set);
        write_file(t->f, &r, n, k, m, e, dem);
    } else if (t) {
        pzg_text_free(t);
        t = NULL;
        snprintf(err, errlen, "v3ck: out of memory");
    }
    free(set.slot);
    free(e);
    free(lab);
    free(dem);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_v3ck = {
    .name = "v3ck",
    .help = "size: nodes (12); colours (2);\n"
            "density: extra edges, percent of the nodes (50%)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
