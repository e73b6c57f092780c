/*
 * v3ck.c -- V3ck (Hartmann 2019, sec. 3): colour every edge of a graph so
 * that each node has its demanded number of edges of each colour; rows
 * (6)-(9) over x[i,j,k] on both directions of every edge.
 */
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

#define V3_MAX_NODES 1000
#define V3_MAX_COLORS 16
#define V3_MAX_EDGES 4000

typedef struct v3ck {
    int nodes, colors, nedge;
    int *edge;             /* [2*nedge] i, j (0-based), in input order   */
    int *demand;           /* [nodes*colors] a_ik, or -1: node not given */
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
    free(v->demand);
    free(v->x);
    free(v);
}

/* One `i j` line; no loops and no edge twice. */
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
    for (int e = 0; e < v->nedge; e++) {
        int a = v->edge[2 * e] + 1, b = v->edge[2 * e + 1] + 1;
        if ((a == i && b == j) || (a == j && b == i))
            return pz_error(f, t[0].no, t[0].col, "edge %d %d is given "
                            "twice", i, j);
    }
    v->edge[2 * v->nedge] = i - 1;
    v->edge[2 * v->nedge + 1] = j - 1;
    v->nedge++;
    return 0;
}

/* One `i: a_i1 ... a_iC` line. */
static int read_demand(pz_file *f, v3ck *v, const pz_line *ln)
{
    char head[PZ_MAX_LINE + 1];
    const char *colon = strchr(ln->text, ':');
    if (!colon)
        return pz_error(f, ln->no, ln->col, "a demand line is `node: "
                        "count per colour`, the colon is missing");
    int hlen = (int)(colon - ln->text), tail = ln->col + hlen + 1;
    memcpy(head, ln->text, (size_t)hlen);
    head[hlen] = '\0';
    pz_tok t[V3_MAX_COLORS + 1];
    int i, n = pz_tokens(f, ln->no, ln->col, head, t, 1);
    if (n < 0)
        return -1;
    if (n == 0)
        return pz_error(f, ln->no, ln->col, "the node number is missing "
                        "before ':'");
    if (pz_tok_int(f, &t[0], 1, v->nodes, "node", &i) < 0)
        return -1;
    int *a = v->demand + (size_t)(i - 1) * (size_t)v->colors;
    if (a[0] >= 0)
        return pz_error(f, t[0].no, t[0].col, "node %d has two demand "
                        "lines", i);
    n = pz_tokens(f, ln->no, tail, colon + 1, t, V3_MAX_COLORS + 1);
    if (n < 0)
        return -1;
    if (n != v->colors)
        return pz_error(f, ln->no, tail, "node %d: %d counts, expected %d "
                        "(one per colour)", i, n, v->colors);
    for (int k = 0; k < v->colors; k++)
        if (pz_tok_int(f, &t[k], 0, V3_MAX_EDGES, "edge count", &a[k]) < 0)
            return -1;
    return 0;
}

static int read_lines(pz_file *f, v3ck *v)
{
    const pz_entry *e = pz_get(f, "edges");
    if (e->nlines > V3_MAX_EDGES)
        return pz_error(f, e->lines[V3_MAX_EDGES].no, 0, "more than %d "
                        "edges", V3_MAX_EDGES);
    for (int i = 0; i < e->nlines; i++)
        if (read_edge(f, v, &e->lines[i]) < 0)
            return -1;
    const pz_entry *d = pz_get(f, "demands");
    for (int i = 0; i < d->nlines; i++)
        if (read_demand(f, v, &d->lines[i]) < 0)
            return -1;
    return 0;
}

static void *v3_parse(pz_file *f)
{
    v3ck *v = calloc(1, sizeof *v);
    if (!v) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = pz_key_int(f, "nodes", 2, V3_MAX_NODES, 0, &v->nodes) == 0 &&
             pz_key_int(f, "colors", 1, V3_MAX_COLORS, 0, &v->colors) == 0;
    if (ok) {
        size_t nd = (size_t)v->nodes * (size_t)v->colors;
        v->edge = malloc(2 * V3_MAX_EDGES * sizeof *v->edge);
        v->demand = malloc(nd * sizeof *v->demand);
        if (!(ok = v->edge && v->demand))
            pz_error(f, 1, 0, "out of memory");
        for (size_t k = 0; ok && k < nd; k++)
            v->demand[k] = -1;
    }
    ok = ok && read_lines(f, v) == 0;
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
    v->x = malloc((size_t)(2 * v->nedge * C + 1) * sizeof *v->x);
    if (!v->x)
        return b->status = BNB_ERR_NOMEM;
    for (int e = 0; e < v->nedge; e++)
        for (int dir = 0; dir < 2; dir++)
            for (int k = 0; k < C; k++)
                v->x[(e * 2 + dir) * C + k] =
                    pz_bin(b, "x[%d,%d,%d]", v->edge[2 * e + dir] + 1,
                           v->edge[2 * e + 1 - dir] + 1, k + 1);
    for (int e = 0; e < v->nedge; e++)
        for (int dir = 0; dir < 2; dir++)
            pz_exactly(b, &v->x[(e * 2 + dir) * C], C, 1, "(6)one[%d,%d]",
                       v->edge[2 * e + dir] + 1,
                       v->edge[2 * e + 1 - dir] + 1);
    for (int e = 0; e < v->nedge; e++)
        for (int k = 0; k < C; k++) {
            pz_term(b, xcol(v, e, 0, k), 1);
            pz_term(b, xcol(v, e, 1, k), -1);
            pz_row(b, 0, 0, "(7)sym[%d,%d,%d]", v->edge[2 * e] + 1,
                   v->edge[2 * e + 1] + 1, k + 1);
        }
    for (int i = 0; i < v->nodes; i++)
        for (int k = 0; k < C && v->demand[i * C] >= 0; k++) {
            for (int e = 0; e < v->nedge; e++)
                for (int dir = 0; dir < 2; dir++)
                    if (v->edge[2 * e + dir] == i)
                        pz_term(b, xcol(v, e, dir, k), 1);
            pz_row(b, v->demand[i * C + k], v->demand[i * C + k],
                   "(8)demand[%d,%d]", i + 1, k + 1);
        }
    return b->status;
}

/* The solution: the colour (0-based) of every edge, in input order. */
static void *v3_decode(const void *pz, const double *x)
{
    const v3ck *v = pz;
    int *color = malloc((size_t)(v->nedge + 1) * sizeof *color);
    for (int e = 0; color && e < v->nedge; e++)
        color[e] = pz_xpick(x, &v->x[e * 2 * v->colors], v->colors);
    return color;
}

/* The rule: every node with demands has, of each colour k, exactly a_ik
 * edges of that colour. */
static int v3_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const v3ck *v = pz;
    const int *color = sol;
    for (int i = 0; i < v->nodes; i++)
        for (int k = 0; k < v->colors && v->demand[i * v->colors] >= 0;
             k++) {
            int got = 0;
            for (int e = 0; e < v->nedge; e++)
                got += color[e] == k &&
                       (v->edge[2 * e] == i || v->edge[2 * e + 1] == i);
            if (got != v->demand[i * v->colors + k]) {
                snprintf(err, errlen, "node %d has %d edges of colour %d, "
                         "expected %d", i + 1, got, k + 1,
                         v->demand[i * v->colors + k]);
                return -1;
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
    snprintf(buf, len, "%d nodes, %d edges, %d colours", v->nodes,
             v->nedge, v->colors);
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
    .free = v3_free,
};
