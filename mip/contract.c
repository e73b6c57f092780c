/*
 * contract.c -- an LP's "infeasible" is a verdict only beyond the
 * tolerance a reported solution is checked with (verify.c: tol_verify on
 * a row of integer terms). The simplex holds rows to tol_primal (10^-9),
 * far tighter, so it refutes points the check accepts: 8.7186 x12 -
 * 112.16 x1 + 80.1721 x6 = -387.609336 has x12 = 3, x1 = 4, x6 = 0.435
 * to 5 * 10^-7, and on its data as doubles an LP none.
 *
 * A Farkas certificate y refutes every point whose rows keep their sides
 * within delta_i only when the gap it shows exceeds sum_i |y_i| delta_i:
 * such a point makes y^T (A x - s) = 0 with each s_i off its side by at
 * most delta_i. delta_i is min(tol_verify, 10^-8 size) on the row
 * scaled to a largest coefficient of at most 1, as a scaled LP holds it
 * (10^-6 x >= -1.6 * 10^-5 is not met by moving an integer x a whole
 * unit), plus the share of the side no double computation can beat. The
 * size is max(1, |side|, |a_j x_j|), as a solution check relative to the
 * activity's terms reads it (SCIP's relative feasibility): the terms over
 * the columns' bounds in the LP, or at the LP's value where a bound is
 * infinite. -0.23979 x3 + 41 x5 = -9.555885 at x3 = 210.834, x5 = 1
 * is 1.4 * 10^-7 off, within 10^-8 of its terms of 50 and 41, beyond
 * 10^-8 of its side 9.56.
 *
 * A certificate that misses that margin proves nothing the check would
 * agree with. Then, as SCIP and HiGHS accept their feasibility tolerance
 * on the rows' activities, the sides of the rows it combines are moved
 * out by a share of their delta_i (for the rest of the solve) and the LP
 * is solved again: a little past the share the certificate's gap needs,
 * so that this certificate fails. Only those rows, and only that far:
 * every row moved by its whole tolerance lets the optimum drift with it
 * (a column of cost 213 whose other row has coefficient 0.012 moves by
 * 8 * 10^-5 and the optimum by 10^-5 of itself). A row at its whole delta_i
 * is as wide as it gets, so every certificate on such rows beats the
 * margin; after CONTRACT_MAX_ROUNDS widenings, or when a solve on
 * widened sides fails numerically (an LP at the very edge of
 * feasibility), every row is at its whole delta_i and the rounds end.
 * Cuts keep their sides, and need no margin of their own: each holds at
 * every point within the model rows' delta_i (its side moved out by what
 * those tolerances and its row's rounding can shift the row it comes
 * from, cuts*.c), so a certificate that combines cuts refutes such a
 * point only through the model rows, whose margins are counted here.
 * Checking cut rows with a tolerance instead would need each cut's own
 * (its multipliers on the model rows), and re-solving without them
 * would leave cuts that cut a point off by the objective unchecked.
 */
#include "mip.h"

#include <math.h>
#include <stdlib.h>


/* |c x_j| at its largest over column j's bounds lo[j], up[j], or at the
 * LP's value when a bound is infinite. */
static double term_size(const mip_state *s, double c, int j,
                        const double *lo, const double *up)
{
    if (isfinite(lo[j]) && isfinite(up[j]))
        return fabs(c) * fmax(fabs(lo[j]), fabs(up[j]));
    return fabs(c * spx_values(s->lp)[j]);
}

double mip_row_tolerance(const mip_state *s, int i)
{
    return mip_row_tolerance_over(s, i, spx_lower(s->lp), spx_upper(s->lp));
}

double mip_row_tolerance_over(const mip_state *s, int i, const double *cl,
                              const double *cu)
{
    const bnb_model *m = s->model;
    double lo = bnb_row_lo(m, i), up = bnb_row_up(m, i), side = 0, amax = 0;
    double size = 1;   /* max(1, |side|, |a_j x_j|) */
    for (int k = 0; k < bnb_row_len(m, i); k++) {
        double c = bnb_row_vals(m, i)[k];
        amax = fmax(amax, fabs(c));
        size = fmax(size, term_size(s, c, bnb_row_cols(m, i)[k], cl, cu));
    }
    if (isfinite(lo))
        side = fabs(lo);
    if (isfinite(up))
        side = fmax(side, fabs(up));
    size = fmax(size, side);
    double tol = fmin(s->par.tol_verify, CONTRACT_REL * size);
    return tol * fmin(1.0, amax) + CONTRACT_ROUNDING * side;
}

