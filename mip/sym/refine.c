/*
 * refine.c -- the model as a coloured graph and its colour refinement
 * (1-dimensional Weisfeiler-Leman, the first step of nauty and of SCIP's
 * symmetry detection, Pfetsch-Rehn 2019): a vertex per column (coloured
 * by its bounds, type and cost) and per row (by its sides), an edge per
 * nonzero (labelled by its coefficient). Two copies of the colouring,
 * one column singled out in each, refined alike, give a permutation that
 * maps one column to the other; it is used only when checked exact.
 */
#include "sym.h"

#include <stdlib.h>
#include <string.h>

/* A key of the first colouring: what a permutation must keep. */
typedef struct {
    int kind, is_int;        /* 0 column, 1 row */
    double lo, up, obj;
    int v;
} sym_start_key;

static int cmp_double(double a, double b)
{
    return a < b ? -1 : a > b;
}

static int start_differs(const sym_start_key *a, const sym_start_key *b)
{
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->is_int != b->is_int)
        return a->is_int < b->is_int ? -1 : 1;
    int c = cmp_double(a->lo, b->lo);
    if (!c)
        c = cmp_double(a->up, b->up);
    return c ? c : cmp_double(a->obj, b->obj);
}

static int start_cmp(const void *pa, const void *pb)
{
    const sym_start_key *a = pa, *b = pb;
    int c = start_differs(a, b);
    return c ? c : (a->v > b->v) - (a->v < b->v);
}

static int key_differs(const sym_key *a, const sym_key *b)
{
    if (a->colour != b->colour)
        return a->colour < b->colour ? -1 : 1;
    return (a->hash > b->hash) - (a->hash < b->hash);
}

/* The first colouring: columns by type, bounds and cost, rows by their
 * sides; colours numbered in the keys' order. Returns their number. */
static int start_colouring(sym_graph *g, int *colour)
{
    sym_start_key *k = malloc((size_t)g->nv * sizeof *k);
    if (!k) {
        g->nomem = 1;
        return 0;
    }
    for (int j = 0; j < g->n; j++)
        k[j] = (sym_start_key){0, g->is_int[j], g->lo[j], g->up[j],
                               bnb_col_obj(g->model, j), j};
    for (int i = 0; i < g->m; i++)
        k[g->n + i] = (sym_start_key){1, 0, bnb_row_lo(g->model, i),
                                      bnb_row_up(g->model, i), 0, g->n + i};
    qsort(k, (size_t)g->nv, sizeof *k, start_cmp);
    int c = 0;
    for (int t = 0; t < g->nv; t++) {
        c += t > 0 && start_differs(&k[t - 1], &k[t]) != 0;
        colour[k[t].v] = c;
    }
    free(k);
    return c + 1;
}

/* An edge's share of a vertex's hash: its coefficient's bits mixed with
 * the colour at its other end (splitmix64's finaliser). Summed over the
 * edges, the hash is that of their multiset, in any order. */
static unsigned long long edge_hash(double a, int colour)
{
    unsigned long long bits;
    memcpy(&bits, &a, sizeof bits);
    unsigned long long x = bits ^ ((unsigned long long)colour + 1) *
                                      MIP_RNG_START;
    x ^= x >> SYM_MIX_SHIFT_A;
    x *= MIP_RNG_SEED_MIX;
    x ^= x >> SYM_MIX_SHIFT_B;
    x *= SYM_MIX_MUL;
    return x ^ (x >> SYM_MIX_SHIFT_C);
}

static int hash_cmp(const void *pa, const void *pb)
{
    const sym_key *a = pa, *b = pb;
    if (a->hash != b->hash)
        return a->hash < b->hash ? -1 : 1;
    return (a->v > b->v) - (a->v < b->v);
}

/* The keys in the order (colour, hash, vertex): by colour with a
 * counting sort (colours < colours), then each cell of several vertices
 * by hash, so that the cells already split cost no comparisons. */
static void sort_keys(sym_graph *g, const int *colour, int colours)
{
    int *at = g->bucket;
    memset(at, 0, ((size_t)colours + 1) * sizeof *at);
    for (int v = 0; v < g->nv; v++)
        at[colour[v] + 1]++;
    for (int c = 0; c < colours; c++)
        at[c + 1] += at[c];
    for (int v = 0; v < g->nv; v++)
        g->key[at[colour[v]]++] = (sym_key){colour[v], g->hash[v], v};
    for (int c = 0, from = 0; c < colours; from = at[c++])
        if (at[c] - from > 1)
            qsort(g->key + from, (size_t)(at[c] - from), sizeof *g->key,
                  hash_cmp);
}

