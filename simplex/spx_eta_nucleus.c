/*
 * spx_eta_nucleus.c -- the nucleus of a reinversion (spx_eta_build.c)
 * by right-looking Gaussian elimination with Markowitz pivoting under a
 * threshold (Markowitz 1957; Suhl and Suhl 1990; Duff, Erisman and Reid,
 * ch. 9). The active submatrix is kept by columns (values) and by rows
 * (patterns); each step takes the entry with the fewest (r_i - 1)(c_j - 1)
 * among those at least SPX_NUCLEUS_THRESHOLD of their column's largest,
 * searching columns and rows of 1, 2, ... entries and stopping after
 * SPX_MARKOWITZ_SEARCH candidates (Zlatev's limit), or sooner once no
 * later count can do better. Ordering the columns beforehand, sparsest
 * first, ignores the fill each pivot makes: on netlib's perold the
 * factors had five times the basis' nonzeros, here one and a half.
 *
 * The output is the left-looking form spx_lu.h describes: pivot k's L
 * eta holds its column's active entries in the other open rows, and its
 * U part the entries of its column in rows pivoted before it, each
 * divided by that row's pivot (a_pj / a_pq is the multiplier the
 * elimination applies to column j, and what the L etas leave in row p
 * of a solve), plus its raw entries in rows closed before the nucleus.
 */
#include "spx_lu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Lists that grow at the end of a shared pool: a full list moves to the
 * end with twice its room; a full pool is compacted into a larger one. */
typedef struct {
    int n;
    int *start, *len, *cap;     /* [n] */
    int *idx;                   /* [room] */
    double *val;                /* [room], or NULL: patterns only */
    size_t used, room;
} lists;

/* Room for up to n lists (kept between builds: a build's lists start
 * empty, in the pool of the last). */
static int lists_alloc(lists *l, int n, int with_values)
{
    memset(l, 0, sizeof *l);
    l->room = 16;
    l->start = malloc(((size_t)n + 1) * sizeof *l->start);
    l->len = malloc(((size_t)n + 1) * sizeof *l->len);
    l->cap = malloc(((size_t)n + 1) * sizeof *l->cap);
    l->idx = malloc(l->room * sizeof *l->idx);
    l->val = with_values ? malloc(l->room * sizeof *l->val) : NULL;
    return l->start && l->len && l->cap && l->idx &&
           (!with_values || l->val);
}

/* n empty lists. */
static void lists_reset(lists *l, int n)
{
    l->n = n;
    l->used = 0;
    memset(l->start, 0, (size_t)n * sizeof *l->start);
    memset(l->len, 0, (size_t)n * sizeof *l->len);
    memset(l->cap, 0, (size_t)n * sizeof *l->cap);
}

static void lists_free(lists *l)
{
    free(l->start);
    free(l->len);
    free(l->cap);
    free(l->idx);
    free(l->val);
}

/* Copies every list into fresh arrays of `room` entries, each with room
 * for its entries and as many again. */
static int lists_compact(lists *l, size_t room)
{
    int *idx = malloc(room * sizeof *idx);
    double *val = l->val ? malloc(room * sizeof *val) : NULL;
    if (!idx || (l->val && !val)) {
        free(idx);
        free(val);
        return 0;
    }
    size_t at = 0;
    for (int k = 0; k < l->n; k++) {
        int len = l->len[k];
        memcpy(idx + at, l->idx + l->start[k], (size_t)len * sizeof *idx);
        if (val)
            memcpy(val + at, l->val + l->start[k], (size_t)len * sizeof *val);
        l->start[k] = (int)at;
        l->cap[k] = 2 * len;
        at += (size_t)(2 * len);
    }
    free(l->idx);
    free(l->val);
    l->idx = idx;
    l->val = val;
    l->used = at;
    l->room = room;
    return 1;
}

