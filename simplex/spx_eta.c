/*
 * spx_eta.c -- the sparse backend of spx_factor.h (SPX_FACTOR_LU): the
 * basis as L and U factors in eta form, kept current after each pivot
 * by the Forrest-Tomlin update:
 *
 *     B = (-I) L R_1^-1 ... R_k^-1 U,
 *     B^-1 v = U^-1 R_k ... R_1 L^-1 (-v).
 *
 * -I is the all-slack basis (a slack's column is -e_i). L and U are
 * products of column etas, each the identity but for column p_t: FTRAN
 * applies L's etas in turn, then the row etas R of the updates, then
 * U's; BTRAN goes the other way. So solves cost the factors' nonzeros,
 * not m^2: puzzle bases are large (hundreds of rows) but very sparse.
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
 * The row singletons and the nucleus' L parts are L; the nucleus' U
 * parts and the column singletons are U, an upper triangular matrix
 * under a permutation: each U eta has entries only in the pivot rows of
 * U etas applied after it, or of positions whose U column is the
 * identity's.
 *
 * The update (Forrest and Tomlin 1972; Chvatal, ch. 24). When a_q takes
 * basis position r, L^-1 B' is U with column r replaced by the spike
 * s = R_k ... R_1 L^-1 (-a_q), which may have entries anywhere. Moving
 * position r to the front of U's order makes the spike's column
 * triangular; row r then still has entries in the columns of U etas
 * applied before r's. The row eta R_{k+1} (v_r := z'^T v) clears them:
 * z' is e_r^T U^-1 scaled to z'_r = 1, the part of the pivot row's
 * BTRAN that ends in U. The spike becomes a U eta applied before all
 * others, pivoting on z'^T s, which must equal alpha_r u_rr: a check
 * of the update's accuracy. FTRAN and BTRAN keep the spike and z' of
 * the entering column and the pivot row, so an update costs the
 * entries it changes, not a solve. Unlike the product form, whose eta
 * per pivot is all of B^-1 a_q, the update adds only the spike and a
 * row eta, usually much sparser. Each update logs what it changed, so a
 * resumed basis undoes the updates made since it was saved (lu_resume).
 *
 * Hypersparse solves. The entering column, the pivot row's unit vector
 * and the steepest-edge update's vector start with a handful of
 * nonzeros, and on models of many thousand rows most etas would find
 * them zero, and the results too are mostly zero. Those solves apply
 * only the etas their nonzero rows can reach, through L, the row etas
 * and U in turn (an index of L by row, made at each rebuild, and U's
 * row lists give the reach of BTRAN), and list the rows where the
 * result is nonzero, so that the caller clears and scans those only
 * (Gilbert and Peierls 1988; Hall and McKinnon 2005). A search that
 * grows past a tenth of its factor's entries falls back to the plain
 * loops, and so does a kind of solve whose recent results were dense.
 * The values are the plain loops'.
 */
#include "spx_factor.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The solves that follow the nonzeros, each with its own record of
 * how dense its results are. */
enum { SOLVE_ROW, SOLVE_COLUMN, SOLVE_LISTED, SOLVE_KINDS };

/* A vector as its nonzeros. */
typedef struct sparse_vec {
    int len;
    int *idx;                     /* [m]                                  */
    double *val;                  /* [m]                                  */
} sparse_vec;

/* What an update changed, for lu_resume to take it back. */
typedef struct lu_undo {
    int r;               /* the basis position                           */
    int replaced;        /* its U eta before, -1: an identity column    */
    int row_head;        /* urow[r] before                              */
    int zeroed;          /* its first entry in the log of zeroed entries */
    long work, extra;    /* update_work and extra before                */
    long serial;         /* a number no other update or build had        */
} lu_undo;

/* The etas: eta t pivots in row eta_row[t] on eta_piv[t], its other
 * entries are eta_idx/eta_val from eta_start[t] to eta_start[t+1]. L is
 * etas [0, first_u), U etas [first_u, nfac), the spikes of the updates
 * [nfac, neta), applied newest first, before U's. */