/* One round: a vertex's new colour is the rank of (its colour, the hash
 * of its edges' labels and far colours). Colours only split, in their
 * order, so the same steps on two colourings give the same numbers to
 * cells that correspond. Returns the number of colours. */
static int refine_round(sym_graph *g, int *colour, int colours)
{
    memset(g->hash, 0, (size_t)g->nv * sizeof *g->hash);
    for (int i = 0; i < g->m; i++) {
        const int *cols = bnb_row_cols(g->model, i);
        const double *vals = bnb_row_vals(g->model, i);
        int len = bnb_row_len(g->model, i), row = g->n + i;
        for (int k = 0; k < len; k++) {
            g->hash[cols[k]] += edge_hash(vals[k], colour[row]);
            g->hash[row] += edge_hash(vals[k], colour[cols[k]]);
        }
        g->work += len;
    }
    sort_keys(g, colour, colours);
    g->work += g->nv;
    int c = 0;
    for (int t = 0; t < g->nv; t++) {
        c += t > 0 && key_differs(&g->key[t - 1], &g->key[t]) != 0;
        colour[g->key[t].v] = c;
    }
    return c + 1;
}

/* Rounds until the colouring is stable (a round splits no cell); 0 when
 * the budget ran out first. */
static int refine(sym_graph *g, int *colour, int *colours)
{
    for (;;) {
        if (g->work > g->budget)
            return 0;
        int now = refine_round(g, colour, *colours);
        if (now == *colours)
            return 1;
        *colours = now;
    }
}

/* Vertex v alone in a new colour, then refined. */
static int single_out(sym_graph *g, int *colour, int *colours, int v)
{
    colour[v] = (*colours)++;
    return refine(g, colour, colours);
}

int sym_graph_init(sym_graph *g, const mip_state *s, const double *lo,
                   const double *up, long budget)
{
    memset(g, 0, sizeof *g);
    g->model = s->model;
    g->n = s->n;
    g->m = s->m;
    g->nv = s->n + s->m;
    g->lo = lo;
    g->up = up;
    g->is_int = s->is_int;
    g->budget = budget;
    size_t nv = (size_t)g->nv + 1;
    g->base = malloc(nv * sizeof *g->base);
    g->hash = malloc(nv * sizeof *g->hash);
    g->key = malloc(nv * sizeof *g->key);
    g->count1 = malloc(nv * sizeof *g->count1);
    g->count2 = malloc(nv * sizeof *g->count2);
    g->at = malloc(nv * sizeof *g->at);
    g->bucket = malloc((nv + 1) * sizeof *g->bucket);
    g->dense = calloc((size_t)g->n + 1, sizeof *g->dense);
    if (!g->base || !g->hash || !g->key || !g->count1 || !g->count2 ||
        !g->at || !g->bucket || !g->dense) {
        g->nomem = 1;
        return 0;
    }
    g->base_colours = start_colouring(g, g->base);
    return g->base_colours > 0 && refine(g, g->base, &g->base_colours);
}

void sym_graph_free(sym_graph *g)
{
    free(g->base);
    free(g->hash);
    free(g->key);
    free(g->count1);
    free(g->count2);
    free(g->at);
    free(g->bucket);
    free(g->dense);
}

/* Does perm [nv] map every column to one of the same bounds, type and
 * cost, and every row to one of the same sides and, column for column,
 * the same coefficients? */
static int is_automorphism(sym_graph *g, const int *perm)
{
    const bnb_model *m = g->model;
    for (int j = 0; j < g->n; j++) {
        int k = perm[j];
        if (k >= g->n || g->lo[k] != g->lo[j] || g->up[k] != g->up[j] ||
            g->is_int[k] != g->is_int[j] ||
            bnb_col_obj(m, k) != bnb_col_obj(m, j))
            return 0;
    }
    int same = 1;
    for (int i = 0; i < g->m && same; i++) {
        int r = perm[g->n + i] - g->n, len = bnb_row_len(m, i);
        if (r < 0 || bnb_row_len(m, r) != len ||
            bnb_row_lo(m, r) != bnb_row_lo(m, i) ||
            bnb_row_up(m, r) != bnb_row_up(m, i))
            return 0;
        const int *rc = bnb_row_cols(m, r), *ic = bnb_row_cols(m, i);
        const double *rv = bnb_row_vals(m, r), *iv = bnb_row_vals(m, i);
        for (int k = 0; k < len; k++)
            g->dense[rc[k]] = rv[k];
        for (int k = 0; k < len && same; k++)
            same = g->dense[perm[ic[k]]] == iv[k];
        for (int k = 0; k < len; k++)
            g->dense[rc[k]] = 0;
        g->work += 2 * len;
    }
    return same;
}

