/*
 * spx_eta.c -- the sparse backend of spx_factor.h (SPX_FACTOR_LU): the
 * basis inverse as a file of etas, the L and U factors of the basis in
 * eta form followed by one update eta per pivot:
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
 * the simplex rebuilds the file from the basis every refactor_every
 * pivots or when lu_due says so, and a resumed basis may cut the file
 * back (lu_resume).
 */
#include "spx_factor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A triangular (singleton) pivot is taken only when it is at least this
 * share of its column's largest entry; else the column joins the
 * nucleus, where partial pivoting chooses. */
#define SPX_TRIANGULAR_PIVOT_SHARE 0.01
/* Eta entries below this magnitude are dropped (rounding residue). */
#define SPX_ETA_DROP 1e-14

/* The eta file: eta t pivots in row eta_row[t] on eta_piv[t], its other
 * entries are eta_idx/eta_val from eta_start[t] to eta_start[t+1]. */
typedef struct spx_lu {
    spx_matrix a;
    double tol_singular;
    int neta, eta_cap;
    int *eta_row, *eta_start;     /* [eta_cap], [eta_cap + 1]             */
    double *eta_piv;              /* [eta_cap]                            */
    long *eta_serial;             /* [eta_cap] a number no other eta had  */
    long next_serial;
    int *eta_idx;                 /* [eta_room]                           */
    double *eta_val;              /* [eta_room]                           */
    size_t eta_room;
    /* Reinversion work: the U parts of the nucleus etas, kept aside
     * until every L part is in the file. */
    int *u_row, *u_start;         /* [m], [m + 1]                         */
    int *u_idx;                   /* [u_room]                             */
    double *u_val;                /* [u_room]                             */
    size_t u_room;
    int *fwork;                   /* [10m + 2 + n] work: reinversion      */
    double *x;                    /* [m] work: a nucleus column           */
    /* When to rebuild (lu_due): the solves since the last rebuild have
     * spent update_work on the update etas (their entries, twice per
     * pivot), the rebuild itself cost about reinvert_work. */
    long factor_nnz, reinvert_work, update_work;
} spx_lu;

static void eta_clear(spx_lu *f)
{
    f->neta = 0;
    f->eta_start[0] = 0;
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
static int eta_reserve(spx_lu *f, int entries)
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
        long *serial = realloc(f->eta_serial, (size_t)cap * sizeof *serial);
        if (serial)
            f->eta_serial = serial;
        if (!row || !piv || !start || !serial)
            return 0;
        f->eta_cap = cap;
    }
    size_t need = (size_t)f->eta_start[f->neta] + (size_t)entries;
    return grow_entries(&f->eta_idx, &f->eta_val, &f->eta_room, need);
}

static void eta_close(spx_lu *f, int p, double piv, int at)
{
    f->eta_row[f->neta] = p;
    f->eta_serial[f->neta] = f->next_serial++;
    f->eta_piv[f->neta] = piv;
    f->eta_start[++f->neta] = at;
}

/* Appends the eta of column x (dense, B^-1 a_q) pivoting in row p. */
static int eta_push(spx_lu *f, int p, const double *x)
{
    if (!eta_reserve(f, f->a.m))
        return 0;
    int at = f->eta_start[f->neta];
    for (int i = 0; i < f->a.m; i++)
        if (i != p && fabs(x[i]) > SPX_ETA_DROP) {
            f->eta_idx[at] = i;
            f->eta_val[at++] = x[i];
        }
    eta_close(f, p, x[p], at);
    return 1;
}

/* Appends the eta of structural column j when no earlier eta touches it:
 * B^-1 a_j is then -a_j. */
static int eta_push_column(spx_lu *f, int p, int j)
{
    int len = f->a.colptr[j + 1] - f->a.colptr[j];
    if (!eta_reserve(f, len))
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
    eta_close(f, p, piv, at);
    return 1;
}

static void lu_ftran(const void *impl, double *v)
{
    const spx_lu *f = impl;
    for (int i = 0; i < f->a.m; i++)
        v[i] = -v[i];
    for (int t = 0; t < f->neta; t++) {
        int p = f->eta_row[t];
        if (v[p] == 0.0)
            continue;
        double vp = v[p] /= f->eta_piv[t];
        for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++)
            v[f->eta_idx[e]] -= f->eta_val[e] * vp;
    }
}

