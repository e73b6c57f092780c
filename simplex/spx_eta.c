/*
 * spx_eta.c -- the basis inverse in product form (PFI):
 *
 *     B^-1 = E_K ... E_2 E_1 (-I)
 *
 * -I is the all-slack basis (a slack's column is -e_i); each eta matrix
 * E_t is the identity but for column p_t, and brings one structural
 * column into basis position p_t. FTRAN and BTRAN apply the etas in turn,
 * so they cost the etas' nonzeros, not m^2: puzzle bases are large
 * (hundreds of rows) but very sparse.
 *
 * Reinversion orders the basic structurals so that the etas are the
 * columns themselves wherever the basis is triangular (Chvatal, ch. 24;
 * the "bump" or nucleus is what remains):
 *   1. row singletons first: a kernel row met by one remaining column;
 *      no later column has an entry in that row, so no eta changes it;
 *   2. column singletons last, in reverse order of discovery: a column
 *      with one entry among the remaining rows meets none of the rows
 *      pivoted before it in that order;
 *   3. the nucleus in between, sparsest column first, with threshold
 *      pivoting on the column transformed by the L etas so far (see
 *      nucleus_pivot). A column without an acceptable pivot is
 *      dependent: it leaves the basis and the slack of an unpivoted row
 *      takes its place (the -I of the formula already holds those slack
 *      columns). The nucleus is stored in elimination form, as the
 *      etas of L (the entries in rows not yet pivoted) followed by those
 *      of U in reverse order (the entries in the other rows), rather
 *      than one product-form eta per column: the product form's etas
 *      fill in where U's do not (3.5 to 10 times the basis' nonzeros on
 *      Flow Free and netlib's 25fv47, against 1.5 to 2 times for L and
 *      U with the same pivots).
 * Simplex iterations append one eta each (the product-form update);
 * spx_refactor rebuilds the file from the basis every refactor_every
 * pivots, and a resumed basis may cut the file back (spx_lp.c).
 */
#include "spx_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A triangular (singleton) pivot is taken only when it is at least this
 * share of its column's largest entry; else the column joins the
 * nucleus, where partial pivoting chooses. */
#define SPX_TRIANGULAR_PIVOT_SHARE 0.01
/* Eta entries below this magnitude are dropped (rounding residue). */
#define SPX_ETA_DROP 1e-14

void spx_eta_clear(spx *lp)
{
    lp->neta = 0;
    lp->eta_start[0] = 0;
}

/* Grows a pair of entry arrays (indices, values) to hold `need`. */
static int grow_entries(int **idx, double **val, size_t *room, size_t need)
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
    if (!i || !v)
        return 0;
    *room = cap;
    return 1;
}

/* Room for one more eta with up to `entries` entries. */
static int eta_reserve(spx *lp, int entries)
{
    if (lp->neta + 1 >= lp->eta_cap) {
        int cap = 2 * lp->eta_cap;
        int *row = realloc(lp->eta_row, (size_t)cap * sizeof *row);
        if (row)
            lp->eta_row = row;
        double *piv = realloc(lp->eta_piv, (size_t)cap * sizeof *piv);
        if (piv)
            lp->eta_piv = piv;
        int *start = realloc(lp->eta_start, ((size_t)cap + 1) * sizeof *start);
        if (start)
            lp->eta_start = start;
        long *serial = realloc(lp->eta_serial, (size_t)cap * sizeof *serial);
        if (serial)
            lp->eta_serial = serial;
        if (!row || !piv || !start || !serial)
            return 0;
        lp->eta_cap = cap;
    }
    size_t need = (size_t)lp->eta_start[lp->neta] + (size_t)entries;
    return grow_entries(&lp->eta_idx, &lp->eta_val, &lp->eta_room, need);
}

static void eta_close(spx *lp, int p, double piv, int at)
{
    lp->eta_row[lp->neta] = p;
    lp->eta_serial[lp->neta] = lp->next_serial++;
    lp->eta_piv[lp->neta] = piv;
    lp->eta_start[++lp->neta] = at;
}

/* Appends the eta of column x (dense, B^-1 a_q) pivoting in row p. */
int spx_eta_push(spx *lp, int p, const double *x)
{
    if (!eta_reserve(lp, lp->m))
        return 0;
    int at = lp->eta_start[lp->neta];
    for (int i = 0; i < lp->m; i++)
        if (i != p && fabs(x[i]) > SPX_ETA_DROP) {
            lp->eta_idx[at] = i;
            lp->eta_val[at++] = x[i];
        }
    eta_close(lp, p, x[p], at);
    return 1;
}

/* Appends the eta of structural column j when no earlier eta touches it:
 * B^-1 a_j is then -a_j. */
