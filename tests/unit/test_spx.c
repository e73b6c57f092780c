/*
 * test_spx.c -- the simplex layer on its own: warm-started dual re-solves
 * after each kind of bound change agree with a cold primal solve, bound
 * flips, basis save/restore, the pivot observer; the first solve under
 * each algorithm, a tiny blocking coefficient, the stop flag and the
 * deadline, a certified infeasibility, the crash basis, the reduced LP
 * of the first solve; a blocking entry below the pivot tolerance, a
 * real reduced cost of rounding size toward a side without bound; a
 * product's rounding error by Dekker's splitting
 * (the browser build's) equals fma's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spx_dd.h"
#include "spx_proof.h"  /* the weights (test_exact_weights_deadline), */
                         /* the budget (spx_over_budget)               */

#define INF INFINITY
#define TOL 1e-9

/*
 * max 5a + 4b + 3c (as min of the negation) subject to
 *   r0: 2a + 3b +  c <= 5
 *   r1: 4a +  b + 2c <= 11
 *   r2: 3a + 4b + 2c <= 8,   0 <= a, b, c <= 4.
 * Chvatal's first example; its LP optimum is 13 at a = 2, b = 0, c = 1.
 */
/* The tolerances every test here solves with; a test sets its own
 * fields on top. */
static spx_params test_params(void)
{
    return (spx_params){.tol_primal = 1e-9, .tol_dual = 1e-9,
                        .tol_pivot = 1e-7, .tol_singular = 1e-11,
                        .refactor_every = 100, .iter_limit = 1e9,
                        .recovery = 1};
}

static const int colptr[] = {0, 3, 6, 9};
static const int rowind[] = {0, 1, 2, 0, 1, 2, 0, 1, 2};
static const double val[] = {2, 4, 3, 3, 1, 4, 1, 2, 2};
static const double cost[] = {-5, -4, -3};

static spx *chvatal(double up)
{
    double lo[6] = {0, 0, 0, -INF, -INF, -INF};
    double hi[6] = {up, up, up, 5, 11, 8};
    spx_params p = test_params();
    return spx_new(3, 3, colptr, rowind, val, cost, lo, hi, &p);
}

static void test_cold_solve(void **state)
{
    (void)state;
    spx *lp = chvatal(4);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -13, TOL);
    const double *x = spx_values(lp);
    assert_float_equal(x[0], 2, TOL);
    assert_float_equal(x[1], 0, TOL);
    assert_float_equal(x[2], 1, TOL);
    assert_float_equal(x[3], 5, TOL);   /* r0's activity */
    spx_free(lp);
}

/* Textbook ties (structural_ties 0) go to the lower index also where
 * the scores differ by rounding only: the costs -0.3 and -(0.1 + 0.2)
 * (an ulp apart) tie, and x0 enters, as a book would have it; by the
 * exact comparison x1 did. */
static void test_textbook_near_tie(void **state)
{
    (void)state;
    int cp[] = {0, 1, 2}, ri[] = {0, 0};
    double v[] = {1, 1}, c[] = {-0.3, -(0.1 + 0.2)};
    double lo[] = {0, 0, -INF}, up[] = {INF, INF, 1};
    assert_true(c[1] != c[0]);
    spx_params p = test_params();
    spx *lp = spx_new(1, 2, cp, ri, v, c, lo, up, &p);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    assert_float_equal(spx_values(lp)[0], 1, TOL);
    assert_float_equal(spx_values(lp)[1], 0, TOL);
    spx_free(lp);
}

/* Another objective from the optimal basis (the feasibility pump's
 * distance LPs): max x2 is 5/3 (row 0), and the LP's own objective,
 * given back, is -13 again. */
static void test_set_cost(void **state)
{
    (void)state;
    spx *lp = chvatal(4);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    assert_int_equal(spx_set_cost(lp, (double[]){0, -1, 0}), 0);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -5.0 / 3, TOL);
    assert_float_equal(spx_values(lp)[1], 5.0 / 3, TOL);
    assert_int_equal(spx_set_cost(lp, NULL), 0);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -13, TOL);
    spx_free(lp);
}

/* The row copy puts each row's entries in columns with lo < up before
 * rowend; bound changes move them lazily, when a pivot row is next
 * summed. After a run of fixings and freeings, some undone, every row
 * is partitioned by the bounds as they are then. */
static void test_row_copy_follows_fixings(void **state)
{
    (void)state;
    spx *lp = chvatal(4);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    spx_set_bounds(lp, 0, 1, 1);
    spx_set_bounds(lp, 1, 2, 2);
    spx_set_bounds(lp, 0, 0, 4);
    spx_set_bounds(lp, 2, 1, 1);
    spx_set_bounds(lp, 2, 0, 4);
    spx_set_bounds(lp, 2, 3, 3);
    spx_pivot_row(lp, 0);
    for (int i = 0; i < lp->m; i++)
        for (int e = lp->rowptr[i]; e < lp->rowptr[i + 1]; e++) {
            int k = lp->colind[e];
            assert_int_equal(e < lp->rowend[i], lp->lo[k] < lp->up[k]);
        }
    spx_free(lp);
}

/* Objective after a cold primal solve with column k's bounds [lo, up]. */
static double cold_objective(int k, double lo, double up, spx_status *st)
{
    spx *lp = chvatal(4);
    spx_set_bounds(lp, k, lo, up);
    *st = spx_primal(lp);
    double z = spx_objective(lp);
    spx_free(lp);
    return z;
}

/* Solve, change one bound, re-solve with the dual from the old basis:
 * same status and objective as a cold solve. */
static void check_warm(int k, double lo, double up)
{
    spx *lp = chvatal(4);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    spx_set_bounds(lp, k, lo, up);
    spx_status warm = spx_dual(lp, INF), cold;
    double z = cold_objective(k, lo, up, &cold);
    assert_int_equal(warm, cold);
    if (warm == SPX_OPTIMAL)
        assert_float_equal(spx_objective(lp), z, 1e-8);
    spx_free(lp);
}

static void test_warm_upper_on_basic(void **state)
{
    (void)state;
    check_warm(0, 0, 1);      /* a = 2 basic, now a <= 1 */
}

static void test_warm_lower_on_basic(void **state)
{
    (void)state;
    check_warm(2, 2, 4);      /* c = 1 basic, now c >= 2 */
}

static void test_warm_lower_on_nonbasic(void **state)
{
    (void)state;
    check_warm(1, 1, 4);      /* b = 0 nonbasic, now b >= 1 */
}

static void test_warm_fix(void **state)
{
    (void)state;
    check_warm(0, 1, 1);      /* a fixed at 1 */
}

static void test_warm_infeasible(void **state)
{
    (void)state;
    check_warm(1, 3, 4);      /* b >= 3 breaks r0: 3b <= 5 */
}

/*
 * A chain of re-solves, each from the last one's basis: bounds tighten
 * and loosen, nonbasic values move between solves, and a column is
 * fixed (b = 4 at step 4, an infeasible LP), then freed again without
 * restoring a basis: its reduced cost went stale while it was fixed.
 * Each must match a cold solve with the same bounds.
 */
static void test_warm_chain(void **state)
{
    (void)state;
    static const struct { int k; double lo, up; } step[] = {
        {1, 0, 4}, {0, 1, 4}, {0, 0, 1}, {1, 4, 4}, {1, 0, 2},
        {1, 1, 1}, {0, 0, 1}, {2, 0, 3}, {1, 0, 4}, {0, 1, 1},
        {0, 0, 4}, {2, 2, 2}, {2, 0, 4}, {1, 1, 4},
    };
    spx *lp = chvatal(4);
    double lo[3] = {0, 0, 0}, up[3] = {4, 4, 4};
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    for (size_t t = 0; t < sizeof step / sizeof step[0]; t++) {
        int k = step[t].k;
        lo[k] = step[t].lo;
        up[k] = step[t].up;
        spx_set_bounds(lp, k, lo[k], up[k]);
        spx_status warm = spx_dual(lp, INF);
        spx *cold = chvatal(4);
        for (int j = 0; j < 3; j++)
            spx_set_bounds(cold, j, lo[j], up[j]);
        assert_int_equal(warm, spx_primal(cold));
        if (warm == SPX_OPTIMAL)
            assert_float_equal(spx_objective(lp), spx_objective(cold), 1e-8);
        spx_free(cold);
    }
    spx_free(lp);
}

static void test_warm_cutoff(void **state)
{
    (void)state;
    spx *lp = chvatal(4);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    spx_set_bounds(lp, 0, 0, 1);
    /* after a <= 1 the optimum is -12.5 (c = 2.5): a cutoff at -12.6
     * stops the dual as soon as its rising objective passes it */
    assert_int_equal(spx_dual(lp, -12.6), SPX_CUTOFF);
    spx_free(lp);
}

/* Boxed columns make the dual ratio test flip bounds. All columns in
 * [0, 1]: optimum a = c = 1, b = 2/3 (r0 tight), 32/3. With r0 <= 3 the
 * best use of r0 is c (3 per unit), then a (5/2): a = c = 1, b = 0: 8. */
static void test_bound_flips(void **state)
{
    (void)state;
    spx *lp = chvatal(1);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -32.0 / 3, TOL);
    spx_set_bounds(lp, 3, -INF, 3);    /* r0 <= 3 */
    assert_int_equal(spx_dual(lp, INF), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -8, TOL);
    spx_free(lp);
}

