/*
 * orbitope.c -- interchangeable blocks of binary columns (the bins of a
 * bin packing, the colours of a colouring) found from the model alone,
 * and orbitopal fixing on them at the root and at each node (Kaibel,
 * Peinhardt and Pfetsch 2011, as SCIP's orbitope handling does it). The
 * optimum is kept; the count of solutions is not (off under
 * enumerate_all).
 */
#include "sym.h"
#include "symmetry.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The blocks as a matrix: entry[i * k + b] is block b's column in row i
 * (rows < n); gen[(b - 1) * nv + v] is the permutation that swaps block
 * 0 with block b (b = 1 .. k-1), which together generate every
 * permutation of the k blocks. */
typedef struct {
    int k, rows;
    int *entry;
    int *gen;
} sym_blocks;

/* A cell of the stable colouring whose columns are binary. */
typedef struct {
    int size, colour;
} sym_cell;

int mip_symmetry_wanted(const mip_state *s)
{
    return s->par.symmetry && !s->par.enumerate_all && !s->par.lp_only &&
           s->n >= 2 && bnb_num_int_cols(s->model) > 0 &&
           bnb_num_nonzeros(s->model) <= SYM_MAX_NONZEROS;
}

static int is_free_binary(const sym_graph *g, int j)
{
    return j < g->n && g->is_int[j] && g->lo[j] == 0 && g->up[j] == 1;
}

static int cell_cmp(const void *pa, const void *pb)
{
    const sym_cell *a = pa, *b = pb;
    if (a->size != b->size)
        return a->size < b->size ? -1 : 1;
    return (a->colour > b->colour) - (a->colour < b->colour);
}

/* The stable colouring's cells of free binary columns with two columns
 * or more, smallest first (a block's marker, such as "bin b is used",
 * comes before the columns of several blocks); at most SYM_CELL_TRIES. */
static int candidate_cells(sym_graph *g, sym_cell *cell)
{
    int *size = g->count1, cells = 0;
    memset(size, 0, (size_t)g->base_colours * sizeof *size);
    for (int j = 0; j < g->n; j++)
        size[g->base[j]] += is_free_binary(g, j);
    for (int c = 0; c < g->base_colours; c++)
        if (size[c] >= 2)
            cell[cells++] = (sym_cell){size[c], c};
    qsort(cell, (size_t)cells, sizeof *cell, cell_cmp);
    return cells < SYM_CELL_TRIES ? cells : SYM_CELL_TRIES;
}

/* Column c heads a row of the blocks: binary, moved by every generator
 * to a binary column not yet used, the images all different, each
 * generator swapping c with its image and fixing the others' images.
 * The row goes to o->entry and its columns are marked used. */
static int take_row(sym_graph *g, sym_blocks *o, int c, char *used)
{
    int k = o->k, nv = g->nv, *row = o->entry + (size_t)o->rows * k;
    row[0] = c;
    int ok = is_free_binary(g, c) && !used[c];
    for (int b = 1; b < k && ok; b++) {
        const int *gb = o->gen + (size_t)(b - 1) * nv;
        row[b] = gb[c];
        ok = row[b] != c && is_free_binary(g, row[b]) && !used[row[b]] &&
             gb[row[b]] == c;
        for (int e = 1; e < b && ok; e++)
            ok = row[e] != row[b] && gb[row[e]] == row[e] &&
                 o->gen[(size_t)(e - 1) * nv + row[b]] == row[b];
    }
    g->work += (long)k * k;
    if (ok) {
        for (int b = 0; b < k; b++)
            used[row[b]] = 1;
        o->rows++;
    }
    return ok;
}

/* The cell's own columns ys[0..b] must be a row of the blocks: swap b
 * fixes ys[e] and swap e fixes ys[b] for 0 < e < b. Checked as each
 * swap is found, so that a cell whose swaps are no swaps of blocks (the
 * columns of a Steiner triple system, all alike) is given up early. */
static int swaps_commute(const sym_blocks *o, int nv, const int *ys, int b)
{
    const int *gb = o->gen + (size_t)(b - 1) * nv;
    for (int e = 1; e < b; e++)
        if (gb[ys[e]] != ys[e] ||
            o->gen[(size_t)(e - 1) * nv + ys[b]] != ys[b])
            return 0;
    return 1;
}

