/*
 * spx_lp.c -- the LP in simplex form and its basis: creation, bounds,
 * x_B and the duals, FTRAN of a column, the pivot row, the basis update
 * after a pivot, basis save/restore. The inverse itself is behind
 * spx_factor.h (sparse LU in spx_eta.c, dense in spx_dense.c).
 */
#include "spx_proof.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void *alloc_array(size_t count, size_t size)
{
    return calloc(count ? count : 1, size);
}

static void swap_in_row(spx *lp, int a, int b)
{
    int c = lp->colind[a], e = lp->rowent[a];
    double v = lp->rowval[a];
    double u = lp->urowval[a];
    lp->colind[a] = lp->colind[b];
    lp->rowval[a] = lp->rowval[b];
    lp->urowval[a] = lp->urowval[b];
    lp->rowent[a] = lp->rowent[b];
    lp->colind[b] = c;
    lp->rowval[b] = v;
    lp->urowval[b] = u;
    lp->rowent[b] = e;
    lp->rowpos[lp->rowent[a]] = a;
    lp->rowpos[lp->rowent[b]] = b;
}

/* Column k's entries leave (fixed) or rejoin the front of their rows. */
static void move_in_rows(spx *lp, int k, int fixed)
{
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
        int i = lp->rowind[e];
        int to = fixed ? --lp->rowend[i] : lp->rowend[i]++;
        swap_in_row(lp, lp->rowpos[e], to);
    }
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
            lp->rowval[at] = lp->urowval[at] = lp->colval[e];
            lp->rowpos[e] = at;
            lp->rowent[at] = e;
        }
    for (int i = 0; i < m; i++)
        lp->rowend[i] = lp->rowptr[i + 1];
    for (int k = 0; k < n; k++) {
        lp->in_front[k] = lp->lo[k] < lp->up[k];
        if (!lp->in_front[k])
            move_in_rows(lp, k, 1);
    }
}

/* Moves the entries of the columns whose fixing changed since the last
 * call to their side of rowend. */
static void sync_row_copy(spx *lp)
{
    for (int t = 0; t < lp->nstale; t++) {
        int k = lp->stale[t];
        signed char front = lp->lo[k] < lp->up[k];
        lp->stale_mark[k] = 0;
        if (front != lp->in_front[k]) {
            move_in_rows(lp, k, !front);
            lp->in_front[k] = front;
        }
    }
    lp->nstale = 0;
}

double spx_nonbasic_value(const spx *lp, int k)
{
    switch (lp->stat[k]) {
    case SPX_AT_LO: return lp->lo[k];
    case SPX_AT_UP: return lp->up[k];
    default: return 0.0;
    }
}

int spx_default_status(const spx *lp, int k)
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
    return spx_default_status(lp, k);
}