/* One row sum x_j >= 301 over 1000 columns in [0, 1] with costs spread
 * from 1 to 1.01^999, tied in threes: the dual simplex from the slack basis
 * needs one iteration, its ratio test passing the 300 cheapest
 * breakpoints (each group of ties whole) and entering the 301st; the
 * optimum is the sum of the 301 least costs. */
static void test_long_flip_run(void **state)
{
    (void)state;
    enum { N = 1000, K = 301 };
    int cp[N + 1], ri[N];
    double v[N], c[N], sorted[N], lo[N + 1], hi[N + 1];
    for (int j = 0; j < N; j++) {
        cp[j] = j;
        ri[j] = 0;
        v[j] = 1;
        int place = (int)((j * 7919L) % N);   /* 7919 is prime to N */
        c[j] = sorted[place] = pow(1.01, place - place % 3);
        lo[j] = 0;
        hi[j] = 1;
    }
    cp[N] = N;
    lo[N] = K;
    hi[N] = INF;
    spx_params p = test_params();
    spx *lp = spx_new(1, N, cp, ri, v, c, lo, hi, &p);
    assert_int_equal(spx_dual(lp, INF), SPX_OPTIMAL);
    double least = 0;
    for (int t = 0; t < K; t++)
        least += sorted[t];
    assert_float_equal(spx_objective(lp), least, 1e-9 * least);
    assert_int_equal(spx_iterations(lp), 1);
    spx_free(lp);
}

/* The row 0.9 a + c >= 75 with c fixed at 74.1 and a in [0, 1] is met
 * exactly by a = 1, but 75 - 74.1 is 0.9000000000000057 in floating
 * point: a bound flip of a leaves a "slope" of 6e-15, which must not be
 * read as a proof of infeasibility (a wrong pruning seen on flugpl). */
static void test_flip_exact_fit_is_feasible(void **state)
{
    (void)state;
    const int cp[] = {0, 1, 2}, ri[] = {0, 0};
    const double v[] = {0.9, 1}, c[] = {1, 0};
    double lo[3] = {0, 74.1, 0}, hi[3] = {1, 74.1, INF};
    spx_params p = test_params();
    spx *lp = spx_new(1, 2, cp, ri, v, c, lo, hi, &p);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    spx_set_bounds(lp, 2, 75, INF);
    assert_int_equal(spx_dual(lp, INF), SPX_OPTIMAL);
    assert_float_equal(spx_values(lp)[0], 1, TOL);
    spx_free(lp);
}

/* A saved basis comes back exactly: by undoing the updates made since
 * (refactor_every 100: no rebuild came between),
 * or by refactorization (refactor_every 1: it is not). */
static void test_basis_save_restore(void **state)
{
    (void)state;
    for (int every = 100; every >= 1; every -= 99) {
        double lo[6] = {0, 0, 0, -INF, -INF, -INF};
        double hi[6] = {4, 4, 4, 5, 11, 8};
        spx_params p = test_params();
        p.refactor_every = every;
        spx *lp = spx_new(3, 3, colptr, rowind, val, cost, lo, hi, &p);
        assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
        spx_basis b;
        assert_int_equal(spx_basis_init(&b, 3, 6), 0);
        spx_basis_save(lp, &b);
        spx_set_bounds(lp, 0, 0, 1);
        assert_int_equal(spx_dual(lp, INF), SPX_OPTIMAL);
        spx_set_bounds(lp, 0, 0, 4);
        spx_basis_restore(lp, &b);
        long before = spx_iterations(lp);
        assert_int_equal(spx_dual(lp, INF), SPX_OPTIMAL);
        assert_int_equal(spx_iterations(lp), before);  /* already optimal */
        assert_float_equal(spx_objective(lp), -13, TOL);
        assert_float_equal(spx_values(lp)[0], 2, TOL);
        spx_basis_free(&b);
        spx_free(lp);
    }
}

/* A 30x30 matrix whose column j has entries in rows j, j+1, j+7 and
 * (every other column) j+13, mod 30, with pseudo-random values: no row
 * or column singletons, so a basis of its columns is all nucleus. */
#define CYC 30
static void cyclic_matrix(int *cp, int *ri, double *v)
{
    static const int offset[] = {0, 1, 7, 13};
    unsigned seed = 12345;
    int e = 0;
    for (int j = 0; j < CYC; j++) {
        cp[j] = e;
        for (int t = 0; t < (j % 2 ? 4 : 3); t++) {
            seed = seed * 1103515245u + 12345u;
            double r = (double)((seed >> 8) % 2000) / 1000.0 - 1.0;
            ri[e] = (j + offset[t]) % CYC;
            v[e++] = r + (r < 0 ? -0.1 : 0.1);
        }
    }
    cp[CYC] = e;
}

/* Checks B^-1 B = I through the tableau rows (BTRAN) and A x = s
 * through the basic values (FTRAN from the nonbasic ones). */
static void assert_inverse_exact(spx *lp, const int *cp, const int *ri,
                                 const double *v)
{
    double alpha[2 * CYC], s[CYC] = {0};
    for (int r = 0; r < CYC; r++) {
        spx_tableau_row(lp, r, alpha);
        for (int i = 0; i < CYC; i++)
            assert_float_equal(alpha[spx_head(lp, i)], i == r, 1e-9);
    }
    const double *x = spx_values(lp);
    for (int j = 0; j < CYC; j++)
        for (int e = cp[j]; e < cp[j + 1]; e++)
            s[ri[e]] += v[e] * x[j];
    for (int i = 0; i < CYC; i++)
        assert_float_equal(s[i], x[CYC + i], 1e-9);
}

/* The nucleus' L and U etas invert the basis, whether every row's slack
 * is out (the whole basis is nucleus) or the last `slacks` rows keep
 * theirs (the nucleus columns then have entries in slack rows). */
static void test_nucleus_factor(void **state)
{
    (void)state;
    int cp[CYC + 1], ri[4 * CYC];
    double v[4 * CYC], c[CYC] = {0}, lo[2 * CYC], hi[2 * CYC];
    cyclic_matrix(cp, ri, v);
    for (int k = 0; k < 2 * CYC; k++) {
        lo[k] = k < CYC ? 0 : -INF;
        hi[k] = k < CYC ? 1 : INF;
    }
    spx_params p = test_params();
    for (int slacks = 0; slacks <= 5; slacks += 5) {
        spx *lp = spx_new(CYC, CYC, cp, ri, v, c, lo, hi, &p);
        spx_basis b;
        assert_int_equal(spx_basis_init(&b, CYC, 2 * CYC), 0);
        spx_basis_save(lp, &b);
        for (int k = 0; k < 2 * CYC; k++)
            b.stat[k] = SPX_AT_UP;
        for (int i = 0; i < CYC; i++) {
            b.head[i] = i < CYC - slacks ? i : CYC + i;
            b.stat[b.head[i]] = SPX_BASIC;
        }
        b.neta = 1 << 30;   /* not a prefix of this file: refactorize */
        assert_int_equal(spx_basis_restore(lp, &b), 0);
        assert_inverse_exact(lp, cp, ri, v);
        spx_basis_free(&b);
        spx_free(lp);
    }
}

static int count_pivots(void *ctx, const spx_pivot_info *p)
{
    *(int *)ctx += !p->start;
    return 0;
}

static void test_observer_sees_each_pivot(void **state)
{
    (void)state;
    spx *lp = chvatal(4);
    int seen = 0;
    spx_set_observer(lp, count_pivots, &seen);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    assert_int_equal(seen, spx_iterations(lp));
    assert_true(seen >= 2);
    spx_free(lp);
}

/* spx_solve with each algorithm reaches Chvatal's optimum. */
static void test_solve_each_algorithm(void **state)
{
    (void)state;
    for (int alg = SPX_AUTO; alg <= SPX_USE_DUAL; alg++) {
        spx *lp = chvatal(4);
        int by_dual = -1;
        assert_int_equal(spx_solve(lp, alg, &by_dual), SPX_OPTIMAL);
        assert_float_equal(spx_objective(lp), -13, TOL);
        if (alg != SPX_AUTO)
            assert_int_equal(by_dual, alg == SPX_USE_DUAL);
        spx_free(lp);
    }
}

static int count_dual_phase1(void *ctx, const spx_pivot_info *p)
{
    if (p->phase == 4 && !p->start)
        ++*(int *)ctx;
    return 0;
}

/* The phases of the observer's calls in order, a start as -phase. */
typedef struct {
    int seq[64], len;
} call_log;

static int log_calls(void *ctx, const spx_pivot_info *p)
{
    call_log *c = ctx;
    if (c->len < 64)
        c->seq[c->len++] = p->start ? -p->phase : p->phase;
    if (p->start)
        assert_true(p->entering == -1 && p->leaving == -1);
    return 0;
}

static int stop_at_start(void *ctx, const spx_pivot_info *p)
{
    (void)ctx;
    return p->start;
}

/* Each run of the simplex tells where it starts before its first pivot:
 * without upper bounds dual phase 1 starts (-4), pivots (4), then the
 * dual simplex starts again from its basis (-3); with every column boxed
 * the dual starts (-3) at once. A start asked to stop stops the solve. */
