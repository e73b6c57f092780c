/*
 * test_api.c -- the library's face for other programs: parameters by
 * name, the version and the error sentences, a puzzle's solution block
 * as text (for bindings without FILE).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "bnb.h"
#include "bnb_puzzle.h"

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

static const char kakuro[] = "puzzle: kakuro\ngrid:\n....\n.XX.\n....\n"
                             "...X\nacross: 19 22 16\ndown: 22 13 3 17\n";

/* bnb_puzzle_solution_text gives what bnb_puzzle_print_solution
 * prints, as snprintf does: the length whatever the room, the text cut
 * to the room. */
static void test_puzzle_solution_text(void **state)
{
    (void)state;
    char path[] = "/tmp/test_api_XXXXXX", err[256] = "";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, kakuro, strlen(kakuro)),
                     (ssize_t)strlen(kakuro));
    close(fd);
    bnb_puzzle *p = bnb_puzzle_read(path, NULL, err, sizeof err);
    unlink(path);
    assert_non_null(p);
    bnb_result r;
    assert_int_equal(bnb_solve(bnb_puzzle_model(p), NULL, NULL, NULL, &r),
                     BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(bnb_puzzle_print_solution(p, r.x, f, err, sizeof err),
                     0);
    long printed = ftell(f);
    char want[256] = "";
    rewind(f);
    assert_int_equal(fread(want, 1, sizeof want - 1, f), (size_t)printed);
    fclose(f);
    int n = bnb_puzzle_solution_text(p, r.x, NULL, 0, err, sizeof err);
    assert_int_equal(n, printed);
    char got[256], cut[5];
    assert_int_equal(bnb_puzzle_solution_text(p, r.x, got, sizeof got, err,
                                              sizeof err), n);
    assert_string_equal(got, want);
    assert_int_equal(bnb_puzzle_solution_text(p, r.x, cut, sizeof cut, err,
                                              sizeof err), n);
    assert_int_equal(strncmp(cut, want, sizeof cut - 1), 0);
    assert_int_equal(cut[sizeof cut - 1], '\0');
    bnb_result_free(&r);
    bnb_puzzle_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params_set_by_name),
        cmocka_unit_test(test_params_set_refuses),
        cmocka_unit_test(test_version_and_errors),
        cmocka_unit_test(test_puzzle_solution_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
