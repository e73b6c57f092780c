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

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 8);
    if (n < 2 || n > 1000) {
        snprintf(err, errlen, "thermometer: size 2..1000");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    int *used = calloc((size_t)(n * n), sizeof *used);
    int *fill = calloc((size_t)(n * n), sizeof *fill);
    int *order = malloc((size_t)(n * n) * sizeof *order);
    int *rows = calloc((size_t)n, sizeof *rows), *cols = calloc((size_t)n, sizeof *cols);
    char *th = NULL;
    size_t thlen = 0;
    FILE *tf = open_memstream(&th, &thlen);
    pzg_text *t = pzg_text_new();
    if (used && fill && order && rows && cols && tf && t) {
        int path[PZG_THERMO_MAX];
        for (int c = 0; c < n * n; c++)
            order[c] = c;
        pzg_shuffle(&r, order, n * n);
        for (int k = 0; k < n * n; k++) {
            if (used[order[k]])
                continue;
            int len = walk(&r, n, order[k], used, path,
                           2 + pzg_below(&r, PZG_THERMO_MAX - 1));
            if (len < 2)
                continue;  /* a lone cell stays free */
            int level = pzg_below(&r, len + 1);
            for (int i = 0; i < len; i++) {
                fill[path[i]] = i < level;
                fprintf(tf, "%s%d,%d", i ? " " : "", path[i] / n + 1,
                        path[i] % n + 1);
            }
            fputc('\n', tf);
        }
        /* free cells: fill them at random too, the counts allow either */
        for (int c = 0; c < n * n; c++) {
            if (!used[c])
                fill[c] = pzg_chance(&r, 50);
            rows[c / n] += fill[c];
            cols[c % n] += fill[c];
        }
    }
    if (tf)
        fclose(tf);
    if (t && !th) {
        pzg_text_free(t);
        t = NULL;
    }
    if (t) {
        fprintf(t->f, "puzzle: thermometer\nsize: %d\nrows:", n);
        for (int i = 0; i < n; i++)
            fprintf(t->f, " %d", rows[i]);
        fprintf(t->f, "\ncols:");
        for (int i = 0; i < n; i++)
            fprintf(t->f, " %d", cols[i]);
        fprintf(t->f, "\nthermometers:\n%s", th);
    }
    free(used);
    free(fill);
    free(order);
    free(rows);
    free(cols);
    free(th);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_thermometer = {
    .name = "thermometer",
    .help = "size N (8): an N x N grid",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
