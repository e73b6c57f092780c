/*
 * spx_proof.c -- the stop check of the simplex loops and the
 * certificates that back a verdict. A ray or a Farkas row is checked on
 * the constraint data themselves, not on the factors that produced it:
 * a stale or inaccurate inverse can only make the check fail, never
 * pass a false verdict. They are checked on the LP as given (the scaled
 * one's certificates are converted: spx_scale.c), so a tolerance means
 * the same whatever the scaling. Only which computed entries are
 * rounding residue (of a solve that should give exactly 0) is judged in
 * the scaled LP, where that solve and its rounding took place; a ray's
 * column is refined first, and a Farkas row whose gap the double test
 * cannot see is summed again in double-double. Here too: the iteration
 * budget of a solve, and the refinement of an optimum's values.
 */
#include "spx_dd.h"
#include "spx_proof.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double spx_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + SPX_SECONDS_PER_NS * (double)t.tv_nsec;
}

int spx_interrupted(const spx *lp, unsigned *tick)
{
    if (lp->par.stop && *lp->par.stop)
        return 1;
    if ((*tick)++ % SPX_CHECK_EVERY != 0)
        return 0;   /* the first call of a loop looks at the clock */
    return lp->par.deadline > 0 && spx_clock() >= lp->par.deadline;
}

/*
 * A simplex that neither cycles nor stalls ends within a few times
 * (rows + columns) iterations on any LP of this size; at a hundred
 * times that, it is going round a degenerate vertex (or between two
 * bases that rounding keeps trading) and will not end by the time
 * limit either. The budget is the whole solve's: the phases, the
 * perturbations' clean-ups and every recovery (the other algorithm,
 * the LP unscaled, a caller's retry: spx_retry) share it, so that no
 * LP takes more than par.budget (rows + columns) iterations. Spent, it
 * ends the solve as a numerical failure that says so, with no further
 * recovery (lp->budget_spent).
 */
int spx_over_budget(spx *lp)
{
    if (lp->par.budget <= 0)
        return 0;
    double allowed = (double)lp->par.budget * (lp->m + lp->n);
    if (!lp->budget_spent && (double)(lp->iters - lp->budget_start) < allowed)
        return 0;
    lp->budget_spent = 1;
    lp->why = "the simplex made no verdict within its iteration budget "
              "(lp_budget per row and column, for the whole solve and its "
              "recoveries): it cycles or stalls on degenerate or badly "
              "scaled pivots";
    return 1;
}

void spx_start_budget(spx *lp)
{
    lp->budget_start = lp->iters;
    lp->budget_spent = 0;
}

/* r'_k of the ray in the scaled LP: dir on q, -dir col_i on the basic
 * variable of row i, 0 elsewhere. */
static double scaled_ray_at(const spx *lp, int k, int q, int dir,
                            const double *col)
{
    if (k == q)
        return dir;
    int i = lp->pos[k];
    return i >= 0 ? -dir * col[i] : 0.0;
}

/* r_k of the ray in the LP as given, scaled so that r_q = dir:
 * r'_k sc[k] / sc[q]. */
static double ray_at(const spx *lp, int k, int q, int dir, const double *col)
{
    return scaled_ray_at(lp, k, q, dir, col) * (lp->sc[k] / lp->sc[q]);
}

/* Entries up to `noise` are residue of its FTRAN; a sign is the same in
 * both LPs. */
static int ray_respects_bounds(const spx *lp, int q, int dir,
                               const double *col, double noise)
{
    for (int k = 0; k < lp->nt; k++) {
        double r = scaled_ray_at(lp, k, q, dir, col);
        if (fabs(r) <= noise)
            continue;
        if ((r > 0 && isfinite(lp->up[k])) || (r < 0 && isfinite(lp->lo[k])))
            return 0;
    }
    return 1;
}

static int ray_in_null_space(const spx *lp, int q, int dir,
                             const double *col)
{
    for (int i = 0; i < lp->m; i++) {
        double res = -ray_at(lp, lp->n + i, q, dir, col);
        double size = fabs(res);
        for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++) {
            double t = lp->urowval[e] * ray_at(lp, lp->colind[e], q, dir, col);
            res += t;
            size += fabs(t);
        }
        if (fabs(res) > SPX_RAY_RESIDUAL * size + SPX_CERT_NOISE)
            return 0;
    }
    return 1;
}