static void test_observer_sees_starts(void **state)
{
    (void)state;
    call_log c = {{0}, 0};
    spx *lp = chvatal(INF);
    spx_set_observer(lp, log_calls, &c);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_true(c.len >= 3);
    assert_int_equal(c.seq[0], -4);
    int k = 1;
    while (k < c.len && c.seq[k] == 4)
        k++;
    assert_true(k > 1 && k < c.len);
    assert_int_equal(c.seq[k], -3);
    spx_free(lp);
    c.len = 0;
    lp = chvatal(4);
    spx_set_observer(lp, log_calls, &c);
    assert_int_equal(spx_solve(lp, SPX_USE_DUAL, NULL), SPX_OPTIMAL);
    assert_int_equal(c.seq[0], -3);
    spx_free(lp);
    lp = chvatal(4);
    spx_set_observer(lp, stop_at_start, NULL);
    assert_int_equal(spx_solve(lp, SPX_USE_DUAL, NULL), SPX_STOPPED);
    assert_int_equal(spx_iterations(lp), 0);
    spx_free(lp);
}

/* Without upper bounds every column's cost asks for one (the slack
 * basis is not dual feasible): dual phase 1 (the auxiliary problem, its
 * pivots phase 4) finds a dual feasible basis and the dual simplex
 * finishes; the optimum is the same. */
static void test_dual_phase1(void **state)
{
    (void)state;
    spx *lp = chvatal(INF);
    int phase1 = 0, by_dual = -1;
    spx_set_observer(lp, count_dual_phase1, &phase1);
    assert_int_equal(spx_solve(lp, SPX_AUTO, &by_dual), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -13, TOL);
    assert_int_equal(by_dual, 1);
    assert_true(phase1 >= 1);
    const double *x = spx_values(lp);
    assert_float_equal(x[0], 2, TOL);
    assert_float_equal(x[2], 1, TOL);
    spx_free(lp);
}

/* max x s.t. 1e-8 x <= 1 (as min -x): the only blocking pivot is 1e-8,
 * below tol_pivot; the optimum is 1e8, not unbounded. */
static void test_tiny_coefficient_blocks(void **state)
{
    (void)state;
    static const int cp[] = {0, 1};
    static const int ri[] = {0};
    static const double v[] = {1e-8};
    static const double c[] = {-1};
    double lo[2] = {0, -INF}, up[2] = {INF, 1};
    spx_params p = test_params();
    for (int alg = SPX_AUTO; alg <= SPX_USE_DUAL; alg++) {
        spx *lp = spx_new(1, 1, cp, ri, v, c, lo, up, &p);
        assert_int_equal(spx_solve(lp, alg, NULL), SPX_OPTIMAL);
        assert_float_equal(spx_values(lp)[0], 1e8, 1e-6);
        spx_free(lp);
    }
}

/* A raised stop flag or a past deadline stops the solve before it
 * pivots. */
static void test_stop_flag_and_deadline(void **state)
{
    (void)state;
    volatile sig_atomic_t flag = 1;
    spx_params p = test_params();
    p.stop = &flag;
    double lo[6] = {0, 0, 0, -INF, -INF, -INF};
    double hi[6] = {4, 4, 4, 5, 11, 8};
    spx *lp = spx_new(3, 3, colptr, rowind, val, cost, lo, hi, &p);
    assert_int_equal(spx_primal(lp), SPX_STOPPED);
    assert_int_equal(spx_dual(lp, INF), SPX_STOPPED);
    assert_int_equal(spx_iterations(lp), 0);
    spx_free(lp);
    p.stop = NULL;
    p.deadline = spx_clock() - 1;
    lp = spx_new(3, 3, colptr, rowind, val, cost, lo, hi, &p);
    assert_int_equal(spx_solve(lp, SPX_USE_PRIMAL, NULL), SPX_STOPPED);
    assert_int_equal(spx_iterations(lp), 0);
    spx_free(lp);
}

/* Infeasible rows keep their verdict under both algorithms: x + y >= 3
 * and x + y <= 2 with x, y >= 0. */
static void test_infeasible_certified(void **state)
{
    (void)state;
    static const int cp[] = {0, 2, 4};
    static const int ri[] = {0, 1, 0, 1};
    static const double v[] = {1, 1, 1, 1};
    static const double c[] = {1, 0};
    double lo[4] = {0, 0, 3, -INF}, up[4] = {INF, INF, INF, 2};
    spx_params p = test_params();
    for (int alg = SPX_AUTO; alg <= SPX_USE_DUAL; alg++) {
        spx *lp = spx_new(2, 2, cp, ri, v, c, lo, up, &p);
        assert_int_equal(spx_solve(lp, alg, NULL), SPX_INFEASIBLE);
        spx_free(lp);
    }
}

/* The certificate as a row over the columns: coef x in [lo, up], which
 * the column bounds cannot meet. Rows 1000 (x + y) >= 3000 and
 * x + 2 y <= 2 with x, y in [0, inf) (scaled and not): a proof row with
 * a term left on x or y, unbounded above, would prove nothing. */
static void test_farkas_row_missed(void **state)
{
    (void)state;
    static const int cp[] = {0, 2, 4};
    static const int ri[] = {0, 1, 0, 1};
    static const double v[] = {1000, 1, 1000, 2};
    static const double c[] = {1, 0};
    double lo[4] = {0, 0, 3000, -INF}, up[4] = {INF, INF, INF, 2};
    for (int scaling = 0; scaling <= 1; scaling++)
        for (int alg = SPX_USE_PRIMAL; alg <= SPX_USE_DUAL; alg++) {
            spx_params p = test_params();
            p.scaling = scaling;
            spx *lp = spx_new(2, 2, cp, ri, v, c, lo, up, &p);
            assert_int_equal(spx_solve(lp, alg, NULL), SPX_INFEASIBLE);
            double coef[2], rlo, rup;
            assert_true(spx_farkas_row(lp, coef, &rlo, &rup));
            double amin = 0, amax = 0;   /* coef x over x, y in [0, inf) */
            for (int j = 0; j < 2; j++) {
                if (coef[j] > 0)
                    amax = INF;
                if (coef[j] < 0)
                    amin = -INF;
            }
            assert_true(amin > rup || amax < rlo);
            spx_free(lp);
        }
}

/* min x1 + x2 + x3, x1 + x2 = 1, x2 + x3 = 1, 0 <= x <= 1 (x3 <= up3).
 * The crash basis takes x1 for the first row and x3 for the second
 * (x2 touches the first); x2 then sits at 1 for its reduced cost -1,
 * which is the optimum: no pivot. */
static long crash_iterations(int crash, double up3, double *obj)
{
    static const int cp[] = {0, 1, 3, 4};
    static const int ri[] = {0, 0, 1, 1};
    static const double v[] = {1, 1, 1, 1}, c[] = {1, 1, 1};
    double lo[5] = {0, 0, 0, 1, 1}, hi[5] = {1, 1, up3, 1, 1};
    spx_params p = test_params();
    p.crash = crash;
    spx *lp = spx_new(2, 3, cp, ri, v, c, lo, hi, &p);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    *obj = spx_objective(lp);
    long it = spx_iterations(lp);
    spx_free(lp);
    return it;
}

static void test_crash_basis(void **state)
{
    (void)state;
    double obj;
    assert_int_equal(crash_iterations(1, 1, &obj), 0);
    assert_float_equal(obj, 1, TOL);
    assert_true(crash_iterations(0, 1, &obj) > 0);   /* the slack basis */
    assert_float_equal(obj, 1, TOL);
    /* x3 without upper bound: a basis need not be dual feasible, no crash */
    assert_true(crash_iterations(1, INF, &obj) > 0);
    assert_float_equal(obj, 1, TOL);
}

/* Exact steepest-edge weights cost a BTRAN per row: past the deadline
 * they start at 1 instead (the solve stops at its next look at the
 * clock). At Chvatal's optimum some exact weight differs from 1. */
static void test_exact_weights_deadline(void **state)
{
    (void)state;
    spx *lp = chvatal(4);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    spx_exact_weights(lp);
    int differ = 0;
    for (int i = 0; i < lp->m; i++)
        differ += lp->weight[i] != 1.0;
    assert_true(differ > 0);
    lp->par.deadline = 1e-9;   /* long past */
    spx_exact_weights(lp);
    for (int i = 0; i < lp->m; i++)
        assert_true(lp->weight[i] == 1.0);
    spx_free(lp);
}

/* min sum x subject to x_i + x_i+1 >= 1 (i < m), 0 <= x <= 10: its
 * optimal basis is not the slack basis. Returns how many dual pricing
 * weights are not 1 after a re-solve from that basis with weights to be
 * made afresh (no pivot: the basis is optimal). */
static int fresh_weights_not_one(int m)
{
    int n = m + 1;
    int *cp = calloc((size_t)n + 1, sizeof *cp), *ri = calloc(2 * (size_t)m, sizeof *ri);
    double *v = calloc(2 * (size_t)m, sizeof *v), *c = calloc((size_t)n, sizeof *c);
    double *lo = calloc((size_t)(n + m), sizeof *lo), *up = calloc((size_t)(n + m), sizeof *up);
    assert_non_null(cp && ri && v && c && lo && up);
    for (int j = 0, e = 0; j < n; j++) {
        if (j > 0) { ri[e] = j - 1; v[e++] = 1; }
        if (j < m) { ri[e] = j; v[e++] = 1; }
        cp[j + 1] = e;
        c[j] = 1;
        up[j] = 10;
    }
    for (int i = 0; i < m; i++) {
        lo[n + i] = 1;
        up[n + i] = INF;
    }
    spx_params p = test_params();
    p.steepest_edge = 2;
    spx *lp = spx_new(m, n, cp, ri, v, c, lo, up, &p);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_false(spx_is_slack_basis(lp));
    lp->weights_valid = 0;
    long it = spx_iterations(lp);
    assert_int_equal(spx_dual(lp, INF), SPX_OPTIMAL);
    assert_int_equal(spx_iterations(lp), it);
    int differ = 0;
    for (int i = 0; i < m; i++)
        differ += lp->weight[i] != 1.0;
    spx_free(lp);
    free(cp); free(ri); free(v); free(c); free(lo); free(up);
    return differ;
}

