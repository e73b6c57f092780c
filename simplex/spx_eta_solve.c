/*
 * spx_eta_solve.c -- FTRAN and BTRAN through the L/U factors (spx_lu.h):
 * the plain loops over the etas and the hypersparse solves that apply
 * only the etas their nonzeros reach.
 */
#include "spx_lu.h"

/* v := E_t^-1 v for column eta t. */
static inline void eta_ftran(const spx_lu *f, int t, double *v)
{
    int p = f->eta_row[t];
    if (v[p] == 0.0)
        return;
    double vp = v[p] /= f->eta_piv[t];
    for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++)
        v[f->eta_idx[e]] -= f->eta_val[e] * vp;
}

/* u^T := u^T E_t^-1 for column eta t. */
static inline void eta_btran(const spx_lu *f, int t, double *u)
{
    int p = f->eta_row[t];
    double s = u[p];
    for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++)
        s -= f->eta_val[e] * u[f->eta_idx[e]];
    u[p] = s / f->eta_piv[t];
}

/* Row i joins list[0 .. *len), the rows marked in mark, unless it is
 * there already. */
static void add_row_once(int *list, char *mark, int *len, int i)
{
    if (!mark[i]) {
        mark[i] = 1;
        list[(*len)++] = i;
    }
}

/* Row i joins the rows a search through L starts from (f->l_reach). */
static void l_seed(const spx_lu *f, int *len, int i)
{
    add_row_once(f->l_reach, f->l_mark, len, i);
}

/* The L etas a solve must apply, given the rows where the vector may be
 * nonzero (the first len of f->l_reach, marked), into f->l_act in
 * ascending order; found by following those rows through the etas
 * (Gilbert and Peierls 1988): FTRAN from an eta's pivot row to its
 * entries' rows, BTRAN from an entry's row to its eta's pivot row.
 * Clears the marks. Returns their number, or -1 when the search passes
 * its budget. */
static int l_reach(const spx_lu *f, int len, int btran, int *nrows)
{
    int *reach = f->l_reach, *act = f->l_act, nact = 0;
    long budget = (long)(SPX_L_REACH_SHARE * f->eta_start[f->first_u]) +
                  SPX_REACH_FLOOR;
    for (int q = 0; q < len && budget >= 0; q++) {
        int i = reach[q], t = f->l_of_row[i], from = 0, to = 0;
        if (t >= 0)
            act[nact++] = t;
        if (btran) {        /* the etas with an entry in row i */
            from = f->lrow_start[i];
            to = f->lrow_start[i + 1];
        } else if (t >= 0) {   /* the entries of row i's eta */
            from = f->eta_start[t];
            to = f->eta_start[t + 1];
        }
        budget -= to - from + 1;
        for (int e = from; e < to; e++)
            l_seed(f, &len, btran ? f->eta_row[f->lrow_eta[e]] : f->eta_idx[e]);
    }
    for (int q = 0; q < len; q++)
        f->l_mark[reach[q]] = 0;
    *nrows = len;
    if (budget < 0)
        return -1;
    spx_sort_ints(act, nact);
    return nact;
}

/* Is a solve of this kind worth the searches that follow the nonzeros? */
static int hypersparse(const spx_lu *f, int kind)
{
    return f->l_index && f->a.m > SPX_REACH_MIN_ETAS &&
           f->density[kind] < SPX_HYPER_DENSITY;
}

/* Notes a result of `count` nonzeros; returns count. */
static int note_density(spx_lu *f, int kind, int count)
{
    f->density[kind] += SPX_DENSITY_WEIGHT *
                        ((double)count / f->a.m - f->density[kind]);
    return count;
}

/* Row i joins the rows where a sparse solve's vector may be nonzero
 * (f->s_row, marked in f->s_mark), unless it is there already. */
static void s_add(const spx_lu *f, int *len, int i)
{
    add_row_once(f->s_row, f->s_mark, len, i);
}

static void s_clear(const spx_lu *f, int len)
{
    for (int q = 0; q < len; q++)
        f->s_mark[f->s_row[q]] = 0;
}

/* The rows of list[0 .. len) where x is nonzero, into idx ascending;
 * returns their number. list is sorted in place. */
