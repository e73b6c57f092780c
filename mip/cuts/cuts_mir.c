/*
 * cuts_mir.c -- complemented mixed-integer rounding (c-MIR) cuts on the
 * model's rows and on short aggregations of them (Marchand and Wolsey
 * 2001), with variable upper bounds x <= u y substituted for continuous
 * columns: on fixed-charge rows that gives the flow cover cuts (a flow
 * cover inequality is a c-MIR of the flow row with its VUBs).
 *
 * A row i is taken as the equation a_i x - s_i = 0 with its slack s_i a
 * continuous variable in [lo_i, up_i]; aggregations add multiples of
 * such equations to eliminate a continuous column that sits between its
 * bounds. On the aggregate sum_k a_k v_k = 0 (v: columns and slacks):
 *   continuous v_k = l_k + v'_k, u_k - v'_k or u y - v'_k (a VUB),
 *   integer    v_k = l_k + v'_k or u_k - v'_k (complemented),
 * gives sum_int t_k v'_k + sum_cont c_k v'_k <= beta with v' >= 0; for a
 * divisor delta > 0 and f0 = frac(beta/delta) the MIR inequality
 *   sum_int (floor(t_k/delta) + max(0, frac(t_k/delta) - f0)/(1 - f0)) v'_k
 *   + sum_{c_k < 0} c_k / (delta (1 - f0)) v'_k <= floor(beta/delta)
 * holds for every mixed-integer solution.
 */
#include "cuts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { T_LB, T_UB, T_VUB };

typedef struct {
    int nt;
    double *a;               /* [nt] the aggregate, columns then slacks */
    int *nz, nnz;            /* [nt]                                    */
    char *in;                /* [nt]                                    */
    char *type;              /* [nt] T_LB / T_UB / T_VUB                */
    double *t;               /* [nt] transformed coefficients           */
    double beta;             /* transformed right-hand side             */
    char *used_row;          /* [m] rows in the aggregate               */
    struct mir_keyed *order; /* [nt] work: nz sorted by the keys        */
} mir_agg;

/* A variable of the aggregate with its spx_key. */
typedef struct mir_keyed {
    uint64_t key;
    int k;
} mir_keyed;

static int by_key(const void *pa, const void *pb)
{
    const mir_keyed *a = pa, *b = pb;
    if (a->key != b->key)
        return (a->key > b->key) - (a->key < b->key);
    return (a->k > b->k) - (a->k < b->k);
}

/* The aggregate's variables in the order of their keys, not in the
 * order its rows listed them: the divisors tried first and the columns
 * complemented one by one (separate) are then the same whatever the
 * order of the model's columns and rows. */
static void sort_by_key(const mip_cut_work *w, mir_agg *g)
{
    for (int p = 0; p < g->nnz; p++)
        g->order[p] = (mir_keyed){spx_key(w->lp, g->nz[p]), g->nz[p]};
    qsort(g->order, (size_t)g->nnz, sizeof *g->order, by_key);
    for (int p = 0; p < g->nnz; p++)
        g->nz[p] = g->order[p].k;
}

/* Is a larger than b beyond MIR_TIE_REL (relative to 1 + the smaller:
 * a distance of 10^-17 and one of -10^-17 at a bound tie too)? A tie
 * otherwise: the earlier candidate, by key, stays. */
static int beyond(double a, double b)
{
    return a > b && !(a - b <= MIR_TIE_REL * (1 + fmin(fabs(a), fabs(b))));
}

static void agg_add(mir_agg *g, int k, double v)
{
    if (!g->in[k]) {
        g->in[k] = 1;
        g->nz[g->nnz++] = k;
        g->a[k] = 0;
        g->t[k] = 0;
    }
    g->a[k] += v;
}

/* aggregate += mult (a_i x - s_i) */
static void agg_add_row(const mip_cut_work *w, mir_agg *g, int i, double mult)
{
    int len;
    const int *cols;
    const double *vals;
    spx_row(w->lp, i, &len, &cols, &vals);
    for (int k = 0; k < len; k++)
        agg_add(g, cols[k], mult * vals[k]);
    agg_add(g, w->n + i, -mult);
    g->used_row[i] = 1;
}

static void agg_clear(mir_agg *g, int m)
{
    for (int k = 0; k < g->nnz; k++) {
        g->in[g->nz[k]] = 0;
        g->a[g->nz[k]] = 0;
    }
    g->nnz = 0;
    memset(g->used_row, 0, (size_t)m);
}

static int is_integer(const mip_cut_work *w, int k)
{
    return k < w->n && w->s->is_int[k];
}

