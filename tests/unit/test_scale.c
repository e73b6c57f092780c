/*
 * test_scale.c -- scaling inside the simplex is invisible from outside:
 * a badly scaled LP (coefficients from 1e-3 to 1e7) gives the same
 * objective, values, duals, reduced costs, tableau rows and penalties
 * with scaling on and off, under every algorithm; a branching bound and
 * a cut row are taken in the LP's own terms; verdicts of infeasibility
 * and unboundedness stand on a scaled LP; unscaling keeps the optimum;
 * a well scaled LP is left as it is.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "spx_impl.h"

#define INF INFINITY

/* Relative agreement of two runs: scaling changes the rounding only. */
#define assert_close(a, b) assert_close_at((a), (b), __LINE__)
static void assert_close_at(double a, double b, int line)
{
    if (a != b && !(fabs(a - b) <= 1e-9 * (1 + fabs(a) + fabs(b))))
        fail_msg("line %d: %.17g != %.17g", line, a, b);
}

/*
 * Chvatal's example (max 5a + 4b + 3c, optimum 13 at a = 2, b = 0,
 * c = 1) with row r0 multiplied by 1e7, row r1 by 1e-3, and column c
 * measured in thousands (its coefficients and cost times 1e3, its bound
 * divided by 1e3):
 *   r0: 2e7 a + 3e7 b + 1e10 c <= 5e7
 *   r1: 4e-3 a + 1e-3 b + 2 c <= 11e-3
 *   r2: 3 a + 4 b + 2e3 c <= 8,   0 <= a, b <= 4, 0 <= c <= 4e-3.
 * The optimum is 13 at a = 2, b = 0, c = 1e-3.
 */
static const int colptr[] = {0, 3, 6, 9};
static const int rowind[] = {0, 1, 2, 0, 1, 2, 0, 1, 2};
static const double val[] = {2e7, 4e-3, 3, 3e7, 1e-3, 4, 1e10, 2, 2e3};
static const double cost[] = {-5, -4, -3e3};

static spx_params params(int scaling)
{
    spx_params p = {.tol_primal = 1e-9, .tol_dual = 1e-9, .tol_pivot = 1e-7,
                    .tol_singular = 1e-11, .refactor_every = 100,
                    .iter_limit = 1e9, .stop = NULL, .recovery = 1,
                    .scaling = scaling};
    return p;
}

static spx *badly_scaled(int scaling)
{
    double lo[6] = {0, 0, 0, -INF, -INF, -INF};
    double up[6] = {4, 4, 4e-3, 5e7, 11e-3, 8};
    spx_params p = params(scaling);
    return spx_new(3, 3, colptr, rowind, val, cost, lo, up, &p);
}

/* Everything the interface shows of an optimum, on and off; the scaled
 * LP reached it scaled (not by the unscaled finish, which would hide a
 * value taken in the wrong terms). */
static void assert_same_optimum(spx *on, spx *off)
{
    int m = spx_rows(on), nt = spx_cols(on) + m;
    double y_on[8], y_off[8], d_on[16], d_off[16];
    double a_on[16], a_off[16];
    assert_true(on->scaled);
    assert_close(spx_objective(on), spx_objective(off));
    for (int k = 0; k < nt; k++) {
        assert_close(spx_values(on)[k], spx_values(off)[k]);
        assert_close(spx_lower(on)[k], spx_lower(off)[k]);
        assert_close(spx_upper(on)[k], spx_upper(off)[k]);
        assert_int_equal(spx_var_status(on, k), spx_var_status(off, k));
    }
    spx_duals(on, y_on, d_on);
    spx_duals(off, y_off, d_off);
    for (int i = 0; i < m; i++)
        assert_close(y_on[i], y_off[i]);
    for (int k = 0; k < nt; k++) {
        assert_close(d_on[k], d_off[k]);
        assert_close(spx_reduced_costs(on)[k], spx_reduced_costs(off)[k]);
    }
    for (int r = 0; r < m; r++) {
        int h = spx_head(on, r), ro = spx_basis_row(off, h);
        assert_true(ro >= 0);
        spx_tableau_row(on, r, a_on);
        spx_tableau_row(off, ro, a_off);
        for (int k = 0; k < nt; k++)
            assert_close(a_on[k], a_off[k]);
    }
}