/* The ray lowers the cost, keeps every bound (entries up to noise taken
 * as 0) and lies in the null space of the rows. */
static int ray_holds(const spx *lp, int q, int dir, const double *col,
                     double noise)
{
    double slope = 0, size = 0;
    for (int k = 0; k < lp->n; k++) {
        double t = lp->cost[k] / lp->sc[k] * ray_at(lp, k, q, dir, col);
        slope += t;
        size += fabs(t);
    }
    return slope < -SPX_RAY_RESIDUAL * size && slope < 0 &&
           ray_respects_bounds(lp, q, dir, col, noise) &&
           ray_in_null_space(lp, q, dir, col);
}

/* acc[i] += f a_ik over the rows of variable k's column (a slack's is
 * -e_i). */
static void dd_add_column(const spx *lp, spx_dd *acc, int k, double f)
{
    if (k >= lp->n) {
        spx_dd_add_mul(&acc[k - lp->n], f, -1.0);
        return;
    }
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
        spx_dd_add_mul(&acc[lp->rowind[e]], f, lp->colval[e]);
}

/* v = acc rounded to double; acc cleared. */
static void dd_round(spx_dd *acc, double *v, int m)
{
    for (int i = 0; i < m; i++) {
        v[i] = acc[i].hi + acc[i].lo;
        acc[i].hi = acc[i].lo = 0.0;
    }
}

/* One step of iterative refinement of col = B^-1 a_q: the residual
 * a_q - B col summed in double-double, so that it is the true one, and
 * col += B^-1 residual; the correction is left in v [m]. acc [m] is
 * zero on entry and on return. */
static void refine_step(const spx *lp, int q, double *col, spx_dd *acc,
                        double *v)
{
    dd_add_column(lp, acc, q, 1.0);
    for (int r = 0; r < lp->m; r++)
        if (col[r] != 0.0)
            dd_add_column(lp, acc, lp->head[r], -col[r]);
    dd_round(acc, v, lp->m);
    spx_ftran_dense(lp, v);
    for (int i = 0; i < lp->m; i++)
        col[i] += v[i];
}

/* Is some row's residual res (of terms of size `size`) off? */
static int residual_off(const spx *lp, const double *res, const double *size)
{
    for (int i = 0; i < lp->m; i++)
        if (fabs(res[i]) > fmax(SPX_RESIDUAL_TRIGGER * size[i],
                                lp->par.tol_primal))
            return 1;
    return 0;
}

int spx_refine_values(spx *lp)
{
    int m = lp->m;
    spx_dd *acc = calloc((size_t)m, sizeof *acc);
    double *res = calloc(2 * (size_t)m, sizeof *res), *size = res + m;
    int off = 0;
    if (acc && res) {
        for (int k = 0; k < lp->nt; k++) {
            if (lp->x[k] == 0.0)
                continue;
            dd_add_column(lp, acc, k, -lp->x[k]);
            if (k >= lp->n)
                size[k - lp->n] += fabs(lp->x[k]);
            else
                for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
                    size[lp->rowind[e]] += fabs(lp->colval[e] * lp->x[k]);
        }
        dd_round(acc, res, m);
        off = residual_off(lp, res, size);
    }
    if (off) {
        spx_ftran_dense(lp, res);
        for (int i = 0; i < m; i++)
            lp->x[lp->head[i]] += res[i];
    }
    free(acc);
    free(res);
    return off;
}

/*
 * Which entries of the ray's column are residue. FTRAN leaves rounding
 * of about 10^-16 of the column's largest entry (times what the basis
 * amplifies) where exact arithmetic gives 0, so SPX_CERT_NOISE of the
 * largest passes for 0. But a real entry can be smaller than that: a
 * basic slack moving toward its bound at 2 * 10^-14 of the entering rate
 * blocks the ray at a step of 10^20, an optimum far out that the ray,
 * taking the entry for noise, called unbounded. Two steps of iterative
 * refinement (the residual summed exactly enough) take an entry's
 * residue away and leave a real entry as it is: an entry is residue
 * when it is within SPX_REFINE_MARGIN times its own last correction (or
 * SPX_REFINED_NOISE of the largest), and never when it is above
 * SPX_CERT_NOISE of the largest. Residue is set to 0 in col (refined in
 * place; acc [m] zero, corr [m] work).
 */

