/*
 * spx_eta_update.c -- the Forrest-Tomlin update of the L/U factors
 * (spx_lu.h) after a pivot, and its undoing when a saved basis resumes.
 */
#include "spx_lu.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The spike U col of B^-1 a_q = col, when FTRAN did not keep it. */
static void spike_of_column(spx_lu *f, const double *col)
{
    double *s = f->dense;
    for (int p = 0; p < f->a.m; p++)
        if (f->pos_eta[p] < 0)
            s[p] = col[p];
    for (int t = f->first_u; t < f->neta; t++) {
        double c = col[f->eta_row[t]];
        if (c == 0.0 || !u_live(f, t))
            continue;
        s[f->eta_row[t]] += f->eta_piv[t] * c;
        for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++)
            s[f->eta_idx[e]] += f->eta_val[e] * c;
    }
    spx_lu_gather(f->a.m, s, &f->spike);
    memset(s, 0, (size_t)f->a.m * sizeof *s);
}

/* z = e_r^T U^-1, when the pivot row's BTRAN did not keep it. */
static void z_of_row(spx_lu *f, int r)
{
    double *z = f->dense;
    z[r] = 1.0;
    spx_lu_btran_upper(f, z);
    spx_lu_gather(f->a.m, z, &f->z);
    memset(z, 0, (size_t)f->a.m * sizeof *z);
}

/* z_r, the entry of z in the pivot row. */
static double z_at_row(const spx_lu *f, int r)
{
    for (int k = 0; k < f->z.len; k++)
        if (f->z.idx[k] == r)
            return f->z.val[k];
    return 0.0;
}

/* The new pivot of position r, z'^T s with z' = z / z_r. */
static double spike_pivot(spx_lu *f, double zr)
{
    double *s = f->dense, sum = 0;
    for (int k = 0; k < f->spike.len; k++)
        s[f->spike.idx[k]] = f->spike.val[k];
    for (int k = 0; k < f->z.len; k++)
        sum += f->z.val[k] * s[f->z.idx[k]];
    for (int k = 0; k < f->spike.len; k++)
        s[f->spike.idx[k]] = 0.0;
    return sum / zr;
}

static int agrees(double piv, double expect)
{
    return fabs(piv - expect) <=
               SPX_FT_AGREE * (fabs(expect) + SPX_FT_AGREE_FLOOR) &&
           piv != 0.0;
}

/* Room for everything an update of position r adds. */
static int update_reserve(spx_lu *f, int r)
{
    int m = f->a.m;
    if (f->nupd + 1 >= f->upd_cap) {
        int cap = 2 * f->upd_cap;
        int *row = realloc(f->r_row, (size_t)cap * sizeof *row);
        if (row)
            f->r_row = row;
        int *start = realloc(f->r_start, ((size_t)cap + 1) * sizeof *start);
        if (start)
            f->r_start = start;
        lu_undo *undo = realloc(f->undo, (size_t)cap * sizeof *undo);
        if (undo)
            f->undo = undo;
        if (!row || !start || !undo)
            return 0;
        f->upd_cap = cap;
    }
    size_t zeroed = 0;
    for (int e = f->urow[r]; e >= 0; e = f->unext[e])
        zeroed++;
    return spx_lu_grow_entries(&f->r_idx, &f->r_val, NULL, &f->r_room,
                        (size_t)f->r_start[f->nupd] + (size_t)m) &&
           spx_lu_grow_entries(&f->zlog_at, &f->zlog_val, NULL, &f->zlog_room,
                        f->zlog_len + zeroed) &&
           spx_lu_eta_reserve(f, m);
}

/* Row r of U becomes zero but for the pivot: its entries are logged. */
static void clear_row(spx_lu *f, int r)
{
    for (int e = f->urow[r]; e >= 0; e = f->unext[e])
        if (f->eta_val[e] != 0.0) {
            f->zlog_at[f->zlog_len] = e;
            f->zlog_val[f->zlog_len++] = f->eta_val[e];
            f->eta_val[e] = 0.0;
        }
    f->urow[r] = -1;
}

