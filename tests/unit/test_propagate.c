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
#include "presolve.h"
#include "pump.h"

/* The rows of a column, and the rows a pass over every row queues, come
 * in the order of their keys in the LP, not the model's: the same two
 * rows given in either order are visited alike (propagation's budget of
 * visits may end it before its fixpoint). */
static void test_rows_in_key_order(void **state)
{
    (void)state;
    const char *first_of_x[2], *first_of_all[2];
    for (int flip = 0; flip < 2; flip++) {
        bnb_model *m = bnb_model_new("order");
        binaries(m, "xyz");
        for (int k = 0; k < 2; k++) {
            if ((k == 0) != flip)
                add_row(m, "a", 2, (int[]){0, 1}, (double[]){1, 1}, -INF, 1);
            else
                add_row(m, "b", 2, (int[]){0, 2}, (double[]){1, 1}, 1, INF);
        }
        mip_state s;
        begin(&s, m);
        first_of_x[flip] = bnb_row_name(m, s.prop.col_rows[s.prop.col_start[0]])[0] == 'a'
                               ? "a" : "b";
        first_of_all[flip] = bnb_row_name(m, s.prop.row_order[0])[0] == 'a'
                                 ? "a" : "b";
        mip_search_end(&s);
        bnb_model_free(m);
    }
    assert_string_equal(first_of_x[0], first_of_x[1]);
    assert_string_equal(first_of_all[0], first_of_all[1]);
}

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
    assert_true(s.inc.has_incumbent && !stop);
    double top = s.inc.best_x[0] + s.inc.best_x[1] + s.inc.best_x[2];
    double bottom = s.inc.best_x[3] + s.inc.best_x[4] + s.inc.best_x[5];
    assert_true(top == 1 && bottom == 1);
    for (int k = 0; k < 3; k++)
        assert_true(s.inc.best_x[k] + s.inc.best_x[k + 3] <= 1);
    assert_int_equal(s.tree.trail_len, 0);
    assert_int_equal(spx_solve(s.lp, SPX_AUTO, NULL), SPX_OPTIMAL);
    assert_true(spx_objective(s.lp) == 0);   /* no objective, as given */
    mip_search_end(&s);
    bnb_model_free(m);
}

/* 0.00124904 b + 1862.92 z + 169.038 y + 0.0162651 w = 14047.665249 over
 * integers (b, w binary, z <= 5, y >= 0): b = 1, z = 5, y = 28, w = 0
 * misses it by 4e-8, which the solution check accepts. Propagation
 * must leave that point: at z = 5, y = 28, b's bound (rhs - 14047.664) /
 * 0.00124904 = 0.99997 rounded down to 0 without the row's slack, and
 * the row then failed. */
static void test_fractional_equation_keeps_its_point(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("frac");
    assert_int_equal(bnb_add_col(m, "b", 0, 1, 0, 1), 0);
    assert_int_equal(bnb_add_col(m, "z", 0, 5, 0, 1), 1);
    assert_int_equal(bnb_add_col(m, "y", 0, INF, 0, 1), 2);
    assert_int_equal(bnb_add_col(m, "w", 0, 1, 0, 1), 3);
    add_row(m, "eq", 4, (int[]){0, 1, 2, 3},
            (double[]){0.00124904, 1862.92, 169.038, 0.0162651},
            14047.665249, 14047.665249);
    mip_state s;
    begin(&s, m);
    assert_true(mip_propagate_all(&s) >= 0);
    assert_true(mip_trail_set(&s, 1, 5, 5, 1));   /* branched on z, y */
    assert_true(mip_trail_set(&s, 2, 28, 28, 1));
    assert_true(mip_propagate_every(&s, 1) >= 0);
    const double point[4] = {1, 5, 28, 0};
    for (int j = 0; j < 4; j++)
        assert_true(spx_lo(s.lp, j) <= point[j] &&
                    point[j] <= spx_up(s.lp, j));
    mip_search_end(&s);
    bnb_model_free(m);
}

/* 8.3e-6 a + 2e-8 b + 4 c - 130 d = -255.9999917 (a <= 2, b, c binary,
 * d <= 5): a = b = c = 1, d = 2 misses it by 2e-8. The tiny coefficient
 * of b must not fix b at 0: its implied bound divides the row's slack
 * by 2e-8. */
