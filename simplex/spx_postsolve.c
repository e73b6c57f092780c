/*
 * spx_postsolve.c -- the reduced LP's optimal basis carried back to the
 * full LP (spx_presolve.c), with the duals of the rows taken out chosen
 * so that the full basis is dual feasible too (Andersen and Andersen
 * 1995, sec. 4).
 *
 * The reductions are undone last first. Each sees the LP as it was just
 * before that reduction: the rows kept to the end (duals from the
 * reduced LP) and those taken out after it (duals set already); the
 * rows taken out before it are not there yet (dual 0). A column's
 * reduced cost at that step is that of its column then, which carries
 * the columns substituted into it before the step:
 *     D_j = d_j + sum over x_c = alpha_c x_j + ... substituted before
 *           of alpha_c D_c,
 * with d_j = c_j - y^T a_j on the full LP's own column.
 *   - A substituted column x_k is basic, its equation's slack nonbasic,
 *     and the equation's dual y_i = D_k / a_ik makes D_k = 0.
 *   - A column at a bound that a singleton row gave it is basic, the
 *     row's slack nonbasic at its matching bound, y_i = D_j / a_ij; so
 *     is a column that the row fixed at its other bound when D_j asks
 *     to move toward the row's (fixed between two rows, the row that
 *     D_j pushes on).
 *   - A forcing row that fixed its columns at the bounds of its least
 *     (greatest) activity takes the dual delta that makes every one of
 *     them dual feasible, D_j - delta a_ij of the sign its bound needs,
 *     delta <= 0 (>= 0) for its slack; the column that sets delta is
 *     basic, the slack nonbasic at the forced bound.
 *   - Every other row taken out has a basic slack and dual 0.
 * Each step adds one basic variable for the row it puts back, so the
 * result has m; the full solve from it decides every verdict.
 */
#include "spx_presolve.h"

#include <stdlib.h>

typedef struct {
    const presolve *p;
    const spx *lp;
    double *y;                /* [m] row duals, 0 until set            */
    signed char *at;          /* [n] SPX_BASIC, or at p->lo / p->up    */
    int *first, *next;        /* [n] children by drep, latest first    */
    int *stack;               /* [n] merged_cost's walk                */
    double *mult;             /* [n] the alpha products on the walk    */
    long work, budget;
} postsolve;

/* d_j = c_j - y^T a_j on the full LP's column. */
static double reduced_cost(postsolve *q, int j)
{
    const spx *lp = q->lp;
    double d = lp->cost[j];
    for (int e = lp->colptr[j]; e < lp->colptr[j + 1]; e++)
        d -= q->y[lp->rowind[e]] * lp->colval[e];
    q->work += lp->colptr[j + 1] - lp->colptr[j] + 1;
    return d;
}

/* D of column j with the columns substituted into it before step t:
 * the tree below j, each column's d times the product of the alphas on
 * its path, walked with a stack (substitutions can chain for long). */
static double merged_cost(postsolve *q, int j, int t)
{
    double d = reduced_cost(q, j);
    int top = 0;
    for (int c = q->first[j]; c >= 0; c = q->next[c])
        if (q->p->when[c] < t) {
            q->stack[top] = c;
            q->mult[top++] = q->p->dalpha[c];
        }
    while (top > 0 && q->work <= q->budget) {
        int c = q->stack[--top];
        double m = q->mult[top];
        d += m * reduced_cost(q, c);
        for (int g = q->first[c]; g >= 0; g = q->next[g]) {
            q->stack[top] = g;
            q->mult[top++] = m * q->p->dalpha[g];
        }
    }
    return d;
}

/* The full LP's status for x_j at the presolve bound q->at[j]: its own
 * bound of that value, or -1 when that value is no bound of its own. */
static int full_status(const postsolve *q, int j)
{
    const presolve *p = q->p;
    double v = q->at[j] == SPX_AT_UP ? p->up[j] : p->lo[j];
    if (v == q->lp->lo[j])
        return SPX_AT_LO;
    if (v == q->lp->up[j])
        return SPX_AT_UP;
    return -1;
}

/* Does D asks a column at full status s to leave its bound? */
static int wants_out(const postsolve *q, int s, double d)
{
    double tol = q->lp->par.tol_dual;
    return (s == SPX_AT_LO && d < -tol) || (s == SPX_AT_UP && d > tol);
}

/* The slack of singleton row i on x_j at the bound the row gave x_j:
 * at the row's lower bound when that is x_j's lower one and a > 0. */
static int singleton_side(const presolve *p, int i, int j, int at)
{
    int upper = p->up_row[j] == i &&
                (p->lo_row[j] != i || at == SPX_AT_UP);
    return upper != (p->rcoef[i] < 0) ? SPX_AT_UP : SPX_AT_LO;
}