static int listed_nonzeros(const double *x, int *list, int len, int *idx)
{
    spx_sort_ints(list, len);
    int count = 0;
    for (int q = 0; q < len; q++)
        if (x[list[q]] != 0.0)
            idx[count++] = list[q];
    return count;
}

/* v := L^-1 v. Given the rows where v may be nonzero (f->s_row[0 ..
 * *len)), only over the L etas those rows reach, when that is cheaper
 * than the plain loop (the etas skipped would find v zero in their
 * pivot row: the same values); the rows reached join the list. Returns
 * 0 when it took the plain loop (the list is then incomplete). */
static int ftran_l(const spx_lu *f, double *v, int *len)
{
    int nact = -1, nrows = 0;
    if (len) {
        int count = 0;
        for (int q = 0; q < *len; q++)
            l_seed(f, &count, f->s_row[q]);
        nact = l_reach(f, count, 0, &nrows);
    }
    for (int k = 0; k < nact; k++)
        eta_ftran(f, f->l_act[k], v);
    if (nact < 0) {
        for (int t = 0; t < f->first_u; t++)
            eta_ftran(f, t, v);
        return 0;
    }
    for (int q = 0; q < nrows; q++)
        s_add(f, len, f->l_reach[q]);
    return 1;
}

/* v := R_k ... R_1 L^-1 (-v): the spike, for an entering column; the
 * caller may pass -v itself (negated), saving a pass over all m rows
 * (negating first or last gives the same numbers: rounding is
 * symmetric). With len, as ftran_l: the rows of the row etas join the
 * list, and 0 means it is incomplete. */
static int ftran_lower(const spx_lu *f, double *v, int negated, int *len)
{
    if (!negated)
        for (int i = 0; i < f->a.m; i++)
            v[i] = -v[i];
    int listed = ftran_l(f, v, len);
    for (int k = 0; k < f->nupd; k++) {
        double s = v[f->r_row[k]];
        for (int e = f->r_start[k]; e < f->r_start[k + 1]; e++)
            s += f->r_val[e] * v[f->r_idx[e]];
        v[f->r_row[k]] = s;
        if (listed && s != 0.0)
            s_add(f, len, f->r_row[k]);
    }
    return listed;
}

/* v := U^-1 v: the spikes newest first, then the etas of the build. */
static void ftran_upper(const spx_lu *f, double *v)
{
    for (int t = f->neta - 1; t >= f->nfac; t--)
        if (u_live(f, t))
            eta_ftran(f, t, v);
    for (int t = f->first_u; t < f->nfac; t++)
        if (u_live(f, t))
            eta_ftran(f, t, v);
}

/* u^T := u^T U^-1. */
void spx_lu_btran_upper(const spx_lu *f, double *u)
{
    for (int t = f->nfac - 1; t >= f->first_u; t--)
        if (u_live(f, t))
            eta_btran(f, t, u);
    for (int t = f->nfac; t < f->neta; t++)
        if (u_live(f, t))
            eta_btran(f, t, u);
}

/* The place of U eta t in FTRAN's order (ftran_upper) and in BTRAN's
 * (spx_lu_btran_upper), and back. */
static int u_rank(const spx_lu *f, int t, int btran)
{
    if (btran)
        return t < f->nfac ? f->nfac - 1 - t : f->nfac - f->first_u + t - f->nfac;
    return t >= f->nfac ? f->neta - 1 - t : f->neta - f->nfac + t - f->first_u;
}

static int u_of_rank(const spx_lu *f, int rank, int btran)
{
    if (btran) {
        int built = f->nfac - f->first_u;
        return rank < built ? f->nfac - 1 - rank : f->nfac + rank - built;
    }
    int spikes = f->neta - f->nfac;
    return rank < spikes ? f->neta - 1 - rank : f->first_u + rank - spikes;
}

