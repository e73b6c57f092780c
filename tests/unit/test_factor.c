/*
 * test_factor.c -- the basis inverse interface (spx_factor.h) with both
 * backends: hand-made bases checked against a dense solve (FTRAN, BTRAN,
 * after updates, after save/resume), the repair of singular bases, and
 * every small model solved with the sparse LU and the dense inverse: the
 * same status and objective, and the same pivots on the teaching models.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model_check.h"
#include "spx_factor.h"
#include "spx_lu.h"

#define M 5
#define N 6
#define EXACT 1e-12

/* Column 5 is column 0 plus column 1: a basis with all three is
 * singular. */
static const double A[M][N] = {
    {2, 0, 1, 0, 0, 2},
    {0, 1, 0, 4, 0, 1},
    {1, 0, 3, 0, 2, 1},
    {0, 2, 0, 1, 1, 2},
    {1, 1, 0, 0, 1, 2},
};

typedef struct {
    int colptr[N + 1], rowind[M * N], rowptr[M + 1], colind[M * N];
    double colval[M * N], rowval[M * N];
    spx_matrix a;
} matrix;

static void make_matrix(matrix *mx)
{
    int at = 0;
    for (int j = 0; j < N; j++) {
        mx->colptr[j] = at;
        for (int i = 0; i < M; i++)
            if (A[i][j] != 0) {
                mx->rowind[at] = i;
                mx->colval[at++] = A[i][j];
            }
    }
    mx->colptr[N] = at;
    at = 0;
    for (int i = 0; i < M; i++) {
        mx->rowptr[i] = at;
        for (int j = 0; j < N; j++)
            if (A[i][j] != 0) {
                mx->colind[at] = j;
                mx->rowval[at++] = A[i][j];
            }
    }
    mx->rowptr[M] = at;
    mx->a = (spx_matrix){M, N, mx->colptr, mx->rowind, mx->colval,
                         mx->rowptr, mx->colind, mx->rowval};
}

/* Column k of [A | -I]. */
static void column(int k, double *v)
{
    for (int i = 0; i < M; i++)
        v[i] = k < N ? A[i][k] : (i == k - N ? -1.0 : 0.0);
}

/* x = B^-1 b by Gaussian elimination with partial pivoting on the
 * basis matrix of head. */
static void dense_solve(const int *head, const double *b, double *x)
{
    double t[M][M + 1], col[M];
    for (int h = 0; h < M; h++) {
        column(head[h], col);
        for (int i = 0; i < M; i++)
            t[i][h] = col[i];
    }
    for (int i = 0; i < M; i++)
        t[i][M] = b[i];
    for (int c = 0; c < M; c++) {
        int p = c;
        for (int i = c + 1; i < M; i++)
            if (fabs(t[i][c]) > fabs(t[p][c]))
                p = i;
        for (int k = 0; k <= M; k++) {
            double s = t[c][k];
            t[c][k] = t[p][k];
            t[p][k] = s;
        }
        assert_true(fabs(t[c][c]) > 1e-9);
        for (int i = 0; i < M; i++) {
            if (i == c)
                continue;
            double f = t[i][c] / t[c][c];
            for (int k = c; k <= M; k++)
                t[i][k] -= f * t[c][k];
        }
    }
    for (int i = 0; i < M; i++)
        x[i] = t[i][M] / t[i][i];
}

/* B^-1 B = I by FTRAN and by BTRAN, and FTRAN of b = (1..M) agrees with
 * the dense solve. */
static void assert_inverse(const spx_factor *f, const int *head)
{
    double v[M], u[M], col[M];
    for (int h = 0; h < M; h++) {
        column(head[h], v);
        spx_factor_ftran(f, v);
        for (int i = 0; i < M; i++)
            assert_float_equal(v[i], i == h ? 1.0 : 0.0, EXACT);
        memset(u, 0, sizeof u);
        u[h] = 1.0;
        spx_factor_btran(f, u);
        for (int k = 0; k < M; k++) {
            column(head[k], col);
            double s = 0;
            for (int i = 0; i < M; i++)
                s += u[i] * col[i];
            assert_float_equal(s, k == h ? 1.0 : 0.0, EXACT);
        }
    }
    double b[M], want[M];
    for (int i = 0; i < M; i++)
        b[i] = v[i] = i + 1.0;
    dense_solve(head, b, want);
    spx_factor_ftran(f, v);
    for (int i = 0; i < M; i++)
        assert_float_equal(v[i], want[i], EXACT);
}

