/*
 * pzg_infinityloop.c -- Infinity Loop: each pair of neighbouring tiles
 * is joined at random (density, default 50%), never toward the border,
 * and each tile is then turned a random number of times: turning it
 * back is the planted solution. A tile with no connection is empty.
 */
#include "pzg.h"

#include <stdlib.h>

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 8), density = pzg_or(o->density, 50);
    if (n < 1 || n > 1000 || density > 100) {
        snprintf(err, errlen, "infinityloop: size 1..1000, density "
                 "(connections) up to 100");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    /* side[c] bit d: tile c connects side d (0 U 1 L 2 D 3 R) */
    int *side = calloc((size_t)(n * n), sizeof *side);
    pzg_text *t = pzg_text_new();
    if (side && t) {
        for (int c = 0; c < n * n; c++) {
            if (c % n < n - 1 && pzg_chance(&r, density)) {
                side[c] |= 8;
                side[c + 1] |= 2;
            }
            if (c / n < n - 1 && pzg_chance(&r, density)) {
                side[c] |= 4;
                side[c + n] |= 1;
            }
        }
        fprintf(t->f, "puzzle: infinityloop\ngrid:\n");
        for (int c = 0; c < n * n; c++) {
            int turn = pzg_below(&r, 4), any = 0;
            for (int d = 0; d < 4; d++)
                if (side[c] >> ((d + turn) % 4) & 1) {
                    fputc("ULDR"[d], t->f);
                    any = 1;
                }
            if (!any)
                fputc('.', t->f);
            fputs(c % n == n - 1 ? "\n" : " ", t->f);
        }
    }
    free(side);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_infinityloop = {
    .name = "infinityloop",
    .help = "size: side (8); density: joined neighbours (50%)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