typedef struct spx_lu {
    spx_matrix a;
    double tol_singular;
    int neta, eta_cap, first_u, nfac;
    int *eta_row, *eta_start;     /* [eta_cap], [eta_cap + 1]             */
    double *eta_piv;              /* [eta_cap]                            */
    int *eta_idx;                 /* [eta_room]                           */
    double *eta_val;              /* [eta_room]                           */
    int *unext;                   /* [eta_room] next entry, same row, U   */
    size_t eta_room;
    int *pos_eta;                 /* [m] U eta of position p, -1: none    */
    int *urow;                    /* [m] first U entry in row i, -1: none */
    /* The row etas of the updates: R_t sets v_r_row[t] += sum of r_val
     * times v at r_idx, entries r_start[t] to r_start[t+1]. */
    int nupd, upd_cap;
    int *r_row, *r_start;         /* [upd_cap], [upd_cap + 1]             */
    lu_undo *undo;                /* [upd_cap]                            */
    int *r_idx;                   /* [r_room]                             */
    double *r_val;                /* [r_room]                             */
    size_t r_room;
    int *zlog_at;                 /* [zlog_room] zeroed entries, and      */
    double *zlog_val;             /* [zlog_room] their values before      */
    size_t zlog_len, zlog_room;
    /* The spike of the last entering column and z of the last pivot
     * row, as lists of their nonzeros (hypersparse models have many
     * rows and few nonzeros per vector), valid while `stamp` has not
     * moved (every build, update and resume moves it). */
    sparse_vec spike, z;
    double *dense;                /* [m] work, zero between uses          */
    long stamp, spike_stamp, z_stamp;
    int z_row;
    long serial, build_serial;    /* the last number given, the build's   */
    /* Reinversion work: the U parts of the nucleus etas, kept aside
     * until every L part is in the file. */
    int *u_row, *u_start;         /* [m], [m + 1]                         */
    int *u_idx;                   /* [u_room]                             */
    double *u_val;                /* [u_room]                             */
    size_t u_room;
    int *fwork;                   /* [14m + 2 + n] work: reinversion      */
    double *x;                    /* [m] work: a nucleus column           */
    /* When to rebuild (lu_due): the solves since the last rebuild have
     * spent update_work on what the updates added (their entries, twice
     * per pivot), the rebuild itself cost about reinvert_work. */
    long factor_nnz, reinvert_work, update_work;
    long extra;                   /* entries the updates added to solves  */
    int inaccurate;               /* an update failed its check           */
    /* The L etas by row, for solves with few nonzeros: l_of_row[i] is
     * the L eta pivoting in row i (-1: none); the L etas with an entry
     * in row i are lrow_eta[lrow_start[i] .. lrow_start[i+1]). l_index
     * is 0 when there is no index (out of memory, or two L etas pivot
     * in one row). */
    int *l_of_row, *lrow_start;   /* [m], [m + 1]                         */
    int *lrow_eta;                /* [lrow_room]                          */
    size_t lrow_room;
    int *l_reach, *l_act;         /* [m] each: work of the sparse solves  */
    char *l_mark;                 /* [m] work, zero between uses          */
    int l_index;
    /* The rows where the vector of a sparse solve may be nonzero, listed
     * and marked (s_mark is zero between solves). */
    int *s_row;                   /* [m]                                  */
    char *s_mark;                 /* [m]                                  */
    /* The share of rows recent results filled, per kind of solve. */
    double density[SOLVE_KINDS];
} spx_lu;

static void eta_clear(spx_lu *f)
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
static int grow_entries(int **idx, double **val, int **next, size_t *room,
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
        if (!row || !piv || !start)
            return 0;
        f->eta_cap = cap;
    }
    size_t need = (size_t)f->eta_start[f->neta] + (size_t)entries;
    return grow_entries(&f->eta_idx, &f->eta_val, &f->unext, &f->eta_room,
                        need);
}

