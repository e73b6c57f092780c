/*
 * spx_eta_build.c -- reinversion of the L/U factors (spx_lu.h): row
 * singletons, column singletons, then the nucleus by threshold pivoting.
 */
#include "spx_lu.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int *head;       /* [m] the new head: slacks stay, structurals move  */
    int *row_open;   /* [m] kernel row not pivoted yet                   */
    int *rcount;     /* [m] open columns with an entry in the row        */
    int *ccount;     /* [n] open rows the column meets; -1: not open     */
    int *queue;      /* [m]                                              */
    int *late;       /* [2m] column singletons (column, row), found order */
    int *order;      /* [m] nucleus columns, sparsest first              */
    int *bucket;     /* [m + 2] work: counting sort                      */
    int *nz, *mark;  /* [m] each: where the nucleus column may be nonzero */
    /* The nucleus' L eta pivoting in each row (-1: none yet), and the
     * search for the etas a nucleus column meets (nucleus_reach). */
    int *eta_of_row, *seen, *stack, *reach;  /* [m] each */
    int len;         /* entries in nz                                    */
    int first_l;     /* the nucleus' first (L) eta                        */
    int nu;          /* U parts set aside (f->u_row, f->u_start)        */
    int nlate;
    int deficient;   /* columns without a pivot                          */
    long work;       /* entries and etas visited: the rebuild's cost     */
} reinv;

static void reinv_setup(spx_lu *f, const int *basic, reinv *w)
{
    int m = f->a.m, n = f->a.n;
    w->head = f->fwork;
    w->row_open = f->fwork + m;
    w->rcount = f->fwork + 2 * m;
    w->queue = f->fwork + 3 * m;
    w->late = f->fwork + 4 * m;
    w->order = f->fwork + 6 * m;
    w->bucket = f->fwork + 7 * m;
    w->ccount = f->fwork + 8 * m + 2;
    w->nz = w->ccount + n;
    w->mark = w->nz + m;
    w->eta_of_row = w->mark + m;
    w->seen = w->eta_of_row + m;
    w->stack = w->seen + m;
    w->reach = w->stack + m;
    w->len = 0;
    w->nlate = w->deficient = 0;
    w->work = f->a.m + f->a.n + f->a.colptr[f->a.n];
    for (int i = 0; i < m; i++) {
        w->head[i] = -1;
        w->row_open[i] = 1;
        w->rcount[i] = 0;
    }
    for (int j = 0; j < n; j++)
        w->ccount[j] = -1;
    for (int r = 0; r < m; r++) {
        int v = basic[r];
        if (v >= n) {
            w->head[v - n] = v;
            w->row_open[v - n] = 0;
        } else {
            w->ccount[v] = 0;
        }
    }
    for (int j = 0; j < n; j++) {
        if (w->ccount[j] < 0)
            continue;
        for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++)
            if (w->row_open[f->a.rowind[e]] && f->a.colval[e] != 0.0) {
                w->ccount[j]++;
                w->rcount[f->a.rowind[e]]++;
            }
    }
}

static double column_max(const spx_lu *f, int j)
{
    double big = 0;
    for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++)
        if (fabs(f->a.colval[e]) > big)   /* not fmax: a library call */
            big = fabs(f->a.colval[e]);
    return big;
}

/* Column j's entry in row i, if open, and acceptable as a pivot. */
static int triangular_pivot_ok(const spx_lu *f, int j, int i)
{
    double a = 0;
    for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++)
        if (f->a.rowind[e] == i)
            a = f->a.colval[e];
    return fabs(a) > f->tol_singular &&
           fabs(a) >= SPX_TRIANGULAR_PIVOT_SHARE * column_max(f, j);
}

/* Column j takes row i: closes both and updates the counts. */
static void assign(const spx_lu *f, reinv *w, int j, int i)
{
    w->head[i] = j;
    w->row_open[i] = 0;
    w->ccount[j] = -1;
    for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++)
        if (f->a.colval[e] != 0.0)
            w->rcount[f->a.rowind[e]]--;
    for (int e = f->a.rowptr[i]; e < f->a.rowptr[i + 1]; e++)
        if (w->ccount[f->a.colind[e]] > 0 && f->a.rowval[e] != 0.0)
            w->ccount[f->a.colind[e]]--;
}