static void slack_basis(spx *lp)
{
    for (int k = 0; k < lp->nt; k++) {
        lp->pos[k] = -1;
        lp->stat[k] = (signed char)spx_default_status(lp, k);
        lp->x[k] = spx_nonbasic_value(lp, k);
    }
    for (int i = 0; i < lp->m; i++) {
        int k = lp->n + i;
        lp->head[i] = k;
        lp->pos[k] = i;
        lp->stat[k] = SPX_BASIC;
        lp->weight[i] = 1.0;
    }
    lp->weights_valid = 1;
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
    lp->rowend = alloc_array(m, sizeof(int));
    lp->rowpos = alloc_array((size_t)nnz, sizeof(int));
    lp->rowent = alloc_array((size_t)nnz, sizeof(int));
    lp->cost = alloc_array(nt, sizeof(double));
    lp->lo = alloc_array(nt, sizeof(double));
    lp->up = alloc_array(nt, sizeof(double));
    lp->key = alloc_array(nt, sizeof(uint64_t));
    lp->x = alloc_array(nt, sizeof(double));
    lp->d = alloc_array(nt, sizeof(double));
    lp->pcost = alloc_array(nt, sizeof(double));
    lp->head = alloc_array(m, sizeof(int));
    lp->pos = alloc_array(nt, sizeof(int));
    lp->stat = alloc_array(nt, 1);
    lp->hwork = alloc_array(m, sizeof(int));
    lp->weight = alloc_array(m, sizeof(double));
    lp->col = alloc_array(m, sizeof(double));
    lp->colnz = alloc_array(m, sizeof(int));
    lp->row_slacks = alloc_array(m, sizeof(int));
    lp->rhonz = alloc_array(m, sizeof(int));
    lp->infeas = alloc_array(m, sizeof(int));
    lp->in_infeas = alloc_array(m, 1);
    lp->rho = alloc_array(m, sizeof(double));
    lp->farkas = alloc_array(m, sizeof(double));
    lp->tmp = alloc_array(m, sizeof(double));
    lp->pend = alloc_array(m, sizeof(double));
    lp->row = alloc_array(nt, sizeof(double));
    lp->wvar = alloc_array(nt, sizeof(double));
    lp->cand = alloc_array(nt + m + 1, sizeof(int));
    lp->brk = alloc_array(nt + 1, sizeof(spx_breakpoint));
    lp->movable = alloc_array(nt, sizeof(int));
    lp->in_movable = alloc_array(nt, 1);
    lp->rownz = alloc_array(nt, sizeof(int));
    lp->rowmark = alloc_array((size_t)lp->n, 1);
    lp->stale = alloc_array((size_t)lp->n, sizeof(int));
    lp->stale_mark = alloc_array((size_t)lp->n, 1);
    lp->in_front = alloc_array((size_t)lp->n, 1);
    lp->sc = alloc_array(nt, sizeof(double));
    lp->ulo = alloc_array(nt, sizeof(double));
    lp->uup = alloc_array(nt, sizeof(double));
    lp->ux = alloc_array(nt, sizeof(double));
    lp->ud = alloc_array(nt, sizeof(double));
    lp->urowval = alloc_array((size_t)nnz, sizeof(double));
    return lp->colptr && lp->rowind && lp->colval && lp->rowptr &&
           lp->colind && lp->rowval && lp->rowend && lp->rowpos &&
           lp->rowent && lp->cost && lp->lo && lp->up && lp->key &&
           lp->x && lp->d && lp->pcost && lp->head && lp->pos &&
           lp->stat && lp->hwork && lp->weight && lp->col &&
           lp->colnz && lp->row_slacks && lp->rhonz && lp->infeas && lp->in_infeas &&
           lp->rho && lp->farkas && lp->tmp && lp->pend && lp->row && lp->wvar && lp->cand && lp->brk && lp->movable &&
           lp->in_movable && lp->rownz && lp->rowmark && lp->stale &&
           lp->stale_mark && lp->in_front &&
           lp->sc && lp->ulo && lp->uup && lp->ux && lp->ud && lp->urowval;
}

/*
 * A model without objective (a puzzle) makes every reduced cost zero, so
 * every dual ratio ties and the dual simplex wanders among degenerate
 * bases. Tiny positive costs in [p/100, p] (fixed per column and seed,
 * so runs repeat) break the ties; as the true objective is 0, any basis stays
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
        unsigned h = ((unsigned)k ^ spx_seed_mix(lp)) * SPX_HASH_MULT;
        double c = lp->par.perturbation * (1 + (h >> 7) % SPX_PERTURB_LEVELS) /
                   (double)SPX_PERTURB_LEVELS;
        /* toward a finite bound, so that the perturbed LP stays bounded
         * (a free column keeps cost 0): "unbounded" would be a lie */
        lp->cost[k] = isfinite(lp->lo[k]) ? c : isfinite(lp->up[k]) ? -c : 0;
    }
}

static spx_factor *new_factor(const spx *lp, int kind)
{
    spx_matrix a = {lp->m, lp->n, lp->colptr, lp->rowind, lp->colval,
                    lp->rowptr, lp->colind, lp->rowval};
    return spx_factor_new(kind, &a, lp->par.tol_singular);
}

