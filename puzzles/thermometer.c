/*
 * thermometer.c -- Thermometer puzzles (Hartmann 2018, sec. 2): fill
 * cells so that rows and columns have their counts and every thermometer
 * is filled from its bulb up; rows (1)-(3) over binaries x[r,c].
 */
#include <limits.h>
#include <stdlib.h>

#include "pz_kind.h"

typedef struct thermo {
    int n;
    int *rows, *cols;      /* [n] filled cells wanted per row / column   */
    int *therm;            /* [n*n] thermometer number (0-based) or -1   */
    int *dep;              /* [2*ndep] cell below, cell above (r*n+c)    */
    int ndep;
    int ntherm;
    int *bulb_line;        /* [n*n] file line of each thermometer        */
    pz_cellmap x;
} thermo;

static const pz_key keys[] = {
    {"size", PZ_KEY_REQUIRED},
    {"rows", PZ_KEY_REQUIRED},
    {"cols", PZ_KEY_REQUIRED},
    {"thermometers", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static void th_free(void *pz)
{
    thermo *t = pz;
    free(t->rows);
    free(t->cols);
    free(t->therm);
    free(t->dep);
    free(t->bulb_line);
    pz_cellmap_free(&t->x);
    free(t);
}

/* The cells tok[count] of one thermometer line: bulb first, each an
 * orthogonal neighbour of the one before, none already used. */
static int therm_cells(pz_file *f, thermo *t, const pz_line *ln,
                       const pz_tok *tok, int count)
{
    int n = t->n;
    if (count < 2)
        return pz_error(f, ln->no, ln->col, "a thermometer needs at least "
                        "2 cells (bulb first), got %d", count);
    int prev = -1;
    t->bulb_line[t->ntherm] = ln->no;   /* a cell met twice on it says so */
    for (int i = 0; i < count; i++) {
        int r, c;
        if (pz_tok_cell(f, &tok[i], n, n, &r, &c) < 0)
            return -1;
        int cell = r * n + c;
        if (t->therm[cell] == t->ntherm)
            return pz_error(f, tok[i].no, tok[i].col, "cell %d,%d is "
                            "already in this thermometer", r + 1, c + 1);
        if (t->therm[cell] >= 0)
            return pz_error(f, tok[i].no, tok[i].col, "cell %d,%d is "
                            "already in the thermometer of line %d", r + 1,
                            c + 1, t->bulb_line[t->therm[cell]]);
        if (prev >= 0 && abs(prev / n - r) + abs(prev % n - c) != 1)
            return pz_error(f, tok[i].no, tok[i].col, "cell %d,%d is not "
                            "next to %d,%d (thermometer cells must be "
                            "orthogonal neighbours)", r + 1, c + 1,
                            prev / n + 1, prev % n + 1);
        t->therm[cell] = t->ntherm;
        if (prev >= 0) {
            t->dep[2 * t->ndep] = prev;
            t->dep[2 * t->ndep + 1] = cell;
            t->ndep++;
        }
        prev = cell;
    }
    t->ntherm++;
    return 0;
}

/* One thermometer line. */
static int read_therm(pz_file *f, thermo *t, const pz_line *ln)
{
    pz_tok *tok;
    int count = pz_tokens_all(f, ln->no, ln->col, ln->text, &tok);
    int rc = count < 0 ? -1 : therm_cells(f, t, ln, tok, count);
    free(tok);
    return rc;
}

static int read_therms(pz_file *f, thermo *t)
{
    const pz_entry *e = pz_get(f, "thermometers");
    int rc = 0;
    for (int i = 0; rc == 0 && i < e->nlines; i++)
        rc = read_therm(f, t, &e->lines[i]);
    return rc;
}

static void *th_parse(pz_file *f)
{
    thermo *t = calloc(1, sizeof *t);
    if (!t) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = pz_key_int(f, "size", 1, INT_MAX, 0, &t->n) == 0;
    /* rows: must hold size numbers before size^2 cells are allocated
     * (out is written only when the count is right) */
    ok = ok && pz_key_ints(f, "rows", t->n, 0, t->n, NULL) == 0;
    int n = t->n, cells = n * n;
    if (ok) {
        t->rows = malloc((size_t)n * sizeof *t->rows);
        t->cols = malloc((size_t)n * sizeof *t->cols);
        t->therm = malloc((size_t)cells * sizeof *t->therm);
        t->dep = malloc((size_t)(2 * cells) * sizeof *t->dep);
        t->bulb_line = malloc((size_t)cells * sizeof *t->bulb_line);
        ok = t->rows && t->cols && t->therm && t->dep && t->bulb_line &&
             pz_cellmap_init(&t->x, n, n, 1) == 0;
        if (!ok)
            pz_error(f, 1, 0, "out of memory");
        for (int c = 0; ok && c < cells; c++)
            t->therm[c] = -1;
    }
    ok = ok && pz_key_ints(f, "rows", n, 0, n, t->rows) == 0 &&
         pz_key_ints(f, "cols", n, 0, n, t->cols) == 0 &&
         read_therms(f, t) == 0;
    if (!ok) {
        th_free(t);
        return NULL;
    }
    return t;
}

/*
 * (1) sum_j x[i,j] = R_i          every row i
 * (2) sum_i x[i,j] = C_j          every column j
 * (3) x[i,j] >= x[k,l]            (i,j) next below (k,l) on a thermometer
 */
static int th_build(void *pz, int variant, pz_build *b)
{
    thermo *t = pz;
    int n = t->n;
    (void)variant;
    if (pz_cellmap_bins(b, &t->x, "x", 1, NULL) < 0)
        return b->status;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            pz_term(b, pz_cellmap_at(&t->x, i, j, 0), 1);
        pz_row(b, t->rows[i], t->rows[i], "(1)row[%d]", i + 1);
    }
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < n; i++)
            pz_term(b, pz_cellmap_at(&t->x, i, j, 0), 1);
        pz_row(b, t->cols[j], t->cols[j], "(2)col[%d]", j + 1);
    }
    for (int d = 0; d < t->ndep; d++) {
        int lo = t->dep[2 * d], hi = t->dep[2 * d + 1];
        pz_term(b, pz_cellmap_at(&t->x, lo / n, lo % n, 0), 1);
        pz_term(b, pz_cellmap_at(&t->x, hi / n, hi % n, 0), -1);
        pz_row(b, 0, BNB_INF, "(3)dep[%d,%d,%d,%d]", lo / n + 1, lo % n + 1,
               hi / n + 1, hi % n + 1);
    }
    return b->status;
}

