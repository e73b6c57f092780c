/*
 * test_pz_paths.c -- the arc helpers of pz_build and the path and flow
 * kinds built on them (Slider, Flow Free, knight moves): row families
 * with the paper's numbers, the Errata rows, big-M values, and solutions
 * fed back through the rules check.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pz.h"
#include "pz_kind.h"

static char err[512];

static pz_puzzle *load(const char *text, const char *variant)
{
    char path[64];
    strcpy(path, "/tmp/pz_paths_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    err[0] = '\0';
    pz_puzzle *p = pz_load(path, variant, err, sizeof err);
    unlink(path);
    return p;
}

/* Rows whose names start with prefix. */
static int count_rows(const bnb_model *m, const char *prefix)
{
    int n = 0;
    for (int i = 0; i < bnb_num_rows(m); i++)
        n += strncmp(bnb_row_name(m, i), prefix, strlen(prefix)) == 0;
    return n;
}

static void test_arcs(void **state)
{
    (void)state;
    pz_arcs a = {0};
    for (int k = 0; k < 100; k++)
        assert_int_equal(pz_arcs_add(&a, k, k % 5), k);
    bnb_model *m = bnb_model_new("t");
    pz_build b;
    pz_build_init(&b, m, NULL);
    int col[100];
    assert_int_equal(pz_arc_cols(&b, &a, 10, 0, 1, 1, "x", col), 0);
    assert_string_equal(bnb_col_name(m, col[13]), "x[2,4,1,4]");
    pz_arc_terms(&b, &a, col, 1, 3, 1, 2.0);   /* arcs into cell 3 */
    int row = pz_row(&b, 0, 5, "r");
    assert_int_equal(bnb_row_len(m, row), 20);
    assert_true(bnb_row_vals(m, row)[0] == 2.0);
    pz_build_free(&b);
    bnb_model_free(m);
    pz_arcs_free(&a);
}

static const char slider_seed[] = "puzzle: slider\ngrid:\n"
                                   ".X..\n...X\n.S..\n....\n..T.\n..X.\n";

static void test_slider_rows(void **state)
{
    (void)state;
    pz_puzzle *p = load(slider_seed, NULL);
    assert_non_null(p);
    const bnb_model *m = pz_model(p);
    assert_int_equal(bnb_num_cols(m), 55);   /* appendix D without its
                                                self-loop S[6,1] (6,1) */
    assert_true(bnb_find_row(m, "(19)start[3,2]") >= 0);
    /* no move stops on S here: (19a) would read 0 = 0 and is left out */
    assert_int_equal(bnb_find_row(m, "(19a)into_start[3,2]"), -1);
    assert_true(bnb_find_row(m, "(19b)into_target[5,3]") >= 0);
    assert_int_equal(count_rows(m, "(20)"), 19);
    pz_free(p);
    p = load(slider_seed, "paper");
    assert_non_null(p);
    assert_int_equal(bnb_find_row(pz_model(p), "(19b)into_target[5,3]"), -1);
    pz_free(p);
}

/* The seed's optimum U R D as column values, through the rules check. */
static void test_slider_solution(void **state)
{
    (void)state;
    pz_puzzle *p = load(slider_seed, NULL);
    const bnb_model *m = pz_model(p);
    double *x = calloc((size_t)bnb_num_cols(m), sizeof *x);
    const char *moves[] = {"x[3,2,2,2]", "x[2,2,2,3]", "x[2,3,5,3]"};
    for (int i = 0; i < 3; i++)
        x[bnb_find_col(m, moves[i])] = 1;
    char buf[256] = "";
    FILE *f = fmemopen(buf, sizeof buf, "w");
    assert_int_equal(pz_print_solution(p, x, f, err, sizeof err), 0);
    fclose(f);
    assert_string_equal(buf, "moves: 3\npath: U R D\n");
    x[bnb_find_col(m, "x[2,3,5,3]")] = 0;   /* stops short of T */
    f = fmemopen(buf, sizeof buf, "w");
    assert_int_not_equal(pz_print_solution(p, x, f, err, sizeof err), 0);
    fclose(f);
    assert_non_null(strstr(err, "not at the target 5,3"));
    free(x);
    pz_free(p);
}

static void test_flowfree_models(void **state)
{
    (void)state;
    const char *ff = "puzzle: flowfree\ngrid:\nA.B\n...\nA.B\n";
    pz_puzzle *p = load(ff, "colorbin");
    assert_non_null(p);
    const bnb_model *m = pz_model(p);
    assert_int_equal(bnb_num_cols(m), 2 * 24 + 9);   /* Q * arcs + z */
    assert_int_equal(count_rows(m, "(29)mtz"), 24);
    assert_int_equal(count_rows(m, "(28)color"), 5);
    /* M = n^2 = 9 in (29): z_kl - z_ij - 9 sum_q x >= 1 - 9 */
    int r = bnb_find_row(m, "(29)mtz[1,1,2,1]");
    assert_true(r >= 0 && bnb_row_lo(m, r) == -8);
    pz_free(p);
    p = load(ff, NULL);
    m = pz_model(p);
    assert_int_equal(count_rows(m, "(40)y_up"), 24);
    r = bnb_find_row(m, "(40)y_up[1,1,2,1]");
    assert_true(r >= 0 && bnb_row_up(m, r) == 0);
    /* (44) z in [0, n^2 - 1]: a line's numbering fits, and propagation
     * can refute a closed loop */
    int z = bnb_find_col(m, "z[2,2]");
    assert_true(z >= 0);
    assert_true(bnb_col_lo(m, z) == 0 && bnb_col_up(m, z) == 8);
    pz_free(p);
}

/* M = |V| = 8 on a 3x3 board without its centre. */
static void test_knight_bigm(void **state)
{
    (void)state;
    pz_puzzle *p = load("puzzle: knight\ngrid:\nS..\n.X.\n...\n", NULL);
    assert_non_null(p);
    const bnb_model *m = pz_model(p);
    int r = bnb_find_row(m, "(19)mtz[1,1,2,3]");
    assert_true(r >= 0 && bnb_row_lo(m, r) == 1 - 8);
    assert_int_equal(count_rows(m, "(17)in"), 7);
    /* (21) z in [0, |V| - 1]: the visit numbers fit */
    int z = bnb_find_col(m, "z[3,3]");
    assert_true(z >= 0);
    assert_true(bnb_col_lo(m, z) == 0 && bnb_col_up(m, z) == 7);
    pz_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arcs),
        cmocka_unit_test(test_slider_rows),
        cmocka_unit_test(test_slider_solution),
        cmocka_unit_test(test_flowfree_models),
        cmocka_unit_test(test_knight_bigm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
