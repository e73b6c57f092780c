/*
 * binairo.c -- Binary Sudoku (Hartmann 2019, sec. 7): 0/1 in every cell,
 * as many 0s as 1s per line, no three equal in a row, and (unique: yes)
 * no two equal rows or columns; rows (29)-(38) over binaries x[r,c].
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

/*
 * Rows (35)-(38) read a line as the integer sum_j 2^(j-1) x[i,j] and keep
 * two lines apart with |difference| >= 1 through a big-M. The paper sets
 * M = 2^(n+1); the smallest valid M is 2^n (the difference lies in
 * -(2^n - 1) .. 2^n - 1), which we use. A solution counts as integral when
 * each value is within tol_int = 1e-6 of an integer, so the difference of
 * two lines may be off by 2 (2^n - 1) 1e-6 and M y by 2^n 1e-6; for the
 * rows to still mean "differ by at least 1" after rounding, that sum must
 * stay below 0.5: it is 0.20 at n = 16 and 0.79 at n = 18. Larger grids
 * with 'unique: yes' take `--variant aux`, whose rows have coefficients
 * 0 and 1 only.
 */
#define BN_MAX_UNIQUE 16

enum { BN_PAPER, BN_AUX };

static const pz_variant variants[] = {
    {"paper", "(35)-(38) distinct lines through 2^n weights (n <= 16)"},
    {"aux", "distinct lines through a binary per pair and position "
            "(any size)"},
    {NULL, NULL},
};

typedef struct binairo {
    int n, unique;
    signed char *given;    /* [n*n] -1 empty, else 0 or 1                */
    pz_cellmap x;
} binairo;