/* Each variable of basic once in head, bar `replaced` slacks. */
static int count_kept(const int *basic, const int *head)
{
    int kept = 0;
    for (int h = 0; h < M; h++)
        for (int g = 0; g < M; g++)
            kept += basic[h] == head[g];
    return kept;
}

static void check_build(int kind, const int *basic, int deficient)
{
    matrix mx;
    make_matrix(&mx);
    spx_factor *f = spx_factor_new(kind, &mx.a, 1e-11);
    assert_non_null(f);
    int head[M];
    assert_int_equal(spx_factor_build(f, basic, head), deficient);
    assert_int_equal(count_kept(basic, head), M - deficient);
    assert_inverse(f, head);
    spx_factor_free(f);
}

static void test_build(void **state)
{
    (void)state;
    /* Structurals only; slacks in rows not their own; a singular basis
     * (column 5 = column 0 + column 1) repaired with one slack. */
    const int all[M] = {0, 1, 2, 3, 4};
    const int mixed[M] = {2, N + 4, 0, N + 1, 3};
    const int singular[M] = {0, 5, 2, 1, 3};
    const int slacks[M] = {N + 0, N + 1, N + 2, N + 3, N + 4};
    for (int kind = SPX_FACTOR_LU; kind <= SPX_FACTOR_DENSE; kind++) {
        check_build(kind, all, 0);
        check_build(kind, mixed, 0);
        check_build(kind, singular, 1);
        check_build(kind, slacks, 0);
    }
}

/* Brings variable q into the basis at its largest |alpha_r|. */
static void pivot_in(spx_factor *f, int *head, int q)
{
    double col[M];
    column(q, col);
    spx_factor_ftran(f, col);
    int r = 0;
    for (int i = 1; i < M; i++)
        if (fabs(col[i]) > fabs(col[r]))
            r = i;
    assert_true(fabs(col[r]) > 1e-9);
    assert_int_equal(spx_factor_update(f, r, col), 1);
    head[r] = q;
}

static int in_head(const int *head, int k)
{
    for (int h = 0; h < M; h++)
        if (head[h] == k)
            return 1;
    return 0;
}

/* From the slack basis, pivots in every structural then slacks back in
 * turn, checking the inverse after each update; then the save/resume
 * contract: the LU takes back its updates, the dense inverse resumes
 * only a state it never left. */
static void test_updates_and_resume(void **state)
{
    (void)state;
    matrix mx;
    make_matrix(&mx);
    for (int kind = SPX_FACTOR_LU; kind <= SPX_FACTOR_DENSE; kind++) {
        spx_factor *f = spx_factor_new(kind, &mx.a, 1e-11);
        int head[M] = {N + 0, N + 1, N + 2, N + 3, N + 4};
        assert_int_equal(spx_factor_build(f, head, head), 0);
        spx_basis b;
        assert_int_equal(spx_basis_init(&b, M, M + N), 0);
        int saved[M], done = 0;
        for (int k = 0; k < N + M; k++) {
            int q = (3 * k) % (N + M);
            if (in_head(head, q))
                continue;
            pivot_in(f, head, q);
            assert_inverse(f, head);
            if (++done == 2) {
                spx_factor_save(f, &b);
                memcpy(saved, head, sizeof saved);
                assert_int_equal(spx_factor_resume(f, &b), 1);
            }
        }
        assert_true(done > 2);
        int back = spx_factor_resume(f, &b);
        assert_int_equal(back, kind == SPX_FACTOR_LU);
        if (back)
            assert_inverse(f, saved);
        spx_basis_free(&b);
        spx_factor_free(f);
    }
}

/* Brings in the first variable, counting from `from`, not in the head. */
static void pivot_next(spx_factor *f, int *head, int from)
{
    for (int k = 0; k < N + M; k++) {
        int q = (from + k) % (N + M);
        if (!in_head(head, q)) {
            pivot_in(f, head, q);
            return;
        }
    }
}

/* The pattern of a depth-first search: save A, pivot, save B, go back
 * to A and pivot elsewhere as often as B had. B's state is gone (its
 * last update was undone and another took its place) and must not be
 * resumed; A's still can be, exactly. */
