/*
 * spx_presolve.c -- a smaller LP to find the first basis of a large one.
 *
 * Before the first solve of an LP of many rows, the rows and columns
 * that are determined by others are taken out (Andersen and Andersen
 * 1995, "Presolving in linear programming"):
 *   - a column fixed by its bounds (branching and propagation fix many
 *     in a puzzle) becomes a constant of its rows;
 *   - a row left with no column is dropped;
 *   - a row left with one column becomes a bound of that column;
 *   - an equation left with two columns, a_j x_j + a_k x_k = b, where
 *     x_j's bounds keep x_k within its own, substitutes x_k =
 *     (b - a_j x_j) / a_k into every row (x_a = x_b, V3ck's symmetry
 *     rows, is the common case);
 *   - a row whose least (or greatest) activity over the bounds is its
 *     upper (lower) bound fixes every column at the bound that gives
 *     it (Infinity Loop's border rows x_a + x_b = 0);
 *   - a row that is a multiple of an earlier one, bounds included, is
 *     dropped (the substitutions make V3ck's two rows of an edge one).
 * The reduced LP is solved on its own, and its optimal basis is carried
 * back with the duals of the rows taken out (spx_postsolve.c): a basis
 * of the full LP, one basic variable per row, nonsingular by the order
 * of the eliminations and optimal when every step was exact. The full
 * LP is then solved from it. The full LP decides every verdict: the
 * reduction only chooses where its simplex starts, so a reduction that
 * is merely approximate (a coefficient that cancels to rounding noise)
 * costs pivots, never correctness. Everything here is on the scaled LP.
 */
#include "spx_presolve.h"

#include <stdlib.h>
#include <string.h>

/* a and b within SPX_PRESOLVE_TOL of each other; an infinite one only
 * equals itself (else |a - b| and the tolerance are both infinite, and a
 * row with an infinite side looked forcing at its finite activity). */
static int near(double a, double b)
{
    if (isinf(a) || isinf(b))
        return a == b;
    return fabs(a - b) <= SPX_PRESOLVE_TOL * (1 + fabs(a) + fabs(b));
}

/* x_k = alpha x_rep + beta with rep a live column. The chain from k is
 * gathered first, without recursion (chains of substitutions can be as
 * long as a row of cells), then each link is pointed at the live end
 * directly, nearest it first (path compression). */
static int resolve(presolve *p, int k, double *al, double *be)
{
    int len = 0, r = k;
    while (p->rep[r] != r) {
        p->chain[len++] = r;
        r = p->rep[r];
    }
    double a = 1.0, b = 0.0;   /* x_c = a x_r + b for c = chain[t] */
    for (int t = len - 1; t >= 0; t--) {
        int c = p->chain[t];
        b = p->alpha[c] * b + p->beta[c];
        a *= p->alpha[c];
        p->alpha[c] = a;
        p->beta[c] = b;
        p->rep[c] = r;
    }
    *al = a;
    *be = b;
    return r;
}

/* Row i in terms of the live, unfixed columns (p->list, p->acc) and a
 * constant (p->shift). */
static void map_row(presolve *p, int i)
{
    const spx *lp = p->lp;
    p->len = 0;
    p->shift = 0.0;
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++) {
        double a = lp->rowval[e], al, be;
        int j = resolve(p, lp->colind[e], &al, &be);
        if (presolve_fixed(p, j)) {
            p->shift += a * (al * p->lo[j] + be);
            continue;
        }
        p->shift += a * be;
        if (p->big[j] == 0.0)
            p->list[p->len++] = j;
        p->acc[j] += a * al;
        p->big[j] = fmax(p->big[j], fabs(a * al));
    }
    int kept = 0;
    for (int t = 0; t < p->len; t++) {
        int j = p->list[t];
        if (fabs(p->acc[j]) > SPX_PRESOLVE_CANCEL * p->big[j])
            p->list[kept++] = j;
        else
            p->acc[j] = p->big[j] = 0.0;
    }
    p->len = kept;
}

