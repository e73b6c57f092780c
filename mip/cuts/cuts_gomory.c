/*
 * cuts_gomory.c -- Gomory mixed-integer cuts from the rows of the optimal
 * simplex tableau (Gomory 1960; Cornuejols 2007, "Revival of the Gomory
 * cuts in the 1990s"). A row whose basic variable is an integer column
 * with a fractional value beta gives one cut.
 */
#include "cuts.h"

#include <math.h>
#include <stdlib.h>

static double frac(double v) { return v - floor(v); }

/* Is nonbasic variable k integral in every integer solution, so that
 * its distance from the bound it sits at is an integer? */
static int integral_var(const mip_cut_work *w, int k, double bound)
{
    if (bound != round(bound))
        return 0;
    return k < w->n ? w->s->is_int[k] : w->row_int[k - w->n];
}

/*
 * The tableau row of basic x_h reads x_h + sum_k a_k x'_k = beta, where
 * x'_k >= 0 is nonbasic k's distance from its bound (a_k = alpha_k at a
 * lower bound, -alpha_k at an upper one). With f0 = frac(beta), f_k =
 * frac(a_k), every mixed-integer solution satisfies
 *   sum_{k int, f_k <= f0} f_k/f0 x'_k + sum_{k int, f_k > f0}
 *   (1-f_k)/(1-f0) x'_k + sum_{k cont, a_k > 0} a_k/f0 x'_k
 *   + sum_{k cont, a_k < 0} -a_k/(1-f0) x'_k >= 1,
 * written back in the columns (a slack is its row's activity).
 *
 * Safe for the points the solution check accepts, not only the exact
 * ones (Cook, Dash, Fukasawa and Goycoolea 2009): beta is known only to
 * the rounding of the terms it sums, and a model row's slack x'_k may
 * lie d_k below its bound (cut_var_tolerance). Both shift the row by
 * some e, |e| <= eps; either side of the disjunction on x_h then holds
 * the cut to 1 - eps / min(f0, 1 - f0), and a term g_k x'_k loses at
 * most g_k d_k more. The side moves out by both (`safety`); a row whose
 * eps is large against its fraction gives no cut.
 */
typedef struct {
    double size;    /* sum of |terms| beta rests on */
    double shift;   /* sum |a_k| d_k, and the terms taken as zero */
    double loss;    /* sum g_k d_k */
} gmi_safety;

/* The cut's term for nonbasic k (coefficient a on x'_k = the distance
 * from `bound`), added to dense; returns its rhs share. */
static double gmi_term(mip_cut_work *w, int k, double a, double bound,
                       int at_lo, double f0, gmi_safety *sf)
{
    double g;
    if (integral_var(w, k, bound)) {
        double fk = frac(a);
        g = fk <= f0 ? fk / f0 : (1 - fk) / (1 - f0);
    } else {
        g = a >= 0 ? a / f0 : -a / (1 - f0);
        double d = cut_var_tolerance(w, k);
        sf->shift += fabs(a) * d;
        sf->loss += g * d;
    }
    /* -g x'_k in <= form: x' = x - lo or up - x */
    double coef = at_lo ? -g : g;
    if (k < w->n)
        cut_dense_add(w, k, coef);
    else
        cut_dense_add_row(w, k - w->n, coef);
    return at_lo ? -g * bound : g * bound;
}

/* Column j's upper bound, or the one a variable upper bound x_j <= u y
 * of the model implies (a flow's, on a fixed-charge arc). */
static double col_up(const mip_cut_work *w, int j)
{
    if (isinf(w->up[j]) && w->vub_col[j] >= 0)
        return w->vub_val[j];
    return w->up[j];
}

/* How far nonbasic k may move off the bound it sits at: to its other
 * bound, and a row's activity no further than its columns' bounds let
 * it (a row with only a lower side still has a largest activity). */
static double gmi_reach(const mip_cut_work *w, int k, int at_lo)
{
    if (k < w->n)
        return col_up(w, k) - w->lo[k];
    if (isfinite(w->up[k] - w->lo[k]))
        return w->up[k] - w->lo[k];
    int len;
    const int *cols;
    const double *vals;
    spx_row(w->lp, k - w->n, &len, &cols, &vals);
    double far = 0;   /* the activity's far end on the side it moves */
    for (int t = 0; t < len; t++) {
        double a = at_lo ? vals[t] : -vals[t];
        far += a * (a > 0 ? col_up(w, cols[t]) : w->lo[cols[t]]);
    }
    return at_lo ? far - w->lo[k] : far + w->up[k];
}

