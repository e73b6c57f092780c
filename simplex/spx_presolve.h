/*
 * spx_presolve.h -- the reductions of spx_presolve.c as a record that
 * spx_postsolve.c reads to carry the reduced LP's basis back. Private
 * to simplex/.
 */
#ifndef SPX_PRESOLVE_H
#define SPX_PRESOLVE_H

#include "spx_impl.h"

/* What became of a row: kept, or taken out by which reduction. */
enum { ROW_KEEP, ROW_EMPTY, ROW_SINGLETON, ROW_DOUBLETON, ROW_FORCING };

typedef struct {
    const spx *lp;            /* the full LP, scaled                   */
    int m, n;
    double *lo, *up;          /* [n] column bounds, tightened          */
    int *lo_row, *up_row;     /* [n] singleton row behind a bound, -1  */
    double *cost;             /* [n] costs with substitutions added    */
    int *rep;                 /* [n] x_k = alpha x_rep + beta, rep     */
    double *alpha, *beta;     /* [n] live (path compressed)            */
    int *chain;               /* [n] work: a chain being compressed    */
    /* The substitution as made: x_k = dalpha x_drep + ..., drep then
     * live, at step when[k] of the order below (-1: not substituted). */
    int *drep, *when;         /* [n]                                   */
    double *dalpha;           /* [n]                                   */
    double *rlo, *rup;        /* [m] row activity bounds               */
    signed char *kind;        /* [m] ROW_*                             */
    /* The singleton's column and coefficient, or the substituted
     * column and its coefficient in its equation (in live columns). */
    int *rcol;                /* [m]                                   */
    double *rcoef;            /* [m]                                   */
    int *order, nsteps;       /* [m] the rows taken out, in order      */
    /* A forcing row's live columns and coefficients when it was taken
     * out: fcol/fval[fstart[i] .. fstart[i] + flen[i]). */
    int *fstart, *flen, *fcol, nf;
    double *fval;
    signed char *force_up;    /* [m] least activity at its upper bound */
    /* map_row's result: the row in live columns, and the constant
     * that fixed and substituted columns add to its activity */
    double *acc;              /* [n] scatter                           */
    double *big;              /* [n] largest term summed into acc      */
    int *list, len;           /* [n] its columns                       */
    double shift;
    double objconst;          /* cost of the substituted constants     */
} presolve;

static inline int presolve_fixed(const presolve *p, int j)
{
    return p->lo[j] == p->up[j];
}

/* spx_postsolve.c: the statuses stat[n + m] of the full LP from those
 * of the reduced LP (red_stat over its n' + m' variables, its row duals
 * red_y[m']), newcol[j] and newrow[i] naming each full column and row
 * there (-1: taken out or repeated). Returns 0 when the result is not a
 * basis (no m basic variables), else 1. */
int spx_postsolve(const presolve *p, const int *newcol, const int *newrow,
                  int red_n, const signed char *red_stat,
                  const double *red_y, signed char *stat);

#endif