static void test_badly_scaled_is_scaled(void **state)
{
    (void)state;
    spx *on = badly_scaled(1), *off = badly_scaled(0);
    assert_true(on->scaled);
    assert_false(off->scaled);
    for (int k = 0; k < 6; k++) {   /* powers of 2 */
        int e;
        assert_true(frexp(on->sc[k], &e) == 0.5);
    }
    spx_free(on);
    spx_free(off);
}

static void test_same_optimum_each_algorithm(void **state)
{
    (void)state;
    for (int alg = SPX_AUTO; alg <= SPX_USE_DUAL; alg++) {
        spx *on = badly_scaled(1), *off = badly_scaled(0);
        assert_int_equal(spx_solve(on, alg, NULL), SPX_OPTIMAL);
        assert_int_equal(spx_solve(off, alg, NULL), SPX_OPTIMAL);
        assert_close(spx_objective(on), -13);
        assert_close(spx_values(on)[0], 2);
        assert_close(spx_values(on)[2], 1e-3);
        assert_close(spx_values(on)[3], 5e7);   /* r0's activity */
        assert_same_optimum(on, off);
        spx_free(on);
        spx_free(off);
    }
}

/* Branching a <= 1, then c fixed at 5e-4, then c in [2e-3, 4e-3], then
 * a >= 2.2, each re-solved by the dual simplex,
 * with penalties taken before: the bounds are values of the LP as
 * given. */
static void test_branching_bounds_as_given(void **state)
{
    (void)state;
    spx *on = badly_scaled(1), *off = badly_scaled(0);
    spx *lps[2] = {on, off};
    double pen[2][2];
    for (int t = 0; t < 2; t++) {
        assert_int_equal(spx_primal(lps[t]), SPX_OPTIMAL);
        int r = spx_basis_row(lps[t], 2);
        assert_true(r >= 0);
        spx_penalties(lps[t], r, 0, 2e-3, &pen[t][0], &pen[t][1]);
        spx_set_bounds(lps[t], 0, 0, 1);
        assert_close(spx_up(lps[t], 0), 1);
        assert_int_equal(spx_dual(lps[t], INF), SPX_OPTIMAL);
        assert_true(spx_values(lps[t])[0] <= 1 + 1e-9);
    }
    assert_close(pen[0][0], pen[1][0]);
    assert_close(pen[0][1], pen[1][1]);
    assert_same_optimum(on, off);
    for (int t = 0; t < 2; t++) {   /* c fixed: both bounds bind */
        spx_set_bounds(lps[t], 2, 5e-4, 5e-4);
        assert_int_equal(spx_dual(lps[t], INF), SPX_OPTIMAL);
        assert_true(spx_values(lps[t])[2] == 5e-4);
        spx_set_bounds(lps[t], 2, 2e-3, 4e-3);
        assert_int_equal(spx_dual(lps[t], INF), SPX_OPTIMAL);
        assert_true(spx_values(lps[t])[2] >= 2e-3 - 1e-12);
    }
    assert_same_optimum(on, off);
    for (int t = 0; t < 2; t++) {   /* a >= 2.2, above the free optimum 2 */
        spx_set_bounds(lps[t], 0, 2.2, 4);
        spx_set_bounds(lps[t], 2, 0, 4e-3);
        assert_int_equal(spx_dual(lps[t], INF), SPX_OPTIMAL);
        assert_close(spx_values(lps[t])[0], 2.2);
    }
    assert_same_optimum(on, off);
    spx_free(on);
    spx_free(off);
}

/* A cut 1e6 a + 1e9 c <= 2.5e6 (a + 1000 c <= 2.5) added to the optimum
 * (2, 0, 1e-3) cuts it off; rows read back as given. */
