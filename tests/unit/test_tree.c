/*
 * test_tree.c -- the trail of bound changes and the open nodes
 * (mip/tree.c): undo on backtrack, depth-first selection, the jump
 * back to the best bound once a dive falls too far behind it, and the
 * open nodes' bases kept as differences from shared keyframes
 * (mip/node_basis.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
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
    int depth1 = s.tree.trail_len;
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
    mip_pending *p = mip_open_push(&s, 0);
    assert_non_null(p);
    p->depth = 1;
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
    mip_pending *old = mip_open_push(&s, 0), *young = mip_open_push(&s, 9);
    assert_non_null(old);
    assert_non_null(young);
    assert_ptr_equal(mip_open_select(&s), young);
    assert_true(s.tree.open_len == 1);
    mip_open_release(&s, young);
    young = mip_open_push(&s, 9);   /* newest again */
    s.inc.has_incumbent = 1;
    s.inc.incumbent = 10;
    s.par.node_select = BNB_SELECT_BEST_BACKTRACK;
    assert_ptr_equal(mip_open_select(&s), old);
    mip_open_release(&s, old);
    assert_ptr_equal(mip_open_select(&s), young);
    mip_open_release(&s, young);
    mip_pending *near = mip_open_push(&s, 2), *other = mip_open_push(&s, 2.4);
    assert_non_null(near);
    assert_non_null(other);
    assert_ptr_equal(mip_open_select(&s), other);
    mip_open_release(&s, other);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* The best bound of the open nodes stays right while nodes are taken
 * from the middle (best-bound jumps) and from the end (dives), and the
 * newest is always the last one pushed of those left; the oldest of
 * equal bounds comes first. */
static void test_open_best_bound(void **state)
{
    (void)state;
    bnb_model *m = three_integers();
    mip_state s;
    begin(&s, m);
    enum { N = 300 };
    mip_pending *node[N];
    char open[N] = {0};
    unsigned seed = 7;
    int jumps = 0;
    s.inc.has_incumbent = 1;
    s.inc.incumbent = 100;
    s.par.node_select = BNB_SELECT_BEST_BACKTRACK;
    for (int k = 0; k < N; k++) {
        seed = seed * 1103515245u + 12345u;
        node[k] = mip_open_push(&s, (double)(seed >> 16 & 63));
        assert_non_null(node[k]);
        open[k] = 1;
        if (k % 3 != 2)
            continue;
        /* lowest bound left, oldest first among equals */
        int best = -1;
        for (int i = 0; i < N; i++)
            if (open[i] && (best < 0 || node[i]->lower < node[best]->lower))
                best = i;
        assert_true(mip_open_best(&s) == node[best]->lower);
        mip_pending *p = mip_open_select(&s);
        int newest = k;
        while (!open[newest])
            newest--;
        assert_true(p == node[newest] || p == node[best]);
        jumps += p != node[newest];
        open[p == node[newest] ? newest : best] = 0;
        mip_open_release(&s, p);
    }
    assert_true(jumps > 0);
    while (s.tree.open_len > 0) {
        double best = INFINITY;
        for (int i = 0; i < N; i++)
            if (open[i])
                best = fmin(best, node[i]->lower);
        assert_true(mip_open_best(&s) == best);
        mip_pending *p = mip_open_select(&s);
        for (int i = 0; i < N; i++)
            if (node[i] == p && open[i])
                open[i] = 0;
        mip_open_release(&s, p);
    }
    assert_true(mip_open_best(&s) == INFINITY);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* An n-row covering LP whose optimum is far from the slack basis. */
static bnb_model *covering(int n)
{
    bnb_model *m = bnb_model_new("cover");
    for (int j = 0; j < n; j++) {
        char name[16];
        snprintf(name, sizeof name, "x%d", j);
        assert_true(bnb_add_col(m, name, 0, 1, 1 + j % 7, 1) >= 0);
    }
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "r%d", i);
        add_row(m, name, 3, (int[]){i, (i + 1) % n, (i + 5) % n},
                (double[]){1, 1, 1}, 1, INF);
    }
    return m;
}

static int same_basis(const spx_basis *a, const spx_basis *b)
{
    return memcmp(a->head, b->head, sizeof *a->head * (size_t)a->m) == 0 &&
           memcmp(a->stat, b->stat, (size_t)a->nt) == 0;
}

