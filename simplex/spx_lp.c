/*
 * spx_lp.c -- the LP in simplex form and its basis: creation, the dense
 * basis inverse (refactorization and rank-one updates), FTRAN, the pivot
 * row, duals, basis save/restore.
 *
 * Why an explicit dense inverse: the models this solver is for have tens
 * to a few hundred rows, where one m x m array beats sparse LU on
 * simplicity and speed; its rows are exactly what the dual simplex needs
 * (rho_r = e_r^T B^-1) and their squared norms are the exact dual
 * steepest-edge weights, kept up to date at no extra pass. Rounding
 * errors of the product-form updates are wiped out by refactorizing
 * every refactor_every pivots.
 */
#include "spx_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void *alloc_array(size_t count, size_t size)
{
    return calloc(count ? count : 1, size);
}

static void build_row_copy(spx *lp)
{
    int m = lp->m, n = lp->n;
    for (int k = 0; k < n; k++)
        for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
            lp->rowptr[lp->rowind[e] + 1]++;
    for (int i = 0; i < m; i++)
        lp->rowptr[i + 1] += lp->rowptr[i];
    int *fill = lp->cand;
    memcpy(fill, lp->rowptr, (size_t)m * sizeof *fill);
    for (int k = 0; k < n; k++)
        for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
            int at = fill[lp->rowind[e]]++;
            lp->colind[at] = k;
            lp->rowval[at] = lp->colval[e];
        }
}

double spx_nonbasic_value(const spx *lp, int k)
{
    switch (lp->stat[k]) {
    case SPX_AT_LO: return lp->lo[k];
    case SPX_AT_UP: return lp->up[k];
    default: return 0.0;
    }
}

/* The status a nonbasic variable takes by default: its finite bound
 * nearest zero, or zero when free. */
static int default_status(const spx *lp, int k)
{
    if (isfinite(lp->lo[k]) && isfinite(lp->up[k]))
        return fabs(lp->lo[k]) <= fabs(lp->up[k]) ? SPX_AT_LO : SPX_AT_UP;
    if (isfinite(lp->lo[k]))
        return SPX_AT_LO;
    if (isfinite(lp->up[k]))
        return SPX_AT_UP;
    return SPX_AT_ZERO;
}

/* Makes a nonbasic status agree with the current bounds. */
static int valid_status(const spx *lp, int k, int stat)
{
    if (stat == SPX_AT_LO && isfinite(lp->lo[k]))
        return stat;
    if (stat == SPX_AT_UP && isfinite(lp->up[k]))
        return stat;
    return default_status(lp, k);
}

static void slack_basis(spx *lp)
{
    for (int k = 0; k < lp->nt; k++) {
        lp->pos[k] = -1;
        lp->stat[k] = (signed char)default_status(lp, k);
        lp->x[k] = spx_nonbasic_value(lp, k);
    }
    for (int i = 0; i < lp->m; i++) {
        int k = lp->n + i;
        lp->head[i] = k;
        lp->pos[k] = i;
        lp->stat[k] = SPX_BASIC;
    }
}

static int allocate(spx *lp, int nnz)
{
    size_t m = (size_t)lp->m, nt = (size_t)lp->nt;
    lp->colptr = alloc_array((size_t)lp->n + 1, sizeof(int));
    lp->rowind = alloc_array((size_t)nnz, sizeof(int));
    lp->colval = alloc_array((size_t)nnz, sizeof(double));
    lp->rowptr = alloc_array(m + 1, sizeof(int));
    lp->colind = alloc_array((size_t)nnz, sizeof(int));
    lp->rowval = alloc_array((size_t)nnz, sizeof(double));
    lp->cost = alloc_array(nt, sizeof(double));
    lp->lo = alloc_array(nt, sizeof(double));
    lp->up = alloc_array(nt, sizeof(double));
    lp->x = alloc_array(nt, sizeof(double));
    lp->d = alloc_array(nt, sizeof(double));
    lp->pcost = alloc_array(nt, sizeof(double));
    lp->head = alloc_array(m, sizeof(int));
    lp->pos = alloc_array(nt, sizeof(int));
    lp->stat = alloc_array(nt, 1);
    lp->binv = alloc_array(m * m, sizeof(double));
    lp->fac = alloc_array(2 * m * m, sizeof(double));
    lp->iwork = alloc_array(5 * m, sizeof(int));
    lp->dse = alloc_array(m, sizeof(double));
    lp->col = alloc_array(m, sizeof(double));
    lp->rho = alloc_array(m, sizeof(double));
    lp->tmp = alloc_array(m, sizeof(double));
    lp->row = alloc_array(nt, sizeof(double));
    lp->cand = alloc_array(nt + m + 1, sizeof(int));
    return lp->colptr && lp->rowind && lp->colval && lp->rowptr &&
           lp->colind && lp->rowval && lp->cost && lp->lo && lp->up &&
           lp->x && lp->d && lp->pcost && lp->head && lp->pos &&
           lp->stat && lp->binv && lp->fac && lp->dse && lp->col &&
           lp->rho && lp->tmp && lp->row && lp->cand && lp->iwork;
}