/* R: v_r += sum over i != r of z_i / z_r v_i. Returns its entries;
 * *lost is set by a multiplier above SPX_FT_GROWTH. */
static int push_row_eta(spx_lu *f, int r, double zr, int *lost)
{
    assert(r >= 0 && r < f->a.m && f->nupd < f->upd_cap && zr != 0.0);
    int at = f->r_start[f->nupd];
    for (int k = 0; k < f->z.len; k++) {
        int i = f->z.idx[k];
        double zi = f->z.val[k] / zr;
        if (i != r && fabs(zi) > SPX_ETA_DROP) {
            f->r_idx[at] = i;
            f->r_val[at++] = zi;
            if (fabs(zi) > SPX_FT_GROWTH)
                *lost = 1;
        }
    }
    f->r_row[f->nupd] = r;
    f->r_start[f->nupd + 1] = at;
    return at - f->r_start[f->nupd];
}

/* The spike as the U eta of position r, first in U's order. Returns its
 * entries. */
static int push_spike(spx_lu *f, int r, double piv)
{
    int at = f->eta_start[f->neta];
    for (int k = 0; k < f->spike.len; k++) {
        int i = f->spike.idx[k];
        if (i != r && fabs(f->spike.val[k]) > SPX_ETA_DROP) {
            f->eta_idx[at] = i;
            f->eta_val[at] = f->spike.val[k];
            f->unext[at] = f->urow[i];
            f->urow[i] = at++;
        }
    }
    f->pos_eta[r] = f->neta;
    spx_lu_eta_close(f, r, piv, at);
    return at - f->eta_start[f->neta - 1];
}

/* After the pivot that brings a_q into position r; col = B^-1 a_q.
 * Returns -1 when the update failed its checks (see lu_due). */
int spx_lu_update(void *impl, int r, const double *col)
{
    spx_lu *f = impl;
    if (!update_reserve(f, r))
        return 0;
    int old = f->pos_eta[r], lost = 0;
    double expect = col[r] * (old >= 0 ? f->eta_piv[old] : 1.0);
    if (f->spike_stamp != f->stamp)
        spike_of_column(f, col);
    if (f->z_stamp != f->stamp || f->z_row != r)
        z_of_row(f, r);
    double zr = z_at_row(f, r), piv = spike_pivot(f, zr);
    if (!agrees(piv, expect)) {
        /* Kept from another column or row, or lost to rounding. */
        spike_of_column(f, col);
        z_of_row(f, r);
        zr = z_at_row(f, r);
        piv = spike_pivot(f, zr);
        lost = !agrees(piv, expect);
        if (piv == 0.0)
            piv = expect;
    }
    lu_undo *u = &f->undo[f->nupd];
    u->r = r;
    u->replaced = old;
    u->row_head = f->urow[r];
    u->zeroed = (int)f->zlog_len;
    u->work = f->update_work;
    u->serial = ++f->serial;
    clear_row(f, r);
    u->extra = f->extra;
    f->extra += push_row_eta(f, r, zr, &lost) + push_spike(f, r, piv);
    if (old >= 0)
        f->extra -= f->eta_start[old + 1] - f->eta_start[old];
    f->nupd++;
    f->stamp++;
    if (f->extra > 0)
        f->update_work += 2 * f->extra;
    f->inaccurate |= lost;
    return lost ? -1 : 1;
}

/* Takes back the last update (see spx_lu_update). */
void spx_lu_undo_update(spx_lu *f)
{
    /* only updates are undone, never the factors of the build */
    assert(f->nupd > 0 && f->neta > f->nfac);
    const lu_undo *u = &f->undo[--f->nupd];
    int t = --f->neta;
    for (int e = f->eta_start[t + 1] - 1; e >= f->eta_start[t]; e--)
        f->urow[f->eta_idx[e]] = f->unext[e];
    f->urow[u->r] = u->row_head;
    for (size_t k = (size_t)u->zeroed; k < f->zlog_len; k++)
        f->eta_val[f->zlog_at[k]] = f->zlog_val[k];
    f->zlog_len = (size_t)u->zeroed;
    f->pos_eta[u->r] = u->replaced;
    f->update_work = u->work;
    f->extra = u->extra;
}
