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

#include <float.h>
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

/*
 * The ray's column as the check reads it: refined, its residue set to
 * 0 (spx_refine_column). FTRAN leaves rounding of about 10^-16 of the
 * column's largest entry (times what the basis amplifies) where exact
 * arithmetic gives 0, but a real entry can be smaller than that: a
 * basic slack moving toward its bound at 2 * 10^-14 of the entering
 * rate blocks the ray at a step of 10^20, an optimum far out that the
 * ray, taking the entry for noise, called unbounded. Without memory for
 * the refinement, the unrefined test with SPX_CERT_NOISE of the largest
 * entry for 0.
 */
int spx_primal_ray_holds(const spx *lp, int q, int dir, const double *col)
{
    double scale = 1;
    for (int i = 0; i < lp->m; i++)
        scale = fmax(scale, fabs(col[i]));
    double *ref = malloc((size_t)lp->m * sizeof *ref);
    double noise = SPX_CERT_NOISE * scale;
    if (ref) {
        memcpy(ref, col, (size_t)lp->m * sizeof *ref);
        if (spx_refine_column(lp, q, ref) == 0) {
            col = ref;
            noise = 0;
        }
    }
    int holds = ray_holds(lp, q, dir, col, noise);
    free(ref);
    return holds;
}

/*
 * Farkas certificates, checked safely (Neumaier and Shcherbina 2004).
 * sum_k alpha_k x_k = y^T (A x - s) = 0 holds on every point of the
 * rows whatever y is (alpha_k = y^T a_k, a slack's column -e_i), so y
 * proves the LP infeasible when the range of that sum over the bounds
 * misses 0. Since any y will do, nothing in it is taken as rounding
 * residue: every alpha_k is computed in double-double and enters with
 * its bounds' range, and a nonzero alpha_k toward an infinite bound
 * makes that side of the range infinite however small it is, for a
 * point of the rows may have that variable huge. Residue taken as 0
 * there let two feasible LPs through: -5.7 * 10^-7 r4 + r10 left
 * -2.2 * 10^-12 on a basic x12 >= 0, which closes the gap of 2 * 10^-11
 * at x12 = 1125 (the LP has an optimum), and -r3 - 2 * 10^-13 r2 left
 * 2 * 10^-14 on a basic x14 >= 0 (the LP is unbounded). What the
 * factors leave on the basic variables is made harmless first
 * (farkas_repair), where it can be.
 */

/* alpha'_k = y'^T a'_k of the scaled LP in double-double; *mag gets
 * sum_i |y'_i a'_ik|, the size of the terms it sums. */
static spx_dd alpha_dd(const spx *lp, const double *y, int k, double *mag)
{
    spx_dd a = {0, 0};
    if (k >= lp->n) {
        a.hi = -y[k - lp->n];
        *mag = fabs(a.hi);
        return a;
    }
    *mag = 0;
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
        double t = y[lp->rowind[e]] * lp->colval[e];
        spx_dd_add_mul(&a, y[lp->rowind[e]], lp->colval[e]);
        *mag += fabs(t);
    }
    return a;
}

static double alpha_value(const spx *lp, const double *y, int k, double *mag)
{
    spx_dd a = alpha_dd(lp, y, k, mag);
    return a.hi + a.lo;
}

/* e [len] += b as an expansion (Shewchuk 1997, grow-expansion with its
 * zeros taken out): a sum of doubles that do not overlap, kept exactly.
 * Returns the new length. */
static int grow_expansion(double *e, int len, double b)
{
    int out = 0;
    for (int i = 0; i < len; i++) {
        double h;
        spx_two_sum(b, e[i], &b, &h);
        if (h != 0.0)
            e[out++] = h;
    }
    if (b != 0.0)
        e[out++] = b;
    return out;
}

/* Is alpha'_k exactly 0? Each product is split exactly into two doubles
 * (while it stays far enough from underflow for its error to be one)
 * and the pieces summed as an expansion, which is empty only when they
 * cancel exactly. work holds 2 terms + 1 doubles. */
static int alpha_exactly_zero(const spx *lp, const double *y, int k,
                              double *work)
{
    if (k >= lp->n)
        return y[k - lp->n] == 0.0;
    int len = 0;
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++) {
        double f = y[lp->rowind[e]], c = lp->colval[e], p = f * c;
        if (f == 0.0 || c == 0.0)
            continue;
        if (!(fabs(p) >= DBL_MIN / (DBL_EPSILON * DBL_EPSILON)))
            return 0;
        len = grow_expansion(work, len, p);
        len = grow_expansion(work, len, spx_product_error(f, c, p));
    }
    return len == 0;
}

