/*
 * test_solve.c -- hand-checked LPs and MIPs through the public API:
 * optimal values, duals, degenerate, unbounded, infeasible, free, fixed,
 * equality and ranged rows, and small branch-and-bound runs.
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
#define TOL 1e-9

static bnb_model *model(bnb_sense sense)
{
    bnb_model *m = bnb_model_new("t");
    bnb_set_sense(m, sense);
    return m;
}

static void row(bnb_model *m, const char *name, double lo, double up,
                int len, const int *cols, const double *vals)
{
    assert_true(bnb_add_row(m, name, len, cols, vals, lo, up) >= 0);
}

static bnb_result solve(const bnb_model *m, int lp_only)
{
    bnb_params p;
    bnb_params_default(&p);
    p.lp_only = lp_only;
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, &r), BNB_OK);
    return r;
}

/* max 3x + 2y: x + y <= 4, x + 3y <= 7, x <= 3. Optimum x=3, y=1, z=11;
 * duals: row a 2 (binding), row b 0; x's reduced cost 3 - 2 = 1. */
static void test_textbook_max(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MAXIMIZE);
    bnb_add_col(m, "x", 0, 3, 3, 0);
    bnb_add_col(m, "y", 0, INF, 2, 0);
    row(m, "a", -INF, 4, 2, (int[]){0, 1}, (double[]){1, 1});
    row(m, "b", -INF, 7, 2, (int[]){0, 1}, (double[]){1, 3});
    bnb_result r = solve(m, 1);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, 11, TOL);
    assert_float_equal(r.x[0], 3, TOL);
    assert_float_equal(r.x[1], 1, TOL);
    assert_float_equal(r.duals[0], 2, TOL);
    assert_float_equal(r.duals[1], 0, TOL);
    assert_float_equal(r.reduced_costs[0], 1, TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* Beale's example, which cycles under the textbook rule:
 * min -3/4 x4 + 150 x5 - 1/50 x6 + 6 x7,
 *   1/4 x4 - 60 x5 - 1/25 x6 + 9 x7 <= 0
 *   1/2 x4 - 90 x5 - 1/50 x6 + 3 x7 <= 0
 *   x6 <= 1.   Optimum -1/20 at x4 = 1/25, x6 = 1. */
static void test_degenerate_beale(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MINIMIZE);
    bnb_add_col(m, "x4", 0, INF, -0.75, 0);
    bnb_add_col(m, "x5", 0, INF, 150, 0);
    bnb_add_col(m, "x6", 0, INF, -0.02, 0);
    bnb_add_col(m, "x7", 0, INF, 6, 0);
    int c[] = {0, 1, 2, 3};
    row(m, "r1", -INF, 0, 4, c, (double[]){0.25, -60, -0.04, 9});
    row(m, "r2", -INF, 0, 4, c, (double[]){0.5, -90, -0.02, 3});
    row(m, "r3", -INF, 1, 1, (int[]){2}, (double[]){1});
    bnb_result r = solve(m, 1);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, -0.05, TOL);
    assert_float_equal(r.x[0], 0.04, TOL);
    assert_float_equal(r.x[2], 1, TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* max x + y with x - y <= 1: unbounded along (1, 1). */
static void test_unbounded(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MAXIMIZE);
    bnb_add_col(m, "x", 0, INF, 1, 0);
    bnb_add_col(m, "y", 0, INF, 1, 0);
    row(m, "a", -INF, 1, 2, (int[]){0, 1}, (double[]){1, -1});
    bnb_result r = solve(m, 1);
    assert_int_equal(r.status, BNB_UNBOUNDED);
    assert_false(r.has_solution);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* x + y <= 1 and x + y >= 3 cannot both hold. */
static void test_infeasible(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MINIMIZE);
    bnb_add_col(m, "x", 0, INF, 1, 0);
    bnb_add_col(m, "y", 0, INF, 1, 0);
    int c[] = {0, 1};
    double v[] = {1, 1};
    row(m, "a", -INF, 1, 2, c, v);
    row(m, "b", 3, INF, 2, c, v);
    bnb_result r = solve(m, 1);
    assert_int_equal(r.status, BNB_INFEASIBLE);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* Free columns: min x - y with x - y >= -5, x + y = 1, x, y free:
 * optimum -5 on a whole edge; check the objective and the rows. */
static void test_free_and_equality(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MINIMIZE);
    bnb_add_col(m, "x", -INF, INF, 1, 0);
    bnb_add_col(m, "y", -INF, INF, -1, 0);
    int c[] = {0, 1};
    row(m, "a", -5, INF, 2, c, (double[]){1, -1});
    row(m, "b", 1, 1, 2, c, (double[]){1, 1});
    bnb_result r = solve(m, 1);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, -5, TOL);
    assert_float_equal(r.x[0], -2, TOL);
    assert_float_equal(r.x[1], 3, TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* Range row 1 <= x + y <= 3, max x + 2y, x, y in [0, 2]: y = 2, x = 1. */
static void test_range_row(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MAXIMIZE);
    bnb_add_col(m, "x", 0, 2, 1, 0);
    bnb_add_col(m, "y", 0, 2, 2, 0);
    row(m, "a", 1, 3, 2, (int[]){0, 1}, (double[]){1, 1});
    bnb_result r = solve(m, 1);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, 5, TOL);
    assert_float_equal(r.row_activity[0], 3, TOL);
    bnb_result_free(&r);
    /* the lower side binds when minimising x + 2y */
    bnb_set_sense(m, BNB_MINIMIZE);
    r = solve(m, 1);
    assert_float_equal(r.objective, 1, TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* A fixed column: x = 2, min -y with x + y <= 5 gives y = 3. */
static void test_fixed_column(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MINIMIZE);
    bnb_add_col(m, "x", 2, 2, 0, 0);
    bnb_add_col(m, "y", 0, INF, -1, 0);
    row(m, "a", -INF, 5, 2, (int[]){0, 1}, (double[]){1, 1});
    bnb_result r = solve(m, 1);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.x[0], 2, TOL);
    assert_float_equal(r.x[1], 3, TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* Objective offset and negative lower bounds: min 10 + x, x in [-3, 4]. */
static void test_offset_negative_bound(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MINIMIZE);
    bnb_add_col(m, "x", -3, 4, 1, 0);
    bnb_set_obj_offset(m, 10);
    bnb_result r = solve(m, 1);
    assert_float_equal(r.objective, 7, TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* Knapsack: max 5a + 4b + 3c, 2a + 3b + c <= 5, 4a + b + 2c <= 11,
 * 3a + 4b + 2c <= 8, binary: optimum 9 (a = b = 1); the LP relaxation
 * is better (a = c = 1, b = 2/3 is feasible with 10 2/3), so it branches. */
static void test_mip_knapsack(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MAXIMIZE);
    bnb_add_col(m, "a", 0, 1, 5, 1);
    bnb_add_col(m, "b", 0, 1, 4, 1);
    bnb_add_col(m, "c", 0, 1, 3, 1);
    int c[] = {0, 1, 2};
    row(m, "r1", -INF, 5, 3, c, (double[]){2, 3, 1});
    row(m, "r2", -INF, 11, 3, c, (double[]){4, 1, 2});
    row(m, "r3", -INF, 8, 3, c, (double[]){3, 4, 2});
    bnb_result r = solve(m, 0);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, 9, TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* General integers: max x + y, 2x + 2y <= 7 (LP 3.5), x, y in 0..5:
 * optimum 3. Depth first, down child first: root 3.5, x <= 3 (3.5), y <= 0 (3, integral),
 * y >= 1 (3.5: pruned, the objective is integral), x >= 4 (infeasible).
 * (Without cuts and heuristics: the Gomory cut x + y <= 3 closes the
 * root.) */
static void test_mip_general_int(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MAXIMIZE);
    bnb_add_col(m, "x", 0, 5, 1, 1);
    bnb_add_col(m, "y", 0, 5, 1, 1);
    row(m, "a", -INF, 7, 2, (int[]){0, 1}, (double[]){2, 2});
    bnb_params p;
    bnb_params_default(&p);
    p.child_first = BNB_CHILD_DOWN;
    p.cuts = 0;
    p.heuristics = 0;
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, 3, TOL);
    /* 2x + 2y <= 7 is a row of integers with gcd 2: the LP gets
     * 2x + 2y <= 6 and its optimum is integral at the root */
    assert_int_equal(r.nodes, 1);
    bnb_result_free(&r);
    p.cuts = 1;
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, 3, TOL);
    assert_int_equal(r.nodes, 1);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* 2x = 1 with x integer has no solution although its LP has one. */