/* The U eta that entry e belongs to. */
static int eta_of_entry(const spx_lu *f, int e)
{
    int lo = f->first_u, hi = f->neta - 1;   /* eta_start[lo] <= e */
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if (f->eta_start[mid] <= e)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/*
 * The U etas a solve must apply, given the rows where its vector may be
 * nonzero (f->s_row[0 .. *len), marked): the rows are closed under what
 * the etas do (Gilbert and Peierls 1988), FTRAN from an eta's pivot row
 * to its entries' rows, BTRAN from an entry's row to its eta's pivot row
 * (through the row lists urow/unext, the live etas only); the etas are
 * then those pivoting in the rows, each row having at most one. Into
 * f->l_act in the order of application; returns their number, or -1
 * once the search passes a tenth of U's entries.
 */
static int u_reach(const spx_lu *f, int *len, int btran)
{
    long budget = (long)(SPX_L_REACH_SHARE * (f->eta_start[f->neta] -
                                              f->eta_start[f->first_u])) +
                  SPX_REACH_FLOOR;
    for (int q = 0; q < *len && budget >= 0; q++) {
        int i = f->s_row[q], t = f->pos_eta[i];
        if (!btran && t >= 0) {
            budget -= f->eta_start[t + 1] - f->eta_start[t] + 1;
            for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++)
                s_add(f, len, f->eta_idx[e]);
        }
        for (int e = btran ? f->urow[i] : -1; e >= 0; e = f->unext[e]) {
            budget--;
            int u = eta_of_entry(f, e);
            if (f->eta_val[e] != 0.0 && u_live(f, u))
                s_add(f, len, f->eta_row[u]);
        }
    }
    if (budget < 0)
        return -1;
    int nact = 0;
    for (int q = 0; q < *len; q++)
        if (f->pos_eta[f->s_row[q]] >= 0)
            f->l_act[nact++] = u_rank(f, f->pos_eta[f->s_row[q]], btran);
    spx_sort_ints(f->l_act, nact);
    for (int k = 0; k < nact; k++)
        f->l_act[k] = u_of_rank(f, f->l_act[k], btran);
    return nact;
}

/* u^T := -(u^T R_k ... R_1 L^-1); without the minus when the caller
 * negated u (as ftran_lower). Given the rows where u may be nonzero
 * (f->s_row[0 .. len)), the rows the R etas reach join them and the L
 * etas are applied as in ftran_l; *nrows gets the number of rows in
 * f->l_reach where u may then be nonzero, or -1 after the plain loop. */
static void btran_lower(const spx_lu *f, double *u, int negated,
                        int len, int *nrows)
{
    int sparse = nrows != NULL, count = 0;
    for (int q = 0; sparse && q < len; q++)
        l_seed(f, &count, f->s_row[q]);
    for (int k = f->nupd - 1; k >= 0; k--) {
        double ur = u[f->r_row[k]];
        if (ur == 0.0)
            continue;
        for (int e = f->r_start[k]; e < f->r_start[k + 1]; e++) {
            u[f->r_idx[e]] += f->r_val[e] * ur;
            if (sparse)
                l_seed(f, &count, f->r_idx[e]);
        }
    }
    int rows = -1, nact = sparse ? l_reach(f, count, 1, &rows) : -1;
    for (int k = nact - 1; k >= 0; k--)
        eta_btran(f, f->l_act[k], u);
    if (nact < 0)
        for (int t = f->first_u - 1; t >= 0; t--)
            eta_btran(f, t, u);
    if (!negated)
        for (int i = 0; i < f->a.m; i++)
            u[i] = -u[i];
    if (nrows)
        *nrows = nact < 0 ? -1 : rows;
}

void spx_lu_ftran(const void *impl, double *v)
{
    ftran_lower(impl, v, 0, NULL);
    ftran_upper(impl, v);
}

void spx_lu_ftran_negated(const void *impl, double *v)
{
    ftran_lower(impl, v, 1, NULL);
    ftran_upper(impl, v);
}

void spx_lu_btran(const void *impl, double *u)
{
    spx_lu_btran_upper(impl, u);
    btran_lower(impl, u, 0, 0, NULL);
}

/* x's nonzeros into sv. */
void spx_lu_gather(int m, const double *x, sparse_vec *sv)
{
    sv->len = spx_nonzeros(m, x, sv->idx);
    for (int k = 0; k < sv->len; k++)
        sv->val[k] = x[sv->idx[k]];
}

/* The same when x may be nonzero only in the rows f->s_row[0 .. len)
 * (or anywhere: listed 0). */
