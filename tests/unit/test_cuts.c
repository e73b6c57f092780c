/*
 * test_cuts.c -- every cut family on small hand-made models, through the
 * public API: a recording observer collects the root's cuts, and each
 * must hold at every feasible point of the model (all integer points of
 * a small box; for the fixed-charge model every vertex of the flows for
 * every choice of the binaries), and each cut of the first round must cut
 * off the root LP's optimum; the solve with cuts (rows added to the LP)
 * reaches the same optimum as without. And the root heuristics: their
 * finds are named and feasible; strong branching keeps the optima. The
 * sort the cuts are chosen with keeps equal keys in their order.
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
#include "cuts.h"

#define INF BNB_INF
#define TOL 1e-7
#define MAX_CUTS 400
#define MAX_LEN 16

typedef struct {
    int kind, len, round;
    int col[MAX_LEN];
    double val[MAX_LEN], rhs;
} rec_cut;

typedef struct {
    rec_cut cut[MAX_CUTS];
    int count, rounds, kinds[BNB_CUT_KINDS];
    int in_tree, tree_rounds;    /* the search began; its rounds of cuts */
} recorder;

/* Records the cuts, the root's with their round, the tree's (after the
 * first node event) with round 0. */
static int record(void *ctx, const bnb_event *ev)
{
    recorder *r = ctx;
    if (ev->type == BNB_EV_NODE)
        r->in_tree = 1;
    if (ev->type == BNB_EV_CUT_ROUND && ev->node > 0)
        r->tree_rounds++;
    else if (ev->type == BNB_EV_CUT_ROUND)
        r->rounds = ev->round;
    if (ev->type != BNB_EV_CUT || r->count == MAX_CUTS)
        return 0;
    assert_true(ev->cut_len <= MAX_LEN);
    rec_cut *c = &r->cut[r->count++];
    c->kind = ev->cut_kind;
    c->len = ev->cut_len;
    c->round = r->in_tree ? 0 : r->rounds + 1;
    c->rhs = ev->cut_rhs;
    memcpy(c->col, ev->cut_cols, (size_t)c->len * sizeof *c->col);
    memcpy(c->val, ev->cut_vals, (size_t)c->len * sizeof *c->val);
    r->kinds[c->kind]++;
    return 0;
}

static double activity(const rec_cut *c, const double *x)
{
    double a = 0;
    for (int k = 0; k < c->len; k++)
        a += c->val[k] * x[c->col[k]];
    return a;
}

/* Does x satisfy every row and bound of m? */
static int feasible(const bnb_model *m, const double *x)
{
    for (int j = 0; j < bnb_num_cols(m); j++)
        if (x[j] < bnb_col_lo(m, j) - TOL || x[j] > bnb_col_up(m, j) + TOL)
            return 0;
    for (int i = 0; i < bnb_num_rows(m); i++) {
        double a = 0;
        for (int k = 0; k < bnb_row_len(m, i); k++)
            a += bnb_row_vals(m, i)[k] * x[bnb_row_cols(m, i)[k]];
        if (a < bnb_row_lo(m, i) - TOL || a > bnb_row_up(m, i) + TOL)
            return 0;
    }
    return 1;
}

static void assert_valid_at(const recorder *r, const double *x)
{
    for (int c = 0; c < r->count; c++)
        assert_true(activity(&r->cut[c], x) <=
                    r->cut[c].rhs + TOL * (1 + fabs(r->cut[c].rhs)));
}

/* Every integer point of the box [lo, up]^n that is feasible. */
static void assert_valid_integer(const bnb_model *m, const recorder *r)
{
    int n = bnb_num_cols(m);
    double x[MAX_LEN];
    for (int j = 0; j < n; j++)
        x[j] = bnb_col_lo(m, j);
    for (;;) {
        if (feasible(m, x))
            assert_valid_at(r, x);
        int j = 0;
        while (j < n && x[j] >= bnb_col_up(m, j)) {
            x[j] = bnb_col_lo(m, j);
            j++;
        }
        if (j == n)
            return;
        x[j] += 1;
    }
}