static void clear_row(presolve *p)
{
    for (int t = 0; t < p->len; t++)
        p->acc[p->list[t]] = p->big[p->list[t]] = 0.0;
}

/* Does a bound of x_j moved from `from` to `to` by a singleton row
 * (entry a, side `side`) cut more of the row's activity than
 * SPX_PRESOLVE_SIDE_SHARE of the margin the full LP meets the row within
 * (tol_primal (1 + |side|))? A smaller cut is not the row's to make: a
 * tiny entry, in a row that a binary at 1 meets within that margin,
 * fixed the binary at 0 and lost the optimum (spx_tune.h tells the
 * case). */
static int cuts(const presolve *p, double a, double from, double to,
                double side)
{
    return fabs(a) * fabs(to - from) > SPX_PRESOLVE_SIDE_SHARE *
                                           p->lp->par.tol_primal *
                                           (1 + fabs(side));
}

/* a x_j in [lo, hi]: tighten x_j's bounds; 0 when they cross. */
static int singleton(presolve *p, int i, int j, double a, double lo,
                     double hi)
{
    double l = (a > 0 ? lo : hi) / a, u = (a > 0 ? hi : lo) / a;
    double side_l = a > 0 ? p->rlo[i] : p->rup[i];
    double side_u = a > 0 ? p->rup[i] : p->rlo[i];
    if (l > p->lo[j] && !near(l, p->lo[j]) &&
        cuts(p, a, p->lo[j], l, side_l)) {
        p->lo[j] = l;
        p->lo_row[j] = i;
    }
    if (u < p->up[j] && !near(u, p->up[j]) &&
        cuts(p, a, p->up[j], u, side_u)) {
        p->up[j] = u;
        p->up_row[j] = i;
    }
    if (p->lo[j] > p->up[j]) {
        if (!near(p->lo[j], p->up[j]))
            return 0;
        p->up[j] = p->lo[j];   /* fixed: its row in lo_row, if any */
        p->up_row[j] = -1;
    }
    p->kind[i] = ROW_SINGLETON;
    p->rcol[i] = j;
    p->rcoef[i] = a;
    p->order[p->nsteps++] = i;
    return 1;
}

/* Do x_j's bounds keep x_k = (b - a_j x_j) / a_k within x_k's? */
static int implied_free(const presolve *p, int j, double aj, int k,
                        double ak, double b)
{
    double v1 = (b - aj * p->lo[j]) / ak, v2 = (b - aj * p->up[j]) / ak;
    double lo = fmin(v1, v2), hi = fmax(v1, v2);
    if (isnan(lo) || isnan(hi))
        return 0;
    return (lo >= p->lo[k] || near(lo, p->lo[k])) &&
           (hi <= p->up[k] || near(hi, p->up[k]));
}

/* a_j x_j + a_k x_k = b: substitutes x_k (or else x_j) out when the
 * other column's bounds imply its own. */
static int doubleton(presolve *p, int i, double b)
{
    int j = p->list[0], k = p->list[1];
    double aj = p->acc[j], ak = p->acc[k];
    if (!implied_free(p, j, aj, k, ak, b)) {
        if (!implied_free(p, k, ak, j, aj, b))
            return 0;
        int t = j; j = k; k = t;
        double s = aj; aj = ak; ak = s;
    }
    p->rep[k] = j;
    p->alpha[k] = -aj / ak;
    p->beta[k] = b / ak;
    p->objconst += p->beta[k] * p->cost[k];
    p->cost[j] += p->alpha[k] * p->cost[k];
    p->cost[k] = 0.0;
    p->kind[i] = ROW_DOUBLETON;
    p->rcol[i] = k;
    p->rcoef[i] = ak;
    p->drep[k] = j;
    p->dalpha[k] = p->alpha[k];
    p->when[k] = p->nsteps;
    p->order[p->nsteps++] = i;
    return 1;
}

