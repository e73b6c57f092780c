/*
 * test_pz_rot.c -- the rotation model shared by match22 and infinityloop:
 * which side a left turn moves where, the rows it builds, and the rules
 * check on a hand-solved 2x2 loop of corner tiles.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "pz_rot.h"

/* Four "UR" corners (U=1 at side 0, R=1 at side 3) in a 2x2 grid. */
static void four_corners(pz_rot *r)
{
    static const int ur[4] = {1, 0, 0, 1};
    assert_int_equal(pz_rot_init(r, 2, 2), 0);
    for (int k = 0; k < 4; k++)
        pz_rot_add(r, k / 2, k % 2, ur);
}

/* One left turn moves the top (0) to the left (1), the right (3) to the
 * top: after j turns side h shows d[(h - j) mod 4]. */
static void test_side(void **state)
{
    (void)state;
    pz_rot r;
    four_corners(&r);
    assert_int_equal(pz_rot_side(&r, 0, 1, PZ_ROT_LEFT), 1);
    assert_int_equal(pz_rot_side(&r, 0, 1, PZ_ROT_TOP), 1);
    assert_int_equal(pz_rot_side(&r, 0, 1, PZ_ROT_RIGHT), 0);
    assert_int_equal(pz_rot_side(&r, 0, 3, PZ_ROT_BOTTOM), 1);
    pz_rot_free(&r);
}

/* The loop: top left RD (3 turns), top right LD (2), bottom left UR (0),
 * bottom right UL (1). Open: only the neighbours must agree. */
static void test_check(void **state)
{
    (void)state;
    pz_rot r;
    char err[128];
    four_corners(&r);
    int good[4] = {3, 2, 0, 1}, bad[4] = {3, 2, 0, 0};
    assert_int_equal(pz_rot_check(&r, good, 1, err, sizeof err), 0);
    assert_int_equal(pz_rot_total(&r, good), 6);
    assert_int_equal(pz_rot_check(&r, bad, 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "does not match"));
    int none[4] = {0, 0, 0, 0};
    assert_int_equal(pz_rot_check(&r, none, 0, err, sizeof err), -1);
    pz_rot_free(&r);
}

/* Rows: 4 one-turn rows (10), 2 horizontal (11), 2 vertical (12) and,
 * closed, 8 border rows (14)-(17); 16 binaries with objective j. */
static void test_build(void **state)
{
    (void)state;
    for (int closed = 0; closed < 2; closed++) {
        pz_rot r;
        pz_build b;
        bnb_model *m = bnb_model_new("rot");
        four_corners(&r);
        pz_build_init(&b, m, NULL);
        assert_int_equal(pz_rot_build(&r, closed, &b), BNB_OK);
        assert_int_equal(bnb_num_cols(m), 16);
        assert_int_equal(bnb_num_rows(m), closed ? 16 : 8);
        assert_true(bnb_find_row(m, "(11)h[1,2]") >= 0);
        assert_true(bnb_find_row(m, "(12)v[2,4]") >= 0);
        assert_int_equal(bnb_find_row(m, "(14)top[1]") >= 0, closed);
        assert_true(bnb_col_obj(m, bnb_find_col(m, "x[3,2]")) == 2.0);
        pz_build_free(&b);
        bnb_model_free(m);
        pz_rot_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_side),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_build),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