/* The generators of the cell's columns as blocks: the swaps of its first
 * column with each other, each found and checked exact, then the rows
 * of the blocks in column order. Returns the rows (0: none). */
static int find_blocks(sym_graph *g, const sym_cell *cell, sym_blocks *o)
{
    int k = cell->size, *first = g->at, got = 0;
    for (int j = 0; j < g->n && got < k; j++)
        if (g->base[j] == cell->colour && is_free_binary(g, j))
            first[got++] = j;
    if ((double)(k - 1) * g->nv > SYM_MAX_GENERATOR_ENTRIES)
        return 0;
    o->k = k;
    o->rows = 0;
    o->gen = malloc((size_t)(k - 1) * g->nv * sizeof *o->gen);
    char *used = calloc((size_t)g->n, 1);
    int *ys = malloc((size_t)k * sizeof *ys);
    int ok = o->gen && used && ys;
    g->nomem |= !ok;
    if (ok)
        memcpy(ys, first, (size_t)k * sizeof *ys);   /* g->at is scratch */
    for (int b = 1; b < k && ok; b++)
        ok = sym_find_swap(g, ys[0], ys[b],
                           o->gen + (size_t)(b - 1) * g->nv) &&
             swaps_commute(o, g->nv, ys, b);
    for (int c = 0; c < g->n && ok && g->work <= g->budget; c++)
        take_row(g, o, c, used);
    free(used);
    free(ys);
    if (!ok || g->work > g->budget)
        o->rows = 0;
    return o->rows;
}

/* A row's least and largest activity over the columns it does not
 * count (rest), from their bounds. */
static void add_range(double v, double lo, double up, double rest[2])
{
    rest[0] += fmin(v * lo, v * up);
    rest[1] += fmax(v * lo, v * up);
}

/*
 * Rows of the model that hold at most one 1 among the columns of a row
 * of the blocks: all of that row's columns, with one coefficient a, and
 * sides that two of them break whatever the row's other columns do,
 * beyond the tolerance a solution is checked to:
 *     a > 0:  2a + min(rest) > up + tol_verify (1 + |up|),
 *     a < 0:  2a + max(rest) < lo - tol_verify (1 + |lo|).
 * packing[i] is set for the blocks' row i; returns how many.
 */
static int packing_rows(const sym_graph *g, const sym_blocks *o, char *packing,
                        double tol)
{
    int *row_of = g->at, count = 0;   /* the blocks' row of a column */
    memset(packing, 0, (size_t)o->rows);
    for (int j = 0; j < g->n; j++)
        row_of[j] = -1;
    for (int t = 0; t < o->rows * o->k; t++)
        row_of[o->entry[t]] = t / o->k;
    for (int i = 0; i < g->m; i++) {
        const int *cols = bnb_row_cols(g->model, i);
        const double *vals = bnb_row_vals(g->model, i);
        int r = -1, hits = 0, len = bnb_row_len(g->model, i);
        double a = 0, rest[2] = {0, 0};
        for (int t = 0; t < len; t++) {
            int j = cols[t];
            if (row_of[j] >= 0 && (r < 0 || row_of[j] == r) &&
                (!hits || vals[t] == a)) {
                r = row_of[j];
                a = vals[t];
                hits++;
            } else {
                add_range(vals[t], g->lo[j], g->up[j], rest);
            }
        }
        double lo = bnb_row_lo(g->model, i), up = bnb_row_up(g->model, i);
        if (hits == o->k && !packing[r] &&
            ((a > 0 && 2 * a + rest[0] > up + tol * (1 + fabs(up))) ||
             (a < 0 && 2 * a + rest[1] < lo - tol * (1 + fabs(lo))))) {
            packing[r] = 1;
            count++;
        }
    }
    return count;
}