static void test_resume_after_other_updates(void **state)
{
    (void)state;
    matrix mx;
    make_matrix(&mx);
    for (int kind = SPX_FACTOR_LU; kind <= SPX_FACTOR_DENSE; kind++) {
        spx_factor *f = spx_factor_new(kind, &mx.a, 1e-11);
        int head[M] = {N + 0, N + 1, N + 2, N + 3, N + 4}, at_a[M];
        assert_int_equal(spx_factor_build(f, head, head), 0);
        spx_basis a, b;
        assert_int_equal(spx_basis_init(&a, M, M + N), 0);
        assert_int_equal(spx_basis_init(&b, M, M + N), 0);
        pivot_next(f, head, 0);
        pivot_next(f, head, 3);
        spx_factor_save(f, &a);
        memcpy(at_a, head, sizeof at_a);
        pivot_next(f, head, 1);
        spx_factor_save(f, &b);
        int lu = kind == SPX_FACTOR_LU;
        assert_int_equal(spx_factor_resume(f, &a), lu);
        if (lu) {
            memcpy(head, at_a, sizeof head);
            pivot_next(f, head, 5);
            pivot_next(f, head, 7);
            assert_inverse(f, head);
            assert_int_equal(spx_factor_resume(f, &b), 0);
            assert_int_equal(spx_factor_resume(f, &a), 1);
            assert_inverse(f, at_a);
        }
        spx_basis_free(&a);
        spx_basis_free(&b);
        spx_factor_free(f);
    }
}

/* ---- a long run of updates on a random sparse matrix ------------- */

#define RM 60
#define RN 120
#define RUN_PIVOTS 1500
#define RUN_REBUILD 300      /* updates between rebuilds: long runs    */
#define RESIDUAL 1e-8

typedef struct {
    double dense[RM][RN];
    int colptr[RN + 1], rowind[RM * RN], rowptr[RM + 1], colind[RM * RN];
    double colval[RM * RN], rowval[RM * RN];
    spx_matrix a;
} rmatrix;

static unsigned long rng_state = 12345;

static unsigned rnd(unsigned bound)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return (unsigned)(rng_state >> 33) % bound;
}

/* Three entries a column, in -4..4 without 0, and a diagonal so that
 * bases of structurals are often nonsingular. */
static void make_random(rmatrix *r)
{
    memset(r->dense, 0, sizeof r->dense);
    for (int j = 0; j < RN; j++) {
        r->dense[j % RM][j] = 1.0 + rnd(4);
        for (int k = 0; k < 3; k++)
            r->dense[rnd(RM)][j] = (double)rnd(9) - 4.0 + 0.5;
    }
    int at = 0;
    for (int j = 0; j < RN; j++) {
        r->colptr[j] = at;
        for (int i = 0; i < RM; i++)
            if (r->dense[i][j] != 0) {
                r->rowind[at] = i;
                r->colval[at++] = r->dense[i][j];
            }
    }
    r->colptr[RN] = at;
    at = 0;
    for (int i = 0; i < RM; i++) {
        r->rowptr[i] = at;
        for (int j = 0; j < RN; j++)
            if (r->dense[i][j] != 0) {
                r->colind[at] = j;
                r->rowval[at++] = r->dense[i][j];
            }
    }
    r->rowptr[RM] = at;
    r->a = (spx_matrix){RM, RN, r->colptr, r->rowind, r->colval,
                        r->rowptr, r->colind, r->rowval};
}

static double rentry(const rmatrix *r, int i, int k)
{
    return k < RN ? r->dense[i][k] : (i == k - RN ? -1.0 : 0.0);
}

/* The largest residual of B x = b for FTRAN and of B^T u = c for BTRAN,
 * relative to |x| and |u|, on random right-hand sides. */
static double residual(const rmatrix *r, const spx_factor *f,
                       const int *head)
{
    double x[RM], b[RM], worst = 0;
    for (int i = 0; i < RM; i++)
        b[i] = x[i] = (double)rnd(21) - 10.0;
    spx_factor_ftran(f, x);
    double scale = 1;
    for (int h = 0; h < RM; h++)
        scale = fmax(scale, fabs(x[h]));
    for (int i = 0; i < RM; i++) {
        double s = -b[i];
        for (int h = 0; h < RM; h++)
            s += rentry(r, i, head[h]) * x[h];
        worst = fmax(worst, fabs(s) / scale);
    }
    for (int h = 0; h < RM; h++)
        b[h] = x[h] = (double)rnd(21) - 10.0;
    spx_factor_btran(f, x);
    scale = 1;
    for (int i = 0; i < RM; i++)
        scale = fmax(scale, fabs(x[i]));
    for (int h = 0; h < RM; h++) {
        double s = -b[h];
        for (int i = 0; i < RM; i++)
            s += x[i] * rentry(r, i, head[h]);
        worst = fmax(worst, fabs(s) / scale);
    }
    return worst;
}