/* The optimum of a pure integer model by enumerating its box. */
static double enumerate_best(const bnb_model *m)
{
    int n = bnb_num_cols(m);
    double x[MAX_LEN], best = -INF, sense = bnb_model_sense(m);
    for (int j = 0; j < n; j++)
        x[j] = bnb_col_lo(m, j);
    for (;;) {
        if (feasible(m, x)) {
            double z = 0;
            for (int j = 0; j < n; j++)
                z += bnb_col_obj(m, j) * x[j];
            best = fmax(best, -sense * z);
        }
        int j = 0;
        while (j < n && x[j] >= bnb_col_up(m, j)) {
            x[j] = bnb_col_lo(m, j);
            j++;
        }
        if (j == n)
            return -sense * best;
        x[j] += 1;
    }
}

/* The root LP point violates every cut of round 1. */
static void assert_separates(const bnb_model *m, const recorder *r)
{
    bnb_params p;
    bnb_params_default(&p);
    p.lp_only = 1;
    bnb_result lp;
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, &lp), BNB_OK);
    assert_int_equal(lp.status, BNB_OPTIMAL);
    for (int c = 0; c < r->count; c++)
        if (r->cut[c].round == 1)
            assert_true(activity(&r->cut[c], lp.x) > r->cut[c].rhs + 1e-9);
    bnb_result_free(&lp);
}

/* Solves m with the cut families `cuts` (and with none); both must
 * reach `opt`. Returns the nodes with cuts. */
static long solve_both(const bnb_model *m, int cuts, recorder *r, double opt)
{
    bnb_params p;
    bnb_params_default(&p);
    bnb_result res;
    p.cuts = 0;
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, &res), BNB_OK);
    assert_int_equal(res.status, BNB_OPTIMAL);
    assert_float_equal(res.objective, opt, 1e-6);
    bnb_result_free(&res);
    memset(r, 0, sizeof *r);
    p.cuts = cuts;
    assert_int_equal(bnb_solve(m, &p, record, r, &res), BNB_OK);
    assert_int_equal(res.status, BNB_OPTIMAL);
    assert_float_equal(res.objective, opt, 1e-6);
    long nodes = res.nodes;
    bnb_result_free(&res);
    return nodes;
}

static void add_row(bnb_model *m, const char *name, double lo, double up,
                    int len, const int *cols, const double *vals)
{
    assert_true(bnb_add_row(m, name, len, cols, vals, lo, up) >= 0);
}

/* A general-integer model: max 5x + 8y + 3z, x + y + z <= 6.5,
 * 5x + 9y + 2z <= 45.5, 3x - 2y + 4z <= 11, x, y, z in 0..8. */
static bnb_model *general_int_model(void)
{
    bnb_model *m = bnb_model_new("gi");
    bnb_set_sense(m, BNB_MAXIMIZE);
    bnb_add_col(m, "x", 0, 8, 5, 1);
    bnb_add_col(m, "y", 0, 8, 8, 1);
    bnb_add_col(m, "z", 0, 8, 3, 1);
    int c[] = {0, 1, 2};
    add_row(m, "a", -INF, 6.5, 3, c, (double[]){1, 1, 1});
    add_row(m, "b", -INF, 45.5, 3, c, (double[]){5, 9, 2});
    add_row(m, "c", -INF, 11, 3, c, (double[]){3, -2, 4});
    return m;
}

static void test_gomory_valid(void **state)
{
    (void)state;
    bnb_model *m = general_int_model();
    recorder r;
    solve_both(m, 1 << BNB_CUT_GOMORY, &r, enumerate_best(m));
    assert_true(r.kinds[BNB_CUT_GOMORY] > 0);
    assert_int_equal(r.count, r.kinds[BNB_CUT_GOMORY]);
    assert_valid_integer(m, &r);
    assert_separates(m, &r);
    bnb_model_free(m);
}

/* max 3a + 4b + 5c + 6d + 2e, 5a + 6b + 7c + 8d + 3e <= 14 (binaries),
 * and a >= 1 - b read as -a - b <= -1 (a complemented cover row). */
