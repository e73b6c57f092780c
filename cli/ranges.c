/*
 * ranges.c -- --ranges: the sensitivity analysis of an optimal LP, per
 * column its objective coefficient's range and per row its right
 * side's, over which the basis stays optimal (bnb_result's ranges).
 */
#include "cli.h"

#include <stdio.h>

/* glpsol's codes for a variable's place in the basis. */
static const char *status_code(bnb_basis_status st)
{
    static const char *const codes[] = {"BS", "NL", "NU", "NF", "NS"};
    return (unsigned)st < sizeof codes / sizeof *codes ? codes[st] : "?";
}

/* The side of row i whose range is given (bnb_result: the side its
 * status names; a basic row's <= side, else its >= side). */
static double ranged_side(const bnb_model *m, int i, bnb_basis_status st)
{
    double lo = bnb_row_lo(m, i), up = bnb_row_up(m, i);
    if (st == BNB_AT_LOWER)
        return lo;
    if (st == BNB_AT_UPPER || st == BNB_AT_FIXED)
        return up;
    return up < BNB_INF ? up : lo;
}

int cli_ranges_check(cli_options *o, const bnb_model *m)
{
    if (!o->ranges || o->par.lp_only)
        return -1;
    if (bnb_num_int_cols(m) == 0) {
        o->par.lp_only = 1;   /* the model is its own LP relaxation */
        return -1;
    }
    fprintf(stderr, "bnb: --ranges ranges an LP: this model has integer "
            "columns, add --lp-only to range its LP relaxation\n");
    return CLI_EXIT_USAGE;
}

void cli_print_ranges(FILE *out, const bnb_model *m, const bnb_result *r)
{
    if (!r->cost_lo)
        return;
    fprintf(out, "# ranges: the basis stays optimal while one number "
            "moves within [lowest, highest]\n");
    fprintf(out, "# cost COLUMN STATUS VALUE COEFFICIENT LOWEST HIGHEST\n");
    for (int j = 0; j < bnb_num_cols(m); j++)
        fprintf(out, "# cost %s %s %.15g %.15g %.15g %.15g\n",
                bnb_col_name(m, j), status_code(r->col_status[j]), r->x[j],
                bnb_col_obj(m, j), r->cost_lo[j], r->cost_up[j]);
    fprintf(out, "# rhs ROW STATUS ACTIVITY SIDE LOWEST HIGHEST\n");
    for (int i = 0; i < bnb_num_rows(m); i++)
        fprintf(out, "# rhs %s %s %.15g %.15g %.15g %.15g\n",
                bnb_row_name(m, i), status_code(r->row_status[i]),
                r->row_activity[i], ranged_side(m, i, r->row_status[i]),
                r->rhs_lo[i], r->rhs_up[i]);
}
