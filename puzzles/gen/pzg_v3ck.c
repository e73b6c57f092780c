/*
 * pzg_v3ck.c -- V3ck: a random connected graph (a random tree, then
 * extra edges, density in percent of the node count, default 50%),
 * each edge a random colour (the planted solution), the demands counted
 * from it.
 */
#include "pzg.h"

#include <stdlib.h>

static int has_edge(const int *e, int m, int a, int b)
{
    for (int k = 0; k < m; k++)
        if ((e[2 * k] == a && e[2 * k + 1] == b) ||
            (e[2 * k] == b && e[2 * k + 1] == a))
            return 1;
    return 0;
}

/* m edges on nodes 1..n into e[2m]: a random tree, then distinct
 * random extra edges (rejection: the graph stays sparse). */
static void plant(pzg_rng *r, int n, int m, int *e, int *lab)
{
    int have = 0;
    for (int v = 0; v < n; v++)
        lab[v] = v + 1;
    pzg_shuffle(r, lab, n);
    for (int v = 1; v < n; v++, have++) {
        e[2 * have] = lab[v];
        e[2 * have + 1] = lab[pzg_below(r, v)];
    }
    while (have < m) {
        int a = 1 + pzg_below(r, n), b = 1 + pzg_below(r, n);
        if (a == b || has_edge(e, have, a, b))
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
    pzg_text *t = pzg_text_new();
    if (e && lab && dem && t) {
        plant(&r, n, m, e, lab);
        write_file(t->f, &r, n, k, m, e, dem);
    }
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