/* A node saved at the slack basis and one saved at the LP optimum each
 * get their own basis back, whichever is restored first. */
static void test_node_basis_restore(void **state)
{
    (void)state;
    bnb_model *m = covering(30);
    mip_state s;
    begin(&s, m);
    spx_basis slack, opt, now;
    int rows = spx_rows(s.lp), nt = rows + s.n;
    assert_int_equal(spx_basis_init(&slack, rows, nt), 0);
    assert_int_equal(spx_basis_init(&opt, rows, nt), 0);
    assert_int_equal(spx_basis_init(&now, rows, nt), 0);
    spx_basis_save(s.lp, &slack);
    mip_pending *a = mip_open_push(&s, 0);
    assert_int_equal(spx_primal(s.lp), SPX_OPTIMAL);
    spx_basis_save(s.lp, &opt);
    assert_false(same_basis(&slack, &opt));
    mip_pending *b = mip_open_push(&s, 0);
    assert_non_null(a);
    assert_non_null(b);
    assert_true(mip_node_basis_restore(&s, &a->basis));
    spx_basis_save(s.lp, &now);
    assert_true(same_basis(&now, &slack));
    assert_true(mip_node_basis_restore(&s, &b->basis));
    spx_basis_save(s.lp, &now);
    assert_true(same_basis(&now, &opt));
    spx_basis_free(&slack);
    spx_basis_free(&opt);
    spx_basis_free(&now);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* Rows appended after a node was stored (cuts at tree nodes): the node
 * gets its own basis back on the old rows, the new rows' slacks basic,
 * and the dual simplex re-solves from it. */
static void test_node_basis_gains_rows(void **state)
{
    (void)state;
    bnb_model *m = covering(30);
    mip_state s;
    begin(&s, m);
    int rows = spx_rows(s.lp), nt = rows + s.n;
    spx_basis slack, now;
    assert_int_equal(spx_basis_init(&slack, rows, nt), 0);
    spx_basis_save(s.lp, &slack);
    mip_pending *a = mip_open_push(&s, 0);
    assert_non_null(a);
    assert_int_equal(spx_primal(s.lp), SPX_OPTIMAL);
    double opt = spx_objective(s.lp);
    int start[2] = {0, 2}, idx[2] = {0, 1};
    double val[2] = {1, 1}, lo = 1, up = INF;
    assert_int_equal(spx_change_rows(s.lp, NULL, 1, start, idx, val, &lo, &up),
                     0);
    assert_int_equal(spx_rows(s.lp), rows + 1);
    assert_true(mip_node_basis_restore(&s, &a->basis));
    assert_int_equal(spx_basis_init(&now, rows + 1, nt + 1), 0);
    spx_basis_save(s.lp, &now);
    assert_memory_equal(now.head, slack.head, sizeof *now.head * (size_t)rows);
    assert_memory_equal(now.stat, slack.stat, (size_t)nt);
    assert_int_equal(now.head[rows], s.n + rows);
    assert_int_equal(now.stat[nt], SPX_BASIC);
    assert_int_equal(spx_dual(s.lp, INFINITY), SPX_OPTIMAL);
    assert_true(spx_objective(s.lp) >= opt - 1e-9);
    spx_basis_free(&slack);
    spx_basis_free(&now);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* A thousand nodes pushed at one basis of 300 rows share a keyframe:
 * each holds far less than a full basis (head, status, weights). */
static void test_node_basis_compact(void **state)
{
    (void)state;
    bnb_model *m = covering(300);
    mip_state s;
    begin(&s, m);
    int rows = spx_rows(s.lp);
    double full = (double)rows * (sizeof(int) + sizeof(double)) + rows + s.n;
    double before = s.tree.tree_bytes;
    for (int k = 0; k < 1000; k++)
        assert_non_null(mip_open_push(&s, 0));
    double per_node = (s.tree.tree_bytes - before) / 1000;
    assert_true(per_node < full / 4);
    mip_search_end(&s);
    bnb_model_free(m);
}

/* A column moved a thousand times on the way down (propagation creeping
 * on a wide general integer) costs an open node one path entry, not a
 * thousand, and the node gets the last bounds back. */
static void test_path_keeps_last_change(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("wide");
    assert_int_equal(bnb_add_col(m, "x", 0, 1e8, 1, 1), 0);
    assert_int_equal(bnb_add_col(m, "y", 0, 1e8, 1, 1), 1);
    add_row(m, "r", 2, (int[]){0, 1}, (double[]){1, -1}, -INF, 0);
    mip_state s;
    begin(&s, m);
    for (int k = 1; k <= 1000; k++)
        assert_true(mip_trail_set(&s, k % 2, 0, 1e8 - k, 1 + k / 100));
    double before = s.tree.tree_bytes;
    mip_pending *p = mip_open_push(&s, 0);
    assert_non_null(p);
    assert_int_equal(p->path->total, 2);
    assert_true(s.tree.tree_bytes - before < 1000);
    p->depth = 11;
    p->col = 0;
    p->dir = +1;
    p->bound = 5;
    mip_trail_cut(&s, 0);
    assert_ptr_equal(mip_open_select(&s), p);
    assert_true(mip_open_restore(&s, p, 0));
    assert_true(spx_up(s.lp, 0) == 1e8 - 1000 && spx_lo(s.lp, 0) == 5);
    assert_true(spx_up(s.lp, 1) == 1e8 - 999);
    mip_open_release(&s, p);
    mip_search_end(&s);
    bnb_model_free(m);
}

#define PATH_COLS 4
#define PATH_STEPS 4000

static unsigned next_random(unsigned *r)
{
    *r = *r * 1103515245u + 12345u;
    return (*r >> 16) & 0x7fff;
}

/* Random dives: bound changes, open nodes pushed (remembering the
 * bounds each must get back), nodes restored (the bounds checked), and
 * cuts of the trail anywhere, as a search and its heuristics make
 * them: the shared, shortened paths give every node its own bounds. */
static void test_path_random(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("paths");
    for (int j = 0; j < PATH_COLS; j++) {
        char name[2] = {(char)('a' + j), 0};
        assert_int_equal(bnb_add_col(m, name, 0, 1000, 1, 1), j);
    }
    add_row(m, "sum", PATH_COLS, (int[]){0, 1, 2, 3},
            (double[]){1, 1, 1, 1}, -INF, 4000);
    mip_state s;
    begin(&s, m);
    static double want[PATH_STEPS][2 * PATH_COLS];
    unsigned r = 7;
    int depth = 1, restored = 0;
    for (int step = 0; step < PATH_STEPS; step++) {
        int what = next_random(&r) % 10, j = next_random(&r) % PATH_COLS;
        double lo = spx_lo(s.lp, j), up = spx_up(s.lp, j);
        if (what < 5 && up > lo) {
            double nlo = lo + next_random(&r) % 3;
            if (nlo > up)
                nlo = up;
            assert_true(mip_trail_set(&s, j, nlo, up, depth));
        } else if (what < 7) {
            mip_pending *p = mip_open_push(&s, 0);
            assert_non_null(p);
            p->depth = ++depth;
            p->col = j;
            p->dir = -1;
            p->bound = up;   /* the branch keeps the bounds as they are */
            assert_true(p->seq < PATH_STEPS);
            for (int k = 0; k < PATH_COLS; k++) {
                want[p->seq][2 * k] = spx_lo(s.lp, k);
                want[p->seq][2 * k + 1] = spx_up(s.lp, k);
            }
        } else if (what < 9) {
            mip_pending *p = mip_open_select(&s);
            if (!p)
                continue;
            assert_true(mip_open_restore(&s, p, 0));
            for (int k = 0; k < PATH_COLS; k++) {
                assert_true(spx_lo(s.lp, k) == want[p->seq][2 * k]);
                assert_true(spx_up(s.lp, k) == want[p->seq][2 * k + 1]);
            }
            depth = p->depth;
            restored++;
            mip_open_release(&s, p);
        } else {
            mip_trail_cut(&s, (int)(next_random(&r) % (s.tree.trail_len + 1)));
        }
    }
    assert_true(restored > PATH_STEPS / 10);
    mip_search_end(&s);
    bnb_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trail_undo),
        cmocka_unit_test(test_open_restore),
        cmocka_unit_test(test_selection),
        cmocka_unit_test(test_open_best_bound),
        cmocka_unit_test(test_node_basis_restore),
        cmocka_unit_test(test_node_basis_compact),
        cmocka_unit_test(test_node_basis_gains_rows),
        cmocka_unit_test(test_path_keeps_last_change),
        cmocka_unit_test(test_path_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