static const pz_key keys[] = {
    {"size", PZ_KEY_REQUIRED},
    {"unique", 0},
    {"grid", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static void bn_free(void *pz)
{
    binairo *s = pz;
    free(s->given);
    pz_cellmap_free(&s->x);
    free(s);
}

static int read_size(pz_file *f, binairo *s)
{
    static const char *const yes_no[] = {"no", "yes", NULL};
    if (pz_key_int(f, "size", 2, INT_MAX, 0, &s->n) < 0 ||
        pz_key_choice(f, "unique", yes_no, 1, &s->unique) < 0)
        return -1;
    const pz_entry *e = pz_get(f, "size");
    if (s->n % 2)
        return pz_error(f, e->no, e->value_col, "size must be even (as "
                        "many 0s as 1s per line), got %d", s->n);
    if (s->unique && s->n > BN_MAX_UNIQUE &&
        pz_file_variant(f) == BN_PAPER)
        return pz_error(f, e->no, e->value_col, "size %d is too large with "
                        "'unique: yes': rows (35)-(38) use coefficients up "
                        "to 2^n and are numerically safe only up to size "
                        "%d (use '--variant aux', 'unique: no' or a smaller "
                        "grid)", s->n, BN_MAX_UNIQUE);
    return 0;
}

static int read_grid(pz_file *f, binairo *s)
{
    pz_grid g;
    int rc = pz_grid_read(f, "grid", s->n, s->n, &g);
    for (int i = 0; rc == 0 && i < s->n * s->n; i++) {
        const char *v = pz_grid_at(&g, i / s->n, i % s->n);
        if (strcmp(v, ".") && strcmp(v, "0") && strcmp(v, "1"))
            rc = pz_grid_error(f, &g, i / s->n, i % s->n, "binairo cell "
                               "must be '0', '1' or '.', got '%s'", v);
        s->given[i] = (signed char)(v[0] == '.' ? -1 : v[0] - '0');
    }
    pz_grid_free(&g);
    return rc;
}

static void *bn_parse(pz_file *f)
{
    binairo *s = calloc(1, sizeof *s);
    if (!s) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = read_size(f, s) == 0;
    if (ok) {
        s->given = malloc((size_t)s->n * (size_t)s->n);
        ok = s->given && pz_cellmap_init(&s->x, s->n, s->n, 1) == 0;
        if (!ok)
            pz_error(f, 1, 0, "out of memory");
    }
    if (!ok || read_grid(f, s) < 0) {
        bn_free(s);
        return NULL;
    }
    return s;
}

static int xat(const binairo *s, int r, int c)
{
    return pz_cellmap_at(&s->x, r, c, 0);
}

/* Line a (row if !cols, else column) minus line b, weights 2^(j-1). */
static void line_diff(pz_build *b, const binairo *s, int cols, int a,
                      int bb)
{
    for (int j = 0; j < s->n; j++) {
        double w = ldexp(1.0, j);
        pz_term(b, cols ? xat(s, j, a) : xat(s, a, j), w);
        pz_term(b, cols ? xat(s, j, bb) : xat(s, bb, j), -w);
    }
}

/*
 * (35) D_ik - M y_ik <= -1        (36) D_ik - M y_ik >= 1 - M
 * with D_ik = sum_j 2^(j-1) (x[i,j] - x[k,j]), rows i < k; (37), (38)
 * the same for columns with z. y = 1 forces D >= 1, y = 0 forces D <= -1.
 */
static void distinct_lines(pz_build *b, const binairo *s, int cols)
{
    double big = ldexp(1.0, s->n);
    const char *var = cols ? "z" : "y", *fam = cols ? "col" : "row";
    int eq = cols ? 37 : 35;
    for (int i = 0; i < s->n; i++)
        for (int k = i + 1; k < s->n; k++) {
            int y = pz_bin(b, "%s[%d,%d]", var, i + 1, k + 1);
            line_diff(b, s, cols, i, k);
            pz_term(b, y, -big);
            pz_row(b, -BNB_INF, -1, "(%d)%sdiff[%d,%d]", eq, fam, i + 1,
                   k + 1);
            line_diff(b, s, cols, i, k);
            pz_term(b, y, -big);
            pz_row(b, 1 - big, BNB_INF, "(%d)%sdiff[%d,%d]", eq + 1, fam,
                   i + 1, k + 1);
        }
}

/*
 * The aux variant: lines i < k of a balanced grid differ iff some j has
 * x[i,j] = 1 and x[k,j] = 0; d[i,k,j] may be 1 only there (A1), and one
 * of them must be (A2). Coefficients 0 and 1 only, so any size is safe.
 */
static void distinct_aux(pz_build *b, const binairo *s, int cols)
{
    const char *fam = cols ? "col" : "row";
    for (int i = 0; i < s->n; i++)
        for (int k = i + 1; k < s->n; k++) {
            int first = -1;
            for (int j = 0; j < s->n; j++) {
                int d = pz_bin(b, "d%s[%d,%d,%d]", fam, i + 1, k + 1, j + 1);
                first = j == 0 ? d : first;
                pz_term(b, d, 1);
                pz_term(b, cols ? xat(s, j, i) : xat(s, i, j), -1);
                pz_row(b, -BNB_INF, 0, "(A1)%sone[%d,%d,%d]", fam, i + 1,
                       k + 1, j + 1);
                pz_term(b, d, 1);
                pz_term(b, cols ? xat(s, j, k) : xat(s, k, j), 1);
                pz_row(b, -BNB_INF, 1, "(A1)%szero[%d,%d,%d]", fam, i + 1,
                       k + 1, j + 1);
            }
            /* the d columns of the pair are consecutive: made just above */
            for (int j = 0; first >= 0 && j < s->n; j++)
                pz_term(b, first + j, 1);
            pz_row(b, 1, BNB_INF, "(A2)%sdiff[%d,%d]", fam, i + 1, k + 1);
        }
}

/*
 * (29) x[i,j] = 0 for given 0s, (30) x[i,j] = 1 for given 1s,
 * (31) sum_j x[i,j] = n/2, (32) sum_i x[i,j] = n/2,
 * (33) 1 <= x[i,j] + x[i,j+1] + x[i,j+2] <= 2, (34) the same down,
 * (35)-(38) distinct rows and columns (unique: yes only).
 */
static int bn_build(void *pz, int variant, pz_build *b)
{
    binairo *s = pz;
    int n = s->n;
    if (pz_cellmap_bins(b, &s->x, "x", 1, NULL) < 0)
        return b->status;
    for (int i = 0; i < n * n; i++)
        if (s->given[i] >= 0) {
            pz_term(b, xat(s, i / n, i % n), 1);
            pz_row(b, s->given[i], s->given[i], "(%d)given[%d,%d]",
                   29 + s->given[i], i / n + 1, i % n + 1);
        }
    for (int cols = 0; cols < 2; cols++)
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++)
                pz_term(b, cols ? xat(s, j, i) : xat(s, i, j), 1);
            pz_row(b, n / 2, n / 2, "(%d)%s[%d]", 31 + cols,
                   cols ? "col" : "row", i + 1);
        }
    for (int cols = 0; cols < 2; cols++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j + 2 < n; j++) {
                for (int d = 0; d < 3; d++)
                    pz_term(b, cols ? xat(s, j + d, i) : xat(s, i, j + d), 1);
                pz_row(b, 1, 2, "(%d)%s[%d,%d]", 33 + cols,
                       cols ? "coltriple" : "rowtriple",
                       cols ? j + 1 : i + 1, cols ? i + 1 : j + 1);
            }
    for (int cols = 0; s->unique && cols < 2; cols++) {
        if (variant == BN_AUX)
            distinct_aux(b, s, cols);
        else
            distinct_lines(b, s, cols);
    }
    return b->status;
}

