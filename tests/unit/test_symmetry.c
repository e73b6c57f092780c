/*
 * test_symmetry.c -- the symmetry handling (mip/sym/): interchangeable
 * blocks found from the model alone (the bins of a bin packing), none on
 * a model whose bins differ, the root's orbitopal fixing, the optimum
 * the same with and without it, counts (enumerate_all) and the textbook
 * solve untouched.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mip.h"

/* What the observer saw of the symmetry. */
typedef struct {
    int events, blocks, block_cols, packing_rows, fixed;
} seen;

static int observe(void *ctx, const bnb_event *ev)
{
    seen *t = ctx;
    if (ev->type == BNB_EV_SYMMETRY) {
        t->events++;
        t->blocks = ev->blocks;
        t->block_cols = ev->block_cols;
        t->packing_rows = ev->packing_rows;
        t->fixed = ev->len;
    }
    return 0;
}

/* Bin packing of items of weight w[i] into bins of capacity cap[b]:
 * x_i_b, y_b; every item in one bin; sum_i w_i x_i_b <= cap_b y_b;
 * minimise the bins used. Equal capacities make the bins
 * interchangeable. */
static bnb_model *bin_packing(int items, const double *w, int bins,
                              const double *cap)
{
    bnb_model *m = bnb_model_new("binpack");
    char name[32];
    int x[8][8], y[8], cols[9];
    double vals[9];
    for (int b = 0; b < bins; b++) {
        snprintf(name, sizeof name, "y_%d", b);
        y[b] = bnb_add_col(m, name, 0, 1, 1, 1);
        for (int i = 0; i < items; i++) {
            snprintf(name, sizeof name, "x_%d_%d", i, b);
            x[i][b] = bnb_add_col(m, name, 0, 1, 0, 1);
        }
    }
    for (int i = 0; i < items; i++) {
        for (int b = 0; b < bins; b++) {
            cols[b] = x[i][b];
            vals[b] = 1;
        }
        snprintf(name, sizeof name, "item_%d", i);
        bnb_add_row(m, name, bins, cols, vals, 1, 1);
    }
    for (int b = 0; b < bins; b++) {
        for (int i = 0; i < items; i++) {
            cols[i] = x[i][b];
            vals[i] = w[i];
        }
        cols[items] = y[b];
        vals[items] = -cap[b];
        snprintf(name, sizeof name, "cap_%d", b);
        bnb_add_row(m, name, items + 1, cols, vals, -BNB_INF, 0);
    }
    return m;
}

static const double weights[] = {6, 5, 4, 3, 3, 2};
static const double same_caps[] = {9, 9, 9, 9};
static const double three_caps[] = {9, 9, 9, 10};
static const double other_caps[] = {9, 10, 11, 12};

/* One solve under p: its result, what the observer saw, and the runs of
 * the symmetry handling's entry points. */
static void solve(const bnb_model *m, const bnb_params *p, bnb_result *r,
                  seen *t, long *runs)
{
    mip_state s;
    memset(t, 0, sizeof *t);
    assert_int_equal(mip_solve_kept(&s, m, p, NULL, observe, t, r), BNB_OK);
    *runs = s.sched.technique_runs[MIP_TECH_SYMMETRY];
    mip_search_end(&s);
}

/* Four bins of capacity 9 for six items: the symmetric group on the
 * bins, each block a bin's y and its six x; the six item rows hold at
 * most one 1 each. The root fixes none of them: the nodes order the
 * rows as the search touches them, and at the root none is touched
 * (a fixed order took item 0 to bin 0, item 1 to bins 0-1, ...). */
