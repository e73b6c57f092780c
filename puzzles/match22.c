/*
 * match22.c -- Match 22: Color Puzzle Game (Hartmann 2018, sec. 4): turn
 * disks left so that touching segments of neighbouring disks have the
 * same colour, with the fewest turns; model (9)-(13) from pz_rot.c.
 */
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"
#include "pz_rot.h"

static const pz_key keys[] = {
    {"grid", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static void m22_free(void *pz)
{
    pz_rot *r = pz;
    pz_rot_free(r);
    free(r);
}

/* A disk: four colour digits 1-9 for segments 0..3 (top, left, bottom,
 * right), or '.' for no disk. */
static int read_disk(pz_file *f, const pz_grid *g, int row, int col,
                     pz_rot *r)
{
    const char *s = pz_grid_at(g, row, col);
    int d[4];
    if (strcmp(s, ".") == 0)
        return 0;
    if (strlen(s) != 4)
        return pz_grid_error(f, g, row, col, "disk '%s' must be 4 colour "
                             "digits 1-9 (top, left, bottom, right) or '.'",
                             s);
    for (int h = 0; h < 4; h++) {
        if (s[h] < '1' || s[h] > '9')
            return pz_grid_error(f, g, row, col, "disk '%s': colour '%c' "
                                 "is not a digit 1-9", s, s[h]);
        d[h] = s[h] - '0';
    }
    pz_rot_add(r, row, col, d);
    return 0;
}

static void *m22_parse(pz_file *f)
{
    return pz_rot_parse(f, read_disk, "disk");
}

static int m22_build(void *pz, int variant, pz_build *b)
{
    (void)variant;
    return pz_rot_build(pz, 0, b);
}

static void *m22_decode(const void *pz, const double *x)
{
    const pz_rot *r = pz;
    int *turns = malloc(((size_t)r->ntiles + 1) * sizeof *turns);
    if (turns)
        pz_rot_turns(r, x, turns);
    return turns;
}

/* The rule: touching segments of neighbouring disks have one colour. */
static int m22_check(const void *pz, const void *sol, char *err,
                     size_t errlen)
{
    return pz_rot_check(pz, sol, 0, err, errlen);
}

static void m22_render(const void *pz, const void *sol, FILE *out)
{
    const pz_rot *r = pz;
    const int *turns = sol;
    for (int row = 0; row < r->rows; row++)
        for (int col = 0; col < r->cols; col++) {
            int i = r->tile[row * r->cols + col];
            if (i < 0)
                fprintf(out, col ? " ." : ".");
            else
                fprintf(out, col ? " %d" : "%d", turns[i]);
            if (col == r->cols - 1)
                fputc('\n', out);
        }
    fprintf(out, "turns: %d\n", pz_rot_total(r, turns));
}

static void m22_describe(const void *pz, char *buf, size_t len)
{
    const pz_rot *r = pz;
    snprintf(buf, len, "%dx%d, %d disk%s", r->rows, r->cols, r->ntiles,
             r->ntiles == 1 ? "" : "s");
}

static void m22_picture(const void *pz, pz_json *j)
{
    pz_rot_picture(pz, j);
}

const pz_kind pz_kind_match22 = {
    .name = "match22",
    .source = "Hartmann 2018, sec. 4",
    .help = "Turn disks left (90 degrees a turn) so that touching segments\n"
            "of neighbouring disks match in colour; fewest turns in all.\n"
            "Key grid: one token per cell, 4 colour digits 1-9 for the\n"
            "segments top, left, bottom, right, or '.' for no disk. Disk i\n"
            "is the i-th in reading order; x[i,j] = disk i turned j times.\n"
            "Rows (9) objective, (10) one turn count, (11) horizontal and\n"
            "(12) vertical neighbours.",
    .variants = NULL,
    .keys = keys,
    .parse = m22_parse,
    .build = m22_build,
    .decode = m22_decode,
    .check = m22_check,
    .render = m22_render,
    .describe = m22_describe,
    .picture = m22_picture,
    .free = m22_free,
    .generator = &pzg_kind_match22,
};