static void test_cut_row_as_given(void **state)
{
    (void)state;
    static const int start[] = {0, 2};
    static const int idx[] = {0, 2};
    static const double cv[] = {1e6, 1e9};
    double clo[] = {-INF}, cup[] = {2.5e6};
    spx *on = badly_scaled(1), *off = badly_scaled(0);
    spx *lps[2] = {on, off};
    for (int t = 0; t < 2; t++) {
        assert_int_equal(spx_primal(lps[t]), SPX_OPTIMAL);
        assert_int_equal(spx_change_rows(lps[t], NULL, 1, start, idx, cv,
                                         clo, cup), 0);
        assert_int_equal(spx_dual(lps[t], INF), SPX_OPTIMAL);
        const double *x = spx_values(lps[t]);
        assert_true(x[0] + 1e3 * x[2] <= 2.5 + 1e-9);
        assert_close(x[3 + 3], 1e6 * x[0] + 1e9 * x[2]);
        int len;
        const int *cols;
        const double *vals;
        spx_row(lps[t], 0, &len, &cols, &vals);
        for (int e = 0; e < len; e++)
            assert_close(vals[e], val[3 * cols[e]]);
        spx_row(lps[t], 3, &len, &cols, &vals);
        assert_int_equal(len, 2);
        for (int e = 0; e < len; e++)
            assert_close(vals[e], cols[e] == 0 ? 1e6 : 1e9);
        assert_close(spx_up(lps[t], 6), 2.5e6);
    }
    assert_same_optimum(on, off);
    spx_free(on);
    spx_free(off);
}

/* The badly scaled rows made infeasible (r2's activity >= 10 while
 * r0, r1 and the bounds keep 3a + 4b + 2e3 c <= 9.5) or unbounded (b without
 * upper bound, r0 and r2 dropped by free bounds). */
static void test_verdicts_on_scaled_lp(void **state)
{
    (void)state;
    for (int s = 0; s <= 1; s++)
        for (int alg = SPX_AUTO; alg <= SPX_USE_DUAL; alg++) {
            double lo[6] = {0, 0, 0, -INF, -INF, 10};
            double up[6] = {4, 4, 4e-3, 5e7, 11e-3, INF};
            spx_params p = params(s);
            spx *lp = spx_new(3, 3, colptr, rowind, val, cost, lo, up, &p);
            assert_int_equal(spx_solve(lp, alg, NULL), SPX_INFEASIBLE);
            spx_free(lp);
            double lo2[6] = {0, 0, 0, -INF, -INF, -INF};
            double up2[6] = {4, INF, 4e-3, INF, INF, INF};
            lp = spx_new(3, 3, colptr, rowind, val, cost, lo2, up2, &p);
            assert_int_equal(spx_solve(lp, alg, NULL), SPX_UNBOUNDED);
            spx_free(lp);
        }
}

/* spx_unscale (the step after an optimum that misses a tolerance on the
 * LP as given) keeps the basis and every value to the bit: powers of 2;
 * the re-solve from it pivots no more. */
static void test_unscale_keeps_the_optimum(void **state)
{
    (void)state;
    spx *lp = badly_scaled(1);
    double x[6], d[6];
    assert_int_equal(spx_solve(lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    memcpy(x, spx_values(lp), sizeof x);
    memcpy(d, spx_reduced_costs(lp), sizeof d);
    long iters = spx_iterations(lp);
    spx_unscale(lp);
    assert_false(lp->scaled);
    assert_int_equal(spx_dual(lp, INF), SPX_OPTIMAL);
    assert_int_equal(spx_iterations(lp), iters);
    for (int k = 0; k < 6; k++) {
        assert_close(spx_values(lp)[k], x[k]);
        assert_close(spx_reduced_costs(lp)[k], d[k]);
    }
    int len;
    const int *cols;
    const double *vals;
    spx_row(lp, 0, &len, &cols, &vals);
    for (int e = 0; e < len; e++)
        assert_true(vals[e] == val[3 * cols[e]]);
    spx_free(lp);
}

/* Coefficients within [0.1, 10] are left as they are: the pivots of a
 * teaching LP are those of the textbook. */
static void test_well_scaled_left_alone(void **state)
{
    (void)state;
    static const int cp[] = {0, 2, 4};
    static const int ri[] = {0, 1, 0, 1};
    static const double v[] = {0.5, 3, 8, 1};
    static const double c[] = {-1, -1};
    double lo[4] = {0, 0, -INF, -INF}, up[4] = {INF, INF, 4, 6};
    spx_params p = params(1);
    spx *lp = spx_new(2, 2, cp, ri, v, c, lo, up, &p);
    assert_false(lp->scaled);
    spx_free(lp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_badly_scaled_is_scaled),
        cmocka_unit_test(test_same_optimum_each_algorithm),
        cmocka_unit_test(test_branching_bounds_as_given),
        cmocka_unit_test(test_cut_row_as_given),
        cmocka_unit_test(test_verdicts_on_scaled_lp),
        cmocka_unit_test(test_unscale_keeps_the_optimum),
        cmocka_unit_test(test_well_scaled_left_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