/*
 * A model without objective (a puzzle) makes every reduced cost zero, so
 * every dual ratio ties and the dual simplex wanders among degenerate
 * bases. Tiny positive costs in [p/100, p] (fixed per column, so runs
 * repeat) break the ties; as the true objective is 0, any basis stays
 * optimal for it, and spx_objective and spx_duals report the true 0.
 */
static void perturb_zero_objective(spx *lp)
{
    if (lp->par.perturbation <= 0)
        return;
    for (int k = 0; k < lp->n; k++)
        if (lp->cost[k] != 0)
            return;
    lp->zero_objective = 1;
    for (int k = 0; k < lp->n; k++) {
        unsigned h = (unsigned)k * 2654435761u;
        lp->cost[k] = lp->par.perturbation * (1 + (h >> 7) % 100) / 100.0;
    }
}

spx *spx_new(int m, int n, const int *colptr, const int *rowind,
             const double *val, const double *c, const double *lo,
             const double *up, const spx_params *par)
{
    spx *lp = calloc(1, sizeof *lp);
    if (!lp)
        return NULL;
    lp->m = m;
    lp->n = n;
    lp->nt = n + m;
    lp->par = *par;
    int nnz = colptr[n];
    if (!allocate(lp, nnz)) {
        spx_free(lp);
        return NULL;
    }
    memcpy(lp->colptr, colptr, ((size_t)n + 1) * sizeof(int));
    memcpy(lp->rowind, rowind, (size_t)nnz * sizeof(int));
    memcpy(lp->colval, val, (size_t)nnz * sizeof(double));
    memcpy(lp->cost, c, (size_t)n * sizeof(double));
    perturb_zero_objective(lp);
    memcpy(lp->lo, lo, (size_t)lp->nt * sizeof(double));
    memcpy(lp->up, up, (size_t)lp->nt * sizeof(double));
    build_row_copy(lp);
    slack_basis(lp);
    spx_refactor(lp);
    return lp;
}

void spx_free(spx *lp)
{
    if (!lp)
        return;
    free(lp->colptr); free(lp->rowind); free(lp->colval);
    free(lp->rowptr); free(lp->colind); free(lp->rowval);
    free(lp->cost); free(lp->lo); free(lp->up); free(lp->x); free(lp->d);
    free(lp->pcost); free(lp->head); free(lp->pos); free(lp->stat);
    free(lp->binv); free(lp->fac); free(lp->dse); free(lp->col);
    free(lp->rho); free(lp->tmp); free(lp->row); free(lp->cand);
    free(lp->iwork);
    free(lp);
}

int spx_rows(const spx *lp) { return lp->m; }
int spx_cols(const spx *lp) { return lp->n; }
long spx_iterations(const spx *lp) { return lp->iters; }
int spx_var_status(const spx *lp, int k) { return lp->stat[k]; }
int spx_head(const spx *lp, int r) { return lp->head[r]; }
int spx_basis_row(const spx *lp, int k) { return lp->pos[k]; }
const double *spx_values(const spx *lp) { return lp->x; }
const double *spx_reduced_costs(const spx *lp) { return lp->d; }
double spx_lo(const spx *lp, int k) { return lp->lo[k]; }
double spx_up(const spx *lp, int k) { return lp->up[k]; }

