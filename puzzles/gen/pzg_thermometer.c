/*
 * pzg_thermometer.c -- Thermometers: the grid cut into random walks of 2
 * to 6 cells (cells a walk cannot reach stay free), each filled from
 * its bulb to a random level; the row and column counts are read off.
 */
#include "pzg.h"

#include <stdlib.h>

#define PZG_THERMO_MAX 6   /* longest thermometer: short ones mix well  */

/* A random walk over free cells from c; returns its length (>= 1). */
static int walk(pzg_rng *r, int n, int c, int *used, int *path, int max)
{
    int len = 0;
    while (len < max) {
        path[len++] = c;
        used[c] = 1;
        int nb[4], m = 0;
        for (int d = 0; d < 4; d++) {
            int rr = c / n + pzg_dr[d], cc = c % n + pzg_dc[d];
            if (rr >= 0 && rr < n && cc >= 0 && cc < n && !used[rr * n + cc])
                nb[m++] = rr * n + cc;
        }
        if (m == 0)
            break;
        c = nb[pzg_below(r, m)];
    }
    return len;
}

/* Cuts the grid into thermometers written to out (one a line), each
 * filled from its bulb to a random level; free cells filled at random.
 * Returns 0 or -1 (out of memory). */
static int plant(pzg_rng *r, int n, int *fill, FILE *out)
{
    int *used = calloc((size_t)(n * n), sizeof *used);
    int *order = malloc((size_t)(n * n) * sizeof *order);
    int path[PZG_THERMO_MAX], ok = used && order;
    for (int c = 0; ok && c < n * n; c++)
        order[c] = c;
    if (ok)
        pzg_shuffle(r, order, n * n);
    for (int k = 0; ok && k < n * n; k++) {
        if (used[order[k]])
            continue;
        int len = walk(r, n, order[k], used, path,
                       2 + pzg_below(r, PZG_THERMO_MAX - 1));
        if (len < 2)
            continue;  /* a lone cell stays free */
        int level = pzg_below(r, len + 1);
        for (int i = 0; i < len; i++) {
            fill[path[i]] = i < level;
            fprintf(out, "%s%d,%d", i ? " " : "", path[i] / n + 1,
                    path[i] % n + 1);
        }
        fputc('\n', out);
    }
    for (int c = 0; ok && c < n * n; c++)
        if (!used[c])   /* the counts allow either */
            fill[c] = pzg_chance(r, 50);
    free(used);
    free(order);
    return ok ? 0 : -1;
}

/* `key: count ...` of the filled cells per row (by_row) or column. */
static void counts(FILE *out, const char *key, int n, const int *fill,
                   int by_row)
{
    fprintf(out, "%s:", key);
    for (int i = 0; i < n; i++) {
        int k = 0;
        for (int j = 0; j < n; j++)
            k += fill[by_row ? i * n + j : j * n + i];
        fprintf(out, " %d", k);
    }
    fputc('\n', out);
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 8);
    if (n < 2 || n > 1000) {
        snprintf(err, errlen, "thermometer: size 2..1000");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    int *fill = calloc((size_t)(n * n), sizeof *fill);
    pzg_text *th = pzg_text_new(), *t = pzg_text_new();
    int ok = fill && th && t && plant(&r, n, fill, th->f) == 0;
    th = pzg_text_done(th);
    if (ok && th) {
        fprintf(t->f, "puzzle: thermometer\nsize: %d\n", n);
        counts(t->f, "rows", n, fill, 1);
        counts(t->f, "cols", n, fill, 0);
        fprintf(t->f, "thermometers:\n");
        fwrite(th->buf, 1, th->len, t->f);
    } else {
        pzg_text_free(t);
        t = NULL;
    }
    pzg_text_free(th);
    free(fill);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_thermometer = {
    .name = "thermometer",
    .help = "size: side (8)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