static bnb_model *knapsack_model(void)
{
    bnb_model *m = bnb_model_new("knap");
    bnb_set_sense(m, BNB_MAXIMIZE);
    const char *names[] = {"a", "b", "c", "d", "e"};
    double obj[] = {3, 4, 5, 6, 2.5};
    for (int j = 0; j < 5; j++)
        bnb_add_col(m, names[j], 0, 1, obj[j], 1);
    add_row(m, "w", -INF, 14, 5, (int[]){0, 1, 2, 3, 4},
            (double[]){5, 6, 7, 8, 3});
    add_row(m, "v", -INF, 20, 5, (int[]){0, 1, 2, 3, 4},
            (double[]){9, 4, 8, 6, 5});
    add_row(m, "one", 1, INF, 2, (int[]){0, 1}, (double[]){1, 1});
    return m;
}

static void test_cover_valid(void **state)
{
    (void)state;
    bnb_model *m = knapsack_model();
    recorder r;
    solve_both(m, 1 << BNB_CUT_COVER, &r, enumerate_best(m));
    assert_true(r.kinds[BNB_CUT_COVER] > 0);
    assert_int_equal(r.count, r.kinds[BNB_CUT_COVER]);
    assert_valid_integer(m, &r);
    assert_separates(m, &r);
    bnb_model_free(m);
}

/* Every family together on the knapsack: still valid, same optimum. */
static void test_all_families_valid(void **state)
{
    (void)state;
    bnb_model *m = knapsack_model();
    recorder r;
    solve_both(m, 15, &r, enumerate_best(m));
    assert_valid_integer(m, &r);
    bnb_model_free(m);
    m = general_int_model();
    solve_both(m, 15, &r, enumerate_best(m));
    assert_valid_integer(m, &r);
    bnb_model_free(m);
}

/* Conflicts from three rows, a triangle on a, b, c (a + b <= 1,
 * b + 2c <= 2.5 and 4a + 3c + d <= 6), plus c + d <= 1:
 * max a + b + c + d/2. The LP's only optimum takes fractions (with d's
 * weight 1 an integral vertex a = d = 1 ties with them); the clique
 * a + b + c <= 1 joins the three rows. */
static void test_clique_valid(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("clique");
    bnb_set_sense(m, BNB_MAXIMIZE);
    const char *names[] = {"a", "b", "c", "d"};
    for (int j = 0; j < 4; j++)
        bnb_add_col(m, names[j], 0, 1, j == 3 ? 0.5 : 1, 1);
    add_row(m, "ab", -INF, 1, 2, (int[]){0, 1}, (double[]){1, 1});
    add_row(m, "bc", -INF, 2.5, 2, (int[]){1, 2}, (double[]){1, 2});
    add_row(m, "acd", -INF, 6, 3, (int[]){0, 2, 3}, (double[]){4, 3, 1});
    add_row(m, "cd", -INF, 1, 2, (int[]){2, 3}, (double[]){1, 1});
    recorder r;
    solve_both(m, 1 << BNB_CUT_CLIQUE, &r, enumerate_best(m));
    assert_true(r.kinds[BNB_CUT_CLIQUE] > 0);
    assert_int_equal(r.count, r.kinds[BNB_CUT_CLIQUE]);
    assert_valid_integer(m, &r);
    assert_separates(m, &r);
    bnb_model_free(m);
}

/* Fixed charge: demand 9 from four sources, flow x_j <= u_j y_j with
 * u = (4, 5, 6, 7), cost 1 per unit and f = (10, 11, 12, 13) per open
 * source: min sum f y + sum x. */
#define FC_N 4
static const double fc_u[FC_N] = {4, 5, 6, 7};