/* The range of sum_k alpha_k x_k over the bounds, in double-double. */
typedef struct {
    spx_dd lo, up;
    int lo_inf, up_inf;
    double size;   /* sum_k (|alpha_k| + its terms) max |finite bound| */
} farkas_range;

static double largest_finite(double lo, double up)
{
    return fmax(isfinite(lo) ? fabs(lo) : 0, isfinite(up) ? fabs(up) : 0);
}

/* The least and greatest activity of a*x over x in [l, u] join *min and
 * *max, an infinite one as a count (*nmin, *nmax); *mag sums |a| max(|l|,
 * |u|) over the finite ones (the size their rounding is relative to). */
typedef struct {
    double min, max, mag;
    int nmin, nmax;
} activity;

static double term_min(double a, double l, double u)
{
    return a > 0 ? a * l : a * u;
}

static double term_max(double a, double l, double u)
{
    return a > 0 ? a * u : a * l;
}

static void add_activity(activity *act, double a, double l, double u)
{
    double lo = term_min(a, l, u), up = term_max(a, l, u);
    if (isfinite(lo))
        act->min += lo;
    else
        act->nmin++;
    if (isfinite(up))
        act->max += up;
    else
        act->nmax++;
    act->mag += fabs(a) * largest_finite(l, u);
}

/* lo[k] = max(lo[k], v) and up[k] likewise, v moved out by the rounding
 * of the division that made it. */
static void raise_lo(double *lo, int k, double v)
{
    lo[k] = fmax(lo[k], v - fabs(v) * 2 * DBL_EPSILON);
}

static void lower_up(double *up, int k, double v)
{
    up[k] = fmin(up[k], v + fabs(v) * 2 * DBL_EPSILON);
}

/* Column k (coefficient a) of a row whose activity lies in [sl, su] and
 * whose other terms' activity is [rmin, rmax] (inf where unknown):
 * a x_k lies in [sl - rmax, su - rmin], each side `slop` further out. */
static void column_bounds(double a, double sl, double su, double rmin,
                          double rmax, double slop, double *lo, double *up,
                          int k)
{
    double from = sl - rmax - slop, to = su - rmin + slop;
    if (a > 0) {
        if (isfinite(from))
            raise_lo(lo, k, from / a);
        if (isfinite(to))
            lower_up(up, k, to / a);
    } else {
        if (isfinite(to))
            raise_lo(lo, k, to / a);
        if (isfinite(from))
            lower_up(up, k, from / a);
    }
}

/* One pass of row i over the bounds [lo, up] (the LP as given): its
 * activity bounds its slack, and the slack's bounds with the other
 * columns' bound each column (bound propagation). slop covers the
 * rounding of the sums (each within DBL_EPSILON of the terms so far). */
static void row_bounds(const spx *lp, int i, double *lo, double *up)
{
    int s = lp->n + i, len = lp->rowptr[i + 1] - lp->rowptr[i];
    activity act = {0, 0, 0, 0, 0};
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++) {
        int j = lp->colind[e];
        add_activity(&act, lp->urowval[e], lo[j], up[j]);
    }
    double slop = (act.mag + largest_finite(lo[s], up[s])) * DBL_EPSILON *
                  (len + 2) * 2;
    if (act.nmin == 0)
        raise_lo(lo, s, act.min - slop);
    if (act.nmax == 0)
        lower_up(up, s, act.max + slop);
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++) {
        int j = lp->colind[e];
        double a = lp->urowval[e];
        if (a == 0)
            continue;
        double tmin = term_min(a, lo[j], up[j]), tmax = term_max(a, lo[j], up[j]);
        int nmin = act.nmin - !isfinite(tmin), nmax = act.nmax - !isfinite(tmax);
        double rmin = nmin ? -INFINITY : act.min - (isfinite(tmin) ? tmin : 0);
        double rmax = nmax ? INFINITY : act.max - (isfinite(tmax) ? tmax : 0);
        column_bounds(a, lo[s], up[s], rmin, rmax, slop, lo, up, j);
    }
}

