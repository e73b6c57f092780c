/*
 * test_textbook.c -- the textbook settings (bnb_params_textbook, the
 * textbook column of BNB_PARAMS): no technique beyond plain LP-based
 * branch and bound runs under them (no event of one, on models where
 * the default settings do run them), every node's LP is the model's LP
 * as written (the root's is the LP relaxation, Taha's example 9.2-1 has
 * the book's numbers), and the lab controls: every branching rule and
 * node selection reaches the same optimum, each in its own order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bnb.h"

#define TOL 1e-6
#define MAX_NODES 4096

/* What a solve did, by event. */
typedef struct {
    int cuts, cut_rounds, dives, pumps, learned, restarts, propagated;
    int model_changes, tightened, heuristic_finds, strong, penalised, cutoffs;
    int probed, nodes;
    int first_child_dir;         /* the root's first child: -1 down     */
    double root_obj;             /* the root's LP objective             */
    /* per NODE_START in order: depth, parent, node_bound */
    int depth[MAX_NODES];
    long id[MAX_NODES], parent[MAX_NODES];
    double bound[MAX_NODES];
    int started;
    /* per node id: its branching (col, dir, value) and its LP */
    int col[MAX_NODES], dir[MAX_NODES], status[MAX_NODES];
    long up[MAX_NODES];          /* its parent                          */
    double branch[MAX_NODES], obj[MAX_NODES];
    char solved[MAX_NODES];
} tally;

static void count_start(tally *t, const bnb_event *ev)
{
    if (ev->parent >= 0 && ev->node_bound != ev->parent_obj)
        t->penalised++;
    if (ev->parent == 0 && t->first_child_dir == 0)
        t->first_child_dir = ev->dir;
    if (ev->node >= 0 && ev->node < MAX_NODES) {
        t->col[ev->node] = ev->col;
        t->dir[ev->node] = ev->dir;
        t->branch[ev->node] = ev->bound;
        t->up[ev->node] = ev->parent;
    }
    if (t->started < MAX_NODES) {
        t->depth[t->started] = ev->depth;
        t->id[t->started] = ev->node;
        t->parent[t->started] = ev->parent;
        t->bound[t->started] = ev->node_bound;
        t->started++;
    }
}

static int count(void *ctx, const bnb_event *ev)
{
    tally *t = ctx;
    switch (ev->type) {
    case BNB_EV_CUT: t->cuts++; break;
    case BNB_EV_CUT_ROUND: t->cut_rounds++; break;
    case BNB_EV_DIVE: t->dives++; break;
    case BNB_EV_PUMP: t->pumps++; break;
    case BNB_EV_LEARNED: t->learned++; break;
    case BNB_EV_RESTART: t->restarts++; break;
    case BNB_EV_PROPAGATED: t->propagated++; break;
    case BNB_EV_MODEL_CHANGE:
        t->model_changes++;
        t->tightened += ev->change == BNB_CHANGE_COEF_TIGHTENED;
        break;
    case BNB_EV_LP_START: t->probed += ev->probed; break;
    case BNB_EV_INCUMBENT: t->heuristic_finds += ev->found_by != NULL; break;
    case BNB_EV_BRANCH: t->strong += ev->strong > 0 || ev->strong_iters > 0;
        break;
    case BNB_EV_NODE_START: count_start(t, ev); break;
    case BNB_EV_NODE:
        if (ev->node == 0)
            t->root_obj = ev->lp_obj;
        t->cutoffs += ev->lp_status == BNB_LP_CUTOFF;
        t->nodes++;
        if (ev->node >= 0 && ev->node < MAX_NODES) {
            t->solved[ev->node] = 1;
            t->status[ev->node] = ev->lp_status;
            t->obj[ev->node] = ev->lp_obj;
        }
        break;
    default: break;
    }
    return 0;
}

/* Everything a technique beyond plain branch and bound would show. */
static int techniques(const tally *t)
{
    return t->cuts + t->cut_rounds + t->dives + t->pumps + t->learned +
           t->restarts + t->propagated + t->model_changes +
           t->heuristic_finds + t->strong + t->penalised + t->cutoffs +
           t->probed;
}

