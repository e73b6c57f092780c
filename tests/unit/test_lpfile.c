/*
 * test_lpfile.c -- the CPLEX-LP reader and writer: a model using most of
 * the grammar, spelling variants, broken files in tests/bad/lp with their
 * messages, the writer's names, wrapping and equivalents (ranged rows,
 * objective constant), and read -> write -> read round trips over
 * tests/models and bench.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <strings.h>

#include "model_check.h"

#define INF BNB_INF
#define WRAP 78          /* the writer's longest line */

static void expect_col(const bnb_model *m, const char *name, double lo,
                       double up, double cost, int is_int)
{
    int j = bnb_find_col(m, name);
    if (j < 0)
        fail_msg("no column %s", name);
    assert_same(bnb_col_lo(m, j), lo, "lower bound", name);
    assert_same(bnb_col_up(m, j), up, "upper bound", name);
    assert_same(bnb_col_obj(m, j), cost, "cost", name);
    assert_int_equal(bnb_col_is_int(m, j), is_int);
}

static void expect_row(const bnb_model *m, const char *name, double lo,
                       double up, int len)
{
    int i = bnb_find_row(m, name);
    if (i < 0)
        fail_msg("no row %s", name);
    assert_same(bnb_row_lo(m, i), lo, "row lower", name);
    assert_same(bnb_row_up(m, i), up, "row upper", name);
    assert_int_equal(bnb_row_len(m, i), len);
}

static void test_mix(void **state)
{
    (void)state;
    bnb_model *m = read_model("tests/models/mix.lp");
    assert_int_equal(bnb_model_sense(m), BNB_MAXIMIZE);
    assert_string_equal(bnb_obj_name(m), "profit");
    assert_same(bnb_obj_offset(m), 7.5, "offset", "objective");
    static const char *order[] = {"x", "y", "z", "b", "w", "v"};
    assert_int_equal(bnb_num_cols(m), 6);
    for (int j = 0; j < 6; j++)
        assert_string_equal(bnb_col_name(m, j), order[j]);
    expect_col(m, "x", 0, 8, 3, 1);
    expect_col(m, "y", 0, INF, 2, 0);
    expect_col(m, "z", 0, INF, -1, 0);
    expect_col(m, "b", 0, 1, 4, 1);
    expect_col(m, "w", -INF, 5, 0, 0);
    expect_col(m, "v", -INF, INF, 0, 0);
    assert_int_equal(bnb_num_rows(m), 9);
    expect_row(m, "cap", -INF, 10, 3);
    expect_row(m, "c2", -2, 4, 2);
    expect_row(m, "demand", 3, INF, 2);
    expect_row(m, "c4", -INF, 6, 2);
    expect_row(m, "c5", -3, INF, 2);
    expect_row(m, "bal", -INF, 2, 2);
    expect_row(m, "tie", 1, 1, 2);
    expect_row(m, "lo", 1, INF, 2);
    expect_row(m, "hi", -INF, 50, 2);
    bnb_model_free(m);
}

static bnb_model *read_text(const char *text)
{
    char path[64];
    temp_path(path, sizeof path);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    char err[512] = "";
    bnb_model *m = bnb_read_lp(path, err, sizeof err);
    unlink(path);
    if (!m)
        fail_msg("%s", err);
    return m;
}

/* Terms of one column add up within an expression, a zero sum drops
 * the term, and the rows after such a row read whole. */
static void test_repeated_terms(void **state)
{
    (void)state;
    bnb_model *m = read_text("Minimize\n obj: x + 2 x - y + y\n"
                             "Subject To\n a: x - x + y >= 1\n"
                             "b: x + z + x >= 2\n c: y + z <= 3\nEnd\n");
    expect_col(m, "x", 0, INF, 3, 0);
    expect_col(m, "y", 0, INF, 0, 0);
    expect_row(m, "a", 1, INF, 1);
    expect_row(m, "b", 2, INF, 2);
    expect_row(m, "c", -INF, 3, 2);
    int i = bnb_find_row(m, "b");
    double sum = 0;
    for (int k = 0; k < bnb_row_len(m, i); k++)
        sum += bnb_row_vals(m, i)[k];
    assert_true(sum == 3);
    bnb_model_free(m);
}

/* A coefficient below 1e-12 of its row's largest is dropped and the
 * row's sides move by its contribution over the column's bounds
 * (x in [-2, 3]: 1e-13 x lies in [-2e-13, 3e-13]); on a ranged row both
 * sides move, and the other rows keep every term. */