static void test_mip_infeasible(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MINIMIZE);
    bnb_add_col(m, "x", 0, 10, 1, 1);
    row(m, "a", 1, 1, 1, (int[]){0}, (double[]){2});
    bnb_result r = solve(m, 0);
    assert_int_equal(r.status, BNB_INFEASIBLE);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* A row that stores a zero coefficient (0 x + y <= 1) must not make node
 * propagation divide by zero and call the node infeasible (a false "no
 * solution" seen on Monodot). max 3x + y + z, 2x + 2y + 2z <= 3: the LP
 * has x = 1, y = 1/2; branching on y propagates the row with the zero;
 * the optimum is 3. */
static void test_zero_coefficient_propagation(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MAXIMIZE);
    bnb_add_col(m, "x", 0, 1, 3, 1);
    bnb_add_col(m, "y", 0, 1, 1, 1);
    bnb_add_col(m, "z", 0, 1, 1, 1);
    row(m, "a", -INF, 3, 3, (int[]){0, 1, 2}, (double[]){2, 2, 2});
    row(m, "c", -INF, 1, 2, (int[]){0, 1}, (double[]){0, 1});
    bnb_result r = solve(m, 0);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, 3, TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* Coefficient tightening must use a bound implied for a column that has
 * none of its own (y, w >= 0 without upper bound: y + w = 1 implies
 * y <= 1), so y - 10x <= 0 becomes y - x <= 0. max y - x/2 then has an
 * integral root (x = y = 1, z = 1/2); untightened, the root has x = 0.1
 * and needs two more nodes. */
static void test_tightening_uses_implied_bound(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MAXIMIZE);
    bnb_add_col(m, "y", 0, INF, 1, 0);
    bnb_add_col(m, "w", 0, INF, 0, 0);
    bnb_add_col(m, "x", 0, 1, -0.5, 1);
    row(m, "a", 1, 1, 2, (int[]){0, 1}, (double[]){1, 1});
    row(m, "b", -INF, 0, 2, (int[]){0, 2}, (double[]){1, -10});
    bnb_result r = solve(m, 0);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, 0.5, TOL);
    assert_int_equal(r.nodes, 1);
    bnb_result_free(&r);
    bnb_model_free(m);
}