/* [*min, *max] += the range of c x over x in [lo, up]. */
static void add_term(double c, double lo, double up, double *min,
                     double *max)
{
    if (c == 0.0)
        return;
    *min += c > 0 ? c * lo : c * up;
    *max += c > 0 ? c * up : c * lo;
}

/* The gap by which the certificate's row coef x in [lo, up] misses the
 * columns' range (0 when it does not, or inf - inf made it NaN). */
static double certificate_gap(const mip_state *s, const double *coef,
                              double lo, double up)
{
    double min = 0, max = 0;
    for (int j = 0; j < s->n; j++)
        add_term(coef[j], spx_lo(s->lp, j), spx_up(s->lp, j), &min, &max);
    double gap = fmax(min - up, lo - max);
    return gap > 0 ? gap : 0;
}

/*
 * Did the certificate's row take a real coefficient on a column without
 * both bounds for rounding residue (and so for 0)? y^T a_j is residue
 * only below CONTRACT_RESIDUE of the terms it sums; -r1 + 4.2 * 10^-5 r5
 * of 0.014 x2 = 0.6916 and 0.001 x1 + 329.7 x2 = 16287.18018 leaves
 * 4.2 * 10^-8 x1, x1 free, and without it "0 >= 8.4 * 10^-9" refutes the
 * exact point x1 = 0.18, x2 = 49.4. Such a certificate proves nothing
 * here.
 */
static int dropped_real_term(const mip_state *s, const double *y,
                             const double *coef, double *alpha, double *mag)
{
    int open = 0;   /* a column the row left out that lacks a bound */
    for (int j = 0; j < s->n && !open; j++)
        open = coef[j] == 0.0 &&
               !(isfinite(spx_lo(s->lp, j)) && isfinite(spx_up(s->lp, j)));
    if (!open)
        return 0;
    for (int j = 0; j < s->n; j++)
        alpha[j] = mag[j] = 0;
    for (int i = 0; i < spx_rows(s->lp); i++) {
        int len;
        const int *cols;
        const double *vals;
        if (y[i] == 0.0)
            continue;
        spx_row(s->lp, i, &len, &cols, &vals);
        for (int k = 0; k < len; k++) {
            alpha[cols[k]] += y[i] * vals[k];
            mag[cols[k]] += fabs(y[i] * vals[k]);
        }
    }
    for (int j = 0; j < s->n; j++)
        if (coef[j] == 0.0 && fabs(alpha[j]) > CONTRACT_RESIDUE * mag[j] &&
            !(isfinite(spx_lo(s->lp, j)) && isfinite(spx_up(s->lp, j))))
            return 1;
    return 0;
}

/* Moves model row i's sides out to share `share` of its delta. */
static void widen_row(mip_state *s, int i, double share)
{
    if (share <= s->row_share[i])
        return;
    int k = s->n + i;
    double step = (share - s->row_share[i]) * mip_row_tolerance(s, i);
    spx_set_bounds(s->lp, k, spx_lo(s->lp, k) - step,
                   spx_up(s->lp, k) + step);
    s->row_share[i] = share;
}

/*
 * The last LP's certificate y [rows] and row coef [n] in [lo, up]:
 * returns 1 after widening the rows it combines when it misses the
 * margin, 0 when it refutes every point within the tolerances.
 */
static int widen_for(mip_state *s, const double *y, const double *coef,
                     double lo, double up, int dropped)
{
    double full = 0, taken = 0;   /* sum |y_i| delta_i, and its share */
    for (int i = 0; i < s->m; i++) {
        if (y[i] == 0.0)
            continue;
        double d = fabs(y[i]) * mip_row_tolerance(s, i);
        full += d;
        taken += s->row_share[i] * d;
    }
    /* the gap on the sides as given: the widening taken back */
    double gap = dropped ? taken : certificate_gap(s, coef, lo, up) + taken;
    if (!(gap <= full) || taken >= full)
        return 0;
    double share = fmin(1.0, fmax(CONTRACT_NEED * gap / full,
                                  CONTRACT_MIN_SHARE));
    for (int i = 0; i < s->m; i++)
        if (y[i] != 0.0)
            widen_row(s, i, share);
    return 1;
}

/*
 * An infinite Driebeck-Tomlin penalty says no dual pivot reaches the
 * child's bound: the tableau row of column j's basis row r is then a
 * certificate, y_i = -alpha_{n+i} (a slack's column is -e_i), with gap
 * `gap` (the way from x_j to the bound). It closes the child only beyond
 * the same margin, returned here (infinite when out of memory: then it
 * closes nothing).
 */