/* The orbitope: the packing rows of the blocks, in the model's order of
 * their first block's columns; col[t * k + b] is block b's column in
 * packing row t. lo, up [rows * k] are a node's bounds spelt out, in the
 * node's order of the rows (order [rows]).
 *
 * The order of the rows follows the search (van Doornmalen and Hojny
 * 2022): a node orders the packing rows by the first change of a bound
 * on its path that touches each, so that the canonical form agrees with
 * the branching instead of fighting it (a fixed order makes every dive
 * that fixes a late item first find its packings cut away). A child's
 * order extends its parent's, and a solution canonical in the parent's
 * rows is mapped into one canonical in the child's by permuting blocks
 * equal on the parent's rows, which keeps every branching on them. A
 * branching on another column the blocks' permutations move (a bin's
 * "used" column) is not kept so: from it on the order stays frozen. The
 * trail's serials and its marks of branchings survive a node's replay,
 * so the order does too. */
typedef struct {
    long serial;
    int row;
} sym_touch;

struct mip_orbitope {
    int k, rows;
    int *col;
    double *lo, *up;
    int *first;              /* [k] the first row a block's 1 may be in */
    int *row_of;             /* [n] a column's packing row, -1: none    */
    char *moved;             /* [n] moved by the blocks' permutations,
                                outside the packing rows              */
    int fixed_order;         /* a moved column is not binary: rows in
                                the model's order, from the root on   */
    int *order;              /* [rows] the node's order of the rows     */
    long *touch;             /* [rows] the serial of a row's first change */
    sym_touch *seq;          /* [rows] the touched rows, to sort        */
};

/* Block b's first 1 lies in [first[b], last] and one row there must take
 * it: -1 when none can, else 1 when exactly one can (fixed to 1 here,
 * unless it is already), 0 otherwise. */
static int lead_in(mip_orbitope *o, int b, int last)
{
    int k = o->k, can = 0, at = -1;
    for (int t = o->first[b]; t <= last; t++)
        if (o->up[t * k + b] != 0) {
            can++;
            at = t;
        }
    if (can != 1)
        return can ? 0 : -1;
    int was = o->lo[at * k + b] != 0;
    o->lo[at * k + b] = 1;
    return !was;
}

/*
 * Orbitopal fixing of a packing orbitope (Kaibel-Peinhardt-Pfetsch
 * 2011): every solution has an image under the blocks' permutations
 * whose blocks (the matrix's columns, restricted to the rows with at most
 * one 1) are in decreasing lexicographic order. There a nonzero block b
 * has its first 1 in a later row than block b-1 (two blocks cannot share
 * a row's 1), and a zero block has zero blocks only after it. So with
 * first[b] the first row after first[b-1] where block b may hold a 1,
 * block b holds 0 above first[b]; and a block that holds a 1 in row r
 * (or whose successor's first 1 is at most r + 1) has its first 1 at
 * most at r, and when a single row is left for it, that row holds 1.
 * At the root (no bounds yet) this fixes block b's 0s above row b.
 * On the first p rows of lo, up. Returns -1 when no order fits the bounds, else the bounds changed.
 */
static int orbitope_fix(mip_orbitope *o, int p)
{
    int k = o->k, fixed = 0;
    for (int b = 0, from = 0; b < k; b++) {
        int t = from;
        while (t < p && o->up[t * k + b] == 0)
            t++;
        o->first[b] = t;
        from = t < p ? t + 1 : p;
        for (int u = 0; u < t; u++) {
            if (o->lo[u * k + b] != 0)
                return -1;
            fixed += o->up[u * k + b] != 0;
            o->up[u * k + b] = 0;
        }
    }
    for (int b = k - 1, later = p; b >= 0; b--) {
        int last = later < p ? later - 1 : p;   /* p: no 1 is forced */
        for (int t = o->first[b]; t < p && t < last; t++)
            if (o->lo[t * k + b] != 0)
                last = t;
        if (last < p) {
            int r = lead_in(o, b, last);
            if (r < 0)
                return -1;
            fixed += r;
        }
        later = last;
    }
    return fixed;
}

static void orbitope_free(mip_orbitope *o)
{
    if (o) {
        free(o->col);
        free(o->lo);
        free(o->up);
        free(o->first);
        free(o->row_of);
        free(o->moved);
        free(o->order);
        free(o->touch);
        free(o->seq);
        free(o);
    }
}