static void *bn_decode(const void *pz, const double *x)
{
    const binairo *s = pz;
    unsigned char *v = malloc((size_t)s->n * (size_t)s->n);
    for (int i = 0; v && i < s->n * s->n; i++)
        v[i] = (unsigned char)pz_x01(x, xat(s, i / s->n, i % s->n));
    return v;
}

/* Cell k of line i: of row i, or of column i. */
static int at(const binairo *s, const unsigned char *v, int cols, int i,
              int k)
{
    return cols ? v[k * s->n + i] : v[i * s->n + k];
}

static int check_line(const binairo *s, const unsigned char *v, int cols,
                      int i, char *err, size_t errlen)
{
    const char *what = cols ? "column" : "row";
    int ones = 0;
    for (int k = 0; k < s->n; k++) {
        ones += at(s, v, cols, i, k);
        if (k >= 2 && at(s, v, cols, i, k) == at(s, v, cols, i, k - 1) &&
            at(s, v, cols, i, k) == at(s, v, cols, i, k - 2)) {
            snprintf(err, errlen, "%s %d has three %ds in a row", what,
                     i + 1, at(s, v, cols, i, k));
            return -1;
        }
    }
    if (ones * 2 != s->n) {
        snprintf(err, errlen, "%s %d has %d ones, expected %d", what, i + 1,
                 ones, s->n / 2);
        return -1;
    }
    for (int j = i + 1; s->unique && j < s->n; j++) {
        int k = 0;
        while (k < s->n && at(s, v, cols, i, k) == at(s, v, cols, j, k))
            k++;
        if (k == s->n) {
            snprintf(err, errlen, "%ss %d and %d are equal", what, i + 1,
                     j + 1);
            return -1;
        }
    }
    return 0;
}

/* The rules: the givens kept, and every row and column balanced, without
 * three equal neighbours, and (unique: yes) different from the others. */
static int bn_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const binairo *s = pz;
    const unsigned char *v = sol;
    for (int i = 0; i < s->n * s->n; i++)
        if (s->given[i] >= 0 && v[i] != s->given[i]) {
            snprintf(err, errlen, "cell %d,%d is given %d but has %d",
                     i / s->n + 1, i % s->n + 1, s->given[i], v[i]);
            return -1;
        }
    for (int cols = 0; cols < 2; cols++)
        for (int i = 0; i < s->n; i++)
            if (check_line(s, v, cols, i, err, errlen) < 0)
                return -1;
    return 0;
}

static void bn_render(const void *pz, const void *sol, FILE *out)
{
    const binairo *s = pz;
    const unsigned char *v = sol;
    for (int r = 0; r < s->n; r++) {
        for (int c = 0; c < s->n; c++)
            fputc('0' + v[r * s->n + c], out);
        fputc('\n', out);
    }
}

static void bn_describe(const void *pz, char *buf, size_t len)
{
    const binairo *s = pz;
    snprintf(buf, len, "%dx%d, unique %s", s->n, s->n,
             s->unique ? "yes" : "no");
}

/* The grid, its givens (-1 none) and the column x[r,c] of each cell. */
static void bn_picture(const void *pz, pz_json *j)
{
    const binairo *s = pz;
    int cells = s->n * s->n;
    pz_json_int(j, "rows", s->n);
    pz_json_int(j, "cols", s->n);
    int *given = malloc((size_t)cells * sizeof *given);
    for (int k = 0; given && k < cells; k++)
        given[k] = s->given[k];
    pz_json_ints(j, "given", given, given ? cells : 0);
    free(given);
    pz_json_ints(j, "x", s->x.col, cells);
}

const pz_kind pz_kind_binairo = {
    .name = "binairo",
    .source = "Hartmann 2019, sec. 7, Binary Sudoku",
    .help = "Fill the grid with 0/1: as many 0s as 1s in every row and\n"
            "column, never three equal cells in a row or column, and with\n"
            "'unique: yes' (the default) no two equal rows or columns.\n"
            "Keys: size (even; above 16 with unique: yes only under\n"
            "--variant aux: the 2^n rows (35)-(38) are numerically safe up\n"
            "to 16), unique, grid: ('0', '1' given, '.' empty). Rows\n"
            "(29)-(30) givens, (31)-(32) balance, (33)-(34) triples,\n"
            "(35)-(38) distinct lines, M = 2^n; aux: (A1)-(A2) over\n"
            "d[i,k,j], 1 only where line i has a 1 and line k a 0.",
    .variants = variants,
    .keys = keys,
    .parse = bn_parse,
    .build = bn_build,
    .decode = bn_decode,
    .check = bn_check,
    .render = bn_render,
    .describe = bn_describe,
    .picture = bn_picture,
    .free = bn_free,
    .generator = &pzg_kind_binairo,
};