static void clear_residue(const spx *lp, int q, double *col, spx_dd *acc,
                          double *corr, double scale)
{
    refine_step(lp, q, col, acc, corr);
    refine_step(lp, q, col, acc, corr);   /* each entry's last correction */
    for (int i = 0; i < lp->m; i++) {
        double noise = fmax(SPX_REFINE_MARGIN * fabs(corr[i]),
                            SPX_REFINED_NOISE * scale);
        if (fabs(col[i]) <= fmin(noise, SPX_CERT_NOISE * scale))
            col[i] = 0.0;
    }
}

int spx_primal_ray_holds(const spx *lp, int q, int dir, const double *col)
{
    double scale = 1;
    for (int i = 0; i < lp->m; i++)
        scale = fmax(scale, fabs(col[i]));
    /* without memory for the refinement, the unrefined test */
    double *ref = malloc(2 * (size_t)lp->m * sizeof *ref);
    spx_dd *acc = calloc((size_t)lp->m, sizeof *acc);
    double noise = SPX_CERT_NOISE * scale;
    if (ref && acc) {
        memcpy(ref, col, (size_t)lp->m * sizeof *ref);
        clear_residue(lp, q, ref, acc, ref + lp->m, scale);
        col = ref;
        noise = 0;
    }
    int holds = ray_holds(lp, q, dir, col, noise);
    free(ref);
    free(acc);
    return holds;
}

/*
 * y'_i as the certificate uses it: 0 within SPX_FARKAS_NOISE of the
 * largest |y'| (residue of the solve that made it). Dropped from every
 * alpha at once: a residue y_i kept in the columns' sums but dropped
 * with its slack is no certificate at all. -1.14 * 10^6 r10 + 3.7 *
 * 10^-4 r5 - 6.4 * 10^-9 r1 cancels x6 between r5 and r1, and r1's
 * slack (at least 9.8 * 10^8, so 6.2 in the sum) taken as residue left
 * "infeasible" on an LP that glpsol's point meets exactly.
 */
static double farkas_y(const double *y, int i, double ymax)
{
    return fabs(y[i]) <= SPX_FARKAS_NOISE * ymax ? 0 : y[i];
}

/* alpha'_k = y'^T a'_k in the scaled LP, with a'_k = -e_i for the
 * slack of row i; *mag gets sum_i |y'_i a'_ik|, the size of the terms
 * it cancels from. */
static double farkas_coef(const spx *lp, const double *y, double ymax,
                          int k, double *mag)
{
    if (k >= lp->n) {
        *mag = fabs(farkas_y(y, k - lp->n, ymax));
        return -farkas_y(y, k - lp->n, ymax);
    }
    double a = 0;
    *mag = 0;
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
        double t = farkas_y(y, lp->rowind[e], ymax) * lp->colval[e];
        a += t;
        *mag += fabs(t);
    }
    return a;
}

/* The residue levels of Farkas row y (scaled LP): *zero for basic
 * variables (relative to the largest |alpha_k|), *ymax for nonbasic ones
 * (see farkas_noise). Returns 0 when every alpha_k is 0. */
static int farkas_levels(const spx *lp, const double *y, double *zero,
                         double *ymax)
{
    double amax = 0, mag;
    *ymax = 0;
    for (int i = 0; i < lp->m; i++)
        *ymax = fmax(*ymax, fabs(y[i]));
    for (int k = 0; k < lp->nt; k++)
        amax = fmax(amax, fabs(farkas_coef(lp, y, *ymax, k, &mag)));
    *zero = fmax(lp->par.tol_dual, SPX_CERT_NOISE) * amax;
    return amax > 0;
}

/* Is alpha_k (computed from terms of size mag) rounding residue? */
static int farkas_noise(const spx *lp, int k, double a, double mag,
                        double zero, double ymax)
{
    double noise = lp->pos[k] >= 0 ? zero : SPX_FARKAS_NOISE * (ymax + mag);
    return fabs(a) <= noise;
}

/* [*lo, *up] += the range of alpha x over [xlo, xup]. */
static void add_range(double a, double xlo, double xup, double *lo, double *up)
{
    *lo += a > 0 ? a * xlo : a * xup;
    *up += a > 0 ? a * xup : a * xlo;
}