static int open_column_of_row(const spx_lu *f, const reinv *w, int i)
{
    for (int e = f->a.rowptr[i]; e < f->a.rowptr[i + 1]; e++)
        if (w->ccount[f->a.colind[e]] >= 0 && f->a.rowval[e] != 0.0)
            return f->a.colind[e];
    return -1;
}

static int open_row_of_column(const spx_lu *f, const reinv *w, int j)
{
    for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++)
        if (w->row_open[f->a.rowind[e]] && f->a.colval[e] != 0.0)
            return f->a.rowind[e];
    return -1;
}

static int row_singletons(spx_lu *f, reinv *w)
{
    int len = 0;
    for (int i = 0; i < f->a.m; i++)
        if (w->row_open[i] && w->rcount[i] == 1)
            w->queue[len++] = i;
    while (len > 0) {
        int i = w->queue[--len];
        if (!w->row_open[i] || w->rcount[i] != 1)
            continue;
        int j = open_column_of_row(f, w, i);
        if (j < 0 || !triangular_pivot_ok(f, j, i))
            continue;
        if (!spx_lu_eta_push_column(f, i, j))
            return 0;
        assign(f, w, j, i);
        for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++) {
            int r = f->a.rowind[e];
            if (w->row_open[r] && w->rcount[r] == 1)
                w->queue[len++] = r;
        }
    }
    return 1;
}

static void column_singletons(spx_lu *f, reinv *w)
{
    int len = 0;
    for (int j = 0; j < f->a.n; j++)
        if (w->ccount[j] == 1)
            w->queue[len++] = j;
    while (len > 0) {
        int j = w->queue[--len];
        if (w->ccount[j] != 1)
            continue;
        int i = open_row_of_column(f, w, j);
        if (i < 0 || !triangular_pivot_ok(f, j, i))
            continue;
        assign(f, w, j, i);
        w->late[2 * w->nlate] = j;
        w->late[2 * w->nlate + 1] = i;
        w->nlate++;
        for (int e = f->a.rowptr[i]; e < f->a.rowptr[i + 1]; e++)
            if (w->ccount[f->a.colind[e]] == 1)
                w->queue[len++] = f->a.colind[e];
    }
}

/* The pivot row for nucleus column x, or -1 if no |x_i| passes
 * tol_singular. */
static int nucleus_pivot(const spx_lu *f, const reinv *w, const double *x)
{
    double big = f->tol_singular;
    for (int k = 0; k < w->len; k++) {
        int i = w->nz[k];
        if (w->row_open[i] && fabs(x[i]) > big)
            big = fabs(x[i]);
    }
    int p = -1;
    for (int k = 0; k < w->len; k++) {
        int i = w->nz[k];
        if (w->row_open[i] && fabs(x[i]) >= SPX_NUCLEUS_THRESHOLD * big &&
            fabs(x[i]) > f->tol_singular &&
            (p < 0 || w->rcount[i] < w->rcount[p]))
            p = i;
    }
    return p;
}

/* x[i] may become nonzero: note i in the pattern. */
static void touch(reinv *w, int i)
{
    if (!w->mark[i]) {
        w->mark[i] = 1;
        w->nz[w->len++] = i;
    }
}

/* The nucleus L etas that can act on a column with entries in rows
 * w->nz: an eta pivoting in a row of the pattern, then those pivoting in
 * the rows of its entries, and so on (the reach in the graph of L, as in
 * Gilbert and Peierls 1988), in the order they were made; their count.
 * Only these can change x, so the column's solve costs their entries,
 * not a look at every eta of the nucleus. */
static int nucleus_reach(const spx_lu *f, reinv *w)
{
    int tail = 0, count = 0;
    int *rows = w->stack;   /* each row queued once: at most m */
    for (int k = 0; k < w->len; k++) {
        w->seen[w->nz[k]] = 1;
        rows[tail++] = w->nz[k];
    }
    for (int head = 0; head < tail; head++) {
        int t = w->eta_of_row[rows[head]];
        if (t < 0)
            continue;
        w->reach[count++] = t;
        for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++) {
            int i = f->eta_idx[e];
            if (!w->seen[i]) {
                w->seen[i] = 1;
                rows[tail++] = i;
            }
        }
    }
    for (int k = 0; k < tail; k++)
        w->seen[rows[k]] = 0;
    spx_sort_ints(w->reach, count);
    return count;
}

/* x = L^-1 a_j for the nucleus' L etas so far (the row singletons'
 * etas pivot in rows no nucleus column meets), keeping the pattern of x
 * in w->nz (x is zero on entry): the nucleus columns are sparse, m is
 * not. */