static void test_bins_found(void **state)
{
    (void)state;
    bnb_model *m = bin_packing(6, weights, 4, same_caps);
    bnb_params p;
    bnb_params_default(&p);
    bnb_result r;
    seen t;
    long runs;
    solve(m, &p, &r, &t, &runs);
    assert_int_equal(t.events, 1);
    assert_int_equal(t.blocks, 4);
    assert_int_equal(t.block_cols, 7);
    assert_int_equal(t.packing_rows, 6);
    assert_int_equal(t.fixed, 0);
    assert_true(runs >= 1);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_true(fabs(r.objective - 3) < 1e-9);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* Bins of four capacities and items of six weights: no permutation of
 * the columns maps the model to itself. */
static void test_other_bins_not_taken(void **state)
{
    (void)state;
    static const double w[] = {6, 5, 4, 3, 2, 1};
    bnb_model *m = bin_packing(6, w, 4, other_caps);
    bnb_params p;
    bnb_params_default(&p);
    bnb_result r;
    seen t;
    long runs;
    solve(m, &p, &r, &t, &runs);
    assert_int_equal(t.events, 0);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_true(fabs(r.objective - 2) < 1e-9);   /* {6, 5} {4, 3, 2, 1} */
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* One bin larger than three equal ones: the three are interchangeable,
 * the fourth is no block of theirs (the two items of weight 3 are
 * interchangeable too, but no row holds at most one 1 of theirs: the
 * bins are the blocks that fix columns). */
static void test_three_of_four(void **state)
{
    (void)state;
    bnb_model *m = bin_packing(6, weights, 4, three_caps);
    bnb_params p;
    bnb_params_default(&p);
    bnb_result r;
    seen t;
    long runs;
    solve(m, &p, &r, &t, &runs);
    assert_int_equal(t.events, 1);
    assert_int_equal(t.blocks, 3);
    assert_int_equal(t.block_cols, 7);
    assert_int_equal(t.packing_rows, 6);
    assert_int_equal(t.fixed, 0);   /* the root touches no row */
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_true(fabs(r.objective - 3) < 1e-9);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* The same optimum with the symmetry handling on and off, on bins and
 * items enough for a search. */
static void test_same_optimum(void **state)
{
    (void)state;
    static const double w[] = {7, 6, 5, 5, 4, 4, 3, 2};
    static const double caps[] = {10, 10, 10, 10, 10, 10};
    bnb_model *m = bin_packing(8, w, 6, caps);
    bnb_params on, off;
    bnb_params_default(&on);
    bnb_params_default(&off);
    off.symmetry = 0;
    bnb_result a, b;
    seen ta, tb;
    long ra, rb;
    solve(m, &on, &a, &ta, &ra);
    solve(m, &off, &b, &tb, &rb);
    assert_int_equal(ta.events, 1);
    assert_int_equal(tb.events, 0);
    assert_int_equal(rb, 0);
    assert_int_equal(a.status, BNB_OPTIMAL);
    assert_int_equal(b.status, BNB_OPTIMAL);
    assert_true(fabs(a.objective - 4) < 1e-9);
    assert_true(fabs(b.objective - 4) < 1e-9);
    bnb_result_free(&a);
    bnb_result_free(&b);
    bnb_model_free(m);
}

/* Counting needs every symmetric solution: enumerate_all leaves the
 * symmetry alone, and the count is that of the solve without it. */
static void test_counts_untouched(void **state)
{
    (void)state;
    static const double w[] = {6, 5, 4};
    static const double caps[] = {9, 9, 9};
    bnb_model *m = bin_packing(3, w, 3, caps);
    bnb_params all, off;
    bnb_params_default(&all);
    all.enumerate_all = 1;
    off = all;
    off.symmetry = 0;
    bnb_result a, b;
    seen ta, tb;
    long ra, rb;
    solve(m, &all, &a, &ta, &ra);
    solve(m, &off, &b, &tb, &rb);
    assert_int_equal(ta.events, 0);
    assert_int_equal(ra, 0);
    assert_int_equal(a.status, BNB_OPTIMAL);
    /* two bins: 6 + 5 and 6 + 4 exceed 9, so {6} and {5, 4}, in two
     * distinct bins of the three: 6 solutions */
    assert_int_equal(a.solutions, 6);
    assert_int_equal(a.solutions, b.solutions);
    bnb_result_free(&a);
    bnb_result_free(&b);
    bnb_model_free(m);
}

/* The textbook solve is branch and bound on the model as written. */
static void test_textbook_without(void **state)
{
    (void)state;
    bnb_model *m = bin_packing(6, weights, 4, same_caps);
    bnb_params p;
    bnb_params_textbook(&p);
    bnb_result r;
    seen t;
    long runs;
    solve(m, &p, &r, &t, &runs);
    assert_int_equal(p.symmetry, 0);
    assert_int_equal(t.events, 0);
    assert_int_equal(runs, 0);
    assert_true(fabs(r.objective - 3) < 1e-9);
    bnb_result_free(&r);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bins_found),
        cmocka_unit_test(test_other_bins_not_taken),
        cmocka_unit_test(test_three_of_four),
        cmocka_unit_test(test_same_optimum),
        cmocka_unit_test(test_counts_untouched),
        cmocka_unit_test(test_textbook_without),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