static int eta_push_column(spx *lp, int p, int j)
{
    int len = lp->colptr[j + 1] - lp->colptr[j];
    if (!eta_reserve(lp, len))
        return 0;
    int at = lp->eta_start[lp->neta];
    double piv = 0;
    for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++) {
        int i = lp->rowind[e];
        if (i == p) {
            piv = -lp->colval[e];
        } else if (lp->colval[e] != 0.0) {
            lp->eta_idx[at] = i;
            lp->eta_val[at++] = -lp->colval[e];
        }
    }
    eta_close(lp, p, piv, at);
    return 1;
}

void spx_ftran_dense(const spx *lp, double *v)
{
    for (int i = 0; i < lp->m; i++)
        v[i] = -v[i];
    for (int t = 0; t < lp->neta; t++) {
        int p = lp->eta_row[t];
        if (v[p] == 0.0)
            continue;
        double vp = v[p] /= lp->eta_piv[t];
        for (int e = lp->eta_start[t]; e < lp->eta_start[t + 1]; e++)
            v[lp->eta_idx[e]] -= lp->eta_val[e] * vp;
    }
}

void spx_btran_dense(const spx *lp, double *u)
{
    for (int t = lp->neta - 1; t >= 0; t--) {
        int p = lp->eta_row[t];
        double s = u[p];
        for (int e = lp->eta_start[t]; e < lp->eta_start[t + 1]; e++)
            s -= lp->eta_val[e] * u[lp->eta_idx[e]];
        u[p] = s / lp->eta_piv[t];
    }
    for (int i = 0; i < lp->m; i++)
        u[i] = -u[i];
}

/* ---- reinversion ---------------------------------------------------- */

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
    int len;         /* entries in nz                                    */
    int first_l;     /* the nucleus' first (L) eta                        */
    int nu;          /* U parts set aside (lp->u_row, lp->u_start)        */
    int nlate;
    int deficient;   /* columns without a pivot                          */
    long work;       /* entries and etas visited: the rebuild's cost     */
} reinv;

static void reinv_setup(spx *lp, reinv *w)
{
    int m = lp->m, n = lp->n;
    w->head = lp->fwork;
    w->row_open = lp->fwork + m;
    w->rcount = lp->fwork + 2 * m;
    w->queue = lp->fwork + 3 * m;
    w->late = lp->fwork + 4 * m;
    w->order = lp->fwork + 6 * m;
    w->bucket = lp->fwork + 7 * m;
    w->ccount = lp->fwork + 8 * m + 2;
    w->nz = w->ccount + n;
    w->mark = w->nz + m;
    w->len = 0;
    w->nlate = w->deficient = 0;
    w->work = lp->nt + lp->colptr[lp->n];
    for (int i = 0; i < m; i++) {
        int slack_basic = lp->stat[n + i] == SPX_BASIC;
        w->head[i] = slack_basic ? n + i : -1;
        w->row_open[i] = !slack_basic;
        w->rcount[i] = 0;
    }
    for (int j = 0; j < n; j++) {
        w->ccount[j] = -1;
        if (lp->stat[j] != SPX_BASIC)
            continue;
        w->ccount[j] = 0;
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
            if (w->row_open[lp->rowind[e]] && lp->colval[e] != 0.0) {
                w->ccount[j]++;
                w->rcount[lp->rowind[e]]++;
            }
    }
}

static double column_max(const spx *lp, int j)
{
    double big = 0;
    for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
        big = fmax(big, fabs(lp->colval[e]));
    return big;
}

/* Column j's entry in row i, if open, and acceptable as a pivot. */
static int triangular_pivot_ok(const spx *lp, int j, int i)
{
    double a = 0;
    for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
        if (lp->rowind[e] == i)
            a = lp->colval[e];
    return fabs(a) > lp->par.tol_singular &&
           fabs(a) >= SPX_TRIANGULAR_PIVOT_SHARE * column_max(lp, j);
}

/* Column j takes row i: closes both and updates the counts. */
static void assign(const spx *lp, reinv *w, int j, int i)
{
    w->head[i] = j;
    w->row_open[i] = 0;
    w->ccount[j] = -1;
    for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
        if (lp->colval[e] != 0.0)
            w->rcount[lp->rowind[e]]--;
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
        if (w->ccount[lp->colind[e]] > 0 && lp->rowval[e] != 0.0)
            w->ccount[lp->colind[e]]--;
}

static int open_column_of_row(const spx *lp, const reinv *w, int i)
{
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
        if (w->ccount[lp->colind[e]] >= 0 && lp->rowval[e] != 0.0)
            return lp->colind[e];
    return -1;
}