/* The bounds of row i's slack that its activity over the columns' own
 * bounds gives, within its sides [*lo, *up]: 1 when both are finite (a
 * slack's residue then needs no pass over the other rows, which on a
 * puzzle of binaries cost four times the rest of a node). */
static int slack_bounds(const spx *lp, int i, double *lo, double *up)
{
    int s = lp->n + i, len = lp->rowptr[i + 1] - lp->rowptr[i];
    activity act = {0, 0, 0, 0, 0};
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++) {
        int j = lp->colind[e];
        add_activity(&act, lp->urowval[e], lp->ulo[j], lp->uup[j]);
    }
    if (act.nmin || act.nmax)
        return 0;
    double slop = (act.mag + largest_finite(lp->ulo[s], lp->uup[s])) *
                  DBL_EPSILON * (len + 2) * 2;
    *lo = lp->ulo[s];
    *up = lp->uup[s];
    raise_lo(lo, 0, act.min - slop);
    lower_up(up, 0, act.max + slop);
    return 1;
}

/* The bounds implied_bounds gives, in big [2 nt] (lower, then upper),
 * computed the first time a term asks for them (ready). */
typedef struct {
    double *big;
    int ready;
} implied;

/* [lo[k], up[k]]: bounds every point of the rows meets, from the
 * variables' own and SPX_IMPLIED_PASSES passes of bound propagation
 * over the rows (a chain of rows bounds one more link a pass). Where
 * they cross, the rows contradict each other: no point exists, any
 * bound holds vacuously, and all become 0 (rows that contradict each
 * other drive the bounds apart without end, to 10^35 in a few passes:
 * bounds of no use). */
static void implied_bounds(const spx *lp, double *lo, double *up)
{
    memcpy(lo, lp->ulo, (size_t)lp->nt * sizeof *lo);
    memcpy(up, lp->uup, (size_t)lp->nt * sizeof *up);
    for (int pass = 0; pass < SPX_IMPLIED_PASSES; pass++)
        for (int i = 0; i < lp->m; i++)
            row_bounds(lp, i, lo, up);
    int crossed = 0;
    for (int k = 0; k < lp->nt; k++)
        crossed |= lo[k] > up[k];
    if (crossed)
        for (int k = 0; k < lp->nt; k++)
            lo[k] = up[k] = 0;
}

/* The size of the rounding the solve for y leaves in alpha'_k: each y_i
 * is off by a share of the largest |y_i|, ymax, so alpha'_k by that share
 * of ymax sum_i |a'_ik| (a slack's: ymax). */
static double residue_scale(const spx *lp, int k, double ymax)
{
    if (k >= lp->n)
        return ymax;
    double sum = 0;
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
        sum += fabs(lp->colval[e]);
    return ymax * sum;
}

/* Is alpha_k = v (as given) within the rounding of y (SPX_FARKAS_RESIDUE
 * of residue_scale)? */
static int is_residue(const spx *lp, int k, double v, double ymax)
{
    return fabs(v) * lp->sc[k] <=
           SPX_FARKAS_RESIDUE * residue_scale(lp, k, ymax);
}

/*
 * The bounds variable k's term is taken over: its own, but for an
 * alpha_k within the rounding of y (SPX_FARKAS_RESIDUE of residue_scale)
 * toward an infinite bound, where a bound implied by the rows stands in
 * (big [2 nt]: implied_bounds' lower, then upper ones), widened to hold
 * 0: such a term may use up the gap but never make it, which stays the
 * row combination's own, as mip/contract.c measures it against the
 * rows' tolerance (a residue of 4 * 10^-18 on bounds near 8.6 * 10^11
 * implied by fractional equalities made a gap where the rows' tolerance
 * holds a point): r0 + 4.6 * 10^-3 r3 of -86632.9
 * x3 = -2.4 * 10^7 and 18.8412 x3 = 5219.88 leaves 10^-17 on the free
 * x3, which r0 holds near 277; 10^-16 on the free x9 meets 6 x9 + 8 x16
 <= 632 with x16 >= 0 (with no bound there, the residue voids the proof:
 a point may have x_k huge). Returns 1 when it took such a bound. (v:
 * alpha_k as given.)
 */
