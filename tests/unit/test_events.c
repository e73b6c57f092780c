/*
 * test_events.c -- the events the teaching output is built from: their
 * order (a node's start before its pivots and its LP result), the
 * switches that make plain textbook branch and bound, the counting of
 * optimal solutions, and the bound reported at a limit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bnb.h"

#define TOL 1e-9
#define MAX_EVENTS 4096

typedef struct {
    bnb_event ev[MAX_EVENTS];
    int count;
} log_t;

static int record(void *ctx, const bnb_event *ev)
{
    log_t *l = ctx;
    if (l->count < MAX_EVENTS) {
        l->ev[l->count] = *ev;
        l->ev[l->count].x = NULL;
        l->ev[l->count].view = NULL;
        l->count++;
    }
    return 0;
}

/* max 5 x1 + 8 x2, x1 + x2 <= 6, 5 x1 + 9 x2 <= 45, integers: the
 * textbook example (optimum 40 at (0, 5)). */
static bnb_model *teach_model(void)
{
    bnb_model *m = bnb_model_new("teach");
    bnb_set_sense(m, BNB_MAXIMIZE);
    bnb_add_col(m, "x1", 0, BNB_INF, 5, 1);
    bnb_add_col(m, "x2", 0, BNB_INF, 8, 1);
    assert_true(bnb_add_row(m, "c1", 2, (int[]){0, 1}, (double[]){1, 1},
                            -BNB_INF, 6) >= 0);
    assert_true(bnb_add_row(m, "c2", 2, (int[]){0, 1}, (double[]){5, 9},
                            -BNB_INF, 45) >= 0);
    return m;
}

static void textbook(bnb_params *p)
{
    bnb_params_default(p);
    p->presolve = p->probing = p->propagation = p->penalties = 0;
    p->rc_fixing = p->lp_cutoff = p->cuts = p->heuristics = 0;
    p->branch_rule = BNB_BRANCH_MOST_FRACTIONAL;
    p->node_select = BNB_SELECT_DEPTH_FIRST;
}

/* Every node starts before its pivots and its NODE event, and every
 * pivot in between belongs to it. */