/* Do the colourings have the same number of vertices of each colour?
 * Leaves count1 filled. */
static int agree(sym_graph *g, const int *p1, const int *p2, int colours)
{
    memset(g->count1, 0, (size_t)colours * sizeof *g->count1);
    memset(g->count2, 0, (size_t)colours * sizeof *g->count2);
    for (int v = 0; v < g->nv; v++) {
        g->count1[p1[v]]++;
        g->count2[p2[v]]++;
    }
    g->work += g->nv;
    return memcmp(g->count1, g->count2,
                  (size_t)colours * sizeof *g->count1) == 0;
}

/* Two discrete colourings as the permutation that maps a vertex of p1
 * to the vertex of its colour in p2, if it is an automorphism. */
static int match(sym_graph *g, const int *p1, const int *p2, int *perm)
{
    for (int v = 0; v < g->nv; v++)
        g->at[p2[v]] = v;
    for (int v = 0; v < g->nv; v++)
        perm[v] = g->at[p1[v]];
    return is_automorphism(g, perm);
}

/* The vertices p2 may match with v, the first of the first cell of
 * p1 that is not a single vertex: v itself first when p2 has it in that
 * cell (the permutation moves as little as it can), then the others of
 * the cell in index order; -1 after the last. */
static int next_candidate(const sym_graph *g, const int *p2, int c, int v,
                          int after)
{
    if (after == -1 && p2[v] == c)
        return v;
    for (int w = after < 0 ? 0 : after + 1; w < g->nv; w++)
        if (p2[w] == c && w != v)
            return w;
    return -1;
}

/* The first cell of p1 with more than one vertex (count1 filled), and
 * its first vertex. */
static int first_split(const sym_graph *g, const int *p1, int colours,
                       int *v)
{
    int c = 0;
    while (c < colours && g->count1[c] == 1)
        c++;
    for (*v = 0; p1[*v] != c; (*v)++)
        ;
    return c;
}

/*
 * Individualisation-refinement: while the two colourings agree but are
 * not discrete, the first vertex of p1's first cell of several is
 * singled out in p1, and in p2 a vertex of the same cell, and both are
 * refined. Near the top (depth < SYM_BRANCH_DEPTH) a failed choice is
 * undone and the next candidate tried, up to SYM_BRANCH_TRIES; deeper,
 * the first candidate only (no copies, bounded memory).
 */
static int search(sym_graph *g, int *p1, int *p2, int colours, int depth,
                  int *perm)
{
    while (agree(g, p1, p2, colours) && colours < g->nv &&
           depth >= SYM_BRANCH_DEPTH) {
        int v, c = first_split(g, p1, colours, &v), c2 = colours;
        int w = next_candidate(g, p2, c, v, -1);
        if (!single_out(g, p1, &colours, v) || !single_out(g, p2, &c2, w) ||
            c2 != colours)
            return 0;
    }
    if (!agree(g, p1, p2, colours))
        return 0;
    if (colours == g->nv)
        return match(g, p1, p2, perm);
    size_t bytes = (size_t)g->nv * sizeof *p1;
    int *q1 = malloc(bytes), *q2 = malloc(bytes), found = 0, v;
    g->nomem |= !q1 || !q2;
    int c = first_split(g, p1, colours, &v);
    for (int w = next_candidate(g, p2, c, v, -1), tries = 0;
         q1 && q2 && w >= 0 && !found && tries < SYM_BRANCH_TRIES &&
         g->work <= g->budget;
         w = next_candidate(g, p2, c, v, w), tries++) {
        memcpy(q1, p1, bytes);
        memcpy(q2, p2, bytes);
        int c1 = colours, c2 = colours;
        found = single_out(g, q1, &c1, v) && single_out(g, q2, &c2, w) &&
                c1 == c2 && search(g, q1, q2, c1, depth + 1, perm);
    }
    free(q1);
    free(q2);
    return found;
}

int sym_find_swap(sym_graph *g, int a, int b, int *perm)
{
    size_t bytes = (size_t)g->nv * sizeof *g->base;
    int *p1 = malloc(bytes), *p2 = malloc(bytes), found = 0;
    g->nomem |= !p1 || !p2;
    if (p1 && p2) {
        memcpy(p1, g->base, bytes);
        memcpy(p2, g->base, bytes);
        int c1 = g->base_colours, c2 = g->base_colours;
        found = single_out(g, p1, &c1, a) && single_out(g, p1, &c1, b) &&
                single_out(g, p2, &c2, b) && single_out(g, p2, &c2, a) &&
                c1 == c2 && search(g, p1, p2, c1, 0, perm);
    }
    free(p1);
    free(p2);
    return found;
}