/* Distances of v_k's LP value from its lower, upper and VUB bounds. */
static void bound_dists(const mip_cut_work *w, int k, double d[3])
{
    double x = w->x[k];
    d[T_LB] = isfinite(w->lo[k]) ? x - w->lo[k] : INFINITY;
    d[T_UB] = isfinite(w->up[k]) ? w->up[k] - x : INFINITY;
    d[T_VUB] = INFINITY;
    if (k < w->n && w->vub_col[k] >= 0)
        d[T_VUB] = w->vub_val[k] * w->x[w->vub_col[k]] - x;
}

/* Continuous columns first (a VUB moves its coefficient onto y), then
 * integers, each to its nearest bound. Returns 0 when some variable has
 * no finite bound to go to. */
static int transform(const mip_cut_work *w, mir_agg *g)
{
    g->beta = 0;
    for (int p = 0; p < g->nnz; p++)
        g->t[g->nz[p]] = 0;
    int count = g->nnz;
    for (int p = 0; p < count; p++) {
        int k = g->nz[p];
        double a = g->a[k], d[3];
        if (is_integer(w, k) || a == 0)
            continue;
        bound_dists(w, k, d);
        int vub = d[T_VUB] < INFINITY &&
                  !beyond(d[T_VUB], fmin(d[T_LB], d[T_UB]));
        int ty = vub ? T_VUB : !beyond(d[T_LB], d[T_UB]) ? T_LB : T_UB;
        if (!isfinite(d[ty]))
            return 0;
        g->type[k] = (char)ty;
        g->t[k] = ty == T_LB ? a : -a;
        if (ty == T_LB)
            g->beta -= a * w->lo[k];
        else if (ty == T_UB)
            g->beta -= a * w->up[k];
        else {
            int y = w->vub_col[k];
            agg_add(g, y, 0);
            g->t[y] += a * w->vub_val[k];   /* held until y's turn */
        }
    }
    for (int p = 0; p < g->nnz; p++) {
        int k = g->nz[p];
        if (!is_integer(w, k))
            continue;
        double a = g->a[k] + g->t[k], d[3];   /* t: the VUBs' share */
        bound_dists(w, k, d);
        int ty = !beyond(d[T_LB], d[T_UB]) ? T_LB : T_UB;
        if (a != 0 && !isfinite(d[ty]))
            return 0;
        g->type[k] = (char)ty;
        g->t[k] = ty == T_LB ? a : -a;
        if (a != 0)
            g->beta -= a * (ty == T_LB ? w->lo[k] : w->up[k]);
    }
    return 1;
}

/* Flips integer k's complementation in the transformed row. */
static void flip(const mip_cut_work *w, mir_agg *g, int k)
{
    double a = g->type[k] == T_LB ? g->t[k] : -g->t[k];
    g->beta += a * (g->type[k] == T_LB ? w->lo[k] : w->up[k]);
    g->type[k] = g->type[k] == T_LB ? T_UB : T_LB;
    g->beta -= a * (g->type[k] == T_LB ? w->lo[k] : w->up[k]);
    g->t[k] = g->type[k] == T_LB ? a : -a;
}

/* Coefficient c on v'_k, written back on the columns of the cut. */
static void put_back(mip_cut_work *w, const mir_agg *g, int k, double c,
                     double *rhs)
{
    double coef = c;
    if (g->type[k] == T_LB)
        *rhs += c * w->lo[k];
    else if (g->type[k] == T_UB) {
        coef = -c;
        *rhs -= c * w->up[k];
    } else {
        coef = -c;
        cut_dense_add(w, w->vub_col[k], c * w->vub_val[k]);
    }
    if (k < w->n)
        cut_dense_add(w, k, coef);
    else
        cut_dense_add_row(w, k - w->n, coef);
}

/* How far below its VUB u y a continuous column x may lie at a point
 * the solution check accepts: its row a x + b y <= 0 off by its
 * tolerance, over a. */
static double vub_tolerance(const mip_cut_work *w, int k)
{
    int len, i = w->vub_row[k];
    const int *cols;
    const double *vals;
    spx_row(w->lp, i, &len, &cols, &vals);
    for (int p = 0; p < len; p++)
        if (cols[p] == k)
            return w->row_tol[i] / fabs(vals[p]);
    return 0;
}

/*
 * The MIR cut's safety, as the Gomory cut's (cuts_gomory.c): at a point
 * the solution check accepts a continuous variable v'_k may lie d_k
 * below 0 (a model row's slack, or a column under its VUB), so the
 * scaled aggregate holds only to b + eps, eps = sum |t_k| d_k plus the
 * rounding of the terms b sums. y - s <= b + eps gives y <= floor(b) +
 * (s + eps) / (1 - f0) with the same f0, and a term t_k / (1 - f0) v'_k
 * kept in the cut loses |t_k| d_k / (1 - f0) more: the side moves out by
 * both. Returns -1 when eps leaves the row unreliable.
 */