void spx_set_observer(spx *lp, spx_pivot_observer obs, void *ctx)
{
    lp->observer = obs;
    lp->observer_ctx = ctx;
}

/* A basic variable keeps its value (the dual simplex then repairs any
 * infeasibility); a nonbasic one moves to its bound, which changes x_B:
 * the caller re-solves, and spx_dual recomputes x_B on entry. */
void spx_set_bounds(spx *lp, int k, double lo, double up)
{
    lp->lo[k] = lo;
    lp->up[k] = up;
    if (lp->stat[k] != SPX_BASIC) {
        lp->stat[k] = (signed char)valid_status(lp, k, lp->stat[k]);
        lp->x[k] = spx_nonbasic_value(lp, k);
    }
}

int spx_below(const spx *lp, int k)
{
    return lp->x[k] < lp->lo[k] - lp->par.tol_primal * (1 + fabs(lp->lo[k]));
}

int spx_above(const spx *lp, int k)
{
    return lp->x[k] > lp->up[k] + lp->par.tol_primal * (1 + fabs(lp->up[k]));
}

double spx_current_objective(const spx *lp)
{
    double z = 0;
    if (lp->zero_objective)
        return z;
    for (int k = 0; k < lp->n; k++)
        z += lp->cost[k] * lp->x[k];
    return z;
}

double spx_objective(const spx *lp) { return spx_current_objective(lp); }

/*
 * Refactorization works on the kernel only. Order the basic variables
 * as (slacks, structurals) and the rows as (rows of basic slacks R_s,
 * the k others R_k); then
 *
 *     B = [ -I  A_s ]      B^-1 = [ -I  A_s K^-1 ]
 *         [  0  K   ]             [  0  K^-1     ]
 *
 * with K = A[R_k, structural basic columns] (k x k): a k^3 inversion
 * instead of m^3, and most bases of puzzle models hold many slacks.
 */
typedef struct {
    int k;
    int *col_pos;    /* [k] basis position of structural b               */
    int *row;        /* [k] kernel row a (a row index of A)             */
    int *slack_pos;  /* [m] basis position of row i's basic slack, or -1 */
    int *piv;        /* [k] kernel row pivoting structural b, or -1     */
    char *used;      /* [k] kernel row has pivoted                      */
} kernel;

static void kernel_setup(spx *lp, kernel *kn)
{
    int m = lp->m, k = 0, r = 0;
    kn->slack_pos = lp->iwork;
    kn->col_pos = lp->iwork + m;
    kn->row = lp->iwork + 2 * m;
    kn->piv = lp->iwork + 3 * m;
    kn->used = (char *)(lp->iwork + 4 * m);
    for (int i = 0; i < m; i++)
        kn->slack_pos[i] = -1;
    for (int p = 0; p < m; p++) {
        int v = lp->head[p];
        if (v >= lp->n)
            kn->slack_pos[v - lp->n] = p;
        else
            kn->col_pos[k++] = p;
    }
    for (int i = 0; i < m; i++)
        if (kn->slack_pos[i] < 0)
            kn->row[r++] = i;
    kn->k = k;
}

/* K into fac (k x k, row-major), the identity into fac + k*k. */
static void kernel_load(spx *lp, const kernel *kn)
{
    int k = kn->k;
    double *a = lp->fac, *e = lp->fac + (size_t)k * k;
    memset(a, 0, 2 * (size_t)k * k * sizeof(double));
    int *where = lp->cand;   /* row -> kernel index, or -1 */
    for (int i = 0; i < lp->m; i++)
        where[i] = -1;
    for (int r = 0; r < k; r++)
        where[kn->row[r]] = r;
    for (int b = 0; b < k; b++) {
        int v = lp->head[kn->col_pos[b]];
        for (int q = lp->colptr[v]; q < lp->colptr[v + 1]; q++) {
            int at = where[lp->rowind[q]];
            if (at >= 0)
                a[(size_t)at * k + b] += lp->colval[q];
        }
        e[(size_t)b * k + b] = 1.0;
    }
}