/* Brings a random nonbasic variable in at a random row among those
 * whose |alpha_r| is at least a tenth of the largest; 0 when the
 * column is (nearly) dependent on the basis, 2 when the update reported
 * a loss of accuracy and the factor was rebuilt, as the simplex would. */
static int random_pivot(const rmatrix *r, spx_factor *f, int *head,
                        char *in_basis)
{
    int q;
    do
        q = (int)rnd(RN + RM);
    while (in_basis[q]);
    double col[RM], big = 0;
    for (int i = 0; i < RM; i++)
        col[i] = rentry(r, i, q);
    spx_factor_ftran(f, col);
    for (int i = 0; i < RM; i++)
        big = fmax(big, fabs(col[i]));
    if (big < 1e-6)
        return 0;
    int row;
    do
        row = (int)rnd(RM);
    while (fabs(col[row]) < 0.1 * big);
    int updated = spx_factor_update(f, row, col);
    assert_int_not_equal(updated, 0);
    in_basis[head[row]] = 0;
    in_basis[q] = 1;
    head[row] = q;
    if (updated > 0)
        return 1;
    assert_true(spx_factor_due(f));
    assert_int_equal(spx_factor_build(f, head, head), 0);
    return 2;
}

/* Long runs of updates (RUN_REBUILD between rebuilds) on a sparse
 * 60 x 120 matrix, from the slack basis: after each, FTRAN and BTRAN
 * solve the updated basis to the accuracy asked of a fresh factor of the
 * same basis, which is checked every 25 pivots. The LU's Forrest-Tomlin
 * updates guard their accuracy: a row eta multiplier above 1000 (which
 * this run meets) asks for a rebuild, without which the residual here
 * passes 1e-8. */
static void test_long_update_run(void **state)
{
    (void)state;
    static rmatrix r;
    make_random(&r);
    for (int kind = SPX_FACTOR_LU; kind <= SPX_FACTOR_DENSE; kind++) {
        spx_factor *f = spx_factor_new(kind, &r.a, 1e-11);
        spx_factor *fresh = spx_factor_new(kind, &r.a, 1e-11);
        assert_non_null(f);
        assert_non_null(fresh);
        int head[RM], fresh_head[RM];
        char in_basis[RN + RM] = {0};
        for (int i = 0; i < RM; i++) {
            head[i] = RN + i;
            in_basis[RN + i] = 1;
        }
        assert_int_equal(spx_factor_build(f, head, head), 0);
        int done = 0, guarded = 0;
        for (int t = 0; t < RUN_PIVOTS; t++) {
            int pivoted = random_pivot(&r, f, head, in_basis);
            done += pivoted > 0;
            guarded += pivoted == 2;
            assert_true(residual(&r, f, head) < RESIDUAL);
            if (t % 25 == 0) {
                assert_int_equal(spx_factor_build(fresh, head, fresh_head),
                                 0);
                assert_true(residual(&r, fresh, fresh_head) < RESIDUAL);
            }
            if (t % RUN_REBUILD == RUN_REBUILD - 1) {
                assert_int_equal(spx_factor_build(f, head, head), 0);
                assert_true(residual(&r, f, head) < RESIDUAL);
            }
        }
        assert_true(done > RUN_PIVOTS / 2);
        if (kind == SPX_FACTOR_LU)
            assert_true(guarded > 0);
        spx_factor_free(fresh);
        spx_factor_free(f);
    }
}

/* A rebuild's nucleus of more than SPX_REACH_MIN_ETAS columns solves
 * each column over the etas its pattern reaches only: on a random
 * sparse basis of 1500 structural columns (a diagonal and three random
 * entries each, so the nucleus is most of it) FTRAN and BTRAN solve B
 * to the accuracy of the small factors. */
#define BM 1500