static bnb_model *fixed_charge_model(void)
{
    bnb_model *m = bnb_model_new("fc");
    const double f[FC_N] = {10, 11, 12, 13};
    char name[16];
    for (int j = 0; j < FC_N; j++) {
        snprintf(name, sizeof name, "x%d", j);
        bnb_add_col(m, name, 0, INF, 1, 0);
    }
    for (int j = 0; j < FC_N; j++) {
        snprintf(name, sizeof name, "y%d", j);
        bnb_add_col(m, name, 0, 1, f[j], 1);
    }
    add_row(m, "demand", 9, INF, FC_N, (int[]){0, 1, 2, 3},
            (double[]){1, 1, 1, 1});
    for (int j = 0; j < FC_N; j++) {
        snprintf(name, sizeof name, "vub%d", j);
        add_row(m, name, -INF, 0, 2, (int[]){j, FC_N + j},
                (double[]){1, -fc_u[j]});
    }
    return m;
}

/* The cuts hold at every vertex of {0 <= x <= u y, sum x >= 9} for
 * every y in {0,1}^4 (all flows at a bound but at most one), and at
 * flows beyond the demand, so on the whole mixed-integer set. */
static void assert_valid_fixed_charge(const bnb_model *m, const recorder *r)
{
    double x[2 * FC_N];
    for (int y = 0; y < 1 << FC_N; y++)
        for (int at = 0; at < 1 << FC_N; at++)
            for (int free = -1; free < FC_N; free++) {
                double sum = 0;
                for (int j = 0; j < FC_N; j++) {
                    x[FC_N + j] = y >> j & 1;
                    x[j] = (at >> j & 1) ? fc_u[j] * x[FC_N + j] : 0;
                    if (j != free)
                        sum += x[j];
                }
                if (free >= 0)
                    x[free] = fmax(0, 9 - sum);
                if (feasible(m, x))
                    assert_valid_at(r, x);
            }
}

static void test_mir_flow_valid(void **state)
{
    (void)state;
    bnb_model *m = fixed_charge_model();
    recorder r;
    solve_both(m, 1 << BNB_CUT_MIR, &r, 10 + 11 + 9);   /* sources 0, 1 */
    assert_true(r.kinds[BNB_CUT_MIR] > 0);
    assert_valid_fixed_charge(m, &r);
    assert_separates(m, &r);
    bnb_model_free(m);
}

/* The root heuristics on the fixed-charge model (no cuts): each find is
 * named, feasible, and the search still proves the optimum. */
typedef struct {
    int finds;
    const bnb_model *m;
} heur_seen;

static int see_incumbent(void *ctx, const bnb_event *ev)
{
    heur_seen *h = ctx;
    if (ev->type == BNB_EV_INCUMBENT && ev->found_by) {
        h->finds++;
        assert_true(feasible(h->m, ev->x));
    }
    return 0;
}