/* The activity range of the mapped row over the column bounds. */
static void activity_range(const presolve *p, double *min, double *max)
{
    *min = *max = 0.0;
    for (int t = 0; t < p->len; t++) {
        int j = p->list[t];
        double a = p->acc[j];
        *min += a > 0 ? a * p->lo[j] : a * p->up[j];
        *max += a > 0 ? a * p->up[j] : a * p->lo[j];
    }
}

/* Fixes every column of the mapped row at the bound that gives the
 * row's least activity (at_max: its greatest). */
static void force_row(presolve *p, int i, int at_max)
{
    for (int t = 0; t < p->len; t++) {
        int j = p->list[t];
        if ((p->acc[j] > 0) != at_max) {
            p->up[j] = p->lo[j];
            p->up_row[j] = -1;
        } else {
            p->lo[j] = p->up[j];
            p->lo_row[j] = -1;
        }
    }
    p->kind[i] = ROW_FORCING;
    p->force_up[i] = (signed char)!at_max;
    p->fstart[i] = p->nf;
    p->flen[i] = p->len;
    for (int t = 0; t < p->len; t++) {
        p->fcol[p->nf] = p->list[t];
        p->fval[p->nf++] = p->acc[p->list[t]];
    }
    p->order[p->nsteps++] = i;
}

/* 1 when the row was forcing (and is now dropped), -1 when its bounds
 * cannot be met, else 0. */
static int forcing(presolve *p, int i, double lo, double hi)
{
    double min, max;
    activity_range(p, &min, &max);
    if ((isfinite(min) && min > hi && !near(min, hi)) ||
        (isfinite(max) && max < lo && !near(max, lo)))
        return -1;
    if (isfinite(min) && near(min, hi)) {
        force_row(p, i, 0);
        return 1;
    }
    if (isfinite(max) && near(max, lo)) {
        force_row(p, i, 1);
        return 1;
    }
    return 0;
}

/* One pass over the rows still kept; returns the rows removed, or -1
 * when a row cannot hold (the full LP will prove it). */
static int reduce_pass(presolve *p)
{
    int removed = 0;
    for (int i = 0; i < p->m; i++) {
        if (p->kind[i] != ROW_KEEP)
            continue;
        map_row(p, i);
        double lo = p->rlo[i] - p->shift, hi = p->rup[i] - p->shift;
        int ok = 1, done = 0;
        if (p->len == 0) {
            ok = (lo <= 0 || near(lo, 0)) && (hi >= 0 || near(hi, 0));
            p->kind[i] = ROW_EMPTY;
            p->order[p->nsteps++] = i;
            done = 1;
        } else if (p->len == 1) {
            ok = singleton(p, i, p->list[0], p->acc[p->list[0]], lo, hi);
            done = 1;
        } else {
            int f = forcing(p, i, lo, hi);
            ok = f >= 0;
            done = f > 0;
            if (!done && p->len == 2 && p->rlo[i] == p->rup[i] &&
                isfinite(lo))
                done = doubleton(p, i, lo);
        }
        clear_row(p);
        if (!ok)
            return -1;
        removed += done;
    }
    return removed;
}

/* The kept rows in live columns, sorted by column, as a row-wise
 * matrix (start[i] .. start[i + 1] for kept row i, in row order). */
typedef struct {
    int *start, *col;
    double *val, *lo, *up;
    int rows, nnz;
} reduced_rows;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void gather_rows(presolve *p, reduced_rows *r)
{
    r->rows = r->nnz = 0;
    r->start[0] = 0;
    for (int i = 0; i < p->m; i++) {
        if (p->kind[i] != ROW_KEEP)
            continue;
        map_row(p, i);
        qsort(p->list, (size_t)p->len, sizeof *p->list, cmp_int);
        for (int t = 0; t < p->len; t++) {
            r->col[r->nnz] = p->list[t];
            r->val[r->nnz++] = p->acc[p->list[t]];
        }
        r->lo[r->rows] = p->rlo[i] - p->shift;
        r->up[r->rows] = p->rup[i] - p->shift;
        r->start[++r->rows] = r->nnz;
        clear_row(p);
    }
}

