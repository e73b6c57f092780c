/*
 * test_propagate.c -- node bound propagation (mip/propagate.c), root
 * probing (mip/probe.c) and learning from an infeasible LP
 * (mip/conflict.c) on hand-checked rows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>

#include "mip_fixture.h"
#include "pump.h"

/* x + y + z <= 1: fixing x = 1 forces y = z = 0 (two bounds). */
static void test_set_packing(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("pack");
    binaries(m, "xyz");
    add_row(m, "one", 3, (int[]){0, 1, 2}, (double[]){1, 1, 1}, -INF, 1);
    mip_state s;
    begin(&s, m);
    assert_true(mip_trail_set(&s, 0, 1, 1, 1));
    assert_int_equal(mip_propagate(&s, 0, 1), 2);
    assert_true(spx_up(s.lp, 1) == 0 && spx_up(s.lp, 2) == 0);
    /* Backtracking above depth 1 gives the bounds back. */
    mip_trail_cut(&s, 0);
    assert_true(spx_lo(s.lp, 0) == 0 && spx_up(s.lp, 1) == 1 &&
                spx_up(s.lp, 2) == 1);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* x + y >= 2 with y <= 0: no point is left, the node is infeasible. */
static void test_infeasible_node(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("cover");
    binaries(m, "xy");
    add_row(m, "both", 2, (int[]){0, 1}, (double[]){1, 1}, 2, INF);
    mip_state s;
    begin(&s, m);
    assert_true(mip_trail_set(&s, 1, 0, 0, 1));
    assert_int_equal(mip_propagate(&s, 1, 1), -1);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* 2x + 3y <= 7 over integers in [0, 10]: x <= floor(7/2) = 3 and
 * y <= floor(7/3) = 2, found by the pass over every row. */
static void test_integer_rounding(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("round");
    assert_int_equal(bnb_add_col(m, "x", 0, 10, -1, 1), 0);
    assert_int_equal(bnb_add_col(m, "y", 0, 10, -1, 1), 1);
    add_row(m, "cap", 2, (int[]){0, 1}, (double[]){2, 3}, -INF, 7);
    mip_state s;
    begin(&s, m);
    assert_int_equal(mip_propagate_all(&s), 2);
    assert_true(spx_up(s.lp, 0) == 3);
    assert_true(spx_up(s.lp, 1) == 2);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* x + y = 1 and x + y + z <= 1: z = 1 would leave x + y <= 0, which the
 * equation refutes, so probing fixes z at 0 and nothing else. */
static void test_probing_fixes(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("probe");
    binaries(m, "xyz");
    add_row(m, "pick", 2, (int[]){0, 1}, (double[]){1, 1}, 1, 1);
    add_row(m, "pack", 3, (int[]){0, 1, 2}, (double[]){1, 1, 1}, -INF, 1);
    mip_state s;
    begin(&s, m);
    assert_int_equal(mip_probe(&s), 1);
    assert_true(spx_up(s.lp, 2) == 0);
    assert_true(spx_up(s.lp, 0) == 1 && spx_up(s.lp, 1) == 1);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* Pairwise x + y = 1, x + z = 1, y + z = 1 (an odd cycle): each value of
 * x is refuted, so probing proves the model infeasible. */
static void test_probing_infeasible(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("odd");
    binaries(m, "xyz");
    add_row(m, "xy", 2, (int[]){0, 1}, (double[]){1, 1}, 1, 1);
    add_row(m, "xz", 2, (int[]){0, 2}, (double[]){1, 1}, 1, 1);
    add_row(m, "yz", 2, (int[]){1, 2}, (double[]){1, 1}, 1, 1);
    mip_state s;
    begin(&s, m);
    assert_int_equal(mip_probe(&s), -1);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* w + x <= 3 with integer w in (-inf, 10]: the row's least activity is
 * -inf through w alone, and w itself is still bounded, w <= 3 (the row
 * is not passed over for the column it cannot bound). */
static void test_unbounded_column_tightened(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("halfopen");
    assert_int_equal(bnb_add_col(m, "w", -INF, 10, 0, 1), 0);
    binaries(m, "x");
    add_row(m, "cap", 2, (int[]){0, 1}, (double[]){1, 1}, -INF, 3);
    mip_state s;
    begin(&s, m);
    assert_int_equal(mip_propagate_all(&s), 1);
    assert_true(spx_up(s.lp, 0) == 3);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* The probing pattern of test_probing_fixes behind `lead` free binaries
 * that fix nothing (each in its own row x_k <= 1). */
static int probe_after(int lead)
{
    bnb_model *m = bnb_model_new("late");
    for (int k = 0; k < lead; k++) {
        char name[16];
        snprintf(name, sizeof name, "u%d", k);
        bnb_add_col(m, name, 0, 1, 0, 1);
        add_row(m, name, 1, (int[]){k}, (double[]){1}, -INF, 1);
    }
    binaries(m, "xyz");
    add_row(m, "pick", 2, (int[]){lead, lead + 1}, (double[]){1, 1}, 1, 1);
    add_row(m, "pack", 3, (int[]){lead, lead + 1, lead + 2},
            (double[]){1, 1, 1}, -INF, 1);
    mip_state s;
    begin(&s, m);
    int fixed = mip_probe(&s);
    mip_search_end(&s);
    bnb_model_free(m);
    return fixed;
}

/* Probing gives up after PROBE_USELESS fruitless probes in a row: the
 * lead columns and x and y fix nothing, z is the next probe. */
static void test_probing_gives_up(void **state)
{
    (void)state;
    assert_int_equal(probe_after(PROBE_USELESS - 3), 1);
    assert_int_equal(probe_after(PROBE_USELESS - 2), 0);
}

/* x + y <= 1, y + z <= 1, x + z <= 1 and x + y + z - 0.6 w >= 1 over
 * binaries: w = 1 asks for x + y + z >= 1.6, which each row allows on
 * its own but the LP does not (at most 1.5). The LP's Farkas
 * certificate sums the rows into 0.6 w <= 0.5; the analysis traces its
 * failure to the decision w = 1 and learns the no-good w <= 0. */
static void test_lp_conflict_learned(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("lpconflict");
    binaries(m, "xyzw");
    add_row(m, "xy", 2, (int[]){0, 1}, (double[]){1, 1}, -INF, 1);
    add_row(m, "yz", 2, (int[]){1, 2}, (double[]){1, 1}, -INF, 1);
    add_row(m, "xz", 2, (int[]){0, 2}, (double[]){1, 1}, -INF, 1);
    add_row(m, "need", 4, (int[]){0, 1, 2, 3}, (double[]){1, 1, 1, -0.6},
            1, INF);
    mip_state s;
    begin(&s, m);
    assert_true(s.learning);
    assert_int_equal(spx_solve(s.lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_true(mip_trail_set(&s, 3, 1, 1, 1));
    assert_true(mip_propagate(&s, 3, 1) >= 0);   /* the rows allow it */
    assert_int_equal(spx_dual(s.lp, INFINITY), SPX_INFEASIBLE);
    int row = mip_conflict_analyze_lp(&s, 1);
    assert_true(row >= s.m);
    mip_row r = mip_row_get(&s, row);
    assert_int_equal(r.len, 1);
    assert_int_equal(r.cols[0], 3);
    assert_true(r.vals[0] == 1 && r.up == 0);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* The feasibility pump from the point 0.5 everywhere of two rows that
 * ask for one of a, b, c and one of d, e, f, never both of a column
 * pair: its rounding fixes and propagates one column at a time, so its
 * first round is a solution, which becomes the incumbent; the trail and
 * the LP's objective are left as found. */
static void test_pump_rounds_by_propagation(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("pump");
    binaries(m, "abcdef");
    add_row(m, "abc", 3, (int[]){0, 1, 2}, (double[]){1, 1, 1}, 1, 1);
    add_row(m, "def", 3, (int[]){3, 4, 5}, (double[]){1, 1, 1}, 1, 1);
    add_row(m, "ad", 2, (int[]){0, 3}, (double[]){1, 1}, -INF, 1);
    add_row(m, "be", 2, (int[]){1, 4}, (double[]){1, 1}, -INF, 1);
    add_row(m, "cf", 2, (int[]){2, 5}, (double[]){1, 1}, -INF, 1);
    mip_state s;
    begin(&s, m);
    assert_int_equal(spx_solve(s.lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    double x0[6] = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
    int rounds = 0, stop = 0;
    assert_int_equal(mip_pump(&s, x0, &rounds, &stop), 1);
    assert_int_equal(rounds, 1);
    assert_true(s.has_incumbent && !stop);
    double top = s.best_x[0] + s.best_x[1] + s.best_x[2];
    double bottom = s.best_x[3] + s.best_x[4] + s.best_x[5];
    assert_true(top == 1 && bottom == 1);
    for (int k = 0; k < 3; k++)
        assert_true(s.best_x[k] + s.best_x[k + 3] <= 1);
    assert_int_equal(s.trail_len, 0);
    assert_int_equal(spx_solve(s.lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_true(spx_objective(s.lp) == 0);   /* no objective, as given */
    mip_search_end(&s);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_set_packing),
        cmocka_unit_test(test_infeasible_node),
        cmocka_unit_test(test_integer_rounding),
        cmocka_unit_test(test_probing_fixes),
        cmocka_unit_test(test_probing_infeasible),
        cmocka_unit_test(test_unbounded_column_tightened),
        cmocka_unit_test(test_probing_gives_up),
        cmocka_unit_test(test_lp_conflict_learned),
        cmocka_unit_test(test_pump_rounds_by_propagation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
