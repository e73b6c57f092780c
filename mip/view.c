/*
 * view.c -- bnb_view_*: a read-only look at the simplex of a solve, handed
 * to observers in PIVOT and LP_START events so that the program can print
 * a textbook tableau. Built on simplex/spx.h; nothing here runs unless an
 * observer asks.
 */
#include "mip.h"

#include <stdlib.h>

int bnb_view_rows(const bnb_lp_view *v) { return spx_rows(v->s->lp); }
int bnb_view_cols(const bnb_lp_view *v) { return v->s->n; }

int bnb_view_head(const bnb_lp_view *v, int r)
{
    return spx_head(v->s->lp, r);
}

double bnb_view_value(const bnb_lp_view *v, int k)
{
    return spx_values(v->s->lp)[k];
}

int bnb_view_auxiliary(const bnb_lp_view *v)
{
    return spx_in_dual_phase1(v->s->lp);
}

double bnb_view_lo(const bnb_lp_view *v, int k)
{
    return spx_lo(v->s->lp, k);
}

double bnb_view_up(const bnb_lp_view *v, int k)
{
    return spx_up(v->s->lp, k);
}

/* spx_tableau_row writes only the simplex's scratch row of B^-1, which
 * every iteration recomputes before reading: the search is unchanged. */
void bnb_view_tableau_row(const bnb_lp_view *v, int r, double *alpha)
{
    spx_tableau_row(v->s->lp, r, alpha);
}

/*
 * d_k = c_k - sum_r c_head(r) alpha_r[k] with c = sense * (model costs)
 * on columns and 0 on row activities. Computed from tableau rows rather
 * than by spx_duals, which would overwrite the reduced costs the dual
 * simplex updates in place (and so could change its next choice).
 */
int bnb_view_reduced_costs(const bnb_lp_view *v, double *d)
{
    const mip_state *s = v->s;
    int m = spx_rows(s->lp), nt = s->n + m;
    double *alpha = malloc((size_t)nt * sizeof *alpha);
    if (!alpha)
        return BNB_ERR_NOMEM;
    for (int k = 0; k < nt; k++)
        d[k] = k < s->n ? s->sense * bnb_col_obj(s->model, k) : 0.0;
    for (int r = 0; r < m; r++) {
        int h = spx_head(s->lp, r);
        double cb = h < s->n ? s->sense * bnb_col_obj(s->model, h) : 0.0;
        if (cb == 0.0)
            continue;
        spx_tableau_row(s->lp, r, alpha);
        for (int k = 0; k < nt; k++)
            d[k] -= cb * alpha[k];
    }
    for (int r = 0; r < m; r++)
        d[spx_head(s->lp, r)] = 0.0;
    free(alpha);
    return BNB_OK;
}

void bnb_view_row(const bnb_lp_view *v, int i, int *len, const int **cols,
                  const double **vals)
{
    spx_row(v->s->lp, i, len, cols, vals);
}

int bnb_view_presolved_rows(const bnb_lp_view *v)
{
    return spx_presolved_rows(v->s->lp);
}

int bnb_view_farkas(const bnb_lp_view *v, double *y, double *coef,
                    double *lo, double *up)
{
    return spx_farkas_row(v->s->lp, coef, lo, up) &&
           spx_farkas_multipliers(v->s->lp, y);
}

int bnb_view_failed_row(const bnb_lp_view *v)
{
    int i = v->s->learned.failed_row;
    return i >= 0 && i < v->s->m ? i : -1;   /* else a learned row */
}

int bnb_view_failed_col(const bnb_lp_view *v)
{
    int j = v->s->prop.proof_failed_col;
    if (bnb_view_failed_row(v) < 0 || j < 0 || !v->s->is_int[j])
        return -1;
    return j;
}
