/*
 * test_count.c -- the set of solutions an enumeration counted
 * (mip/count.c): a point counts once by its integer columns' values,
 * -0 and +0 alike, whatever its continuous columns; the set grows past
 * its first table, and starts again empty when a better value is found.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "mip_fixture.h"

/* Two integer columns in [-50, 50] and a continuous one. */
static bnb_model *two_integers(void)
{
    bnb_model *m = bnb_model_new("count");
    assert_int_equal(bnb_add_col(m, "a", -50, 50, 1, 1), 0);
    assert_int_equal(bnb_add_col(m, "y", 0, 10, 0, 0), 1);
    assert_int_equal(bnb_add_col(m, "b", -50, 50, 1, 1), 2);
    add_row(m, "r", 3, (int[]){0, 1, 2}, (double[]){1, 1, 1}, -INF, 100);
    return m;
}

static void test_count_once(void **state)
{
    (void)state;
    bnb_model *m = two_integers();
    mip_state s;
    begin(&s, m);
    assert_int_equal(mip_count_add(&s, (double[]){3, 0.5, -0.0}), 1);
    /* the same integer part: +0 for -0, another continuous value, a
     * value integral within rounding */
    assert_int_equal(mip_count_add(&s, (double[]){3, 0.5, 0.0}), 0);
    assert_int_equal(mip_count_add(&s, (double[]){3, 7.25, 0}), 0);
    assert_int_equal(mip_count_add(&s, (double[]){3 + 1e-9, 0, 1e-12}), 0);
    assert_int_equal(mip_count_add(&s, (double[]){0, 0.5, 3}), 1);
    assert_int_equal(s.inc.counted.len, 2);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* Every point of [-50, 50]^2 once, then all of them again: the set grows
 * through several tables and still knows each. */
static void test_count_grows(void **state)
{
    (void)state;
    bnb_model *m = two_integers();
    mip_state s;
    begin(&s, m);
    for (int pass = 0; pass < 2; pass++)
        for (int a = -50; a <= 50; a++)
            for (int b = -50; b <= 50; b++)
                assert_int_equal(mip_count_add(&s, (double[]){a, 0, b}),
                                 pass == 0);
    assert_int_equal(s.inc.counted.len, 101 * 101);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* Binary columns (one of them in [-1, 0]) are held as bits, a general
 * one beside them as its value: every point of 2^11 x 7 counts once. */
static void test_count_binaries(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("bits");
    for (int j = 0; j < 11; j++) {
        char name[4];
        snprintf(name, sizeof name, "b%d", j);
        assert_int_equal(bnb_add_col(m, name, j == 3 ? -1 : 0, j == 3 ? 0 : 1,
                                     1, 1), j);
    }
    assert_int_equal(bnb_add_col(m, "g", -3, 3, 1, 1), 11);
    mip_state s;
    begin(&s, m);
    assert_int_equal(s.inc.counted.bits, 11);
    double x[12];
    for (int pass = 0; pass < 2; pass++)
        for (int bits = 0; bits < 1 << 11; bits++)
            for (int g = -3; g <= 3; g++) {
                for (int j = 0; j < 11; j++)
                    x[j] = ((bits >> j) & 1) - (j == 3);
                x[11] = g;
                assert_int_equal(mip_count_add(&s, x), pass == 0);
            }
    assert_int_equal(s.inc.counted.len, 7 << 11);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* A better incumbent empties the set; the count of incumbents goes on
 * when not enumerating. */
static void test_count_restarts(void **state)
{
    (void)state;
    bnb_model *m = two_integers();
    mip_state s;
    begin(&s, m);
    s.par.enumerate_all = 1;
    assert_int_equal(mip_count_add(&s, (double[]){1, 0, 1}), 1);
    s.inc.solutions = 1;
    mip_take_incumbent(&s, (double[]){2, 0, 2}, -4);
    assert_int_equal(s.inc.solutions, 0);
    assert_int_equal(s.inc.counted.len, 0);
    assert_int_equal(mip_count_add(&s, (double[]){1, 0, 1}), 1);
    assert_true(s.inc.has_incumbent && s.inc.incumbent == -4 && s.inc.best_x[0] == 2);
    s.par.enumerate_all = 0;
    mip_take_incumbent(&s, (double[]){3, 0, 3}, -6);
    assert_int_equal(s.inc.solutions, 1);
    mip_search_end(&s);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count_once),
        cmocka_unit_test(test_count_grows),
        cmocka_unit_test(test_count_binaries),
        cmocka_unit_test(test_count_restarts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