static double mir_safety(const mip_cut_work *w, const mir_agg *g,
                         double scale, double f0)
{
    double size = 0, shift = 0, loss = 0;
    for (int p = 0; p < g->nnz; p++) {
        int k = g->nz[p];
        double t = scale * g->t[k];
        if (t == 0)
            continue;
        if (g->type[k] != T_VUB)
            size += fabs(t * (g->type[k] == T_LB ? w->lo[k] : w->up[k]));
        if (is_integer(w, k))
            continue;
        double d = g->type[k] == T_VUB ? vub_tolerance(w, k)
                                       : cut_var_tolerance(w, k);
        shift += fabs(t) * d;
        if (t < 0)
            loss += -t * d / (1 - f0);
    }
    shift += CUT_ROW_ROUNDING * size;
    if (!cut_row_reliable(shift, f0))
        return -1;
    return shift / (1 - f0) + loss;
}

/* The MIR cut of sigma * (transformed row) / delta into w->dense;
 * returns 0 when f0 is too near an integer or unreliable. */
static int mir_build(mip_cut_work *w, const mir_agg *g, double sigma,
                     double delta, double *rhs)
{
    double b = sigma * g->beta / delta, f0 = b - floor(b);
    if (f0 < MIR_MIN_F0 || f0 > 1 - MIR_MIN_F0)
        return 0;
    double safety = mir_safety(w, g, sigma / delta, f0);
    if (safety < 0)
        return 0;
    *rhs = floor(b) + safety;
    for (int p = 0; p < g->nnz; p++) {
        int k = g->nz[p];
        double t = sigma * g->t[k] / delta, c;
        if (t == 0)
            continue;
        if (is_integer(w, k)) {
            double ft = t - floor(t);
            c = floor(t) + fmax(0, ft - f0) / (1 - f0);
        } else if (t < 0)
            c = t / (1 - f0);
        else
            continue;
        if (c != 0)
            put_back(w, g, k, c, rhs);
    }
    return 1;
}

/* Efficacy of the cut for (sigma, delta), or -inf. */
static double try_mir(mip_cut_work *w, const mir_agg *g, double sigma,
                      double delta)
{
    double rhs, eff = -INFINITY;
    if (mir_build(w, g, sigma, delta, &rhs))
        eff = cut_efficacy(w, rhs);
    cut_dense_clear(w);
    return eff;
}

/* An integer column strictly between its bounds at the LP point. */
static int inside(const mip_cut_work *w, int k)
{
    double tol = w->s->par.tol_int;
    return w->x[k] > w->lo[k] + tol && w->x[k] < w->up[k] - tol;
}

/* The c-MIR heuristic on one aggregate: the best divisor among the
 * integer coefficients of columns inside their bounds, then halvings of
 * it, then complementing integers one by one; commits the best cut.
 * Returns 1 when a cut was kept. */
static int separate(mip_cut_work *w, mir_agg *g)
{
    if (!transform(w, g))
        return 0;
    sort_by_key(w, g);
    double best = -INFINITY, best_delta = 0, best_sigma = 1;
    int tried = 0;
    for (int p = 0; p < g->nnz && tried < MIR_MAX_DELTAS; p++) {
        int k = g->nz[p];
        double delta = fabs(g->t[k]);
        if (!is_integer(w, k) || !inside(w, k) || delta < MIR_MIN_DELTA)
            continue;
        tried++;
        for (double sigma = -1; sigma <= 1; sigma += 2) {
            double eff = try_mir(w, g, sigma, delta);
            if (beyond(eff, best)) {
                best = eff;
                best_delta = delta;
                best_sigma = sigma;
            }
        }
    }
    if (best == -INFINITY)
        return 0;   /* no divisor gave a cut: none to halve (0) */
    double base = best_delta;
    for (int h = 2; h <= 8; h *= 2) {
        double eff = try_mir(w, g, best_sigma, base / h);
        if (beyond(eff, best)) {
            best = eff;
            best_delta = base / h;
        }
    }
    for (int p = 0, flips = 0; p < g->nnz && flips < MIR_MAX_FLIPS; p++) {
        int k = g->nz[p];
        if (!is_integer(w, k) || !inside(w, k) || g->t[k] == 0 ||
            !isfinite(w->lo[k]) || !isfinite(w->up[k]))
            continue;
        flips++;
        flip(w, g, k);
        double eff = try_mir(w, g, best_sigma, best_delta);
        if (beyond(eff, best))
            best = eff;
        else
            flip(w, g, k);
    }
    double rhs;
    if (best < MIR_MIN_EFFICACY || !mir_build(w, g, best_sigma, best_delta, &rhs)) {
        cut_dense_clear(w);
        return 0;
    }
    return cut_commit(w, rhs, BNB_CUT_MIR, -1, -1);
}