static void test_node_start_order(void **state)
{
    (void)state;
    bnb_model *m = teach_model();
    static log_t l;
    l.count = 0;
    bnb_result r;
    assert_int_equal(bnb_solve(m, NULL, record, &l, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    long current = -1, nodes = 0;
    for (int k = 0; k < l.count; k++) {
        const bnb_event *ev = &l.ev[k];
        if (ev->type == BNB_EV_NODE_START)
            current = ev->node;
        else if (ev->type == BNB_EV_PIVOT || ev->type == BNB_EV_NODE ||
                 ev->type == BNB_EV_PROPAGATED)
            assert_int_equal(ev->node, current);
        nodes += ev->type == BNB_EV_NODE;
    }
    assert_int_equal(nodes, r.nodes);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* The textbook switches: no propagation, children inherit their
 * parent's bound exactly, every LP solved (no cutoff): 7 nodes, the
 * last one x2 <= 3 with z = 39 (hand solve in tests/e2e/t_teach.sh). */
static void test_textbook_switches(void **state)
{
    (void)state;
    bnb_model *m = teach_model();
    static log_t l;
    l.count = 0;
    bnb_params p;
    textbook(&p);
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, record, &l, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_true(fabs(r.objective - 40) < TOL);
    assert_int_equal(r.nodes, 7);
    const bnb_event *last = NULL;
    for (int k = 0; k < l.count; k++) {
        const bnb_event *ev = &l.ev[k];
        assert_int_not_equal(ev->type, BNB_EV_PROPAGATED);
        if (ev->type == BNB_EV_NODE_START && ev->parent >= 0)
            assert_true(ev->node_bound == ev->parent_obj);
        if (ev->type == BNB_EV_NODE) {
            assert_int_not_equal(ev->lp_status, BNB_LP_CUTOFF);
            last = ev;
        }
    }
    assert_non_null(last);
    assert_int_equal(last->col, 1);
    assert_int_equal(last->dir, -1);
    assert_true(fabs(last->lp_obj - 39) < TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* max x0 + 2 x1 + x2, x0 + x1 + x2 <= 2, binaries: the optimum 3 has two
 * solutions ({x0, x1} and {x1, x2}); worse ones are never counted, and
 * solution_limit stops the count. */
static void test_count_optimal_only(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("two");
    bnb_set_sense(m, BNB_MAXIMIZE);
    bnb_add_col(m, "x0", 0, 1, 1, 1);
    bnb_add_col(m, "x1", 0, 1, 2, 1);
    bnb_add_col(m, "x2", 0, 1, 1, 1);
    assert_true(bnb_add_row(m, "a", 3, (int[]){0, 1, 2},
                            (double[]){1, 1, 1}, -BNB_INF, 2) >= 0);
    for (int limit = 0; limit <= 1; limit++) {
        static log_t l;
        l.count = 0;
        bnb_params p;
        bnb_params_default(&p);
        p.enumerate_all = 1;
        p.solution_limit = limit ? 1 : 1e15;
        bnb_result r;
        assert_int_equal(bnb_solve(m, &p, record, &l, &r), BNB_OK);
        assert_int_equal(r.status, BNB_OPTIMAL);
        assert_true(fabs(r.objective - 3) < TOL);
        assert_int_equal(r.solutions, limit ? 1 : 2);
        int last_value = 0;
        for (int k = 0; k < l.count; k++)
            if (l.ev[k].type == BNB_EV_SOLUTION)
                last_value = fabs(l.ev[k].lp_obj - 3) < TOL;
        assert_true(last_value);
        bnb_result_free(&r);
    }
    bnb_model_free(m);
}

/* At a node limit the result carries the best bound: no better than the
 * root LP's 41.25 and no worse than the incumbent. */
static void test_bound_at_limit(void **state)
{
    (void)state;
    bnb_model *m = teach_model();
    bnb_params p;
    textbook(&p);
    p.node_limit = 5;
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, &r), BNB_OK);
    assert_int_equal(r.status, BNB_NODE_LIMIT);
    assert_true(isfinite(r.bound));
    assert_true(r.bound <= 41.25 + TOL);
    if (r.has_solution)
        assert_true(r.bound >= r.objective - TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* The refutations propagation reports. */
typedef struct {
    int rows, cols;
    int row[8], col[8];
} failures;

static int record_failures(void *ctx, const bnb_event *ev)
{
    failures *f = ctx;
    if (ev->type == BNB_EV_PROPAGATED && ev->propagated < 0 && f->rows < 8) {
        f->row[f->rows++] = bnb_view_failed_row(ev->view);
        f->col[f->cols++] = bnb_view_failed_col(ev->view);
    }
    return 0;
}

/* The rows s and r of test_failed_col, the objective a_cost a. */
static bnb_model *whole_model(double a_cost)
{
    bnb_model *m = bnb_model_new("whole");
    bnb_add_col(m, "a", 0, 371, a_cost, 1);
    bnb_add_col(m, "b", 0, 1, 0, 1);
    bnb_add_col(m, "c", 0, 5e7, 0, 1);
    bnb_add_col(m, "e", 0, BNB_INF, 0, 0);
    assert_true(bnb_add_row(m, "s", 2, (int[]){0, 3}, (double[]){2, -0.1},
                            1, BNB_INF) >= 0);
    assert_true(bnb_add_row(m, "r", 3, (int[]){0, 1, 2},
                            (double[]){167, 62000, -1.87e-7}, 61990.65,
                            61990.65) >= 0);
    return m;
}

/* min a, 2 a - 0.1 e >= 1 (s), 167 a + 62000 b - 1.87e-7 c = 61990.65
 * (r): the child a >= 1 (a in [1, 371]) leaves b only values between
 * 0.0005 and 0.9973, so propagation refutes it on r with b; the LP
 * refutes the child a <= 0 (s asks e <= -10). */
static void test_failed_col(void **state)
{
    (void)state;
    bnb_model *m = whole_model(1);
    bnb_params p;
    bnb_params_default(&p);
    p.branch_rule = BNB_BRANCH_FIRST_FRACTIONAL;
    p.child_first = BNB_CHILD_UP;
    p.cuts = 0;
    p.root_propagation = 0;   /* it refutes the model before the root LP */
    failures f = {0};
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, record_failures, &f, &r), BNB_OK);
    assert_int_equal(r.status, BNB_INFEASIBLE);
    assert_int_equal(f.rows, 1);
    assert_int_equal(f.row[0], 1);
    assert_int_equal(f.col[0], 1);
    bnb_result_free(&r);
    /* a >= 1 from the start: the LP branches on b, and each child breaks
     * a side of r by its range, with no column to name */
    bnb_set_col_bounds(m, 0, 1, 371);
    f = (failures){0};
    assert_int_equal(bnb_solve(m, &p, record_failures, &f, &r), BNB_OK);
    assert_int_equal(r.status, BNB_INFEASIBLE);
    assert_int_equal(f.rows, 2);
    for (int k = 0; k < f.rows; k++) {
        assert_int_equal(f.row[k], 1);
        assert_int_equal(f.col[k], -1);
    }
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* The rows of test_failed_col without objective, a model whose every
 * row is propagated before the root LP: a >= 1 (s), which leaves b only
 * values between 0.0005 and 0.9973 in r. The refutation is told as a
 * node's, with its row and the column whose bounds crossed, and no node
 * is counted. */
static void test_refuted_before_root_lp(void **state)
{
    (void)state;
    bnb_model *m = whole_model(0);
    bnb_params p;
    bnb_params_default(&p);
    failures f = {0};
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, record_failures, &f, &r), BNB_OK);
    assert_int_equal(r.status, BNB_INFEASIBLE);
    assert_int_equal(r.nodes, 0);
    assert_int_equal(f.rows, 1);
    assert_int_equal(f.row[0], 1);
    assert_int_equal(f.col[0], 1);
    bnb_result_free(&r);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_node_start_order),
        cmocka_unit_test(test_textbook_switches),
        cmocka_unit_test(test_count_optimal_only),
        cmocka_unit_test(test_bound_at_limit),
        cmocka_unit_test(test_failed_col),
        cmocka_unit_test(test_refuted_before_root_lp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