static void eta_close(spx_lu *f, int p, double piv, int at)
{
    /* an eta pivots in a row, within the room eta_reserve made, and its
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

/* ---- solves ---------------------------------------------------------- */

/* Is U eta t still in U (not replaced by a spike)? */
static int u_live(const spx_lu *f, int t)
{
    return f->pos_eta[f->eta_row[t]] == t;
}

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
static void btran_upper(const spx_lu *f, double *u)
{
    for (int t = f->nfac - 1; t >= f->first_u; t--)
        if (u_live(f, t))
            eta_btran(f, t, u);
    for (int t = f->nfac; t < f->neta; t++)
        if (u_live(f, t))
            eta_btran(f, t, u);
}

/* The place of U eta t in FTRAN's order (ftran_upper) and in BTRAN's
 * (btran_upper), and back. */
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

static void lu_ftran(const void *impl, double *v)
{
    ftran_lower(impl, v, 0, NULL);
    ftran_upper(impl, v);
}

static void lu_ftran_negated(const void *impl, double *v)
{
    ftran_lower(impl, v, 1, NULL);
    ftran_upper(impl, v);
}

static void lu_btran(const void *impl, double *u)
{
    btran_upper(impl, u);
    btran_lower(impl, u, 0, 0, NULL);
}

/* x's nonzeros into sv. */
static void gather(int m, const double *x, sparse_vec *sv)
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
        gather(f->a.m, x, sv);
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
 * listed (else anywhere); the spike is kept for lu_update when `spike`.
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

/* FTRAN of column k that may enter: keeps the spike for lu_update. */
static int lu_ftran_entering(void *impl, int k, double *v, int *nz)
{
    spx_lu *f = impl;
    int len = 0, listed = hypersparse(f, SOLVE_COLUMN);
    scatter_entering(f, k, v, listed, &len);
    return ftran_listed(f, v, listed, len, nz, SOLVE_COLUMN);
}

static int lu_ftran_negated_listed(void *impl, double *v, int *nz, int len)
{
    spx_lu *f = impl;
    int count = 0, listed = hypersparse(f, SOLVE_LISTED);
    for (int q = 0; listed && q < len; q++)
        s_add(f, &count, nz[q]);
    return ftran_listed(f, v, listed, count, nz, SOLVE_LISTED);
}

/* u := e_r^T B^-1, keeping e_r^T U^-1 for lu_update. z is negated on
 * its nonzeros for btran_lower, rather than u on all m rows after. */
static int lu_btran_row(void *impl, int r, double *u, int *nz)
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
        btran_upper(f, u);
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
    return grow_entries(&f->u_idx, &f->u_val, NULL, &f->u_room, need);
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
    w->eta_of_row[p] = f->neta;
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
        if (!eta_push_column(f, w->late[2 * t + 1], w->late[2 * t]))
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
static int lu_build(void *impl, const int *basic, int *head)
{
    spx_lu *f = impl;
    reinv w;
    eta_clear(f);
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

/* ---- the Forrest-Tomlin update --------------------------------------- */

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
    gather(f->a.m, s, &f->spike);
    memset(s, 0, (size_t)f->a.m * sizeof *s);
}

/* z = e_r^T U^-1, when the pivot row's BTRAN did not keep it. */
static void z_of_row(spx_lu *f, int r)
{
    double *z = f->dense;
    z[r] = 1.0;
    btran_upper(f, z);
    gather(f->a.m, z, &f->z);
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
    return grow_entries(&f->r_idx, &f->r_val, NULL, &f->r_room,
                        (size_t)f->r_start[f->nupd] + (size_t)m) &&
           grow_entries(&f->zlog_at, &f->zlog_val, NULL, &f->zlog_room,
                        f->zlog_len + zeroed) &&
           eta_reserve(f, m);
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
    eta_close(f, r, piv, at);
    return at - f->eta_start[f->neta - 1];
}

/* After the pivot that brings a_q into position r; col = B^-1 a_q.
 * Returns -1 when the update failed its checks (see lu_due). */
static int lu_update(void *impl, int r, const double *col)
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

/* Takes back the last update (see lu_update). */
static void undo_update(spx_lu *f)
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
        undo_update(f);
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
    free(f->fwork); free(f->x);
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
    f->fwork = alloc_array(14 * m + 2 + (size_t)a->n, sizeof(int));
    f->x = alloc_array(m, sizeof(double));
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
        !f->u_idx || !f->u_val || !f->fwork || !f->x || !f->l_of_row ||
        !f->lrow_start || !f->l_reach || !f->l_act || !f->l_mark ||
        !f->s_row || !f->s_mark) {
        lu_destroy(f);
        return NULL;
    }
    f->spike_stamp = f->z_stamp = -1;
    eta_clear(f);
    for (int i = 0; i < a->m; i++) {
        f->pos_eta[i] = -1;
        f->urow[i] = -1;
    }
    return f;
}

const spx_factor_ops spx_lu_ops = {
    lu_create, lu_destroy, lu_build, lu_ftran, lu_ftran_negated,
    lu_ftran_negated_listed, lu_btran, lu_ftran_entering, lu_btran_row,
    lu_update, lu_due, lu_save, lu_resume
};