/* Exact weights cost a BTRAN per row: a small LP gets them, one of more
 * than 1000 rows starts from 1 (SPX_EXACT_WEIGHTS_MAX_ROWS). */
static void test_fresh_weights_by_size(void **state)
{
    (void)state;
    assert_true(fresh_weights_not_one(10) > 0);
    assert_int_equal(fresh_weights_not_one(1001), 0);
}

/*
 * The reduced LP of spx_presolve.c only chooses where the first solve
 * starts: on LPs built of what it takes out (x_a = x_b equations, rows
 * that repeat once substituted, singleton rows, forcing rows, fixed
 * columns, rows of fixed columns only) the verdict and the optimum are
 * those of the solve without it, the reduction did take rows out, and
 * the basis it carries back is optimal for the full LP: no pivot after.
 */
#define PRE_PAIRS 12
#ifndef PRE_SEEDS
#define PRE_SEEDS 200
#endif
#define PRE_N (4 * PRE_PAIRS)
#define PRE_MAX_ROWS (8 * PRE_PAIRS)
#define PRE_MAX_NNZ (40 * PRE_PAIRS)

typedef struct {
    int m, len[PRE_MAX_ROWS], col[PRE_MAX_ROWS][4];
    double coef[PRE_MAX_ROWS][4], lo[PRE_MAX_ROWS], up[PRE_MAX_ROWS];
} pre_rows;

static void pre_row(pre_rows *r, double lo, double up, int len,
                    const int *col, const double *coef)
{
    int i = r->m++;
    r->len[i] = len;
    for (int t = 0; t < len; t++) {
        r->col[i][t] = col[t];
        r->coef[i][t] = coef[t];
    }
    r->lo[i] = lo;
    r->up[i] = up;
}

static unsigned pre_next(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 8) % 1000u;
}

/* Column j is a pair's first (x_a = x_b), 2j + 1 its twin. */
static void pre_build(unsigned seed, pre_rows *r, double *cost, double *lo,
                      double *up)
{
    r->m = 0;
    for (int j = 0; j < PRE_N; j++) {
        cost[j] = pre_next(&seed) / 500.0 - 1.0;
        lo[j] = 0;
        up[j] = pre_next(&seed) < 100 ? 0 : 1;   /* some fixed */
    }
    static const double eq[] = {1, -1}, ones[] = {1, 1, 1}, two[] = {2};
    for (int p = 0; p < PRE_N / 2; p++) {
        int c[2] = {2 * p, 2 * p + 1};
        pre_row(r, 0, 0, 2, c, eq);
    }
    for (int t = 0; t < PRE_PAIRS; t++) {
        int a = (int)pre_next(&seed) % (PRE_N / 2), b = (a + 1 + t) % (PRE_N / 2);
        int c1[3] = {2 * a, 2 * b, 2 * ((a + 5) % (PRE_N / 2))};
        int c2[3] = {2 * a + 1, 2 * b + 1, 2 * ((a + 5) % (PRE_N / 2)) + 1};
        double rlo = pre_next(&seed) < 200 ? 1 : 0;   /* mostly feasible */
        pre_row(r, rlo, 1, 3, c1, ones);
        pre_row(r, rlo, 1, 3, c2, ones);        /* the same, substituted */
        int s[1] = {2 * ((a + 3) % (PRE_N / 2))};
        pre_row(r, -INF, 1, 1, s, two);         /* x <= 0.5 */
        int f[2] = {2 * ((b + 7) % (PRE_N / 2)) + 1, 2 * ((a + 9) % (PRE_N / 2))};
        if (pre_next(&seed) < 300)
            pre_row(r, -INF, 0, 2, f, ones);    /* forcing: both 0 */
    }
}

static spx_status pre_solve(unsigned seed, int presolve, double *obj,
                            int *taken, long *after)
{
    pre_rows r;
    double cost[PRE_N], lo[PRE_N + PRE_MAX_ROWS], up[PRE_N + PRE_MAX_ROWS];
    pre_build(seed, &r, cost, lo, up);
    int cp[PRE_N + 1] = {0}, ri[PRE_MAX_NNZ], fill[PRE_N];
    double v[PRE_MAX_NNZ];
    for (int i = 0; i < r.m; i++)
        for (int t = 0; t < r.len[i]; t++)
            cp[r.col[i][t] + 1]++;
    for (int j = 0; j < PRE_N; j++)
        cp[j + 1] += cp[j];
    memcpy(fill, cp, sizeof fill);
    for (int i = 0; i < r.m; i++) {
        for (int t = 0; t < r.len[i]; t++) {
            int j = r.col[i][t];
            ri[fill[j]] = i;
            v[fill[j]++] = r.coef[i][t];
        }
        lo[PRE_N + i] = r.lo[i];
        up[PRE_N + i] = r.up[i];
    }
    spx_params p = test_params();
    p.crash = 1;
    p.steepest_edge = 1;
    p.presolve = presolve;
    spx *lp = spx_new(r.m, PRE_N, cp, ri, v, cost, lo, up, &p);
    spx_status st = spx_solve(lp, SPX_AUTO, NULL);
    *obj = spx_objective(lp);
    *taken = spx_presolved_rows(lp);
    *after = spx_iterations(lp) - (*taken ? lp->presolve_iters : 0);
    spx_free(lp);
    return st;
}

static void test_presolve_agrees(void **state)
{
    (void)state;
    int reduced = 0;
    for (unsigned seed = 1; seed <= PRE_SEEDS; seed++) {
        double with, without;
        int taken, none;
        long after, all;
        spx_status a = pre_solve(seed, 1, &with, &taken, &after);
        spx_status b = pre_solve(seed, 0, &without, &none, &all);
        assert_int_equal(none, 0);
        assert_int_equal(a, b);
        if (a == SPX_OPTIMAL)
            assert_float_equal(with, without, 1e-7);
        if (a == SPX_OPTIMAL && taken)
            assert_int_equal(after, 0);   /* the carried basis is optimal */
        reduced += taken > 0;
    }
    assert_true(reduced > 100);
}

/* x0 + x1 + x2 >= 3 (row 0), 2 x0 + 3 x1 + x2 <= row1_up (row 1), the
 * singleton 2 x3 <= 1 and the doubleton equation x3 + x4 = 1, columns in
 * [0, 5], with the LP presolve on: it takes out rows 2 and 3. */
static spx *presolve_lp(double row1_up)
{
    int cp[] = {0, 2, 4, 6, 8, 9}, ri[] = {0, 1, 0, 1, 0, 1, 2, 3, 3};
    double v[] = {1, 2, 1, 3, 1, 1, 2, 1, 1}, cost[] = {1, 2, 3, -1, 1};
    double lo[] = {0, 0, 0, 0, 0, 3, -INF, -INF, 1};
    double up[] = {5, 5, 5, 5, 5, INF, row1_up, 1, 1};
    spx_params p = test_params();
    p.presolve = 1;
    return spx_new(4, 5, cp, ri, v, cost, lo, up, &p);
}

/* A singleton row cuts a bound only where the cut is more than rounding
 * of the row: 1e-8 x + y = 256 with y fixed at 256 leaves 1e-8 x = 0,
 * which x = 1 meets within the margin the full LP allows the row (2.6e-7),
 * so the presolve must not fix x at 0: the optimum is -1 either way. */
static void test_presolve_tiny_singleton(void **state)
{
    (void)state;
    int cp[] = {0, 2, 3}, ri[] = {0, 1, 0};
    double v[] = {1e-8, 1, 1}, cost[] = {-1, 0};
    double lo[] = {0, 256, 256, 0}, up[] = {1, 256, 256, 1};
    for (int presolve = 0; presolve <= 1; presolve++) {
        spx_params p = test_params();
        p.presolve = presolve;
        spx *lp = spx_new(2, 2, cp, ri, v, cost, lo, up, &p);
        assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
        assert_float_equal(spx_objective(lp), -1.0, 1e-9);
        spx_free(lp);
    }
}

/* A row with one infinite side is never forcing on it: x0 + x1 + x2 >= 3
 * has a finite least activity (0), and an infinite side is "near" no
 * number. Taken for forcing, its columns were fixed at 0 and the reduced
 * LP was another LP, whose basis the full LP had to leave; now the
 * reduced LP's optimal basis is the full LP's. */
static void test_presolve_infinite_side(void **state)
{
    (void)state;
    spx *lp = presolve_lp(8);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), 3.0, 1e-9);   /* x0 = 3, x3 = 0.5 */
    assert_true(spx_presolved_rows(lp) > 0);
    assert_int_equal(spx_iterations(lp) - lp->presolve_iters, 0);
    spx_free(lp);
}

/* A reduced LP that is infeasible hands its basis back as an optimal
 * one does (spx_presolved_rows counts the rows it took out), and the
 * full LP proves the verdict from there rather than from the slack
 * basis: rows 0 and 1 conflict when row 1's side is 2, which no
 * reduction sees. */
static void test_presolve_infeasible_basis(void **state)
{
    (void)state;
    spx *lp = presolve_lp(2);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_INFEASIBLE);
    assert_true(spx_presolved_rows(lp) > 0);
    spx_free(lp);
}

/* An LP of up to 10 rows and columns given by dense rows a[i][j], row
 * bounds rlo/rup and column bounds clo/cup, with the scaling, crash and
 * pricing the search uses and an iteration budget of `budget`. */
