/*
 * unbounded.c -- what an unbounded LP relaxation means for an integer
 * model: with rational data the integer program is unbounded exactly
 * when it has an integer point (Meyer 1974), and may just as well have
 * none (0.0005 x = 0.0001 with x integer). So before "unbounded" is
 * said, the model is solved once more with its objective set to zero.
 */
#include "submip.h"

#include <stdio.h>

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

static int has_objective(const bnb_model *m)
{
    for (int j = 0; j < bnb_num_cols(m); j++)
        if (bnb_col_obj(m, j) != 0)
            return 1;
    return 0;
}

bnb_status mip_unbounded_verdict(mip_state *s)
{
    if (bnb_num_int_cols(s->model) == 0 || s->par.lp_only)
        return BNB_UNBOUNDED;
    /* The copy has no objective, so no LP of it is unbounded: if one
     * is said to be, the arithmetic failed (and a copy of the copy
     * would never end). */
    if (!has_objective(s->model)) {
        snprintf(s->message, sizeof s->message, "an LP without objective "
                 "was found unbounded (a numerical failure)");
        return BNB_NUMERIC;
    }
    bnb_model *f = feasibility_copy(s->model);
    if (!f)
        return BNB_OUT_OF_MEMORY;
    bnb_params p = s->par;
    bnb_result r;
    bnb_status st = BNB_OUT_OF_MEMORY;
    if (mip_submip_solve(s, f, &p, &r) == BNB_OK) {
        st = r.status == BNB_OPTIMAL ? BNB_UNBOUNDED : r.status;
        if (st == BNB_NUMERIC)   /* say why, as the copy said it */
            snprintf(s->message, sizeof s->message, "looking for an integer "
                     "point of the unbounded relaxation: %.190s",
                     r.message[0] ? r.message : "a numerical failure");
        bnb_result_free(&r);
    }
    bnb_model_free(f);
    return st;
}