typedef struct {
    double up[3];
    int seen;
} root_bounds;

static int record_root_bounds(void *ctx, const bnb_event *ev)
{
    root_bounds *rb = ctx;
    if (ev->type != BNB_EV_LP_START)
        return 0;
    for (int k = 0; k < 3; k++)
        rb->up[k] = bnb_view_up(ev->view, k);
    rb->seen = 1;
    return 0;
}

/* A model without objective has its rows propagated before the root LP,
 * continuous columns included: x + y = 0 fixes the binaries at 0, and
 * z + w = 3 (z, w >= 0) gives z the upper bound 3 it lacked. */
static void test_root_propagation_without_objective(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MINIMIZE);
    bnb_add_col(m, "x", 0, 1, 0, 1);
    bnb_add_col(m, "y", 0, 1, 0, 1);
    bnb_add_col(m, "z", 0, INF, 0, 0);
    bnb_add_col(m, "w", 0, INF, 0, 0);
    row(m, "a", 0, 0, 2, (int[]){0, 1}, (double[]){1, 1});
    row(m, "b", 3, 3, 2, (int[]){2, 3}, (double[]){1, 1});
    bnb_params p;
    bnb_params_default(&p);
    root_bounds rb = {{0, 0, 0}, 0};
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, record_root_bounds, &rb, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_true(rb.seen);
    assert_float_equal(rb.up[0], 0, TOL);
    assert_float_equal(rb.up[1], 0, TOL);
    assert_true(rb.up[2] >= 3 && rb.up[2] < 3 + 1e-5);
    bnb_result_free(&r);
    bnb_model_free(m);
}

