/*
 * cuts_clique.c -- clique cuts from the conflict graph of the binary
 * columns (Johnson and Padberg 1982; Atamtuerk, Nemhauser and
 * Savelsbergh 2000). Two binaries conflict when a row cannot hold with
 * both at 1 (a_i + a_j > b minus the least activity of the rest); the
 * columns of a clique of conflicts sum to at most 1. A set-packing row
 * is a clique already; the cuts join conflicts from different rows.
 */
#include "cuts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct conflict_graph {
    int nodes;
    int *node_of;            /* [n] column -> node, or -1              */
    int *col_of;             /* [nodes]                                 */
    unsigned char *adj;      /* [nodes * nodes / 8] bit matrix          */
} conflict_graph;

static int adjacent(const conflict_graph *g, int a, int b)
{
    size_t bit = (size_t)a * (size_t)g->nodes + (size_t)b;
    return g->adj[bit >> 3] >> (bit & 7) & 1;
}

static void connect(conflict_graph *g, int a, int b)
{
    size_t ab = (size_t)a * (size_t)g->nodes + (size_t)b;
    size_t ba = (size_t)b * (size_t)g->nodes + (size_t)a;
    g->adj[ab >> 3] |= (unsigned char)(1u << (ab & 7));
    g->adj[ba >> 3] |= (unsigned char)(1u << (ba & 7));
}

static int is_binary(const mip_cut_work *w, int j)
{
    return w->s->is_int[j] && w->lo[j] == 0 && w->up[j] == 1;
}

typedef struct {
    int node;
    double a;
} term;

static int by_weight_desc(const void *pa, const void *pb)
{
    double a = ((const term *)pa)->a, b = ((const term *)pb)->a;
    return (a < b) - (a > b);
}

/* The conflicts of row i read as sign * (a x) <= b: binaries with a
 * positive coefficient whose pair exceeds b less the least activity of
 * all other terms. */
static void row_conflicts(const mip_cut_work *w, conflict_graph *g, int i,
                          double sign, term *t, long *pairs)
{
    int len, count = 0;
    const int *cols;
    const double *vals;
    spx_row(w->lp, i, &len, &cols, &vals);
    if (len > CLIQUE_MAX_ROW)
        return;
    /* the room a point the solution check accepts may use */
    double b = (sign > 0 ? w->up[w->n + i] : -w->lo[w->n + i]) + w->row_tol[i];
    for (int k = 0; k < len; k++) {
        int j = cols[k];
        double a = sign * vals[k];
        double least = fmin(a * w->lo[j], a * w->up[j]);
        if (!isfinite(least))
            return;
        b -= least;   /* now b is the room above the least activity */
        if (a > 0 && is_binary(w, j) && g->node_of[j] >= 0)
            t[count++] = (term){g->node_of[j], a};
    }
    b += CLIQUE_MARGIN * (1 + fabs(b));
    mip_sort(t, (size_t)count, sizeof *t, by_weight_desc);
    for (int p = 0; p < count && t[p].a + (p + 1 < count ? t[p + 1].a : 0) > b;
         p++)
        for (int q = p + 1; q < count && t[p].a + t[q].a > b &&
                            ++*pairs < CLIQUE_MAX_PAIRS; q++)
            connect(g, t[p].node, t[q].node);
}

