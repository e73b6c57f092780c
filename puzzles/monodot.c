/*
 * monodot.c -- Monodot (Hartmann 2019, sec. 4): place nodes on an n x n
 * grid so that each has exactly its number of occupied neighbour cells
 * (8-neighbourhood); rows (10)-(14) over x[i,j,t].
 */
#include <limits.h>
#include <stdlib.h>

#include "pz_kind.h"

#define MD_MAX_DEGREE 8

typedef struct monodot {
    int n, nodes;
    int count[MD_MAX_DEGREE + 1];  /* a_t: nodes wanting t neighbours    */
    pz_cellmap x;          /* x[i,j,t], t = 1..8 (depth 8, index t-1)    */
} monodot;

static const pz_key keys[] = {
    {"size", PZ_KEY_REQUIRED},
    {"degrees", PZ_KEY_REQUIRED},
    {NULL, 0},
};

static void md_free(void *pz)
{
    monodot *m = pz;
    pz_cellmap_free(&m->x);
    free(m);
}

/* A connected group of c nodes lies in a c x c box, so the groups of
 * any placement of k nodes, set corner to corner one cell apart, fit in
 * a (2k-1) x (2k-1) grid: a larger size adds nothing but empty cells
 * (and would let a line of a few bytes ask for n^2 * 8 columns). */
static int too_big(pz_file *f, const monodot *m, int k)
{
    const pz_entry *e = pz_get(f, "size");
    return pz_error(f, e->no, e->value_col, "size %d is larger than 2k-1 "
                    "= %d for k = %d nodes: every placement of k nodes "
                    "fits in a %dx%d grid, so a larger grid only adds "
                    "empty cells", m->n, 2 * k - 1, k, 2 * k - 1,
                    2 * k - 1);
}

static int read_degrees(pz_file *f, monodot *m)
{
    const pz_entry *e = pz_get(f, "degrees");
    pz_tok *t;
    int n = pz_tokens_all(f, e->no, e->value_col, e->value, &t);
    int rc = n < 0 ? -1 : 0;
    if (n == 0)
        rc = pz_error(f, e->no, e->value_col, "degrees: expected the "
                      "neighbour count of each node, got none");
    if (rc == 0 && (long long)n > (long long)m->n * m->n)
        rc = pz_error(f, e->no, e->value_col, "%d nodes do not fit on a "
                      "%dx%d grid", n, m->n, m->n);
    for (int i = 0; rc == 0 && i < n; i++) {
        int d;
        rc = pz_tok_int(f, &t[i], 1, MD_MAX_DEGREE, "degree (the paper's "
                        "t = 1..8)", &d);
        if (rc == 0)
            m->count[d]++;
    }
    m->nodes = n;
    free(t);
    return rc == 0 && m->n > 2 * n - 1 ? too_big(f, m, n) : rc;
}

static void *md_parse(pz_file *f)
{
    monodot *m = calloc(1, sizeof *m);
    if (!m) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = pz_key_int(f, "size", 1, INT_MAX, 0, &m->n) == 0 &&
             read_degrees(f, m) == 0;
    if (ok && pz_cellmap_init(&m->x, m->n, m->n, MD_MAX_DEGREE) < 0)
        ok = pz_error(f, 1, 0, "out of memory") == 0;
    if (!ok) {
        md_free(m);
        return NULL;
    }
    return m;
}

/* The cells of N_ij (8-neighbourhood inside the grid): count, and their
 * indices r*n+c in nb[8]. */
static int neighbours(const monodot *m, int cell, int nb[8])
{
    int count = 0, r = cell / m->n, c = cell % m->n;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int r2 = r + dr, c2 = c + dc;
            if ((dr || dc) && r2 >= 0 && r2 < m->n && c2 >= 0 && c2 < m->n)
                nb[count++] = r2 * m->n + c2;
        }
    return count;
}

/* Adds coef * sum_t x[cell,t] (with t * coef when weighted) to the row. */
static void cell_terms(pz_build *b, const monodot *m, int cell, double coef,
                       int weighted)
{
    for (int t = 1; t <= MD_MAX_DEGREE; t++)
        pz_term(b, pz_cellmap_at(&m->x, cell / m->n, cell % m->n, t - 1),
                weighted ? coef * t : coef);
}

/*
 * x[i,j,t] binary (14):
 * (10) sum_t x[i,j,t] <= 1
 * (11) sum_ij x[i,j,t] = a_t                       -- printed sum_i sum_i
 * (12) sum_{kl in N_ij} sum_t x[k,l,t] >= sum_t t x[i,j,t]
 * (13) sum_{kl in N_ij} sum_t x[k,l,t] <= sum_t t x[i,j,t]
 *                                        + M_ij (1 - sum_t x[i,j,t])
 *      -- printed with the sum over "N_n", read N_ij as in (12)
 * Columns x[i,j,t] exist only for the t with a_t > 0 (the others would be
 * fixed to 0 by (11)), and so rows (11) only for those t. The paper sets
 * M = 8; M_ij = min(|N_ij|, nodes) is the smallest valid value: with
 * (i,j) empty the left side counts at most that many nodes.
 */
