/*
 * kakuro.c -- Kakuro / Cross Sums (Hartmann 2018, sec. 3): digits 1-9 in
 * the white cells, all different within a run, each run adding up to its
 * sum; rows (5)-(7) over binaries x[r,c,d].
 */
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

#define KK_DIGITS 9

/* A run: len cells from (r, c) going across (dr=0, dc=1) or down. */
typedef struct kk_run {
    int r, c, len, down, sum;
} kk_run;

typedef struct kakuro {
    int rows, cols;
    unsigned char *white;  /* [rows*cols]                                */
    kk_run *run;           /* [nrun] across runs first, then down runs   */
    int nrun, nacross;
    pz_cellmap x;          /* x[r,c,d], d = 1..9                         */
} kakuro;

static const pz_key keys[] = {
    {"grid", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {"across", PZ_KEY_REQUIRED},
    {"down", PZ_KEY_REQUIRED},
    {NULL, 0},
};

static void kk_free(void *pz)
{
    kakuro *k = pz;
    free(k->white);
    free(k->run);
    pz_cellmap_free(&k->x);
    free(k);
}

static int is_white(const kakuro *k, int r, int c)
{
    return r >= 0 && c >= 0 && r < k->rows && c < k->cols &&
           k->white[r * k->cols + c];
}

/* Finds the maximal runs of >= 2 white cells in reading order of their
 * first cell: across runs, then down runs. */
static void find_runs(kakuro *k, int down)
{
    int dr = down, dc = !down;
    for (int r = 0; r < k->rows; r++)
        for (int c = 0; c < k->cols; c++) {
            if (!is_white(k, r, c) || is_white(k, r - dr, c - dc))
                continue;
            int len = 1;
            while (is_white(k, r + len * dr, c + len * dc))
                len++;
            if (len >= 2)
                k->run[k->nrun++] = (kk_run){r, c, len, down, 0};
        }
}

static int read_grid(pz_file *f, kakuro *k)
{
    pz_grid g;
    if (pz_grid_read(f, "grid", 0, 0, &g) < 0) {
        pz_grid_free(&g);
        return -1;
    }
    k->rows = g.rows;
    k->cols = g.cols;
    k->white = malloc((size_t)(g.rows * g.cols));
    int rc = k->white ? 0 : pz_error(f, 1, 0, "out of memory");
    for (int i = 0; rc == 0 && i < g.rows * g.cols; i++) {
        const char *s = pz_grid_at(&g, i / g.cols, i % g.cols);
        if (strcmp(s, ".") != 0 && strcmp(s, "X") != 0)
            rc = pz_grid_error(f, &g, i / g.cols, i % g.cols, "kakuro cell "
                               "must be '.' (white) or 'X' (black), got "
                               "'%s'", s);
        k->white[i] = s[0] == '.';
    }
    pz_grid_free(&g);
    return rc;
}

/* Reads the sums of key into the runs of one direction. */
static int read_sums(pz_file *f, kakuro *k, const char *key, int first,
                     int count)
{
    const pz_entry *e = pz_get(f, key);
    pz_tok *t = malloc((size_t)(count + 1) * sizeof *t);
    if (!t)
        return pz_error(f, e->no, 0, "out of memory");
    int n = pz_tokens(f, e->no, e->value_col, e->value, t, count + 1);
    int rc = n < 0 ? -1 : 0;
    if (n >= 0 && n != count)
        rc = pz_error(f, e->no, n > count ? t[count].col : e->value_col,
                      "%s has %s%d sums, but the grid has %d %s runs", key,
                      n > count ? "more than " : "", n > count ? count : n,
                      count, key);
    for (int i = 0; rc == 0 && i < count; i++)
        rc = pz_tok_int(f, &t[i], 1, 45, "a run sum", &k->run[first + i].sum);
    free(t);
    return rc;
}

static void *kk_parse(pz_file *f)
{
    kakuro *k = calloc(1, sizeof *k);
    if (!k) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = read_grid(f, k) == 0;
    if (ok) {
        k->run = malloc((size_t)(k->rows * k->cols) * sizeof *k->run);
        ok = k->run && pz_cellmap_init(&k->x, k->rows, k->cols,
                                       KK_DIGITS) == 0;
        if (!ok)
            pz_error(f, 1, 0, "out of memory");
    }
    if (ok) {
        find_runs(k, 0);
        k->nacross = k->nrun;
        find_runs(k, 1);
    }
    ok = ok && read_sums(f, k, "across", 0, k->nacross) == 0 &&
         read_sums(f, k, "down", k->nacross, k->nrun - k->nacross) == 0;
    if (!ok) {
        kk_free(k);
        return NULL;
    }
    return k;
}

/* The cell index (r*cols + c) of the m-th cell of run u. */
static int run_at(const kakuro *k, const kk_run *u, int m)
{
    return (u->r + u->down * m) * k->cols + u->c + !u->down * m;
}

/* Runs are named by direction and number from 1 within it: across[3]. */
static const char *run_dir(const kakuro *k, int i)
{
    return i < k->nacross ? "across" : "down";
}

static int run_no(const kakuro *k, int i)
{
    return i < k->nacross ? i + 1 : i - k->nacross + 1;
}

/*
 * (5) sum_d x[i,j,d] = 1                    every white cell
 * (6) sum_{(i,j) in R_k} x[i,j,d] <= 1      every run k, digit d
 * (7) sum_{(i,j) in R_k} sum_d d x[i,j,d] = r_k    every run k
 */
static int kk_build(void *pz, int variant, pz_build *b)
{
    kakuro *k = pz;
    (void)variant;
    if (pz_cellmap_bins(b, &k->x, "x", 1, k->white) < 0)
        return b->status;
    for (int r = 0; r < k->rows; r++)
        for (int c = 0; c < k->cols; c++) {
            if (!k->white[r * k->cols + c])
                continue;
            for (int d = 0; d < KK_DIGITS; d++)
                pz_term(b, pz_cellmap_at(&k->x, r, c, d), 1);
            pz_row(b, 1, 1, "(5)cell[%d,%d]", r + 1, c + 1);
        }
    for (int i = 0; i < k->nrun; i++) {
        const kk_run *u = &k->run[i];
        for (int d = 0; d < KK_DIGITS; d++) {
            for (int m = 0; m < u->len; m++)
                pz_term(b, k->x.col[run_at(k, u, m) * KK_DIGITS + d], 1);
            pz_row(b, -BNB_INF, 1, "(6)%s[%d,%d]", run_dir(k, i),
                   run_no(k, i), d + 1);
        }
        for (int m = 0; m < u->len; m++)
            for (int d = 0; d < KK_DIGITS; d++)
                pz_term(b, k->x.col[run_at(k, u, m) * KK_DIGITS + d], d + 1);
        pz_row(b, u->sum, u->sum, "(7)%s[%d]", run_dir(k, i), run_no(k, i));
    }
    return b->status;
}

/* The solution: a digit per cell, 0 in black cells. */
static void *kk_decode(const void *pz, const double *x)
{
    const kakuro *k = pz;
    unsigned char *digit = calloc((size_t)(k->rows * k->cols), 1);
    for (int i = 0; digit && i < k->rows * k->cols; i++) {
        if (!k->white[i])
            continue;
        int cols[KK_DIGITS];
        for (int d = 0; d < KK_DIGITS; d++)
            cols[d] = pz_cellmap_at(&k->x, i / k->cols, i % k->cols, d);
        int d = pz_xpick(x, cols, KK_DIGITS);
        digit[i] = (unsigned char)(pz_x01(x, cols[d]) ? d + 1 : 0);
    }
    return digit;
}

/* The rules: a digit 1-9 in every white cell; in every run the digits
 * differ and add up to the run's sum. */
static int kk_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const kakuro *k = pz;
    const unsigned char *digit = sol;
    for (int i = 0; i < k->rows * k->cols; i++)
        if (k->white[i] && (digit[i] < 1 || digit[i] > 9)) {
            snprintf(err, errlen, "cell %d,%d has no digit",
                     i / k->cols + 1, i % k->cols + 1);
            return -1;
        }
    for (int i = 0; i < k->nrun; i++) {
        const kk_run *u = &k->run[i];
        int sum = 0, seen = 0;
        for (int m = 0; m < u->len; m++) {
            int d = digit[run_at(k, u, m)];
            if (seen & (1 << d)) {
                snprintf(err, errlen, "%s run %d from %d,%d has %d twice",
                         run_dir(k, i), run_no(k, i), u->r + 1, u->c + 1, d);
                return -1;
            }
            seen |= 1 << d;
            sum += d;
        }
        if (sum != u->sum) {
            snprintf(err, errlen, "%s run %d from %d,%d adds up to %d, "
                     "expected %d", run_dir(k, i), run_no(k, i), u->r + 1,
                     u->c + 1, sum, u->sum);
            return -1;
        }
    }
    return 0;
}