static int graph_build(const mip_cut_work *w, conflict_graph *g)
{
    g->node_of = malloc(((size_t)w->n + 1) * sizeof *g->node_of);
    g->col_of = malloc(((size_t)w->n + 1) * sizeof *g->col_of);
    if (!g->node_of || !g->col_of)
        return cut_nomem(w);
    g->nodes = 0;
    for (int j = 0; j < w->n; j++)
        g->node_of[j] = is_binary(w, j) && g->nodes < CLIQUE_MAX_NODES
                            ? g->nodes++ : -1;
    for (int j = 0; j < w->n; j++)
        if (g->node_of[j] >= 0)
            g->col_of[g->node_of[j]] = j;
    size_t bits = (size_t)g->nodes * (size_t)g->nodes;
    g->adj = calloc(bits / 8 + 1, 1);
    term *t = malloc(((size_t)w->n + 1) * sizeof *t);
    if (!g->adj || !t) {
        free(t);
        return cut_nomem(w);
    }
    long pairs = 0;
    for (int i = 0; i < w->s->m && pairs < CLIQUE_MAX_PAIRS; i++) {
        if (isfinite(w->up[w->n + i]))
            row_conflicts(w, g, i, 1, t, &pairs);
        if (isfinite(w->lo[w->n + i]))
            row_conflicts(w, g, i, -1, t, &pairs);
    }
    free(t);
    return 1;
}

static void graph_free(conflict_graph *g)
{
    free(g->node_of);
    free(g->col_of);
    free(g->adj);
}

static int by_value_desc(const void *pa, const void *pb)
{
    double a = ((const term *)pa)->a, b = ((const term *)pb)->a;
    return (a < b) - (a > b);
}

/* Greedy clique from seed s over the nodes in order (LP value first),
 * then extended by every other node adjacent to all of it. */
static void grow_clique(const conflict_graph *g, const term *order,
                        int count, int seed, int *clique, int *size)
{
    *size = 0;
    clique[(*size)++] = order[seed].node;
    for (int p = 0; p < count; p++) {
        int v = order[p].node, ok = p != seed;
        for (int k = 0; k < *size && ok; k++)
            ok = v != clique[k] && adjacent(g, v, clique[k]);
        if (ok)
            clique[(*size)++] = v;
    }
}

void cuts_clique_free(mip_cut_work *w)
{
    if (w->conflicts)
        graph_free(w->conflicts);
    free(w->conflicts);
    w->conflicts = NULL;
}

/* The graph of the model's rows and the global bounds: the same in
 * every round, so built at the first. */
static conflict_graph *graph_of(mip_cut_work *w)
{
    if (w->conflicts)
        return w->conflicts;
    w->conflicts = calloc(1, sizeof *w->conflicts);
    if (!w->conflicts)
        cut_nomem(w);
    else if (!graph_build(w, w->conflicts))
        w->conflicts->nodes = 0;   /* out of memory: no cliques */
    return w->conflicts;
}

void cuts_clique(mip_cut_work *w)
{
    conflict_graph *gp = graph_of(w);
    if (!gp || gp->nodes == 0)
        return;
    const conflict_graph g = *gp;
    term *order = malloc(((size_t)w->n + 1) * sizeof *order);
    int *clique = malloc(((size_t)w->n + 1) * sizeof *clique);
    if (!order || !clique) {
        free(order); free(clique);
        cut_nomem(w);
        return;
    }
    int count = 0;
    for (int v = 0; v < g.nodes; v++)   /* fractional ones first, then all */
        order[count++] = (term){v, w->x[g.col_of[v]]};
    mip_sort(order, (size_t)count, sizeof *order, by_value_desc);
    char *seeded = calloc((size_t)count + 1, 1);   /* count = g.nodes */
    if (!seeded)
        cut_nomem(w);
    for (int p = 0; seeded && p < count && order[p].a > 0; p++) {
        if (seeded[order[p].node] || order[p].a >= 1 - w->s->par.tol_int)
            continue;
        int size;
        grow_clique(&g, order, count, p, clique, &size);
        double sum = 0;
        for (int k = 0; k < size; k++) {
            seeded[clique[k]] = 1;
            sum += w->x[g.col_of[clique[k]]];
        }
        if (size < 2 || sum <= 1 + CLIQUE_MIN_VIOLATION)
            continue;
        for (int k = 0; k < size; k++)
            cut_dense_add(w, g.col_of[clique[k]], 1.0);
        cut_commit(w, 1.0, BNB_CUT_CLIQUE, -1, -1);
    }
    free(seeded);
    free(order);
    free(clique);
}
