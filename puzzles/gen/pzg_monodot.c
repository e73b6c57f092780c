/*
 * pzg_monodot.c -- Monodot: nodes on random cells (density, default
 * 35%), nodes without a neighbour dropped (which changes no other
 * node's count), the degrees read off the placement, smallest first.
 */
#include "pzg.h"

#include <stdlib.h>

static int neighbours(const char *g, int n, int c)
{
    int k = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int r = c / n + dr, col = c % n + dc;
            k += (dr || dc) && r >= 0 && r < n && col >= 0 && col < n &&
                 g[r * n + col];
        }
    return k;
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 6), density = pzg_or(o->density, 35);
    if (n < 2 || n > 1000 || density > 100) {
        snprintf(err, errlen, "monodot: size 2..1000, density (nodes) up "
                 "to 100");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    int N = n * n, nodes = 0, count[9] = {0};
    char *g = malloc((size_t)N);
    pzg_text *t = pzg_text_new();
    for (int tries = 0; g && t && nodes < 2 && tries < 1000; tries++) {
        for (int c = 0; c < N; c++)
            g[c] = (char)pzg_chance(&r, density);
        for (int c = 0; c < N; c++)
            if (g[c] && neighbours(g, n, c) == 0)
                g[c] = 0;
        nodes = 0;
        for (int d = 0; d < 9; d++)
            count[d] = 0;
        for (int c = 0; c < N; c++)
            if (g[c]) {
                nodes++;
                count[neighbours(g, n, c)]++;
            }
    }
    if (nodes >= 2) {
        fprintf(t->f, "puzzle: monodot\nsize: %d\ndegrees:", n);
        for (int d = 1; d <= 8; d++)
            for (int k = 0; k < count[d]; k++)
                fprintf(t->f, " %d", d);
        fputc('\n', t->f);
    } else {
        snprintf(err, errlen, "monodot: no placement found");
        pzg_text_free(t);
        t = NULL;
    }
    free(g);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_monodot = {
    .name = "monodot",
    .help = "size: side (6); density: cells with a node (35%)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