/* Is kept row b a multiple of kept row a, bounds included? */
static int same_row(const reduced_rows *r, int a, int b)
{
    int la = r->start[a + 1] - r->start[a], lb = r->start[b + 1] - r->start[b];
    if (la != lb)
        return 0;
    const int *ca = r->col + r->start[a], *cb = r->col + r->start[b];
    const double *va = r->val + r->start[a], *vb = r->val + r->start[b];
    double f = vb[0] / va[0];
    for (int t = 0; t < la; t++)
        if (ca[t] != cb[t] || !near(va[t] * f, vb[t]))
            return 0;
    double lo = f > 0 ? r->lo[a] * f : r->up[a] * f;
    double up = f > 0 ? r->up[a] * f : r->lo[a] * f;
    return (lo == r->lo[b] || near(lo, r->lo[b])) &&
           (up == r->up[b] || near(up, r->up[b]));
}

/* Marks in dup[] the kept rows that repeat an earlier one; returns how
 * many. Rows are hashed by their columns. */
static int find_duplicates(const reduced_rows *r, char *dup)
{
    int size = 2 * r->rows + 1, count = 0;
    int *bucket = malloc((size_t)size * sizeof *bucket);
    int *next = malloc(((size_t)r->rows + 1) * sizeof *next);
    if (!bucket || !next) {
        free(bucket);
        free(next);
        return 0;
    }
    for (int h = 0; h < size; h++)
        bucket[h] = -1;
    for (int i = 0; i < r->rows; i++) {
        unsigned h = (unsigned)(r->start[i + 1] - r->start[i]);
        for (int e = r->start[i]; e < r->start[i + 1]; e++)
            h = h * SPX_HASH_MULT + (unsigned)r->col[e];
        h %= (unsigned)size;
        dup[i] = 0;
        for (int o = bucket[h]; o >= 0 && !dup[i]; o = next[o])
            dup[i] = (char)same_row(r, o, i);
        if (dup[i]) {
            count++;
            continue;
        }
        next[i] = bucket[h];
        bucket[h] = i;
    }
    free(bucket);
    free(next);
    return count;
}

/* The reduced LP, its columns and rows numbered in order, with var[]
 * mapping each of its variables to the full LP's. */
typedef struct {
    spx *lp;
    int *var;                 /* [n' + m'] */
    int *newcol;              /* [n] full column -> reduced, or -1 */
    int *newrow;              /* [m] full row -> reduced, or -1 */
    double objconst;
} reduced_lp;

static int number_columns(const presolve *p, reduced_lp *red)
{
    int nn = 0;
    for (int j = 0; j < p->n; j++)
        red->newcol[j] = p->rep[j] == j && !presolve_fixed(p, j) ? nn++ : -1;
    return nn;
}