static void nucleus_ftran(const spx_lu *f, reinv *w, int j, double *x)
{
    for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++) {
        touch(w, f->a.rowind[e]);
        x[f->a.rowind[e]] -= f->a.colval[e];
    }
    int etas = f->neta - w->first_l;
    int count = etas > SPX_REACH_MIN_ETAS ? nucleus_reach(f, w) : etas;
    w->work += etas;
    for (int k = 0; k < count; k++) {
        int t = etas > SPX_REACH_MIN_ETAS ? w->reach[k] : w->first_l + k;
        int p = f->eta_row[t];
        if (x[p] == 0.0)
            continue;
        double xp = x[p] /= f->eta_piv[t];
        w->work += f->eta_start[t + 1] - f->eta_start[t];
        for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++) {
            touch(w, f->eta_idx[e]);
            x[f->eta_idx[e]] -= f->eta_val[e] * xp;
        }
    }
}

/* Room for one more U part of up to `entries` entries. */
static int u_reserve(spx_lu *f, const reinv *w, int entries)
{
    size_t need = (size_t)f->u_start[w->nu] + (size_t)entries;
    return spx_lu_grow_entries(&f->u_idx, &f->u_val, NULL, &f->u_room, need);
}

/* Splits x (pattern w->nz), pivoting in row p: the entries in rows not
 * yet pivoted become the L eta, appended now; the others, in rows
 * pivoted before, the U part, set aside for nucleus_u_etas. */
static int nucleus_etas(spx_lu *f, reinv *w, int p, const double *x)
{
    if (!spx_lu_eta_reserve(f, w->len) || !u_reserve(f, w, w->len))
        return 0;
    int at = f->eta_start[f->neta], u = f->u_start[w->nu];
    for (int k = 0; k < w->len; k++) {
        int i = w->nz[k];
        if (i == p || fabs(x[i]) <= SPX_ETA_DROP)
            continue;
        if (w->row_open[i]) {
            f->eta_idx[at] = i;
            f->eta_val[at++] = x[i];
        } else {
            f->u_idx[u] = i;
            f->u_val[u++] = x[i];
        }
    }
    w->eta_of_row[p] = f->neta;
    spx_lu_eta_close(f, p, x[p], at);
    f->u_row[w->nu] = p;
    f->u_start[++w->nu] = u;
    return 1;
}

/* Appends the U parts, last first: the L etas left x_p / u_pp in each
 * pivot row, so these etas pivot on 1. */
static int nucleus_u_etas(spx_lu *f, const reinv *w)
{
    for (int t = w->nu - 1; t >= 0; t--) {
        int from = f->u_start[t], len = f->u_start[t + 1] - from;
        if (len == 0)
            continue;
        if (!spx_lu_eta_reserve(f, len))
            return 0;
        int at = f->eta_start[f->neta];
        memcpy(f->eta_idx + at, f->u_idx + from, (size_t)len * sizeof(int));
        memcpy(f->eta_val + at, f->u_val + from,
               (size_t)len * sizeof(double));
        spx_lu_eta_close(f, f->u_row[t], 1.0, at + len);
    }
    return 1;
}

static void nucleus_clear(reinv *w, double *x)
{
    for (int k = 0; k < w->len; k++) {
        x[w->nz[k]] = 0.0;
        w->mark[w->nz[k]] = 0;
    }
    w->len = 0;
}

/* The nucleus columns, fewest open rows first (they cause the least
 * fill), into w->order; returns their number. */
static int nucleus_order(const spx_lu *f, reinv *w)
{
    int m = f->a.m, count = 0;
    memset(w->bucket, 0, ((size_t)m + 2) * sizeof *w->bucket);
    for (int j = 0; j < f->a.n; j++)
        if (w->ccount[j] >= 0)
            w->bucket[w->ccount[j] + 1]++;
    for (int c = 0; c <= m; c++)
        w->bucket[c + 1] += w->bucket[c];
    for (int j = 0; j < f->a.n; j++)
        if (w->ccount[j] >= 0) {
            w->order[w->bucket[w->ccount[j]]++] = j;
            count++;
        }
    return count;
}