double mip_penalty_margin(mip_state *s, int r)
{
    double *alpha = malloc(((size_t)s->n + (size_t)spx_rows(s->lp)) *
                           sizeof *alpha);
    if (!alpha) {   /* out of memory ends the solve: no verdict stands */
        s->out_of_memory = 1;
        return INFINITY;
    }
    spx_tableau_row(s->lp, r, alpha);
    double margin = 0;
    for (int i = 0; i < s->m; i++)
        margin += fabs(alpha[s->n + i]) * mip_row_tolerance(s, i);
    free(alpha);
    return margin;
}

/* Every model row at its whole tolerance, for good. */
static void widen_all(mip_state *s)
{
    for (int i = 0; i < s->m; i++)
        widen_row(s, i, 1.0);
    s->widen_rounds = CONTRACT_MAX_ROUNDS + 1;
}

int mip_lp_widen_needed(mip_state *s, spx_status st)
{
    if (s->widen_rounds > CONTRACT_MAX_ROUNDS)
        return 0;
    /* sides moved just far enough leave an LP at the edge of feasibility,
     * where the simplex may certify neither verdict: once, every row
     * takes its whole tolerance */
    if (st == SPX_NUMERIC && s->widen_rounds > 0 &&
        !spx_out_of_memory(s->lp) && s->row_share) {
        widen_all(s);
        return 1;
    }
    if (st != SPX_INFEASIBLE)
        return 0;
    if (!s->row_share &&
        !(s->row_share = calloc((size_t)s->m + 1, sizeof *s->row_share))) {
        s->out_of_memory = 1;
        return 0;
    }
    int rows = spx_rows(s->lp), widened = 0;
    double *y = malloc(((size_t)rows + 3 * (size_t)s->n + 1) * sizeof *y);
    double *coef = y + rows, *alpha = coef + s->n, *mag = alpha + s->n;
    double lo, up;
    if (!y)
        s->out_of_memory = 1;
    if (y && spx_farkas_multipliers(s->lp, y) &&
        spx_farkas_row(s->lp, coef, &lo, &up))
        widened = widen_for(s, y, coef, lo, up,
                            dropped_real_term(s, y, coef, alpha, mag));
    free(y);
    if (widened && ++s->widen_rounds > CONTRACT_MAX_ROUNDS)
        widen_all(s);
    return widened;
}

/*
 * Counting keeps every point the check accepts at the incumbent's value,
 * so a node goes by its bound only beyond the same margin: the duals y
 * of its LP bound the objective over the rows moved out by their
 * tolerances delta_i no better than sum_i |y_i| delta_i past the bound
 * on the rows as given. -3 x3 + 10^-9 x6 <= 0 refuted x6 = 1 at x3 = 0
 * through a dual of 10^12 and cut off three of four optimal points that
 * miss the row by 10^-9 (the check's tolerance is 10^-6). Returns that
 * margin; *rows gets whether a row with a nonzero dual is narrower than
 * its whole tolerance.
 */
static double dual_margin(mip_state *s, double *y, int *rows)
{
    spx_duals(s->lp, y, NULL);
    double margin = 0;
    *rows = 0;
    for (int i = 0; i < s->m; i++) {
        if (y[i] == 0.0)
            continue;
        margin += fabs(y[i]) * mip_row_tolerance(s, i);
        *rows |= !s->row_share || s->row_share[i] < 1.0;
    }
    return margin;
}

/* The margin; with `cutoff` finite, the rows with a dual widened to
 * their whole tolerance when the LP's bound passes it within the margin
 * (*widened). Out of memory ends the solve: no verdict stands. */
static double margin_at(mip_state *s, double cutoff, int *widened)
{
    int rows;
    *widened = 0;
    double *y = malloc(((size_t)spx_rows(s->lp) + 1) * sizeof *y);
    if (!y) {
        s->out_of_memory = 1;
        return 0;
    }
    double margin = dual_margin(s, y, &rows);
    if (isfinite(cutoff) && rows && spx_objective(s->lp) - margin <= cutoff) {
        for (int i = 0; i < s->m; i++)
            if (y[i] != 0.0)
                widen_row(s, i, 1.0);
        *widened = 1;
    }
    free(y);
    return margin;
}

double mip_count_margin(mip_state *s)
{
    int widened;
    return margin_at(s, INFINITY, &widened);
}

int mip_count_widen_needed(mip_state *s, spx_status st, double cutoff)
{
    if (!s->par.enumerate_all || st != SPX_CUTOFF)
        return 0;
    if (!s->row_share &&
        !(s->row_share = calloc((size_t)s->m + 1, sizeof *s->row_share))) {
        s->out_of_memory = 1;
        return 0;
    }
    int widened;
    margin_at(s, cutoff, &widened);
    return widened;
}