static int record_probed(void *ctx, const bnb_event *ev)
{
    if (ev->type == BNB_EV_LP_START)
        *(int *)ctx = ev->probed;
    return 0;
}

/* Binaries x - y = 0 and x + y + z = 2: propagation alone fixes
 * nothing; probing x = 0 gives y = 0 and z = 2, refuted: x = y = 1 and
 * z = 0 before the root LP (whose relaxation could have taken x = y =
 * 1/2, z = 1). With x + y = 1 instead, both values of x are refuted:
 * infeasible without a single node. probing = 0 leaves it to branching. */
static void test_probing(void **state)
{
    (void)state;
    for (int rhs = 2; rhs >= 1; rhs--) {
        bnb_model *m = model(BNB_MINIMIZE);
        for (int j = 0; j < 3; j++)
            bnb_add_col(m, (const char *[]){"x", "y", "z"}[j], 0, 1, 0, 1);
        row(m, "same", 0, 0, 2, (int[]){0, 1}, (double[]){1, -1});
        row(m, "sum", rhs, rhs, rhs + 1, (int[]){0, 1, 2},
            (double[]){1, 1, 1});
        for (int probing = 1; probing >= 0; probing--) {
            bnb_params p;
            bnb_params_default(&p);
            p.probing = probing;
            int probed = -1;
            bnb_result r;
            assert_int_equal(bnb_solve(m, &p, record_probed, &probed, &r),
                             BNB_OK);
            if (rhs == 2) {
                assert_int_equal(r.status, BNB_OPTIMAL);
                assert_float_equal(r.x[0], 1, TOL);
                assert_float_equal(r.x[2], 0, TOL);
                assert_int_equal(probed, probing ? 1 : 0);
            } else {
                assert_int_equal(r.status, BNB_INFEASIBLE);
                assert_true(probing ? r.nodes == 0 : r.nodes > 0);
            }
            bnb_result_free(&r);
        }
        bnb_model_free(m);
    }
}

static int count_solutions(void *ctx, const bnb_event *ev)
{
    if (ev->type == BNB_EV_SOLUTION)
        ++*(int *)ctx;
    return 0;
}

/* x + y + z = 2 over binaries has three solutions; --all finds each once. */
static void test_enumerate_all(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MINIMIZE);
    const char *names[] = {"x0", "x1", "x2"};
    for (int j = 0; j < 3; j++)
        bnb_add_col(m, names[j], 0, 1, 0, 1);
    row(m, "a", 2, 2, 3, (int[]){0, 1, 2}, (double[]){1, 1, 1});
    bnb_params p;
    bnb_params_default(&p);
    p.enumerate_all = 1;
    int found = 0;
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, count_solutions, &found, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_int_equal(r.solutions, 3);
    assert_int_equal(found, 3);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* A node limit of 1 stops a MIP that needs branching: status limit. */
static void test_node_limit(void **state)
{
    (void)state;
    bnb_model *m = model(BNB_MAXIMIZE);
    bnb_add_col(m, "x", 0, 5, 1, 1);
    bnb_add_col(m, "y", 0, 5, 1.5, 1);
    row(m, "a", -INF, 7, 2, (int[]){0, 1}, (double[]){2, 3});
    bnb_params p;
    bnb_params_default(&p);
    p.node_limit = 1;
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, &r), BNB_OK);
    assert_int_equal(r.status, BNB_NODE_LIMIT);
    bnb_result_free(&r);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_textbook_max),
        cmocka_unit_test(test_degenerate_beale),
        cmocka_unit_test(test_unbounded),
        cmocka_unit_test(test_infeasible),
        cmocka_unit_test(test_free_and_equality),
        cmocka_unit_test(test_range_row),
        cmocka_unit_test(test_fixed_column),
        cmocka_unit_test(test_offset_negative_bound),
        cmocka_unit_test(test_mip_knapsack),
        cmocka_unit_test(test_mip_general_int),
        cmocka_unit_test(test_mip_infeasible),
        cmocka_unit_test(test_zero_coefficient_propagation),
        cmocka_unit_test(test_tightening_uses_implied_bound),
        cmocka_unit_test(test_root_propagation_without_objective),
        cmocka_unit_test(test_probing),
        cmocka_unit_test(test_enumerate_all),
        cmocka_unit_test(test_node_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