/* alpha_k = y^T a_k of the LP as given, in double-double (the scale
 * factors are powers of 2: dividing by them is exact). */
static spx_dd farkas_coef_dd(const spx *lp, const double *y, double ymax,
                             int k)
{
    spx_dd a = {0, 0};
    if (k >= lp->n) {
        a.hi = -farkas_y(y, k - lp->n, ymax);
    } else {
        for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
            spx_dd_add_mul(&a, farkas_y(y, lp->rowind[e], ymax),
                           lp->colval[e]);
    }
    a.hi /= lp->sc[k];
    a.lo /= lp->sc[k];
    return a;
}

/* side += alpha times bound b in double-double; an infinite b makes the
 * side infinite (*inf). */
static void dd_add_term(spx_dd *side, int *inf, spx_dd alpha, double b)
{
    if (!isfinite(b)) {
        *inf = 1;
        return;
    }
    spx_dd_add_mul(side, alpha.hi, b);
    spx_dd_add_mul(side, alpha.lo, b);
}

/*
 * The same certificate checked exactly enough to need no rounding
 * margin: sum_k alpha_k x_k = y^T (A x - s) = 0 holds for every point
 * of the rows whatever y is, so with every alpha_k computed in
 * double-double, and a residue term kept on every variable with two
 * bounds (it can only widen the range), the range's gap from 0 is real
 * down to SPX_DD_MARGIN of the terms. Only residue on a variable with
 * an infinite bound is taken as 0, as spx_farkas_holds does. An
 * infeasibility of 0.014 among terms of 10^9 (a row's right side
 * -0.0142 against bounds of 2 * 10^9) is 10^-11 of them: the double test
 * cannot tell it from rounding, this one can.
 */
static int farkas_holds_exactly(const spx *lp, const double *y, double zero,
                                double ymax)
{
    spx_dd lo = {0, 0}, up = {0, 0};
    int lo_inf = 0, up_inf = 0;
    double size = 0, mag;
    for (int k = 0; k < lp->nt; k++) {
        double a = farkas_coef(lp, y, ymax, k, &mag);
        double blo = lp->ulo[k], bup = lp->uup[k];
        if (a == 0 || (farkas_noise(lp, k, a, mag, zero, ymax) &&
                       !(isfinite(blo) && isfinite(bup))))
            continue;
        spx_dd alpha = farkas_coef_dd(lp, y, ymax, k);
        int pos = alpha.hi > 0;
        dd_add_term(&lo, &lo_inf, alpha, pos ? blo : bup);
        dd_add_term(&up, &up_inf, alpha, pos ? bup : blo);
        size += fabs(a / lp->sc[k]) * fmax(isfinite(blo) ? fabs(blo) : 0,
                                           isfinite(bup) ? fabs(bup) : 0);
    }
    double margin = SPX_DD_MARGIN * (size + 1);
    return (!lo_inf && lo.hi + lo.lo > margin) ||
           (!up_inf && up.hi + up.lo < -margin);
}

/*
 * The range [lo_sum, up_sum] of sum_k alpha_k x_k over the bounds must
 * miss 0 by more than the rounding of the sum. Every term enters
 * exactly except rounding residues: the coefficient of a basic variable
 * within the dual tolerance of zero (relative to the largest; for y a
 * combination of rows of B^-1, the dual's e_r^T B^-1 or phase 1's
 * c_B^T B^-1, those are exactly 0 or +-1 in exact arithmetic), and a
 * nonbasic one within SPX_FARKAS_NOISE of the largest |y_i| times the
 * terms it sums. A small coefficient beyond that is real (a row scaled
 * by 10^8 has them) and counts. A residue is dropped only on a variable
 * with an infinite bound (as farkas_holds_exactly does); on one with two
 * bounds its range enters too: r1 + 4.666 * 10^-9 r2 of -0.0008511 x6 =
 * -0.0042555 and 1.824 * 10^5 x6 + ... = 912000.0000262709 leaves a
 * residue on x6 in [-1, 8] that the gap needs, and without it an exactly
 * feasible LP was "infeasible". The residues are judged in the scaled LP
 * (y is its y'), the range on the LP as given: y_i = y'_i / sc[n+i]
 * makes alpha_k = alpha'_k / sc[k] against the bounds as given.
 */