spx *spx_new(int m, int n, const int *colptr, const int *rowind,
             const double *val, const double *c, const double *lo,
             const double *up, const spx_params *par)
{
    return spx_build(m, n, colptr, rowind, val, c, lo, up, par, NULL);
}

/* The row copy and the fixed columns' places in it are found on the LP
 * as given, then both copies are scaled; the keys when asked (a rebuild
 * with other rows carries them over instead: spx_carry_keys). */
spx *spx_build_keyed(int m, int n, const int *colptr, const int *rowind,
                     const double *val, const double *c, const double *lo,
                     const double *up, const spx_params *par,
                     const double *scale, int keys)
{
    spx *lp = calloc(1, sizeof *lp);
    if (!lp)
        return NULL;
    lp->m = m;
    lp->n = n;
    lp->nt = n + m;
    lp->par = *par;
    lp->steepest_edge = par->steepest_edge == 2;
    int nnz = colptr[n];
    if (!allocate(lp, nnz)) {
        spx_free(lp);
        return NULL;
    }
    memcpy(lp->colptr, colptr, ((size_t)n + 1) * sizeof(int));
    memcpy(lp->rowind, rowind, (size_t)nnz * sizeof(int));
    memcpy(lp->colval, val, (size_t)nnz * sizeof(double));
    memcpy(lp->cost, c, (size_t)n * sizeof(double));
    memcpy(lp->lo, lo, (size_t)lp->nt * sizeof(double));
    memcpy(lp->up, up, (size_t)lp->nt * sizeof(double));
    memcpy(lp->ulo, lo, (size_t)lp->nt * sizeof(double));
    memcpy(lp->uup, up, (size_t)lp->nt * sizeof(double));
    build_row_copy(lp);
    if (keys && par->structural_ties)
        spx_compute_keys(lp);
    if (scale) {
        memcpy(lp->sc, scale, (size_t)lp->nt * sizeof(double));
        for (int k = 0; k < lp->nt; k++)
            lp->scaled |= scale[k] != 1.0;
    } else {
        spx_scale_compute(lp);
    }
    spx_scale_apply(lp);
    perturb_zero_objective(lp);
    lp->factor = new_factor(lp, SPX_FACTOR_LU);
    if (!lp->factor) {
        spx_free(lp);
        return NULL;
    }
    lp->d_drift = -1;
    lp->movable_dirty = 1;
    slack_basis(lp);
    spx_refactor(lp);
    spx_publish(lp);
    return lp;
}

spx *spx_build(int m, int n, const int *colptr, const int *rowind,
               const double *val, const double *c, const double *lo,
               const double *up, const spx_params *par, const double *scale)
{
    return spx_build_keyed(m, n, colptr, rowind, val, c, lo, up, par, scale,
                           1);
}

void spx_free(spx *lp)
{
    if (!lp)
        return;
    free(lp->colptr); free(lp->rowind); free(lp->colval);
    free(lp->rowptr); free(lp->colind); free(lp->rowval);
    free(lp->rowend); free(lp->rowpos); free(lp->rowent);
    free(lp->cost); free(lp->lo); free(lp->up); free(lp->key); free(lp->x); free(lp->d);
    free(lp->pcost); free(lp->head); free(lp->pos); free(lp->stat);
    spx_factor_free(lp->factor); free(lp->hwork);
    free(lp->weight); free(lp->col); free(lp->rho);
    free(lp->colnz); free(lp->row_slacks); free(lp->rhonz); free(lp->infeas); free(lp->in_infeas); free(lp->farkas);
    free(lp->farkas_alphas);
    free(lp->tmp); free(lp->pend); free(lp->row); free(lp->wvar); free(lp->cand); free(lp->brk); free(lp->movable);
    free(lp->in_movable); free(lp->rownz); free(lp->rowmark);
    free(lp->stale); free(lp->stale_mark); free(lp->in_front);
    free(lp->own_cost);
    free(lp->sc); free(lp->ulo); free(lp->uup); free(lp->ux); free(lp->ud);
    free(lp->urowval);
    free(lp);
}

