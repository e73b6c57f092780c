/*
 * pump.c -- the feasibility pump (Fischetti, Glover and Lodi 2005) in
 * the form of Fischetti and Salvagnin 2009 ("feasibility pump 2.0").
 * Each round rounds the LP point x* to an integer point x~, fixing the
 * integer columns one at a time, nearest-integral first, and
 * propagating each fix, so that x~ already obeys what the rows imply;
 * when every fix propagates, x~ is a solution. Otherwise the LP looks
 * for its point nearest x~: the distance sum |x_j - x~_j| over the
 * integer columns x~ puts on a bound is linear, and the primal simplex
 * minimises it from the last basis (still feasible, as only the
 * objective changed). A rounding that repeats the last one flips the
 * columns farthest from it; one that repeats an older one is perturbed
 * at random (both as in the 2005 paper). With an objective, the
 * distance is mixed with it, the objective's weight shrinking by
 * PUMP_ALPHA_DECAY each round (Achterberg and Berthold 2007).
 */
#include "heur.h"
#include "presolve.h"
#include "pump.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int col;
    double key;              /* |x* - round(x*)|, ties broken at random */
    uint64_t tie;            /* spx_key: the remaining ties by it        */
} pump_cand;

typedef struct {
    mip_state *s;
    double *xr;              /* [n] the rounding x~                      */
    double *cost;            /* [n] the distance objective               */
    double *xs;              /* [n] the LP point x*                      */
    double *xo;              /* [n] a point offered                      */
    pump_cand *cand;         /* [n]                                      */
    spx_basis basis;         /* the distance LP's, kept over a fitting   */
    unsigned long long hist[PUMP_HISTORY];
    unsigned long long rng;
    double alpha;            /* the objective's weight                   */
} pump;

static double uniform(pump *p)
{
    return mip_rng_uniform(&p->rng);
}

static int by_key(const void *a, const void *b)
{
    const pump_cand *p = a, *q = b;
    if (p->key != q->key)
        return p->key < q->key ? -1 : 1;
    if (p->tie != q->tie)
        return p->tie < q->tie ? -1 : 1;
    return p->col - q->col;
}

/* A draw of the pump's stream for one sweep over the columns. */
static unsigned long long sweep_draw(pump *p)
{
    uniform(p);
    return p->rng;
}

/* Column j's uniform number in [0, 1) in the sweep of draw: from the
 * draw and j's structural key, not from the stream in the order of the
 * columns, so that a column gets the same number in any order of the
 * model. */
static double column_uniform(const pump *p, int j, unsigned long long draw)
{
    unsigned long long z = draw ^ spx_key(p->s->lp, j);
    mip_rng_uniform(&z);
    return mip_rng_uniform(&z);
}

static double clamp_round(const spx *lp, int j, double v)
{
    return fmin(fmax(round(v), spx_lo(lp, j)), spx_up(lp, j));
}

/* Fixes column j at v and propagates; on failure undoes both. */
static int fix_propagated(mip_state *s, int j, double v)
{
    int mark = s->tree.trail_len;
    if (!mip_trail_set(s, j, v, v, 1))
        return 0;
    if (mip_propagate(s, j, 1) >= 0)
        return 1;
    mip_trail_cut(s, mark);
    return 0;
}

/*
 * x~ from x*: each integer column, nearest-integral first, is fixed at
 * its rounded value (or, when propagation refutes that, the next value
 * toward x*'s other side) and propagated; once both fail, the rest are
 * rounded plainly. Returns 1 when every fix propagated, so that x~
 * satisfies every row of integer columns. The trail is cut back.
 */
static int round_propagated(pump *p, const double *xs)
{
    mip_state *s = p->s;
    int base = s->tree.trail_len, count = 0, propagating = 1;
    unsigned long long draw = sweep_draw(p);
    for (int j = 0; j < s->n; j++)
        if (s->is_int[j])
            p->cand[count++] = (pump_cand){
                j,
                fabs(xs[j] - round(xs[j])) +
                    PUMP_TIE_NOISE * column_uniform(p, j, draw),
                spx_key(s->lp, j)};
    qsort(p->cand, (size_t)count, sizeof *p->cand, by_key);
    for (int k = 0; k < count; k++) {
        int j = p->cand[k].col;
        double v = clamp_round(s->lp, j, xs[j]);
        if (spx_lo(s->lp, j) == spx_up(s->lp, j)) {
            p->xr[j] = spx_lo(s->lp, j);
            continue;
        }
        p->xr[j] = v;
        if (!propagating || fix_propagated(s, j, v))
            continue;
        double w = clamp_round(s->lp, j, v + (xs[j] >= v ? 1 : -1));
        if (w != v && fix_propagated(s, j, w))
            p->xr[j] = w;
        else
            propagating = 0;
    }
    int ok = propagating && mip_propagate_every(s, 1) >= 0;
    mip_trail_cut(s, base);
    return ok && !s->out_of_memory;
}

