/*
 * starbattle.c -- Star Battle (Hartmann 2019, sec. 2): S stars in every
 * row, column and region, no two stars touching, as rows (1)-(4) over
 * binaries x[r,c].
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

typedef struct starbattle {
    int n, stars;
    int *region;           /* [n*n] region index 0..n-1 of each cell     */
    char **name;           /* [n] region symbols                         */
    pz_cellmap x;          /* x[r,c]                                     */
} starbattle;

static const pz_key keys[] = {
    {"size", PZ_KEY_REQUIRED},
    {"stars", 0},
    {"regions", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static void sb_free(void *pz)
{
    starbattle *s = pz;
    free(s->region);
    for (int k = 0; s->name && k < s->n; k++)
        free(s->name[k]);
    free(s->name);
    pz_cellmap_free(&s->x);
    free(s);
}

/* Numbers the region symbols in order of first appearance; there must be
 * exactly n of them. */
static int read_regions(pz_file *f, starbattle *s, const pz_grid *g)
{
    int count = 0;
    for (int k = 0; k < s->n * s->n; k++) {
        const char *sym = pz_grid_at(g, k / s->n, k % s->n);
        int id = 0;
        while (id < count && strcmp(s->name[id], sym) != 0)
            id++;
        if (id == count) {
            if (count == s->n)
                return pz_grid_error(f, g, k / s->n, k % s->n, "region "
                                     "'%s' is one more than the %d regions "
                                     "a %dx%d grid has", sym, s->n, s->n,
                                     s->n);
            if (!(s->name[count++] = strdup(sym)))
                return pz_error(f, 1, 0, "out of memory");
        }
        s->region[k] = id;
    }
    if (count < s->n)
        return pz_grid_error(f, g, s->n - 1, s->n - 1, "regions has %d "
                             "region symbols, expected %d (one per row)",
                             count, s->n);
    return 0;
}

static void *sb_parse(pz_file *f)
{
    starbattle *s = calloc(1, sizeof *s);
    pz_grid g = {0};
    if (!s) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = pz_key_int(f, "size", 1, INT_MAX, 0, &s->n) == 0 &&
             pz_key_int(f, "stars", 1, INT_MAX, 1, &s->stars) == 0 &&
             pz_grid_read(f, "regions", s->n, s->n, &g) == 0;
    if (ok && s->stars > (s->n + 1) / 2)
        ok = pz_error(f, pz_get(f, "stars")->no, 0, "%d stars per row "
                      "cannot fit in %d columns without touching",
                      s->stars, s->n) == 0;
    if (ok) {
        s->region = malloc((size_t)s->n * (size_t)s->n * sizeof *s->region);
        s->name = calloc((size_t)s->n, sizeof *s->name);
        ok = s->region && s->name && pz_cellmap_init(&s->x, s->n, s->n, 1) == 0;
        if (!ok)
            pz_error(f, 1, 0, "out of memory");
    }
    ok = ok && read_regions(f, s, &g) == 0;
    pz_grid_free(&g);
    if (!ok) {
        sb_free(s);
        return NULL;
    }
    return s;
}

static const char *region_label(const starbattle *s, int k, char *buf,
                                size_t n)
{
    return pz_label(s->name[k], k, buf, n);
}

/*
 * (1) sum_j x[i,j] = S   for every row i
 * (2) sum_i x[i,j] = S   for every column j
 * (3) sum_{(i,j) in A_k} x[i,j] = S   for every region k
 * (4) x[i,j] + x[i+1,j] + x[i,j+1] + x[i+1,j+1] <= 1, i, j < n
 */
static int sb_build(void *pz, int variant, pz_build *b)
{
    starbattle *s = pz;
    int n = s->n;
    (void)variant;
    if (pz_cellmap_bins(b, &s->x, "x", 1, NULL) < 0)
        return b->status;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            pz_term(b, pz_cellmap_at(&s->x, i, j, 0), 1);
        pz_row(b, s->stars, s->stars, "(1)row[%d]", i + 1);
    }
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < n; i++)
            pz_term(b, pz_cellmap_at(&s->x, i, j, 0), 1);
        pz_row(b, s->stars, s->stars, "(2)col[%d]", j + 1);
    }
    for (int k = 0; k < n; k++) {
        char buf[16];
        for (int c = 0; c < n * n; c++)
            if (s->region[c] == k)
                pz_term(b, pz_cellmap_at(&s->x, c / n, c % n, 0), 1);
        pz_row(b, s->stars, s->stars, "(3)region[%s]",
               region_label(s, k, buf, sizeof buf));
    }
    for (int i = 0; i + 1 < n; i++)
        for (int j = 0; j + 1 < n; j++) {
            for (int d = 0; d < 4; d++)
                pz_term(b, pz_cellmap_at(&s->x, i + d / 2, j + d % 2, 0), 1);
            pz_row(b, -BNB_INF, 1, "(4)square[%d,%d]", i + 1, j + 1);
        }
    return b->status;
}

