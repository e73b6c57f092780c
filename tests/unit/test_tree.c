/*
 * test_tree.c -- the trail of bound changes and the open nodes
 * (mip/tree.c): undo on backtrack, depth-first selection, and the jump
 * back to the best bound once a dive falls too far behind it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mip_fixture.h"

static bnb_model *three_integers(void)
{
    bnb_model *m = bnb_model_new("tree");
    for (int j = 0; j < 3; j++) {
        char name[2] = {(char)('a' + j), 0};
        assert_int_equal(bnb_add_col(m, name, 0, 9, 1, 1), j);
    }
    add_row(m, "sum", 3, (int[]){0, 1, 2}, (double[]){1, 1, 1}, -INF, 20);
    return m;
}

/* Branchings at depths 1 and 2, then a cut back to depth 1's length:
 * only the deeper change is undone. */
static void test_trail_undo(void **state)
{
    (void)state;
    bnb_model *m = three_integers();
    mip_state s;
    begin(&s, m);
    assert_true(mip_apply_branch(&s, 0, -1, 4, 1));   /* a <= 4 */
    int depth1 = s.trail_len;
    assert_true(mip_apply_branch(&s, 1, +1, 5, 2));   /* b >= 5 */
    assert_true(mip_apply_branch(&s, 0, +1, 2, 2));   /* a >= 2 */
    assert_true(spx_lo(s.lp, 0) == 2 && spx_up(s.lp, 0) == 4);
    assert_true(spx_lo(s.lp, 1) == 5);
    mip_trail_cut(&s, depth1);
    assert_true(spx_lo(s.lp, 0) == 0 && spx_up(s.lp, 0) == 4);
    assert_true(spx_lo(s.lp, 1) == 0 && spx_up(s.lp, 1) == 9);
    mip_trail_cut(&s, 0);
    assert_true(spx_up(s.lp, 0) == 9);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* An open node restored later gets back the bounds of its path. */
static void test_open_restore(void **state)
{
    (void)state;
    bnb_model *m = three_integers();
    mip_state s;
    begin(&s, m);
    assert_true(mip_apply_branch(&s, 2, -1, 3, 1));   /* c <= 3 */
    mip_pending *p = mip_open_push(&s);
    assert_non_null(p);
    p->depth = 1;
    p->lower = 0;
    mip_trail_cut(&s, 0);
    assert_true(spx_up(s.lp, 2) == 9);
    assert_ptr_equal(mip_open_select(&s), p);
    assert_true(mip_open_restore(&s, p, 0));
    assert_true(spx_up(s.lp, 2) == 3);
    mip_open_release(&s, p);
    assert_null(mip_open_select(&s));
    mip_search_end(&s);
    bnb_model_free(m);
}

/* Without an incumbent the newest node is taken (depth first). With
 * incumbent 10 and open bounds 0 (old) and 9 (new), the newest lies
 * past lb + 1/4 (incumbent - lb) = 2.5, so the search jumps back to the
 * best bound; with bound 2 it would stay on the dive. */
static void test_selection(void **state)
{
    (void)state;
    bnb_model *m = three_integers();
    mip_state s;
    begin(&s, m);
    mip_pending *old = mip_open_push(&s), *young = mip_open_push(&s);
    assert_non_null(old);
    assert_non_null(young);
    old->lower = 0;
    young->lower = 9;
    mip_pending *first = mip_open_select(&s);
    assert_ptr_equal(first, young);
    assert_true(s.open_len == 1);
    s.open[s.open_len++] = first;   /* put it back, newest again */
    s.has_incumbent = 1;
    s.incumbent = 10;
    s.par.node_select = BNB_SELECT_BEST_BACKTRACK;
    assert_ptr_equal(mip_open_select(&s), old);
    mip_open_release(&s, old);
    young->lower = 2;
    mip_pending *other = mip_open_push(&s);
    assert_non_null(other);
    other->lower = 2.4;
    assert_ptr_equal(mip_open_select(&s), other);
    mip_open_release(&s, other);
    mip_search_end(&s);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trail_undo),
        cmocka_unit_test(test_open_restore),
        cmocka_unit_test(test_selection),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