/* Which columns outside the packing rows the blocks' swaps (g->nv
 * entries each, k - 1 of them) move; a moved column that is not binary
 * may change more than once on a path, its serial then lost on a
 * replay: the rows keep the model's order. */
static void mark_moved(mip_orbitope *o, const sym_graph *g, const int *gen)
{
    for (int b = 1; b < o->k; b++)
        for (int j = 0; j < g->n; j++)
            if (gen[(size_t)(b - 1) * g->nv + j] != j && o->row_of[j] < 0) {
                o->moved[j] = 1;
                if (!is_free_binary(g, j) && g->lo[j] != g->up[j])
                    o->fixed_order = 1;
            }
}

/* The packing rows of the blocks as the orbitope (NULL: none, or out of
 * memory). */
static mip_orbitope *orbitope_new(const sym_graph *g, const sym_blocks *b,
                                  const char *packing, int rows)
{
    mip_orbitope *o = calloc(1, sizeof *o);
    size_t cells = (size_t)rows * b->k + 1, n = (size_t)g->n + 1;
    if (!o || !(o->col = malloc(cells * sizeof *o->col)) ||
        !(o->lo = malloc(cells * sizeof *o->lo)) ||
        !(o->up = malloc(cells * sizeof *o->up)) ||
        !(o->first = malloc(((size_t)b->k + 1) * sizeof *o->first)) ||
        !(o->row_of = malloc(n * sizeof *o->row_of)) ||
        !(o->moved = calloc(n, 1)) ||
        !(o->order = malloc(((size_t)rows + 1) * sizeof *o->order)) ||
        !(o->touch = malloc(((size_t)rows + 1) * sizeof *o->touch)) ||
        !(o->seq = malloc(((size_t)rows + 1) * sizeof *o->seq))) {
        orbitope_free(o);
        return NULL;
    }
    o->k = b->k;
    for (int j = 0; j < g->n; j++)
        o->row_of[j] = -1;
    for (int i = 0; i < b->rows; i++)
        if (packing[i]) {
            for (int e = 0; e < b->k; e++)
                o->row_of[b->entry[(size_t)i * b->k + e]] = o->rows;
            memcpy(o->col + (size_t)o->rows++ * b->k,
                   b->entry + (size_t)i * b->k, (size_t)b->k * sizeof *o->col);
        }
    mark_moved(o, g, b->gen);
    return o;
}

void mip_symmetry_free(mip_state *s)
{
    orbitope_free(s->orbitope);
    s->orbitope = NULL;
}

/* Serials are unique to a change, so no two rows tie. */
static int touch_cmp(const void *pa, const void *pb)
{
    const sym_touch *a = pa, *b = pb;
    return (a->serial > b->serial) - (a->serial < b->serial);
}

/* The node's order of the packing rows (o->order), from the trail: the
 * rows some change touched before the first branching on a moved
 * column, by the serial of their first change. Returns how many. */
static int node_order(mip_orbitope *o, const mip_state *s)
{
    if (o->fixed_order) {
        for (int t = 0; t < o->rows; t++)
            o->order[t] = t;
        return o->rows;
    }
    const mip_trail_entry *e = s->tree.trail;
    int len = s->tree.trail_len, p = 0;
    long frozen = LONG_MAX;
    for (int t = 0; t < len; t++)
        if (o->moved[e[t].col] && e[t].branched && e[t].serial < frozen)
            frozen = e[t].serial;
    for (int r = 0; r < o->rows; r++)
        o->touch[r] = LONG_MAX;
    for (int t = 0; t < len; t++) {
        int r = o->row_of[e[t].col];
        if (r >= 0 && e[t].serial < frozen && e[t].serial < o->touch[r]) {
            p += o->touch[r] == LONG_MAX;
            o->touch[r] = e[t].serial;
        }
    }
    for (int r = 0, q = 0; r < o->rows; r++)
        if (o->touch[r] != LONG_MAX)
            o->seq[q++] = (sym_touch){o->touch[r], r};
    qsort(o->seq, (size_t)p, sizeof *o->seq, touch_cmp);
    for (int q = 0; q < p; q++)
        o->order[q] = o->seq[q].row;
    return p;
}