/* Room in list k for one more entry. */
static int lists_room(lists *l, int k)
{
    if (l->len[k] < l->cap[k])
        return 1;
    size_t cap = 2 * (size_t)l->cap[k] + 4;
    if (l->used + cap > l->room) {
        size_t live = 0;
        for (int i = 0; i < l->n; i++)
            live += (size_t)l->len[i];
        size_t room = 3 * live + cap;
        if (!lists_compact(l, room > l->room ? room : l->room))
            return 0;
        if (l->len[k] < l->cap[k])
            return 1;
    }
    memmove(l->idx + l->used, l->idx + l->start[k],
            (size_t)l->len[k] * sizeof *l->idx);
    if (l->val)
        memmove(l->val + l->used, l->val + l->start[k],
                (size_t)l->len[k] * sizeof *l->val);
    l->start[k] = (int)l->used;
    l->cap[k] = (int)cap;
    l->used += cap;
    return 1;
}

static int lists_push(lists *l, int k, int i, double v)
{
    if (!lists_room(l, k))
        return 0;
    int at = l->start[k] + l->len[k]++;
    l->idx[at] = i;
    if (l->val)
        l->val[at] = v;
    return 1;
}

/* Removes the entry at position `at` of list k (the last takes its
 * place). */
static void lists_drop(lists *l, int k, int at)
{
    int last = l->start[k] + --l->len[k];
    l->idx[at] = l->idx[last];
    if (l->val)
        l->val[at] = l->val[last];
}

/* Items (columns or rows) in buckets by their count, doubly linked. */
typedef struct {
    int *head;    /* [max + 1] */
    int *next, *prev;
    int *count;   /* the bucket an item is in, -1: none */
} buckets;

static int buckets_alloc(buckets *b, int items)
{
    b->head = malloc(((size_t)items + 1) * sizeof *b->head);
    b->next = malloc(((size_t)items + 1) * sizeof *b->next);
    b->prev = malloc(((size_t)items + 1) * sizeof *b->prev);
    b->count = malloc(((size_t)items + 1) * sizeof *b->count);
    return b->head && b->next && b->prev && b->count;
}

/* items items in no bucket, counts 0 .. max. */
static void buckets_reset(buckets *b, int items, int max)
{
    for (int c = 0; c <= max; c++)
        b->head[c] = -1;
    for (int k = 0; k < items; k++)
        b->count[k] = -1;
}

static void buckets_free(buckets *b)
{
    free(b->head);
    free(b->next);
    free(b->prev);
    free(b->count);
}

static void bucket_out(buckets *b, int k)
{
    int c = b->count[k];
    if (c < 0)
        return;
    if (b->prev[k] >= 0)
        b->next[b->prev[k]] = b->next[k];
    else
        b->head[c] = b->next[k];
    if (b->next[k] >= 0)
        b->prev[b->next[k]] = b->prev[k];
    b->count[k] = -1;
}

static void bucket_in(buckets *b, int k, int c)
{
    bucket_out(b, k);
    b->count[k] = c;
    b->prev[k] = -1;
    b->next[k] = b->head[c];
    if (b->head[c] >= 0)
        b->prev[b->head[c]] = k;
    b->head[c] = k;
}

/* The elimination's work, kept with the factors between builds (every
 * array for m columns or rows: a nucleus has at most m columns). */
struct spx_markowitz {
    int m;
    lists col;        /* active entries of the nucleus columns (rows)     */
    lists upart;      /* their entries in rows closed or pivoted already */
    lists row;        /* the columns with an active entry, by open row    */
    buckets cb, rb;   /* columns and open rows by their active entries    */
    double *colmax;   /* [m] the column's largest |entry|, -1: stale      */
    int *pos;         /* [m] where a row sits in the column updated, -1   */
    /* this build's */
    spx_lu *f;
    spx_lu_nucleus *io;
    int ncols;
    long work;
};
typedef struct spx_markowitz markowitz;

static double column_max(markowitz *mk, int k)
{
    if (mk->colmax[k] < 0) {
        double big = 0;
        lists *c = &mk->col;
        for (int e = c->start[k]; e < c->start[k] + c->len[k]; e++)
            if (fabs(c->val[e]) > big)
                big = fabs(c->val[e]);
        mk->colmax[k] = big;
        mk->work += c->len[k];
    }
    return mk->colmax[k];
}

