/*
 * test_presolve.c -- coefficient tightening (mip/presolve.c) on rows
 * worked by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "mip_fixture.h"
#include "presolve.h"

/* One row as a mip_row_form: sum val[k] x[col[k]] in [lo, up]. */
static mip_row_form one_row(int len, int *col, double *val, double lo,
                        double up, int *start, double *rlo, double *rup)
{
    start[0] = 0;
    start[1] = len;
    *rlo = lo;
    *rup = up;
    return (mip_row_form){1, start, col, val, rlo, rup};
}

/* x - 1000 y <= 0 with x in [0, 10], y binary: the largest activity
 * with y = 0 is 10, so the big M shrinks to 10: x - 10 y <= 0. */
static void test_big_m(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("bigm");
    assert_int_equal(bnb_add_col(m, "x", 0, 10, 1, 0), 0);
    assert_int_equal(bnb_add_col(m, "y", 0, 1, 1, 1), 1);
    add_row(m, "link", 2, (int[]){0, 1}, (double[]){1, -1000}, -INF, 0);
    mip_state s;
    begin(&s, m);
    int start[2], col[2] = {0, 1};
    double val[2] = {1, -1000}, rlo, rup, work[4];
    mip_row_form r = one_row(2, col, val, -INF, 0, start, &rlo, &rup);
    double lo[2] = {0, 0}, up[2] = {10, 1};
    assert_int_equal(mip_tighten_coefficients(&s, &r, lo, up, work), 1);
    assert_true(val[0] == 1);
    assert_true(val[1] == -10);
    assert_true(rup == 0);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* 3x + 5y <= 6, binaries (largest activity M = 8), taken in order:
 *   x: M - 3 = 5 < 6, d = 1:  2x + 5y <= 5   (M now 7)
 *   y: M - 5 = 2 < 5, d = 3:  2x + 2y <= 2,
 * i.e. x + y <= 1: the same integer points, a much tighter LP. */
static void test_knapsack_to_packing(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("knap");
    binaries(m, "xy");
    add_row(m, "cap", 2, (int[]){0, 1}, (double[]){3, 5}, -INF, 6);
    mip_state s;
    begin(&s, m);
    int start[2], col[2] = {0, 1};
    double val[2] = {3, 5}, rlo, rup, work[4];
    mip_row_form r = one_row(2, col, val, -INF, 6, start, &rlo, &rup);
    double lo[2] = {0, 0}, up[2] = {1, 1};
    assert_int_equal(mip_tighten_coefficients(&s, &r, lo, up, work), 2);
    assert_true(val[0] == 2 && val[1] == 2 && rup == 2);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* x + 4y <= 5, x in [0, 2], y binary: with y = 0 the row reaches only
 * 2 < 5, slack d = 5 - 2 = 3 on y's side: a_y 4 -> 1 and b 5 -> 2,
 * i.e. x + y <= 2, the same integer points (y = 1 leaves x <= 1). */
static void test_shrinks_with_rhs(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("shrink");
    assert_int_equal(bnb_add_col(m, "x", 0, 2, 1, 0), 0);
    assert_int_equal(bnb_add_col(m, "y", 0, 1, 1, 1), 1);
    add_row(m, "r", 2, (int[]){0, 1}, (double[]){1, 4}, -INF, 5);
    mip_state s;
    begin(&s, m);
    int start[2], col[2] = {0, 1};
    double val[2] = {1, 4}, rlo, rup, work[4];
    mip_row_form r = one_row(2, col, val, -INF, 5, start, &rlo, &rup);
    double lo[2] = {0, 0}, up[2] = {2, 1};
    assert_int_equal(mip_tighten_coefficients(&s, &r, lo, up, work), 1);
    assert_true(val[0] == 1);
    assert_true(val[1] == 1);
    assert_true(rup == 2);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* x - y <= 0 beside x + 0.25 y <= 1, x in [0, 1], y binary: with
 * y = 1 the second row holds x to 0.75, so the variable bound becomes
 * x - 0.75 y <= 0 (its slack 0.25 at y = 1 comes off y's coefficient,
 * less the rounding of the implied bound);
 * the second row keeps its coefficients (with y = 0 the first row
 * holds x to 0, a slack of 1, more than y's 0.25). */
static void test_variable_bound_from_shared_row(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("vub");
    assert_int_equal(bnb_add_col(m, "x", 0, 1, 1, 0), 0);
    assert_int_equal(bnb_add_col(m, "y", 0, 1, 1, 1), 1);
    add_row(m, "vub", 2, (int[]){0, 1}, (double[]){1, -1}, -INF, 0);
    add_row(m, "cap", 2, (int[]){0, 1}, (double[]){1, 0.25}, -INF, 1);
    mip_state s;
    begin(&s, m);
    int start[3] = {0, 2, 4}, col[4] = {0, 1, 0, 1};
    double val[4] = {1, -1, 1, 0.25}, rlo[2] = {-INF, -INF}, rup[2] = {0, 1};
    mip_row_form r = {2, start, col, val, rlo, rup};
    double lo[2] = {0, 0}, up[2] = {1, 1}, work[4];
    assert_int_equal(mip_tighten_coefficients(&s, &r, lo, up, work), 1);
    /* -0.75 loosened by the rounding the implied bound 0.75 may carry,
     * never past it the other way */
    assert_true(val[0] == 1 && val[1] <= -0.75 && val[1] > -0.75 - 1e-12 &&
                rup[0] == 0);
    assert_true(val[2] == 1 && val[3] == 0.25 && rup[1] == 1);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* In a row of integers with integer coefficients the sides round to
 * multiples of the gcd within their slack: 80 x = 240.0000000037 becomes
 * 80 x = 240 (x = 3 misses it by 4e-9; rounding only the upper side left
 * [240.0000000037, 240], crossed), 2x + 2y <= -3 becomes <= -4, and
 * 2x - 2y = 1 still crosses (no integer point is near). */
static void test_gcd_rounding(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("gcd");
    assert_int_equal(bnb_add_col(m, "x", -9, 9, 0, 1), 0);
    assert_int_equal(bnb_add_col(m, "y", -9, 9, 0, 1), 1);
    mip_state s;
    begin(&s, m);
    int start[2], col[2] = {0, 1};
    double one[1] = {80}, rlo, rup;
    mip_row_form r = one_row(1, col, one, 240.0000000037, 240.0000000037,
                             start, &rlo, &rup);
    assert_int_equal(mip_round_integer_rows(&s, &r), 1);
    assert_true(rlo == 240 && rup == 240);
    double two[2] = {2, 2};
    r = one_row(2, col, two, -INF, -3, start, &rlo, &rup);
    assert_int_equal(mip_round_integer_rows(&s, &r), 1);
    assert_true(isinf(rlo) && rup == -4);
    double diff[2] = {2, -2};
    r = one_row(2, col, diff, 1, 1, start, &rlo, &rup);
    mip_round_integer_rows(&s, &r);
    assert_true(rlo > rup);
    mip_search_end(&s);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gcd_rounding),
        cmocka_unit_test(test_big_m),
        cmocka_unit_test(test_knapsack_to_packing),
        cmocka_unit_test(test_shrinks_with_rhs),
        cmocka_unit_test(test_variable_bound_from_shared_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
