/*
 * polish.c -- an integral LP point whose integer columns are rounded may
 * break a row the unrounded point kept: 5000 x + ... <= 0 with x off an
 * integer by 3 * 10^-6 moves by 0.015 when x is rounded, far more than any
 * tolerance allows, although every value is right to twelve digits.
 * The continuous columns are then solved again with the integer columns
 * fixed at their rounded values (the final LP that SCIP and CBC also
 * solve), so that they fit the integers actually reported, and kept
 * inside their bounds; from the slack basis, so that every fixed column
 * is nonbasic at exactly its value, then to a tighter tolerance.
 */
#include "mip.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Fixes the integer columns at x and gives the continuous ones back
 * their bounds in the model (a node's bounds on them are propagated,
 * computed through terms that may be large, so a little off); old
 * bounds into lo/up. Re-solves, takes the continuous values into x and
 * puts the bounds back. */
static int resolve_fixed(mip_state *s, double *x, double *lo, double *up)
{
    for (int j = 0; j < s->n; j++) {
        lo[j] = spx_lo(s->lp, j);
        up[j] = spx_up(s->lp, j);
        if (s->is_int[j])
            spx_set_bounds(s->lp, j, x[j], x[j]);
        else
            spx_set_bounds(s->lp, j, bnb_col_lo(s->model, j),
                           bnb_col_up(s->model, j));
    }
    /* cold: the fixed columns nonbasic at their values; then precise:
     * no basic row slack off its row by a tolerance that large terms
     * magnify; if that fails, the cold solve's point is taken */
    int ok = spx_solve_cold(s->lp) == SPX_OPTIMAL;
    if (ok && spx_dual_precise(s->lp) != SPX_OPTIMAL)
        ok = spx_solve_cold(s->lp) == SPX_OPTIMAL;
    const double *v = spx_values(s->lp);
    /* within the LP's tolerance a value may lie just past its bound,
     * which a row with large terms then magnifies: clip it */
    for (int j = 0; ok && j < s->n; j++)
        if (!s->is_int[j])
            x[j] = fmin(fmax(v[j], bnb_col_lo(s->model, j)),
                        bnb_col_up(s->model, j));
    for (int j = 0; j < s->n; j++)
        spx_set_bounds(s->lp, j, lo[j], up[j]);
    return ok;
}

int mip_polish(mip_state *s, double *x)
{
    int rows = spx_rows(s->lp);
    double *lo = malloc(sizeof *lo * (size_t)(s->n + 1));
    double *up = malloc(sizeof *up * (size_t)(s->n + 1));
    spx_basis b;
    if (!lo || !up || spx_basis_init(&b, rows, rows + s->n) != 0) {
        free(lo);
        free(up);
        s->out_of_memory = 1;
        return 0;
    }
    spx_basis_save(s->lp, &b);
    int ok = resolve_fixed(s, x, lo, up);
    spx_basis_restore(s->lp, &b);
    spx_basis_free(&b);
    free(lo);
    free(up);
    return ok;
}

/* Did rounding the integer columns of `from` into x move some row out
 * of the LP's own tolerance (tol_primal) where `from` kept it? */
static int rounding_moves_rows(const mip_state *s, const double *x,
                               const double *from)
{
    int moved = 0;
    for (int j = 0; j < s->n && !moved; j++)
        moved = s->is_int[j] && x[j] != from[j];
    double viol;
    char why[8];
    return moved &&
           !mip_verify(s->model, x, s->is_int, s->par.tol_primal,
                       s->par.tol_int, &viol, why, sizeof why) &&
           mip_verify(s->model, from, s->is_int, s->par.tol_primal, 1.0,
                      &viol, why, sizeof why);
}

int mip_polish_if_moved(mip_state *s, double *x, const double *from)
{
    double viol;
    char why[8];
    if (!rounding_moves_rows(s, x, from))
        return 0;
    double *keep = malloc(sizeof *keep * (size_t)(s->n + 1));
    if (!keep) {
        s->out_of_memory = 1;
        return 0;
    }
    memcpy(keep, x, sizeof *keep * (size_t)s->n);
    int ok = mip_polish(s, x) &&
             mip_verify(s->model, x, s->is_int, s->par.tol_verify,
                        s->par.tol_int, &viol, why, sizeof why);
    if (!ok)
        memcpy(x, keep, sizeof *keep * (size_t)s->n);
    free(keep);
    return ok;
}