static int acceptable(markowitz *mk, int k, double v)
{
    double a = fabs(v);
    return a > mk->f->tol_singular &&
           a >= SPX_NUCLEUS_THRESHOLD * column_max(mk, k);
}

typedef struct {
    int row, col, at;     /* at: the entry's place in the column's list */
    double cost;
} candidate;

static void consider(markowitz *mk, candidate *best, int i, int k, int at)
{
    double cost = (double)(mk->row.len[i] - 1) * (mk->col.len[k] - 1);
    if (best->row < 0 || cost < best->cost ||
        (cost == best->cost &&
         fabs(mk->col.val[at]) > fabs(mk->col.val[best->at]))) {
        best->row = i;
        best->col = k;
        best->at = at;
        best->cost = cost;
    }
}

/* Column k's candidates. */
static void search_column(markowitz *mk, candidate *best, int k)
{
    lists *c = &mk->col;
    for (int e = c->start[k]; e < c->start[k] + c->len[k]; e++)
        if (acceptable(mk, k, c->val[e]))
            consider(mk, best, c->idx[e], k, e);
    mk->work += c->len[k];
}

/* Where column k's entry in row i sits in the column pool, or -1. */
static int column_entry(const markowitz *mk, int k, int i)
{
    const lists *c = &mk->col;
    for (int e = c->start[k]; e < c->start[k] + c->len[k]; e++)
        if (c->idx[e] == i)
            return e;
    return -1;
}

/* Row i's candidates: each column's entry in row i. */
static void search_row(markowitz *mk, candidate *best, int i)
{
    lists *r = &mk->row;
    for (int e = r->start[i]; e < r->start[i] + r->len[i]; e++) {
        int k = r->idx[e], at = column_entry(mk, k, i);
        if (at >= 0 && acceptable(mk, k, mk->col.val[at]))
            consider(mk, best, i, k, at);
        mk->work += mk->col.len[k];
    }
}

/* The pivot: row < 0 when no entry is acceptable (the remaining columns
 * depend on those pivoted). */
static candidate choose_pivot(markowitz *mk)
{
    candidate best = {-1, -1, -1, 0};
    int searched = 0;
    for (int cnt = 1; cnt <= mk->m; cnt++) {
        for (int k = mk->cb.head[cnt]; k >= 0; k = mk->cb.next[k]) {
            search_column(mk, &best, k);
            /* an unsearched entry lies in a row and a column of cnt or
             * more entries */
            if (best.row >= 0 &&
                (++searched >= SPX_MARKOWITZ_SEARCH ||
                 best.cost <= (double)(cnt - 1) * (cnt - 1)))
                return best;
        }
        for (int i = mk->rb.head[cnt]; i >= 0; i = mk->rb.next[i]) {
            search_row(mk, &best, i);
            if (best.row >= 0 &&
                (++searched >= SPX_MARKOWITZ_SEARCH ||
                 best.cost <= (double)cnt * (cnt - 1)))
                return best;
        }
    }
    return best;
}

/* The L eta of pivot (p, q): q's other active entries. */
static int emit_l_eta(markowitz *mk, int p, int q, double piv)
{
    spx_lu *f = mk->f;
    lists *c = &mk->col;
    if (!spx_lu_eta_reserve(f, c->len[q]))
        return 0;
    int at = f->eta_start[f->neta];
    for (int e = c->start[q]; e < c->start[q] + c->len[q]; e++)
        if (c->idx[e] != p && fabs(c->val[e]) > SPX_ETA_DROP) {
            f->eta_idx[at] = c->idx[e];
            f->eta_val[at++] = c->val[e];
        }
    spx_lu_eta_close(f, p, piv, at);
    return 1;
}

/* Column q's U part, set aside (pivoting in row p) for the build to
 * append once every L eta is in the file. */
