/*
 * test_model.c -- the model (model/model.c) through the public API:
 * columns and rows by name, summed repeats, bounds checks, the counts,
 * and the error codes of every setter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bnb.h"

#define INF BNB_INF

/* x in [0, 4] integer, y in [-inf, 2], z free; returns the model. */
static bnb_model *three_columns(void)
{
    bnb_model *m = bnb_model_new("three");
    assert_non_null(m);
    assert_int_equal(bnb_add_col(m, "x", 0, 4, 1, 1), 0);
    assert_int_equal(bnb_add_col(m, "y", -INF, 2, -2, 0), 1);
    assert_int_equal(bnb_add_col(m, "z", -INF, INF, 0, 0), 2);
    return m;
}

static void test_columns_by_name(void **state)
{
    (void)state;
    bnb_model *m = three_columns();
    assert_string_equal(bnb_model_name(m), "three");
    assert_int_equal(bnb_num_cols(m), 3);
    assert_int_equal(bnb_num_int_cols(m), 1);
    assert_int_equal(bnb_find_col(m, "y"), 1);
    assert_int_equal(bnb_find_col(m, "w"), -1);
    assert_string_equal(bnb_col_name(m, 2), "z");
    assert_true(bnb_col_lo(m, 1) == -INF);
    assert_true(bnb_col_up(m, 2) == INF);
    assert_true(bnb_col_obj(m, 1) == -2);
    assert_int_equal(bnb_col_is_int(m, 0), 1);
    assert_int_equal(bnb_col_is_int(m, 1), 0);
    bnb_model_free(m);
}

static void test_duplicate_and_bad_columns(void **state)
{
    (void)state;
    bnb_model *m = three_columns();
    assert_int_equal(bnb_add_col(m, "x", 0, 1, 0, 0), BNB_ERR_DUP);
    assert_int_equal(bnb_add_col(m, "a", 2, 1, 0, 0), BNB_ERR_ARG);
    assert_int_equal(bnb_add_col(m, "b", NAN, 1, 0, 0), BNB_ERR_ARG);
    assert_int_equal(bnb_add_col(m, "c", INF, INF, 0, 0), BNB_ERR_ARG);
    assert_int_equal(bnb_add_col(m, "d", 0, 1, INF, 0), BNB_ERR_ARG);
    assert_int_equal(bnb_add_col(m, "", 0, 1, 0, 0), BNB_ERR_ARG);
    assert_int_equal(bnb_num_cols(m), 3);
    bnb_model_free(m);
}

/* A column listed twice in a row has its coefficients added, whether
 * the row is short (searched) or long (a position map). */
static void test_row_sums_repeats(void **state)
{
    (void)state;
    bnb_model *m = three_columns();
    int i = bnb_add_row(m, "r", 3, (int[]){0, 2, 0}, (double[]){1, 5, 2},
                        -INF, 7);
    assert_int_equal(i, 0);
    assert_int_equal(bnb_row_len(m, 0), 2);
    assert_int_equal(bnb_row_cols(m, 0)[0], 0);
    assert_true(bnb_row_vals(m, 0)[0] == 3);
    assert_true(bnb_row_vals(m, 0)[1] == 5);

    int cols[12];
    double vals[12];
    for (int k = 0; k < 12; k++) {
        cols[k] = k % 3;
        vals[k] = 1;
    }
    assert_int_equal(bnb_add_row(m, "long", 12, cols, vals, 1, 1), 1);
    assert_int_equal(bnb_row_len(m, 1), 3);
    for (int k = 0; k < 3; k++)
        assert_true(bnb_row_vals(m, 1)[k] == 4);
    assert_int_equal(bnb_num_nonzeros(m), 5);
    assert_int_equal(bnb_find_row(m, "long"), 1);
    bnb_model_free(m);
}

static void test_bad_rows(void **state)
{
    (void)state;
    bnb_model *m = three_columns();
    assert_int_equal(bnb_add_row(m, "r", 1, (int[]){3}, (double[]){1}, 0, 1),
                     BNB_ERR_ARG);
    assert_int_equal(bnb_add_row(m, "r", 1, (int[]){0}, (double[]){NAN}, 0,
                                 1),
                     BNB_ERR_ARG);
    assert_int_equal(bnb_add_row(m, "r", 1, (int[]){0}, (double[]){1}, 2, 1),
                     BNB_ERR_ARG);
    assert_int_equal(bnb_add_row(m, "r", -1, NULL, NULL, 0, 1), BNB_ERR_ARG);
    assert_int_equal(bnb_add_row(m, "r", 0, NULL, NULL, 0, 1), 0);
    assert_int_equal(bnb_add_row(m, "r", 0, NULL, NULL, 0, 1), BNB_ERR_DUP);
    assert_int_equal(bnb_num_rows(m), 1);
    bnb_model_free(m);
}