int spx_farkas_holds(const spx *lp, const double *y)
{
    double zero, ymax, mag;
    if (!farkas_levels(lp, y, &zero, &ymax))
        return 0;
    double lo_sum = 0, up_sum = 0, size = 0;
    for (int k = 0; k < lp->nt; k++) {
        double a = farkas_coef(lp, y, ymax, k, &mag);
        if (farkas_noise(lp, k, a, mag, zero, ymax) &&
            !(isfinite(lp->ulo[k]) && isfinite(lp->uup[k])))
            continue;
        double lo = 0, up = 0;
        add_range(a / lp->sc[k], lp->ulo[k], lp->uup[k], &lo, &up);
        lo_sum += lo;
        up_sum += up;
        size += fmax(isfinite(lo) ? fabs(lo) : 0, isfinite(up) ? fabs(up) : 0);
    }
    double margin = SPX_CERT_NOISE * (size + 1);
    return lo_sum > margin || up_sum < -margin ||
           farkas_holds_exactly(lp, y, zero, ymax);
}

void spx_keep_farkas(spx *lp, const double *y)
{
    memcpy(lp->farkas, y, (size_t)lp->m * sizeof *y);
    lp->farkas_ok = 1;
}

/*
 * The certificate as spx_farkas_holds read it, over the bounds as given:
 * sum_k alpha_k x_k = 0 on every point of the rows (slacks included), so
 * the structural part sum_j alpha_j x_j lies in minus the range of the
 * slack part. A residue term on a bounded variable joins that range (it
 * can only widen it); one on an unbounded variable is 0, as the check
 * took it.
 */
int spx_farkas_row(const spx *lp, double *coef, double *lo, double *up)
{
    double zero, ymax, mag, rest_lo = 0, rest_up = 0;
    const double *y = lp->farkas;
    if (!lp->farkas_ok || !farkas_levels(lp, y, &zero, &ymax))
        return 0;
    for (int k = 0; k < lp->nt; k++) {
        double a = farkas_coef(lp, y, ymax, k, &mag);
        int noise = farkas_noise(lp, k, a, mag, zero, ymax);
        if (k < lp->n)
            coef[k] = noise ? 0 : a / lp->sc[k];
        if (a == 0 || (k < lp->n && !noise) ||
            (noise && !(isfinite(lp->ulo[k]) && isfinite(lp->uup[k]))))
            continue;
        add_range(a / lp->sc[k], lp->ulo[k], lp->uup[k], &rest_lo, &rest_up);
    }
    *lo = -rest_up;
    *up = -rest_lo;
    return 1;
}

int spx_farkas_multipliers(const spx *lp, double *y)
{
    double zero, ymax;
    if (!lp->farkas_ok || !farkas_levels(lp, lp->farkas, &zero, &ymax))
        return 0;
    for (int i = 0; i < lp->m; i++) {
        double yi = lp->farkas[i];
        y[i] = fabs(yi) <= SPX_CERT_NOISE * ymax ? 0 : yi / lp->sc[lp->n + i];
    }
    return 1;
}

/*
 * Weak duality for any y: c^T x = sum_k d_k x_k on every solution, with
 * d_k = c_k - y^T a_k, so sum_k min(d_k lo_k, d_k up_k) bounds the LP
 * from below. y = c_B^T B^-1 from the current factors; basic variables'
 * d_k are taken as 0 (exact in exact arithmetic), and so are nonbasic
 * ones within tol_dual of 0 (the tolerance of every optimality verdict);
 * every other counts with its sign, so a dual infeasibility on an
 * infinite bound gives -inf (no bound). On the LP as given: d_k = d'_k /
 * sc[k] (the products d_k lo_k are the scaled ones).
 */
double spx_dual_bound(spx *lp)
{
    spx_compute_duals(lp, lp->cost);
    double z = 0;
    for (int k = 0; k < lp->nt; k++) {
        double d = lp->d[k] / lp->sc[k];
        if (lp->stat[k] == SPX_BASIC || fabs(d) <= lp->par.tol_dual)
            continue;
        z += d > 0 ? d * lp->ulo[k] : d * lp->uup[k];
    }
    return z;
}

const char *spx_failure(const spx *lp)
{
    return lp->why ? lp->why : "";
}