static int emit_u_part(markowitz *mk, int p, int q)
{
    spx_lu *f = mk->f;
    lists *u = &mk->upart;
    int nu = mk->io->nu, from = f->u_start[nu], len = u->len[q];
    if (!spx_lu_grow_entries(&f->u_idx, &f->u_val, NULL, &f->u_room,
                             (size_t)from + (size_t)len))
        return 0;
    memcpy(f->u_idx + from, u->idx + u->start[q], (size_t)len * sizeof(int));
    memcpy(f->u_val + from, u->val + u->start[q],
           (size_t)len * sizeof(double));
    f->u_row[nu] = p;
    f->u_start[nu + 1] = from + len;
    mk->io->nu = nu + 1;
    return 1;
}

/* Row i no longer meets column q. */
static void row_forget(markowitz *mk, int i, int q)
{
    lists *r = &mk->row;
    for (int e = r->start[i]; e < r->start[i] + r->len[i]; e++)
        if (r->idx[e] == q) {
            lists_drop(r, i, e);
            break;
        }
    mk->work += r->len[i];
    bucket_in(&mk->rb, i, r->len[i]);
}

/* Column k loses its entry in pivot row p (to its U part, as the
 * multiplier l) and takes l times column q off its other rows. */
static int eliminate(markowitz *mk, int p, int q, double piv, int k)
{
    lists *c = &mk->col;
    int at = column_entry(mk, k, p);
    if (at < 0)
        return 1;
    double l = c->val[at] / piv;
    lists_drop(c, k, at);
    if (fabs(l) > SPX_ETA_DROP && !lists_push(&mk->upart, k, p, l))
        return 0;
    mk->colmax[k] = -1;
    if (l != 0.0) {
        for (int e = c->start[k]; e < c->start[k] + c->len[k]; e++)
            mk->pos[c->idx[e]] = e - c->start[k];
        int qlen = c->len[q];
        for (int s = 0; s < qlen; s++) {
            int e = c->start[q] + s, i = c->idx[e];
            if (i == p)
                continue;
            double d = c->val[e] * l;
            if (mk->pos[i] >= 0) {
                c->val[c->start[k] + mk->pos[i]] -= d;
            } else {
                /* fill: column k may move, so q's place is read anew */
                if (!lists_push(c, k, i, -d) ||
                    !lists_push(&mk->row, i, k, 0))
                    return 0;
                mk->pos[i] = c->len[k] - 1;
                bucket_in(&mk->rb, i, mk->row.len[i]);
            }
        }
        for (int e = c->start[k]; e < c->start[k] + c->len[k]; e++)
            mk->pos[c->idx[e]] = -1;
        mk->work += qlen + c->len[k];
    }
    bucket_in(&mk->cb, k, c->len[k]);
    return 1;
}

/* One elimination step on pivot b. */
static int pivot_on(markowitz *mk, candidate b)
{
    int p = b.row, q = b.col;
    lists *c = &mk->col, *r = &mk->row;
    double piv = c->val[b.at];
    if (!emit_l_eta(mk, p, q, piv) || !emit_u_part(mk, p, q))
        return 0;
    mk->io->head[p] = mk->io->cols[q];
    mk->io->row_open[p] = 0;
    bucket_out(&mk->cb, q);
    bucket_out(&mk->rb, p);
    for (int e = c->start[q]; e < c->start[q] + c->len[q]; e++)
        if (c->idx[e] != p)
            row_forget(mk, c->idx[e], q);
    /* row p's other columns, by offset: a fill may move every list */
    for (int s = 0; s < r->len[p]; s++) {
        int k = r->idx[r->start[p] + s];
        if (k != q && !eliminate(mk, p, q, piv, k))
            return 0;
    }
    r->len[p] = 0;
    c->len[q] = 0;
    return 1;
}

/* Entry (i, v) of column k into its active list or its U part, summed
 * with an earlier entry in the same row: mk->pos has the earlier one's
 * offset, in the U part plus m. */