static int term_bounds(const spx *lp, int k, double v, double ymax,
                       implied *ib, double *blo, double *bup)
{
    *blo = lp->ulo[k];
    *bup = lp->uup[k];
    if ((isfinite(*blo) && isfinite(*bup)) || !is_residue(lp, k, v, ymax))
        return 0;
    double ilo, iup;
    if (k < lp->n || !slack_bounds(lp, k - lp->n, &ilo, &iup)) {
        if (!ib->ready) {   /* passes over every row: only when asked */
            implied_bounds(lp, ib->big, ib->big + lp->nt);
            ib->ready = 1;
        }
        ilo = ib->big[k];
        iup = ib->big[lp->nt + k];
    }
    *blo = fmin(ilo, 0);
    *bup = fmax(iup, 0);
    return isfinite(*blo) != isfinite(lp->ulo[k]) ||
           isfinite(*bup) != isfinite(lp->uup[k]);
}

static double largest_multiplier(const spx *lp, const double *y)
{
    double ymax = 0;
    for (int i = 0; i < lp->m; i++)
        ymax = fmax(ymax, fabs(y[i]));
    return ymax;
}

/*
 * The alphas of y'' = y - sum_i shift_i e_i (farkas_project), in the
 * scaled LP: alpha''_k lies within rad[k] of v[k]; rad[k] < 0 marks an
 * alpha that is exactly 0. y'' need not be a vector of doubles: only
 * these enclosures of its alphas are used.
 */
typedef struct {
    double *v, *rad, *shift;   /* [nt], [nt], [m] */
    double *low;               /* [nt] v's low part: alpha'' ~ v + low */
    int projected;             /* how many alphas farkas_project cleared */
} farkas_alphas;

static void compute_alphas(const spx *lp, const double *y, farkas_alphas *fa)
{
    double mag;
    for (int k = 0; k < lp->nt; k++) {
        spx_dd a = alpha_dd(lp, y, k, &mag);
        fa->v[k] = a.hi;
        fa->low[k] = a.lo;
        fa->rad[k] = SPX_DD_MARGIN * mag;
    }
    for (int i = 0; i < lp->m; i++)
        fa->shift[i] = 0;
    fa->projected = 0;
}

/* Does row i meet a variable whose alpha was cleared (its slack too)? */
static int row_has_cleared(const spx *lp, int i, const farkas_alphas *fa)
{
    if (fa->rad[lp->n + i] < 0)
        return 1;
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++)
        if (fa->rad[lp->colind[e]] < 0)
            return 1;
    return 0;
}

/* The row to clear variable k's alpha with: of its entries (a slack's
 * -1), the largest in a row that meets no cleared variable; -1 when
 * there is none. *a gets the entry. */
static int clearing_row(const spx *lp, int k, const farkas_alphas *fa,
                        double *a)
{
    if (k >= lp->n) {
        *a = -1;
        return row_has_cleared(lp, k - lp->n, fa) ? -1 : k - lp->n;
    }
    int best = -1;
    *a = 0;
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
        if (fabs(lp->colval[e]) > fabs(*a) &&
            !row_has_cleared(lp, lp->rowind[e], fa)) {
            best = lp->rowind[e];
            *a = lp->colval[e];
        }
    return best;
}

/* alpha''_j += d, known within r more (and the addition's rounding). */
static void move_alpha(farkas_alphas *fa, int j, double d, double r)
{
    double v = fa->v[j] + d;
    fa->rad[j] += r + (fabs(v) + fabs(d)) * DBL_EPSILON;
    fa->v[j] = v;
}

/* y'' -= c e_i with c = alpha''_k / a_ik (a real number, kept as an
 * enclosure) clears alpha''_k exactly: every alpha of row i moves by
 * -c a_ij, its slack's by c. */
static void clear_alpha(const spx *lp, int k, int i, double a,
                        farkas_alphas *fa)
{
    double c = (fa->v[k] + fa->low[k]) / a;
    double dc = fa->rad[k] / fabs(a) + fabs(c) * 2 * DBL_EPSILON;
    for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++) {
        double aij = lp->rowval[e];
        move_alpha(fa, lp->colind[e], -c * aij, dc * fabs(aij));
    }
    move_alpha(fa, lp->n + i, c, dc);
    fa->shift[i] += c;
    fa->v[k] = fa->low[k] = 0;
    fa->rad[k] = -1;
    fa->projected++;
}