static void test_heuristics_named(void **state)
{
    (void)state;
    bnb_model *m = fixed_charge_model();
    heur_seen h = {0, m};
    bnb_params p;
    bnb_params_default(&p);
    p.cuts = 0;
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, see_incumbent, &h, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_float_equal(r.objective, 30, 1e-6);
    assert_true(h.finds > 0);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* Strong branching that initialises pseudocosts (on by default) leaves
 * each node's LP as it found it: the same optima as without, cuts on or
 * off. */
static void test_strong_init_same_optimum(void **state)
{
    (void)state;
    bnb_model *models[] = {general_int_model(), knapsack_model(),
                           fixed_charge_model()};
    for (int k = 0; k < 3; k++) {
        bnb_params p;
        bnb_params_default(&p);
        bnb_result a, b;
        assert_int_equal(bnb_solve(models[k], &p, NULL, NULL, &a), BNB_OK);
        p.strong_init = 0;
        p.cuts = k == 1 ? 0 : p.cuts;
        assert_int_equal(bnb_solve(models[k], &p, NULL, NULL, &b), BNB_OK);
        assert_int_equal(b.status, BNB_OPTIMAL);
        assert_float_equal(a.objective, b.objective, 1e-6);
        bnb_result_free(&a);
        bnb_result_free(&b);
        bnb_model_free(models[k]);
    }
}

/* The BRANCH events say where strong branching ran: somewhere in the
 * general-integer model's tree (two or more candidates at the root),
 * with its iterations counted; nowhere with strong_init = 0. */
static int sum_strong(void *ctx, const bnb_event *ev)
{
    long *seen = ctx;
    if (ev->type == BNB_EV_BRANCH) {
        assert_true(ev->strong >= 0 && ev->strong_iters >= 0);
        assert_true(ev->strong > 0 || ev->strong_iters == 0);
        seen[0] += ev->strong;
        seen[1] += ev->strong_iters;
    }
    return 0;
}

static void test_strong_reported(void **state)
{
    (void)state;
    bnb_model *m = general_int_model();
    bnb_params p;
    bnb_params_default(&p);
    p.cuts = 0;
    p.heuristics = 0;
    long seen[2] = {0, 0};
    bnb_result r;
    assert_int_equal(bnb_solve(m, &p, sum_strong, seen, &r), BNB_OK);
    assert_int_equal(r.status, BNB_OPTIMAL);
    assert_true(seen[0] > 0);
    assert_true(seen[1] > 0 && seen[1] <= r.iterations);
    bnb_result_free(&r);
    p.strong_init = 0;
    seen[0] = seen[1] = 0;
    assert_int_equal(bnb_solve(m, &p, sum_strong, seen, &r), BNB_OK);
    assert_int_equal(seen[0], 0);
    bnb_result_free(&r);
    bnb_model_free(m);
}

/* A coefficient that is the rounding residue of terms that cancel
 * (-0.1 - 0.2 + 0.3 = -5.6e-17) is zero: the cut is kept without it even
 * though its column has no upper bound to relax it with. A real small
 * coefficient on that column still cannot be relaxed away. */
/* Of two variable upper bounds of x (x <= 5 y and 2 x <= 16 z), the one
 * the flow covers take does not depend on the order of the rows (the
 * later of the rows' keys, not the later row). */
static void test_vub_choice_by_key(void **state)
{
    (void)state;
    int chosen[2];
    for (int flip = 0; flip < 2; flip++) {
        bnb_model *m = bnb_model_new("vub");
        assert_int_equal(bnb_add_col(m, "x", 0, 20, 1, 0), 0);
        assert_int_equal(bnb_add_col(m, "y", 0, 1, 1, 1), 1);
        assert_int_equal(bnb_add_col(m, "z", 0, 1, 1, 1), 2);
        for (int k = 0; k < 2; k++) {
            if ((k == 0) != flip)
                add_row(m, "vy", -INF, 0, 2, (int[]){0, 1},
                        (double[]){1, -5});
            else
                add_row(m, "vz", -INF, 0, 2, (int[]){0, 2},
                        (double[]){2, -16});
        }
        mip_state s;
        assert_int_equal(mip_search_begin(&s, m, NULL), BNB_OK);
        mip_cut_work w;
        assert_true(cut_work_init(&w, &s) && cut_work_refresh(&w));
        cut_find_vubs(&w);
        chosen[flip] = w.vub_col[0];
        cut_work_free(&w);
        mip_search_end(&s);
        bnb_model_free(m);
    }
    assert_true(chosen[0] >= 0);
    assert_int_equal(chosen[0], chosen[1]);
}

static void test_cancelled_coefficient_dropped(void **state)
{
    (void)state;
    double dense[2] = {0}, mag[2] = {0}, x[2] = {0, 1};
    double lo[2] = {0, 0}, up[2] = {INF, 1};
    int nz[2];
    char in[2] = {0}, is_int[2] = {0};   /* continuous columns */
    mip_state s = {.is_int = is_int};
    mip_cut_work w = {.s = &s, .n = 2, .x = x, .lo = lo, .up = up,
                      .dense = dense, .mag = mag, .nz = nz, .in = in};
    cut_dense_add(&w, 0, -0.1);
    cut_dense_add(&w, 0, -0.2);
    cut_dense_add(&w, 0, 0.3);
    assert_true(dense[0] < 0.0);
    cut_dense_add(&w, 1, 1.0);
    assert_int_equal(cut_commit(&w, 0.5, BNB_CUT_GOMORY, -1, -1), 1);
    assert_int_equal(w.ncut, 1);
    assert_int_equal(w.cut[0].len, 1);
    assert_int_equal(w.col[0], 1);
    cut_dense_add(&w, 0, -1e-12);
    cut_dense_add(&w, 1, 1.0);
    assert_int_equal(cut_commit(&w, 0.5, BNB_CUT_GOMORY, -1, -1), 0);
    free(w.cut);
    free(w.col);
    free(w.val);
}

/* A cut of whole coefficients on integer columns takes a whole side:
 * -x0 + x1 <= -1.5e-16 (a Gomory side a few roundings off 0) would
 * refute x0 = x1 = 0; with a continuous column the side stays. */
static void test_whole_side(void **state)
{
    (void)state;
    double dense[2] = {0}, mag[2] = {0}, x[2] = {0.5, 0.9};
    double lo[2] = {0, 0}, up[2] = {4, 4};
    int nz[2];
    char in[2] = {0}, is_int[2] = {1, 1};
    mip_state s = {.is_int = is_int};
    mip_cut_work w = {.s = &s, .n = 2, .x = x, .lo = lo, .up = up,
                      .dense = dense, .mag = mag, .nz = nz, .in = in};
    cut_dense_add(&w, 0, -1);
    cut_dense_add(&w, 1, 1);
    assert_int_equal(cut_commit(&w, -1.4802973661668751e-16, BNB_CUT_GOMORY,
                                -1, -1), 1);
    assert_true(w.cut[0].rhs == 0.0);
    cut_dense_add(&w, 0, 2);   /* 2 x0 + 2 x1 <= 2.5: x0 + x1 <= 1 */
    cut_dense_add(&w, 1, 2);
    assert_int_equal(cut_commit(&w, 2.5, BNB_CUT_MIR, -1, -1), 1);
    assert_true(w.cut[1].rhs == 1.0);
    is_int[1] = 0;
    cut_dense_add(&w, 0, 2);
    cut_dense_add(&w, 1, 2);
    assert_int_equal(cut_commit(&w, 2.5, BNB_CUT_MIR, -1, -1), 1);
    assert_true(w.cut[2].rhs == 1.25);
    free(w.cut);
    free(w.col);
    free(w.val);
}

/* Fractional equalities feasible only within their tolerance (seed
 * 74158): x1 = 34.3, x2 = x3 = x4 = x6 = 1, x5 = 0 holds r1, r3 and r5
 * exactly and r2 to 1.3 * 10^-7, which the rows' tolerance (10^-6 on a
 * row scaled to 1) accepts. The root's cuts, exact only for exact
 * points, cut it off by about 10^-7 and the search called the model
 * infeasible; each cut must hold at it (with no tolerance of its own)
 * and the solve must find 240.1. */
static void test_cuts_hold_within_tolerance(void **state)
{
    (void)state;
    bnb_model *m = bnb_model_new("fraceq");
    bnb_set_sense(m, BNB_MAXIMIZE);
    double obj[] = {7, -2, -20, 11, 0, 11}, up[] = {INF, 1, 2, 1, 1, 1};
    for (int j = 0; j < 6; j++) {
        char name[16];
        snprintf(name, sizeof name, "x%d", j + 1);
        bnb_add_col(m, name, 0, up[j], obj[j], j > 0);
    }
    add_row(m, "r1", 3118.1452261, 3118.1452261, 6,
            (int[]){0, 4, 5, 1, 3, 2},
            (double[]){10, 0.1115, 2773.19, 0.0052261, -0.05, 2});
    add_row(m, "r2", 105.033421, 105.033421, 5, (int[]){2, 1, 3, 0, 4},
            (double[]){92.758, 12, 0.0011549, 0.0079961, 0.03495});
    add_row(m, "r3", -INF, 145.4307, 6, (int[]){3, 4, 0, 5, 2, 1},
            (double[]){0.82, -6, -11, 470, 1, 50.9107});
    add_row(m, "r4", 0, 0, 1, (int[]){4}, (double[]){0.91914});
    add_row(m, "r5", 34311.094, INF, 3, (int[]){4, 2, 0},
            (double[]){0.03586, 11.094, 1000});
    bnb_params p;
    bnb_params_default(&p);
    /* the cuts of the model's own root LP: root propagation fixes
     * enough binaries here that the root needs none */
    p.root_propagation = 0;
    bnb_result res;
    recorder r = {0};
    assert_int_equal(bnb_solve(m, &p, record, &r, &res), BNB_OK);
    assert_true(r.count > 0);
    double x[] = {34.3, 1, 1, 1, 0, 1};
    for (int c = 0; c < r.count; c++)
        assert_true(activity(&r.cut[c], x) <= r.cut[c].rhs);
    assert_int_equal(res.status, BNB_OPTIMAL);
    assert_float_equal(res.objective, 240.1, 1e-6);
    bnb_result_free(&res);
    p.root_propagation = 1;   /* and with it, the same answer */
    assert_int_equal(bnb_solve(m, &p, NULL, NULL, &res), BNB_OK);
    assert_int_equal(res.status, BNB_OPTIMAL);
    assert_float_equal(res.objective, 240.1, 1e-6);
    bnb_result_free(&res);
    bnb_model_free(m);
}

/* A multi-knapsack of 14 binaries drawn from seed: max c x, three
 * rows a_i x <= half of sum a_i, a quarter of the weights eight times
 * the others (a heavy column outweighs several light ones: covers of
 * light columns lift it). */
static bnb_model *random_knapsack(unsigned seed)
{
    bnb_model *m = bnb_model_new("mk");
    bnb_set_sense(m, BNB_MAXIMIZE);
    enum { N = 14 };
    int cols[N];
    double a[N];
    for (int j = 0; j < N; j++) {
        char name[16];
        snprintf(name, sizeof name, "x%d", j);
        seed = seed * 1103515245u + 12345u;
        bnb_add_col(m, name, 0, 1, 5 + (seed >> 16) % 30, 1);
        cols[j] = j;
    }
    for (int i = 0; i < 3; i++) {
        double sum = 0;
        for (int j = 0; j < N; j++) {
            seed = seed * 1103515245u + 12345u;
            a[j] = (1 + (seed >> 16) % 10) * ((seed >> 8) % 4 ? 1 : 8);
            sum += a[j];
        }
        char name[16];
        snprintf(name, sizeof name, "w%d", i);
        add_row(m, name, -INF, floor(sum / 2), N, cols, a);
    }
    return m;
}

/* A cover cut whose coefficients differ: some column was lifted to a
 * coefficient above 1 (the cover's own have 1). */
static int lifted_cover(const recorder *r)
{
    for (int c = 0; c < r->count; c++) {
        const rec_cut *k = &r->cut[c];
        double lo = INF, hi = 0;
        for (int e = 0; e < k->len && k->kind == BNB_CUT_COVER; e++) {
            lo = fmin(lo, fabs(k->val[e]));
            hi = fmax(hi, fabs(k->val[e]));
        }
        if (k->kind == BNB_CUT_COVER && hi > 1.5 * lo)
            return 1;
    }
    return 0;
}

/* Cuts at every tree node (cut_freq 1) on random multi-knapsacks: every
 * cut, the tree's too, holds at every feasible integer point of the
 * model (the tree's are derived from the global bounds, not the node's;
 * the covers' lifted coefficients hold together), the optimum is the
 * enumerated one, and some instances get tree cuts and lifted covers. */
static void test_tree_cuts_valid(void **state)
{
    (void)state;
    int tree_rounds = 0, lifted = 0;
    for (unsigned seed = 1; seed <= 12; seed++) {
        bnb_model *m = random_knapsack(seed);
        bnb_params p;
        bnb_params_default(&p);
        p.cut_freq = 1;
        recorder r;
        memset(&r, 0, sizeof r);
        bnb_result res;
        assert_int_equal(bnb_solve(m, &p, record, &r, &res), BNB_OK);
        assert_int_equal(res.status, BNB_OPTIMAL);
        assert_float_equal(res.objective, enumerate_best(m), 1e-6);
        assert_valid_integer(m, &r);
        tree_rounds += r.tree_rounds;
        lifted += lifted_cover(&r);
        bnb_result_free(&res);
        bnb_model_free(m);
    }
    assert_true(tree_rounds > 0);
    assert_true(lifted > 0);
}

/* Is cut c (of the first round) among r's cuts of the first round? */
static int has_cut(const recorder *r, const rec_cut *c)
{
    for (int k = 0; k < r->count; k++) {
        const rec_cut *o = &r->cut[k];
        int same = o->round == 1 && o->len == c->len &&
                   fabs(o->rhs - c->rhs) <= TOL;
        for (int e = 0; same && e < c->len; e++)
            same = o->col[e] == c->col[e] &&
                   fabs(o->val[e] - c->val[e]) <= TOL;
        if (same)
            return 1;
    }
    return 0;
}

/* Cover cuts, at the root and at every tree node, on random
 * multi-knapsacks with and without cover_lifting: every cut holds at
 * every feasible integer point and the optimum is the enumerated one;
 * the covers of the fractional columns with the ones fixed, lifted down
 * and up (cuts_lifted.c), give the first round cuts the Balas covers
 * alone do not. */
static void test_lifted_covers_valid(void **state)
{
    (void)state;
    int new_cuts = 0;
    for (unsigned seed = 1; seed <= 40; seed++) {
        bnb_model *m = random_knapsack(seed);
        double best = enumerate_best(m);
        recorder r[2];
        for (int lifting = 0; lifting <= 1; lifting++) {
            bnb_params p;
            bnb_params_default(&p);
            p.cuts = 1 << BNB_CUT_COVER;
            p.cut_freq = 1;
            p.cover_lifting = lifting;
            memset(&r[lifting], 0, sizeof r[lifting]);
            bnb_result res;
            assert_int_equal(bnb_solve(m, &p, record, &r[lifting], &res),
                             BNB_OK);
            assert_int_equal(res.status, BNB_OPTIMAL);
            assert_float_equal(res.objective, best, 1e-6);
            assert_valid_integer(m, &r[lifting]);
            bnb_result_free(&res);
        }
        for (int c = 0; c < r[1].count; c++)
            new_cuts += r[1].cut[c].round == 1 && !has_cut(&r[0], &r[1].cut[c]);
        bnb_model_free(m);
    }
    assert_true(new_cuts > 0);
}

/* Keys with many ties, each element knowing where it started. */
typedef struct {
    double key;
    int pos;
} keyed;

static int by_key_desc(const void *a, const void *b)
{
    double x = ((const keyed *)a)->key, y = ((const keyed *)b)->key;
    return (x < y) - (x > y);
}

/* mip_sort orders as qsort does and keeps equal keys in their first
 * order, on every C library (musl's qsort does not). */
static void test_sort_stable(void **state)
{
    (void)state;
    enum { N = 1000, KEYS = 7 };
    keyed *v = malloc(N * sizeof *v);
    assert_non_null(v);
    unsigned x = 1;
    for (int k = 0; k < N; k++) {
        x = x * 1103515245u + 12345u;
        v[k] = (keyed){(double)((x >> 16) % KEYS), k};
    }
    mip_sort(v, N, sizeof *v, by_key_desc);
    for (int k = 1; k < N; k++) {
        assert_true(v[k - 1].key >= v[k].key);
        if (v[k - 1].key == v[k].key)
            assert_true(v[k - 1].pos < v[k].pos);
    }
    free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gomory_valid),
        cmocka_unit_test(test_cover_valid),
        cmocka_unit_test(test_all_families_valid),
        cmocka_unit_test(test_mir_flow_valid),
        cmocka_unit_test(test_clique_valid),
        cmocka_unit_test(test_heuristics_named),
        cmocka_unit_test(test_strong_init_same_optimum),
        cmocka_unit_test(test_strong_reported),
        cmocka_unit_test(test_vub_choice_by_key),
        cmocka_unit_test(test_cancelled_coefficient_dropped),
        cmocka_unit_test(test_whole_side),
        cmocka_unit_test(test_cuts_hold_within_tolerance),
        cmocka_unit_test(test_tree_cuts_valid),
        cmocka_unit_test(test_lifted_covers_valid),
        cmocka_unit_test(test_sort_stable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