static void *sb_decode(const void *pz, const double *x)
{
    const starbattle *s = pz;
    unsigned char *star = malloc((size_t)(s->n * s->n));
    for (int c = 0; star && c < s->n * s->n; c++)
        star[c] = (unsigned char)pz_x01(x, pz_cellmap_at(&s->x, c / s->n,
                                                         c % s->n, 0));
    return star;
}

static int count_stars(const starbattle *s, const unsigned char *star,
                       int what, int k)
{
    int got = 0;
    for (int c = 0; c < s->n * s->n; c++)
        got += star[c] && (what == 0   ? c / s->n == k
                           : what == 1 ? c % s->n == k
                                       : s->region[c] == k);
    return got;
}

/* The rules: S stars per row, column, region; no two stars touch, even
 * diagonally. */
static int sb_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    static const char *const what_name[] = {"row", "column", "region"};
    const starbattle *s = pz;
    const unsigned char *star = sol;
    int n = s->n;
    for (int what = 0; what < 3; what++)
        for (int k = 0; k < n; k++) {
            int got = count_stars(s, star, what, k);
            char id[16];
            snprintf(id, sizeof id, "%d", k + 1);
            if (got != s->stars) {
                snprintf(err, errlen, "%s %s has %d stars, expected %d",
                         what_name[what], what == 2 ? s->name[k] : id, got,
                         s->stars);
                return -1;
            }
        }
    /* each touching pair once: the neighbours right and on the row below */
    for (int c = 0; c < n * n; c++)
        for (int d = 0; star[c] && d < 4; d++) {
            int r2 = c / n + (d > 0), c2 = c % n + (d == 0 ? 1 : d - 2);
            if (r2 < n && c2 >= 0 && c2 < n && star[r2 * n + c2]) {
                snprintf(err, errlen, "stars at %d,%d and %d,%d touch",
                         c / n + 1, c % n + 1, r2 + 1, c2 + 1);
                return -1;
            }
        }
    return 0;
}

static void sb_render(const void *pz, const void *sol, FILE *out)
{
    const starbattle *s = pz;
    const unsigned char *star = sol;
    for (int r = 0; r < s->n; r++) {
        for (int c = 0; c < s->n; c++)
            fputc(star[r * s->n + c] ? '*' : '.', out);
        fputc('\n', out);
    }
}

static void sb_describe(const void *pz, char *buf, size_t len)
{
    const starbattle *s = pz;
    snprintf(buf, len, "%dx%d, %d star%s", s->n, s->n, s->stars,
             s->stars == 1 ? "" : "s");
}

/* The grid, each cell's region and the column x[r,c] of each cell. */
static void sb_picture(const void *pz, pz_json *j)
{
    const starbattle *s = pz;
    pz_json_int(j, "rows", s->n);
    pz_json_int(j, "cols", s->n);
    pz_json_int(j, "stars", s->stars);
    pz_json_ints(j, "region", s->region, s->n * s->n);
    pz_json_ints(j, "x", s->x.col, s->n * s->n);
}

static const int *sb_regions(const void *pz, int *rows, int *cols)
{
    const starbattle *s = pz;
    *rows = *cols = s->n;
    return s->region;
}

const pz_kind pz_kind_starbattle = {
    .name = "starbattle",
    .source = "Hartmann 2019, sec. 2",
    .help = "Place S stars in every row, column and region; no two stars\n"
            "touch, not even diagonally. Keys: size, stars (S, default 1),\n"
            "regions: (size rows of size region symbols, size distinct).\n"
            "Rows (1) rows, (2) columns, (3) regions, (4) 2x2 squares.",
    .variants = NULL,
    .keys = keys,
    .parse = sb_parse,
    .build = sb_build,
    .decode = sb_decode,
    .check = sb_check,
    .render = sb_render,
    .describe = sb_describe,
    .picture = sb_picture,
    .regions = sb_regions,
    .free = sb_free,
    .generator = &pzg_kind_starbattle,
};