#define DENSE_MAX 10
static spx *dense_lp(int m, int n, const double a[][DENSE_MAX],
                     const double *c, const double *clo, const double *cup,
                     const double *rlo, const double *rup, int budget)
{
    int cp[DENSE_MAX + 1], ri[DENSE_MAX * DENSE_MAX], nz = 0;
    double v[DENSE_MAX * DENSE_MAX], lo[2 * DENSE_MAX], up[2 * DENSE_MAX];
    for (int j = 0; j < n; j++) {
        cp[j] = nz;
        for (int i = 0; i < m; i++)
            if (a[i][j] != 0) {
                ri[nz] = i;
                v[nz++] = a[i][j];
            }
        lo[j] = clo[j];
        up[j] = cup[j];
    }
    cp[n] = nz;
    for (int i = 0; i < m; i++) {
        lo[n + i] = rlo[i];
        up[n + i] = rup[i];
    }
    spx_params p = test_params();
    p.iter_limit = 1e5;
    p.scaling = p.crash = 1;
    p.steepest_edge = 2;
    p.budget = budget;
    return spx_new(m, n, cp, ri, v, c, lo, up, &p);
}

/* Every row of dense a holds at x within 1e-6 (1 + |bound|), its
 * activity summed from the values as the search's verification does. */
static void assert_rows_hold(int m, int n, const double a[][DENSE_MAX],
                             const double *x, const double *rlo,
                             const double *rup)
{
    for (int i = 0; i < m; i++) {
        double act = 0;
        for (int j = 0; j < n; j++)
            act += a[i][j] * x[j];
        assert_true(act >= rlo[i] - 1e-6 * (1 + fabs(rlo[i])));
        assert_true(act <= rup[i] + 1e-6 * (1 + fabs(rup[i])));
    }
}

/* Budget factor of the tests below: the default of lp_budget. */
#define TEST_BUDGET 100

/* A badly scaled LP (7 rows, 3 columns, coefficients 1e-4 .. 3e5, right
 * sides to 2e12) on which the primal simplex's phase 1 traded two bases
 * back and forth, each step 1e7 or 1e12 long and gaining nothing, for
 * 7 million pivots in 2 s: the stall is seen by the objective, not the
 * step, the primal gives up, the dual proves the LP infeasible, all
 * within 100 iterations per row and column. Without recovery it ends as
 * a numerical failure that says the primal makes no progress. */
static spx *rounding_stall(int budget)
{
    static const double a[7][DENSE_MAX] = {
        {0, 0, -86632.9},
        {0, -0.543111, 0},
        {-0.15054, -0.0687422, -308482},
        {0, 0, 18.8412},
        {0, -0.0724664, -153.939},
        {0.100912, 1519.12, 0.000104428},
        {145870, -72517.1, -0.000941602}};
    static const double c[] = {0, 0, -0.000109787};
    static const double clo[] = {0, 0, -INF}, cup[] = {9.27412e+07, INF, INF};
    static const double rlo[] = {-2.40013e+07, -4.52501e+07, -8.73999e+07,
                                 5219.88, -INF, 1.34403e+06, -INF};
    static const double rup[] = {-2.40013e+07, INF, -8.73999e+07, 5219.88,
                                 -42134.6, 1.34403e+06, 1.87628e+12};
    return dense_lp(7, 3, a, c, clo, cup, rlo, rup, budget);
}

static void test_primal_rounding_stall(void **state)
{
    (void)state;
    spx *lp = rounding_stall(TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_USE_PRIMAL, NULL), SPX_INFEASIBLE);
    assert_true(spx_iterations(lp) <= TEST_BUDGET * (7 + 3));
    spx_free(lp);
    lp = rounding_stall(TEST_BUDGET);
    lp->par.recovery = 0;
    assert_int_equal(spx_solve(lp, SPX_USE_PRIMAL, NULL), SPX_NUMERIC);
    assert_non_null(strstr(spx_failure(lp), "no progress"));
    spx_free(lp);
}

/* The budget: a solve with all its recoveries may take lp_budget
 * iterations per row and column, counted from its start (spx_solve
 * starts afresh, spx_retry goes on with what is left), then it is over
 * with a reason that names the stall; a budget of 0 never ends a
 * solve. */
static void test_iteration_budget(void **state)
{
    (void)state;
    spx *lp = rounding_stall(TEST_BUDGET);
    long allowed = TEST_BUDGET * (7 + 3);
    lp->iters = 5 + allowed - 1;
    lp->budget_start = 5;
    assert_false(spx_over_budget(lp));
    lp->iters++;
    assert_true(spx_over_budget(lp));
    assert_non_null(strstr(spx_failure(lp), "iteration budget"));
    long spent = spx_iterations(lp);
    assert_int_equal(spx_retry(lp, SPX_USE_PRIMAL, NULL), SPX_NUMERIC);
    assert_int_equal(spx_iterations(lp), spent);
    assert_non_null(strstr(spx_failure(lp), "iteration budget"));
    lp->why = NULL;
    assert_int_equal(spx_solve(lp, SPX_USE_DUAL, NULL), SPX_INFEASIBLE);
    assert_true(spx_iterations(lp) - spent <= allowed);
    lp->par.budget = 0;
    lp->iters = 1L << 40;
    lp->budget_start = 0;
    assert_false(spx_over_budget(lp));
    spx_free(lp);
}

/* A budget of one iteration per row and column (10 here) holds for the
 * whole solve, its recoveries included: the LP that stalls the primal
 * ends within it, as a verdict or as a failure that names the budget. */
static void test_budget_whole_solve(void **state)
{
    (void)state;
    for (int alg = SPX_AUTO; alg <= SPX_USE_DUAL; alg++) {
        spx *lp = rounding_stall(1);
        spx_status st = spx_solve(lp, alg, NULL);
        assert_true(spx_iterations(lp) <= 7 + 3);
        if (st == SPX_NUMERIC)
            assert_non_null(strstr(spx_failure(lp), "iteration budget"));
        spx_free(lp);
    }
}

/* Beale's (1955) and Kuhn's classic cycling examples: degenerate at the
 * origin, where the textbook rules cycle; each algorithm reaches the
 * optimum (-1/20 and -2) in a few pivots. */
static void test_classic_cycling(void **state)
{
    (void)state;
    static const double beale[3][DENSE_MAX] = {
        {0.25, -60, -0.04, 9}, {0.5, -90, -0.02, 3}, {0, 0, 1, 0}};
    static const double beale_c[] = {-0.75, 150, -0.02, 6};
    static const double kuhn[3][DENSE_MAX] = {
        {-2, -9, 1, 9}, {1.0 / 3, 1, -1.0 / 3, -2}, {2, 3, -1, -12}};
    static const double kuhn_c[] = {-2, -3, 1, 12};
    static const double zero[] = {0, 0, 0, 0}, inf[] = {INF, INF, INF, INF};
    static const double free_lo[] = {-INF, -INF, -INF};
    static const double beale_up[] = {0, 0, 1}, kuhn_up[] = {0, 0, 2};
    for (int alg = SPX_AUTO; alg <= SPX_USE_DUAL; alg++) {
        spx *lp = dense_lp(3, 4, beale, beale_c, zero, inf, free_lo,
                           beale_up, TEST_BUDGET);
        assert_int_equal(spx_solve(lp, alg, NULL), SPX_OPTIMAL);
        assert_float_equal(spx_objective(lp), -0.05, TOL);
        spx_free(lp);
        lp = dense_lp(3, 4, kuhn, kuhn_c, zero, inf, free_lo, kuhn_up,
                      TEST_BUDGET);
        assert_int_equal(spx_solve(lp, alg, NULL), SPX_OPTIMAL);
        assert_float_equal(spx_objective(lp), -2, TOL);
        spx_free(lp);
    }
}

/* A dual pivot by a step of 7e8 left the updated value of a basic
 * column of 170 off by 2e-3: the optimum, trusted on updated values,
 * broke row 3 by 2.3e-5 (its activity, summed from the values, against
 * its bound -2.56412). An optimum now stands on values computed from
 * scratch, and the row holds. */
