/*
 * spx.h -- a bounded-variable simplex (primal and dual), dense work vectors
 * and a sparse basis inverse, on
 *
 *     minimise  c^T x   subject to   A x - s = 0,   lo <= (x, s) <= up,
 *
 * with x the n structural and s the m logical (slack) variables; variable
 * k < n is column k, variable n + i is the slack of row i, whose value is
 * row i's activity. Bounds are kept implicitly (upper-bounding technique):
 * a nonbasic variable sits at a bound, or at zero when free.
 * The basis inverse is sparse L/U factors with Forrest-Tomlin updates
 * (spx_eta.c) or, on request, an explicit dense inverse (spx_dense.c).
 * Inside, the LP may be scaled (spx_scale.c: rows and columns by powers
 * of 2); every value that crosses this interface (bounds, values, duals,
 * reduced costs, tableau rows, rows, pivot reports) is in the terms of
 * the LP as given to spx_new.
 * This layer knows nothing of trees, models or puzzles.
 */
#ifndef SPX_H
#define SPX_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

typedef struct spx spx;

typedef enum {
    SPX_OPTIMAL, SPX_INFEASIBLE, SPX_UNBOUNDED, SPX_CUTOFF,
    SPX_ITER_LIMIT, SPX_STOPPED, SPX_NUMERIC
} spx_status;

/* Status of a variable in the basis. */
enum { SPX_BASIC, SPX_AT_LO, SPX_AT_UP, SPX_AT_ZERO };

typedef struct spx_params {
    double tol_primal;     /* |x - bound| <= tol_primal * (1 + |bound|)   */
    double tol_dual;       /* reduced costs of the wrong sign up to this  */
    double tol_pivot;      /* smallest |alpha| a ratio test accepts       */
    double tol_singular;   /* smallest pivot in a refactorization         */
    int refactor_every;    /* pivots between refactorizations             */
    double perturbation;   /* cost perturbation of zero objectives, or 0  */
    double iter_limit;     /* total iterations over the object's life     */
    /* Every simplex loop stops (SPX_STOPPED) once the monotonic clock
     * (spx_clock) passes deadline or *stop is nonzero (NULL: no flag). */
    double deadline;
    volatile sig_atomic_t *stop;
    int recovery;          /* 0: a failed certificate is SPX_NUMERIC now  */
    int scaling;           /* 1: scale A (geometric mean, equilibration)  */
    int crash;             /* 1: the first solve may start from a crash   */
                           /* basis (spx_crash.c)                         */
    int steepest_edge;     /* dual pricing: 0 Devex, 1 steepest edge in   */
                           /* spx_solve only, 2 steepest edge everywhere */
    int presolve;          /* the first solve of an LP of at least this   */
                           /* many rows starts from the optimal basis of  */
                           /* a reduced LP (spx_presolve.c); 0: never     */
    int budget;            /* iterations one solve may take, per row and */
                           /* column, with all its recoveries, before it */
                           /* is SPX_NUMERIC (a stall); 0: no such limit */
    int structural_ties;   /* 1: ties go by the structure's keys        */
                           /* (spx_keys.c); 0: by the lower index        */
    unsigned seed;         /* starts every pseudo-random sequence (the   */
                           /* perturbations); 0: the sequences of before */
} spx_params;

/* The first solve's algorithm (spx_solve). */
enum { SPX_AUTO, SPX_USE_PRIMAL, SPX_USE_DUAL };   /* AUTO: the dual */

/* What one iteration did; passed to the pivot observer. */
typedef struct spx_pivot {
    int phase;             /* 1, 2: primal phases; 3: dual; 4: dual phase 1 */
    int entering;          /* variable index, or -1                       */
    int leaving;           /* variable index, or -1 (a bound flip)        */
    int flips;             /* bound flips (dual ratio test)               */
    double dj, ratio, objective;
    long iteration;
    int start;             /* 1: no pivot; a run of the primal or dual
                              simplex starts from this basis (entering
                              and leaving -1), for a tableau at the start */
    int reduced;           /* 1: a pivot of the LP presolve's smaller LP
                              (indices mapped back): the full LP's basis
                              has not moved                              */
} spx_pivot_info;

/* Nonzero return: stop (status SPX_STOPPED). */
typedef int (*spx_pivot_observer)(void *ctx, const spx_pivot_info *p);

/* A copyable basis: head[m], stat[n+m] and the dual pricing
 * weights; restoring it refactorizes unless the factor can return to
 * the state it was saved with (the LU undoes the updates made since). */
typedef struct spx_basis {
    int m, nt;
    int *head;             /* [m]                                         */
    signed char *stat;     /* [nt]                                        */
    double *weight;        /* [m] dual pricing weights of the basis rows */
    int weights_valid;
    int neta, age;         /* the factor then: its updates, pivots since */
    long serial;           /* built, and a serial naming its state       */
} spx_basis;

