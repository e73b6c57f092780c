/*
 * spx_eta.c -- the sparse L/U factors (spx_lu.h says how they work):
 * the file of etas they are kept in, the factors' creation and release,
 * when to rebuild them, and the saved states a node's basis resumes.
 */
#include "spx_lu.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

void spx_lu_eta_clear(spx_lu *f)
{
    f->neta = f->first_u = f->nfac = 0;
    f->eta_start[0] = 0;
    f->nupd = 0;
    f->r_start[0] = 0;
    f->zlog_len = 0;
    f->stamp++;
}

/* Grows a pair of entry arrays (indices, values), and the row links of
 * the etas' when `next` is given, to hold `need`. */
int spx_lu_grow_entries(int **idx, double **val, int **next, size_t *room,
                        size_t need)
{
    if (need <= *room)
        return 1;
    size_t cap = 2 * *room > need ? 2 * *room : need;
    int *i = realloc(*idx, cap * sizeof *i);
    if (i)
        *idx = i;
    double *v = realloc(*val, cap * sizeof *v);
    if (v)
        *val = v;
    int *n = next ? realloc(*next, cap * sizeof *n) : NULL;
    if (n)
        *next = n;
    if (!i || !v || (next && !n))
        return 0;
    *room = cap;
    return 1;
}

/* Room for one more eta with up to `entries` entries. */
int spx_lu_eta_reserve(spx_lu *f, int entries)
{
    if (f->neta + 1 >= f->eta_cap) {
        int cap = 2 * f->eta_cap;
        int *row = realloc(f->eta_row, (size_t)cap * sizeof *row);
        if (row)
            f->eta_row = row;
        double *piv = realloc(f->eta_piv, (size_t)cap * sizeof *piv);
        if (piv)
            f->eta_piv = piv;
        int *start = realloc(f->eta_start, ((size_t)cap + 1) * sizeof *start);
        if (start)
            f->eta_start = start;
        if (!row || !piv || !start)
            return 0;
        f->eta_cap = cap;
    }
    size_t need = (size_t)f->eta_start[f->neta] + (size_t)entries;
    return spx_lu_grow_entries(&f->eta_idx, &f->eta_val, &f->unext,
                               &f->eta_room, need);
}

void spx_lu_eta_close(spx_lu *f, int p, double piv, int at)
{
    /* an eta pivots in a row, within the room spx_lu_eta_reserve made, and its
     * entries follow the last one's */
    assert(p >= 0 && p < f->a.m);
    assert(f->neta + 1 < f->eta_cap && (size_t)at <= f->eta_room);
    assert(at >= f->eta_start[f->neta]);
    f->eta_row[f->neta] = p;
    f->eta_piv[f->neta] = piv;
    f->eta_start[++f->neta] = at;
}

/* Appends the eta of structural column j when no earlier eta touches it:
 * B^-1 a_j is then -a_j. */
int spx_lu_eta_push_column(spx_lu *f, int p, int j)
{
    int len = f->a.colptr[j + 1] - f->a.colptr[j];
    if (!spx_lu_eta_reserve(f, len))
        return 0;
    int at = f->eta_start[f->neta];
    double piv = 0;
    for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++) {
        int i = f->a.rowind[e];
        if (i == p) {
            piv = -f->a.colval[e];
        } else if (f->a.colval[e] != 0.0) {
            f->eta_idx[at] = i;
            f->eta_val[at++] = -f->a.colval[e];
        }
    }
    spx_lu_eta_close(f, p, piv, at);
    return 1;
}


/* After a rebuild of cost R, updates adding u to every later solve make
 * a rebuild pay after about sqrt(2R/u) pivots, the interval with the
 * least cost per pivot: that is when their work passes R. An update
 * that failed its check asks for a rebuild at once. */
static int lu_due(const void *impl)
{
    const spx_lu *f = impl;
    return f->inaccurate || f->update_work > f->reinvert_work;
}

/* The serial of the factor's state: its last update's, or its build's. */
static long state_serial(const spx_lu *f, int nupd)
{
    return nupd > 0 ? f->undo[nupd - 1].serial : f->build_serial;
}

static void lu_save(const void *impl, spx_basis *b)
{
    const spx_lu *f = impl;
    b->neta = f->nupd;
    b->serial = state_serial(f, f->nupd);
}

/* Is the factor the one b was saved with, plus updates made since?
 * Serials are never reused, so the saved last update still in its
 * place means no update before it changed either (a resume to fewer
 * updates followed by others overwrites it): undoing the updates made
 * since then restores the saved factor exactly. */
static int lu_resume(void *impl, const spx_basis *b)
{
    spx_lu *f = impl;
    if (b->neta > f->nupd || state_serial(f, b->neta) != b->serial ||
        f->inaccurate)
        return 0;
    while (f->nupd > b->neta)
        spx_lu_undo_update(f);
    f->stamp++;
    return 1;
}

