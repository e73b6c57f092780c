/*
 * pz_rot.c -- the rotation model of Match 22 and Infinity Loop (Hartmann
 * 2018, sec. 4), written once: binaries x[i,j] (tile i turned left j
 * times), side-matching rows (11)/(12) and the border rows (14)-(17).
 */
#include "pz_rot.h"

#include <stdio.h>
#include <stdlib.h>

int pz_rot_init(pz_rot *r, int rows, int cols)
{
    size_t n = (size_t)rows * (size_t)cols;
    *r = (pz_rot){rows, cols, 0, NULL, NULL, NULL, NULL};
    r->tile = malloc(n * sizeof *r->tile);
    r->cell = malloc(n * sizeof *r->cell);
    r->d = calloc(n, sizeof *r->d);
    r->x = calloc(n, sizeof *r->x);
    if (!r->tile || !r->cell || !r->d || !r->x) {
        pz_rot_free(r);
        return -1;
    }
    for (size_t k = 0; k < n; k++)
        r->tile[k] = -1;
    return 0;
}

void pz_rot_free(pz_rot *r)
{
    free(r->tile);
    free(r->cell);
    free(r->d);
    free(r->x);
    r->tile = r->cell = NULL;
    r->d = r->x = NULL;
}

void pz_rot_add(pz_rot *r, int row, int col, const int d[4])
{
    int i = r->ntiles++, cell = row * r->cols + col;
    r->tile[cell] = i;
    r->cell[i] = cell;
    for (int h = 0; h < 4; h++)
        r->d[i][h] = d[h];
}

int pz_rot_side(const pz_rot *r, int i, int j, int h)
{
    return r->d[i][((h - j) % 4 + 4) % 4];
}

/* The tile next to tile i in direction h (side h faces it), -1 for an
 * empty cell, -2 past the border. */
static int neighbour(const pz_rot *r, int i, int h)
{
    static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, -1, 0, 1};
    int row = r->cell[i] / r->cols + dr[h], col = r->cell[i] % r->cols + dc[h];
    if (row < 0 || row >= r->rows || col < 0 || col >= r->cols)
        return -2;
    return r->tile[row * r->cols + col];
}

/* Adds sign * sum_j d[i, (h - j) mod 4] x[i,j]: the value on side h. */
static void side_terms(pz_build *b, const pz_rot *r, int i, int h,
                       double sign)
{
    for (int j = 0; j < 4; j++)
        pz_term(b, r->x[i][j], sign * pz_rot_side(r, i, j, h));
}

/* (11) side 3 of i = side 1 of its right neighbour k; (12) side 2 of i =
 * side 0 of the tile k below. Closed: a tile facing an empty cell shows 0
 * there (the paper has no empty cells: we read one as a tile without
 * connections, so (11)/(12) keep their numbers, "none" for the cell). */
static void match_rows(pz_build *b, const pz_rot *r, int closed, int h,
                       const char *eq)
{
    int back = h == PZ_ROT_RIGHT ? PZ_ROT_LEFT : PZ_ROT_TOP;
    const char *fam = h == PZ_ROT_RIGHT ? "h" : "v";
    for (int i = 0; i < r->ntiles; i++) {
        int k = neighbour(r, i, h);
        if (k >= 0) {
            side_terms(b, r, i, h, 1);
            side_terms(b, r, k, back, -1);
            pz_row(b, 0, 0, "(%s)%s[%d,%d]", eq, fam, i + 1, k + 1);
        } else if (k == -1 && closed) {
            side_terms(b, r, i, h, 1);
            pz_row(b, 0, 0, "(%s)%s[%d,none]", eq, fam, i + 1);
        }
        if (closed && neighbour(r, i, back) == -1) {
            side_terms(b, r, i, back, 1);
            pz_row(b, 0, 0, "(%s)%s[none,%d]", eq, fam, i + 1);
        }
    }
}

/* (14) top, (15) left, (16) bottom, (17) right: no connection points out
 * of the grid from a border tile. */
