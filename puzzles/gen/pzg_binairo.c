/*
 * pzg_binairo.c -- Binary Sudoku: a full grid planted by a random
 * backtracking fill (balanced lines, no three equal in a line, and no
 * two equal rows or columns), then a random share of its cells given
 * (density, default 35%); reveal gives a planted cell where another
 * solution differs.
 */
#include "pzg.h"

#include <stdlib.h>
#include <string.h>

typedef struct bn {
    int n, shown, *cell, *order;  /* order[..shown-1]: the given cells  */
    long budget;
    pzg_rng *r, own;
} bn;

static int equal_lines(const bn *g, int a, int b, int rows)
{
    for (int k = 0; k < g->n; k++)
        if (rows ? g->cell[a * g->n + k] != g->cell[b * g->n + k]
                 : g->cell[k * g->n + a] != g->cell[k * g->n + b])
            return 0;
    return 1;
}

/* The rules on the filled cells up to c (reading order). */
static int fits(const bn *g, int c)
{
    int n = g->n, r = c / n, col = c % n, v = g->cell[c], rs = 0, cs = 0;
    if (col >= 2 && g->cell[c - 1] == v && g->cell[c - 2] == v)
        return 0;
    if (r >= 2 && g->cell[c - n] == v && g->cell[c - 2 * n] == v)
        return 0;
    for (int k = 0; k <= col; k++)
        rs += g->cell[r * n + k];
    for (int k = 0; k <= r; k++)
        cs += g->cell[k * n + col];
    if (rs > n / 2 || col + 1 - rs > n / 2 || cs > n / 2 ||
        r + 1 - cs > n / 2)
        return 0;
    for (int o = 0; col == n - 1 && o < r; o++)
        if (equal_lines(g, o, r, 1))
            return 0;
    for (int o = 0; r == n - 1 && o < col; o++)
        if (equal_lines(g, o, col, 0))
            return 0;
    return 1;
}

static int fill(bn *g, int c)
{
    if (c == g->n * g->n)
        return 1;
    int first = pzg_below(g->r, 2);
    for (int i = 0; i < 2 && g->budget-- > 0; i++) {
        g->cell[c] = first ^ i;
        if (fits(g, c) && fill(g, c + 1))
            return 1;
    }
    return 0;
}

static void bn_free(void *p)
{
    bn *g = p;
    if (g) {
        free(g->cell);
        free(g->order);
        free(g);
    }
}

/* The largest side whose grid the backtracking fill finds: 20 within
 * its budget for every seed tried (seconds), 22 fails for most seeds
 * after 10 s. */
#define PZG_BINAIRO_MAX 20

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 8), density = pzg_or(o->density, 35);
    if (n < 2 || n % 2 || n > PZG_BINAIRO_MAX || density > 100) {
        snprintf(err, errlen, "binairo: size even 2..%d (the largest grid "
                 "its search fills: at 22 it often finds none), density "
                 "(given cells) up to 100", PZG_BINAIRO_MAX);
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    bn *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    *g = (bn){.n = n, .r = &r};
    g->cell = calloc((size_t)(n * n), sizeof *g->cell);
    g->order = malloc((size_t)(n * n) * sizeof *g->order);
    int ok = 0;
    for (int tries = 0; g->cell && g->order && !ok && tries < 1000; tries++) {
        g->budget = 200000;
        ok = fill(g, 0);
    }
    if (!ok) {
        snprintf(err, errlen, "binairo: no %dx%d grid found", n, n);
        bn_free(g);
        return NULL;
    }
    for (int c = 0; c < n * n; c++)
        g->order[c] = c;
    pzg_shuffle(&r, g->order, n * n);
    g->shown = n * n * density / 100;
    g->own = r;
    g->r = &g->own;
    return g;
}

static void print(const void *p, FILE *out)
{
    const bn *g = p;
    int n = g->n;
    char *show = calloc((size_t)(n * n), 1);
    for (int k = 0; show && k < g->shown; k++)
        show[g->order[k]] = 1;
    fprintf(out, "puzzle: binairo\nsize: %d\ngrid:\n", n);
    for (int c = 0; c < n * n; c++)
        fprintf(out, "%c%s", show && show[c] ? '0' + g->cell[c] : '.',
                c % n == n - 1 ? "\n" : "");
    free(show);
}

/* 1 if some other solution has another digit in cell c. */
static int differs(const bn *g, int c, const char *const *other, int nother)
{
    for (int i = 0; i < nother; i++) {
        int k = -1;
        for (const char *t = other[i]; *t; t++)
            if ((*t == '0' || *t == '1') && ++k == c)
                if (*t - '0' != g->cell[c])
                    return 1;
    }
    return 0;
}

/* Gives a cell where another solution differs, else the next at random. */
static int reveal(void *p, const char *const *other, int nother)
{
    bn *g = p;
    int left = g->n * g->n - g->shown;
    if (left == 0)
        return 0;
    int start = pzg_below(g->r, left), pick = g->shown;
    for (int k = 0; k < left && nother > 0; k++) {
        int i = g->shown + (start + k) % left;
        if (differs(g, g->order[i], other, nother)) {
            pick = i;
            break;
        }
    }
    int t = g->order[pick];
    g->order[pick] = g->order[g->shown];
    g->order[g->shown++] = t;
    return 1;
}

const pzg_kind pzg_kind_binairo = {
    .name = "binairo",
    .help = "size: side, even (8); density: given cells (35%)",
    .make = make,
    .print = print,
    .reveal = reveal,
    .free = bn_free,
};