/* The L/U factors of the basis of all of a's columns (a square),
 * head[i] = i; none may be dependent. */
static spx_factor *lu_of_columns(const spx_matrix *a, int *head)
{
    spx_factor *f = spx_factor_new(SPX_FACTOR_LU, a, 1e-11);
    assert_non_null(f);
    for (int i = 0; i < a->m; i++)
        head[i] = i;
    assert_int_equal(spx_factor_build(f, head, head), 0);
    return f;
}

/* A random sparse basis of BM columns: row j and 3 others (distinct),
 * the entry in row j the largest, so that it is nonsingular; its
 * nucleus is most of it. Arrays malloc'd into *b. */
typedef struct {
    int *cp, *ri, *rp, *ci;
    double *cv, *rv;
    spx_matrix a;
} sparse_basis;

static void random_basis(sparse_basis *b)
{
    int nnz = 4 * BM, *fill = malloc(BM * sizeof *fill);
    rng_state = 12345;   /* the same basis whatever ran before */
    int *cp = b->cp = malloc((BM + 1) * sizeof *cp);
    int *ri = b->ri = malloc((size_t)nnz * sizeof *ri);
    int *rp = b->rp = calloc(BM + 1, sizeof *rp);
    int *ci = b->ci = malloc((size_t)nnz * sizeof *ci);
    double *cv = b->cv = malloc((size_t)nnz * sizeof *cv);
    double *rv = b->rv = malloc((size_t)nnz * sizeof *rv);
    assert_non_null(cp && ri && rp && ci && fill && cv && rv);
    int at = 0;
    for (int j = 0; j < BM; j++) {
        cp[j] = at;
        int rows[4] = {j, (int)rnd(BM), (int)rnd(BM), (int)rnd(BM)};
        for (int k = 0; k < 4; k++) {
            int dup = 0;
            for (int h = 0; h < k; h++)
                dup |= rows[h] == rows[k];
            if (dup)
                continue;
            ri[at] = rows[k];
            cv[at++] = k == 0 ? 4.0 + rnd(4) : (double)rnd(9) - 4.0 + 0.5;
            rp[rows[k] + 1]++;
        }
    }
    cp[BM] = at;
    for (int i = 0; i < BM; i++)
        rp[i + 1] += rp[i];
    memcpy(fill, rp, BM * sizeof *fill);
    for (int j = 0; j < BM; j++)
        for (int e = cp[j]; e < cp[j + 1]; e++) {
            ci[fill[ri[e]]] = j;
            rv[fill[ri[e]]++] = cv[e];
        }
    free(fill);
    b->a = (spx_matrix){BM, BM, cp, ri, cv, rp, ci, rv};
}

static void free_basis(sparse_basis *b)
{
    free(b->cp); free(b->ri); free(b->rp); free(b->ci); free(b->cv);
    free(b->rv);
}

static void test_large_nucleus(void **state)
{
    (void)state;
    sparse_basis sb;
    random_basis(&sb);
    const int *cp = sb.cp, *ri = sb.ri;
    const double *cv = sb.cv;
    double *x = malloc(BM * sizeof *x), *b = malloc(BM * sizeof *b);
    int head[BM];
    assert_non_null(x && b);
    spx_factor *f = lu_of_columns(&sb.a, head);
    for (int i = 0; i < BM; i++)
        b[i] = x[i] = (double)rnd(21) - 10.0;
    spx_factor_ftran(f, x);                 /* B x = b */
    double worst = 0, scale = 1;
    for (int h = 0; h < BM; h++)
        scale = fmax(scale, fabs(x[h]));
    double *r = calloc(BM, sizeof *r);
    assert_non_null(r);
    for (int h = 0; h < BM; h++)
        for (int e = cp[head[h]]; e < cp[head[h] + 1]; e++)
            r[ri[e]] += cv[e] * x[h];
    for (int i = 0; i < BM; i++)
        worst = fmax(worst, fabs(r[i] - b[i]) / scale);
    assert_true(worst < RESIDUAL);
    for (int h = 0; h < BM; h++)
        b[h] = x[h] = (double)rnd(21) - 10.0;
    spx_factor_btran(f, x);                 /* u^T B = c^T */
    scale = 1;
    for (int i = 0; i < BM; i++)
        scale = fmax(scale, fabs(x[i]));
    worst = 0;
    for (int h = 0; h < BM; h++) {
        double s = -b[h];
        for (int e = cp[head[h]]; e < cp[head[h] + 1]; e++)
            s += x[ri[e]] * cv[e];
        worst = fmax(worst, fabs(s) / scale);
    }
    assert_true(worst < RESIDUAL);
    spx_factor_free(f);
    free_basis(&sb);
    free(x); free(b); free(r);
}