static void border_rows(pz_build *b, const pz_rot *r)
{
    static const char *const fam[4] = {"top", "left", "bottom", "right"};
    for (int h = 0; h < 4; h++)
        for (int i = 0; i < r->ntiles; i++)
            if (neighbour(r, i, h) == -2) {
                side_terms(b, r, i, h, 1);
                pz_row(b, 0, 0, "(%d)%s[%d]", 14 + h, fam[h], i + 1);
            }
}

int pz_rot_build(pz_rot *r, int closed, pz_build *b)
{
    for (int i = 0; i < r->ntiles; i++)
        for (int j = 0; j < 4; j++) {
            r->x[i][j] = pz_bin(b, "x[%d,%d]", i + 1, j);
            if (b->status == BNB_OK)
                bnb_set_obj_coef(b->m, r->x[i][j], j);
        }
    bnb_set_obj_name(b->m, "(9)turns");
    for (int i = 0; i < r->ntiles; i++)
        pz_exactly(b, r->x[i], 4, 1, "(10)one[%d]", i + 1);
    match_rows(b, r, closed, PZ_ROT_RIGHT, "11");
    match_rows(b, r, closed, PZ_ROT_BOTTOM, "12");
    if (closed)
        border_rows(b, r);
    return b->status;
}

void pz_rot_turns(const pz_rot *r, const double *x, int *turns)
{
    for (int i = 0; i < r->ntiles; i++)
        turns[i] = pz_xpick(x, r->x[i], 4);
}

int pz_rot_total(const pz_rot *r, const int *turns)
{
    int total = 0;
    for (int i = 0; i < r->ntiles; i++)
        total += turns[i];
    return total;
}

static int fail(const pz_rot *r, int i, int h, char *err, size_t errlen,
                const char *what)
{
    static const char *const side[4] = {"top", "left", "bottom", "right"};
    snprintf(err, errlen, "tile at %d,%d: its %s side %s",
             r->cell[i] / r->cols + 1, r->cell[i] % r->cols + 1, side[h],
             what);
    return -1;
}

int pz_rot_check(const pz_rot *r, const int *turns, int closed, char *err,
                 size_t errlen)
{
    for (int i = 0; i < r->ntiles; i++) {
        if (turns[i] < 0 || turns[i] > 3)
            return fail(r, i, 0, err, errlen, "has no turn count");
        for (int h = 0; h < 4; h++) {
            int k = neighbour(r, i, h), v = pz_rot_side(r, i, turns[i], h);
            if (k >= 0 && v != pz_rot_side(r, k, turns[k], (h + 2) % 4))
                return fail(r, i, h, err, errlen,
                            "does not match its neighbour");
            if (k < 0 && closed && v != 0)
                return fail(r, i, h, err, errlen,
                            k == -1 ? "connects to an empty cell"
                                    : "connects past the border");
        }
    }
    return 0;
}

pz_rot *pz_rot_parse(pz_file *f,
                     int (*read_cell)(pz_file *f, const pz_grid *g,
                                      int row, int col, pz_rot *r),
                     const char *what)
{
    pz_grid g;
    pz_rot *r = calloc(1, sizeof *r);
    if (!r) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = pz_grid_read(f, "grid", 0, 0, &g) == 0;
    if (ok && pz_rot_init(r, g.rows, g.cols) < 0)
        ok = pz_error(f, 1, 0, "out of memory") == 0;
    for (int k = 0; ok && k < g.rows * g.cols; k++)
        ok = read_cell(f, &g, k / g.cols, k % g.cols, r) == 0;
    if (ok && r->ntiles == 0)
        ok = pz_error(f, pz_get(f, "grid")->no, 0, "grid has no %s",
                      what) == 0;
    pz_grid_free(&g);
    if (!ok) {
        pz_rot_free(r);
        free(r);
        return NULL;
    }
    return r;
}

void pz_rot_picture(const pz_rot *r, pz_json *j)
{
    pz_json_int(j, "rows", r->rows);
    pz_json_int(j, "cols", r->cols);
    pz_json_ints(j, "cell", r->cell, r->ntiles);
    pz_json_ints(j, "sides", r->d[0], 4 * r->ntiles);
    pz_json_ints(j, "x", r->x[0], 4 * r->ntiles);
}