static void add_row(bnb_model *m, const char *name, int len, const int *cols,
                    const double *vals, double lo, double up)
{
    assert_true(bnb_add_row(m, name, len, cols, vals, lo, up) >= 0);
}

/* Taha, Operations Research, example 9.2-1: max 5 x1 + 4 x2,
 * x1 + x2 <= 5, 10 x1 + 6 x2 <= 45; root LP 23.75 at (3.75, 1.25). */
static bnb_model *taha(void)
{
    bnb_model *m = bnb_model_new("taha");
    bnb_set_sense(m, BNB_MAXIMIZE);
    bnb_add_col(m, "x1", 0, BNB_INF, 5, 1);
    bnb_add_col(m, "x2", 0, BNB_INF, 4, 1);
    add_row(m, "c1", 2, (int[]){0, 1}, (double[]){1, 1}, -BNB_INF, 5);
    add_row(m, "c2", 2, (int[]){0, 1}, (double[]){10, 6}, -BNB_INF, 45);
    return m;
}

/* A knapsack of general integers whose weights share a factor (row
 * rounding divides the row by 3) beside a count row. */
static bnb_model *knapsack(void)
{
    static const double value[] = {24, 13, 23, 15, 16, 19, 11};
    static const double weight[] = {12, 6, 15, 9, 9, 18, 6};
    bnb_model *m = bnb_model_new("knapsack");
    bnb_set_sense(m, BNB_MAXIMIZE);
    int cols[7];
    double ones[7];
    for (int j = 0; j < 7; j++) {
        char name[16];
        snprintf(name, sizeof name, "item%d", j + 1);
        cols[j] = bnb_add_col(m, name, 0, 2, value[j], 1);
        ones[j] = 1;
    }
    add_row(m, "weight", 7, cols, weight, -BNB_INF, 40);
    add_row(m, "count", 7, cols, ones, -BNB_INF, 5);
    return m;
}

/* lseu-like: fixed charges. Plant p opens (y_p binary, cost f_p) to
 * ship x_p <= 100 y_p (a big M: the demand is 7); coefficient
 * tightening makes it x_p <= 7 y_p. Binary covers with integer weights
 * complete it. */
static bnb_model *fixed_charge(void)
{
    static const double fixed[] = {9, 7, 8, 6};
    static const double unit[] = {1, 2, 1.5, 2.5};
    bnb_model *m = bnb_model_new("fixed");
    int x[4], y[4];
    for (int p = 0; p < 4; p++) {
        char name[16];
        snprintf(name, sizeof name, "x%d", p + 1);
        x[p] = bnb_add_col(m, name, 0, BNB_INF, unit[p], 0);
        snprintf(name, sizeof name, "y%d", p + 1);
        y[p] = bnb_add_col(m, name, 0, 1, fixed[p], 1);
        snprintf(name, sizeof name, "link%d", p + 1);
        add_row(m, name, 2, (int[]){x[p], y[p]}, (double[]){1, -100},
                -BNB_INF, 0);
        snprintf(name, sizeof name, "cap%d", p + 1);
        add_row(m, name, 1, (int[]){x[p]}, (double[]){1}, -BNB_INF, 4);
    }
    add_row(m, "demand", 4, x, (double[]){1, 1, 1, 1}, 7, BNB_INF);
    add_row(m, "pairs", 4, y, (double[]){2, 2, 4, 4}, 3, BNB_INF);
    return m;
}

/* A puzzle without objective in Star Battle's form: one star in every
 * row and column of a 6x6 grid, at most one in every 2x2 square (so no
 * two touch). Its LP spreads the stars (x = 1/6 everywhere is a point),
 * so the default search probes and dives before it branches (the 5x5
 * grid's root LP now ends at an integral vertex, which leaves no
 * technique anything to do). */