/* Markowitz pivoting keeps the fill of a random sparse basis (whose
 * rows are all alike, the hard case) near what its structure forces:
 * 13 times its nonzeros, where ordering the columns sparsest first and
 * choosing pivots column by column gave 65. */
static void test_nucleus_fill(void **state)
{
    (void)state;
    sparse_basis sb;
    random_basis(&sb);
    spx_lu *f = spx_lu_ops.create(&sb.a, 1e-11);
    assert_non_null(f);
    int head[BM];
    for (int i = 0; i < BM; i++)
        head[i] = i;
    assert_int_equal(spx_lu_ops.build(f, head, head), 0);
    double fill = (double)f->factor_nnz / sb.cp[BM];
    assert_true(fill < 20.0);
    spx_lu_ops.destroy(f);
    free_basis(&sb);
}

/* A column with two entries in one row (nothing upstream merges them
 * in an LP given directly) factors as their sum. */
static void test_repeated_entries(void **state)
{
    (void)state;
    /* columns: (1, 2 + 1) with row 1 twice, (3, 1), (0, 2 + 2) */
    int cp[] = {0, 3, 5, 7}, ri[] = {0, 1, 1, 0, 1, 1, 1};
    double cv[] = {1, 2, 1, 3, 1, 2, 2};
    int rp[] = {0, 2, 7}, ci[] = {0, 1, 0, 0, 1, 2, 2};
    double rv[] = {1, 3, 2, 1, 1, 2, 2};
    spx_matrix a = {2, 3, cp, ri, cv, rp, ci, rv};
    for (int pair = 0; pair < 2; pair++) {
        int head[2] = {0, pair ? 2 : 1};
        spx_factor *f = spx_factor_new(SPX_FACTOR_LU, &a, 1e-11);
        assert_non_null(f);
        assert_int_equal(spx_factor_build(f, head, head), 0);
        double v[2] = {5, 4};              /* B x = v */
        spx_factor_ftran(f, v);
        double r[2] = {0, 0};
        for (int h = 0; h < 2; h++)
            for (int e = cp[head[h]]; e < cp[head[h] + 1]; e++)
                r[ri[e]] += cv[e] * v[h];
        assert_float_equal(r[0], 5, EXACT);
        assert_float_equal(r[1], 4, EXACT);
        spx_factor_free(f);
    }
}

/* Blocks of 3 x 3 dense columns down the diagonal: every basis
 * column is in the nucleus, so the factors have L and U etas, and a unit
 * vector reaches the 3 rows of its block only. The pivot row's BTRAN,
 * the entering column's FTRAN and the FTRAN of a listed vector (which
 * follow those rows through L, the row etas and U) must give exactly
 * what the general solves (which apply every eta) give, with the
 * result's nonzero rows listed, after the build and after updates. */
#define SB 200
#define SM (3 * SB)

/* u equals w, and nz[0 .. len) are the rows where w is nonzero,
 * ascending; u is zeroed again. */
static void assert_listed_result(double *u, const double *w, const int *nz,
                                 int len, double tol)
{
    int t = 0;
    for (int i = 0; i < SM; i++) {
        assert_true(fabs(u[i] - w[i]) <= tol * (1 + fabs(w[i])));
        if (w[i] != 0.0) {
            assert_true(t < len);
            assert_int_equal(nz[t++], i);
        }
    }
    assert_int_equal(t, len);
    for (int k = 0; k < len; k++)
        u[nz[k]] = 0.0;
    for (int i = 0; i < SM; i++)
        assert_true(u[i] == 0.0);
}

