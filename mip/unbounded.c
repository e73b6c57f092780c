/*
 * unbounded.c -- what an unbounded LP relaxation means for an integer
 * model: with rational data the integer program is unbounded exactly
 * when it has an integer point (Meyer 1974), and may just as well have
 * none (0.0005 x = 0.0001 with x integer). So before "unbounded" is
 * said, the model is solved once more with its objective set to zero.
 */
#include "mip.h"

/* The model with a zero objective, or NULL when out of memory. */
static bnb_model *feasibility_copy(const bnb_model *m)
{
    bnb_model *f = bnb_model_new(bnb_model_name(m));
    for (int j = 0; f && j < bnb_num_cols(m); j++)
        if (bnb_add_col(f, bnb_col_name(m, j), bnb_col_lo(m, j),
                        bnb_col_up(m, j), 0, bnb_col_is_int(m, j)) < 0) {
            bnb_model_free(f);
            f = NULL;
        }
    for (int i = 0; f && i < bnb_num_rows(m); i++)
        if (bnb_add_row(f, bnb_row_name(m, i), bnb_row_len(m, i),
                        bnb_row_cols(m, i), bnb_row_vals(m, i),
                        bnb_row_lo(m, i), bnb_row_up(m, i)) < 0) {
            bnb_model_free(f);
            f = NULL;
        }
    return f;
}

bnb_status mip_unbounded_verdict(const mip_state *s)
{
    if (bnb_num_int_cols(s->model) == 0 || s->par.lp_only)
        return BNB_UNBOUNDED;
    bnb_model *f = feasibility_copy(s->model);
    if (!f)
        return BNB_OUT_OF_MEMORY;
    bnb_params p = s->par;
    p.time_limit -= mip_clock() - s->start;
    if (p.time_limit < 0)
        p.time_limit = 0;
    bnb_result r;
    bnb_status st = BNB_OUT_OF_MEMORY;
    if (bnb_solve(f, &p, NULL, NULL, &r) == BNB_OK) {
        st = r.status == BNB_OPTIMAL ? BNB_UNBOUNDED : r.status;
        bnb_result_free(&r);
    }
    bnb_model_free(f);
    return st;
}
