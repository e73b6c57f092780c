/*
 * knight.c -- Knight moves (Hartmann 2019, sec. 5): from the start, visit
 * every allowed square of a rectangular board exactly once by knight
 * moves; a Hamiltonian path with the MTZ rows (15)-(21).
 */
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

typedef struct knight {
    int rows, cols;
    int start;             /* cell r*cols+c                              */
    int nvisit;            /* |V|: squares to visit                      */
    unsigned char *ok;     /* [rows*cols] 1: in V, 0: forbidden ('X')    */
    pz_arcs arcs;          /* every knight move between squares of V     */
    int *x;                /* [arcs] x[i,j,k,l]                          */
} knight;

static const pz_key keys[] = {
    {"grid", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {"start", 0},
    {NULL, 0},
};

/* N_ij in the paper's order. */
static const int kn_dr[8] = {-2, -2, -1, -1, 1, 1, 2, 2};
static const int kn_dc[8] = {-1, 1, -2, 2, -2, 2, -1, 1};

static void kn_free(void *pz)
{
    knight *k = pz;
    free(k->ok);
    free(k->x);
    pz_arcs_free(&k->arcs);
    free(k);
}

static int read_cell(pz_file *f, knight *k, const pz_grid *g, int c)
{
    const char *s = pz_grid_at(g, c / k->cols, c % k->cols);
    if (strcmp(s, "S") == 0 && k->start >= 0)
        return pz_grid_error(f, g, c / k->cols, c % k->cols, "a second "
                             "start 'S' (the first is at %d,%d)",
                             k->start / k->cols + 1, k->start % k->cols + 1);
    if (strcmp(s, "S") == 0)
        k->start = c;
    else if (strcmp(s, ".") != 0 && strcmp(s, "X") != 0)
        return pz_grid_error(f, g, c / k->cols, c % k->cols, "unknown "
                             "square '%s', expected '.' (to visit), 'X' "
                             "(forbidden) or 'S' (the start)", s);
    k->ok[c] = strcmp(s, "X") != 0;
    k->nvisit += k->ok[c];
    return 0;
}

/* The start: an 'S' in the grid, or the `start: r,c` key (one of the
 * two), on a square that is not forbidden. */
static int read_start(pz_file *f, knight *k)
{
    const pz_entry *e = pz_get(f, "start");
    const pz_entry *g = pz_get(f, "grid");
    if (!e && k->start < 0)
        return pz_error(f, g->no, g->col, "the board has no start: put an "
                        "'S' in the grid or add `start: r,c`");
    if (!e)
        return 0;
    if (k->start >= 0)
        return pz_error(f, e->no, e->col, "the start is given twice: by "
                        "'S' at %d,%d and by this key", k->start / k->cols
                        + 1, k->start % k->cols + 1);
    pz_tok t[2];
    int r, c, n = pz_tokens(f, e->no, e->value_col, e->value, t, 2);
    if (n < 0)
        return -1;
    if (n != 1)
        return pz_error(f, e->no, e->value_col, "start: expected one "
                        "square r,c, got %d tokens", n);
    if (pz_tok_cell(f, &t[0], k->rows, k->cols, &r, &c) < 0)
        return -1;
    if (!k->ok[r * k->cols + c])
        return pz_error(f, t[0].no, t[0].col, "the start %d,%d is a "
                        "forbidden square ('X')", r + 1, c + 1);
    k->start = r * k->cols + c;
    return 0;
}

static int make_arcs(knight *k)
{
    for (int c = 0; c < k->rows * k->cols; c++)
        for (int m = 0; k->ok[c] && m < 8; m++) {
            int r2 = c / k->cols + kn_dr[m], c2 = c % k->cols + kn_dc[m];
            if (r2 >= 0 && r2 < k->rows && c2 >= 0 && c2 < k->cols &&
                k->ok[r2 * k->cols + c2] &&
                pz_arcs_add(&k->arcs, c, r2 * k->cols + c2) < 0)
                return -1;
        }
    return 0;
}

static void *kn_parse(pz_file *f)
{
    knight *k = calloc(1, sizeof *k);
    pz_grid g = {0};
    if (!k) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    k->start = -1;
    int ok = pz_grid_read(f, "grid", 0, 0, &g) == 0;
    if (ok) {
        k->rows = g.rows;
        k->cols = g.cols;
        k->ok = malloc((size_t)(g.rows * g.cols));
        if (!(ok = k->ok != NULL))
            pz_error(f, 1, 0, "out of memory");
    }
    for (int c = 0; ok && c < k->rows * k->cols; c++)
        ok = read_cell(f, k, &g, c) == 0;
    ok = ok && read_start(f, k) == 0;
    if (ok && make_arcs(k) < 0)
        ok = pz_error(f, 1, 0, "out of memory") == 0;
    pz_grid_free(&g);
    if (!ok) {
        kn_free(k);
        return NULL;
    }
    return k;
}

#define KN_IJ(k, c) (c) / (k)->cols + 1, (c) % (k)->cols + 1

/*
 * x[i,j,k,l] binary (20), 0 <= z[i,j] <= |V| - 1 (21), s the start:
 * (15) sum_kl x[kl,s] = 0          (16) sum_kl x[s,kl] = 1
 * (17) sum_kl x[kl,ij] = 1, V\{s}   (18) sum_kl x[ij,kl] <= 1, V\{s}
 * (19) z_kl - z_ij + M (1 - x_ijkl) >= 1 for every move
 * The paper sets M = m n; we use M = |V|, the paper's value for the board
 * without its forbidden squares and the smallest that keeps every tour:
 * z_ij - z_kl <= |V| - 1 must hold for the visit numbers z = 0..|V|-1.
 * The paper's (21) is z >= 0; the upper bound |V| - 1 keeps those visit
 * numbers, so it changes no tour, and it lets propagation refute a
 * closed loop of moves (each pass round it raises z by 1 until it
 * passes the bound), which only the LP could see with z unbounded.
 * Rows over no move at all are left out where they hold anyway: (15)
 * reading 0 = 0, and (16) on a board of one square (0 = 1, though that
 * board is solved by standing still).
 */
static int kn_build(void *pz, int variant, pz_build *b)
{
    knight *k = pz;
    const pz_arcs *a = &k->arcs;
    int cells = k->rows * k->cols;
    double big = k->nvisit;
    (void)variant;
    k->x = malloc((size_t)(a->n ? a->n : 1) * sizeof *k->x);
    int *zc = malloc((size_t)k->rows * (size_t)k->cols * sizeof *zc);
    if (!k->x || !zc) {
        free(zc);
        return b->status = BNB_ERR_NOMEM;
    }
    pz_arc_cols(b, a, k->cols, 0, 1, 1, "x", k->x);
    for (int c = 0; c < cells; c++)
        zc[c] = k->ok[c] ? pz_col(b, 0, big - 1, 0, "z[%d,%d]", KN_IJ(k, c))
                         : -1;
    pz_arc_terms(b, a, k->x, 1, k->start, 1, 1);
    if (b->len > 0)
        pz_row(b, 0, 0, "(15)into_start[%d,%d]", KN_IJ(k, k->start));
    pz_arc_terms(b, a, k->x, 1, k->start, 0, 1);
    if (k->nvisit > 1)
        pz_row(b, 1, 1, "(16)from_start[%d,%d]", KN_IJ(k, k->start));
    for (int pass = 0; pass < 2; pass++)
        for (int c = 0; c < cells; c++) {
            if (!k->ok[c] || c == k->start)
                continue;
            pz_arc_terms(b, a, k->x, 1, c, pass == 0, 1);
            pz_row(b, pass == 0 ? 1 : -BNB_INF, 1, "(%d)%s[%d,%d]",
                   17 + pass, pass == 0 ? "in" : "out", KN_IJ(k, c));
        }
    for (int m = 0; m < a->n; m++) {
        pz_term(b, zc[a->to[m]], 1);
        pz_term(b, zc[a->from[m]], -1);
        pz_term(b, k->x[m], -big);
        pz_row(b, 1 - big, BNB_INF, "(19)mtz[%d,%d,%d,%d]",
               KN_IJ(k, a->from[m]), KN_IJ(k, a->to[m]));
    }
    free(zc);
    return b->status;
}

/* The solution: the visit number of every square (1 = the start, 0 =
 * not reached), following the chosen moves from the start. */
static void *kn_decode(const void *pz, const double *x)
{
    const knight *k = pz;
    int cells = k->rows * k->cols;
    int *visit = calloc((size_t)cells, sizeof *visit);
    if (!visit)
        return NULL;
    int at = k->start, n = 1;
    visit[at] = n;
    while (at >= 0) {
        int next = -1;
        for (int m = 0; m < k->arcs.n && next < 0; m++)
            if (k->arcs.from[m] == at && pz_x01(x, k->x[m]) &&
                visit[k->arcs.to[m]] == 0)
                next = k->arcs.to[m];
        if (next >= 0)
            visit[next] = ++n;
        at = next;
    }
    return visit;
}

/* The rules: the start is visit 1, every allowed square is visited once,
 * no forbidden one, and visits n and n+1 are a knight's move apart. */
static int kn_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const knight *k = pz;
    const int *visit = sol;
    int cells = k->rows * k->cols;
    if (visit[k->start] != 1) {
        snprintf(err, errlen, "the start %d,%d is not visit 1",
                 KN_IJ(k, k->start));
        return -1;
    }
    int *where = malloc(((size_t)cells + 1) * sizeof *where);
    if (!where) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    for (int n = 0; n <= cells; n++)
        where[n] = -1;
    for (int c = 0; c < cells && rc == 0; c++) {
        int v = visit[c];
        if ((v == 0) != (k->ok[c] == 0) || v < 0 || v > k->nvisit ||
            (v > 0 && where[v] >= 0)) {
            snprintf(err, errlen, "square %d,%d has visit %d (allowed "
                     "squares 1..%d once each, forbidden ones none)",
                     KN_IJ(k, c), v, k->nvisit);
            rc = -1;
        } else if (v > 0) {
            where[v] = c;
        }
    }
    for (int n = 1; n < k->nvisit && rc == 0; n++) {
        int a = where[n], b = where[n + 1];
        int dr = abs(a / k->cols - b / k->cols);
        int dc = abs(a % k->cols - b % k->cols);
        if (dr * dc != 2) {
            snprintf(err, errlen, "visits %d at %d,%d and %d at %d,%d are "
                     "not a knight's move apart", n, KN_IJ(k, a), n + 1,
                     KN_IJ(k, b));
            rc = -1;
        }
    }
    free(where);
    return rc;
}

