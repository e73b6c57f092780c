/*
 * spx_eta_build.c -- reinversion of the L/U factors (spx_lu.h): row
 * singletons, column singletons, then the nucleus (spx_eta_nucleus.c).
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
    int *order;      /* [m] nucleus columns                              */
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
    w->ccount = f->fwork + 7 * m;
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

/* The nucleus: the columns neither singleton pass took, eliminated by
 * spx_eta_nucleus.c; their U parts follow the L etas. */
static int nucleus(spx_lu *f, reinv *w)
{
    int count = 0;
    for (int j = 0; j < f->a.n; j++)
        if (w->ccount[j] >= 0)
            w->order[count++] = j;
    spx_lu_nucleus io = {.ncols = count, .cols = w->order,
                         .row_open = w->row_open, .head = w->head};
    if (!spx_lu_markowitz(f, &io))
        return 0;
    w->nu = io.nu;
    w->deficient += io.deficient;
    w->work += io.work;
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