static int open_row_of_column(const spx *lp, const reinv *w, int j)
{
    for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
        if (w->row_open[lp->rowind[e]] && lp->colval[e] != 0.0)
            return lp->rowind[e];
    return -1;
}

static int row_singletons(spx *lp, reinv *w)
{
    int len = 0;
    for (int i = 0; i < lp->m; i++)
        if (w->row_open[i] && w->rcount[i] == 1)
            w->queue[len++] = i;
    while (len > 0) {
        int i = w->queue[--len];
        if (!w->row_open[i] || w->rcount[i] != 1)
            continue;
        int j = open_column_of_row(lp, w, i);
        if (j < 0 || !triangular_pivot_ok(lp, j, i))
            continue;
        if (!eta_push_column(lp, i, j))
            return 0;
        assign(lp, w, j, i);
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++) {
            int r = lp->rowind[e];
            if (w->row_open[r] && w->rcount[r] == 1)
                w->queue[len++] = r;
        }
    }
    return 1;
}

static void column_singletons(spx *lp, reinv *w)
{
    int len = 0;
    for (int j = 0; j < lp->n; j++)
        if (w->ccount[j] == 1)
            w->queue[len++] = j;
    while (len > 0) {
        int j = w->queue[--len];
        if (w->ccount[j] != 1)
            continue;
        int i = open_row_of_column(lp, w, j);
        if (i < 0 || !triangular_pivot_ok(lp, j, i))
            continue;
        assign(lp, w, j, i);
        w->late[2 * w->nlate] = j;
        w->late[2 * w->nlate + 1] = i;
        w->nlate++;
        for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
            if (w->ccount[lp->colind[e]] == 1)
                w->queue[len++] = lp->colind[e];
    }
}

/* Threshold pivoting in the nucleus: any open row with |x_i| at least
 * this share of the largest qualifies, and the one met by the fewest
 * open columns wins: later columns with an entry in the pivot row pick
 * up the eta's entries (fill). */
#define SPX_NUCLEUS_THRESHOLD 0.1

/* The pivot row for nucleus column x, or -1 if no |x_i| passes
 * tol_singular. */