static int md_build(void *pz, int variant, pz_build *b)
{
    monodot *m = pz;
    int cells = m->n * m->n, nb[8];
    (void)variant;
    /* the cell map's slots are filled here, not by pz_cellmap_bins: only
     * the layers t with a_t > 0 get columns */
    for (int cell = 0; cell < cells; cell++)
        for (int t = 1; t <= MD_MAX_DEGREE; t++)
            if (m->count[t] > 0)
                m->x.col[cell * MD_MAX_DEGREE + t - 1] =
                    pz_bin(b, "x[%d,%d,%d]", cell / m->n + 1,
                           cell % m->n + 1, t);
    for (int cell = 0; cell < cells; cell++) {
        cell_terms(b, m, cell, 1, 0);
        pz_row(b, -BNB_INF, 1, "(10)cell[%d,%d]", cell / m->n + 1,
               cell % m->n + 1);
    }
    for (int t = 1; t <= MD_MAX_DEGREE; t++) {
        if (m->count[t] == 0)
            continue;
        for (int cell = 0; cell < cells; cell++)
            pz_term(b, pz_cellmap_at(&m->x, cell / m->n, cell % m->n, t - 1),
                    1);
        pz_row(b, m->count[t], m->count[t], "(11)count[%d]", t);
    }
    for (int pass = 0; pass < 2; pass++)
        for (int cell = 0; cell < cells; cell++) {
            int k = neighbours(m, cell, nb);
            double big = k < m->nodes ? k : m->nodes;
            for (int i = 0; i < k; i++)
                cell_terms(b, m, nb[i], 1, 0);
            cell_terms(b, m, cell, -1, 1);
            if (pass == 1)
                cell_terms(b, m, cell, big, 0);
            pz_row(b, pass == 0 ? 0 : -BNB_INF, pass == 0 ? BNB_INF : big,
                   "(%d)%s[%d,%d]", 12 + pass,
                   pass == 0 ? "atleast" : "atmost", cell / m->n + 1,
                   cell % m->n + 1);
        }
    return b->status;
}

/* The solution: the degree t of the node in each cell, 0 if empty. */
static void *md_decode(const void *pz, const double *x)
{
    const monodot *m = pz;
    int cells = m->n * m->n;
    unsigned char *deg = malloc((size_t)cells);
    for (int cell = 0; deg && cell < cells; cell++) {
        deg[cell] = 0;
        for (int t = 1; t <= MD_MAX_DEGREE; t++)
            if (pz_x01(x, m->x.col[cell * MD_MAX_DEGREE + t - 1]))
                deg[cell] = (unsigned char)t;
    }
    return deg;
}

/* The rules: the nodes placed are exactly those listed (a_t of each
 * degree t), and each has exactly t occupied neighbour cells. */
static int md_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const monodot *m = pz;
    const unsigned char *deg = sol;
    int placed[MD_MAX_DEGREE + 1] = {0}, nb[8];
    for (int cell = 0; cell < m->n * m->n; cell++) {
        if (!deg[cell])
            continue;
        placed[deg[cell]]++;
        int k = neighbours(m, cell, nb), got = 0;
        for (int i = 0; i < k; i++)
            got += deg[nb[i]] != 0;
        if (got != deg[cell]) {
            snprintf(err, errlen, "the node at %d,%d has %d neighbours, "
                     "expected %d", cell / m->n + 1, cell % m->n + 1, got,
                     deg[cell]);
            return -1;
        }
    }
    for (int t = 1; t <= MD_MAX_DEGREE; t++)
        if (placed[t] != m->count[t]) {
            snprintf(err, errlen, "%d nodes of degree %d placed, expected "
                     "%d", placed[t], t, m->count[t]);
            return -1;
        }
    return 0;
}

static void md_render(const void *pz, const void *sol, FILE *out)
{
    const monodot *m = pz;
    const unsigned char *deg = sol;
    for (int r = 0; r < m->n; r++) {
        for (int c = 0; c < m->n; c++)
            fputc(deg[r * m->n + c] ? '0' + deg[r * m->n + c] : '.', out);
        fputc('\n', out);
    }
}

static void md_describe(const void *pz, char *buf, size_t len)
{
    const monodot *m = pz;
    snprintf(buf, len, "%dx%d, %d node%s", m->n, m->n, m->nodes,
             m->nodes == 1 ? "" : "s");
}

/* The grid, the degrees wanted (count[t] nodes of degree t) and the
 * columns x[r,c,t], MD_MAX_DEGREE a cell (-1 for a degree no node
 * wants). */
static void md_picture(const void *pz, pz_json *j)
{
    const monodot *m = pz;
    pz_json_int(j, "rows", m->n);
    pz_json_int(j, "cols", m->n);
    pz_json_ints(j, "count", m->count, MD_MAX_DEGREE + 1);
    pz_json_int(j, "depth", MD_MAX_DEGREE);
    pz_json_ints(j, "x", m->x.col, m->n * m->n * MD_MAX_DEGREE);
}

const pz_kind pz_kind_monodot = {
    .name = "monodot",
    .source = "Hartmann 2019, sec. 4",
    .help = "Place the nodes on the grid so that each has exactly its\n"
            "number of nodes in the 8 cells around it. Keys: size,\n"
            "degrees: (one number 1..8 per node). Rows (10) one node per\n"
            "cell, (11) nodes of each degree, (12) at least and (13) at\n"
            "most t neighbours (big-M: the cell's neighbour count).",
    .variants = NULL,
    .keys = keys,
    .parse = md_parse,
    .build = md_build,
    .decode = md_decode,
    .check = md_check,
    .render = md_render,
    .describe = md_describe,
    .picture = md_picture,
    .free = md_free,
    .generator = &pzg_kind_monodot,
};
