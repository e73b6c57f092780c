/*
 * test_api.c -- the library's face for other programs: parameters by
 * name, the version and the error sentences.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "bnb.h"

static void test_params_set_by_name(void **state)
{
    (void)state;
    bnb_params p;
    bnb_params_default(&p);
    assert_int_equal(bnb_params_set(&p, "time_limit", "2.5"), BNB_OK);
    assert_true(p.time_limit == 2.5);
    assert_int_equal(bnb_params_set(&p, "tol_int", "1e-7"), BNB_OK);
    assert_true(p.tol_int == 1e-7);
    assert_int_equal(bnb_params_set(&p, "cuts", "3"), BNB_OK);
    assert_int_equal(p.cuts, 3);
    assert_int_equal(bnb_params_set(&p, "node_limit", "1e6"), BNB_OK);
    assert_true(p.node_limit == 1e6);
    assert_true(bnb_params_get(&p, "cuts") == 3);
    assert_true(isnan(bnb_params_get(&p, "no_such_parameter")));
}

/* Values are decimal (no hex, inf, nan), whole for an integer
 * parameter, within the range; a name must exist. Nothing is changed
 * on a refusal. */
static void test_params_set_refuses(void **state)
{
    (void)state;
    bnb_params p;
    bnb_params_default(&p);
    const char *bad[][2] = {
        {"cuts", "1.5"}, {"cuts", "0x3"}, {"cuts", "1.5e0"}, {"cuts", ""},
        {"cuts", "16"}, {"cuts", "-1"}, {"time_limit", "nan"},
        {"time_limit", "0x10"}, {"time_limit", "1s"}, {"tol_int", "1"},
        {"no_such_parameter", "1"}};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
        assert_int_equal(bnb_params_set(&p, bad[k][0], bad[k][1]),
                         BNB_ERR_ARG);
    bnb_params d;
    bnb_params_default(&d);
    assert_int_equal(p.cuts, d.cuts);
    assert_true(p.time_limit == d.time_limit);
}

static void test_version_and_errors(void **state)
{
    (void)state;
    assert_string_equal(bnb_version(), BNB_VERSION);
    int codes[] = {BNB_OK, BNB_ERR_NOMEM, BNB_ERR_DUP, BNB_ERR_ARG, BNB_ERR_IO};
    for (size_t k = 0; k < sizeof codes / sizeof *codes; k++)
        for (size_t l = 0; l < k; l++)
            assert_string_not_equal(bnb_error_string(codes[k]),
                                    bnb_error_string(codes[l]));
    assert_string_equal(bnb_error_string(12345), "unknown error");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params_set_by_name),
        cmocka_unit_test(test_params_set_refuses),
        cmocka_unit_test(test_version_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