static void undo_singleton(postsolve *q, int i, int t, signed char *stat)
{
    const presolve *p = q->p;
    int j = p->rcol[i];
    stat[p->n + i] = SPX_BASIC;
    if (p->rep[j] != j || q->at[j] == SPX_BASIC ||
        (p->lo_row[j] != i && p->up_row[j] != i))
        return;
    int s = full_status(q, j);
    double d = merged_cost(q, j, t);
    if (s >= 0 && !wants_out(q, s, d))
        return;
    if (s < 0 && presolve_fixed(p, j) && p->lo_row[j] >= 0 &&
        p->up_row[j] >= 0 && (d > 0 ? p->lo_row[j] : p->up_row[j]) != i)
        return;   /* fixed between two rows: the one d pushes on holds */
    q->y[i] = d / p->rcoef[i];
    stat[p->n + i] = (signed char)singleton_side(p, i, j, q->at[j]);
    q->at[j] = SPX_BASIC;
}

static void undo_forcing(postsolve *q, int i, int t, signed char *stat)
{
    const presolve *p = q->p;
    int up = p->force_up[i], best = -1;
    double delta = 0.0;
    stat[p->n + i] = SPX_BASIC;
    for (int e = p->fstart[i]; e < p->fstart[i] + p->flen[i]; e++) {
        int j = p->fcol[e];
        if (q->at[j] == SPX_BASIC || q->lp->lo[j] == q->lp->up[j])
            continue;
        double r = merged_cost(q, j, t) / p->fval[e];
        if (up ? r < delta : r > delta) {
            delta = r;
            best = j;
        }
    }
    if (best < 0)
        return;
    q->y[i] = delta;
    q->at[best] = SPX_BASIC;
    stat[p->n + i] = up ? SPX_AT_UP : SPX_AT_LO;
}

static void undo_doubleton(postsolve *q, int i, int t, signed char *stat)
{
    int k = q->p->rcol[i];
    q->y[i] = merged_cost(q, k, t) / q->p->rcoef[i];
    stat[q->p->n + i] = SPX_AT_LO;   /* an equation: lo = up */
}

static void undo(postsolve *q, signed char *stat)
{
    const presolve *p = q->p;
    for (int t = p->nsteps - 1; t >= 0; t--) {
        int i = p->order[t];
        switch (p->kind[i]) {
        case ROW_SINGLETON: undo_singleton(q, i, t, stat); break;
        case ROW_FORCING: undo_forcing(q, i, t, stat); break;
        case ROW_DOUBLETON: undo_doubleton(q, i, t, stat); break;
        default: stat[p->n + i] = SPX_BASIC; break;
        }
    }
}

/* Starting point: the reduced LP's statuses and duals, children lists. */
static void start(postsolve *q, const int *newcol, const int *newrow,
                  int red_n, const signed char *red_stat,
                  const double *red_y, signed char *stat)
{
    const presolve *p = q->p;
    for (int j = 0; j < p->n; j++) {
        q->first[j] = -1;
        q->at[j] = newcol[j] >= 0 ? red_stat[newcol[j]] : SPX_AT_LO;
    }
    for (int j = 0; j < p->n; j++) {
        if (p->drep[j] < 0)
            continue;
        q->next[j] = q->first[p->drep[j]];
        q->first[p->drep[j]] = j;
    }
    for (int i = 0; i < p->m; i++) {
        q->y[i] = newrow[i] >= 0 ? red_y[newrow[i]] : 0.0;
        stat[p->n + i] = newrow[i] >= 0 ? red_stat[red_n + newrow[i]]
                                        : SPX_BASIC;
    }
}

/* The columns' statuses; 0 when one sits at no bound of its own. */
static int finish(const postsolve *q, signed char *stat)
{
    const presolve *p = q->p;
    for (int j = 0; j < p->n; j++) {
        if (p->rep[j] != j || q->at[j] == SPX_BASIC) {
            stat[j] = SPX_BASIC;
            continue;
        }
        if (q->at[j] == SPX_AT_ZERO) {
            stat[j] = SPX_AT_ZERO;
            continue;
        }
        int s = full_status(q, j);
        if (s < 0)
            return 0;
        stat[j] = (signed char)s;
    }
    int basics = 0;
    for (int k = 0; k < p->n + p->m; k++)
        basics += stat[k] == SPX_BASIC;
    return basics == p->m;
}

int spx_postsolve(const presolve *p, const int *newcol, const int *newrow,
                  int red_n, const signed char *red_stat,
                  const double *red_y, signed char *stat)
{
    postsolve q = {.p = p, .lp = p->lp};
    q.y = malloc(((size_t)p->m + 1) * sizeof *q.y);
    q.at = malloc((size_t)p->n + 1);
    q.first = malloc(((size_t)p->n + 1) * sizeof *q.first);
    q.next = malloc(((size_t)p->n + 1) * sizeof *q.next);
    q.stack = malloc(((size_t)p->n + 1) * sizeof *q.stack);
    q.mult = malloc(((size_t)p->n + 1) * sizeof *q.mult);
    q.budget = SPX_POSTSOLVE_WORK * ((long)p->lp->colptr[p->n] + p->n);
    int ok = q.y && q.at && q.first && q.next && q.stack && q.mult;
    if (ok) {
        start(&q, newcol, newrow, red_n, red_stat, red_y, stat);
        undo(&q, stat);
        ok = finish(&q, stat);
    }
    free(q.y); free(q.at); free(q.first); free(q.next);
    free(q.stack); free(q.mult);
    return ok;
}