static void assert_sparse_solves_match(spx_factor *f, const double *cv,
                                       const int *cp, const int *ri)
{
    double *u = calloc(SM, sizeof *u), *w = malloc(SM * sizeof *w);
    int *nz = malloc(SM * sizeof *nz);
    assert_non_null(u && w && nz);
    for (int r = 0; r < SM; r += 7) {
        int len = spx_factor_btran_row(f, r, u, nz);
        memset(w, 0, SM * sizeof *w);
        w[r] = 1.0;
        spx_factor_btran(f, w);
        assert_listed_result(u, w, nz, len, 0);
    }
    for (int k = 0; k < 2 * SM; k += 5) {
        int len = spx_factor_ftran_entering(f, k, u, nz);
        memset(w, 0, SM * sizeof *w);
        if (k < SM)
            for (int e = cp[k]; e < cp[k + 1]; e++)
                w[ri[e]] = cv[e];
        else
            w[k - SM] = -1.0;
        spx_factor_ftran(f, w);
        assert_listed_result(u, w, nz, len, 1e-15);
    }
    for (int r = 0; r + 40 < SM; r += 11) {   /* rows r and r + 40 */
        memset(w, 0, SM * sizeof *w);
        u[r] = w[r] = 2.5;
        u[r + 40] = w[r + 40] = -1.0;
        nz[0] = r;
        nz[1] = r + 40;
        int len = spx_factor_ftran_negated_listed(f, u, nz, 2);
        spx_factor_ftran_negated(f, w);
        assert_listed_result(u, w, nz, len, 1e-15);
    }
    free(u);
    free(w);
    free(nz);
}

static void test_sparse_solves_through_l(void **state)
{
    (void)state;
    int cp[SM + 1], *ri = malloc(3 * SM * sizeof *ri), rp[SM + 1];
    int *ci = malloc(3 * SM * sizeof *ci), head[SM];
    double *cv = malloc(3 * SM * sizeof *cv), *rv = malloc(3 * SM * sizeof *rv);
    double *col = calloc(SM, sizeof *col);
    int *colnz = malloc(SM * sizeof *colnz);
    assert_non_null(ri && ci && cv && rv && col && colnz);
    for (int j = 0; j < SM; j++) {
        cp[j] = 3 * j;
        for (int k = 0; k < 3; k++) {
            ri[3 * j + k] = 3 * (j / 3) + k;
            cv[3 * j + k] = (k == j % 3 ? 10.0 : 0.0) + (double)rnd(7) - 3.0 + 0.25;
        }
    }
    cp[SM] = 3 * SM;
    for (int i = 0; i <= SM; i++)
        rp[i] = 3 * i;
    for (int i = 0; i < SM; i++)
        for (int k = 0; k < 3; k++) {
            int j = 3 * (i / 3) + k;
            ci[3 * i + k] = j;
            rv[3 * i + k] = cv[3 * j + i % 3];
        }
    spx_matrix a = {SM, SM, cp, ri, cv, rp, ci, rv};
    spx_factor *f = lu_of_columns(&a, head);
    assert_sparse_solves_match(f, cv, cp, ri);
    for (int t = 0; t < 20; t++) {   /* slacks replace columns */
        int k = SM + 31 * t % SM;
        memset(col, 0, SM * sizeof *col);
        spx_factor_ftran_entering(f, k, col, colnz);
        int r = 0;
        for (int i = 1; i < SM; i++)
            if (fabs(col[i]) > fabs(col[r]))
                r = i;
        assert_true(fabs(col[r]) > 1e-9);
        assert_int_equal(spx_factor_update(f, r, col), 1);
    }
    assert_sparse_solves_match(f, cv, cp, ri);
    spx_factor_free(f);
    free(ri); free(ci); free(cv); free(rv); free(col); free(colnz);
}

