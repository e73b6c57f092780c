/*
 * test_ranging.c -- ranging of an optimal LP (mip/ranging.c) against the
 * textbooks' numbers, the relative gap as the peers define it, and the
 * accessors that bindings read results and parameters through.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "bnb.h"

#define EPS 1e-9

/* Hillier and Lieberman's Wyndor Glass Co., sec. 3.1: max 3 x1 + 5 x2,
 * x1 <= 4, 2 x2 <= 12, 3 x1 + 2 x2 <= 18; optimum 36 at (2, 6). */
static bnb_model *wyndor(void)
{
    bnb_model *m = bnb_model_new("wyndor");
    bnb_add_col(m, "x1", 0, BNB_INF, 3, 0);
    bnb_add_col(m, "x2", 0, BNB_INF, 5, 0);
    int c1[] = {0}, c2[] = {1}, c3[] = {0, 1};
    double v1[] = {1}, v2[] = {2}, v3[] = {3, 2};
    bnb_add_row(m, "plant1", 1, c1, v1, -BNB_INF, 4);
    bnb_add_row(m, "plant2", 1, c2, v2, -BNB_INF, 12);
    bnb_add_row(m, "plant3", 2, c3, v3, -BNB_INF, 18);
    bnb_set_sense(m, BNB_MAXIMIZE);
    return m;
}

static void solve_ranged(const bnb_model *m, bnb_result *r)
{
    bnb_params p;
    bnb_params_default(&p);
    p.lp_only = p.ranging = 1;
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, r), BNB_OK);
    assert_int_equal(r->status, BNB_OPTIMAL);
    assert_non_null(r->cost_lo);
}

/* Hillier and Lieberman, sec. 4.7 (and 6.7): c1 in [0, 7.5], c2 in
 * [2, inf); b1 in [2, inf), b2 in [6, 18], b3 in [12, 24]. */
static void test_wyndor_ranges(void **state)
{
    (void)state;
    bnb_model *m = wyndor();
    bnb_result r;
    solve_ranged(m, &r);
    assert_int_equal(r.col_status[0], BNB_BASIC);
    assert_int_equal(r.col_status[1], BNB_BASIC);
    assert_true(fabs(r.cost_lo[0]) < EPS && fabs(r.cost_up[0] - 7.5) < EPS);
    assert_true(fabs(r.cost_lo[1] - 2) < EPS && isinf(r.cost_up[1]));
    assert_int_equal(r.row_status[0], BNB_BASIC);
    assert_true(fabs(r.rhs_lo[0] - 2) < EPS && isinf(r.rhs_up[0]));
    assert_int_equal(r.row_status[1], BNB_AT_UPPER);
    assert_true(fabs(r.rhs_lo[1] - 6) < EPS && fabs(r.rhs_up[1] - 18) < EPS);
    assert_true(fabs(r.rhs_lo[2] - 12) < EPS && fabs(r.rhs_up[2] - 24) < EPS);
    bnb_result_free(&r);
    assert_null(r.cost_lo);
    bnb_model_free(m);
}

/* A nonbasic column: its cost may fall by its reduced cost (min) before
 * it enters; a column fixed by its bounds never enters. min x + 3 y + z,
 * x + y >= 2, z fixed at 1: y stays at 0 while c_y >= 1. */