#define STARS_N 6
static bnb_model *stars(void)
{
    bnb_model *m = bnb_model_new("stars");
    for (int r = 0; r < STARS_N; r++)
        for (int c = 0; c < STARS_N; c++) {
            char name[32];
            snprintf(name, sizeof name, "x[%d,%d]", r + 1, c + 1);
            bnb_add_col(m, name, 0, 1, 0, 1);
        }
    double ones[STARS_N] = {1, 1, 1, 1, 1, 1};
    for (int a = 0; a < STARS_N; a++) {
        int row[STARS_N], col[STARS_N];
        for (int k = 0; k < STARS_N; k++) {
            row[k] = STARS_N * a + k;
            col[k] = STARS_N * k + a;
        }
        char name[2][32];
        snprintf(name[0], sizeof name[0], "row[%d]", a + 1);
        snprintf(name[1], sizeof name[1], "col[%d]", a + 1);
        add_row(m, name[0], STARS_N, row, ones, 1, 1);
        add_row(m, name[1], STARS_N, col, ones, 1, 1);
    }
    for (int r = 0; r + 1 < STARS_N; r++)
        for (int c = 0; c + 1 < STARS_N; c++) {
            int sq[4] = {STARS_N * r + c, STARS_N * r + c + 1,
                         STARS_N * (r + 1) + c, STARS_N * (r + 1) + c + 1};
            char name[32];
            snprintf(name, sizeof name, "square[%d,%d]", r + 1, c + 1);
            add_row(m, name, 4, sq, ones, -INFINITY, 1);
        }
    return m;
}

typedef bnb_model *(*model_maker)(void);
static const model_maker models[] = {taha, knapsack, fixed_charge, stars};
#define MODELS ((int)(sizeof models / sizeof *models))

static double lp_relaxation(const bnb_model *m)
{
    bnb_params p;
    bnb_params_default(&p);
    p.lp_only = 1;
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    double z = r.objective;
    bnb_result_free(&r);
    return z;
}

static void solve(const bnb_model *m, const bnb_params *p, tally *t,
                  bnb_result *r)
{
    memset(t, 0, sizeof *t);
    assert_int_equal(bnb_solve(m, p, count, t, r), BNB_OK);
    assert_true(r->has_solution);
}

/* The column: techniques off, tolerances and limits as by default. */
static void test_textbook_column(void **state)
{
    (void)state;
    bnb_params d, p;
    bnb_params_default(&d);
    bnb_params_textbook(&p);
    assert_null(bnb_params_check(&p));
    assert_int_equal(p.presolve, 0);
    assert_int_equal(p.row_rounding, 0);
    assert_int_equal(p.root_propagation, 0);
    assert_int_equal(p.lp_presolve, 0);
    assert_int_equal(p.lp_crash, 0);
    assert_int_equal(p.rins, 0);
    assert_int_equal(p.pump, 0);
    assert_int_equal(p.strong_init, 0);
    assert_int_equal(p.cover_lifting, 0);
    assert_int_equal(p.restart_base, 0);
    assert_int_equal(p.integral_objective, 0);
    assert_int_equal(p.node_select, BNB_SELECT_DEPTH_FIRST);
    assert_int_equal(p.branch_rule, BNB_BRANCH_MOST_FRACTIONAL);
    assert_int_equal(p.child_first, BNB_CHILD_DOWN);
    assert_true(p.tol_primal == d.tol_primal);
    assert_true(p.node_limit == d.node_limit);
    assert_int_equal(p.lp_scaling, d.lp_scaling);
    assert_true(p.cost_perturbation == d.cost_perturbation);
}

/* Under the textbook settings no technique runs, the root LP is the
 * model's LP relaxation, and the optimum is the default's; the default
 * settings do run some on every model (else the test proves nothing). */
static void test_no_technique_runs(void **state)
{
    (void)state;
    bnb_params def, tb;
    bnb_params_default(&def);
    bnb_params_textbook(&tb);
    for (int k = 0; k < MODELS; k++) {
        bnb_model *m = models[k]();
        tally t;
        bnb_result rd, rt;
        solve(m, &def, &t, &rd);
        int by_default = techniques(&t);
        solve(m, &tb, &t, &rt);
        print_message("%s: %d technique events by default, %d textbook, "
                      "%ld nodes\n", bnb_model_name(m), by_default,
                      techniques(&t), rt.nodes);
        assert_true(by_default > 0);
        assert_int_equal(techniques(&t), 0);
        assert_int_equal(rt.status, BNB_OPTIMAL);
        assert_true(fabs(rt.objective - rd.objective) < TOL);
        assert_true(fabs(t.root_obj - lp_relaxation(m)) < TOL);
        bnb_result_free(&rd);
        bnb_result_free(&rt);
        bnb_model_free(m);
    }
}