static void test_tiny_coefficients(void **state)
{
    (void)state;
    bnb_model *m = read_text("Minimize\n obj: y\nSubject To\n"
                             " a: 1e-13 x + y <= 1\n"
                             " b: -2 <= 1e-13 x - y <= 4\n"
                             " c: 1e-9 x + y >= 1\n"
                             "Bounds\n -2 <= x <= 3\nEnd\n");
    expect_row(m, "a", -INF, 1 + 2e-13, 1);
    expect_row(m, "b", -2 - 3e-13, 4 + 2e-13, 1);
    expect_row(m, "c", 1, INF, 2);
    bnb_model_free(m);
}

/* Keyword spellings, "2x1" without a blank, comments, statements over
 * several lines, keywords used as names, every sense spelling, and the
 * LP that HiGHS writes. */
static void test_spellings(void **state)
{
    (void)state;
    bnb_model *m = read_text(
        "MINIMIZE\n c: 2x1 + 3.5e1 x2\nsuch that\n x1 + x2 >= 2\n"
        "BOUNDS\n -infinity <= x1 <= +infinity\n x2 <= 1E30\nINTEGERS\n x2\n"
        "END\n");
    expect_col(m, "x1", -INF, INF, 2, 0);
    expect_col(m, "x2", 0, INF, 35, 1);
    bnb_model_free(m);
    m = read_text("min\n obj:\ns.t.\n r: x >= 1\nbinaries\n y\nend\n");
    expect_col(m, "y", 0, 1, 0, 1);
    expect_row(m, "r", 1, INF, 1);
    bnb_model_free(m);
    m = read_text("Maximize \\ a comment\n obj: x\n + y \\ more\nst\n"
                  " c1: x\n + y\n =< 2\n c2: 2 x => -1\n c3: x + 3 <= 10\n"
                  " c4: 8 >= x + y >= 2\n c5: 5 > y\n c6: x = 1\nGen\n x\n"
                  "Bin\n y\nEnd\n");
    assert_int_equal(bnb_model_sense(m), BNB_MAXIMIZE);
    expect_row(m, "c1", -INF, 2, 2);
    expect_row(m, "c2", -1, INF, 1);
    expect_row(m, "c3", -INF, 7, 1);
    expect_row(m, "c4", 2, 8, 2);
    expect_row(m, "c5", -INF, 5, 1);
    expect_row(m, "c6", 1, 1, 1);
    expect_col(m, "x", 0, INF, 1, 1);
    bnb_model_free(m);
    /* first on a line they would be keywords */
    m = read_text("Minimize\n obj: 2 end + st\nSubject To\n c1: end + st >= 1"
                  "\nBounds\n 4 = end\n -inf <= st\nEnd\n");
    expect_col(m, "end", 4, 4, 2, 0);
    expect_col(m, "st", -INF, INF, 1, 0);
    bnb_model_free(m);
    /* as HiGHS writes: "+1 x", an empty named row, empty sections */
    m = read_text("\\ File written by HiGHS .lp file handler\nmax\n"
                  " obj: +1 x +2 y +10\nst\n r0: +1 x +1 y <= +4\n"
                  " z: <= +0\nbounds\n x <= 3\nbin\ngen\nsemi\nend\n");
    assert_same(bnb_obj_offset(m), 10, "offset", "objective");
    expect_row(m, "r0", -INF, 4, 2);
    expect_row(m, "z", -INF, 0, 0);
    expect_col(m, "x", 0, 3, 1, 0);
    bnb_model_free(m);
}

static void test_bad_files(void **state)
{
    (void)state;
    assert_true(check_bad_files("tests/bad/lp", ".lp", bnb_read_lp) >= 15);
}

/* Writes m as LP to a temporary file and returns its text (freed by the
 * caller), the path in path. */
static char *write_text(const bnb_model *m, char *path, size_t len)
{
    char err[256];
    temp_path(path, len);
    if (bnb_write_lp(m, path, err, sizeof err) != BNB_OK)
        fail_msg("%s", err);
    FILE *f = fopen(path, "r");
    char *text = calloc(1, 1 << 20);
    assert_true(fread(text, 1, (1 << 20) - 1, f) > 0);
    fclose(f);
    return text;
}

/* Illegal names are rewritten by the rule of lpwrite.c; kept names never
 * move, so a rewritten name that clashes gets _2. */
static void test_names(void **state)
{
    (void)state;
    char path[64];
    bnb_model *a = read_model("tests/models/names.mps");
    char *text = write_text(a, path, sizeof path);
    bnb_model *b = read_as(path, 1);
    static const char *cols[][2] = {
        {"x[1,2]", "x(1,2)_2"}, {"1st", "_1st"}, {"infeed", "_infeed"},
        {"free", "_free"}, {"x(1,2)", "x(1,2)"}};
    static const char *rows[][2] = {
        {"cap[1]", "cap(1)"}, {"end", "_end"}, {"2nd:row", "_2nd_row"}};
    for (int k = 0; k < 5; k++)
        assert_same_col(a, bnb_find_col(a, cols[k][0]), b,
                        bnb_find_col(b, cols[k][1]));
    for (int k = 0; k < 3; k++) {
        int i = bnb_find_row(b, rows[k][1]);
        assert_true(i >= 0);
        assert_same(bnb_row_up(a, k), bnb_row_up(b, i), "row upper",
                    rows[k][0]);
    }
    assert_non_null(strstr(text, "\\ 7 names changed"));
    free(text);
    bnb_model_free(a);
    bnb_model_free(b);
    unlink(path);
}