int spx_rows(const spx *lp) { return lp->m; }
int spx_cols(const spx *lp) { return lp->n; }
long spx_iterations(const spx *lp) { return lp->iters; }
int spx_presolved_rows(const spx *lp) { return lp->presolved_rows; }
int spx_var_status(const spx *lp, int k) { return lp->stat[k]; }
int spx_head(const spx *lp, int r) { return lp->head[r]; }
uint64_t spx_key(const spx *lp, int k) { return lp->key[k]; }
int spx_in_dual_phase1(const spx *lp) { return lp->dual_phase1; }
int spx_basis_row(const spx *lp, int k) { return lp->pos[k]; }
const double *spx_values(const spx *lp) { return lp->ux; }
const double *spx_reduced_costs(const spx *lp) { return lp->ud; }
double spx_lo(const spx *lp, int k) { return lp->ulo[k]; }
double spx_up(const spx *lp, int k) { return lp->uup[k]; }
const double *spx_lower(const spx *lp) { return lp->ulo; }
const double *spx_upper(const spx *lp) { return lp->uup; }

void spx_set_observer(spx *lp, spx_pivot_observer obs, void *ctx)
{
    lp->observer = obs;
    lp->observer_ctx = ctx;
}

int spx_set_basis(spx *lp, int kind)
{
    if (spx_factor_kind(lp->factor) == kind)
        return 0;
    spx_factor *f = new_factor(lp, kind);
    if (!f)
        return -1;
    spx_factor_free(lp->factor);
    lp->factor = f;
    spx_refactor(lp);
    spx_publish(lp);
    return 0;
}

/* A basic variable keeps its value (the dual simplex then repairs any
 * infeasibility); a nonbasic one moves to its bound, which changes x_B:
 * the caller re-solves, and spx_dual recomputes x_B on entry. */
void spx_set_bounds(spx *lp, int k, double lo, double up)
{
    int was_fixed = lp->ulo[k] == lp->uup[k], fixed = lo == up;
    if (was_fixed != fixed) {
        lp->movable_dirty = 1;
        if (k < lp->n && !lp->stale_mark[k]) {
            lp->stale_mark[k] = 1;
            lp->stale[lp->nstale++] = k;
        }
    }
    if (was_fixed && !fixed)
        lp->d_drift = -1;   /* its reduced cost may be stale */
    lp->ulo[k] = lo;
    lp->uup[k] = up;
    lp->farkas_alphas_ok = 0;
    lp->lo[k] = lo / lp->sc[k];
    lp->up[k] = up / lp->sc[k];
    if (lp->stat[k] != SPX_BASIC) {
        spx_move_nonbasic(lp, k, valid_status(lp, k, lp->stat[k]));
        lp->ux[k] = lp->x[k] * lp->sc[k];
    }
}

void spx_update_movable(spx *lp)
{
    if (!lp->movable_dirty)
        return;
    lp->nmovable = 0;
    for (int k = 0; k < lp->nt; k++) {
        lp->in_movable[k] = lp->lo[k] != lp->up[k];
        if (lp->in_movable[k])
            lp->movable[lp->nmovable++] = k;
    }
    lp->movable_dirty = 0;
}

void spx_move_nonbasic(spx *lp, int k, int stat)
{
    double from = lp->x[k];
    lp->stat[k] = (signed char)stat;
    lp->x[k] = spx_nonbasic_value(lp, k);
    double dx = lp->x[k] - from;
    if (dx == 0.0)
        return;
    lp->pend_any = 1;
    if (k >= lp->n) {
        lp->pend[k - lp->n] += dx;
        return;
    }
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
        lp->pend[lp->rowind[e]] -= lp->colval[e] * dx;
}

