/*
 * test_mps.c -- the MPS reader and writer: hand models read field by
 * field (fixed and free, ranges, every bound type, OBJSENSE), broken
 * files in tests/bad/mps with their messages, what the writer chooses
 * (fixed or free, bounds, free rows), and read -> write -> read round
 * trips over tests/models and bench.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model_check.h"

#define INF BNB_INF

static int col(const bnb_model *m, const char *name)
{
    int j = bnb_find_col(m, name);
    if (j < 0)
        fail_msg("no column %s", name);
    return j;
}

static int row(const bnb_model *m, const char *name)
{
    int i = bnb_find_row(m, name);
    if (i < 0)
        fail_msg("no row %s", name);
    return i;
}

static void expect_col(const bnb_model *m, const char *name, double lo,
                       double up, double cost, int is_int)
{
    int j = col(m, name);
    assert_same(bnb_col_lo(m, j), lo, "lower bound", name);
    assert_same(bnb_col_up(m, j), up, "upper bound", name);
    assert_same(bnb_col_obj(m, j), cost, "cost", name);
    assert_int_equal(bnb_col_is_int(m, j), is_int);
}

static void expect_row(const bnb_model *m, const char *name, double lo,
                       double up, int len)
{
    int i = row(m, name);
    assert_same(bnb_row_lo(m, i), lo, "row lower", name);
    assert_same(bnb_row_up(m, i), up, "row upper", name);
    assert_int_equal(bnb_row_len(m, i), len);
}

/* L [b-|R|, b], G [b, b+|R|], E [b, b+R] or [b+R, b]; RHS on the
 * objective is minus the constant; the second N row is dropped. */
static void test_ranges(void **state)
{
    (void)state;
    bnb_model *m = read_model("tests/models/ranges.mps");
    assert_string_equal(bnb_model_name(m), "ranges");
    assert_string_equal(bnb_obj_name(m), "COST");
    assert_int_equal(bnb_model_sense(m), BNB_MINIMIZE);
    assert_same(bnb_obj_offset(m), 10, "offset", "objective");
    assert_int_equal(bnb_num_rows(m), 4);
    expect_row(m, "LIM1", 3, 8, 2);
    expect_row(m, "LIM2", 2, 6, 2);
    expect_row(m, "EQ1", 3, 5, 2);
    expect_row(m, "EQ2", -2, 1, 2);
    assert_int_equal(bnb_find_row(m, "SPARE"), -1);
    expect_col(m, "X", 0, INF, 1, 0);
    expect_col(m, "Y", 0, INF, 2, 0);
    expect_col(m, "Z", 0, 4, -1, 0);
    bnb_model_free(m);
}

/* Fixed MPS with blanks in names; every bound type; markers. */
static void test_fixed_bounds(void **state)
{
    (void)state;
    bnb_model *m = read_model("tests/models/bounds.mps");
    assert_string_equal(bnb_model_name(m), "BOUNDS TEST");
    expect_row(m, "ROW 1", 1, 1, 2);
    expect_row(m, "ROW 2", 3, INF, 2);
    expect_row(m, "ROW 3", -INF, 7.5, 3);
    expect_col(m, "X 1", 0, INF, 1, 0);
    expect_col(m, "UPNEG", -INF, -3, -1, 0);
    expect_col(m, "FIXED", 2, 2, 1, 0);
    expect_col(m, "FREE", -INF, INF, 1, 0);
    expect_col(m, "MINUS", -INF, 5, 1, 0);
    expect_col(m, "PLUS", 1, INF, 2, 0);
    expect_col(m, "BIN", 0, 1, -3, 1);
    expect_col(m, "LINT", 2, 9, -1, 1);
    expect_col(m, "MARKED", 0, INF, -0.5, 1);   /* no bounds: [0, inf) */
    int i = row(m, "ROW 1");
    assert_int_equal(bnb_row_cols(m, i)[0], col(m, "X 1"));
    assert_same(bnb_row_vals(m, i)[0], -1, "coefficient", "ROW 1");
    bnb_model_free(m);
}

static void test_objsense(void **state)
{
    (void)state;
    bnb_model *m = read_model("tests/models/knap.mps");
    assert_int_equal(bnb_model_sense(m), BNB_MAXIMIZE);
    assert_int_equal(bnb_num_int_cols(m), 5);
    expect_col(m, "ITEM3", 0, 2, 23, 1);
    expect_row(m, "WEIGHT", -INF, 26, 5);
    bnb_model_free(m);
    m = read_model("tests/models/names.mps");        /* OBJSENSE MAX */
    assert_int_equal(bnb_model_sense(m), BNB_MAXIMIZE);
    expect_col(m, "x[1,2]", 0, INF, 1, 0);
    expect_row(m, "2nd:row", 1, INF, 2);
    bnb_model_free(m);
}