/*
 * A residue-sized alpha on a free variable (a free basic column's, which
 * no repair of y brings to 0 in doubles, and which no sign makes
 * harmless) is cleared exactly, Neumaier and Shcherbina's way: y'' = y - c e_i with
 * c = alpha_k / a_ik is a certificate too, its alpha_k exactly 0, and
 * the other alphas of row i move by amounts known to within the rounding
 * of c. Each row clears one variable, and only while it meets no
 * variable cleared before, so that none comes back.
 */
static void farkas_project(const spx *lp, double ymax, farkas_alphas *fa)
{
    for (int k = 0; k < lp->nt; k++) {
        double a;
        double v = fa->v[k] + fa->low[k];
        if (fa->rad[k] < 0 || v == 0 || isfinite(lp->ulo[k]) ||
            isfinite(lp->uup[k]) ||
            fabs(v) > SPX_FARKAS_RESIDUE * residue_scale(lp, k, ymax))
            continue;
        int i = clearing_row(lp, k, fa, &a);
        if (i >= 0)
            clear_alpha(lp, k, i, a, fa);
    }
}

/* The enclosures of y's certificate after farkas_project. */
static void farkas_alphas_of(const spx *lp, const double *y,
                             farkas_alphas *fa)
{
    compute_alphas(lp, y, fa);
    farkas_project(lp, largest_multiplier(lp, y), fa);
}

/* side += alpha b for alpha within rad of a (a double-double): a b in
 * double-double, moved out by rad |b|; an infinite b makes the side
 * infinite. */
static void add_bound_term(spx_dd *side, int *inf, spx_dd a, double rad,
                           double b, int outward)
{
    if (!isfinite(b)) {
        *inf = 1;
        return;
    }
    spx_dd_add_mul(side, a.hi, b);
    spx_dd_add_mul(side, a.lo, b);
    spx_dd_add(side, outward * rad * fabs(b));
}

/* Variable k's term joins the range (the LP as given: alpha_k =
 * alpha''_k / sc[k], exact for powers of 2). An alpha whose enclosure
 * holds 0 has no sign: its term may lie anywhere in [-u, u] times the
 * largest |bound|, all of the line when a bound is infinite, unless it
 * is exactly 0 (cleared, or y's own exact sum is 0 where nothing was
 * cleared). */
static void add_variable(const spx *lp, const double *y, double ymax,
                         implied *ib, const farkas_alphas *fa, int k,
                         farkas_range *r, double *work)
{
    if (fa->rad[k] < 0)
        return;
    spx_dd a = {fa->v[k] / lp->sc[k], fa->low[k] / lp->sc[k]};
    double blo, bup, v = a.hi + a.lo, rad = fa->rad[k] / lp->sc[k];
    term_bounds(lp, k, v, ymax, ib, &blo, &bup);
    r->size += (fabs(v) + rad) * largest_finite(blo, bup);
    if (fabs(v) > rad) {
        int pos = v > 0;
        add_bound_term(&r->lo, &r->lo_inf, a, rad, pos ? blo : bup, -1);
        add_bound_term(&r->up, &r->up_inf, a, rad, pos ? bup : blo, 1);
        return;
    }
    if (v == 0 && rad == 0)
        return;
    if (fa->projected == 0 && alpha_exactly_zero(lp, y, k, work))
        return;
    if (!isfinite(blo) || !isfinite(bup)) {
        r->lo_inf = r->up_inf = 1;
        return;
    }
    spx_dd_add(&r->lo, -(fabs(v) + rad) * largest_finite(blo, bup));
    spx_dd_add(&r->up, (fabs(v) + rad) * largest_finite(blo, bup));
}

/* Does the range of y's row miss 0 beyond what its sums may be off by?
 * Every variable's term counts (ib: see term_bounds; fa: work for
 * farkas_alphas_of; work: see alpha_exactly_zero). */
static int range_misses_zero(const spx *lp, const double *y,
                             implied *ib, farkas_alphas *fa,
                             double *work)
{
    farkas_range r = {{0, 0}, {0, 0}, 0, 0, 0};
    double ymax = largest_multiplier(lp, y);
    farkas_alphas_of(lp, y, fa);
    for (int k = 0; k < lp->nt; k++)
        add_variable(lp, y, ymax, ib, fa, k, &r, work);
    double margin = SPX_DD_MARGIN * (r.size + 1);
    return (!r.lo_inf && r.lo.hi + r.lo.lo > margin) ||
           (!r.up_inf && r.up.hi + r.up.lo < -margin);
}

