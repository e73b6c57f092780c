/*
 * spx_lu.h -- the sparse backend of spx_factor.h (SPX_FACTOR_LU), its
 * state shared by the four files that make it: spx_eta.c (the etas'
 * storage, creation and the saved states), spx_eta_solve.c (FTRAN and
 * BTRAN), spx_eta_build.c (reinversion) and spx_eta_update.c (the
 * Forrest-Tomlin update). Private to simplex/. The
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
 *   3. the nucleus in between, by Gaussian elimination with Markowitz
 *      pivoting under a threshold (spx_eta_nucleus.c). A column
 *      without an acceptable pivot is
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
#ifndef SPX_LU_H
#define SPX_LU_H

#include "spx_factor.h"

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
    int *fwork;                   /* [7m + n] work: reinversion           */
    struct spx_markowitz *markowitz;  /* the nucleus' work, made at need  */
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

/* Is U eta t still in U (not replaced by a spike)? */
static inline int u_live(const spx_lu *f, int t)
{
    return f->pos_eta[f->eta_row[t]] == t;
}

/* ---- spx_eta.c: the file of etas ----------------------------------- */

/* Empties the file of etas (a build starts again). */
void spx_lu_eta_clear(spx_lu *f);

/* Grows a pair of entry arrays (indices, values), and the row links of
 * the etas' when `next` is given, to hold `need`. */
int spx_lu_grow_entries(int **idx, double **val, int **next, size_t *room,
                        size_t need);

/* Room for one more eta with up to `entries` entries. */
int spx_lu_eta_reserve(spx_lu *f, int entries);

/* Ends the eta begun at entry `at`: it pivots in row p on piv. */
void spx_lu_eta_close(spx_lu *f, int p, double piv, int at);

/* Appends the eta of structural column j when no earlier eta touches it:
 * B^-1 a_j is then -a_j. */
int spx_lu_eta_push_column(spx_lu *f, int p, int j);

/* ---- spx_eta_solve.c ------------------------------------------------ */

/* u^T := u^T U^-1. */
void spx_lu_btran_upper(const spx_lu *f, double *u);

/* The solves of spx_factor_ops (spx_factor.h says what each does). */
void spx_lu_ftran(const void *impl, double *v);
void spx_lu_ftran_negated(const void *impl, double *v);
void spx_lu_btran(const void *impl, double *u);

/* x's nonzeros into sv. */
void spx_lu_gather(int m, const double *x, sparse_vec *sv);

/* FTRAN of column k that may enter: keeps the spike for spx_lu_update. */
int spx_lu_ftran_entering(void *impl, int k, double *v, int *nz);

/* FTRAN of -v whose nonzeros are listed in nz[0..len). */
int spx_lu_ftran_negated_listed(void *impl, double *v, int *nz, int len);

/* u := e_r^T B^-1, keeping e_r^T U^-1 for spx_lu_update. z is negated on
 * its nonzeros for btran_lower, rather than u on all m rows after. */
int spx_lu_btran_row(void *impl, int r, double *u, int *nz);

/* ---- spx_eta_build.c ------------------------------------------------ */

/* Rebuilds the factors from the basis; head[i] becomes the variable
 * pivoted in row i (a basic slack keeps its own row), the slack of row i
 * when no column pivoted there. Returns the number of dependent columns
 * so replaced, or -1 when out of memory. */
int spx_lu_build(void *impl, const int *basic, int *head);

/* ---- spx_eta_nucleus.c ---------------------------------------------- */

/* The nucleus of a build: its columns, the rows open (those no column
 * took yet), and what the elimination gives back. */
typedef struct spx_lu_nucleus {
    int ncols;
    const int *cols;   /* [ncols] structural columns                     */
    int *row_open;     /* [m] cleared for each row pivoted               */
    int *head;         /* [m] the column pivoted in each row             */
    int nu;            /* U parts set aside (f->u_row, u_start, u_idx)   */
    int deficient;     /* columns without a pivot: dependent             */
    long work;         /* entries visited                                */
} spx_lu_nucleus;

/* Appends the nucleus' L etas to the file and sets its U parts aside,
 * pivot by pivot, choosing each by Markowitz's count under threshold
 * pivoting. Returns 0 when out of memory. */
int spx_lu_markowitz(spx_lu *f, spx_lu_nucleus *io);
void spx_lu_markowitz_free(struct spx_markowitz *mk);

/* ---- spx_eta_update.c ----------------------------------------------- */

/* After the pivot that brings a_q into position r; col = B^-1 a_q.
 * Returns -1 when the update failed its checks (see lu_due). */
int spx_lu_update(void *impl, int r, const double *col);

/* Takes back the last update (see spx_lu_update). */
void spx_lu_undo_update(spx_lu *f);

#endif