int mip_symmetry_node(mip_state *s, int depth)
{
    mip_technique_ran(s, MIP_TECH_SYMMETRY);
    mip_orbitope *o = s->orbitope;
    int k = o->k, p = node_order(o, s);
    for (int t = 0; t < p * k; t++) {
        int j = o->col[o->order[t / k] * k + t % k];
        o->lo[t] = spx_lo(s->lp, j);
        o->up[t] = spx_up(s->lp, j);
    }
    int fixed = orbitope_fix(o, p);
    for (int t = 0; t < p * k && fixed > 0; t++) {
        int j = o->col[o->order[t / k] * k + t % k];
        if ((o->lo[t] != spx_lo(s->lp, j) || o->up[t] != spx_up(s->lp, j)) &&
            !mip_trail_set(s, j, o->lo[t], o->up[t], depth))
            return -1;   /* out of memory: s->out_of_memory ends it */
    }
    return fixed;
}

/* Tells what was found (k blocks of `cols` columns) and fixed; an
 * observer's stop ends the solve. */
static void report(mip_state *s, int k, int cols, int packing, int fixed)
{
    bnb_event ev = {.type = BNB_EV_SYMMETRY, .col = -1, .blocks = k,
                    .block_cols = cols, .packing_rows = packing,
                    .len = fixed};
    if (mip_emit(s, &ev))
        s->stop = BNB_STOPPED;
}

/* The root's fixings on the LP's bounds lo, up [n]: the orbitope's rule
 * with every bound as the model has it. */
static int root_fixing(mip_orbitope *o, const double *lo, double *up)
{
    if (!o->fixed_order)
        return 0;   /* the nodes' order of the rows starts empty */
    int cells = o->rows * o->k;
    for (int t = 0; t < cells; t++) {
        o->lo[t] = lo[o->col[t]];
        o->up[t] = up[o->col[t]];
    }
    int fixed = orbitope_fix(o, o->rows);
    for (int t = 0; t < cells; t++)
        up[o->col[t]] = o->up[t];
    return fixed;
}

int mip_symmetry_fix(mip_state *s, const double *lo, double *up)
{
    mip_technique_ran(s, MIP_TECH_SYMMETRY);
    sym_graph g;
    sym_cell cell[SYM_CELL_TRIES + 1];
    sym_cell *all = NULL;
    sym_blocks b = {0};
    int fixed = 0;
    int refined = sym_graph_init(&g, s, lo, up, SYM_WORK_LIMIT);
    if (refined && !(all = malloc((size_t)g.base_colours * sizeof *all)))
        g.nomem = 1;
    if (all) {
        int cells = candidate_cells(&g, all);
        memcpy(cell, all, (size_t)cells * sizeof *cell);
        /* a row is written before it is checked: room for one more */
        b.entry = malloc((2 * (size_t)g.n + 1) * sizeof *b.entry);
        char *packing = calloc((size_t)g.n + 1, 1);
        g.nomem |= !b.entry || !packing;
        int rows = 0, told[2] = {0, 0};   /* the first blocks found */
        for (int c = 0; c < cells && b.entry && packing && !rows; c++) {
            free(b.gen);
            b.gen = NULL;
            if (!find_blocks(&g, &cell[c], &b))
                continue;
            rows = packing_rows(&g, &b, packing, s->par.tol_verify);
            if (!told[0] || rows) {
                told[0] = b.k;
                told[1] = b.rows;
            }
        }
        if (rows && (s->orbitope = orbitope_new(&g, &b, packing, rows)))
            fixed = root_fixing(s->orbitope, lo, up);
        else if (rows)
            g.nomem = 1;
        if (told[0])
            report(s, told[0], told[1], rows, fixed);
        free(packing);
    }
    /* out of memory never silently changes a search: it ends it */
    if (g.nomem)
        s->out_of_memory = 1;
    free(all);
    free(b.entry);
    free(b.gen);
    sym_graph_free(&g);
    return fixed;
}