/* A is given column-wise: column k has entries colptr[k] .. colptr[k+1]-1
 * of rowind/val. Bounds lo/up are [n+m] (columns, then rows); the cost c
 * is [n]. Everything is copied; the basis starts as the slack basis. */
spx *spx_new(int m, int n, const int *colptr, const int *rowind,
             const double *val, const double *c, const double *lo,
             const double *up, const spx_params *par);
void spx_free(spx *lp);

int spx_rows(const spx *lp);
int spx_cols(const spx *lp);

void spx_set_observer(spx *lp, spx_pivot_observer obs, void *ctx);
/* The basis inverse: SPX_BASIS_LU (sparse, the default) or SPX_BASIS_DENSE
 * (explicit m x m). Refactorizes the current basis. Returns 0, or -1 and
 * keeps the current one when the dense inverse would have more than
 * spx_dense_max_rows() rows or memory runs out. */
enum { SPX_BASIS_LU, SPX_BASIS_DENSE };
int spx_set_basis(spx *lp, int kind);
int spx_dense_max_rows(void);
/* Replaces the objective by c [n] (of the LP as given) for the solves
 * that follow; the basis stays, still primal feasible, so spx_primal
 * re-solves from it (the feasibility pump's distance objectives). NULL
 * gives the LP its own objective back. 0, or -1 when out of memory. */
int spx_set_cost(spx *lp, const double *c);
/* Changes a variable's bounds; a nonbasic variable moves with its bound
 * (x_B follows at the next solve). */
void spx_set_bounds(spx *lp, int k, double lo, double up);
double spx_lo(const spx *lp, int k);
double spx_up(const spx *lp, int k);
/* All bounds [n+m], read-only, for loops that read many (propagation);
 * the arrays live as long as the LP. */
const double *spx_lower(const spx *lp);
const double *spx_upper(const spx *lp);

/* Seconds on the monotonic clock the deadline is measured on. */
double spx_clock(void);

/* First solve of an LP: the dual simplex when the basis can be made dual
 * feasible (boxing the columns that block that with artificial bounds,
 * removed at the end by a primal clean-up), else the primal; a verdict
 * of unbounded or infeasible is checked by its ray before it is given.
 * algorithm: SPX_AUTO, or SPX_USE_PRIMAL / SPX_USE_DUAL to force one.
 * *by_dual (may be NULL) tells which algorithm did the main work. */
spx_status spx_solve(spx *lp, int algorithm, int *by_dual);
/* spx_solve as a retry of the solve before it (the same LP, after a
 * verdict that failed the caller's check): within what is left of that
 * solve's iteration budget (par.budget), so that the LP with all its
 * attempts takes at most par.budget (rows + columns) iterations;
 * SPX_NUMERIC at once when the budget ended that solve. */
spx_status spx_retry(spx *lp, int algorithm, int *by_dual);

/* First solve: primal phase 1 then phase 2 from the current basis. */
spx_status spx_primal(spx *lp);
/* Re-solve after bound changes from a dual feasible basis; stops with
 * SPX_CUTOFF once the objective exceeds cutoff (pass +inf for none).
 * Falls back to the primal simplex when the basis is not dual feasible. */
spx_status spx_dual(spx *lp, double cutoff);
/* spx_dual stopped after at most `iters` iterations, for a caller that
 * needs only a bound (strong branching's trial LPs): *bound gets the
 * objective at SPX_OPTIMAL and, at SPX_ITER_LIMIT of these iterations,
 * a lower bound on the LP's optimum from the duals reached (weak
 * duality, valid whatever their accuracy); else -inf (the LP's own
 * iter_limit is SPX_ITER_LIMIT with -inf). */
spx_status spx_dual_within(spx *lp, double cutoff, long iters, double *bound);
/* spx_solve from the slack basis, for a final point after the caller
 * fixed some columns: they are then nonbasic at exactly their values.
 * From a warm basis a fixed column can stay basic, off its value by up
 * to tol_primal (1 + 8e-11 for an integer fixed at 1, which a row of
 * 1e6 terms turns into a violation of 8e-5), with no pivot able to move
 * it out. */
spx_status spx_solve_cold(spx *lp);
/* spx_dual to a primal tolerance SPX_PRECISE_SHARE times tol_primal, on
 * fresh factors and x_B: a basic slack that met its row only within
 * tol_primal (in scaled terms: 8e-5 on a row of 1e6 terms) leaves. */
spx_status spx_dual_precise(spx *lp);

/* Lower bounds on the objective increase when the basic variable of row
 * r is forced down to `down` / up to `up` (Driebeck-Tomlin penalties;
 * +inf: that side is infeasible). Call at an optimum. */
void spx_penalties(spx *lp, int r, double down, double up,
                   double *pen_down, double *pen_up);
