/*
 * pzg_knight.c -- Knight's tour: forbidden squares at random (density,
 * default 0%), then a knight's path from a random start by Warnsdorff's
 * rule (go where the fewest onward moves remain, ties at random);
 * squares the path misses are forbidden too, so the path is a planted
 * tour.
 */
#include "pzg.h"

#include <stdlib.h>

static const int kr[8] = {-2, -2, -1, -1, 1, 1, 2, 2};
static const int kc[8] = {-1, 1, -2, 2, -2, 2, -1, 1};

static int step(const char *g, int n, int c, int m)
{
    int r = c / n + kr[m], col = c % n + kc[m];
    return r >= 0 && r < n && col >= 0 && col < n && g[r * n + col] == '.'
               ? r * n + col : -1;
}

static int onward(const char *g, int n, int c)
{
    int k = 0;
    for (int m = 0; m < 8; m++)
        k += step(g, n, c, m) >= 0;
    return k;
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 6), density = o->density;
    if (n < 3 || n > 1000 || density > 80) {
        snprintf(err, errlen, "knight: size 3..1000, density (forbidden "
                 "squares) up to 80");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    int N = n * n;
    char *g = malloc((size_t)N);
    pzg_text *t = pzg_text_new();
    if (g && t) {
        for (int c = 0; c < N; c++)
            g[c] = pzg_chance(&r, density) ? 'X' : '.';
        int c = pzg_below(&r, N);
        g[c] = 'S';
        for (;;) {   /* Warnsdorff; visited squares become 'v' */
            int best = -1, bk = 9, ties = 0;
            for (int m = 0; m < 8; m++) {
                int e = step(g, n, c, m);
                if (e < 0)
                    continue;
                int k = onward(g, n, e);
                if (k < bk || (k == bk && pzg_below(&r, ++ties + 1) == 0)) {
                    if (k < bk)
                        ties = 0;
                    best = e;
                    bk = k;
                }
            }
            if (best < 0)
                break;
            g[best] = 'v';
            c = best;
        }
        fprintf(t->f, "puzzle: knight\ngrid:\n");
        for (int i = 0; i < N; i++)
            fprintf(t->f, "%c%s", g[i] == 'v' ? '.' : g[i] == '.' ? 'X' : g[i],
                    i % n == n - 1 ? "\n" : "");
    }
    free(g);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_knight = {
    .name = "knight",
    .help = "size: side (6); density: forbidden squares (0%)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