/* Every solved node's LP is the model's LP with that node's branching
 * bounds (the LP relaxation solved afresh, lp_only): same status, same
 * objective. */
static void check_node_lps(model_maker make, const tally *t)
{
    bnb_params p;
    bnb_params_default(&p);
    p.lp_only = 1;
    for (int k = 0; k < MAX_NODES; k++) {
        if (!t->solved[k])
            continue;
        bnb_model *m = make();
        for (long n = k; n > 0; n = t->up[n]) {
            int j = t->col[n];
            double lo = bnb_col_lo(m, j), up = bnb_col_up(m, j);
            if (t->dir[n] < 0)
                up = fmin(up, t->branch[n]);
            else
                lo = fmax(lo, t->branch[n]);
            assert_int_equal(bnb_set_col_bounds(m, j, lo, up), BNB_OK);
        }
        bnb_result r;
        assert_int_equal(bnb_solve(m, &p, NULL, NULL, &r), BNB_OK);
        if (t->status[k] == BNB_LP_OPTIMAL) {
            assert_int_equal(r.status, BNB_OPTIMAL);
            assert_true(fabs(r.objective - t->obj[k]) <=
                        TOL * (1 + fabs(r.objective)));
        } else {
            assert_int_equal(t->status[k], BNB_LP_INFEASIBLE);
            assert_int_not_equal(r.status, BNB_OPTIMAL);
        }
        bnb_result_free(&r);
        bnb_model_free(m);
    }
}

/* Under every node selection, each node's LP is the model's LP plus its
 * branching bounds (as a differential check against glpsol would find:
 * no presolve, rounding or cut changes any of them). */
static void test_node_lps_as_written(void **state)
{
    (void)state;
    static const int selects[] = {
        BNB_SELECT_DEPTH_FIRST, BNB_SELECT_BEST_FIRST,
        BNB_SELECT_BREADTH_FIRST};
    static tally t;
    for (int k = 0; k < MODELS; k++)
        for (size_t b = 0; b < sizeof selects / sizeof *selects; b++) {
            bnb_model *m = models[k]();
            bnb_params p;
            bnb_params_textbook(&p);
            p.node_select = selects[b];
            bnb_result r;
            solve(m, &p, &t, &r);
            check_node_lps(models[k], &t);
            bnb_result_free(&r);
            bnb_model_free(m);
        }
}

/* Taha's tree: root 23.75; x1 <= 3 first (the down child): 23 at
 * (3, 2); x1 >= 4: 23.33, branched on x2 (the book does not prune on
 * whole objective steps): x2 <= 0 22.5, x2 >= 1 infeasible. */