static void test_optimum_on_fresh_values(void **state)
{
    (void)state;
    static const double a[6][DENSE_MAX] = {
        {-26.8215, 0, 756.046, 0, -940283, 0, 0.166178, 0},
        {-0.000176776, -3.73754, -264.052, 13165.9, 0, -0.0102831,
         -1.9987e-05, -1.87934e-05},
        {0.0943845, 52.948, 386278, 0, -10932.3, 496.774, 0, -0.0396928},
        {0, 0, 0, 0, 0.0300645, -283.762, -0.0150246, 0},
        {0, -0.358596, 0, 0.000430029, 41.0641, 0, -1844.91, -221575},
        {0.0264962, -0.0068182, 0, 0, -7.87549e-05, 0, 0, 1941.45}};
    static const double c[] = {-64.1318, 397.696, 7.95991, 0.0424099,
                               -0.000130047, -2.77092e-05, -5.01278e-05, 0};
    static const double clo[] = {0, 0, -INF, -INF, 0, 0, -1777.74, -INF};
    static const double cup[] = {INF, INF, 42567.1, INF, INF, 8.8098e+09,
                                 INF, INF};
    static const double rlo[] = {9.55978e+06, 197.078, 3.37381e+06,
                                 -2.56412, -0.22405, -6.49148e+06};
    static const double rup[] = {9.55978e+06, 197.078, INF, INF, INF,
                                 -6.49148e+06};
    spx *lp = dense_lp(6, 8, a, c, clo, cup, rlo, rup, TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_rows_hold(6, 8, a, spx_values(lp), rlo, rup);
    assert_float_equal(spx_objective(lp), -53753912.8891, 1e-2);
    spx_free(lp);
}

/* A dual step of 6e9 with a bound flip, on updated factors: x_B
 * computed from scratch on them broke row 2 by 3.25 (values of 1e8),
 * and the LP's optimum 12570776.49 was a numerical failure. Such an
 * optimum is checked on a fresh factorization. */
static void test_optimum_on_fresh_factors(void **state)
{
    (void)state;
    static const double a[3][DENSE_MAX] = {
        {0, 0, 0.00205302, 624259, 10.1985, -0.43428, 0, 6.60169e-05,
         4403.18, 0.00264903},
        {-0.00210855, 2614.94, -11430.5, -1.49358e-05, 6.00695, -0.00146895,
         0, 0, 0.00517003, -0.00123341},
        {-0.343966, 0.00880294, 0.0462523, 0.151706, 507467, 0, 10555.5, 0,
         0, 24842.8}};
    static const double c[] = {3040.68, -16.3369, -42582.9, -0.00103319,
                               1.76774e-05, 0.0300778, 1286.26, 0, 0,
                               0.0121049};
    static const double clo[] = {-118.961, 0, -INF, 0, 0, 0, 0, 0, 0, 0};
    static const double cup[] = {INF, 77.5483, INF, INF, 9.17659e+06,
                                 6.67036e+09, INF, 11.7357, 5.46725, INF};
    static const double rhs[] = {-1.48602e+08, 20.6163, -132.073};
    spx *lp = dense_lp(3, 10, a, c, clo, cup, rhs, rhs, TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_rows_hold(3, 10, a, spx_values(lp), rhs, rhs);
    assert_float_equal(spx_objective(lp), 12570776.4916, 1e-2);
    spx_free(lp);
}

/* A subnormal coefficient (1e-320) is a zero to the scaling: a factor
 * that brought it near 1 blew up its row, and a feasible LP was
 * "infeasible" (rows -9.108 x0 + 0.115976 x1 >= -9.798048, 1e-320 x1 +
 * 1.0238e-6 x2 - 1705 x3 >= -1420.599999, 1.26417e-5 x0 - 10 x2 <=
 * -9.999987, free columns, no objective; x2 = 1 meets them), and max x0
 * s.t. 1e-315 x0 + x1 <= 1, x0 <= 5 was 0, not 5. */
static void test_subnormal_coefficient(void **state)
{
    (void)state;
    static const double a[3][DENSE_MAX] = {{-9.108, 0.115976, 0, 0},
                                           {0, 1e-320, 1.0238e-06, -1705},
                                           {1.26417e-05, 0, -10, 0}};
    static const double c[] = {0, 0, 0, 0};
    static const double lo[] = {0, 0, 0, 0}, up[] = {INF, INF, INF, INF};
    static const double rlo[] = {-9.798048, -1420.599999, -INF};
    static const double rup[] = {INF, INF, -9.999987};
    for (int alg = SPX_AUTO; alg <= SPX_USE_DUAL; alg++) {
        spx *lp = dense_lp(3, 4, a, c, lo, up, rlo, rup, TEST_BUDGET);
        assert_int_equal(spx_solve(lp, alg, NULL), SPX_OPTIMAL);
        spx_free(lp);
    }
    static const double b[2][DENSE_MAX] = {{1e-315, 1}, {1, 0}};
    static const double cb[] = {-1, 0};
    static const double blo[] = {-INF, -INF}, bup[] = {1, 5};
    for (int alg = SPX_AUTO; alg <= SPX_USE_DUAL; alg++) {
        spx *lp = dense_lp(2, 2, b, cb, lo, up, blo, bup, TEST_BUDGET);
        assert_int_equal(spx_solve(lp, alg, NULL), SPX_OPTIMAL);
        assert_float_equal(spx_objective(lp), -5, TOL);
        spx_free(lp);
    }
}

/* An LP whose optimum (-4.18e19) lies at 1e16: the last primal pivot's
 * column has an entry of 2e-14 (of its largest) on a basic slack that
 * moves toward its bound, below the noise level an unrefined FTRAN
 * allows, and the ray that took it for 0 made the LP "unbounded". The
 * ray's column is refined before its check: the entry is real, the ray
 * fails, and the simplex goes on to the optimum. */
static void test_ray_refined(void **state)
{
    (void)state;
    static const double a[5][DENSE_MAX] = {
        {0, -12.5962, -23249.9, 0.481412, 0, 0, 0, 0, 0, 0.00195178},
        {0, -56.8005, -12083.7, 48.7527, 959211, 0, -6037.9, 0, -33.7118,
         0.00501505},
        {-622.745, 11112.4, 1.84725e-05, 0, -0.434492, 0.0736383, 2.50009,
         0.000121337, 409.05, 205141},
        {0, 0, 2.14739e-05, -4.56309, 0, -0.0234983, 0, -20606.7, 0,
         0.23771},
        {-0.00117983, 0, 0, -2.88365e-05, -0.0307863, 0, 5.72712e-05, 0,
         25468.6, 0}};
    static const double c[] = {-14054, -2461.56, 193660, 698756, 0,
                               -0.000542674, 0.000351423, -2128, 0.00212739,
                               4034.59};
    static const double clo[] = {0, -INF, 0, 0, -INF, 0, 0, -INF, 0, -INF};
    static const double cup[] = {2.23135, INF, 4.35324e+08, 1.07206e+07, INF,
                                 8.90401, 888.247, 20654.8, 3.58583, 580.556};
    static const double rlo[] = {-9.42526e+12, -4.89822e+12, -INF, -INF, -INF};
    static const double rup[] = {INF, -4.89822e+12, 9.64082e+09, -4.56571e+08,
                                 51925.1};
    spx *lp = dense_lp(5, 10, a, c, clo, cup, rlo, rup, TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -4.18021698043163e+19, 1e-6 * 4.2e19);
    spx_free(lp);
}

/* A bounded LP whose optimum has x0 = 1.2e19 (cost -0.03): x0 entering
 * moves x1 toward its bound 48.8 away at 4.1e-18 of its rate (x2 =
 * 5.3e-9 x0 by row 2, x1 = 7.8e-10 x2 by row 0), 2.6e-20 of the
 * column's largest entry, below any pivot tolerance: the ratio test
 * found nothing to block, the ray failed its check, and the solve ended
 * in a numerical failure. The ratio test on the refined column takes
 * the entry, which is real. */
static void test_tiny_entry_blocks(void **state)
{
    (void)state;
    static const double a[4][DENSE_MAX] = {
        {0, -4103, 3.2e-06, 0, 0},
        {-158, 0, 0, 1.06187e-09, 3.91588e-08},
        {0.0002, 0, -3.759e+04, 0, 0},
        {0, 0.0002, 0, 0, -310.76}};
    static const double c[] = {-0.03, 0, 0, 0, 0};
    static const double clo[] = {0, -51.1, 0, 0, 0};
    static const double cup[] = {INF, 3.78, INF, INF, INF};
    static const double rlo[] = {184637.596472, -INF, -93971.1438015, -INF};
    static const double rup[] = {184637.596472, 292827393.93, -93971.1438015,
                                 274674695.20175};
    spx *lp = dense_lp(4, 5, a, c, clo, cup, rlo, rup, TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -352665156642727000.0,
                       1e-6 * 3.6e17);
    spx_free(lp);
}

/* The dual's optimum (-3.46e6) leaves row 2 the dual -6.7e-13, 2e-16
 * of the largest |y_i| (scaled), toward the row's side without bound:
 * the true reduced cost of a ray that takes x4 down to -7.6e11 (row 5)
 * with x6 up to 1.3e15 (row 6), and the objective to -1.36e8. Taken for
 * rounding residue of the largest dual, it stood as the optimum;
 * refined in double-double it stands as real, and the primal goes on to
 * the optimum. */
static void test_far_reduced_cost_real(void **state)
{
    (void)state;
    static const double a[7][DENSE_MAX] = {
        {-4.069e-05, -6.76e+04, 0, 0, 0, 0, 0},
        {5.565e+04, 0, -0.0002, -855.6, 0.01148, 0, 0},
        {0, 0, 0, 0, 9.06e+04, 0.003754, 1.49e+05},
        {0, -0.0017, 0, 0, 0, 1e+05, 0},
        {0, 0, 7.5e+02, 2, 0, 0, 0},
        {0, 0, 0, 0, 0.00046, 0, 0},
        {0, 0, 0, 0, 7e+03, 0, 4.03}};
    static const double c[] = {-846, 0, 0, 0, 0, 0, 0};
    static const double clo[] = {0, 0, 0, 0, -INF, 0, -INF};
    static const double cup[] = {INF, INF, INF, INF, INF, INF, INF};
    static const double rlo[] = {-4756018.762071, -INF, -247044396.82131,
                                 -INF, 316500, -350034849.02208, -286474};
    static const double rup[] = {INF, 92250713.84066, INF, 4760000.105214,
                                 316500, INF, INF};
    spx *lp = dense_lp(7, 7, a, c, clo, cup, rlo, rup, TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -136261514.214641, 1e-6 * 1.4e8);
    spx_free(lp);
}

/* min -x1 - 0.1 (1 + 1e-10) x2 with 10 x1 + x2 <= 10: at x1 = 1 the
 * reduced cost of x2 is -1e-11, real and within tol_dual, toward x2's
 * missing upper bound. The row bounds x2 by 10, so the move gains at most
 * 1e-10, within tol_dual of the objective as a bounded column's would
 * be: the optimum stands, and the primal is not sent after the gain at
 * a dual tolerance of 5e-12 (on bnl1, from the optimum of a dual
 * simplex with perturbed costs, 3,700 pivots for a d_k of 5.6e-17). */
static void test_far_gain_within_tolerance(void **state)
{
    (void)state;
    static const double a[1][DENSE_MAX] = {{10, 1}};
    static const double c[] = {-1, -0.1 * (1 + 1e-10)};
    static const double clo[] = {0, 0}, cup[] = {INF, INF};
    static const double rlo[] = {-INF}, rup[] = {10};
    spx *lp = dense_lp(1, 2, a, c, clo, cup, rlo, rup, TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_USE_PRIMAL, NULL), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -1.0, 1e-9);
    assert_int_equal(spx_iterations(lp), 1);
    spx_free(lp);
}

/* An infeasible LP whose infeasibility (0.0142: row 0's right side)
 * is 1e-11 of the terms its Farkas row sums (bounds of 2e9): the double
 * test cannot tell that gap from its rounding margin and the verdict was
 * a numerical failure; summed in double-double, the certificate holds. */
static void test_farkas_thin_gap(void **state)
{
    (void)state;
    static const double a[5][DENSE_MAX] = {
        {510.163, -1.25187e-05, 0, 1.90273e-05, 6108.79, -0.000262729, 0,
         95.6911},
        {-9889.61, 84.0092, 0, 0, -358.521, 0, 493524, 17.4889},
        {5376.92, -0.00048235, -0.0054957, 0, 0, -0.00475757, 0, 0},
        {45258.3, -22336, 0, 0, -6.51157e-05, -17.0322, 0, 0.00968318},
        {0, 41861, -255.999, -31225.8, 0, -0.000201741, -13194.9, -85919.4}};
    static const double c[] = {-5.7542e-05, 7.89285e-05, -9.96774, 5394.94,
                               0, 1.1584e-05, 351957, 0.0813731};
    static const double clo[] = {-INF, -172.349, 0, 0, 0, 0, 0, 0};
    static const double cup[] = {606.124, INF, 674.039, INF, INF, 198.921,
                                 INF, 2.33455e+09};
    static const double rlo[] = {-INF, 0.54682, 0, 772.367, -2.49226e+06};
    static const double rup[] = {-0.0142141, 0.54682, INF, 772.367, INF};
    spx *lp = dense_lp(5, 8, a, c, clo, cup, rlo, rup, TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_INFEASIBLE);
    spx_free(lp);
}

/* x1 - 10^-12 x2 = -10^-7 and x2 - x3 = 0, all columns >= 0, with x2
 * basic in row 1: y = -e_0^T leaves 10^-12 on the basic x2, which the
 * check took for rounding residue (below tol_dual of the largest alpha)
 * and so for 0, and "proved" the row cannot hold, though x2 = x3 = 10^5
 * meets it. Counted, or moved onto x3 by the repair, it proves nothing;
 * with x3 <= 10^4 the LP is infeasible and a certificate holds. */
static spx *residue_lp(double x3_up)
{
    static const double a[2][DENSE_MAX] = {{1, -1e-12, 0}, {0, 1, -1}};
    static const double c[] = {1, 0, 0}, clo[] = {0, 0, 0};
    static const double rhs[] = {-1e-7, 0};
    const double cup[] = {INF, INF, x3_up};
    spx *lp = dense_lp(2, 3, a, c, clo, cup, rhs, rhs, TEST_BUDGET);
    spx_unscale(lp);
    lp->head[1] = 1;   /* x2 basic in row 1, its slack at its bound */
    lp->pos[1] = 1;
    lp->pos[lp->n + 1] = -1;
    lp->stat[1] = SPX_BASIC;
    lp->stat[lp->n + 1] = SPX_AT_LO;
    spx_refactor(lp);
    return lp;
}

static void test_farkas_residue_unbounded(void **state)
{
    (void)state;
    const double y[] = {-1, 0};
    spx *lp = residue_lp(INF);
    assert_false(spx_farkas_certify(lp, y, 0));
    spx_free(lp);
    lp = residue_lp(1e4);
    assert_true(spx_farkas_certify(lp, y, 0));
    double coef[3], lo, up;
    assert_true(spx_farkas_row(lp, coef, &lo, &up));
    assert_true(coef[0] < 0 && coef[2] > 0);
    spx_free(lp);
}

/* The certificate's alphas and row are kept for their readers: asked
 * again they are what a fresh sum gives, and a bound change, which can
 * change them, drops what was kept. */
static void test_farkas_kept(void **state)
{
    (void)state;
    const double y[] = {-1, 0};
    spx *lp = residue_lp(1e4);
    assert_true(spx_farkas_certify(lp, y, 0));
    assert_true(lp->farkas_alphas_ok);
    double kept[3], fresh[3], klo, kup, flo, fup, ky[2], fy[2];
    assert_true(spx_farkas_row(lp, kept, &klo, &kup));
    assert_true(spx_farkas_row(lp, kept, &klo, &kup));   /* the kept row */
    assert_true(spx_farkas_multipliers(lp, ky));
    lp->farkas_alphas_ok = 0;                            /* summed anew */
    assert_true(spx_farkas_row(lp, fresh, &flo, &fup));
    assert_true(spx_farkas_multipliers(lp, fy));
    assert_memory_equal(kept, fresh, sizeof kept);
    assert_true(klo == flo && kup == fup);
    assert_memory_equal(ky, fy, sizeof ky);
    assert_true(spx_farkas_certify(lp, y, 0));
    spx_set_bounds(lp, 2, 0, 2e4);
    assert_false(lp->farkas_alphas_ok);
    spx_free(lp);
}

/* A packing LP of 8 rows and 10 columns in [0, 1] (max sum of values,
 * weights 1..9 from `seed`, capacities 10) with its column k
 * solved, then bounded by [0, 0]: a re-solve of several dual pivots. */
static spx *packing_lp(unsigned seed)
{
    double a[DENSE_MAX][DENSE_MAX], c[DENSE_MAX], clo[DENSE_MAX],
        cup[DENSE_MAX], rlo[DENSE_MAX], rup[DENSE_MAX];
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 10; j++) {
            seed = seed * 1103515245u + 12345u;
            a[i][j] = (seed >> 16) % 3 ? (double)((seed >> 8) % 9 + 1) : 0;
        }
        rlo[i] = -INF;
        rup[i] = 10;
    }
    for (int j = 0; j < 10; j++) {
        c[j] = -1 - j % 3;
        clo[j] = 0;
        cup[j] = 1;
    }
    spx *lp = dense_lp(8, 10, a, c, clo, cup, rlo, rup, TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_USE_DUAL, NULL), SPX_OPTIMAL);
    return lp;
}

