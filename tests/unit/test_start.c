/*
 * test_start.c -- bnb_solve_start: a MIP start becomes the first
 * incumbent as given, or completed by a search over the columns it
 * leaves out; an infeasible one changes nothing.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bnb.h"

/* max 5a + 4b + 3c + y, 2a + 3b + c + y <= 5.5, a b c binary, y in
 * [0, 1] continuous: optimum 9.5 at a = b = 1, y = 0.5. */
static bnb_model *knapsack(void)
{
    bnb_model *m = bnb_model_new("start");
    const char *names[] = {"a", "b", "c"};
    const double value[] = {5, 4, 3}, weight[] = {2, 3, 1, 1};
    int cols[4];
    for (int j = 0; j < 3; j++)
        cols[j] = bnb_add_col(m, names[j], 0, 1, value[j], 1);
    cols[3] = bnb_add_col(m, "y", 0, 1, 1, 0);
    bnb_add_row(m, "cap", 4, cols, weight, -BNB_INF, 5.5);
    bnb_set_sense(m, BNB_MAXIMIZE);
    return m;
}

/* The INCUMBENT events: who found each, and its objective. */
typedef struct seen {
    char first_by[64];
    double first_obj;
    int count;
} seen;

static int watch(void *ctx, const bnb_event *ev)
{
    seen *s = ctx;
    if (ev->type == BNB_EV_INCUMBENT && s->count++ == 0) {
        snprintf(s->first_by, sizeof s->first_by, "%s",
                 ev->found_by ? ev->found_by : "");
        s->first_obj = ev->incumbent;
    }
    return 0;
}

/* Solves from start; the result must be the optimum 9.5. */
static seen solve_from(const double *start)
{
    bnb_model *m = knapsack();
    bnb_result r;
    seen s = {.count = 0};
    assert_int_equal(bnb_solve_start(m, NULL, start, watch, &s, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_true(fabs(r.objective - 9.5) < 1e-9);
    bnb_result_free(&r);
    bnb_model_free(m);
    return s;
}

static void test_whole_start(void **state)
{
    (void)state;
    const double start[] = {1, 0, 1, 1};   /* 5 + 3 + 1, weight 4 */
    seen s = solve_from(start);
    assert_string_equal(s.first_by, "MIP start");
    assert_true(fabs(s.first_obj - 9) < 1e-9);
}

/* Integer values a little off are rounded, as any heuristic's are. */
static void test_rounded_start(void **state)
{
    (void)state;
    const double start[] = {0.9999999, 1e-8, 1, 0};
    seen s = solve_from(start);
    assert_string_equal(s.first_by, "MIP start");
    assert_true(fabs(s.first_obj - 8) < 1e-9);
}

/* a = 0 and c = 1 given: b and y are searched (b = 1 fits, y = 1). */
static void test_partial_start(void **state)
{
    (void)state;
    const double start[] = {0, NAN, 1, NAN};
    seen s = solve_from(start);
    assert_string_equal(s.first_by, "MIP start, completed");
    assert_true(fabs(s.first_obj - 8) < 1e-9);
}

/* Every item packed is too heavy, and so is every completion of it. */
static void test_infeasible_start(void **state)
{
    (void)state;
    const double start[] = {1, 1, 1, 0};
    seen s = solve_from(start);
    assert_true(strncmp(s.first_by, "MIP start", 9) != 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_start),
        cmocka_unit_test(test_rounded_start),
        cmocka_unit_test(test_partial_start),
        cmocka_unit_test(test_infeasible_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
