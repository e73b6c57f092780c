/*
 * pzg_kakuro.c -- Kakuro: black cells at random (density, default 30%),
 * runs cut at 7 cells and white cells in no run blackened; the digits
 * planted by a random backtracking fill (all different in each run,
 * restarted when it runs long), the run sums read off.
 */
#include "pzg.h"

#include <stdlib.h>

#define PZG_KK_RUN 7       /* longest run: 9 digits leave room to spare */
/* The fill spends a budget of digit tries, PZG_KK_BUDGET or
 * PZG_KK_TRIES_PER_CELL per cell if more: side 1000 (a million cells)
 * fills in a third of a second at any density. */
#define PZG_KK_MAX_SIDE 1000
#define PZG_KK_BUDGET 100000
#define PZG_KK_TRIES_PER_CELL 3

typedef struct kk {
    int n, *white, *digit, *across, *down; /* run ids per cell           */
    int *cell, *tried, *order;   /* fill's stack: [cells], [cells], [9 cells] */
    long budget;
    pzg_rng *r;
} kk;

static int run_len(const kk *g, int c, int dr, int dc)
{
    int len = 0, r = c / g->n, col = c % g->n;
    while (r >= 0 && r < g->n && col >= 0 && col < g->n &&
           g->white[r * g->n + col]) {
        len++;
        r += dr;
        col += dc;
    }
    return len;
}

/* Blacks the cell after PZG_KK_RUN whites and whites in no run. */
static void shape(kk *g)
{
    int n = g->n, changed = 1;
    while (changed) {
        changed = 0;
        for (int c = 0; c < n * n; c++) {
            if (!g->white[c])
                continue;
            int h = run_len(g, c, 0, -1) + run_len(g, c, 0, 1) - 1;
            int v = run_len(g, c, -1, 0) + run_len(g, c, 1, 0) - 1;
            if ((h < 2 && v < 2) || run_len(g, c, 0, -1) > PZG_KK_RUN ||
                run_len(g, c, -1, 0) > PZG_KK_RUN) {
                g->white[c] = 0;
                changed = 1;
            }
        }
    }
}

/* Run ids: the run a white cell belongs to across (down), -1 if the run
 * has one cell. Returns the number of runs. */
static int number_runs(kk *g, int *ids, int dr, int dc, int start)
{
    int n = g->n, id = start;
    for (int c = 0; c < n * n; c++) {
        ids[c] = -1;
        if (!g->white[c])
            continue;
        int pr = c / n - dr, pc = c % n - dc;
        int prev = pr >= 0 && pc >= 0 ? pr * n + pc : -1;
        if (prev >= 0 && g->white[prev])
            ids[c] = ids[prev];
        else if (run_len(g, c, dr, dc) >= 2)
            ids[c] = id++;
    }
    return id;
}

/* Does digit d repeat one of the cells filled before c in its across
 * run (to its left) or its down run (above it)? Only those two runs are
 * looked at, so a fill is linear in the grid, not quadratic. */
static int clash(const kk *g, int c, int d)
{
    int n = g->n;
    for (int o = c - 1; o >= c - c % n && g->white[o]; o--)
        if (g->across[c] >= 0 && g->digit[o] == d)
            return 1;
    for (int o = c - n; o >= 0 && g->white[o]; o -= n)
        if (g->down[c] >= 0 && g->digit[o] == d)
            return 1;
    return 0;
}

static int next_white(const kk *g, int c)
{
    while (c < g->n * g->n && !g->white[c])
        c++;
    return c;
}

/* Starts trying digits on cell c at depth: its own random order. */
static void enter(kk *g, int depth, int c)
{
    int *d = &g->order[9 * depth];
    g->cell[depth] = c;
    g->tried[depth] = 0;
    for (int i = 0; i < 9; i++)
        d[i] = i + 1;
    pzg_shuffle(g->r, d, 9);
}

/* Fills the white cells in reading order with digits that do not repeat
 * in a run, backtracking within the budget. A depth-first search with
 * its own stack (cell, digit order, digits tried): recursion would take
 * one call per white cell and outgrow the stack. Returns 1 when filled. */