static int nucleus_pivot(const spx *lp, const reinv *w, const double *x)
{
    double big = lp->par.tol_singular;
    for (int k = 0; k < w->len; k++) {
        int i = w->nz[k];
        if (w->row_open[i] && fabs(x[i]) > big)
            big = fabs(x[i]);
    }
    int p = -1;
    for (int k = 0; k < w->len; k++) {
        int i = w->nz[k];
        if (w->row_open[i] && fabs(x[i]) >= SPX_NUCLEUS_THRESHOLD * big &&
            fabs(x[i]) > lp->par.tol_singular &&
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

/* x = L^-1 a_j for the nucleus' L etas so far (the row singletons'
 * etas pivot in rows no nucleus column meets), keeping the pattern of x
 * in w->nz (x is zero on entry): the nucleus columns are sparse, m is
 * not. */
static void nucleus_ftran(const spx *lp, reinv *w, int j, double *x)
{
    w->work += lp->neta - w->first_l;
    for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++) {
        touch(w, lp->rowind[e]);
        x[lp->rowind[e]] -= lp->colval[e];
    }
    for (int t = w->first_l; t < lp->neta; t++) {
        int p = lp->eta_row[t];
        if (x[p] == 0.0)
            continue;
        double xp = x[p] /= lp->eta_piv[t];
        w->work += lp->eta_start[t + 1] - lp->eta_start[t];
        for (int e = lp->eta_start[t]; e < lp->eta_start[t + 1]; e++) {
            touch(w, lp->eta_idx[e]);
            x[lp->eta_idx[e]] -= lp->eta_val[e] * xp;
        }
    }
}

/* Room for one more U part of up to `entries` entries. */
static int u_reserve(spx *lp, const reinv *w, int entries)
{
    size_t need = (size_t)lp->u_start[w->nu] + (size_t)entries;
    return grow_entries(&lp->u_idx, &lp->u_val, &lp->u_room, need);
}

/* Splits x (pattern w->nz), pivoting in row p: the entries in rows not
 * yet pivoted become the L eta, appended now; the others, in rows
 * pivoted before, the U part, set aside for nucleus_u_etas. */
static int nucleus_etas(spx *lp, reinv *w, int p, const double *x)
{
    if (!eta_reserve(lp, w->len) || !u_reserve(lp, w, w->len))
        return 0;
    int at = lp->eta_start[lp->neta], u = lp->u_start[w->nu];
    for (int k = 0; k < w->len; k++) {
        int i = w->nz[k];
        if (i == p || fabs(x[i]) <= SPX_ETA_DROP)
            continue;
        if (w->row_open[i]) {
            lp->eta_idx[at] = i;
            lp->eta_val[at++] = x[i];
        } else {
            lp->u_idx[u] = i;
            lp->u_val[u++] = x[i];
        }
    }
    eta_close(lp, p, x[p], at);
    lp->u_row[w->nu] = p;
    lp->u_start[++w->nu] = u;
    return 1;
}

/* Appends the U parts, last first: the L etas left x_p / u_pp in each
 * pivot row, so these etas pivot on 1. */
static int nucleus_u_etas(spx *lp, const reinv *w)
{
    for (int t = w->nu - 1; t >= 0; t--) {
        int from = lp->u_start[t], len = lp->u_start[t + 1] - from;
        if (len == 0)
            continue;
        if (!eta_reserve(lp, len))
            return 0;
        int at = lp->eta_start[lp->neta];
        memcpy(lp->eta_idx + at, lp->u_idx + from, (size_t)len * sizeof(int));
        memcpy(lp->eta_val + at, lp->u_val + from,
               (size_t)len * sizeof(double));
        eta_close(lp, lp->u_row[t], 1.0, at + len);
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
static int nucleus_order(const spx *lp, reinv *w)
{
    int m = lp->m, count = 0;
    memset(w->bucket, 0, ((size_t)m + 2) * sizeof *w->bucket);
    for (int j = 0; j < lp->n; j++)
        if (w->ccount[j] >= 0)
            w->bucket[w->ccount[j] + 1]++;
    for (int c = 0; c <= m; c++)
        w->bucket[c + 1] += w->bucket[c];
    for (int j = 0; j < lp->n; j++)
        if (w->ccount[j] >= 0) {
            w->order[w->bucket[w->ccount[j]]++] = j;
            count++;
        }
    return count;
}

static int nucleus(spx *lp, reinv *w)
{
    double *x = lp->tmp;
    int count = nucleus_order(lp, w);
    w->first_l = lp->neta;
    w->nu = 0;
    lp->u_start[0] = 0;
    memset(x, 0, (size_t)lp->m * sizeof *x);
    memset(w->mark, 0, (size_t)lp->m * sizeof *w->mark);
    for (int t = 0; t < count; t++) {
        int j = w->order[t];
        nucleus_ftran(lp, w, j, x);
        int p = nucleus_pivot(lp, w, x);
        for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
            if (lp->colval[e] != 0.0)
                w->rcount[lp->rowind[e]]--;
        w->ccount[j] = -1;
        if (p < 0) {
            w->deficient++;
        } else {
            if (!nucleus_etas(lp, w, p, x))
                return 0;
            w->head[p] = j;
            w->row_open[p] = 0;
        }
        nucleus_clear(w, x);
    }
    return nucleus_u_etas(lp, w);
}

static int late_columns(spx *lp, const reinv *w)
{
    for (int t = w->nlate - 1; t >= 0; t--)
        if (!eta_push_column(lp, w->late[2 * t + 1], w->late[2 * t]))
            return 0;
    return 1;
}

/* Installs the new head; a dependent column leaves for the slack of an
 * unpivoted row. Weights follow their variables (1 for a new slack). */
static void install_head(spx *lp, const reinv *w)
{
    int m = lp->m, n = lp->n;
    double *wvar = lp->wvar;
    for (int i = 0; i < m; i++)
        wvar[n + i] = 1.0;
    for (int i = 0; i < m; i++) {
        wvar[lp->head[i]] = lp->weight[i];
        lp->pos[lp->head[i]] = -1;
    }
    for (int i = 0; i < m; i++) {
        int v = w->head[i] >= 0 ? w->head[i] : n + i;
        lp->head[i] = v;
        lp->pos[v] = i;
        lp->stat[v] = SPX_BASIC;
        lp->weight[i] = wvar[v];
    }
    for (int j = 0; j < n; j++)
        if (lp->stat[j] == SPX_BASIC && lp->pos[j] < 0) {
            lp->stat[j] = (signed char)spx_default_status(lp, j);
            lp->x[j] = spx_nonbasic_value(lp, j);
        }
}

/* Rebuilds the eta file from the basis (head/stat); returns the number
 * of dependent columns replaced by slacks, or -1 when out of memory. */
int spx_reinvert(spx *lp)
{
    reinv w;
    spx_eta_clear(lp);
    reinv_setup(lp, &w);
    if (!row_singletons(lp, &w))
        return -1;
    column_singletons(lp, &w);
    if (!nucleus(lp, &w) || !late_columns(lp, &w))
        return -1;
    install_head(lp, &w);
    lp->factor_nnz = lp->eta_start[lp->neta];
    lp->reinvert_work = w.work + lp->factor_nnz;
    lp->update_work = 0;
    return w.deficient;
}