static void *th_decode(const void *pz, const double *x)
{
    const thermo *t = pz;
    unsigned char *fill = malloc((size_t)(t->n * t->n));
    for (int c = 0; fill && c < t->n * t->n; c++)
        fill[c] = (unsigned char)pz_x01(x, pz_cellmap_at(&t->x, c / t->n,
                                                         c % t->n, 0));
    return fill;
}

/* The rules: the row and column counts, and no filled cell above an
 * empty one on the same thermometer. */
static int th_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const thermo *t = pz;
    const unsigned char *fill = sol;
    int n = t->n;
    for (int k = 0; k < n; k++) {
        int row = 0, col = 0;
        for (int m = 0; m < n; m++)
            row += fill[k * n + m], col += fill[m * n + k];
        if (row != t->rows[k] || col != t->cols[k]) {
            snprintf(err, errlen, "%s %d has %d filled cells, expected %d",
                     row != t->rows[k] ? "row" : "column", k + 1,
                     row != t->rows[k] ? row : col,
                     row != t->rows[k] ? t->rows[k] : t->cols[k]);
            return -1;
        }
    }
    for (int d = 0; d < t->ndep; d++) {
        int lo = t->dep[2 * d], hi = t->dep[2 * d + 1];
        if (fill[hi] && !fill[lo]) {
            snprintf(err, errlen, "cell %d,%d is filled but %d,%d below it "
                     "on the thermometer is not", hi / n + 1, hi % n + 1,
                     lo / n + 1, lo % n + 1);
            return -1;
        }
    }
    return 0;
}

static void th_render(const void *pz, const void *sol, FILE *out)
{
    const thermo *t = pz;
    const unsigned char *fill = sol;
    for (int r = 0; r < t->n; r++) {
        for (int c = 0; c < t->n; c++)
            fputc(fill[r * t->n + c] ? '1' : '0', out);
        fputc('\n', out);
    }
}

static void th_describe(const void *pz, char *buf, size_t len)
{
    const thermo *t = pz;
    snprintf(buf, len, "%dx%d, %d thermometer%s", t->n, t->n, t->ntherm,
             t->ntherm == 1 ? "" : "s");
}

/* The grid, the sums, each cell's thermometer, the tubes (pairs of the
 * cell below and the cell above, bulb first) and the column of each
 * cell. */
static void th_picture(const void *pz, pz_json *j)
{
    const thermo *t = pz;
    pz_json_int(j, "rows", t->n);
    pz_json_int(j, "cols", t->n);
    pz_json_ints(j, "rowSums", t->rows, t->n);
    pz_json_ints(j, "colSums", t->cols, t->n);
    pz_json_ints(j, "therm", t->therm, t->n * t->n);
    pz_json_ints(j, "dep", t->dep, 2 * t->ndep);
    pz_json_ints(j, "x", t->x.col, t->n * t->n);
}

static const int *th_regions(const void *pz, int *rows, int *cols)
{
    const thermo *t = pz;
    *rows = *cols = t->n;
    return t->therm;
}

const pz_kind pz_kind_thermometer = {
    .name = "thermometer",
    .source = "Hartmann 2018, sec. 2",
    .help = "Fill cells so that each row and column has the given count and\n"
            "every thermometer is filled from its bulb up, without gaps.\n"
            "Keys: size, rows: and cols: (counts), thermometers: (one per\n"
            "line, cells r,c from the bulb, orthogonal neighbours).\n"
            "Rows (1) row counts, (2) column counts, (3) x[bulb side] >=\n"
            "x[next cell].",
    .variants = NULL,
    .keys = keys,
    .parse = th_parse,
    .build = th_build,
    .decode = th_decode,
    .check = th_check,
    .render = th_render,
    .describe = th_describe,
    .picture = th_picture,
    .regions = th_regions,
    .free = th_free,
    .generator = &pzg_kind_thermometer,
};