/* bnb_add_coef sums a repeat of the row's last column only. */
static void test_add_coef(void **state)
{
    (void)state;
    bnb_model *m = three_columns();
    assert_int_equal(bnb_add_row(m, "r", 0, NULL, NULL, -INF, 1), 0);
    assert_int_equal(bnb_add_coef(m, 0, 1, 2), BNB_OK);
    assert_int_equal(bnb_add_coef(m, 0, 1, 0.5), BNB_OK);
    assert_int_equal(bnb_add_coef(m, 0, 2, -1), BNB_OK);
    assert_int_equal(bnb_row_len(m, 0), 2);
    assert_true(bnb_row_vals(m, 0)[0] == 2.5);
    assert_int_equal(bnb_add_coef(m, 1, 0, 1), BNB_ERR_ARG);
    assert_int_equal(bnb_add_coef(m, 0, 3, 1), BNB_ERR_ARG);
    assert_int_equal(bnb_add_coef(m, 0, 0, INF), BNB_ERR_ARG);
    bnb_model_free(m);
}

static void test_setters(void **state)
{
    (void)state;
    bnb_model *m = three_columns();
    assert_int_equal(bnb_add_row(m, "r", 1, (int[]){0}, (double[]){1}, 0, 1),
                     0);
    assert_int_equal(bnb_set_col_bounds(m, 1, -1, 1), BNB_OK);
    assert_true(bnb_col_lo(m, 1) == -1);
    assert_int_equal(bnb_set_col_bounds(m, 1, 1, -1), BNB_ERR_ARG);
    assert_int_equal(bnb_set_col_bounds(m, 3, 0, 1), BNB_ERR_ARG);
    assert_int_equal(bnb_set_col_int(m, 1, 1), BNB_OK);
    assert_int_equal(bnb_num_int_cols(m), 2);
    assert_int_equal(bnb_set_obj_coef(m, 2, 7), BNB_OK);
    assert_true(bnb_col_obj(m, 2) == 7);
    assert_int_equal(bnb_set_obj_coef(m, 2, NAN), BNB_ERR_ARG);
    assert_int_equal(bnb_set_row_bounds(m, 0, 1, 1), BNB_OK);
    assert_true(bnb_row_lo(m, 0) == 1 && bnb_row_up(m, 0) == 1);
    assert_int_equal(bnb_set_row_bounds(m, 0, 2, 1), BNB_ERR_ARG);
    assert_int_equal(bnb_set_row_bounds(m, 1, 0, 1), BNB_ERR_ARG);
    bnb_set_sense(m, BNB_MAXIMIZE);
    assert_int_equal(bnb_model_sense(m), BNB_MAXIMIZE);
    bnb_set_obj_offset(m, 2.5);
    assert_true(bnb_obj_offset(m) == 2.5);
    assert_string_equal(bnb_obj_name(m), "obj");
    assert_int_equal(bnb_set_obj_name(m, "profit"), BNB_OK);
    assert_string_equal(bnb_obj_name(m), "profit");
    bnb_model_free(m);
    bnb_model_free(NULL);
}

/* Many columns and rows: the name index and the arrays grow together. */
static void test_growth(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("big");
    char name[32];
    for (int j = 0; j < 5000; j++) {
        snprintf(name, sizeof name, "x%d", j);
        assert_int_equal(bnb_add_col(m, name, 0, j, j, j % 2), j);
    }
    for (int i = 0; i < 1000; i++) {
        snprintf(name, sizeof name, "r%d", i);
        int cols[2] = {i, 4999 - i};
        assert_int_equal(bnb_add_row(m, name, 2, cols, (double[]){1, -1}, 0,
                                     INF),
                         i);
    }
    assert_int_equal(bnb_find_col(m, "x4321"), 4321);
    assert_true(bnb_col_up(m, 4321) == 4321);
    assert_int_equal(bnb_find_row(m, "r999"), 999);
    assert_int_equal(bnb_row_cols(m, 999)[1], 4000);
    assert_int_equal(bnb_num_int_cols(m), 2500);
    assert_int_equal(bnb_num_nonzeros(m), 2000);
    bnb_model_free(m);
}

/* The nonzero cap (BNB_MAX_ITEMS) is "too large", not "out of memory":
 * the program says so with exit 2, where out of memory is exit 7. Rows
 * of 1000 columns reach it with 10,000 rows (120 MB). */
static void test_nonzero_cap(void **state)
{
    (void)state;
    enum { WIDTH = 1000 };
    bnb_model *m = bnb_model_new("cap");
    static int cols[WIDTH];
    static double vals[WIDTH];
    char name[32];
    for (int j = 0; j < WIDTH; j++) {
        snprintf(name, sizeof name, "x%d", j);
        assert_int_equal(bnb_add_col(m, name, 0, 1, 0, 0), j);
        cols[j] = j;
        vals[j] = 1;
    }
    int rc = 0;
    for (int i = 0; rc >= 0; i++) {
        snprintf(name, sizeof name, "r%d", i);
        rc = bnb_add_row(m, name, WIDTH, cols, vals, 0, 1);
        if (rc >= 0)
            assert_true(bnb_num_nonzeros(m) <= BNB_MAX_ITEMS);
    }
    assert_int_equal(rc, BNB_ERR_TOO_LARGE);
    assert_int_equal(bnb_num_nonzeros(m), BNB_MAX_ITEMS);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_columns_by_name),
        cmocka_unit_test(test_duplicate_and_bad_columns),
        cmocka_unit_test(test_row_sums_repeats),
        cmocka_unit_test(test_bad_rows),
        cmocka_unit_test(test_add_coef),
        cmocka_unit_test(test_setters),
        cmocka_unit_test(test_growth),
        cmocka_unit_test(test_nonzero_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