/* The alpha basic variable k should have in a certificate that shows
 * the sum's least value above 0 (side +1) or its greatest below 0
 * (side -1): 0 with two bounds or none, and SPX_FARKAS_SHIFT of its
 * terms' size toward the side whose range stays finite with one. */
static double basic_target(const spx *lp, int k, int side, double mag)
{
    int has_lo = isfinite(lp->ulo[k]), has_up = isfinite(lp->uup[k]);
    if (has_lo == has_up)
        return 0;
    double shift = SPX_FARKAS_SHIFT * mag;
    return has_lo ? side * shift : -side * shift;
}

/* What the solve that made y asked of basic variable head[p]'s alpha:
 * y = e_r^T B^-1 (the dual's row r) gives 1 on row r's and 0 on the
 * others, y = c_B^T B^-1 (phase 1, r < 0) its phase-1 cost. */
static double asked_alpha(const spx *lp, int p, int r)
{
    return r >= 0 ? (p == r) : lp->pcost[lp->head[p]];
}

/*
 * out = y + delta^T B^-1, which changes each basic alpha by delta_p
 * (and the other alphas, and the gap, by about delta_p times the basic
 * value x_p): the residue the factors left on the basic variables is
 * taken out (the alpha asked for, r as in asked_alpha), but for an
 * alpha asked as 0 on a column with one infinite bound, which is moved
 * to basic_target; a basic slack asked for 0 then gets its y_i = 0
 * exactly (the change to the columns' alphas is the residue's square).
 * A free basic column gets 0 only up to rounding, which
 * range_misses_zero shows exactly. delta [m] is work.
 */
static void farkas_repair(const spx *lp, const double *y, int r, int side,
                          double *out, double *delta)
{
    double mag;
    for (int p = 0; p < lp->m; p++) {
        int k = lp->head[p];
        double a = alpha_value(lp, y, k, &mag), asked = asked_alpha(lp, p, r);
        delta[p] = (asked != 0 ? asked : basic_target(lp, k, side, mag)) - a;
    }
    spx_btran_dense(lp, delta);
    for (int i = 0; i < lp->m; i++)
        out[i] = y[i] + delta[i];
    for (int p = 0; p < lp->m; p++) {
        int k = lp->head[p];
        if (k >= lp->n && asked_alpha(lp, p, r) == 0)
            out[k - lp->n] = 0.0;
    }
}

/* The most entries of a column, for alpha_exactly_zero's work. */
static int longest_column(const spx *lp)
{
    int most = 1;
    for (int k = 0; k < lp->n; k++)
        if (lp->colptr[k + 1] - lp->colptr[k] > most)
            most = lp->colptr[k + 1] - lp->colptr[k];
    return most;
}

/* out = y without the entries within SPX_FARKAS_RESIDUE of the largest
 * (rounding of the solve that made y; another y, as good a candidate). */
static void drop_residue(const spx *lp, const double *y, double *out)
{
    double ymax = largest_multiplier(lp, y);
    for (int i = 0; i < lp->m; i++)
        out[i] = fabs(y[i]) <= SPX_FARKAS_RESIDUE * ymax ? 0 : y[i];
}

/* Candidate `c` made from y into lp->farkas: y without its residue
 * entries (0), then y itself (1) and that (2) repaired for a proof of
 * each side (farkas_repair, r as there). */
static void candidate(spx *lp, const double *y, const double *trimmed,
                      int r, int c, int side)
{
    if (c == 0)
        memcpy(lp->farkas, trimmed, (size_t)lp->m * sizeof *trimmed);
    else
        farkas_repair(lp, c == 1 ? y : trimmed, r, side, lp->farkas,
                      lp->tmp);
}

/* The size of lp->farkas_alphas' first part: v, rad and low [nt] each,
 * shift [m]; spx_farkas_row's answer (coef [n], lo, up) follows. */
static size_t kept_size(const spx *lp)
{
    return 3 * (size_t)lp->nt + (size_t)lp->m;
}

/* The alphas of the certificate just kept, for kept_alphas (without
 * memory they are summed again there). */
