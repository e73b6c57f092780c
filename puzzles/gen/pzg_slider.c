/*
 * pzg_slider.c -- Slider: obstacles at random (density, default 15%),
 * start and target on random free cells, kept only when a breadth-first
 * search over the sliding moves reaches the target in two moves or
 * more (that path is the planted solution).
 */
#include "pzg.h"

#include <stdlib.h>

/* Where a slide from c in direction d stops. */
static int slide(const char *g, int n, int c, int d)
{
    int r = c / n, col = c % n;
    for (;;) {
        int rr = r + pzg_dr[d], cc = col + pzg_dc[d];
        if (rr < 0 || rr >= n || cc < 0 || cc >= n || g[rr * n + cc] == 'X')
            return r * n + col;
        r = rr;
        col = cc;
    }
}

/* Moves from s to t, or -1 if t cannot be reached. */
static int moves(const char *g, int n, int s, int t, int *dist, int *queue)
{
    for (int c = 0; c < n * n; c++)
        dist[c] = -1;
    int head = 0, tail = 0;
    dist[s] = 0;
    queue[tail++] = s;
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < 4; d++) {
            int e = slide(g, n, c, d);
            if (dist[e] < 0) {
                dist[e] = dist[c] + 1;
                queue[tail++] = e;
            }
        }
    }
    return dist[t];
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 8), density = pzg_or(o->density, 15);
    if (n < 2 || n > 1000 || density > 80) {
        snprintf(err, errlen, "slider: size 2..1000, density (obstacles) "
                 "up to 80");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    int N = n * n, ok = 0;
    char *g = malloc((size_t)N);
    int *dist = malloc((size_t)N * sizeof *dist), *queue = malloc((size_t)N * sizeof *queue);
    pzg_text *t = pzg_text_new();
    for (int tries = 0; g && dist && queue && t && !ok && tries < 1000;
         tries++) {
        for (int c = 0; c < N; c++)
            g[c] = pzg_chance(&r, density) ? 'X' : '.';
        int s = pzg_below(&r, N), e = pzg_below(&r, N);
        if (s == e || g[s] == 'X' || g[e] == 'X')
            continue;
        ok = moves(g, n, s, e, dist, queue) >= 2;
        g[s] = 'S';
        g[e] = 'T';
    }
    if (ok) {
        fprintf(t->f, "puzzle: slider\ngrid:\n");
        for (int c = 0; c < N; c++)
            fprintf(t->f, "%c%s", g[c], c % n == n - 1 ? "\n" : "");
    } else {
        snprintf(err, errlen, "slider: no reachable target found");
        pzg_text_free(t);
        t = NULL;
    }
    free(g);
    free(dist);
    free(queue);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_slider = {
    .name = "slider",
    .help = "size: side (8); density: obstacles (15%)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