static int nucleus(spx_lu *f, reinv *w)
{
    double *x = f->x;
    int count = nucleus_order(f, w);
    w->first_l = f->neta;
    w->nu = 0;
    f->u_start[0] = 0;
    memset(x, 0, (size_t)f->a.m * sizeof *x);
    memset(w->mark, 0, (size_t)f->a.m * sizeof *w->mark);
    memset(w->seen, 0, (size_t)f->a.m * sizeof *w->seen);
    for (int i = 0; i < f->a.m; i++)
        w->eta_of_row[i] = -1;
    for (int t = 0; t < count; t++) {
        int j = w->order[t];
        nucleus_ftran(f, w, j, x);
        int p = nucleus_pivot(f, w, x);
        for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++)
            if (f->a.colval[e] != 0.0)
                w->rcount[f->a.rowind[e]]--;
        w->ccount[j] = -1;
        if (p < 0) {
            w->deficient++;
        } else {
            if (!nucleus_etas(f, w, p, x))
                return 0;
            w->head[p] = j;
            w->row_open[p] = 0;
        }
        nucleus_clear(w, x);
    }
    f->first_u = f->neta;
    return nucleus_u_etas(f, w);
}

static int late_columns(spx_lu *f, const reinv *w)
{
    for (int t = w->nlate - 1; t >= 0; t--)
        if (!spx_lu_eta_push_column(f, w->late[2 * t + 1], w->late[2 * t]))
            return 0;
    return 1;
}

/* The U etas' entries, linked by row (urow, unext): an update clears
 * its position's row of U through them. */
static void link_rows(spx_lu *f)
{
    for (int i = 0; i < f->a.m; i++)
        f->urow[i] = -1;
    for (int t = f->first_u; t < f->nfac; t++)
        for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++) {
            f->unext[e] = f->urow[f->eta_idx[e]];
            f->urow[f->eta_idx[e]] = e;
        }
}

/* f->l_of_row, lrow_start and lrow_eta for the L etas just built;
 * l_index stays 0 when out of memory or when two L etas pivot in one
 * row (the searches assume one per row). */
static void index_l_rows(spx_lu *f)
{
    int m = f->a.m, *fill = f->l_reach;
    size_t need = (size_t)f->eta_start[f->first_u] + 1;
    f->l_index = 0;
    if (need > f->lrow_room) {
        int *e = realloc(f->lrow_eta, need * sizeof *e);
        if (!e)
            return;
        f->lrow_eta = e;
        f->lrow_room = need;
    }
    for (int i = 0; i < m; i++)
        f->l_of_row[i] = -1;
    memset(f->lrow_start, 0, ((size_t)m + 1) * sizeof *f->lrow_start);
    for (int t = 0; t < f->first_u; t++) {
        if (f->l_of_row[f->eta_row[t]] >= 0)
            return;
        f->l_of_row[f->eta_row[t]] = t;
        for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++)
            f->lrow_start[f->eta_idx[e] + 1]++;
    }
    for (int i = 0; i < m; i++)
        f->lrow_start[i + 1] += f->lrow_start[i];
    memcpy(fill, f->lrow_start, (size_t)m * sizeof *fill);
    for (int t = 0; t < f->first_u; t++)
        for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++)
            f->lrow_eta[fill[f->eta_idx[e]]++] = t;
    f->l_index = 1;
}

/* Rebuilds the factors from the basis; head[i] becomes the variable
 * pivoted in row i (a basic slack keeps its own row), the slack of row i
 * when no column pivoted there. Returns the number of dependent columns
 * so replaced, or -1 when out of memory. */
int spx_lu_build(void *impl, const int *basic, int *head)
{
    spx_lu *f = impl;
    reinv w;
    spx_lu_eta_clear(f);
    f->build_serial = ++f->serial;
    f->inaccurate = 0;
    reinv_setup(f, basic, &w);
    if (!row_singletons(f, &w))
        return -1;
    column_singletons(f, &w);
    if (!nucleus(f, &w) || !late_columns(f, &w))
        return -1;
    f->nfac = f->neta;
    for (int i = 0; i < f->a.m; i++) {
        head[i] = w.head[i] >= 0 ? w.head[i] : f->a.n + i;
        f->pos_eta[i] = -1;
    }
    for (int t = f->first_u; t < f->nfac; t++) {
        assert(f->pos_eta[f->eta_row[t]] < 0);   /* one U eta a position */
        f->pos_eta[f->eta_row[t]] = t;
    }
    link_rows(f);
    index_l_rows(f);
    f->factor_nnz = f->eta_start[f->neta];
    f->reinvert_work = w.work + f->factor_nnz;
    f->update_work = f->extra = 0;
    return w.deficient;
}