/* Gauss-Jordan with partial pivoting on [K | I] -> [P | E]: K^-1 row b
 * is E row piv[b]. Returns the number of columns without a pivot above
 * tol_singular (piv[b] = -1): the basis is singular there. */
static int kernel_invert(spx *lp, kernel *kn)
{
    int k = kn->k, deficient = 0;
    double *a = lp->fac, *e = lp->fac + (size_t)k * k;
    memset(kn->used, 0, (size_t)k);
    for (int b = 0; b < k; b++) {
        int p = -1;
        double best = lp->par.tol_singular;
        for (int i = 0; i < k; i++)
            if (!kn->used[i] && fabs(a[(size_t)i * k + b]) > best) {
                best = fabs(a[(size_t)i * k + b]);
                p = i;
            }
        kn->piv[b] = p;
        if (p < 0) {
            deficient++;
            continue;
        }
        kn->used[p] = 1;
        double *ap = a + (size_t)p * k, *ep = e + (size_t)p * k;
        double inv = 1.0 / ap[b];
        for (int j = b; j < k; j++)
            ap[j] *= inv;
        for (int j = 0; j < k; j++)
            ep[j] *= inv;
        for (int i = 0; i < k; i++) {
            double f = a[(size_t)i * k + b];
            if (i == p || f == 0.0)
                continue;
            double *ai = a + (size_t)i * k, *ei = e + (size_t)i * k;
            for (int j = b; j < k; j++)
                ai[j] -= f * ap[j];
            for (int j = 0; j < k; j++)
                ei[j] -= f * ep[j];
        }
    }
    return deficient;
}

/* Replaces each dependent structural by the slack of an unpivoted
 * kernel row. */
static void repair_basis(spx *lp, const kernel *kn)
{
    int r = 0;
    for (int b = 0; b < kn->k; b++) {
        if (kn->piv[b] >= 0)
            continue;
        while (kn->used[r])
            r++;
        int p = kn->col_pos[b], old = lp->head[p];
        int slack = lp->n + kn->row[r++];
        lp->pos[old] = -1;
        lp->stat[old] = (signed char)default_status(lp, old);
        lp->x[old] = spx_nonbasic_value(lp, old);
        lp->pos[slack] = p;
        lp->stat[slack] = SPX_BASIC;
        lp->head[p] = slack;
    }
}

/* Assembles B^-1 from K^-1 by the block formula above. */
static void kernel_assemble(spx *lp, const kernel *kn)
{
    int m = lp->m, k = kn->k;
    const double *e = lp->fac + (size_t)k * k;
    memset(lp->binv, 0, (size_t)m * m * sizeof(double));
    for (int i = 0; i < m; i++)
        if (kn->slack_pos[i] >= 0)
            lp->binv[(size_t)kn->slack_pos[i] * m + i] = -1.0;
    for (int b = 0; b < k; b++) {
        const double *kinv = e + (size_t)kn->piv[b] * k;
        double *out = lp->binv + (size_t)kn->col_pos[b] * m;
        for (int a = 0; a < k; a++)
            out[kn->row[a]] = kinv[a];
        int v = lp->head[kn->col_pos[b]];
        for (int q = lp->colptr[v]; q < lp->colptr[v + 1]; q++) {
            int sp = kn->slack_pos[lp->rowind[q]];
            if (sp < 0)
                continue;
            double f = lp->colval[q];
            double *o = lp->binv + (size_t)sp * m;
            for (int a = 0; a < k; a++)
                o[kn->row[a]] += f * kinv[a];
        }
    }
}

static void compute_weights(spx *lp)
{
    int m = lp->m;
    for (int i = 0; i < m; i++) {
        const double *b = lp->binv + (size_t)i * m;
        double s = 0;
        for (int j = 0; j < m; j++)
            s += b[j] * b[j];
        lp->dse[i] = s;
    }
}

int spx_refactor(spx *lp)
{
    int repaired = 0;
    kernel kn;
    for (;;) {
        kernel_setup(lp, &kn);
        kernel_load(lp, &kn);
        int deficient = kernel_invert(lp, &kn);
        if (deficient == 0)
            break;
        repaired += deficient;
        repair_basis(lp, &kn);
    }
    kernel_assemble(lp, &kn);
    lp->since_refactor = 0;
    compute_weights(lp);
    spx_compute_xb(lp);
    return repaired;
}