/* Builds the reduced spx from the kept, unrepeated rows. */
static int build_reduced(presolve *p, const reduced_rows *r, const char *dup,
                         reduced_lp *red)
{
    const spx *lp = p->lp;
    int nn = number_columns(p, red), mm = 0;
    for (int i = 0, t = 0; i < p->m; i++)
        red->newrow[i] = p->kind[i] == ROW_KEEP && !dup[t++] ? mm++ : -1;
    size_t nt = (size_t)nn + (size_t)mm;
    int *colptr = calloc((size_t)nn + 1, sizeof *colptr);
    int *rowind = malloc(((size_t)r->nnz + 1) * sizeof *rowind);
    double *val = malloc(((size_t)r->nnz + 1) * sizeof *val);
    double *cost = malloc(((size_t)nn + 1) * sizeof *cost);
    double *lo = malloc(nt * sizeof *lo), *up = malloc(nt * sizeof *up);
    double *ones = malloc(nt * sizeof *ones);
    red->var = malloc(nt * sizeof *red->var);
    int ok = colptr && rowind && val && cost && lo && up && ones && red->var;
    if (ok) {
        for (int i = 0; i < r->rows; i++)
            if (!dup[i])
                for (int e = r->start[i]; e < r->start[i + 1]; e++)
                    colptr[red->newcol[r->col[e]] + 1]++;
        for (int j = 0; j < nn; j++)
            colptr[j + 1] += colptr[j];
        int *fill = red->var;   /* borrowed as the fill pointers */
        memcpy(fill, colptr, (size_t)nn * sizeof *fill);
        for (int i = 0, rr = 0; i < r->rows; i++) {
            if (dup[i])
                continue;
            for (int e = r->start[i]; e < r->start[i + 1]; e++) {
                int c = red->newcol[r->col[e]];
                rowind[fill[c]] = rr;
                val[fill[c]++] = r->val[e];
            }
            lo[nn + rr] = r->lo[i];
            up[nn + rr] = r->up[i];
            rr++;
        }
        red->objconst = p->objconst;
        for (int j = 0; j < p->n; j++) {
            int c = red->newcol[j];
            if (c >= 0) {
                red->var[c] = j;
                cost[c] = p->cost[j];
                lo[c] = p->lo[j];
                up[c] = p->up[j];
            } else if (p->rep[j] == j) {
                red->objconst += p->cost[j] * p->lo[j];
            }
        }
        for (int i = 0; i < p->m; i++)
            if (red->newrow[i] >= 0)
                red->var[nn + red->newrow[i]] = lp->n + i;
        for (size_t k = 0; k < nt; k++)
            ones[k] = 1.0;
        spx_params par = lp->par;
        par.perturbation = 0.0;   /* the costs are perturbed already */
        par.presolve = 0;
        par.iter_limit = lp->par.iter_limit - (double)lp->iters;
        red->lp = spx_build(mm, nn, colptr, rowind, val, cost, lo, up, &par,
                            ones);
        ok = red->lp != NULL;
    }
    free(colptr); free(rowind); free(val); free(cost);
    free(lo); free(up); free(ones);
    return ok;
}

/* Installs stat as the LP's basis, with Devex-like unit weights (exact
 * ones cost a BTRAN per row). */
static int install_basis(spx *lp, const signed char *stat)
{
    spx_basis b;
    if (spx_basis_init(&b, lp->m, lp->nt) != 0)
        return 0;
    memcpy(b.stat, stat, (size_t)lp->nt);
    for (int k = 0, r = 0; k < lp->nt; k++)
        if (stat[k] == SPX_BASIC)
            b.head[r++] = k;
    for (int i = 0; i < lp->m; i++)
        b.weight[i] = 1.0;
    b.weights_valid = 1;
    b.neta = 0;
    b.age = 0;
    b.serial = -1;   /* no factor state to resume: a rebuild */
    spx_basis_restore(lp, &b);
    spx_basis_free(&b);
    return 1;
}

/* Pivots of the reduced LP told in the full LP's variables. */
typedef struct {
    spx *lp;
    const reduced_lp *red;
    long base;
} forward_ctx;

static int forward_pivot(void *ctx, const spx_pivot_info *info)
{
    const forward_ctx *f = ctx;
    spx_pivot_info q = *info;
    if (q.start)   /* the full LP's own start comes later, from its basis */
        return 0;
    q.reduced = 1;
    if (q.entering >= 0) {
        q.entering = f->red->var[q.entering];
        q.dj /= f->lp->sc[q.entering];
        q.ratio *= f->lp->sc[q.entering];
    }
    if (q.leaving >= 0)
        q.leaving = f->red->var[q.leaving];
    q.iteration += f->base;
    q.objective += f->red->objconst;
    return f->lp->observer(f->lp->observer_ctx, &q);
}