static void kk_render(const void *pz, const void *sol, FILE *out)
{
    const kakuro *k = pz;
    const unsigned char *digit = sol;
    for (int r = 0; r < k->rows; r++) {
        for (int c = 0; c < k->cols; c++) {
            int i = r * k->cols + c;
            fputc(k->white[i] ? '0' + digit[i] : 'X', out);
        }
        fputc('\n', out);
    }
}

static void kk_describe(const void *pz, char *buf, size_t len)
{
    const kakuro *k = pz;
    snprintf(buf, len, "%dx%d, %d run%s", k->rows, k->cols, k->nrun,
             k->nrun == 1 ? "" : "s");
}

/* The grid (white cells), the runs with their sums (the clue stands in
 * the black cell before each run) and the columns x[r,c,d], 9 a cell. */
static void kk_picture(const void *pz, pz_json *j)
{
    const kakuro *k = pz;
    int cells = k->rows * k->cols;
    pz_json_int(j, "rows", k->rows);
    pz_json_int(j, "cols", k->cols);
    pz_json_bytes(j, "white", k->white, cells);
    /* a run is five ints: its fields are read as strided arrays */
    _Static_assert(sizeof(kk_run) == 5 * sizeof(int), "kk_run is 5 ints");
    const int *run = k->nrun ? &k->run[0].r : NULL;
    int stride = (int)(sizeof *k->run / sizeof(int));
    pz_json_field(j, "runR", run, k->nrun, stride, 0);
    pz_json_field(j, "runC", run, k->nrun, stride, 1);
    pz_json_field(j, "runLen", run, k->nrun, stride, 2);
    pz_json_field(j, "runDown", run, k->nrun, stride, 3);
    pz_json_field(j, "runSum", run, k->nrun, stride, 4);
    pz_json_int(j, "depth", k->x.depth);
    pz_json_ints(j, "x", k->x.col, cells * k->x.depth);
}

const pz_kind pz_kind_kakuro = {
    .name = "kakuro",
    .source = "Hartmann 2018, sec. 3",
    .help = "Put a digit 1-9 in every white cell so that the digits of each\n"
            "run (2 or more white cells in a line) differ and add up to its\n"
            "sum. Keys: grid: ('.' white, 'X' black), across: and down: (the\n"
            "run sums in reading order of each run's first cell).\n"
            "Rows (5) one digit per cell, (6) each digit once per run,\n"
            "(7) run sums.",
    .variants = NULL,
    .keys = keys,
    .parse = kk_parse,
    .build = kk_build,
    .decode = kk_decode,
    .check = kk_check,
    .render = kk_render,
    .describe = kk_describe,
    .picture = kk_picture,
    .free = kk_free,
    .generator = &pzg_kind_kakuro,
};