static unsigned long long rounding_hash(const pump *p)
{
    const mip_state *s = p->s;
    unsigned long long h = MIP_FNV_OFFSET;
    for (int j = 0; j < s->n; j++)
        if (s->is_int[j])
            h = (h ^ (unsigned long long)(long long)p->xr[j]) *
                MIP_FNV_PRIME;
    return h;
}

/* Moves x~_j one step toward x*_j (a binary flips). */
static void flip(pump *p, const double *xs, int j)
{
    double v = p->xr[j] + (xs[j] > p->xr[j] ? 1 : -1);
    p->xr[j] = clamp_round(p->s->lp, j, v);
}

/* The same rounding as the last round: the T columns (T at random in
 * [T/2, 3T/2)) farthest from it flip. */
static void flip_farthest(pump *p, const double *xs)
{
    mip_state *s = p->s;
    int count = 0;
    for (int j = 0; j < s->n; j++)
        if (s->is_int[j] && spx_lo(s->lp, j) < spx_up(s->lp, j))
            p->cand[count++] =
                (pump_cand){j, -fabs(xs[j] - p->xr[j]), spx_key(s->lp, j)};
    qsort(p->cand, (size_t)count, sizeof *p->cand, by_key);
    int t = PUMP_FLIP_T / 2 + (int)(uniform(p) * PUMP_FLIP_T);
    for (int k = 0; k < count && k < t && p->cand[k].key < 0; k++)
        flip(p, xs, p->cand[k].col);
}

/* The rounding of an older round: a random perturbation, each column
 * flipping when |x*_j - x~_j| + max(rho, 0) > 0.5, rho uniform in
 * [-0.3, 0.7]. */
static void perturb(pump *p, const double *xs)
{
    mip_state *s = p->s;
    unsigned long long draw = sweep_draw(p);
    for (int j = 0; j < s->n; j++) {
        double rho = column_uniform(p, j, draw) - PUMP_PERTURB_SHIFT;
        if (s->is_int[j] && spx_lo(s->lp, j) < spx_up(s->lp, j) &&
            fabs(xs[j] - p->xr[j]) + fmax(rho, 0) > 0.5)
            flip(p, xs, j);
    }
}

/* Tells repeats apart (h: the rounding's hash) and remembers the
 * rounding as it is then. */
static void break_cycle(pump *p, const double *xs, unsigned long long h)
{
    int seen = 0;
    for (int k = 0; k < PUMP_HISTORY && !seen; k++)
        seen = h == p->hist[k];
    if (h == p->hist[0])
        flip_farthest(p, xs);
    else if (seen)
        perturb(p, xs);
    memmove(p->hist + 1, p->hist, (PUMP_HISTORY - 1) * sizeof *p->hist);
    p->hist[0] = seen ? rounding_hash(p) : h;
}

/* The distance to x~ over the integer columns it puts on a bound, mixed
 * with the model's objective (scaled to the distance's norm) by alpha. */
static int distance_cost(pump *p)
{
    mip_state *s = p->s;
    double dist_norm = 0, obj_norm = 0;
    for (int j = 0; j < s->n; j++) {
        double lo = spx_lo(s->lp, j), up = spx_up(s->lp, j);
        p->cost[j] = 0;
        if (s->is_int[j] && lo < up)
            p->cost[j] = p->xr[j] <= lo ? 1 : p->xr[j] >= up ? -1 : 0;
        dist_norm += p->cost[j] * p->cost[j];
        obj_norm += bnb_col_obj(s->model, j) * bnb_col_obj(s->model, j);
    }
    if (p->alpha > 0 && obj_norm > 0) {
        double w = p->alpha * sqrt(dist_norm / obj_norm);
        for (int j = 0; j < s->n; j++)
            p->cost[j] = (1 - p->alpha) * p->cost[j] +
                         w * s->sense * bnb_col_obj(s->model, j);
    }
    return spx_set_cost(s->lp, p->cost);
}

static int has_continuous(const mip_state *s)
{
    for (int j = 0; j < s->n; j++)
        if (!s->is_int[j])
            return 1;
    return 0;
}

/* Offers x (its integer columns set) and says whether it became the
 * incumbent. */
static int offer(pump *p, double *x, int *stop)
{
    mip_state *s = p->s;
    long before = s->inc.solutions;
    if (mip_offer(s, x, "feasibility pump", 0))
        *stop = 1;
    return s->inc.solutions > before;
}

/* A rounding that propagation accepts, with continuous columns: the LP
 * with the integer columns fixed at x~ (from the current basis, by the
 * dual simplex) gives them values, or proves x~ has none. */