static void kn_render(const void *pz, const void *sol, FILE *out)
{
    const knight *k = pz;
    const int *visit = sol;
    for (int r = 0; r < k->rows; r++) {
        for (int c = 0; c < k->cols; c++) {
            int v = visit[r * k->cols + c];
            if (c)
                fputc(' ', out);
            if (k->ok[r * k->cols + c])
                fprintf(out, "%d", v);
            else
                fputc('X', out);
        }
        fputc('\n', out);
    }
}

static void kn_describe(const void *pz, char *buf, size_t len)
{
    const knight *k = pz;
    snprintf(buf, len, "%dx%d, %d square%s to visit", k->rows, k->cols,
             k->nvisit, k->nvisit == 1 ? "" : "s");
}

/* The board, its forbidden squares, the start, the knight moves and
 * their columns. */
static void kn_picture(const void *pz, pz_json *j)
{
    const knight *k = pz;
    pz_json_int(j, "rows", k->rows);
    pz_json_int(j, "cols", k->cols);
    pz_json_bytes(j, "ok", k->ok, k->rows * k->cols);
    pz_json_int(j, "start", k->start);
    pz_json_ints(j, "from", k->arcs.from, k->arcs.n);
    pz_json_ints(j, "to", k->arcs.to, k->arcs.n);
    pz_json_ints(j, "x", k->x, k->arcs.n);
}

const pz_kind pz_kind_knight = {
    .name = "knight",
    .source = "Hartmann 2019, sec. 5",
    .help = "Visit every allowed square once by knight moves, from the\n"
            "start. Keys: grid: ('.' a square, 'X' forbidden, 'S' the\n"
            "start), or start: r,c instead of 'S'. Rows (15) no move into\n"
            "the start, (16) one out, (17) one into every other square,\n"
            "(18) at most one out, (19) MTZ with M = squares to visit,\n"
            "z in [0, M - 1].",
    .variants = NULL,
    .keys = keys,
    .parse = kn_parse,
    .build = kn_build,
    .decode = kn_decode,
    .check = kn_check,
    .render = kn_render,
    .describe = kn_describe,
    .picture = kn_picture,
    .free = kn_free,
    .generator = &pzg_kind_knight,
};