static void presolve_free(presolve *p)
{
    free(p->lo); free(p->up); free(p->lo_row); free(p->up_row);
    free(p->cost); free(p->rep); free(p->chain); free(p->alpha); free(p->beta);
    free(p->rlo); free(p->rup); free(p->kind); free(p->rcol);
    free(p->rcoef); free(p->acc); free(p->big); free(p->list);
    free(p->drep); free(p->when); free(p->dalpha); free(p->order);
    free(p->fstart); free(p->flen); free(p->fcol); free(p->fval);
    free(p->force_up);
}

static int presolve_init(presolve *p, const spx *lp)
{
    size_t n = (size_t)lp->n + 1, m = (size_t)lp->m + 1;
    *p = (presolve){.lp = lp, .m = lp->m, .n = lp->n};
    p->lo = malloc(n * sizeof *p->lo);
    p->up = malloc(n * sizeof *p->up);
    p->lo_row = malloc(n * sizeof *p->lo_row);
    p->up_row = malloc(n * sizeof *p->up_row);
    p->cost = malloc(n * sizeof *p->cost);
    p->rep = malloc(n * sizeof *p->rep);
    p->chain = malloc(n * sizeof *p->chain);
    p->alpha = malloc(n * sizeof *p->alpha);
    p->beta = malloc(n * sizeof *p->beta);
    p->rlo = malloc(m * sizeof *p->rlo);
    p->rup = malloc(m * sizeof *p->rup);
    p->kind = calloc(m, sizeof *p->kind);
    p->rcol = malloc(m * sizeof *p->rcol);
    p->rcoef = calloc(m, sizeof *p->rcoef);
    p->acc = calloc(n, sizeof *p->acc);
    p->big = calloc(n, sizeof *p->big);
    p->list = malloc(n * sizeof *p->list);
    p->drep = malloc(n * sizeof *p->drep);
    p->when = malloc(n * sizeof *p->when);
    p->dalpha = malloc(n * sizeof *p->dalpha);
    p->order = malloc(m * sizeof *p->order);
    p->fstart = malloc(m * sizeof *p->fstart);
    p->flen = malloc(m * sizeof *p->flen);
    size_t nnz = (size_t)lp->rowptr[lp->m] + 1;
    p->fcol = malloc(nnz * sizeof *p->fcol);
    p->fval = malloc(nnz * sizeof *p->fval);
    p->force_up = calloc(m, sizeof *p->force_up);
    if (!p->lo || !p->up || !p->lo_row || !p->up_row || !p->cost ||
        !p->rep || !p->chain || !p->alpha || !p->beta || !p->rlo || !p->rup ||
        !p->kind || !p->rcol || !p->rcoef || !p->acc || !p->big ||
        !p->list || !p->drep || !p->when || !p->dalpha || !p->order ||
        !p->fstart || !p->flen || !p->fcol || !p->fval || !p->force_up)
        return 0;
    for (int j = 0; j < lp->n; j++) {
        p->lo[j] = lp->lo[j];
        p->up[j] = lp->up[j];
        p->lo_row[j] = p->up_row[j] = -1;
        p->cost[j] = lp->cost[j];
        p->rep[j] = j;
        p->alpha[j] = 1.0;
        p->beta[j] = 0.0;
        p->drep[j] = p->when[j] = -1;
        p->dalpha[j] = 0.0;
    }
    memcpy(p->rlo, lp->lo + lp->n, (size_t)lp->m * sizeof *p->rlo);
    memcpy(p->rup, lp->up + lp->n, (size_t)lp->m * sizeof *p->rup);
    return 1;
}

/* The reductions; returns the rows they remove, or -1 when some row
 * cannot hold. */
