/*
 * slider.c -- Slider (Hartmann 2018, sec. 5): slide a block from S to T
 * in the fewest moves, each move running until a wall or obstacle; a
 * shortest path (18)-(21) over the cells, with the Errata's two rows.
 */
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

enum { SL_FIXED, SL_PAPER };

typedef struct slider {
    int rows, cols;
    int start, target;     /* cells r*cols+c                             */
    unsigned char *clear;  /* [rows*cols] 1 unless an obstacle           */
    pz_arcs arcs;          /* the moves: E of the paper                  */
    int *x;                /* [arcs] x[i,j,k,l]                          */
} slider;

/* A decoded solution: the cells visited, start first. */
typedef struct slider_path {
    int len;               /* cells in cell[]: moves + 1                 */
    int cell[];            /* [len]                                      */
} slider_path;

static const pz_key keys[] = {
    {"grid", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static const pz_variant variants[] = {
    {"fixed", "(18)-(21) + Errata rows (19a), (19b)"},
    {"paper", "(18)-(21) as printed (a cycle through S wins)"},
    {NULL, NULL},
};

static const int sl_dr[4] = {-1, 1, 0, 0}, sl_dc[4] = {0, 0, -1, 1};

static void sl_free(void *pz)
{
    slider *s = pz;
    free(s->clear);
    free(s->x);
    pz_arcs_free(&s->arcs);
    free(s);
}

/* Where a move from cell k in direction d stops: the last free cell
 * before the border or an obstacle (k itself: no move). */
static int slide(const slider *s, int k, int d)
{
    int r = k / s->cols, c = k % s->cols;
    for (;;) {
        int r2 = r + sl_dr[d], c2 = c + sl_dc[d];
        if (r2 < 0 || r2 >= s->rows || c2 < 0 || c2 >= s->cols ||
            !s->clear[r2 * s->cols + c2])
            return r * s->cols + c;
        r = r2;
        c = c2;
    }
}

/* E: a move from every free cell but the target, in each direction
 * that goes at least one cell. */
static int make_arcs(slider *s)
{
    for (int k = 0; k < s->rows * s->cols; k++)
        for (int d = 0; s->clear[k] && k != s->target && d < 4; d++) {
            int to = slide(s, k, d);
            if (to != k && pz_arcs_add(&s->arcs, k, to) < 0)
                return -1;
        }
    return 0;
}

/* Reads one cell; *where is the S or T cell it may be. */
static int read_cell(pz_file *f, slider *s, const pz_grid *g, int k)
{
    const char *cell = pz_grid_at(g, k / s->cols, k % s->cols);
    int *where = strcmp(cell, "S") == 0   ? &s->start
                 : strcmp(cell, "T") == 0 ? &s->target
                                          : NULL;
    if (!where && strcmp(cell, ".") != 0 && strcmp(cell, "X") != 0)
        return pz_grid_error(f, g, k / s->cols, k % s->cols, "unknown "
                             "cell '%s', expected '.' (free), 'X' "
                             "(obstacle), 'S' (start) or 'T' (target)",
                             cell);
    if (where && *where >= 0)
        return pz_grid_error(f, g, k / s->cols, k % s->cols, "a second "
                             "'%s' (the first is at %d,%d)", cell,
                             *where / s->cols + 1, *where % s->cols + 1);
    if (where)
        *where = k;
    s->clear[k] = strcmp(cell, "X") != 0;
    return 0;
}

static int read_grid(pz_file *f, slider *s, const pz_grid *g)
{
    for (int k = 0; k < s->rows * s->cols; k++)
        if (read_cell(f, s, g, k) < 0)
            return -1;
    const pz_entry *e = pz_get(f, "grid");
    if (s->start < 0 || s->target < 0)
        return pz_error(f, e->no, e->col, "the grid has no %s",
                        s->start < 0 ? "start 'S'" : "target 'T'");
    return 0;
}

static void *sl_parse(pz_file *f)
{
    slider *s = calloc(1, sizeof *s);
    pz_grid g = {0};
    if (!s) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    s->start = s->target = -1;
    int ok = pz_grid_read(f, "grid", 0, 0, &g) == 0;
    if (ok) {
        s->rows = g.rows;
        s->cols = g.cols;
        s->clear = malloc((size_t)(g.rows * g.cols));
        if (!(ok = s->clear != NULL))
            pz_error(f, 1, 0, "out of memory");
    }
    ok = ok && read_grid(f, s, &g) == 0;
    if (ok && make_arcs(s) < 0)
        ok = pz_error(f, 1, 0, "out of memory") == 0;
    pz_grid_free(&g);
    if (!ok) {
        sl_free(s);
        return NULL;
    }
    return s;
}

#define SL_IJ(s, k) (k) / (s)->cols + 1, (k) % (s)->cols + 1

/*
 * x[i,j,k,l] binary (21) for the moves (i,j) -> (k,l);
 * (18) min sum x
 * (19) sum_kl x[s,kl] = 1                     (the start is left once)
 * (20) sum_kl x[kl,ij] = sum_kl x[ij,kl]      (i,j) != S, T, with moves
 * Errata (variant fixed): (19a) sum_kl x[kl,s] = 0, (19b) sum x[kl,t] = 1.
 * Cells without any move in or out (obstacles) get no row (20): it
 * would read 0 = 0.
 */
static int sl_build(void *pz, int variant, pz_build *b)
{
    slider *s = pz;
    const pz_arcs *a = &s->arcs;
    s->x = malloc((size_t)(a->n ? a->n : 1) * sizeof *s->x);
    if (!s->x)
        return b->status = BNB_ERR_NOMEM;
    pz_arc_cols(b, a, s->cols, 0, 1, 1, "x", s->x);
    for (int k = 0; k < a->n && b->status == BNB_OK; k++)
        b->status = bnb_set_obj_coef(b->m, s->x[k], 1);
    if (b->status == BNB_OK)
        b->status = bnb_set_obj_name(b->m, "(18)moves");
    pz_arc_terms(b, a, s->x, 1, s->start, 0, 1);
    pz_row(b, 1, 1, "(19)start[%d,%d]", SL_IJ(s, s->start));
    for (int k = 0; k < s->rows * s->cols; k++) {
        if (k == s->start || k == s->target || !s->clear[k])
            continue;
        pz_arc_terms(b, a, s->x, 1, k, 1, 1);
        pz_arc_terms(b, a, s->x, 1, k, 0, -1);
        if (b->len > 0)
            pz_row(b, 0, 0, "(20)flow[%d,%d]", SL_IJ(s, k));
    }
    if (variant == SL_FIXED) {
        pz_arc_terms(b, a, s->x, 1, s->start, 1, 1);
        if (b->len > 0)
            pz_row(b, 0, 0, "(19a)into_start[%d,%d]", SL_IJ(s, s->start));
        pz_arc_terms(b, a, s->x, 1, s->target, 1, 1);
        pz_row(b, 1, 1, "(19b)into_target[%d,%d]", SL_IJ(s, s->target));
    }
    return b->status;
}

/* The moves chosen, followed from the start until the target, a cell
 * seen before, or a cell with no move out. */
static void *sl_decode(const void *pz, const double *x)
{
    const slider *s = pz;
    int cells = s->rows * s->cols;
    slider_path *p = malloc(sizeof *p + (size_t)(cells + 1) * sizeof(int));
    if (!p)
        return NULL;
    p->len = 1;
    p->cell[0] = s->start;
    while (p->len <= cells && p->cell[p->len - 1] != s->target) {
        int at = p->cell[p->len - 1], next = -1;
        for (int k = 0; k < s->arcs.n && next < 0; k++)
            if (s->arcs.from[k] == at && pz_x01(x, s->x[k]))
                next = s->arcs.to[k];
        if (next < 0)
            break;
        p->cell[p->len++] = next;
        int seen = 0;
        for (int i = 0; i + 1 < p->len; i++)
            seen |= p->cell[i] == next;
        if (seen)
            break;
    }
    return p;
}

/* The direction (index into sl_dr/sl_dc) from cell a toward b on the
 * same row or column, or -1. */
static int direction(const slider *s, int a, int b)
{
    int dr = b / s->cols - a / s->cols, dc = b % s->cols - a % s->cols;
    if ((dr != 0) == (dc != 0))
        return -1;
    return dr < 0 ? 0 : dr > 0 ? 1 : dc < 0 ? 2 : 3;
}

/* The rules: start at S, each move a full slide in one direction
 * (stopping at the border or before an obstacle), end at T. */
static int sl_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const slider *s = pz;
    const slider_path *p = sol;
    for (int i = 1; i < p->len; i++) {
        int from = p->cell[i - 1], to = p->cell[i];
        int d = direction(s, from, to);
        if (d < 0 || slide(s, from, d) != to) {
            snprintf(err, errlen, "move %d from %d,%d to %d,%d is not a "
                     "slide", i, SL_IJ(s, from), SL_IJ(s, to));
            return -1;
        }
    }
    int last = p->cell[p->len - 1];
    if (last != s->target) {
        snprintf(err, errlen, "the moves from the start end at %d,%d, "
                 "not at the target %d,%d", SL_IJ(s, last),
                 SL_IJ(s, s->target));
        return -1;
    }
    return 0;
}

static void sl_render(const void *pz, const void *sol, FILE *out)
{
    const slider_path *p = sol;
    fprintf(out, "moves: %d\npath:", p->len - 1);
    for (int i = 1; i < p->len; i++)
        fprintf(out, " %c", "UDLR"[direction(pz, p->cell[i - 1],
                                                p->cell[i])]);
    fputc('\n', out);
}

static void sl_describe(const void *pz, char *buf, size_t len)
{
    const slider *s = pz;
    snprintf(buf, len, "%dx%d, %d move%s possible", s->rows, s->cols,
             s->arcs.n, s->arcs.n == 1 ? "" : "s");
}

/* The grid, its obstacles, start and target, the moves (cells from
 * and to, each a slide to the next obstacle) and their columns. */
static void sl_picture(const void *pz, pz_json *j)
{
    const slider *s = pz;
    pz_json_int(j, "rows", s->rows);
    pz_json_int(j, "cols", s->cols);
    pz_json_bytes(j, "clear", s->clear, s->rows * s->cols);
    pz_json_int(j, "start", s->start);
    pz_json_int(j, "target", s->target);
    pz_json_ints(j, "from", s->arcs.from, s->arcs.n);
    pz_json_ints(j, "to", s->arcs.to, s->arcs.n);
    pz_json_ints(j, "x", s->x, s->arcs.n);
}

const pz_kind pz_kind_slider = {
    .name = "slider",
    .source = "Hartmann 2018, sec. 5",
    .help = "Slide the block from S to T in the fewest moves; a move runs\n"
            "to the border or the cell before an obstacle. Key: grid:\n"
            "('.' free, 'X' obstacle, 'S' start, 'T' target). Objective\n"
            "(18) moves; rows (19) leave S once, (20) flow conservation,\n"
            "and (Errata, default) (19a) no move into S, (19b) one into T.",
    .variants = variants,
    .keys = keys,
    .parse = sl_parse,
    .build = sl_build,
    .decode = sl_decode,
    .check = sl_check,
    .render = sl_render,
    .describe = sl_describe,
    .picture = sl_picture,
    .free = sl_free,
    .generator = &pzg_kind_slider,
};