static void test_nonbasic_and_fixed_columns(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("nb");
    bnb_add_col(m, "x", 0, BNB_INF, 1, 0);
    bnb_add_col(m, "y", 0, BNB_INF, 3, 0);
    bnb_add_col(m, "z", 1, 1, 1, 0);
    int c[] = {0, 1};
    double v[] = {1, 1};
    bnb_add_row(m, "need", 2, c, v, 2, BNB_INF);
    bnb_result r;
    solve_ranged(m, &r);
    assert_true(fabs(r.objective - 3) < EPS);
    assert_int_equal(r.col_status[1], BNB_AT_LOWER);
    assert_true(fabs(r.cost_lo[1] - 1) < EPS && isinf(r.cost_up[1]));
    assert_int_equal(r.col_status[2], BNB_AT_FIXED);
    assert_true(isinf(r.cost_lo[2]) && isinf(r.cost_up[2]));
    /* x basic: its cost may rise to 3 (then y is as good) */
    assert_true(fabs(r.cost_up[0] - 3) < EPS && r.cost_lo[0] <= 0);
    /* the >= side of need: any rhs >= 0 keeps x basic */
    assert_int_equal(r.row_status[0], BNB_AT_LOWER);
    assert_true(fabs(r.rhs_lo[0]) < EPS && isinf(r.rhs_up[0]));
    bnb_result_free(&r);
    bnb_model_free(m);
}

static void test_no_ranging_unless_asked(void **state)
{
    (void)state;
    bnb_model *m = wyndor();
    bnb_result r;
    assert_int_equal(bnb_solve(m, NULL, NULL, NULL, &r), BNB_OK);
    assert_null(r.cost_lo);
    assert_null(r.col_status);
    bnb_result_free(&r);
    bnb_model_free(m);
}

static void test_relative_gap(void **state)
{
    (void)state;
    assert_true(fabs(bnb_relative_gap(100, 95) - 0.05) < EPS);
    assert_true(fabs(bnb_relative_gap(-100, -105) - 0.05) < EPS);
    assert_true(bnb_relative_gap(0, 0) == 0);
    assert_true(bnb_relative_gap(0, 1e-12) == 1e-12 / BNB_GAP_TINY);
    assert_true(isinf(bnb_relative_gap(5, -INFINITY)));
    assert_true(isnan(bnb_relative_gap(NAN, 1)));
}

/* The accessors a binding uses instead of the struct layouts. */
static void test_accessors(void **state)
{
    (void)state;
    bnb_model *m = wyndor();
    bnb_params *p = bnb_params_new();
    bnb_result *r = bnb_result_new();
    assert_non_null(p);
    assert_non_null(r);
    assert_int_equal(bnb_params_set(p, "lp_only", "1"), BNB_OK);
    assert_int_equal(bnb_params_set(p, "ranging", "1"), BNB_OK);
    assert_int_equal(bnb_solve(m, p, NULL, NULL, r), BNB_OK);
    assert_true(bnb_result_number(r, "status") == BNB_OPTIMAL);
    assert_true(fabs(bnb_result_number(r, "objective") - 36) < EPS);
    assert_true(isnan(bnb_result_number(r, "no_such_field")));
    assert_true(fabs(bnb_result_array(r, "x")[1] - 6) < EPS);
    assert_true(fabs(bnb_result_array(r, "duals")[1] - 1.5) < EPS);
    assert_true(fabs(bnb_result_array(r, "cost_up")[0] - 7.5) < EPS);
    assert_null(bnb_result_array(r, "no_such_field"));
    assert_int_equal(bnb_result_row_status(r, 2), BNB_AT_UPPER);
    assert_string_equal(bnb_result_message(r), "");
    assert_string_equal(bnb_event_name(BNB_EV_INCUMBENT), "incumbent");
    assert_string_equal(bnb_event_name(-1), "?");
    bnb_event ev = {.type = BNB_EV_NODE, .node = 7, .lp_obj = 2.5};
    assert_true(bnb_event_number(&ev, "type") == BNB_EV_NODE);
    assert_true(bnb_event_number(&ev, "node") == 7);
    assert_true(bnb_event_number(&ev, "lp_obj") == 2.5);
    assert_true(isnan(bnb_event_number(&ev, "no_such_field")));
    bnb_result_delete(r);
    bnb_params_delete(p);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wyndor_ranges),
        cmocka_unit_test(test_nonbasic_and_fixed_columns),
        cmocka_unit_test(test_no_ranging_unless_asked),
        cmocka_unit_test(test_relative_gap),
        cmocka_unit_test(test_accessors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