static int int_order(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* spx_sort_ints agrees with qsort on distinct and repeated values, for
 * lengths around its switch from insertion to quicksort. */
static void test_sort_ints(void **state)
{
    (void)state;
    int a[600], b[600];
    for (int n = 0; n <= 600; n += n < 40 ? 1 : 37)
        for (int kind = 0; kind < 3; kind++) {
            for (int i = 0; i < n; i++)   /* random, few values, descending */
                a[i] = b[i] = kind == 0 ? (int)rnd(100000)
                            : kind == 1 ? (int)rnd(5) : n - i;
            spx_sort_ints(a, n);
            qsort(b, (size_t)n, sizeof *b, int_order);
            for (int i = 0; i < n; i++)
                assert_int_equal(a[i], b[i]);
        }
}

/* The dense inverse refuses what would not fit. */
static void test_dense_refuses_large(void **state)
{
    (void)state;
    static int colptr[1];
    spx_matrix big = {SPX_DENSE_MAX_ROWS + 1, 0, colptr, NULL, NULL,
                      NULL, NULL, NULL};
    assert_null(spx_factor_new(SPX_FACTOR_DENSE, &big, 1e-11));
}

/* ---- whole models with both backends ------------------------------- */

#define MAX_PIVOTS 4096

typedef struct {
    int count;
    int pivot[MAX_PIVOTS][2];   /* entering, leaving */
} pivots;

static int record_pivot(void *ctx, const bnb_event *ev)
{
    pivots *p = ctx;
    if (ev->type == BNB_EV_PIVOT && p->count < MAX_PIVOTS) {
        p->pivot[p->count][0] = ev->entering;
        p->pivot[p->count][1] = ev->leaving;
        p->count++;
    }
    return 0;
}

static void solve(const bnb_model *m, int basis, int lp_only, pivots *seen,
                  bnb_result *r)
{
    bnb_params p;
    bnb_params_default(&p);
    p.basis = basis;
    p.lp_only = lp_only;
    p.node_limit = 20000;
    seen->count = 0;
    assert_int_equal(bnb_solve(m, &p, record_pivot, seen, r), BNB_OK);
}

/* Same status and objective from both; with same_pivots, the same
 * entering and leaving variable at every pivot. */
static void compare_backends(const char *path, int lp_only, int same_pivots)
{
    bnb_model *m = read_model(path);
    static pivots lu, dense;
    bnb_result a, b;
    solve(m, SPX_FACTOR_LU, lp_only, &lu, &a);
    solve(m, SPX_FACTOR_DENSE, lp_only, &dense, &b);
    if (a.status != b.status)
        fail_msg("%s: %s with LU, %s dense", path, bnb_status_name(a.status),
                 bnb_status_name(b.status));
    if (a.has_solution &&
        fabs(a.objective - b.objective) > 1e-7 * (1 + fabs(a.objective)))
        fail_msg("%s: objective %.12g with LU, %.12g dense", path,
                 a.objective, b.objective);
    if (same_pivots) {
        assert_int_equal(lu.count, dense.count);
        assert_memory_equal(lu.pivot, dense.pivot,
                            (size_t)lu.count * sizeof lu.pivot[0]);
    }
    bnb_result_free(&a);
    bnb_result_free(&b);
    bnb_model_free(m);
}

static void compare_mip(const char *path) { compare_backends(path, 0, 0); }
static void compare_lp(const char *path) { compare_backends(path, 1, 0); }

/* netlib's 25fv47 takes half a minute with the dense inverse. */
static void compare_small_lp(const char *path)
{
    if (!strstr(path, "25fv47"))
        compare_lp(path);
}

static void test_models_both_backends(void **state)
{
    (void)state;
    assert_true(for_each_file("tests/models", ".mps", compare_mip) > 0);
    assert_true(for_each_file("tests/models", ".lp", compare_mip) > 0);
}

static void test_bench_lps_both_backends(void **state)
{
    (void)state;
    int n = for_each_file(BENCH_DIR "/netlib", ".mps", compare_small_lp);
    int k = for_each_file(BENCH_DIR "/miplib", ".mps", compare_lp);
    if (n < 0 || k < 0) {
        printf("skip: %s not found (run from the repo root)\n", BENCH_DIR);
        skip();
    }
    compare_mip(BENCH_DIR "/miplib/p0033.mps");
    compare_mip(BENCH_DIR "/miplib/flugpl.mps");
}

static void test_teaching_pivots(void **state)
{
    (void)state;
    compare_backends("tests/models/teach.lp", 0, 1);
    compare_backends("tests/models/knap.mps", 0, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build),
        cmocka_unit_test(test_updates_and_resume),
        cmocka_unit_test(test_resume_after_other_updates),
        cmocka_unit_test(test_long_update_run),
        cmocka_unit_test(test_dense_refuses_large),
        cmocka_unit_test(test_large_nucleus),
        cmocka_unit_test(test_nucleus_fill),
        cmocka_unit_test(test_repeated_entries),
        cmocka_unit_test(test_models_both_backends),
        cmocka_unit_test(test_bench_lps_both_backends),
        cmocka_unit_test(test_teaching_pivots),
        cmocka_unit_test(test_sparse_solves_through_l),
        cmocka_unit_test(test_sort_ints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