/* A dual simplex held to `iters` pivots stops with a bound from its
 * duals: no higher than the optimum it was on its way to, and no lower
 * than where it started (the dual objective only rises). Unlimited it
 * gives the optimum as the bound. */
static void test_dual_within(void **state)
{
    (void)state;
    int checked = 0;
    for (unsigned seed = 1; seed <= 40; seed++) {
        for (int k = 0; k < 10; k++) {
            spx *full = packing_lp(seed), *cut = packing_lp(seed);
            double z0 = spx_objective(full), opt, bound;
            spx_set_bounds(full, k, 0, 0);
            spx_set_bounds(cut, k, 0, 0);
            long it = spx_iterations(full);
            assert_int_equal(spx_dual_within(full, INF, 1000, &opt),
                             SPX_OPTIMAL);
            assert_float_equal(opt, spx_objective(full), TOL);
            if (spx_iterations(full) - it >= 3) {
                assert_int_equal(spx_dual_within(cut, INF, 1, &bound),
                                 SPX_ITER_LIMIT);
                assert_true(bound <= opt + TOL);
                assert_true(bound >= z0 - TOL);
                checked++;
            }
            spx_free(full);
            spx_free(cut);
        }
    }
    assert_true(checked > 30);
}

/* An optimum at values of 1e9 (x1) whose row 3 cancels terms of 4e5 to
 * -0.569: computed through the basis, its x_B broke that row by 3e-6
 * (7e-12 of the terms), more than the search's verification allows; one
 * step of iterative refinement (the residual in double-double) brings it
 * to the rounding of the values. */
/* A double from a 64-bit state: sign, a mantissa of 53 bits and an
 * exponent in [-60, 60), so products neither overflow nor underflow. */
static double random_double(uint64_t *x)
{
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    double mantissa = (double)(*x >> 11) / 9007199254740992.0;   /* 2^53 */
    int exponent = (int)((*x >> 3) % 120) - 60;
    return ldexp((*x & 1) ? -mantissa : mantissa, exponent);
}

/* Dekker's splitting finds the exact rounding error of a product as fma
 * does, and beyond where the splitting overflows it defers to fma. */
static void test_product_error_split(void **state)
{
    (void)state;
    uint64_t x = 1;
    for (int k = 0; k < 100000; k++) {
        double a = random_double(&x), b = random_double(&x), p = a * b;
        assert_true(spx_product_error_split(a, b, p) == fma(a, b, -p));
    }
    double big = 0x1.fffffffffffffp1000, third = 1.0 / 3;
    assert_true(spx_product_error_split(big, third, big * third) ==
                fma(big, third, -(big * third)));
    assert_true(spx_product_error(third, 0.1, third * 0.1) ==
                fma(third, 0.1, -(third * 0.1)));
}