static int reduce(presolve *p)
{
    int removed = 0;
    for (int pass = 0; pass < SPX_PRESOLVE_PASSES; pass++) {
        int r = reduce_pass(p);
        if (r < 0)
            return -1;
        removed += r;
        if (r == 0)
            break;
    }
    return removed;
}

/* Solves the reduced LP and carries its basis back: 1 when the LP now
 * starts from it, else 0 (or the reduced solve's limit in *st, -1). */
static int solve_reduced(spx *lp, const presolve *p, reduced_lp *red,
                         spx_status *st)
{
    forward_ctx f = {lp, red, lp->iters};
    if (lp->observer)
        spx_set_observer(red->lp, forward_pivot, &f);
    *st = spx_solve(red->lp, SPX_AUTO, NULL);
    lp->presolve_iters = spx_iterations(red->lp);
    lp->iters += lp->presolve_iters;
    if (*st == SPX_STOPPED || *st == SPX_ITER_LIMIT)
        return -1;
    if (*st != SPX_OPTIMAL && *st != SPX_INFEASIBLE)
        return 0;
    /* From an infeasible reduced LP's last basis too: the full LP then
     * proves its own verdict (its Farkas check), but not from the slack
     * basis (cplex1: 5214 -> 2684 pivots). */
    int nn = spx_cols(red->lp), mm = spx_rows(red->lp);
    signed char *stat = malloc((size_t)lp->nt);
    signed char *red_stat = malloc((size_t)(nn + mm) + 1);
    double *y = malloc(((size_t)mm + 1) * sizeof *y);
    double *d = malloc(((size_t)(nn + mm) + 1) * sizeof *d);
    int ok = stat && red_stat && y && d;
    if (ok) {
        for (int k = 0; k < nn + mm; k++)
            red_stat[k] = (signed char)spx_var_status(red->lp, k);
        spx_duals(red->lp, y, d);
        ok = spx_postsolve(p, red->newcol, red->newrow, nn, red_stat, y,
                           stat) &&
             install_basis(lp, stat);
    }
    free(stat); free(red_stat); free(y); free(d);
    return ok;
}

int spx_presolve(spx *lp, spx_status *st)
{
    if (!lp->par.presolve || lp->m < lp->par.presolve)
        return 0;
    presolve p;
    reduced_lp red = {0};
    reduced_rows r = {0};
    char *dup = NULL;
    int result = 0;
    if (!presolve_init(&p, lp) )
        goto done;
    int removed = reduce(&p);
    int nnz = lp->rowptr[lp->m];
    r.start = malloc(((size_t)lp->m + 1) * sizeof *r.start);
    r.col = malloc(((size_t)nnz + 1) * sizeof *r.col);
    r.val = malloc(((size_t)nnz + 1) * sizeof *r.val);
    r.lo = malloc(((size_t)lp->m + 1) * sizeof *r.lo);
    r.up = malloc(((size_t)lp->m + 1) * sizeof *r.up);
    dup = malloc((size_t)lp->m + 1);
    red.newcol = malloc(((size_t)lp->n + 1) * sizeof *red.newcol);
    red.newrow = malloc(((size_t)lp->m + 1) * sizeof *red.newrow);
    if (removed < 0 || !r.start || !r.col || !r.val || !r.lo || !r.up ||
        !dup || !red.newcol || !red.newrow)
        goto done;
    gather_rows(&p, &r);
    removed += find_duplicates(&r, dup);
    if (removed < SPX_PRESOLVE_MIN_GAIN * lp->m ||
        !build_reduced(&p, &r, dup, &red))
        goto done;
    result = solve_reduced(lp, &p, &red, st);
    lp->presolved_rows = result ? removed : 0;
done:
    spx_free(red.lp);
    free(red.var); free(red.newcol); free(red.newrow);
    free(r.start); free(r.col); free(r.val); free(r.lo); free(r.up);
    free(dup);
    presolve_free(&p);
    return result;
}
