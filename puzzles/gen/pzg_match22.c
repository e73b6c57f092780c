/*
 * pzg_match22.c -- Match 22: every pair of touching segments gets one
 * random colour (colours, default 3), border segments their own, and
 * each disk is then turned a random number of times: turning it back is
 * the planted solution.
 */
#include "pzg.h"

#include <stdlib.h>

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 6), k = pzg_or(o->colours, 3);
    if (n < 1 || n > 1000 || k < 1 || k > 9) {
        snprintf(err, errlen, "match22: size 1..1000, colours 1..9");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    /* side colours: seg[c*4 + d], d 0 top 1 left 2 bottom 3 right */
    int *seg = malloc((size_t)(4 * n * n) * sizeof *seg);
    pzg_text *t = pzg_text_new();
    if (seg && t) {
        for (int c = 0; c < n * n; c++)
            for (int d = 0; d < 4; d++)
                seg[4 * c + d] = 1 + pzg_below(&r, k);
        for (int c = 0; c < n * n; c++) {     /* neighbours agree */
            if (c % n < n - 1)
                seg[4 * (c + 1) + 1] = seg[4 * c + 3];
            if (c / n < n - 1)
                seg[4 * (c + n) + 0] = seg[4 * c + 2];
        }
        fprintf(t->f, "puzzle: match22\ngrid:\n");
        for (int c = 0; c < n * n; c++) {
            int turn = pzg_below(&r, 4);
            for (int d = 0; d < 4; d++)
                fputc('0' + seg[4 * c + (d + turn) % 4], t->f);
            fputs(c % n == n - 1 ? "\n" : " ", t->f);
        }
    }
    free(seg);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_match22 = {
    .name = "match22",
    .help = "size: side (6); colours: 1..9 (3)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