static int fill(kk *g)
{
    int end = g->n * g->n, depth = 0, c = next_white(g, 0);
    if (c == end)
        return 1;
    enter(g, 0, c);
    for (;;) {
        int descended = 0, *i = &g->tried[depth];
        const int *d = &g->order[9 * depth];
        c = g->cell[depth];
        while (*i < 9 && g->budget-- > 0) {
            if (clash(g, c, d[*i])) {
                (*i)++;
                continue;
            }
            g->digit[c] = d[*i];
            int next = next_white(g, c + 1);
            if (next == end)
                return 1;
            enter(g, ++depth, next);
            descended = 1;
            break;
        }
        if (descended)
            continue;
        g->digit[c] = 0;
        if (depth == 0)
            return 0;
        g->tried[--depth]++;   /* the digit that led here failed */
    }
}

static int print_sums(FILE *out, const kk *g, const int *ids, int first,
                      int last, const char *key)
{
    int *sum = calloc((size_t)(last - first + 1), sizeof *sum);
    if (!sum)
        return -1;
    fprintf(out, "%s:", key);
    for (int c = 0; c < g->n * g->n; c++)
        if (ids[c] >= first && ids[c] < last)
            sum[ids[c] - first] += g->digit[c];
    for (int id = first; id < last; id++)
        fprintf(out, " %d", sum[id - first]);
    fputc('\n', out);
    free(sum);
    return 0;
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    kk g = {.n = pzg_or(o->size, 8)};
    int density = pzg_or(o->density, 30);
    if (g.n < 2 || g.n > PZG_KK_MAX_SIDE || density > 90) {
        snprintf(err, errlen, "kakuro: size 2..%d, density (black "
                 "cells) up to 90", PZG_KK_MAX_SIDE);
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    g.r = &r;
    size_t cells = (size_t)(g.n * g.n);
    g.white = malloc(cells * sizeof *g.white);
    g.digit = calloc(cells, sizeof *g.digit);
    g.across = malloc(cells * sizeof *g.across);
    g.down = malloc(cells * sizeof *g.down);
    g.cell = malloc(cells * sizeof *g.cell);
    g.tried = malloc(cells * sizeof *g.tried);
    g.order = malloc(9 * cells * sizeof *g.order);
    pzg_text *t = pzg_text_new();
    int ok = 0, nomem = 0, na = 0, nd = 0;
    int room = t && g.white && g.digit && g.across && g.down && g.cell &&
               g.tried && g.order;
    nomem = !room;
    for (int tries = 0; room && !ok && tries < 100; tries++) {
        int any = 0;
        for (size_t c = 0; c < cells; c++)
            g.white[c] = !pzg_chance(&r, density);
        shape(&g);
        for (size_t c = 0; c < cells; c++)
            any |= g.white[c];
        na = number_runs(&g, g.across, 0, 1, 0);
        nd = number_runs(&g, g.down, 1, 0, na);
        g.budget = (long)cells * PZG_KK_TRIES_PER_CELL > PZG_KK_BUDGET
                       ? (long)cells * PZG_KK_TRIES_PER_CELL : PZG_KK_BUDGET;
        ok = any && fill(&g);
    }
    if (ok) {
        fprintf(t->f, "puzzle: kakuro\ngrid:\n");
        for (size_t c = 0; c < cells; c++)
            fprintf(t->f, "%c%s", g.white[c] ? '.' : 'X',
                    (int)(c % (size_t)g.n) == g.n - 1 ? "\n" : "");
        if (print_sums(t->f, &g, g.across, 0, na, "across") != 0 ||
            print_sums(t->f, &g, g.down, na, nd, "down") != 0)
            ok = nomem = 1;
    }
    if (!ok || nomem) {
        snprintf(err, errlen, "kakuro: %s", t && !nomem ? "no grid found"
                                                        : "out of memory");
        pzg_text_free(t);
        t = NULL;
    }
    free(g.white);
    free(g.digit);
    free(g.across);
    free(g.down);
    free(g.cell);
    free(g.tried);
    free(g.order);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_kakuro = {
    .name = "kakuro",
    .help = "size: side (8); density: black cells (30%)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