/* The continuous column of the aggregate farthest from its bounds, and
 * a row (not yet used) to eliminate it with; -1 when none. */
static int next_row(const mip_cut_work *w, mir_agg *g, int *col)
{
    sort_by_key(w, g);   /* ties of the distance by key, too */
    const mip_state *s = w->s;
    double best = MIR_MIN_DELTA;
    int row = -1;
    for (int p = 0; p < g->nnz; p++) {
        int k = g->nz[p];
        if (k >= w->n || is_integer(w, k) || g->a[k] == 0)
            continue;
        double d[3];
        bound_dists(w, k, d);
        double dist = fmin(d[T_LB], fmin(d[T_UB], d[T_VUB]));
        if (!beyond(dist, best))
            continue;
        int r = -1;   /* of the column's rows, that of the least key */
        for (int e = s->prop.col_start[k]; e < s->prop.col_start[k + 1]; e++) {
            int i = s->prop.col_rows[e];
            if (g->used_row[i] ||
                (isinf(w->lo[w->n + i]) && isinf(w->up[w->n + i])))
                continue;
            if (r < 0 || spx_key(w->lp, w->n + i) < spx_key(w->lp, w->n + r))
                r = i;
        }
        if (r >= 0) {
            best = dist;
            row = r;
            *col = k;
        }
    }
    return row;
}

/* The coefficient of column j in LP row i. */
static double row_coef(const mip_cut_work *w, int i, int j)
{
    int len;
    const int *cols;
    const double *vals;
    spx_row(w->lp, i, &len, &cols, &vals);
    for (int k = 0; k < len; k++)
        if (cols[k] == j)
            return vals[k];
    return 0;
}

static int agg_init(mir_agg *g, int nt, int m)
{
    memset(g, 0, sizeof *g);
    g->nt = nt;
    g->a = calloc((size_t)nt + 1, sizeof *g->a);
    g->t = calloc((size_t)nt + 1, sizeof *g->t);
    g->nz = malloc(((size_t)nt + 1) * sizeof *g->nz);
    g->in = calloc((size_t)nt + 1, 1);
    g->type = calloc((size_t)nt + 1, 1);
    g->used_row = calloc((size_t)m + 1, 1);
    g->order = malloc(((size_t)nt + 1) * sizeof *g->order);
    return g->a && g->t && g->nz && g->in && g->type && g->used_row &&
           g->order;
}

static void agg_free(mir_agg *g)
{
    free(g->a); free(g->t); free(g->nz); free(g->in); free(g->type);
    free(g->used_row); free(g->order);
}

/* Rows worth a try: a finite side, and an integer column or one with a
 * variable upper bound (a flow row). */
static int base_row(const mip_cut_work *w, int i)
{
    if (isinf(w->lo[w->n + i]) && isinf(w->up[w->n + i]))
        return 0;
    int len;
    const int *cols;
    const double *vals;
    spx_row(w->lp, i, &len, &cols, &vals);
    for (int k = 0; k < len; k++) {
        int j = cols[k];
        if ((w->s->is_int[j] && w->lo[j] < w->up[j]) || w->vub_col[j] >= 0)
            return 1;
    }
    return 0;
}

void cuts_mir(mip_cut_work *w)
{
    int m = w->s->m;   /* the model's rows: cuts are not aggregated */
    mir_agg g;
    if (!agg_init(&g, w->nt, w->m)) {
        agg_free(&g);
        cut_nomem(w);
        return;
    }
    for (int i = 0, tried = 0; i < m && tried < MIR_MAX_ROWS; i++) {
        if (!base_row(w, i))
            continue;
        tried++;
        agg_add_row(w, &g, i, 1.0);
        for (int aggr = 0; aggr <= MIR_MAX_AGGR; aggr++) {
            if (separate(w, &g))
                break;
            int col = -1, r = next_row(w, &g, &col);
            if (r < 0)
                break;
            double c = row_coef(w, r, col);
            if (fabs(g.a[col]) > MIR_MAX_MULT * fabs(c))
                break;
            agg_add_row(w, &g, r, -g.a[col] / c);
            g.a[col] = 0;   /* eliminated (exactly, not up to rounding) */
        }
        agg_clear(&g, w->m);
    }
    agg_free(&g);
}