/* A term the cut leaves out moves the row by at most |alpha| over the
 * reach of its variable: a fixed one by its tolerance, a computed zero
 * (GMI_ZERO) as far as it can move, which is no noise when the reach is
 * long (adversarial case count_gomory_tiny_entry.lp: such an entry on a
 * row spanning millions moved a cut off a solution). One without a
 * finite reach is taken for the rounding residue it mostly is: keeping
 * such terms made the cuts depend on the last digits of the tableau,
 * and so on the order of the model's rows (pp08a's second round). */
static void gmi_left_out(const mip_cut_work *w, int k, double alpha,
                         int at_lo, gmi_safety *sf)
{
    if (w->lo[k] == w->up[k]) {
        sf->shift += fabs(alpha) * cut_var_tolerance(w, k);
        return;
    }
    double reach = gmi_reach(w, k, at_lo);
    if (isfinite(reach))
        sf->shift += fabs(alpha) * reach;
}

static void gomory_row(mip_cut_work *w, int r, int h)
{
    double f0 = frac(w->x[h]), rhs = -1;
    gmi_safety sf = {fabs(w->x[h]), 0, 0};
    spx_tableau_row(w->lp, r, w->alpha);
    for (int k = 0; k < w->nt; k++) {
        int st = spx_var_status(w->lp, k);
        double alpha = w->alpha[k];
        if (st == SPX_BASIC || alpha == 0)
            continue;
        int at_lo = st == SPX_AT_LO;
        double bound = st == SPX_AT_ZERO ? 0 : at_lo ? w->lo[k] : w->up[k];
        sf.size += fabs(alpha * bound);
        if (fabs(alpha) <= GMI_ZERO || w->lo[k] == w->up[k]) {
            gmi_left_out(w, k, alpha, at_lo, &sf);
            continue;
        }
        if (st == SPX_AT_ZERO) {   /* a free nonbasic: no cut */
            cut_dense_clear(w);
            return;
        }
        rhs += gmi_term(w, k, at_lo ? alpha : -alpha, bound, at_lo, f0, &sf);
    }
    double shift = sf.shift + CUT_ROW_ROUNDING * sf.size;
    if (!cut_row_reliable(shift, f0)) {
        cut_dense_clear(w);
        return;
    }
    rhs += shift / fmin(f0, 1 - f0) + sf.loss;   /* the safety */
    cut_commit(w, rhs, BNB_CUT_GOMORY, -1, h);
}

typedef struct {
    int row;
    float dist;    /* |frac - 1/2|: the smaller, the more fractional;
                      single precision, as the same LP point in another
                      order of columns and rows differs in the last
                      digits */
    uint64_t key;  /* the basic column's (spx_key): ties by it, not by
                      the row's place in the basis */
} gmi_cand;

static int by_dist(const void *a, const void *b)
{
    const gmi_cand *x = a, *y = b;
    if (x->dist != y->dist)
        return (x->dist > y->dist) - (x->dist < y->dist);
    return (x->key > y->key) - (x->key < y->key);
}

void cuts_gomory(mip_cut_work *w)
{
    gmi_cand *c = malloc(((size_t)w->m + 1) * sizeof *c);
    if (!c) {
        cut_nomem(w);
        return;
    }
    int count = 0;
    for (int r = 0; r < w->m; r++) {
        int h = spx_head(w->lp, r);
        if (h >= w->n || !w->s->is_int[h])
            continue;
        double f = frac(w->x[h]);
        if (f >= GMI_MIN_FRAC && f <= 1 - GMI_MIN_FRAC)
            c[count++] = (gmi_cand){r, (float)fabs(f - 0.5),
                                    spx_key(w->lp, h)};
    }
    mip_sort(c, (size_t)count, sizeof *c, by_dist);
    for (int k = 0; k < count && k < GMI_MAX_ROWS; k++)
        gomory_row(w, c[k].row, spx_head(w->lp, c[k].row));
    free(c);
}