/* The basis row of variable k, or -1 if k is nonbasic. */
int spx_basis_row(const spx *lp, int k);

double spx_objective(const spx *lp);
const double *spx_values(const spx *lp);        /* [n+m] */
/* Reduced costs d[n+m] (0 on basic variables) and row duals y[m]. */
void spx_duals(spx *lp, double *y, double *d);
/* The reduced costs [n+m] as the last solve left them (no recompute);
 * a fixed column's (lo == up) may be stale. */
const double *spx_reduced_costs(const spx *lp);
int spx_var_status(const spx *lp, int k);
long spx_iterations(const spx *lp);
/* Seconds the last refactorization of the basis took (0 before one): a
 * measure of what rebuilding the LP costs, for a caller that must not
 * start one past a deadline. */
double spx_refactor_seconds(const spx *lp);
/* Rows the reduction of the first solve took out (spx_params.presolve),
 * 0 when it was not used. */
int spx_presolved_rows(const spx *lp);
/* After a solve that ended SPX_INFEASIBLE: its certificate as a row
 * over the columns, coef[n] x in [*lo, *up], implied by the rows and the
 * rows' bounds, that no x within the column bounds the solve had meets
 * (rounding residue taken out as the verdict's check did); returns 1,
 * else 0. */
int spx_farkas_row(spx *lp, double *coef, double *lo, double *up);
/* The same certificate's multipliers of the rows: y[m] (of the LP as
 * given; rounding residue 0) with coef = y^T A. Returns 1, else 0. */
int spx_farkas_multipliers(const spx *lp, double *y);
/* Nonzero once an allocation failed (the factors could not grow): every
 * later SPX_NUMERIC of this LP means out of memory. */
int spx_out_of_memory(const spx *lp);

/* Copies the tableau row of basis row r: alpha[k] for all k (n+m).
 * head(r) is the basic variable of row r. For teaching output. */
void spx_tableau_row(spx *lp, int r, double *alpha);
int spx_head(const spx *lp, int r);
/* A key of variable k from the LP's structure (spx_keys.c): the same
 * whatever the order of its columns and rows, equal for variables the
 * structure cannot tell apart; for breaking ties without the index. */
uint64_t spx_key(const spx *lp, int k);
/* Mixes salt[k] (n + m; e.g. a hash of the name) into the key of every
 * variable whose key another variable shares: ties the structure cannot
 * break then go alike in any order of the columns and rows. Returns how
 * many keys changed, -1 out of memory; 0 without structural ties. */
int spx_separate_keys(spx *lp, const uint64_t *salt);
/* A row of the LP with its key, the work of spx_sort_rows_by_key. */
typedef struct {
    uint64_t key;
    int row;
} spx_keyed_row;
/* rows[0..len-1] sorted by their keys, then index (work: [len]): the
 * same order in any order of the LP's columns and rows. */
void spx_sort_rows_by_key(const spx *lp, int *rows, int len,
                          spx_keyed_row *work);
/* A key of the row sum_k vals[k] x[cols[k]] (<=) rhs over the LP's
 * variables, from their keys: the same for the same row in any order
 * of its terms, and whatever the LP's order (a cut, to order cuts of
 * equal efficacy). */
uint64_t spx_terms_key(const spx *lp, int len, const int *cols,
                       const double *vals, double rhs);
/* 1 while dual phase 1 solves its auxiliary LP (spx_solve.c): every
 * bound 0, each missing one a box of width 1. */
int spx_in_dual_phase1(const spx *lp);

int spx_basis_init(spx_basis *b, int m, int nt);
void spx_basis_free(spx_basis *b);
void spx_basis_save(const spx *lp, spx_basis *b);
/* Returns 0, or nonzero if the basis was singular and had to be repaired. */
int spx_basis_restore(spx *lp, const spx_basis *b);

const char *spx_status_name(spx_status s);
/* After SPX_NUMERIC: what failed (a static string), or "". */
const char *spx_failure(const spx *lp);

/* spx_rows.c: rows for cutting planes. Row i's entries (all columns),
 * read-only. */
void spx_row(const spx *lp, int i, int *len, const int **cols,
             const double **vals);
/* Drops the rows with drop[i] (may be NULL) and appends k rows: row c has
 * entries start[c] .. start[c+1]-1 of idx/val and bounds lo[c], up[c].
 * The basis carries over with the new slacks basic, so a dual feasible
 * basis stays dual feasible (spx_dual re-solves); a dropped row whose
 * slack is nonbasic takes a basic column out (re-solve by spx_primal).
 * Returns 0, or -1 when out of memory (the LP is unchanged). */
int spx_change_rows(spx *lp, const char *drop, int k, const int *start,
                    const int *idx, const double *val, const double *lo,
                    const double *up);

#endif