static void lu_btran(const void *impl, double *u)
{
    const spx_lu *f = impl;
    for (int t = f->neta - 1; t >= 0; t--) {
        int p = f->eta_row[t];
        double s = u[p];
        for (int e = f->eta_start[t]; e < f->eta_start[t + 1]; e++)
            s -= f->eta_val[e] * u[f->eta_idx[e]];
        u[p] = s / f->eta_piv[t];
    }
    for (int i = 0; i < f->a.m; i++)
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
        big = fmax(big, fabs(f->a.colval[e]));
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
        if (!eta_push_column(f, i, j))
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

/* Threshold pivoting in the nucleus: any open row with |x_i| at least
 * this share of the largest qualifies, and the one met by the fewest
 * open columns wins: later columns with an entry in the pivot row pick
 * up the eta's entries (fill). */
#define SPX_NUCLEUS_THRESHOLD 0.1

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

/* x = L^-1 a_j for the nucleus' L etas so far (the row singletons'
 * etas pivot in rows no nucleus column meets), keeping the pattern of x
 * in w->nz (x is zero on entry): the nucleus columns are sparse, m is
 * not. */
static void nucleus_ftran(const spx_lu *f, reinv *w, int j, double *x)
{
    w->work += f->neta - w->first_l;
    for (int e = f->a.colptr[j]; e < f->a.colptr[j + 1]; e++) {
        touch(w, f->a.rowind[e]);
        x[f->a.rowind[e]] -= f->a.colval[e];
    }
    for (int t = w->first_l; t < f->neta; t++) {
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
    return grow_entries(&f->u_idx, &f->u_val, &f->u_room, need);
}

/* Splits x (pattern w->nz), pivoting in row p: the entries in rows not
 * yet pivoted become the L eta, appended now; the others, in rows
 * pivoted before, the U part, set aside for nucleus_u_etas. */
static int nucleus_etas(spx_lu *f, reinv *w, int p, const double *x)
{
    if (!eta_reserve(f, w->len) || !u_reserve(f, w, w->len))
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
    eta_close(f, p, x[p], at);
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
        if (!eta_reserve(f, len))
            return 0;
        int at = f->eta_start[f->neta];
        memcpy(f->eta_idx + at, f->u_idx + from, (size_t)len * sizeof(int));
        memcpy(f->eta_val + at, f->u_val + from,
               (size_t)len * sizeof(double));
        eta_close(f, f->u_row[t], 1.0, at + len);
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
    return nucleus_u_etas(f, w);
}

static int late_columns(spx_lu *f, const reinv *w)
{
    for (int t = w->nlate - 1; t >= 0; t--)
        if (!eta_push_column(f, w->late[2 * t + 1], w->late[2 * t]))
            return 0;
    return 1;
}

/* Rebuilds the eta file from the basis; head[i] becomes the variable
 * pivoted in row i (a basic slack keeps its own row), the slack of row i
 * when no column pivoted there. Returns the number of dependent columns
 * so replaced, or -1 when out of memory. */
static int lu_build(void *impl, const int *basic, int *head)
{
    spx_lu *f = impl;
    reinv w;
    eta_clear(f);
    reinv_setup(f, basic, &w);
    if (!row_singletons(f, &w))
        return -1;
    column_singletons(f, &w);
    if (!nucleus(f, &w) || !late_columns(f, &w))
        return -1;
    for (int i = 0; i < f->a.m; i++)
        head[i] = w.head[i] >= 0 ? w.head[i] : f->a.n + i;
    f->factor_nnz = f->eta_start[f->neta];
    f->reinvert_work = w.work + f->factor_nnz;
    f->update_work = 0;
    return w.deficient;
}

/* The product-form update: one more eta. */
static int lu_update(void *impl, int r, const double *col)
{
    spx_lu *f = impl;
    if (!eta_push(f, r, col))
        return 0;
    f->update_work += 2 * (f->eta_start[f->neta] - f->factor_nnz);
    return 1;
}

/* After a rebuild of cost R, update etas adding u to every later solve
 * make a rebuild pay after about sqrt(2R/u) pivots, the interval with
 * the least cost per pivot: that is when their work passes R. */
static int lu_due(const void *impl)
{
    const spx_lu *f = impl;
    return f->update_work > f->reinvert_work;
}

static void lu_save(const void *impl, spx_basis *b)
{
    const spx_lu *f = impl;
    b->neta = f->neta;
    b->serial = f->neta > 0 ? f->eta_serial[f->neta - 1] : -1;
    b->update_work = f->update_work;
}

/* Is the eta file as it was when b was saved, plus etas appended since?
 * Serials are never reused, so the last saved eta still in its place
 * means no eta before it changed either: dropping the later etas then
 * restores the saved factor exactly. */
static int lu_resume(void *impl, const spx_basis *b)
{
    spx_lu *f = impl;
    if (b->neta > f->neta ||
        (b->neta > 0 && f->eta_serial[b->neta - 1] != b->serial))
        return 0;
    f->neta = b->neta;
    f->update_work = b->update_work;
    return 1;
}

static void lu_destroy(void *impl)
{
    spx_lu *f = impl;
    if (!f)
        return;
    free(f->eta_row); free(f->eta_serial); free(f->eta_start);
    free(f->eta_piv); free(f->eta_idx); free(f->eta_val);
    free(f->u_row); free(f->u_start); free(f->u_idx); free(f->u_val);
    free(f->fwork); free(f->x);
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
    f->eta_serial = alloc_array((size_t)f->eta_cap, sizeof(long));
    f->eta_start = alloc_array((size_t)f->eta_cap + 1, sizeof(int));
    f->eta_piv = alloc_array((size_t)f->eta_cap, sizeof(double));
    f->eta_idx = alloc_array(f->eta_room, sizeof(int));
    f->eta_val = alloc_array(f->eta_room, sizeof(double));
    f->u_room = nnz + m + 16;
    f->u_row = alloc_array(m, sizeof(int));
    f->u_start = alloc_array(m + 1, sizeof(int));
    f->u_idx = alloc_array(f->u_room, sizeof(int));
    f->u_val = alloc_array(f->u_room, sizeof(double));
    f->fwork = alloc_array(10 * m + 2 + (size_t)a->n, sizeof(int));
    f->x = alloc_array(m, sizeof(double));
    if (!f->eta_row || !f->eta_serial || !f->eta_start || !f->eta_piv ||
        !f->eta_idx || !f->eta_val || !f->u_row || !f->u_start ||
        !f->u_idx || !f->u_val || !f->fwork || !f->x) {
        lu_destroy(f);
        return NULL;
    }
    eta_clear(f);
    return f;
}

const spx_factor_ops spx_lu_ops = {
    lu_create, lu_destroy, lu_build, lu_ftran, lu_btran, lu_update,
    lu_due, lu_save, lu_resume
};