void spx_flush_moves(spx *lp)
{
    if (!lp->pend_any)
        return;
    spx_ftran_negated(lp, lp->pend);
    for (int i = 0; i < lp->m; i++) {
        if (lp->pend[i] == 0.0)
            continue;
        lp->x[lp->head[i]] -= lp->pend[i];
        lp->x_moved = spx_max(lp->x_moved, fabs(lp->pend[i]));
        lp->pend[i] = 0.0;
        spx_track_row(lp, i);
    }
    lp->pend_any = 0;
    lp->x_drift++;
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

int spx_set_cost(spx *lp, const double *c)
{
    if (!lp->own_cost && c) {
        lp->own_cost = malloc((size_t)(lp->n ? lp->n : 1) * sizeof(double));
        if (!lp->own_cost)
            return -1;
        for (int k = 0; k < lp->n; k++)
            lp->own_cost[k] = lp->cost[k] / lp->sc[k];
        lp->own_zero = lp->zero_objective;
    }
    if (!lp->own_cost)
        return 0;
    const double *from = c ? c : lp->own_cost;
    for (int k = 0; k < lp->n; k++)   /* scaling by powers of 2: exact */
        lp->cost[k] = from[k] * lp->sc[k];
    lp->zero_objective = c ? 0 : lp->own_zero;
    if (!c) {
        free(lp->own_cost);
        lp->own_cost = NULL;
    }
    lp->d_drift = -1;
    return 0;
}

int spx_refactor_due(const spx *lp)
{
    return lp->since_refactor >= lp->par.refactor_every ||
           spx_factor_due(lp->factor);
}

/* Installs the head the factor was built for; a dependent column left
 * for the slack of an unpivoted row. Weights follow their variables (1
 * for a new slack). */
static void install_head(spx *lp, const int *head)
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
        int v = head[i];
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

int spx_reinvert(spx *lp)
{
    int repaired = spx_factor_build(lp->factor, lp->head, lp->hwork);
    if (repaired >= 0)
        install_head(lp, lp->hwork);
    return repaired;
}

int spx_eta_push(spx *lp, int p, const double *x)
{
    return spx_factor_update(lp->factor, p, x);
}

void spx_ftran_dense(const spx *lp, double *v)
{
    spx_factor_ftran(lp->factor, v);
}

void spx_ftran_negated(const spx *lp, double *v)
{
    spx_factor_ftran_negated(lp->factor, v);
}

void spx_btran_dense(const spx *lp, double *u)
{
    spx_factor_btran(lp->factor, u);
}

int spx_out_of_memory(const spx *lp)
{
    return lp->broken;
}

double spx_refactor_seconds(const spx *lp)
{
    return lp->refactor_secs;
}

int spx_refactor(spx *lp)
{
    double t0 = spx_clock();
    int repaired = spx_reinvert(lp);
    lp->refactor_secs = spx_clock() - t0;
    if (repaired < 0) {
        lp->broken = 1;
        repaired = 0;
    }
    lp->since_refactor = 0;
    if (repaired)
        lp->d_drift = -1;
    spx_compute_xb(lp);
    return repaired;
}

int spx_is_slack_basis(const spx *lp)
{
    for (int i = 0; i < lp->m; i++)
        if (lp->head[i] != lp->n + i)
            return 0;
    return 1;
}

/* Exact steepest-edge weights cost a BTRAN per row; past the deadline
 * (or the stop flag) the rest start at 1, as Devex weights do, and the
 * caller's loop stops at its next look at the clock. */
void spx_exact_weights(spx *lp)
{
    int m = lp->m;
    unsigned tick = 0;
    double *u = lp->tmp;
    int *nz = lp->hwork;   /* free outside spx_reinvert */
    memset(u, 0, (size_t)m * sizeof *u);
    for (int i = 0; i < m; i++) {
        if (spx_interrupted(lp, &tick)) {
            for (; i < m; i++)
                lp->weight[i] = 1.0;
            break;
        }
        /* the pivot row's BTRAN, which lists u's nonzeros (ascending:
         * the sum over them is the sum over all of u) */
        int len = spx_factor_btran_row(lp->factor, i, u, nz);
        double s = 0;
        for (int t = 0; t < len; t++) {
            s += u[nz[t]] * u[nz[t]];
            u[nz[t]] = 0.0;
        }
        lp->weight[i] = s;
    }
    lp->weights_valid = 1;
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
    spx_ftran_dense(lp, r);
    for (int i = 0; i < m; i++) {
        lp->x[lp->head[i]] = -r[i];
        lp->pend[i] = 0.0;
    }
    lp->pend_any = 0;
    lp->x_drift = 0;
    lp->x_moved = 0.0;
    lp->infeas_valid = 0;
}

void spx_compute_duals(spx *lp, const double *cost)
{
    int m = lp->m, n = lp->n;
    double *y = lp->rho;
    lp->rho_listed = 0;
    for (int i = 0; i < m; i++)
        y[i] = cost[lp->head[i]];
    spx_btran_dense(lp, y);
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
    lp->d_drift = cost == lp->cost ? 0 : -1;
}

void spx_duals(spx *lp, double *y, double *d)
{
    if (lp->zero_objective)
        memset(lp->pcost, 0, (size_t)lp->nt * sizeof *lp->pcost);
    spx_compute_duals(lp, lp->zero_objective ? lp->pcost : lp->cost);
    spx_publish(lp);
    if (y)   /* y_i = y'_i r_i, r_i = 1 / sc[n+i] */
        for (int i = 0; i < lp->m; i++)
            y[i] = lp->rho[i] / lp->sc[lp->n + i];
    if (d)
        memcpy(d, lp->ud, (size_t)lp->nt * sizeof *d);
}

/* Zeroes x, which is zero but in the rows nz[0 .. len) when listed. */
static void clear_listed(double *x, int m, int listed, const int *nz, int len)
{
    if (!listed) {
        memset(x, 0, (size_t)m * sizeof *x);
        return;
    }
    for (int t = 0; t < len; t++)
        x[nz[t]] = 0.0;
}

void spx_ftran(spx *lp, int k)
{
    /* col is written here only, and starts zero with no rows listed */
    clear_listed(lp->col, lp->m, 1, lp->colnz, lp->ncolnz);
    lp->ncolnz = spx_factor_ftran_entering(lp->factor, k, lp->col, lp->colnz);
}

/* rho = row r of B^-1 into lp->rho, its nonzero rows listed in
 * lp->rhonz. */
static void row_of_inverse(spx *lp, int r)
{
    clear_listed(lp->rho, lp->m, lp->rho_listed, lp->rhonz, lp->nrhonz);
    lp->nrhonz = spx_factor_btran_row(lp->factor, r, lp->rho, lp->rhonz);
    lp->rho_listed = 1;
}

/* row = rho^T [A | -I] over every column, fixed ones included. */
static void full_row(spx *lp, int r, double *row)
{
    row_of_inverse(lp, r);
    for (int i = 0; i < lp->m; i++)
        row[lp->n + i] = -lp->rho[i];
    memset(row, 0, (size_t)lp->n * sizeof *row);
    for (int t = 0; t < lp->nrhonz; t++) {
        int i = lp->rhonz[t];
        double ri = lp->rho[i];
        for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
            row[lp->colind[e]] += ri * lp->rowval[e];
    }
}

/* lp->rownz[0 .. count), the columns marked in lp->rowmark: the basic
 * ones get row 0 and leave the list, the others stay in ascending
 * order; the marks are cleared. Returns the new count. */
static int order_marked(spx *lp, int count)
{
    if (count <= SPX_SORT_SHARE * lp->n) {
        spx_sort_ints(lp->rownz, count);
    } else {
        count = 0;
        for (int k = 0; k < lp->n; k++)
            if (lp->rowmark[k])
                lp->rownz[count++] = k;
    }
    int kept = 0;
    for (int t = 0; t < count; t++) {
        int k = lp->rownz[t];
        lp->rowmark[k] = 0;
        if (lp->pos[k] >= 0)
            lp->row[k] = 0.0;
        else
            lp->rownz[kept++] = k;
    }
    return kept;
}

/* row += rho_i a^i over the rows where rho is nonzero, columns with
 * lo < up only. */
static void sum_rows(spx *lp)
{
    for (int t = 0; t < lp->nrhonz; t++) {
        int i = lp->rhonz[t];
        double ri = lp->rho[i];
        for (int e = lp->rowptr[i]; e < lp->rowend[i]; e++)
            lp->row[lp->colind[e]] += ri * lp->rowval[e];
    }
}

/* The same, each column met marked and listed in lp->rownz; returns
 * how many were listed. */
static int sum_rows_listed(spx *lp)
{
    int count = 0;
    for (int t = 0; t < lp->nrhonz; t++) {
        int i = lp->rhonz[t];
        double ri = lp->rho[i];
        for (int e = lp->rowptr[i]; e < lp->rowend[i]; e++) {
            int k = lp->colind[e];
            lp->row[k] += ri * lp->rowval[e];
            if (!lp->rowmark[k]) {
                lp->rowmark[k] = 1;
                lp->rownz[count++] = k;
            }
        }
    }
    return count;
}

/* The entries the last pivot row may have left nonzero: those listed,
 * or all of a dense row. */
static void clear_pivot_row(spx *lp)
{
    for (int t = 0; t < lp->nrow_slacks; t++)
        lp->row[lp->n + lp->row_slacks[t]] = 0.0;
    if (lp->row_dense) {
        memset(lp->row, 0, (size_t)lp->n * sizeof *lp->row);
        return;
    }
    for (int t = 0; t < lp->nrownz && lp->rownz[t] < lp->n; t++)
        lp->row[lp->rownz[t]] = 0.0;
}

/* row = rho^T [A | -I] over the columns with lo < up (rowend), rho = row
 * r of B^-1, the basic columns' entries 0. A sparse row also lists the
 * nonbasic columns where it may be nonzero in lp->rownz, ascending
 * (those of the rows where rho is nonzero; a basic slack of another row
 * has -0.0, equal to 0 in every use). */
void spx_pivot_row(spx *lp, int r)
{
    int m = lp->m, n = lp->n, count = 0;
    double *row = lp->row;
    sync_row_copy(lp);
    clear_pivot_row(lp);
    row_of_inverse(lp, r);
    for (int t = 0; t < lp->nrhonz; t++) {
        row[n + lp->rhonz[t]] = -lp->rho[lp->rhonz[t]];
        lp->row_slacks[t] = lp->rhonz[t];
    }
    lp->nrow_slacks = lp->nrhonz;
    long work = 0;
    for (int t = 0; t < lp->nrhonz; t++)
        work += lp->rowend[lp->rhonz[t]] - lp->rowptr[lp->rhonz[t]];
    lp->row_dense = work > SPX_MARK_SHARE * n;
    if (lp->row_dense) {
        sum_rows(lp);
        for (int i = 0; i < m; i++)
            row[lp->head[i]] = 0.0;
        lp->nrownz = 0;
        return;
    }
    count = order_marked(lp, sum_rows_listed(lp));
    for (int t = 0; t < lp->nrhonz; t++) {
        int i = lp->rhonz[t];
        if (lp->pos[n + i] >= 0)
            row[n + i] = 0.0;
        else
            lp->rownz[count++] = n + i;
    }
    lp->nrownz = count;
}

/* x'_h + sum_k alpha'_k x'_k = 0 in the scaled LP is, times sc[h],
 * x_h + sum_k alpha'_k (sc[h] / sc[k]) x_k = 0 in the LP as given. */
void spx_tableau_row(spx *lp, int r, double *alpha)
{
    full_row(lp, r, alpha);
    if (!lp->scaled)
        return;
    double sh = lp->sc[lp->head[r]];
    for (int k = 0; k < lp->nt; k++)
        alpha[k] *= sh / lp->sc[k];
}

void spx_pivot(spx *lp, int r, int q, const double *col, int leave_stat)
{
    if (!spx_eta_push(lp, r, col))
        lp->broken = 1;
    int p = lp->head[r];
    lp->pos[p] = -1;
    lp->stat[p] = (signed char)leave_stat;
    lp->d[q] = 0.0;
    lp->head[r] = q;
    lp->pos[q] = r;
    lp->stat[q] = SPX_BASIC;
    lp->since_refactor++;
    lp->iters++;
    lp->x_drift++;
    if (lp->d_drift >= 0)
        lp->d_drift++;
}

int spx_notify(spx *lp, int phase, int entering, int leaving, int flips,
               double dj, double ratio)
{
    if (!lp->observer)
        return 0;
    spx_publish(lp);   /* the observer may look at the values */
    if (entering >= 0) {   /* d_q and the step of x_q as given */
        dj /= lp->sc[entering];
        ratio *= lp->sc[entering];
    }
    spx_pivot_info p = {phase, entering, leaving, flips, dj, ratio,
                   spx_current_objective(lp), lp->iters, 0, 0};
    return lp->observer(lp->observer_ctx, &p);
}

int spx_notify_start(spx *lp, int phase)
{
    if (!lp->observer)
        return 0;
    spx_publish(lp);
    spx_pivot_info p = {phase, -1, -1, 0, 0, 0, spx_current_objective(lp),
                        lp->iters, 1, 0};
    return lp->observer(lp->observer_ctx, &p);
}

int spx_basis_init(spx_basis *b, int m, int nt)
{
    b->m = m;
    b->nt = nt;
    b->head = alloc_array((size_t)m, sizeof(int));
    b->stat = alloc_array((size_t)nt, 1);
    b->weight = alloc_array((size_t)m, sizeof(double));
    if (!b->head || !b->stat || !b->weight) {
        spx_basis_free(b);
        return -1;
    }
    return 0;
}

void spx_basis_free(spx_basis *b)
{
    free(b->head);
    free(b->stat);
    free(b->weight);
    b->head = NULL;
    b->stat = NULL;
    b->weight = NULL;
}

void spx_basis_save(const spx *lp, spx_basis *b)
{
    size_t m = (size_t)lp->m;
    memcpy(b->head, lp->head, m * sizeof(int));
    memcpy(b->stat, lp->stat, (size_t)lp->nt);
    memcpy(b->weight, lp->weight, m * sizeof(double));
    b->weights_valid = lp->weights_valid;
    b->age = lp->since_refactor;
    spx_factor_save(lp->factor, b);
}

/*
 * The weights go with the basis: refactorization moves them along with
 * their variables. Depth-first search mostly resumes a node saved on
 * the path it just left: then the factor may get back to the state it
 * had (spx_factor_resume), with no refactorization.
 */
int spx_basis_restore(spx *lp, const spx_basis *b)
{
    size_t m = (size_t)lp->m;
    memcpy(lp->head, b->head, m * sizeof(int));
    memcpy(lp->weight, b->weight, m * sizeof(double));
    lp->weights_valid = b->weights_valid;
    lp->d_drift = -1;
    for (int k = 0; k < lp->nt; k++) {
        lp->pos[k] = -1;
        int s = b->stat[k];
        lp->stat[k] = (signed char)(s == SPX_BASIC ? s
                                                   : valid_status(lp, k, s));
    }
    for (int i = 0; i < lp->m; i++)
        lp->pos[lp->head[i]] = i;
    if (!spx_factor_resume(lp->factor, b)) {
        int repaired = spx_refactor(lp);
        spx_publish(lp);
        return repaired;
    }
    lp->since_refactor = b->age;
    spx_compute_xb(lp);
    spx_publish(lp);
    return 0;
}

const char *spx_status_name(spx_status s)
{
    static const char *names[] = {"optimal", "infeasible", "unbounded",
                                  "cutoff", "iteration limit", "stopped",
                                  "numerical failure"};
    return names[s];
}