static int offer_fitted(pump *p, int *stop)
{
    mip_state *s = p->s;
    int base = s->tree.trail_len, found = 0;
    spx_basis_save(s->lp, &p->basis);
    for (int j = 0; j < s->n; j++)
        if (s->is_int[j] && spx_lo(s->lp, j) < spx_up(s->lp, j) &&
            !mip_trail_set(s, j, p->xr[j], p->xr[j], 1))
            break;
    if (!s->out_of_memory && spx_dual(s->lp, INFINITY) == SPX_OPTIMAL) {
        const double *v = spx_values(s->lp);
        for (int j = 0; j < s->n; j++)
            p->xo[j] = s->is_int[j] ? p->xr[j] : v[j];
        found = offer(p, p->xo, stop);
    }
    mip_trail_cut(s, base);
    spx_basis_restore(s->lp, &p->basis);
    return found;
}

static int fractional_count(const mip_state *s, const double *x)
{
    int count = 0;
    for (int j = 0; j < s->n; j++)
        count += s->is_int[j] && fabs(x[j] - round(x[j])) > s->par.tol_int;
    return count;
}

/* The rounds; returns 1 when one found a solution. */
static int pump_rounds(pump *p, const double *x0, int *rounds, int *stop)
{
    mip_state *s = p->s;
    double *xs = p->xs;
    long start = spx_iterations(s->lp);
    double budget =
        PUMP_MIN_ITERS + PUMP_ITER_FACTOR * (double)s->root_lp_iters;
    int fit = has_continuous(s), best = s->n + 1, stall = 0;
    memcpy(xs, x0, (size_t)s->n * sizeof *xs);
    for (*rounds = 1; *rounds <= PUMP_MAX_ROUNDS; ++*rounds) {
        int complete = round_propagated(p, xs);
        unsigned long long h = rounding_hash(p);
        if (complete && h != p->hist[0]) {
            for (int j = 0; j < s->n; j++)
                p->xo[j] = s->is_int[j] ? p->xr[j] : xs[j];
            if (fit ? offer_fitted(p, stop) : offer(p, p->xo, stop))
                return 1;
        }
        if (*stop || s->out_of_memory || mip_out_of_time(s))
            return 0;
        break_cycle(p, xs, h);
        if (distance_cost(p) < 0) {
            s->out_of_memory = 1;
            return 0;
        }
        if (spx_primal(s->lp) != SPX_OPTIMAL) {
            s->out_of_memory |= spx_out_of_memory(s->lp);
            return 0;
        }
        memcpy(xs, spx_values(s->lp), (size_t)s->n * sizeof *xs);
        int frac = fractional_count(s, xs);
        if (frac == 0) {
            memcpy(p->xo, xs, (size_t)s->n * sizeof *xs);
            if (offer(p, p->xo, stop))
                return 1;
        }
        stall = frac < best ? 0 : stall + 1;
        best = frac < best ? frac : best;
        if (*stop || spx_iterations(s->lp) - start > budget ||
            stall >= PUMP_STALL_ROUNDS)
            return 0;
        p->alpha *= PUMP_ALPHA_DECAY;
    }
    *rounds = PUMP_MAX_ROUNDS;
    return 0;
}

int mip_pump_suits(const mip_state *s)
{
    return s->has_objective || !has_continuous(s);
}

int mip_pump(mip_state *s, const double *x0, int *rounds, int *stop)
{
    mip_technique_ran(s, MIP_TECH_PUMP);
    size_t n = (size_t)(s->n ? s->n : 1);
    pump p = {.s = s, .rng = mip_rng_start(s),
              .alpha = s->has_objective ? 1 : 0};
    p.xr = malloc(n * sizeof *p.xr);
    p.cost = malloc(n * sizeof *p.cost);
    p.xs = malloc(n * sizeof *p.xs);
    p.xo = malloc(n * sizeof *p.xo);
    p.cand = malloc(n * sizeof *p.cand);
    int found = 0;
    *rounds = 0;
    int rows = spx_rows(s->lp);
    if (p.xr && p.cost && p.xs && p.xo && p.cand &&
        spx_basis_init(&p.basis, rows, rows + s->n) == 0) {
        found = pump_rounds(&p, x0, rounds, stop);
        spx_basis_free(&p.basis);
    } else {
        s->out_of_memory = 1;
    }
    spx_set_cost(s->lp, NULL);
    bnb_event ev = {.type = BNB_EV_PUMP, .len = *rounds, .improved = found};
    *stop |= mip_emit(s, &ev);
    free(p.xr);
    free(p.cost);
    free(p.xs);
    free(p.xo);
    free(p.cand);
    return found;
}