void spx_compute_xb(spx *lp)
{
    int m = lp->m, n = lp->n;
    double *r = lp->tmp;
    memset(r, 0, (size_t)m * sizeof *r);
    for (int k = 0; k < lp->nt; k++) {
        if (lp->stat[k] == SPX_BASIC)
            continue;
        double v = lp->x[k] = spx_nonbasic_value(lp, k);
        if (v == 0.0)
            continue;
        if (k >= n) {
            r[k - n] -= v;
            continue;
        }
        for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
            r[lp->rowind[e]] += lp->colval[e] * v;
    }
    int *idx = lp->iwork, nz = 0;   /* r is often sparse: visit its nonzeros */
    for (int j = 0; j < m; j++)
        if (r[j] != 0.0)
            idx[nz++] = j;
    for (int i = 0; i < m; i++) {
        const double *b = lp->binv + (size_t)i * m;
        double s = 0;
        for (int k = 0; k < nz; k++)
            s += b[idx[k]] * r[idx[k]];
        lp->x[lp->head[i]] = -s;
    }
}

void spx_compute_duals(spx *lp, const double *cost)
{
    int m = lp->m, n = lp->n;
    double *y = lp->rho;
    memset(y, 0, (size_t)m * sizeof *y);
    for (int i = 0; i < m; i++) {
        double cb = cost[lp->head[i]];
        if (cb == 0.0)
            continue;
        const double *b = lp->binv + (size_t)i * m;
        for (int j = 0; j < m; j++)
            y[j] += cb * b[j];
    }
    for (int k = 0; k < lp->nt; k++) {
        if (lp->stat[k] == SPX_BASIC) {
            lp->d[k] = 0.0;
            continue;
        }
        if (k >= n) {
            lp->d[k] = cost[k] + y[k - n];
            continue;
        }
        double s = cost[k];
        for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
            s -= y[lp->rowind[e]] * lp->colval[e];
        lp->d[k] = s;
    }
}

void spx_duals(spx *lp, double *y, double *d)
{
    if (lp->zero_objective)
        memset(lp->pcost, 0, (size_t)lp->nt * sizeof *lp->pcost);
    spx_compute_duals(lp, lp->zero_objective ? lp->pcost : lp->cost);
    if (y)
        memcpy(y, lp->rho, (size_t)lp->m * sizeof *y);
    if (d)
        memcpy(d, lp->d, (size_t)lp->nt * sizeof *d);
}

void spx_ftran(spx *lp, int k, double *col)
{
    int m = lp->m;
    if (k >= lp->n) {
        for (int i = 0; i < m; i++)
            col[i] = -lp->binv[(size_t)i * m + (k - lp->n)];
        return;
    }
    memset(col, 0, (size_t)m * sizeof *col);
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
        int r = lp->rowind[e];
        double v = lp->colval[e];
        for (int i = 0; i < m; i++)
            col[i] += lp->binv[(size_t)i * m + r] * v;
    }
}

/* row[k] = rho^T a_k for all k (basic ones included), rho = e_r^T B^-1. */
static void full_row(spx *lp, int r, double *row)
{
    int m = lp->m, n = lp->n;
    memcpy(lp->rho, lp->binv + (size_t)r * m, (size_t)m * sizeof(double));
    memset(row, 0, (size_t)n * sizeof *row);
    for (int i = 0; i < m; i++) {
        double ri = lp->rho[i];
        row[n + i] = -ri;
        if (ri == 0.0)
            continue;
        for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
            row[lp->colind[e]] += ri * lp->rowval[e];
    }
}

void spx_pivot_row(spx *lp, int r)
{
    full_row(lp, r, lp->row);
    for (int i = 0; i < lp->m; i++)
        lp->row[lp->head[i]] = 0.0;
}

void spx_tableau_row(spx *lp, int r, double *alpha)
{
    full_row(lp, r, alpha);
}