static void test_bad_files(void **state)
{
    (void)state;
    assert_true(check_bad_files("tests/bad/mps", ".mps", bnb_read_mps) >=
                15);
}

/* The writer turns blanks in names into '_'. */
static int blank_in_names(const bnb_model *m)
{
    for (int j = 0; j < bnb_num_cols(m); j++)
        if (strchr(bnb_col_name(m, j), ' '))
            return 1;
    for (int i = 0; i < bnb_num_rows(m); i++)
        if (strchr(bnb_row_name(m, i), ' '))
            return 1;
    return strchr(bnb_obj_name(m), ' ') != NULL;
}

/* read -> write -> read keeps everything, order included; writing what
 * was read back gives the same model again. */
static void round_trip(const char *path)
{
    char out1[64], out2[64], err[512];
    temp_path(out1, sizeof out1);
    temp_path(out2, sizeof out2);
    bnb_model *a = read_model(path);
    if (bnb_write_mps(a, out1, err, sizeof err) != BNB_OK)
        fail_msg("%s", err);
    bnb_model *b = read_as(out1, 0);
    assert_same_model(a, b, !blank_in_names(a));
    assert_int_equal(bnb_write_mps(b, out2, err, sizeof err), BNB_OK);
    bnb_model *c = read_as(out2, 0);
    assert_same_model(b, c, 1);
    bnb_model_free(a);
    bnb_model_free(b);
    bnb_model_free(c);
    unlink(out1);
    unlink(out2);
}

static void test_round_trip_models(void **state)
{
    (void)state;
    assert_true(for_each_file("tests/models", ".mps", round_trip) >= 3);
    assert_true(for_each_file("tests/models", ".lp", round_trip) >= 2);
}

static void test_round_trip_bench(void **state)
{
    (void)state;
    for_each_bench_model(round_trip);
}

/* The start of the file at path, as text. */
static void first_lines(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    fclose(f);
}

static bnb_model *tiny(const char *colname, double a)
{
    bnb_model *m = bnb_model_new("tiny");
    int j = bnb_add_col(m, colname, 0, 10, 1, 0);
    bnb_add_row(m, "r", 1, &j, &a, 1, INF);
    return m;
}

/* Fixed MPS when names fit 8 characters and numbers 12, else free. */
static void test_fixed_or_free(void **state)
{
    (void)state;
    char path[64], text[4096], err[256];
    temp_path(path, sizeof path);
    const struct {
        const char *name;
        double a;
        const char *want;
    } cases[] = {{"x", 2, "as fixed MPS"}, {"x_longer_name", 2, "as free MPS"},
                 {"x", 1.0 / 3, "as free MPS"}};
    for (int k = 0; k < 3; k++) {
        bnb_model *m = tiny(cases[k].name, cases[k].a);
        assert_int_equal(bnb_write_mps(m, path, err, sizeof err), BNB_OK);
        first_lines(path, text, sizeof text);
        assert_non_null(strstr(text, cases[k].want));
        bnb_model *b = read_as(path, 0);
        assert_same_model(m, b, 1);
        bnb_model_free(m);
        bnb_model_free(b);
    }
    unlink(path);
}

/* Things with no plain MPS form: a free row (G -1e30), a column in no
 * row, an empty row, [-inf, -3], an integer column without an upper
 * bound (PL, since readers differ on the default), a blank in a name,
 * and an objective name that a row already has. */
static void test_writer_corners(void **state)
{
    (void)state;
    char path[64], text[8192], err[256];
    temp_path(path, sizeof path);
    bnb_model *m = bnb_model_new("corners");
    bnb_set_obj_name(m, "r");
    int x = bnb_add_col(m, "x", -INF, -3, 1, 0);
    bnb_add_col(m, "lonely", 0, INF, 0, 0);
    bnb_add_col(m, "big int", 0, INF, 0, 1);
    double one = 1;
    bnb_add_row(m, "r", 1, &x, &one, -INF, INF);
    bnb_add_row(m, "empty", 0, NULL, NULL, 2, INF);
    assert_int_equal(bnb_write_mps(m, path, err, sizeof err), BNB_OK);
    first_lines(path, text, sizeof text);
    assert_non_null(strstr(text, " N  r_2\n"));
    assert_non_null(strstr(text, " PL BND       big_int\n"));
    assert_non_null(strstr(text, " MI BND       x\n"
                                 " UP BND       x         -3"));
    bnb_model *b = read_as(path, 0);
    assert_same_model(m, b, 0);
    assert_string_equal(bnb_col_name(b, 2), "big_int");
    bnb_model_free(m);
    bnb_model_free(b);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ranges),
        cmocka_unit_test(test_fixed_bounds),
        cmocka_unit_test(test_objsense),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_fixed_or_free),
        cmocka_unit_test(test_writer_corners),
        cmocka_unit_test(test_round_trip_models),
        cmocka_unit_test(test_round_trip_bench),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