static int load_entry(markowitz *mk, int k, int i, double v)
{
    int at = mk->pos[i];
    if (at >= mk->m) {
        mk->upart.val[mk->upart.start[k] + at - mk->m] += v;
        return 1;
    }
    if (at >= 0) {
        mk->col.val[mk->col.start[k] + at] += v;
        return 1;
    }
    if (mk->io->row_open[i]) {
        mk->pos[i] = mk->col.len[k];
        return lists_push(&mk->col, k, i, v) &&
               lists_push(&mk->row, i, k, 0);
    }
    mk->pos[i] = mk->m + mk->upart.len[k];
    return lists_push(&mk->upart, k, i, v);
}

/* The active submatrix of the nucleus columns: entries in open rows
 * (negated: the factors are of -B), the rest into the U parts. */
static int load(markowitz *mk)
{
    const spx_matrix *a = &mk->f->a;
    for (int i = 0; i < mk->m; i++)
        mk->pos[i] = -1;
    for (int k = 0; k < mk->ncols; k++) {
        int j = mk->io->cols[k];
        for (int e = a->colptr[j]; e < a->colptr[j + 1]; e++)
            if (a->colval[e] != 0.0 &&
                !load_entry(mk, k, a->rowind[e], -a->colval[e]))
                return 0;
        for (int e = a->colptr[j]; e < a->colptr[j + 1]; e++)
            mk->pos[a->rowind[e]] = -1;
        mk->colmax[k] = -1;
        bucket_in(&mk->cb, k, mk->col.len[k]);
    }
    for (int i = 0; i < mk->m; i++)
        if (mk->io->row_open[i] && mk->row.len[i] > 0)
            bucket_in(&mk->rb, i, mk->row.len[i]);
    return 1;
}

void spx_lu_markowitz_free(markowitz *mk)
{
    if (!mk)
        return;
    free(mk->colmax);
    free(mk->pos);
    lists_free(&mk->col);
    lists_free(&mk->upart);
    lists_free(&mk->row);
    buckets_free(&mk->cb);
    buckets_free(&mk->rb);
    free(mk);
}

/* The work arrays of a factor of m rows, made at its first nucleus. */
static markowitz *markowitz_new(int m)
{
    markowitz *mk = calloc(1, sizeof *mk);
    if (!mk)
        return NULL;
    mk->m = m;
    mk->colmax = malloc(((size_t)m + 1) * sizeof *mk->colmax);
    mk->pos = malloc(((size_t)m + 1) * sizeof *mk->pos);
    if (!mk->colmax || !mk->pos || !lists_alloc(&mk->col, m, 1) ||
        !lists_alloc(&mk->upart, m, 1) || !lists_alloc(&mk->row, m, 0) ||
        !buckets_alloc(&mk->cb, m) || !buckets_alloc(&mk->rb, m)) {
        spx_lu_markowitz_free(mk);
        return NULL;
    }
    return mk;
}

static void setup(markowitz *mk, spx_lu *f, spx_lu_nucleus *io)
{
    mk->f = f;
    mk->io = io;
    mk->ncols = io->ncols;
    mk->work = 0;
    lists_reset(&mk->col, io->ncols);
    lists_reset(&mk->upart, io->ncols);
    lists_reset(&mk->row, mk->m);
    buckets_reset(&mk->cb, io->ncols, mk->m);
    buckets_reset(&mk->rb, mk->m, mk->m);
}

int spx_lu_markowitz(spx_lu *f, spx_lu_nucleus *io)
{
    io->nu = 0;
    io->deficient = 0;
    io->work = 0;
    f->u_start[0] = 0;
    if (io->ncols == 0)
        return 1;
    if (!f->markowitz && !(f->markowitz = markowitz_new(f->a.m)))
        return 0;
    markowitz *mk = f->markowitz;
    setup(mk, f, io);
    int ok = load(mk), pivots = 0;
    while (ok && pivots < io->ncols) {
        candidate b = choose_pivot(mk);
        if (b.row < 0)
            break;
        ok = pivot_on(mk, b);
        pivots++;
    }
    io->deficient = io->ncols - pivots;
    io->work = mk->work;
    return ok;
}
