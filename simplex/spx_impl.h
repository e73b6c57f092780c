/*
 * spx_impl.h -- the simplex's working struct and the basis operations
 * shared by the primal and dual drivers. Private to simplex/.
 */
#ifndef SPX_IMPL_H
#define SPX_IMPL_H

#include "spx.h"

struct spx {
    int m, n, nt;                 /* nt = n + m                           */
    int *colptr, *rowind;         /* A by columns: [n+1], [nnz]           */
    double *colval;               /* [nnz]                                */
    int *rowptr, *colind;         /* A by rows: [m+1], [nnz]              */
    double *rowval;               /* [nnz]                                */
    double *cost;                 /* [nt], 0 on slacks                    */
    int zero_objective;           /* cost is a perturbation of c = 0      */
    double *lo, *up;              /* [nt]                                 */
    double *x;                    /* [nt] values of every variable        */
    double *d;                    /* [nt] reduced costs, 0 when basic     */
    double *pcost;                /* [nt] phase-1 costs                   */
    int *head;                    /* [m] basic variable of each row       */
    int *pos;                     /* [nt] basis row of a variable, or -1  */
    signed char *stat;            /* [nt] SPX_BASIC / AT_LO / AT_UP / ... */
    double *binv;                 /* [m*m] B^-1, row-major                */
    double *dse;                  /* [m] ||row i of B^-1||^2 (dual pricing)*/
    double *col;                  /* [m] work: B^-1 a_q                   */
    double *rho;                  /* [m] work: row r of B^-1 or y         */
    double *row;                  /* [nt] work: tableau row r             */
    double *tmp;                  /* [m] work                             */
    double *fac;                  /* [2*m*m] work: refactorization        */
    int *iwork;                   /* [5*m] work: refactorization          */
    int *cand;                    /* [nt] work: ratio-test candidates     */
    spx_params par;
    int since_refactor;
    long iters;
    spx_pivot_observer observer;
    void *observer_ctx;
};

/* Is variable k's value below its lower / above its upper bound by more
 * than tol_primal * (1 + |bound|)? */
int spx_below(const spx *lp, int k);
int spx_above(const spx *lp, int k);

/* Nonbasic value implied by stat: lo, up, or 0 for a free variable. */
double spx_nonbasic_value(const spx *lp, int k);

/* Recomputes B^-1 from head (repairing a singular basis with slacks),
 * then x_B and the DSE weights. Returns the number of repaired columns. */
int spx_refactor(spx *lp);
/* x_B = -B^-1 (sum over nonbasic k of a_k x_k), a_k of slack n+i = -e_i. */
void spx_compute_xb(spx *lp);
/* d_k = cost_k - y^T a_k with y^T = cost_B^T B^-1, for the given costs. */
void spx_compute_duals(spx *lp, const double *cost);
/* col = B^-1 a_k. */
void spx_ftran(spx *lp, int k, double *col);
/* row[k] = rho^T a_k for every nonbasic k (0 on basic ones), rho = row r
 * of B^-1 (copied into lp->rho). */
void spx_pivot_row(spx *lp, int r);
/* Replaces head[r] by q given col = B^-1 a_q; updates B^-1 and weights.
 * The leaving variable gets status leave_stat. */
void spx_pivot(spx *lp, int r, int q, const double *col, int leave_stat);
/* Objective cost^T x. */
double spx_current_objective(const spx *lp);
/* Tells the observer; returns nonzero when it asks to stop. */
int spx_notify(spx *lp, int phase, int entering, int leaving, int flips,
               double dj, double ratio);

#endif
