/*
 * pzg_starbattle.c -- Star Battle: stars placed row by row by a random
 * backtracking search (S per row and column, none touching), grouped S
 * at a time by nearness, and regions grown from each group's stars, so
 * every region holds S stars of the planted solution. A region may come
 * out in two pieces when its stars' patches do not touch; the rules do
 * not ask for connected regions.
 */
#include "pzg.h"

#include <stdlib.h>

typedef struct sb {
    int n, s;
    int *star;             /* [n*s] columns, row r's at r*s..            */
    int *count;            /* [n] stars per column so far                */
    long budget;
    pzg_rng *r;
} sb;

static int touches(const sb *g, int row, int col)
{
    for (int k = 0; row > 0 && k < g->s; k++)
        if (abs(g->star[(row - 1) * g->s + k] - col) <= 1)
            return 1;
    return 0;
}

/* Can the columns still reach s stars in the rows after row? A column
 * takes at most every other row. */
static int feasible_after(const sb *g, int row)
{
    int left = g->n - row - 1;
    for (int c = 0; c < g->n; c++)
        if (g->s - g->count[c] > (left + 1) / 2)
            return 0;
    return 1;
}

static int place(sb *g, int row, int k, int from, const int *perm);

static int place_row(sb *g, int row)
{
    if (row == g->n)
        return 1;
    int perm[g->n];
    for (int c = 0; c < g->n; c++)
        perm[c] = c;
    pzg_shuffle(g->r, perm, g->n);
    return place(g, row, 0, 0, perm);
}

/* The k-th star of row, from perm[from..]. */
static int place(sb *g, int row, int k, int from, const int *perm)
{
    if (k == g->s)
        return feasible_after(g, row) && place_row(g, row + 1);
    for (int i = from; i < g->n && g->budget-- > 0; i++) {
        int c = perm[i], ok = g->count[c] < g->s && !touches(g, row, c);
        for (int j = 0; ok && j < k; j++)
            ok = abs(g->star[row * g->s + j] - c) > 1;
        if (!ok)
            continue;
        g->star[row * g->s + k] = c;
        g->count[c]++;
        if (place(g, row, k + 1, i + 1, perm))
            return 1;
        g->count[c]--;
    }
    return 0;
}

/* Groups of s stars, each started by the first free star in reading
 * order and filled with its nearest free stars; labels the cells. */
static void group_stars(const sb *g, int *label)
{
    int m = g->n * g->s, *used = calloc((size_t)m, sizeof *used);
    for (int i = 0, grp = 0; i < m && used; i++) {
        if (used[i])
            continue;
        used[i] = 1;
        label[(i / g->s) * g->n + g->star[i]] = grp;
        for (int k = 1; k < g->s; k++) {
            int best = -1, bd = 0;
            for (int j = 0; j < m; j++) {
                int d = abs(j / g->s - i / g->s) + abs(g->star[j] - g->star[i]);
                if (!used[j] && (best < 0 || d < bd))
                    best = j, bd = d;
            }
            used[best] = 1;
            label[(best / g->s) * g->n + g->star[best]] = grp;
        }
        grp++;
    }
    free(used);
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    sb g = {.n = pzg_or(o->size, 10), .s = pzg_or(o->colours, 1)};
    if (g.n < 4 * g.s || g.n > 200 || g.s > 6) {
        snprintf(err, errlen, "starbattle: size 4*stars..200, stars 1..6");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    g.r = &r;
    g.star = calloc((size_t)(g.n * g.s), sizeof *g.star);
    g.count = calloc((size_t)g.n, sizeof *g.count);
    int *label = malloc((size_t)(g.n * g.n) * sizeof *label);
    pzg_text *t = pzg_text_new();
    int ok = 0;
    for (int tries = 0; t && label && g.star && g.count && !ok &&
                        tries < 1000; tries++) {
        for (int c = 0; c < g.n; c++)
            g.count[c] = 0;
        g.budget = 200000;
        ok = place_row(&g, 0);
    }
    if (ok) {
        for (int c = 0; c < g.n * g.n; c++)
            label[c] = -1;
        group_stars(&g, label);
        ok = pzg_grow(&r, g.n, g.n, label) == 0;
    }
    if (ok) {
        fprintf(t->f, "puzzle: starbattle\nsize: %d\nstars: %d\nregions:\n",
                g.n, g.s);
        pzg_print_labels(t->f, g.n, g.n, label, g.n);
    } else
        snprintf(err, errlen, "starbattle: no placement found");
    free(g.star);
    free(g.count);
    free(label);
    if (!ok) {
        pzg_text_free(t);
        return NULL;
    }
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_starbattle = {
    .name = "starbattle",
    .help = "size: side (10); colours: stars per row, column, region (1)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
