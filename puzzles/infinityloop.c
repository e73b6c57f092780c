/*
 * infinityloop.c -- Infinity Loop (Hartmann 2018, sec. 4): turn tiles so
 * that no connection is left open, with the fewest left turns: the Match
 * 22 model of pz_rot.c on 0/1 connection flags plus border rows (14)-(17).
 */
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"
#include "pz_rot.h"

static const char side_letter[4] = {'U', 'L', 'D', 'R'};

static const pz_key keys[] = {
    {"grid", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static void il_free(void *pz)
{
    pz_rot *r = pz;
    pz_rot_free(r);
    free(r);
}

/* A tile: the letters of the sides it connects, each of U L D R at most
 * once, in any order; '.' for an empty cell. */
static int read_tile(pz_file *f, const pz_grid *g, int row, int col,
                     pz_rot *r)
{
    const char *s = pz_grid_at(g, row, col);
    int d[4] = {0, 0, 0, 0};
    if (strcmp(s, ".") == 0)
        return 0;
    for (const char *p = s; *p; p++) {
        const char *at = memchr(side_letter, *p, 4);
        if (!at)
            return pz_grid_error(f, g, row, col, "tile '%s': '%c' is not "
                                 "a side (U, L, D or R; '.' for no tile)",
                                 s, *p);
        if (d[at - side_letter]++)
            return pz_grid_error(f, g, row, col, "tile '%s' names side "
                                 "'%c' twice", s, *p);
    }
    pz_rot_add(r, row, col, d);
    return 0;
}

static void *il_parse(pz_file *f)
{
    return pz_rot_parse(f, read_tile, "tile");
}

static int il_build(void *pz, int variant, pz_build *b)
{
    (void)variant;
    return pz_rot_build(pz, 1, b);
}

static void *il_decode(const void *pz, const double *x)
{
    const pz_rot *r = pz;
    int *turns = malloc(((size_t)r->ntiles + 1) * sizeof *turns);
    if (turns)
        pz_rot_turns(r, x, turns);
    return turns;
}

/* The rule: every connection meets one of its neighbour, none points to
 * an empty cell or out of the grid. */
static int il_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    return pz_rot_check(pz, sol, 1, err, errlen);
}

static void il_render(const void *pz, const void *sol, FILE *out)
{
    const pz_rot *r = pz;
    const int *turns = sol;
    for (int row = 0; row < r->rows; row++)
        for (int col = 0; col < r->cols; col++) {
            int i = r->tile[row * r->cols + col];
            if (col)
                fputc(' ', out);
            for (int h = 0; h < 4 && i >= 0; h++)
                if (pz_rot_side(r, i, turns[i], h))
                    fputc(side_letter[h], out);
            if (i < 0)
                fputc('.', out);
            if (col == r->cols - 1)
                fputc('\n', out);
        }
    fprintf(out, "turns: %d\n", pz_rot_total(r, turns));
}

static void il_describe(const void *pz, char *buf, size_t len)
{
    const pz_rot *r = pz;
    snprintf(buf, len, "%dx%d, %d tile%s", r->rows, r->cols, r->ntiles,
             r->ntiles == 1 ? "" : "s");
}

static void il_picture(const void *pz, pz_json *j)
{
    pz_rot_picture(pz, j);
}

const pz_kind pz_kind_infinityloop = {
    .name = "infinityloop",
    .source = "Hartmann 2018, sec. 4",
    .help = "Turn tiles left so that no connection is open (none toward an\n"
            "empty cell or the border); fewest turns in all. Key grid: one\n"
            "token per cell, the sides a tile connects from U L D R (any\n"
            "order), or '.' for no tile. x[i,j] = tile i (reading order)\n"
            "turned j times. Rows (9)-(12) as match22 on 0/1 connection\n"
            "flags, 'none' for an empty neighbour; (14) top, (15) left,\n"
            "(16) bottom, (17) right border.",
    .variants = NULL,
    .keys = keys,
    .parse = il_parse,
    .build = il_build,
    .decode = il_decode,
    .check = il_check,
    .render = il_render,
    .describe = il_describe,
    .picture = il_picture,
    .free = il_free,
    .generator = &pzg_kind_infinityloop,
};