static void test_optimum_refined(void **state)
{
    (void)state;
    static const double a[5][DENSE_MAX] = {
        {-0.0163959, 1.1338e-05, 0, -4419.57, -0.084713, -1.22414e-05},
        {-2.83805e-05, -0.000370888, -0.0567392, -0.0869773, 0, 0},
        {-0.000170959, 0, 767.342, 0, -1.07543e-05, -1002.54},
        {0, 0.000332152, -0.00192334, 0, 0, -0.63072},
        {162.588, 0.00451355, -0.0212245, -5.91388, 3937.73, 7.44113e-05}};
    static const double c[] = {0, -1.18763e-05, -0.000130684, 0,
                               -0.000100308, -0.0689387};
    static const double clo[] = {0, 0, -INF, -INF, -167.966, 0};
    static const double cup[] = {INF, INF, INF, INF, INF, INF};
    static const double rlo[] = {9.5256e+08, -INF, -2484.38, -0.569415,
                                 6.46746e+06};
    static const double rup[] = {INF, 18745.5, -2484.38, -0.569415,
                                 6.46746e+06};
    spx *lp = dense_lp(5, 6, a, c, clo, cup, rlo, rup, TEST_BUDGET);
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_rows_hold(5, 6, a, spx_values(lp), rlo, rup);
    assert_float_equal(spx_objective(lp), -62623.3250850305, 1e-4);
    spx_free(lp);
}

/* A 30 x 30 assignment LP with costs 1 and 2: its vertices are
 * degenerate for the dual (many reduced costs tie at 0), and the dual
 * simplex made 402 pivots, most of them moving nothing, where cost
 * perturbation takes 113 to the same optimum. */
#define ASSIGN_N 30
static void test_dual_degenerate_assignment(void **state)
{
    (void)state;
    enum { N = ASSIGN_N, NC = ASSIGN_N * ASSIGN_N, NR = 2 * ASSIGN_N };
    static int cp[NC + 1], ri[2 * NC];
    static double v[2 * NC], c[NC], lo[NC + NR], up[NC + NR];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int k = i * N + j;
            cp[k] = 2 * k;
            ri[2 * k] = i;
            ri[2 * k + 1] = N + j;
            v[2 * k] = v[2 * k + 1] = 1;
            c[k] = 1 + (i * 7 + j * 13) % 5 / 4;   /* 1, sometimes 2 */
            lo[k] = 0;
            up[k] = 1;
        }
    cp[NC] = 2 * NC;
    for (int r = 0; r < NR; r++)
        lo[NC + r] = up[NC + r] = 1;
    spx_params p = test_params();
    p.scaling = p.crash = 1;
    p.steepest_edge = 2;
    p.budget = TEST_BUDGET;
    spx *lp = spx_new(NR, NC, cp, ri, v, c, lo, up, &p);
    assert_int_equal(spx_solve(lp, SPX_USE_DUAL, NULL), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), N, TOL);
    assert_true(spx_iterations(lp) <= 5 * N);
    spx_free(lp);
}

/* Ties of the pricing and ratio tests go to a structural column before
 * a slack, whatever their keys (as the lower index put them: keys alone
 * made MIPLIB's searches longer, dcmulti 123 nodes against 81), then to
 * the smaller key; a score beyond SPX_TIE_REL wins outright. */
static void test_tie_structural_first(void **state)
{
    (void)state;
    double lo[6] = {0, 0, 0, -INF, -INF, -INF};
    double hi[6] = {1, 1, 1, 5, 11, 8};
    spx_params p = test_params();
    p.structural_ties = 1;
    spx *lp = spx_new(3, 3, colptr, rowind, val, cost, lo, hi, &p);
    for (int j = 0; j < 3; j++)
        for (int i = 3; i < 6; i++) {
            assert_true(spx_beats(lp, 1.0, j, 1.0, i));
            assert_false(spx_beats(lp, 1.0, i, 1.0, j));
            assert_true(spx_beats(lp, 2.0, i, 1.0, j));
        }
    int before = spx_key_before(lp, 0, 1);
    assert_int_equal(spx_beats(lp, 1.0, 0, 1.0, 1), before);
    assert_int_equal(spx_beats(lp, 1.0, 1, 1.0, 0), !before);
    spx_free(lp);
}

/* A basic value within SPX_PUBLISH_SNAP of a finite bound is published
 * at it (1 - 10^-13 as 1, 10^-13 above 0 as 0: the digits another
 * order of the LP leaves); a column without upper bound keeps its value
 * (10^7: "within" an infinite bound's margin it had become +inf, and
 * egout in order 2 branched for ever on a point at infinity). */
static void test_published_values_snap(void **state)
{
    (void)state;
    static const int cp[] = {0, 1, 2, 3};
    static const int ri[] = {0, 1, 2};
    static const double v[] = {1, 1, 1}, c[] = {0, 0, 0};
    double lo[6] = {0, 0, 0, 1 - 1e-13, 1e7, 1e-13};
    double hi[6] = {1, INF, INF, 1 - 1e-13, 1e7, 1e-13};
    spx_params p = test_params();
    spx *lp = spx_new(3, 3, cp, ri, v, c, lo, hi, &p);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    const double *x = spx_values(lp);
    assert_true(x[0] == 1);
    assert_true(x[1] == 1e7);
    assert_true(x[2] == 0);
    spx_free(lp);
}

/* Rows dropped with their slacks nonbasic: each slack first pivots in
 * on a stable entry of its column, so the basic variable that makes way
 * is one the rest of the basis can do without. Chvatal's LP has r0 and
 * r2 tight at (2, 0, 1); without them, r1 alone (4a + b + 2c <= 11)
 * gives b = 4, c = 3.5: 16 + 10.5 = 26.5. */
static void test_drop_tight_rows(void **state)
{
    (void)state;
    spx *lp = chvatal(4);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    assert_int_not_equal(spx_var_status(lp, 3), SPX_BASIC);
    assert_int_not_equal(spx_var_status(lp, 5), SPX_BASIC);
    char drop[3] = {1, 0, 1};
    int zero = 0;
    long iters = spx_iterations(lp);
    assert_int_equal(spx_change_rows(lp, drop, 0, &zero, NULL, NULL, NULL,
                                     NULL), 0);
    assert_int_equal(spx_iterations(lp), iters);   /* no simplex pivots */
    assert_int_equal(spx_rows(lp), 1);
    assert_int_equal(spx_primal(lp), SPX_OPTIMAL);
    assert_float_equal(spx_objective(lp), -26.5, TOL);
    spx_free(lp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cold_solve),
        cmocka_unit_test(test_set_cost),
        cmocka_unit_test(test_row_copy_follows_fixings),
        cmocka_unit_test(test_warm_upper_on_basic),
        cmocka_unit_test(test_warm_lower_on_basic),
        cmocka_unit_test(test_warm_lower_on_nonbasic),
        cmocka_unit_test(test_warm_fix),
        cmocka_unit_test(test_warm_infeasible),
        cmocka_unit_test(test_warm_chain),
        cmocka_unit_test(test_warm_cutoff),
        cmocka_unit_test(test_bound_flips),
        cmocka_unit_test(test_long_flip_run),
        cmocka_unit_test(test_flip_exact_fit_is_feasible),
        cmocka_unit_test(test_basis_save_restore),
        cmocka_unit_test(test_nucleus_factor),
        cmocka_unit_test(test_observer_sees_each_pivot),
        cmocka_unit_test(test_solve_each_algorithm),
        cmocka_unit_test(test_dual_phase1),
        cmocka_unit_test(test_observer_sees_starts),
        cmocka_unit_test(test_tiny_coefficient_blocks),
        cmocka_unit_test(test_stop_flag_and_deadline),
        cmocka_unit_test(test_infeasible_certified),
        cmocka_unit_test(test_farkas_row_missed),
        cmocka_unit_test(test_crash_basis),
        cmocka_unit_test(test_exact_weights_deadline),
        cmocka_unit_test(test_fresh_weights_by_size),
        cmocka_unit_test(test_presolve_agrees),
        cmocka_unit_test(test_textbook_near_tie),
        cmocka_unit_test(test_presolve_tiny_singleton),
        cmocka_unit_test(test_presolve_infinite_side),
        cmocka_unit_test(test_presolve_infeasible_basis),
        cmocka_unit_test(test_primal_rounding_stall),
        cmocka_unit_test(test_iteration_budget),
        cmocka_unit_test(test_budget_whole_solve),
        cmocka_unit_test(test_classic_cycling),
        cmocka_unit_test(test_optimum_on_fresh_values),
        cmocka_unit_test(test_optimum_on_fresh_factors),
        cmocka_unit_test(test_subnormal_coefficient),
        cmocka_unit_test(test_ray_refined),
        cmocka_unit_test(test_farkas_thin_gap),
        cmocka_unit_test(test_tiny_entry_blocks),
        cmocka_unit_test(test_far_reduced_cost_real),
        cmocka_unit_test(test_far_gain_within_tolerance),
        cmocka_unit_test(test_farkas_residue_unbounded),
        cmocka_unit_test(test_farkas_kept),
        cmocka_unit_test(test_dual_within),
        cmocka_unit_test(test_optimum_refined),
        cmocka_unit_test(test_product_error_split),
        cmocka_unit_test(test_dual_degenerate_assignment),
        cmocka_unit_test(test_tie_structural_first),
        cmocka_unit_test(test_published_values_snap),
        cmocka_unit_test(test_drop_tight_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