static void lu_destroy(void *impl)
{
    spx_lu *f = impl;
    if (!f)
        return;
    free(f->eta_row); free(f->eta_start); free(f->eta_piv);
    free(f->eta_idx); free(f->eta_val); free(f->unext);
    free(f->pos_eta); free(f->urow);
    free(f->r_row); free(f->r_start); free(f->undo);
    free(f->r_idx); free(f->r_val); free(f->zlog_at); free(f->zlog_val);
    free(f->spike.idx); free(f->spike.val); free(f->z.idx); free(f->z.val);
    free(f->dense);
    free(f->u_row); free(f->u_start); free(f->u_idx); free(f->u_val);
    free(f->fwork);
    spx_lu_markowitz_free(f->markowitz);
    free(f->l_of_row); free(f->lrow_start); free(f->lrow_eta);
    free(f->l_reach); free(f->l_act); free(f->l_mark);
    free(f->s_row); free(f->s_mark);
    free(f);
}

static void *alloc_array(size_t count, size_t size)
{
    return calloc(count ? count : 1, size);
}

static void *lu_create(const spx_matrix *a, double tol_singular)
{
    spx_lu *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    size_t m = (size_t)a->m, nnz = (size_t)a->colptr[a->n];
    f->a = *a;
    f->tol_singular = tol_singular;
    f->eta_cap = a->m + 16;
    f->eta_room = nnz + 4 * m + 16;
    f->eta_row = alloc_array((size_t)f->eta_cap, sizeof(int));
    f->eta_start = alloc_array((size_t)f->eta_cap + 1, sizeof(int));
    f->eta_piv = alloc_array((size_t)f->eta_cap, sizeof(double));
    f->eta_idx = alloc_array(f->eta_room, sizeof(int));
    f->eta_val = alloc_array(f->eta_room, sizeof(double));
    f->unext = alloc_array(f->eta_room, sizeof(int));
    f->pos_eta = alloc_array(m, sizeof(int));
    f->urow = alloc_array(m, sizeof(int));
    f->upd_cap = 64;
    f->r_row = alloc_array((size_t)f->upd_cap, sizeof(int));
    f->r_start = alloc_array((size_t)f->upd_cap + 1, sizeof(int));
    f->undo = alloc_array((size_t)f->upd_cap, sizeof(lu_undo));
    f->r_room = f->zlog_room = 4 * m + 16;
    f->r_idx = alloc_array(f->r_room, sizeof(int));
    f->r_val = alloc_array(f->r_room, sizeof(double));
    f->zlog_at = alloc_array(f->zlog_room, sizeof(int));
    f->zlog_val = alloc_array(f->zlog_room, sizeof(double));
    f->spike.idx = alloc_array(m, sizeof(int));
    f->spike.val = alloc_array(m, sizeof(double));
    f->z.idx = alloc_array(m, sizeof(int));
    f->z.val = alloc_array(m, sizeof(double));
    f->dense = alloc_array(m, sizeof(double));
    f->u_room = nnz + m + 16;
    f->u_row = alloc_array(m, sizeof(int));
    f->u_start = alloc_array(m + 1, sizeof(int));
    f->u_idx = alloc_array(f->u_room, sizeof(int));
    f->u_val = alloc_array(f->u_room, sizeof(double));
    f->fwork = alloc_array(7 * m + (size_t)a->n, sizeof(int));
    f->l_of_row = alloc_array(m, sizeof(int));
    f->lrow_start = alloc_array(m + 1, sizeof(int));
    f->l_reach = alloc_array(m, sizeof(int));
    f->l_act = alloc_array(m, sizeof(int));
    f->l_mark = alloc_array(m, 1);
    f->s_row = alloc_array(m, sizeof(int));
    f->s_mark = alloc_array(m, 1);
    if (!f->eta_row || !f->eta_start || !f->eta_piv || !f->eta_idx ||
        !f->eta_val || !f->unext || !f->pos_eta || !f->urow || !f->r_row ||
        !f->r_start || !f->undo || !f->r_idx || !f->r_val || !f->zlog_at ||
        !f->zlog_val || !f->spike.idx || !f->spike.val || !f->z.idx ||
        !f->z.val || !f->dense || !f->u_row || !f->u_start ||
        !f->u_idx || !f->u_val || !f->fwork || !f->l_of_row ||
        !f->lrow_start || !f->l_reach || !f->l_act || !f->l_mark ||
        !f->s_row || !f->s_mark) {
        lu_destroy(f);
        return NULL;
    }
    f->spike_stamp = f->z_stamp = -1;
    spx_lu_eta_clear(f);
    for (int i = 0; i < a->m; i++) {
        f->pos_eta[i] = -1;
        f->urow[i] = -1;
    }
    return f;
}

const spx_factor_ops spx_lu_ops = {
    lu_create, lu_destroy, spx_lu_build, spx_lu_ftran,
    spx_lu_ftran_negated, spx_lu_ftran_negated_listed, spx_lu_btran,
    spx_lu_ftran_entering, spx_lu_btran_row, spx_lu_update, lu_due,
    lu_save, lu_resume
};