/* ---------------------------------------------------------------- */
/* Round trips                                                       */
/* ---------------------------------------------------------------- */

/* Names the writer keeps for sure: letters, digits, '_', a letter first,
 * not a keyword or "inf"/"nan" prefix. */
static int plain_name(const char *s)
{
    static const char *kw[] = {"free", "st", "subject", "such", "bound",
                               "bounds", "general", "generals", "gen",
                               "integer", "integers", "binary", "binaries",
                               "bin", "semi", "semis", "sos", "end", "min",
                               "max", "minimize", "minimise", "minimum",
                               "maximize", "maximise", "maximum"};
    if (!isalpha((unsigned char)s[0]) || strncasecmp(s, "inf", 3) == 0 ||
        strncasecmp(s, "nan", 3) == 0)
        return 0;
    for (size_t k = 0; k < sizeof kw / sizeof *kw; k++)
        if (strcasecmp(s, kw[k]) == 0)
            return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

static int ranged(const bnb_model *m, int i)
{
    double lo = bnb_row_lo(m, i), up = bnb_row_up(m, i);
    return isfinite(lo) && isfinite(up) && lo < up;
}

static void first_seen(int *pos, int j, int *next)
{
    if (pos[j] < 0)
        pos[j] = (*next)++;
}

/* Where b = read(write_lp(a)) has a's columns: an LP file has no column
 * order, a reader numbers them as they first appear, the objective
 * first. Returns the objective constant's column or -1. */
static int lp_order(const bnb_model *a, int *pos)
{
    int n = bnb_num_cols(a), next = 0, terms = 0, konst = -1;
    char *in_row = calloc((size_t)n + 1, 1);
    for (int i = 0; i < bnb_num_rows(a); i++)
        for (int k = 0; k < bnb_row_len(a, i); k++)
            in_row[bnb_row_cols(a, i)[k]] = 1;
    for (int j = 0; j < n; j++) {
        pos[j] = -1;
        if (bnb_col_obj(a, j) != 0 || !in_row[j])
            pos[j] = next++, terms++;
    }
    if (bnb_obj_offset(a) != 0)
        konst = next++, terms++;
    if (terms == 0 && n > 0)
        first_seen(pos, 0, &next);
    for (int i = 0; i < bnb_num_rows(a); i++) {
        for (int k = 0; k < bnb_row_len(a, i); k++)
            first_seen(pos, bnb_row_cols(a, i)[k], &next);
        if (bnb_row_len(a, i) == 0)
            first_seen(pos, 0, &next);
    }
    free(in_row);
    return konst;
}

static void assert_lp_rows(const bnb_model *a, const bnb_model *b,
                           const int *pos)
{
    int k = 0;
    long extra = 0;
    for (int i = 0; i < bnb_num_rows(a); i++) {
        const char *name = bnb_row_name(a, i);
        int two = ranged(a, i);
        for (int side = 0; side <= two; side++, k++) {
            double lo = bnb_row_lo(a, i), up = bnb_row_up(a, i);
            if (two) {
                lo = side ? -INF : lo;
                up = side ? up : INF;
            }
            assert_same(lo, bnb_row_lo(b, k), "row lower", name);
            assert_same(up, bnb_row_up(b, k), "row upper", name);
            assert_same_coefs(a, i, b, k, pos);
            if (!two && plain_name(name))
                assert_string_equal(name, bnb_row_name(b, k));
        }
        extra += two ? bnb_row_len(a, i) : 0;
    }
    assert_int_equal(k, bnb_num_rows(b));
    assert_int_equal(bnb_num_nonzeros(a) + extra, bnb_num_nonzeros(b));
}

/* b is a written as LP and read back: the same model but for the LP
 * equivalents (ranged rows split in two, the constant a fixed column). */
static void assert_lp_equivalent(const bnb_model *a, const bnb_model *b)
{
    int n = bnb_num_cols(a);
    int *pos = malloc(((size_t)n + 1) * sizeof *pos);
    int konst = lp_order(a, pos);
    assert_int_equal(bnb_model_sense(a), bnb_model_sense(b));
    assert_same(bnb_obj_offset(b), 0, "offset", "objective");
    assert_int_equal(n + (konst >= 0), bnb_num_cols(b));
    for (int j = 0; j < n; j++) {
        assert_same_col(a, j, b, pos[j]);
        if (plain_name(bnb_col_name(a, j)))
            assert_string_equal(bnb_col_name(a, j), bnb_col_name(b, pos[j]));
    }
    if (konst >= 0) {
        assert_same(bnb_col_lo(b, konst), 1, "lower bound", "obj_const");
        assert_same(bnb_col_up(b, konst), 1, "upper bound", "obj_const");
        assert_same(bnb_col_obj(b, konst), bnb_obj_offset(a), "cost",
                    "obj_const");
    }
    assert_lp_rows(a, b, pos);
    free(pos);
}

static void round_trip(const char *path)
{
    char out1[64], out2[64], err[512];
    temp_path(out1, sizeof out1);
    temp_path(out2, sizeof out2);
    bnb_model *a = read_model(path);
    if (bnb_write_lp(a, out1, err, sizeof err) != BNB_OK)
        fail_msg("%s", err);
    bnb_model *b = read_as(out1, 1);
    assert_lp_equivalent(a, b);
    assert_int_equal(bnb_write_lp(b, out2, err, sizeof err), BNB_OK);
    bnb_model *c = read_as(out2, 1);
    assert_same_model(b, c, 1);
    bnb_model_free(a);
    bnb_model_free(b);
    bnb_model_free(c);
    unlink(out1);
    unlink(out2);
}

/* A long row wraps below WRAP characters and reads back the same. */
static void test_wrap(void **state)
{
    (void)state;
    char path[64], name[32];
    bnb_model *m = bnb_model_new("wrap");
    int cols[60];
    double vals[60];
    for (int j = 0; j < 60; j++) {
        snprintf(name, sizeof name, "quantity_%d", j);
        cols[j] = bnb_add_col(m, name, 0, INF, j % 3, 1);
        vals[j] = j % 2 ? -1.5 * j : j + 1;
    }
    bnb_add_row(m, "long", 60, cols, vals, -INF, 100);
    char *text = write_text(m, path, sizeof path);
    int lines = 0;
    for (char *s = text; *s; lines++) {
        size_t n = strcspn(s, "\n");
        assert_true(n <= WRAP);
        s += n + (s[n] != 0);
    }
    assert_true(lines > 10);
    bnb_model *b = read_as(path, 1);
    assert_lp_equivalent(m, b);
    free(text);
    bnb_model_free(m);
    bnb_model_free(b);
    unlink(path);
}

static void test_round_trip_models(void **state)
{
    (void)state;
    assert_true(for_each_file("tests/models", ".lp", round_trip) >= 2);
    assert_true(for_each_file("tests/models", ".mps", round_trip) >= 3);
}

static void test_round_trip_bench(void **state)
{
    (void)state;
    for_each_bench_model(round_trip);
}

/* The equivalents, read back: R_lo and R_up, obj_const = 1, a column in
 * no row, an empty row, a free row. */
static void test_equivalents(void **state)
{
    (void)state;
    char path[64];
    bnb_model *m = bnb_model_new("eq");
    bnb_set_obj_offset(m, -2.5);
    double one[2] = {1, 1};
    int xy[2] = {bnb_add_col(m, "x", 0, 4, 1, 0),
                 bnb_add_col(m, "y", 0, 4, 1, 0)};
    bnb_add_col(m, "lonely", 0, INF, 0, 0);
    bnb_add_row(m, "R", 2, xy, one, 1, 3);
    bnb_add_row(m, "empty", 0, NULL, NULL, -INF, 2);
    bnb_add_row(m, "free", 2, xy, one, -INF, INF);
    char *text = write_text(m, path, sizeof path);
    assert_non_null(strstr(text, " R_lo: x + y >= 1\n R_up: x + y <= 3\n"));
    assert_non_null(strstr(text, " obj: x + y + 0 lonely - 2.5 obj_const\n"));
    assert_non_null(strstr(text, " empty: 0 x <= 2\n"));
    assert_non_null(strstr(text, " _free: x + y >= -inf\n"));
    bnb_model *b = read_as(path, 1);
    assert_lp_equivalent(m, b);
    expect_col(b, "obj_const", 1, 1, -2.5, 0);
    expect_row(b, "empty", -INF, 2, 0);
    free(text);
    bnb_model_free(m);
    bnb_model_free(b);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mix),
        cmocka_unit_test(test_spellings),
        cmocka_unit_test(test_repeated_terms),
        cmocka_unit_test(test_tiny_coefficients),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_wrap),
        cmocka_unit_test(test_equivalents),
        cmocka_unit_test(test_round_trip_models),
        cmocka_unit_test(test_round_trip_bench),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