static void keep_alphas(spx *lp, const farkas_alphas *fa)
{
    size_t nt = (size_t)lp->nt;
    if (!lp->farkas_alphas &&
        !(lp->farkas_alphas = malloc((kept_size(lp) + (size_t)lp->n + 2) *
                                     sizeof(double))))
        return;
    double *kept = lp->farkas_alphas;
    memcpy(kept, fa->v, nt * sizeof *kept);
    memcpy(kept + nt, fa->rad, nt * sizeof *kept);
    memcpy(kept + 2 * nt, fa->low, nt * sizeof *kept);
    memcpy(kept + 3 * nt, fa->shift, (size_t)lp->m * sizeof *kept);
    lp->farkas_projected = fa->projected;
    lp->farkas_alphas_ok = 1;
    lp->farkas_row_ok = 0;
}

/*
 * Any y is a certificate when its range misses 0, so several are tried,
 * from y as the factors left it: without its residue entries (the row
 * of two contradicting rows comes out exact, where the residue on other
 * rows leaves 10^-25 on columns without bound), and y and that repaired
 * for either side. The first that holds is kept in lp->farkas for
 * spx_farkas_row. Out of memory sets lp->broken (the loops then end the
 * solve so).
 */
int spx_farkas_certify(spx *lp, const double *y, int r)
{
    lp->farkas_ok = lp->farkas_alphas_ok = 0;
    size_t len = 2 * (size_t)longest_column(lp) + 1;
    double *work = malloc((len + 2 * (size_t)lp->m + 5 * (size_t)lp->nt) *
                          sizeof *work);
    if (!work) {
        lp->broken = 1;
        return 0;
    }
    double *trimmed = work + len, *big = trimmed + lp->m;
    farkas_alphas fa = {big + 2 * lp->nt, big + 3 * lp->nt,
                        big + 5 * lp->nt, big + 4 * lp->nt, 0};
    implied ib = {big, 0};
    drop_residue(lp, y, trimmed);
    for (int c = 0; c < 3 && !lp->farkas_ok; c++)
        for (int side = 1; side >= -1 && !lp->farkas_ok; side -= 2)
            if (c > 0 || side > 0) {
                candidate(lp, y, trimmed, r, c, side);
                lp->farkas_ok =
                    range_misses_zero(lp, lp->farkas, &ib, &fa, work);
            }
    if (lp->farkas_ok)
        keep_alphas(lp, &fa);
    free(work);
    return lp->farkas_ok;
}

/* The kept certificate's alphas as the check took them, in fa: where
 * the check kept them (lp->farkas_alphas), else summed again after the
 * room for the implied bounds [2 nt] term_bounds computes when it needs
 * them. Returns that block (to free), NULL without memory (then there
 * is no row to give). */
static double *kept_alphas(const spx *lp, farkas_alphas *fa)
{
    size_t nt = (size_t)lp->nt;
    double *big = lp->farkas_ok
                      ? malloc((5 * nt + (size_t)lp->m) * sizeof *big)
                      : NULL;
    if (!big)
        return NULL;
    double *kept = lp->farkas_alphas;
    if (lp->farkas_alphas_ok) {   /* read in place: nobody writes them */
        *fa = (farkas_alphas){kept, kept + nt, kept + 3 * nt, kept + 2 * nt,
                              lp->farkas_projected};
    } else {
        *fa = (farkas_alphas){big + 2 * nt, big + 3 * nt, big + 5 * nt,
                              big + 4 * nt, 0};
        farkas_alphas_of(lp, lp->farkas, fa);
    }
    return big;
}

/*
 * The kept certificate over the bounds as given: sum_k alpha_k x_k = 0
 * on every point of the rows (slacks included), so the structural part
 * sum_j alpha_j x_j lies in minus the range of the slack part. Every
 * alpha enters as the check took it: a cleared one is 0; a residue over
 * a bound implied by the rows (term_bounds), and one on a column with
 * two bounds, joins that range, with coefficient 0 (it can only widen
 * it, and the row's readers, conflict analysis among them, get the
 * terms that matter).
 */