static void test_taha_tree(void **state)
{
    (void)state;
    bnb_model *m = taha();
    bnb_params p;
    bnb_params_textbook(&p);
    tally t;
    bnb_result r;
    solve(m, &p, &t, &r);
    assert_true(fabs(t.root_obj - 23.75) < TOL);
    assert_int_equal(t.first_child_dir, -1);
    assert_int_equal(r.nodes, 5);
    assert_true(fabs(r.objective - 23) < TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* Outside textbook mode each change has its own switch: presolve=0
 * stops the coefficient tightening, row_rounding=0 the rounding; with
 * both off the root LP is the relaxation. */
static void test_model_change_switches(void **state)
{
    (void)state;
    bnb_model *m = fixed_charge(), *k = taha();
    bnb_params p;
    bnb_params_default(&p);
    p.cuts = 0;
    tally t;
    bnb_result r;
    solve(m, &p, &t, &r);
    assert_true(t.tightened > 0);
    assert_true(t.root_obj > lp_relaxation(m) + TOL);
    bnb_result_free(&r);
    p.presolve = 0;
    solve(m, &p, &t, &r);
    assert_int_equal(t.tightened, 0);
    assert_int_equal(t.model_changes, 1);   /* pairs: >= 3 rounded to 4 */
    bnb_result_free(&r);
    solve(k, &p, &t, &r);   /* rounding alone: 10 x1 + 6 x2 <= 44 */
    assert_int_equal(t.model_changes, 1);
    assert_true(fabs(t.root_obj - 23.5) < TOL);
    bnb_result_free(&r);
    p.row_rounding = 0;
    solve(k, &p, &t, &r);
    assert_int_equal(t.model_changes, 0);
    assert_true(fabs(t.root_obj - 23.75) < TOL);
    bnb_result_free(&r);
    solve(m, &p, &t, &r);
    assert_int_equal(t.model_changes, 0);
    assert_true(fabs(t.root_obj - lp_relaxation(m)) < TOL);
    bnb_result_free(&r);
    bnb_model_free(m);
    bnb_model_free(k);
}

/* The order each node selection promises, on the NODE_START sequence. */
static void check_order(const tally *t, int select, int sense)
{
    for (int k = 2; k < t->started; k++) {
        if (select == BNB_SELECT_BREADTH_FIRST)
            assert_true(t->depth[k] >= t->depth[k - 1]);
        if (select == BNB_SELECT_BEST_FIRST)   /* bounds only worsen */
            assert_true(sense * t->bound[k] >= sense * t->bound[k - 1] - TOL);
    }
}

/* Every rule under every node selection (textbook otherwise) reaches
 * the default's optimum; the rules' trees differ. */
static void test_rules(void **state)
{
    (void)state;
    static const int rules[] = {
        BNB_BRANCH_MOST_FRACTIONAL, BNB_BRANCH_LEAST_FRACTIONAL,
        BNB_BRANCH_FIRST_FRACTIONAL, BNB_BRANCH_PSEUDOCOST,
        BNB_BRANCH_STRONG, BNB_BRANCH_AUTO};
    static const int selects[] = {
        BNB_SELECT_DEPTH_FIRST, BNB_SELECT_BEST_FIRST,
        BNB_SELECT_BREADTH_FIRST, BNB_SELECT_BEST_BACKTRACK};
    static const char *const rule_names[] = {"most", "first", "pseudocost",
                                             "auto", "least", "strong"};
    static tally t;
    for (int k = 0; k < MODELS - 1; k++) {   /* those with an objective */
        bnb_model *m = models[k]();
        int sense = bnb_model_sense(m) == BNB_MAXIMIZE ? -1 : 1;
        bnb_params p;
        bnb_result r;
        bnb_params_default(&p);
        solve(m, &p, &t, &r);
        double best = r.objective;
        bnb_result_free(&r);
        long least = -1, most = -1;
        for (size_t a = 0; a < sizeof rules / sizeof *rules; a++)
            for (size_t b = 0; b < sizeof selects / sizeof *selects; b++) {
                bnb_params_textbook(&p);
                p.branch_rule = rules[a];
                p.node_select = selects[b];
                solve(m, &p, &t, &r);
                print_message("%s: %s, select %d: %ld nodes\n",
                              bnb_model_name(m), rule_names[rules[a]],
                              selects[b], r.nodes);
                assert_int_equal(r.status, BNB_OPTIMAL);
                assert_true(fabs(r.objective - best) < TOL);
                assert_int_equal(t.strong > 0,
                                 rules[a] == BNB_BRANCH_STRONG && r.nodes > 1);
                check_order(&t, selects[b], sense);
                least = least < 0 || r.nodes < least ? r.nodes : least;
                most = r.nodes > most ? r.nodes : most;
                bnb_result_free(&r);
            }
        if (k > 0)   /* Taha's tree is too small to tell them apart */
            assert_true(most > least);
        bnb_model_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_textbook_column),
        cmocka_unit_test(test_no_technique_runs),
        cmocka_unit_test(test_taha_tree),
        cmocka_unit_test(test_node_lps_as_written),
        cmocka_unit_test(test_model_change_switches),
        cmocka_unit_test(test_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