/*
 * Product-form update of B^-1 for entering q at row r, col = B^-1 a_q:
 * row r is divided by col_r, every other row i loses col_i times it.
 * Row r of B^-1 is mostly zeros in the models we meet (15-30% filled),
 * so only its nonzero positions are visited, and each row's DSE weight
 * ||row||^2 is updated by the change of those entries alone (exact
 * weights come back at each refactorization).
 */
void spx_pivot(spx *lp, int r, int q, const double *col, int leave_stat)
{
    int m = lp->m, nz = 0;
    int *idx = lp->iwork;
    double *br = lp->binv + (size_t)r * m;
    double inv = 1.0 / col[r], wr = 0;
    for (int j = 0; j < m; j++) {
        if (br[j] == 0.0)
            continue;
        br[j] *= inv;
        wr += br[j] * br[j];
        idx[nz++] = j;
    }
    lp->dse[r] = wr;
    for (int i = 0; i < m; i++) {
        double f = col[i];
        if (i == r || f == 0.0)
            continue;
        double *bi = lp->binv + (size_t)i * m, dw = 0;
        for (int k = 0; k < nz; k++) {
            int j = idx[k];
            double old = bi[j], now = old - f * br[j];
            dw += now * now - old * old;
            bi[j] = now;
        }
        lp->dse[i] += dw;
        if (!(lp->dse[i] > 0))
            lp->dse[i] = 1.0;
    }
    int p = lp->head[r];
    lp->pos[p] = -1;
    lp->stat[p] = (signed char)leave_stat;
    lp->d[q] = 0.0;
    lp->head[r] = q;
    lp->pos[q] = r;
    lp->stat[q] = SPX_BASIC;
    lp->since_refactor++;
    lp->iters++;
}

int spx_notify(spx *lp, int phase, int entering, int leaving, int flips,
               double dj, double ratio)
{
    if (!lp->observer)
        return 0;
    spx_pivot_info p = {phase, entering, leaving, flips, dj, ratio,
                   spx_current_objective(lp), lp->iters};
    return lp->observer(lp->observer_ctx, &p);
}

int spx_basis_init(spx_basis *b, int m, int nt, int keep_inverse)
{
    b->m = m;
    b->nt = nt;
    b->head = alloc_array((size_t)m, sizeof(int));
    b->stat = alloc_array((size_t)nt, 1);
    b->binv = keep_inverse ? alloc_array((size_t)m * m + m, sizeof(double))
                           : NULL;
    if (!b->head || !b->stat || (keep_inverse && !b->binv)) {
        spx_basis_free(b);
        return -1;
    }
    return 0;
}

void spx_basis_free(spx_basis *b)
{
    free(b->head);
    free(b->stat);
    free(b->binv);
    b->head = NULL;
    b->stat = NULL;
    b->binv = NULL;
}

void spx_basis_save(const spx *lp, spx_basis *b)
{
    size_t m = (size_t)lp->m;
    memcpy(b->head, lp->head, m * sizeof(int));
    memcpy(b->stat, lp->stat, (size_t)lp->nt);
    if (b->binv) {
        memcpy(b->binv, lp->binv, m * m * sizeof(double));
        memcpy(b->binv + m * m, lp->dse, m * sizeof(double));
        b->age = lp->since_refactor;
    }
}

int spx_basis_restore(spx *lp, const spx_basis *b)
{
    size_t m = (size_t)lp->m;
    memcpy(lp->head, b->head, m * sizeof(int));
    for (int k = 0; k < lp->nt; k++) {
        lp->pos[k] = -1;
        int s = b->stat[k];
        lp->stat[k] = (signed char)(s == SPX_BASIC ? s
                                                   : valid_status(lp, k, s));
    }
    for (int i = 0; i < lp->m; i++)
        lp->pos[lp->head[i]] = i;
    if (!b->binv)
        return spx_refactor(lp);
    memcpy(lp->binv, b->binv, m * m * sizeof(double));
    memcpy(lp->dse, b->binv + m * m, m * sizeof(double));
    lp->since_refactor = b->age;
    spx_compute_xb(lp);
    return 0;
}

const char *spx_status_name(spx_status s)
{
    static const char *names[] = {"optimal", "infeasible", "unbounded",
                                  "cutoff", "iteration limit", "stopped",
                                  "numerical failure"};
    return names[s];
}