static void gather_listed(const spx_lu *f, const double *x, int listed,
                          int len, sparse_vec *sv)
{
    if (!listed) {
        spx_lu_gather(f->a.m, x, sv);
        return;
    }
    sv->len = listed_nonzeros(x, f->s_row, len, sv->idx);
    for (int k = 0; k < sv->len; k++)
        sv->val[k] = x[sv->idx[k]];
}

/* -a_k into v (zero on entry); *len gets its rows in f->s_row when
 * listed. */
static void scatter_entering(const spx_lu *f, int k, double *v, int listed,
                             int *len)
{
    const spx_matrix *a = &f->a;
    if (k >= a->n) {
        v[k - a->n] = 1.0;
        if (listed)
            s_add(f, len, k - a->n);
        return;
    }
    for (int e = a->colptr[k]; e < a->colptr[k + 1]; e++) {
        v[a->rowind[e]] -= a->colval[e];
        if (listed)
            s_add(f, len, a->rowind[e]);
    }
}

/* v := B^-1 v, v nonzero only in the rows f->s_row[0 .. len) when
 * listed (else anywhere); the spike is kept for spx_lu_update when `spike`.
 * The nonzero rows go to nz, ascending; returns their number. */
static int ftran_listed(spx_lu *f, double *v, int listed, int len, int *nz,
                        int kind)
{
    int spike = kind == SOLVE_COLUMN;
    int nact = -1;
    listed = ftran_lower(f, v, 1, listed ? &len : NULL);
    if (spike) {
        gather_listed(f, v, listed, len, &f->spike);
        f->spike_stamp = f->stamp;
    }
    if (listed && (nact = u_reach(f, &len, 0)) >= 0)
        for (int q = 0; q < nact; q++)
            eta_ftran(f, f->l_act[q], v);
    else
        ftran_upper(f, v);
    int count = nact >= 0 ? listed_nonzeros(v, f->s_row, len, nz)
                          : spx_nonzeros(f->a.m, v, nz);
    s_clear(f, len);
    return note_density(f, kind, count);
}

/* FTRAN of column k that may enter: keeps the spike for spx_lu_update. */
int spx_lu_ftran_entering(void *impl, int k, double *v, int *nz)
{
    spx_lu *f = impl;
    int len = 0, listed = hypersparse(f, SOLVE_COLUMN);
    scatter_entering(f, k, v, listed, &len);
    return ftran_listed(f, v, listed, len, nz, SOLVE_COLUMN);
}

int spx_lu_ftran_negated_listed(void *impl, double *v, int *nz, int len)
{
    spx_lu *f = impl;
    int count = 0, listed = hypersparse(f, SOLVE_LISTED);
    for (int q = 0; listed && q < len; q++)
        s_add(f, &count, nz[q]);
    return ftran_listed(f, v, listed, count, nz, SOLVE_LISTED);
}

/* u := e_r^T B^-1, keeping e_r^T U^-1 for spx_lu_update. z is negated on
 * its nonzeros for btran_lower, rather than u on all m rows after. */
int spx_lu_btran_row(void *impl, int r, double *u, int *nz)
{
    spx_lu *f = impl;
    int len = 0, listed = hypersparse(f, SOLVE_ROW), nact = -1, nrows = -1;
    u[r] = 1.0;
    if (listed) {
        s_add(f, &len, r);
        nact = u_reach(f, &len, 1);
    }
    for (int q = 0; q < nact; q++)
        eta_btran(f, f->l_act[q], u);
    if (nact < 0)
        spx_lu_btran_upper(f, u);
    gather_listed(f, u, nact >= 0, len, &f->z);
    s_clear(f, len);
    f->z_stamp = f->stamp;
    f->z_row = r;
    for (int k = 0; k < f->z.len; k++) {
        u[f->z.idx[k]] = -f->z.val[k];
        f->s_row[k] = f->z.idx[k];
    }
    btran_lower(f, u, 1, f->z.len, nact >= 0 ? &nrows : NULL);
    return note_density(f, SOLVE_ROW,
                        nrows < 0 ? spx_nonzeros(f->a.m, u, nz)
                                  : listed_nonzeros(u, f->l_reach, nrows, nz));
}
