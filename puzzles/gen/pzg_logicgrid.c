/*
 * pzg_logicgrid.c -- Logic grids: sets A, B, C, ... of values A1..An,
 * the key set A first, each other set matched to the keys by a random
 * permutation (the planted solution), then random clues true in it:
 * `=`, `!=`, either-or and oneof, never two values of one set in a
 * pairing. density: clues per key value in percent (default 100, so n
 * clues for n keys); reveal adds a clue another solution breaks.
 */
#include "pzg.h"

#include <stdlib.h>
#include <string.h>

#define PZG_LG_LINE 128

typedef struct lg {
    int n, m;              /* values per set, sets                        */
    int *of;               /* [m*n] value of set s for key i: of[s*n+i]   */
    char (*clue)[PZG_LG_LINE];
    int nclue, cap;
    pzg_rng r;
} lg;

/* The name of value v of set s, e.g. "C4". */
static void name(char *buf, int s, int v)
{
    snprintf(buf, 16, "%c%d", 'A' + s, v + 1);
}

static int other_set(lg *g, int s)
{
    int t = pzg_below(&g->r, g->m - 1);
    return t >= s ? t + 1 : t;
}

static int other_key(lg *g, int i)
{
    int j = pzg_below(&g->r, g->n - 1);
    return j >= i ? j + 1 : j;
}

/* One random clue true in the planted solution, into line. */
static void random_clue(lg *g, char *line)
{
    int i = pzg_below(&g->r, g->n), s = pzg_below(&g->r, g->m);
    int t = other_set(g, s), u = other_set(g, s), j = other_key(g, i);
    char a[16], b[16], c[16], d[16];
    name(a, s, g->of[s * g->n + i]);
    name(b, t, g->of[t * g->n + i]);
    switch (pzg_below(&g->r, 6)) {
    case 0:
        snprintf(line, PZG_LG_LINE, "%s = %s", a, b);
        break;
    case 1:
    case 2:
        name(b, t, g->of[t * g->n + j]);
        name(c, u, g->of[u * g->n + other_key(g, i)]);
        if (strcmp(b, c) == 0)
            snprintf(line, PZG_LG_LINE, "%s != %s", a, b);
        else
            snprintf(line, PZG_LG_LINE, "%s != %s %s", a, b, c);
        break;
    case 3:
        name(c, u, g->of[u * g->n + j]);
        if (pzg_below(&g->r, 2))
            snprintf(line, PZG_LG_LINE, "%s = %s | %s", a, b, c);
        else
            snprintf(line, PZG_LG_LINE, "%s = %s | %s", a, c, b);
        break;
    default:
        if (s == 0) {   /* key values on one side of ':' only */
            t = 1 + pzg_below(&g->r, g->m - 1);
            u = 1 + pzg_below(&g->r, g->m - 1);
        }
        name(b, s, g->of[s * g->n + j]);
        name(c, t, g->of[t * g->n + i]);
        name(d, u, g->of[u * g->n + j]);
        if (pzg_below(&g->r, 2))
            snprintf(line, PZG_LG_LINE, "oneof %s %s : %s %s", a, b, c, d);
        else
            snprintf(line, PZG_LG_LINE, "oneof %s %s : %s %s", a, b, d, c);
    }
}

static char *new_clue(lg *g)
{
    if (g->nclue == g->cap) {
        int cap = 2 * g->cap + 16;
        void *c = realloc(g->clue, (size_t)cap * sizeof *g->clue);
        if (!c)
            return NULL;
        g->clue = c;
        g->cap = cap;
    }
    return g->clue[g->nclue++];
}

/* `Ai != Sw` or `Ai = Sv` for a key i whose value w of set s in another
 * solution is not the planted v; 0 if no solution differs. */
static int exclude(lg *g, const char *const *other, int nother)
{
    int n = g->n, m = g->m, v[n * m];
    for (int k = 0; k < nother; k++) {
        if (pzg_numbers(other[k], v, n * m) != n * m)
            continue;
        int start = pzg_below(&g->r, n * m);
        for (int t = 0; t < n * m; t++) {
            int i = (start + t) % (n * m) / m, s = (start + t) % m;
            int w = v[i * m + s] - 1, key = v[i * m] - 1;
            if (s == 0 || key < 0 || key >= n || w == g->of[s * n + key])
                continue;
            char a[16], b[16], *line = new_clue(g);
            if (!line)
                return 0;
            /* half the time the planted value: stronger, fewer clues */
            int eq = pzg_below(&g->r, 2);
            name(a, 0, key);
            name(b, s, eq ? g->of[s * n + key] : w);
            snprintf(line, PZG_LG_LINE, "%s %s %s", a, eq ? "=" : "!=", b);
            return 1;
        }
    }
    return 0;
}

/* A clue another solution breaks, else a random true clue. */
static int reveal(void *p, const char *const *other, int nother)
{
    lg *g = p;
    if (exclude(g, other, nother))
        return 1;
    char *line = new_clue(g);
    if (!line)
        return 0;
    random_clue(g, line);
    return 1;
}

static void lg_free(void *p)
{
    lg *g = p;
    if (g) {
        free(g->of);
        free(g->clue);
        free(g);
    }
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 5), m = pzg_or(o->colours, 4);
    int density = pzg_or(o->density, 100);
    if (n < 2 || n > 1000 || m < 2 || m > 26 || density > 10000) {
        snprintf(err, errlen, "logicgrid: size (values per set) 2..1000, "
                 "colours (sets) 2..26");
        return NULL;
    }
    lg *g = calloc(1, sizeof *g);
    if (!g || !(g->of = malloc((size_t)(n * m) * sizeof *g->of))) {
        lg_free(g);
        return NULL;
    }
    g->n = n;
    g->m = m;
    pzg_rng_seed(&g->r, o->seed);
    for (int s = 0; s < m; s++) {
        for (int i = 0; i < n; i++)
            g->of[s * n + i] = i;
        if (s > 0)
            pzg_shuffle(&g->r, g->of + s * n, n);
    }
    int want = n * density / 100;
    for (int k = 0; k < want; k++)
        if (!reveal(g, NULL, 0)) {
            lg_free(g);
            return NULL;
        }
    return g;
}

static void print(const void *p, FILE *out)
{
    const lg *g = p;
    char v[16];
    fprintf(out, "puzzle: logicgrid\nattributes:\n");
    for (int s = 0; s < g->m; s++) {
        fprintf(out, "%c:", 'A' + s);
        for (int i = 0; i < g->n; i++) {
            name(v, s, i);
            fprintf(out, " %s", v);
        }
        fputc('\n', out);
    }
    fprintf(out, "clues:\n");
    for (int k = 0; k < g->nclue; k++)
        fprintf(out, "%s\n", g->clue[k]);
}

const pzg_kind pzg_kind_logicgrid = {
    .name = "logicgrid",
    .help = "size: values per set (5); colours: sets (4);\n"
            "density: clues per key value (100%)",
    .make = make,
    .print = print,
    .reveal = reveal,
    .free = lg_free,
};