int spx_farkas_row(spx *lp, double *coef, double *lo, double *up)
{
    double *kept = lp->farkas_alphas ? lp->farkas_alphas + kept_size(lp)
                                     : NULL;
    if (lp->farkas_alphas_ok && lp->farkas_row_ok) {   /* asked before */
        memcpy(coef, kept, (size_t)lp->n * sizeof *coef);
        *lo = kept[lp->n];
        *up = kept[lp->n + 1];
        return 1;
    }
    double rest_lo = 0, rest_up = 0;
    farkas_alphas fa;
    double *big = kept_alphas(lp, &fa);
    if (!big)
        return 0;
    implied ib = {big, 0};
    double ymax = largest_multiplier(lp, lp->farkas);
    for (int k = 0; k < lp->nt; k++) {
        double blo, bup,
            v = fa.rad[k] < 0 ? 0 : (fa.v[k] + fa.low[k]) / lp->sc[k];
        int aside = term_bounds(lp, k, v, ymax, &ib, &blo, &bup) ||
                    (isfinite(blo) && isfinite(bup) &&
                     is_residue(lp, k, v, ymax));
        if (k < lp->n)
            coef[k] = aside ? 0 : v;
        if (v == 0.0 || (k < lp->n && !aside))
            continue;
        rest_lo += v > 0 ? v * blo : v * bup;
        rest_up += v > 0 ? v * bup : v * blo;
    }
    free(big);
    *lo = -rest_up;
    *up = -rest_lo;
    if (lp->farkas_alphas_ok) {
        memcpy(kept, coef, (size_t)lp->n * sizeof *coef);
        kept[lp->n] = *lo;
        kept[lp->n + 1] = *up;
        lp->farkas_row_ok = 1;
    }
    return 1;
}

/* y''_i = y_i - shift_i (the rounding of the shift is the row's own:
 * what mip/contract.c sums from these, |y_i| delta_i, hardly moves). */
int spx_farkas_multipliers(const spx *lp, double *y)
{
    farkas_alphas fa;
    double *big = kept_alphas(lp, &fa);
    if (!big)
        return 0;
    for (int i = 0; i < lp->m; i++)
        y[i] = (lp->farkas[i] - fa.shift[i]) / lp->sc[lp->n + i];
    free(big);
    return 1;
}

/*
 * Weak duality for any y: c^T x = sum_k d_k x_k on every solution, with
 * d_k = c_k - y^T a_k, so sum_k min(d_k lo_k, d_k up_k) bounds the LP
 * from below. y = c_B^T B^-1 from the current factors; basic variables'
 * d_k are taken as 0 (exact in exact arithmetic), and so are nonbasic
 * ones within tol_dual of 0 on an infinite bound (the tolerance of every
 * optimality verdict); every other counts with its sign, so a dual
 * infeasibility on an infinite bound gives -inf (no bound). On the LP as
 * given: d_k = d'_k / sc[k] (the products d_k lo_k are the scaled ones).
 *
 * The bound stands only after a margin for the rounding of d_k and of
 * the sum: SPX_BOUND_ROUNDING of every product that went into them. An
 * ill-conditioned basis gives duals of 10^13, whose terms of 10^16
 * cancel to 5 * 10^5 with an error of 100: taken as it came out, such a
 * bound closed a node whose LP was 97 better than it said (adversarial
 * seed 307093, a wrong "optimal").
 */
/* The size of the products in d_k = c_k - y^T a_k (scaled LP). */
static double dual_term_size(const spx *lp, int k)
{
    const double *y = lp->rho;
    if (k >= lp->n)
        return fabs(lp->cost[k]) + fabs(y[k - lp->n]);
    double size = fabs(lp->cost[k]);
    for (int e = lp->colptr[k]; e < lp->colptr[k + 1]; e++)
        size += fabs(y[lp->rowind[e]] * lp->colval[e]);
    return size;
}

double spx_dual_bound(spx *lp)
{
    spx_compute_duals(lp, lp->cost);
    double z = 0, size = 0;
    for (int k = 0; k < lp->nt; k++) {
        if (lp->stat[k] == SPX_BASIC)
            continue;
        double d = lp->d[k] / lp->sc[k];
        double b = d > 0 ? lp->ulo[k] : lp->uup[k];
        if (!isfinite(b) && fabs(d) <= lp->par.tol_dual)
            continue;
        if (d == 0)
            continue;
        if (!isfinite(b))
            return -INFINITY;
        z += d * b;
        size += dual_term_size(lp, k) / lp->sc[k] * fabs(b) + fabs(d * b);
    }
    return z - SPX_BOUND_ROUNDING * (1 + size);
}

const char *spx_failure(const spx *lp)
{
    return lp->why ? lp->why : "";
}
