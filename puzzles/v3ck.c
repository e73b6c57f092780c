/*
 * v3ck.c -- V3ck (Hartmann 2019, sec. 3): colour every edge of a graph so
 * that each node has its demanded number of edges of each colour; rows
 * (6)-(9) over x[i,j,k] on both directions of every edge.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

typedef struct v3ck {
    int nodes, colors, nedge, ndemand;
    int *edge;             /* [2*nedge] i, j (0-based), in input order   */
    int *line;             /* [nodes] the node's demand line, or -1      */
    int *demand;           /* [ndemand*colors] a_ik of each demand line  */
    int *node_of;          /* [ndemand] the node of each demand line     */
    int *first, *arc;      /* arcs out of node i: arc[first[i]..first[i+1]),
                              as 2*e + dir                               */
    int *x;                /* [2*nedge*colors] x[i,j,k] then x[j,i,k]    */
} v3ck;

static const pz_key keys[] = {
    {"nodes", PZ_KEY_REQUIRED},
    {"colors", PZ_KEY_REQUIRED},
    {"edges", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {"demands", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static void v3_free(void *pz)
{
    v3ck *v = pz;
    free(v->edge);
    free(v->line);
    free(v->demand);
    free(v->node_of);
    free(v->first);
    free(v->arc);
    free(v->x);
    free(v);
}

/* One `i j` line; no loops (edges given twice: find_twice). */
static int read_edge(pz_file *f, v3ck *v, const pz_line *ln)
{
    pz_tok t[3];
    int n = pz_tokens(f, ln->no, ln->col, ln->text, t, 3), i, j;
    if (n < 0)
        return -1;
    if (n != 2)
        return pz_error(f, ln->no, ln->col, "an edge is two nodes `i j`, "
                        "got %d tokens", n);
    if (pz_tok_int(f, &t[0], 1, v->nodes, "node", &i) < 0 ||
        pz_tok_int(f, &t[1], 1, v->nodes, "node", &j) < 0)
        return -1;
    if (i == j)
        return pz_error(f, t[1].no, t[1].col, "edge %d %d is a loop", i, j);
    v->edge[2 * v->nedge] = i - 1;
    v->edge[2 * v->nedge + 1] = j - 1;
    v->nedge++;
    return 0;
}

/* An edge as (smaller node, larger node, line), sorted by qsort. */
typedef struct v3_key { int lo, hi, idx; } v3_key;

static int key_cmp(const void *pa, const void *pb)
{
    const v3_key *a = pa, *b = pb;
    return a->lo != b->lo ? (a->lo > b->lo) - (a->lo < b->lo)
         : a->hi != b->hi ? (a->hi > b->hi) - (a->hi < b->hi)
                          : (a->idx > b->idx) - (a->idx < b->idx);
}

/* An edge given twice, reported at its earliest repeat: sorting keeps
 * this O(E log E) where comparing every pair would be quadratic. */
static int find_twice(pz_file *f, const v3ck *v, const pz_entry *e)
{
    v3_key *key = malloc(((size_t)v->nedge + 1) * sizeof *key);
    int bad = -1;
    if (!key)
        return pz_error(f, 1, 0, "out of memory");
    for (int k = 0; k < v->nedge; k++) {
        int i = v->edge[2 * k], j = v->edge[2 * k + 1];
        key[k] = (v3_key){i < j ? i : j, i < j ? j : i, k};
    }
    qsort(key, (size_t)v->nedge, sizeof *key, key_cmp);
    for (int k = 1; k < v->nedge; k++)
        if (key[k].lo == key[k - 1].lo && key[k].hi == key[k - 1].hi &&
            (bad < 0 || key[k].idx < bad))
            bad = key[k].idx;
    free(key);
    if (bad < 0)
        return 0;
    return pz_error(f, e->lines[bad].no, e->lines[bad].col, "edge %d %d is "
                    "given twice", v->edge[2 * bad] + 1,
                    v->edge[2 * bad + 1] + 1);
}

/* The counts of a demand line after its colon, into a new row of
 * v->demand (allocated at the first line, once colors is known to be
 * the count of a line present in the file). */
static int read_counts(pz_file *f, v3ck *v, const pz_line *ln, int tail,
                       const char *text, int node)
{
    pz_tok *t;
    int n = pz_tokens_all(f, ln->no, tail, text, &t), rc = 0;
    if (n >= 0 && n != v->colors)
        rc = pz_error(f, ln->no, tail, "node %d: %d counts, expected %d "
                      "(one per colour)", node, n, v->colors);
    if (n >= 0 && rc == 0 && !v->demand) {
        int lines = pz_get(f, "demands")->nlines;
        v->demand = malloc((size_t)lines * (size_t)v->colors *
                           sizeof *v->demand);
        v->node_of = malloc((size_t)lines * sizeof *v->node_of);
        if (!v->demand || !v->node_of)
            rc = pz_error(f, 1, 0, "out of memory");
    }
    int *a = v->demand ? v->demand + (size_t)v->ndemand * (size_t)v->colors
                       : NULL;
    for (int k = 0; n >= 0 && rc == 0 && k < v->colors; k++)
        rc = pz_tok_int(f, &t[k], 0, INT_MAX, "edge count", &a[k]);
    free(t);
    return n < 0 ? -1 : rc;
}

/* One `i: a_i1 ... a_iC` line. */
static int read_demand(pz_file *f, v3ck *v, const pz_line *ln)
{
    const char *colon = strchr(ln->text, ':');
    if (!colon)
        return pz_error(f, ln->no, ln->col, "a demand line is `node: "
                        "count per colour`, the colon is missing");
    int hlen = (int)(colon - ln->text), tail = ln->col + hlen + 1;
    pz_tok t[2];
    char *head = strndup(ln->text, (size_t)hlen);
    int i, n = head ? pz_tokens(f, ln->no, ln->col, head, t, 1)
                    : pz_error(f, 1, 0, "out of memory");
    if (n == 0)
        n = pz_error(f, ln->no, ln->col, "the node number is missing "
                     "before ':'");
    if (n > 0)
        n = pz_tok_int(f, &t[0], 1, v->nodes, "node", &i);
    free(head);
    if (n < 0)
        return -1;
    if (v->line[i - 1] >= 0)
        return pz_error(f, t[0].no, t[0].col, "node %d has two demand "
                        "lines", i);
    if (read_counts(f, v, ln, tail, colon + 1, i) < 0)
        return -1;
    v->line[i - 1] = v->ndemand;
    v->node_of[v->ndemand++] = i - 1;
    return 0;
}

static int read_lines(pz_file *f, v3ck *v)
{
    const pz_entry *e = pz_get(f, "edges");
    for (int i = 0; i < e->nlines; i++)
        if (read_edge(f, v, &e->lines[i]) < 0)
            return -1;
    if (find_twice(f, v, e) < 0)
        return -1;
    const pz_entry *d = pz_get(f, "demands");
    for (int i = 0; i < d->nlines; i++)
        if (read_demand(f, v, &d->lines[i]) < 0)
            return -1;
    return 0;
}

/* The arcs out of every node, as lists (so building and checking take
 * time linear in the edges, not nodes times edges). */
static int incidence(v3ck *v)
{
    v->first = calloc((size_t)v->nodes + 1, sizeof *v->first);
    v->arc = malloc(2 * ((size_t)v->nedge + 1) * sizeof *v->arc);
    int *fill = calloc((size_t)v->nodes + 1, sizeof *fill);
    int ok = v->first && v->arc && fill;
    for (int a = 0; ok && a < 2 * v->nedge; a++)
        v->first[v->edge[a] + 1]++;
    for (int i = 0; ok && i < v->nodes; i++)
        v->first[i + 1] += v->first[i];
    for (int a = 0; ok && a < 2 * v->nedge; a++)
        v->arc[v->first[v->edge[a]] + fill[v->edge[a]]++] = a;
    free(fill);
    return ok ? 0 : -1;
}

/* nodes: the edges and demand lines name at most 2E + D nodes; the
 * others are isolated and without demand, so they change nothing, but a
 * count beyond the file would make a few bytes allocate without bound. */
static int read_counts_keys(pz_file *f, v3ck *v)
{
    int named = 2 * pz_get(f, "edges")->nlines +
                pz_get(f, "demands")->nlines;
    if (pz_key_int(f, "nodes", 2, INT_MAX, 0, &v->nodes) < 0 ||
        pz_key_int(f, "colors", 1, INT_MAX, 0, &v->colors) < 0)
        return -1;
    if (v->nodes > named && v->nodes > 2) {
        const pz_entry *e = pz_get(f, "nodes");
        return pz_error(f, e->no, e->value_col, "nodes: %d is more than "
                        "the %d nodes the edges and demands can name (a "
                        "node in no edge and without demand changes "
                        "nothing: leave it out)", v->nodes, named);
    }
    return 0;
}

static void *v3_parse(pz_file *f)
{
    v3ck *v = calloc(1, sizeof *v);
    if (!v) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = read_counts_keys(f, v) == 0;
    if (ok) {
        int lines = pz_get(f, "edges")->nlines;
        v->edge = malloc(2 * ((size_t)lines + 1) * sizeof *v->edge);
        v->line = malloc((size_t)v->nodes * sizeof *v->line);
        if (!(ok = v->edge && v->line))
            pz_error(f, 1, 0, "out of memory");
        for (int i = 0; ok && i < v->nodes; i++)
            v->line[i] = -1;
    }
    ok = ok && read_lines(f, v) == 0;
    if (ok && incidence(v) < 0)
        ok = pz_error(f, 1, 0, "out of memory") == 0;
    if (!ok) {
        v3_free(v);
        return NULL;
    }
    return v;
}

/* Column of x[i,j,k] for edge e, direction 0 (i -> j) or 1 (j -> i). */
static int xcol(const v3ck *v, int e, int dir, int k)
{
    return v->x[((size_t)e * 2 + (size_t)dir) * (size_t)v->colors +
                (size_t)k];
}

/*
 * x[i,j,k] binary (9) for both arcs (i,j), (j,i) of every edge:
 * (6) sum_k x[i,j,k] = 1, every arc  -- printed with the sum over i
 * (7) x[i,j,k] = x[j,i,k], once per edge and colour (the paper lists it
 *     for (i,j) and again for (j,i); the second copy adds nothing)
 * (8) sum_{j: (i,j) in E} x[i,j,k] = a_ik, every node with a demand line
 *     (a node without one has no demand on its colours)
 * V3ck has no big-M.
 */
static int v3_build(void *pz, int variant, pz_build *b)
{
    v3ck *v = pz;
    int C = v->colors;
    (void)variant;
    v->x = malloc((2 * (size_t)v->nedge * (size_t)C + 1) * sizeof *v->x);
    if (!v->x)
        return b->status = BNB_ERR_NOMEM;
    for (int e = 0; e < v->nedge; e++)
        for (int dir = 0; dir < 2; dir++)
            for (int k = 0; k < C; k++)
                v->x[((size_t)e * 2 + (size_t)dir) * (size_t)C + (size_t)k] =
                    pz_bin(b, "x[%d,%d,%d]", v->edge[2 * e + dir] + 1,
                           v->edge[2 * e + 1 - dir] + 1, k + 1);
    for (int e = 0; e < v->nedge; e++)
        for (int dir = 0; dir < 2; dir++)
            pz_exactly(b, &v->x[((size_t)e * 2 + (size_t)dir) * (size_t)C],
                       C, 1, "(6)one[%d,%d]",
                       v->edge[2 * e + dir] + 1,
                       v->edge[2 * e + 1 - dir] + 1);
    for (int e = 0; e < v->nedge; e++)
        for (int k = 0; k < C; k++) {
            pz_term(b, xcol(v, e, 0, k), 1);
            pz_term(b, xcol(v, e, 1, k), -1);
            pz_row(b, 0, 0, "(7)sym[%d,%d,%d]", v->edge[2 * e] + 1,
                   v->edge[2 * e + 1] + 1, k + 1);
        }
    for (int d = 0; d < v->ndemand; d++) {
        int i = v->node_of[d];
        for (int k = 0; k < C; k++) {
            for (int a = v->first[i]; a < v->first[i + 1]; a++)
                pz_term(b, xcol(v, v->arc[a] / 2, v->arc[a] % 2, k), 1);
            pz_row(b, v->demand[(size_t)d * C + k],
                   v->demand[(size_t)d * C + k], "(8)demand[%d,%d]", i + 1,
                   k + 1);
        }
    }
    return b->status;
}

/* The solution: the colour (0-based) of every edge, in input order. */
static void *v3_decode(const void *pz, const double *x)
{
    const v3ck *v = pz;
    int *color = malloc((size_t)(v->nedge + 1) * sizeof *color);
    for (int e = 0; color && e < v->nedge; e++)
        color[e] = pz_xpick(x, &v->x[(size_t)e * 2 * (size_t)v->colors],
                            v->colors);
    return color;
}

/* The rule: every node with demands has, of each colour k, exactly a_ik
 * edges of that colour. */
static int v3_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const v3ck *v = pz;
    const int *color = sol;
    for (int d = 0; d < v->ndemand; d++) {
        int i = v->node_of[d];
        for (int k = 0; k < v->colors; k++) {
            int got = 0;
            for (int a = v->first[i]; a < v->first[i + 1]; a++)
                got += color[v->arc[a] / 2] == k;
            int want = v->demand[(size_t)d * (size_t)v->colors + (size_t)k];
            if (got != want) {
                snprintf(err, errlen, "node %d has %d edges of colour %d, "
                         "expected %d", i + 1, got, k + 1, want);
                return -1;
            }
        }
    }
    return 0;
}

static void v3_render(const void *pz, const void *sol, FILE *out)
{
    const v3ck *v = pz;
    const int *color = sol;
    for (int e = 0; e < v->nedge; e++)
        fprintf(out, "%d %d %d\n", v->edge[2 * e] + 1, v->edge[2 * e + 1] + 1,
                color[e] + 1);
}

static void v3_describe(const void *pz, char *buf, size_t len)
{
    const v3ck *v = pz;
    snprintf(buf, len, "%d node%s, %d edge%s, %d colour%s", v->nodes,
             v->nodes == 1 ? "" : "s", v->nedge, v->nedge == 1 ? "" : "s",
             v->colors, v->colors == 1 ? "" : "s");
}

/* The graph: nodes, colours, the edges (0-based ends), each node's
 * demand per colour (-1: none) and the columns x[i,j,k] of each edge
 * (colours of one edge together, i -> j as listed). */
static void v3_picture(const void *pz, pz_json *j)
{
    const v3ck *v = pz;
    size_t C = (size_t)v->colors;
    int *demand = malloc(((size_t)v->nodes * C + 1) * sizeof *demand);
    int *col = malloc(((size_t)v->nedge * C + 1) * sizeof *col);
    int ok = demand && col;
    for (int i = 0; ok && i < v->nodes; i++)
        for (size_t k = 0; k < C; k++)
            demand[i * C + k] = v->line[i] < 0 ? -1
                : v->demand[(size_t)v->line[i] * C + k];
    for (int e = 0; ok && e < v->nedge; e++)
        for (size_t k = 0; k < C; k++)
            col[e * C + k] = xcol(v, e, 0, (int)k);
    pz_json_int(j, "nodes", v->nodes);
    pz_json_int(j, "colors", v->colors);
    pz_json_ints(j, "edge", v->edge, 2 * v->nedge);
    pz_json_ints(j, "demand", demand, ok ? v->nodes * v->colors : 0);
    pz_json_ints(j, "x", col, ok ? v->nedge * v->colors : 0);
    free(demand);
    free(col);
}

const pz_kind pz_kind_v3ck = {
    .name = "v3ck",
    .source = "Hartmann 2019, sec. 3",
    .help = "Colour every edge so that each node has its demanded number\n"
            "of edges of each colour. Keys: nodes, colors, edges: (`i j`\n"
            "per line), demands: (`i: a_i1 ... a_iC`; a node left out has\n"
            "no demand). Rows (6) one colour per arc, (7) both arcs of an\n"
            "edge alike, (8) demands.",
    .variants = NULL,
    .keys = keys,
    .parse = v3_parse,
    .build = v3_build,
    .decode = v3_decode,
    .check = v3_check,
    .render = v3_render,
    .describe = v3_describe,
    .picture = v3_picture,
    .free = v3_free,
    .generator = &pzg_kind_v3ck,
};