static void test_tiny_coefficient_fixes_nothing(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("tiny");
    assert_int_equal(bnb_add_col(m, "a", 0, 2, 0, 1), 0);
    binaries(m, "bc");
    assert_int_equal(bnb_add_col(m, "d", 0, 5, 0, 1), 3);
    add_row(m, "eq", 4, (int[]){0, 1, 2, 3},
            (double[]){8.3e-06, 2e-08, 4, -130}, -255.9999917, -255.9999917);
    mip_state s;
    begin(&s, m);
    assert_true(mip_trail_set(&s, 0, 1, 1, 1));
    assert_true(mip_trail_set(&s, 2, 1, 1, 1));
    assert_true(mip_trail_set(&s, 3, 2, 2, 1));
    assert_true(mip_propagate_every(&s, 1) >= 0);
    assert_true(spx_up(s.lp, 1) == 1);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* 0.5 x + 0.5 y + 0.5 z >= 1 over binaries with x = 0 set: a chain that
 * claims y <= 0 from that row (which implies y >= 1, not y <= 0) and then
 * calls the row failed is not confirmed by the replay; with y = 0 set as
 * a premise the same failure is. (A row of integers would not be
 * replayed: its chain was computed exactly.) */
static void test_replay_confirms_only_what_rows_imply(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("replay");
    binaries(m, "xyz");
    add_row(m, "two", 3, (int[]){0, 1, 2}, (double[]){0.5, 0.5, 0.5}, 1,
            INF);
    mip_state s;
    begin(&s, m);
    assert_true(mip_trail_set(&s, 0, 0, 0, 1));
    int from = s.tree.trail_len;
    assert_true(mip_trail_set(&s, 1, 0, 0, 1));
    s.tree.trail[s.tree.trail_len - 1].reason = 1;   /* "row 0 implied it" */
    s.learned.failed_row = 0;
    s.prop.proof_failed_col = -1;
    assert_int_equal(mip_proof_confirms(&s, from), 0);
    s.tree.trail[s.tree.trail_len - 1].reason = 0;   /* a premise: taken as is */
    assert_int_equal(mip_proof_confirms(&s, from), 1);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* An implied integer bound near 10^15, where an ulp is an eighth of a
 * unit: 2 x <= 2000000000000001 gives x <= 1000000000000000, not the
 * next integer, which the quotient's rounding margin alone let through;
 * the same with a negative coefficient and for lower bounds, and an
 * exact integer quotient stays itself. */
static void test_integer_bound_near_ulp(void **state)
{
    (void)state;
    double side = 2000000000000001.0, half = 1000000000000000.0;
    assert_true(mip_integer_bound(2, side, 0, 1e-6, 1) == half);
    assert_true(mip_integer_bound(-2, -side, 0, 1e-6, 1) == half);
    assert_true(mip_integer_bound(2, -side, 0, 1e-6, 0) == -half);
    assert_true(mip_integer_bound(-2, side, 0, 1e-6, 0) == -half);
    assert_true(mip_integer_bound(2, 2 * half, 0, 1e-6, 1) == half);
    assert_true(mip_integer_bound(2, 2 * half, 0, 1e-6, 0) == half);
    assert_true(mip_integer_bound(3, 10, 1, 1e-6, 1) == 3);
    assert_true(mip_integer_bound(3, 10, 0, 1e-6, 0) == 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_in_key_order),
        cmocka_unit_test(test_set_packing),
        cmocka_unit_test(test_infeasible_node),
        cmocka_unit_test(test_integer_rounding),
        cmocka_unit_test(test_probing_fixes),
        cmocka_unit_test(test_probing_infeasible),
        cmocka_unit_test(test_unbounded_column_tightened),
        cmocka_unit_test(test_probing_gives_up),
        cmocka_unit_test(test_lp_conflict_learned),
        cmocka_unit_test(test_pump_rounds_by_propagation),
        cmocka_unit_test(test_fractional_equation_keeps_its_point),
        cmocka_unit_test(test_tiny_coefficient_fixes_nothing),
        cmocka_unit_test(test_replay_confirms_only_what_rows_imply),
        cmocka_unit_test(test_integer_bound_near_ulp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
