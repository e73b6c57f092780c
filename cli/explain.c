/*
 * explain.c -- --explain: why a model has no solution. A deletion filter
 * (Chinneck and Dravnieks 1991) over the rows: each row in turn is
 * dropped and the rest solved again; if they still have no solution the
 * row stays dropped, else it is needed and put back. What remains is an
 * irreducible infeasible subset: those rows cannot all hold, and without
 * any one of them the others can. Column bounds and integrality always
 * hold. Printed by row name and family, the paper's equation numbers.
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>

/* Each trial solve may take this many nodes; a trial that does not
 * finish keeps its row (the set stays infeasible, but may then not be
 * irreducible, which the output says). */
#define CLI_EXPLAIN_NODES 100000
/* Rows of the set named one by one, beyond them a count. */
#define CLI_EXPLAIN_SHOW 30

/* The model's columns and rows without objective: a feasibility model
 * whose rows the filter can relax one at a time. */
static bnb_model *feasibility_copy(const bnb_model *m)
{
    bnb_model *c = bnb_model_new(bnb_model_name(m));
    if (!c)
        return NULL;
    for (int j = 0; j < bnb_num_cols(m); j++)
        if (bnb_add_col(c, bnb_col_name(m, j), bnb_col_lo(m, j),
                        bnb_col_up(m, j), 0, bnb_col_is_int(m, j)) < 0)
            goto fail;
    for (int i = 0; i < bnb_num_rows(m); i++)
        if (bnb_add_row(c, bnb_row_name(m, i), bnb_row_len(m, i),
                        bnb_row_cols(m, i), bnb_row_vals(m, i),
                        bnb_row_lo(m, i), bnb_row_up(m, i)) < 0)
            goto fail;
    return c;
fail:
    bnb_model_free(c);
    return NULL;
}

/* 1: proven infeasible; 0: a solution, or not proven either way. */
static int infeasible(const bnb_model *c, const bnb_params *par,
                      int *unsure)
{
    bnb_result r;
    if (bnb_solve(c, par, NULL, NULL, &r) != BNB_OK)
        return 0;
    int inf = r.status == BNB_INFEASIBLE;
    *unsure |= !inf && !r.has_solution;
    bnb_result_free(&r);
    return inf;
}

/* Two rows read best as one sentence. */
static void print_pair(FILE *out, const bnb_model *m, const char *keep)
{
    int a = -1, b = -1;
    for (int i = 0; i < bnb_num_rows(m); i++)
        if (keep[i]) {
            b = a < 0 ? b : i;
            a = a < 0 ? i : a;
        }
    fprintf(out, "# why no solution: %s and %s cannot both hold\n",
            bnb_row_name(m, a), bnb_row_name(m, b));
}

static void print_set(FILE *out, const bnb_model *m, const char *keep,
                      int count, int unsure)
{
    if (count == 2 && !unsure) {
        print_pair(out, m, keep);
        return;
    }
    fprintf(out, "# why no solution: these %d row%s cannot all hold%s:\n",
            count, count == 1 ? "" : "s",
            unsure ? " (some trials did not finish: the set may not be "
                     "the smallest)"
                   : "; without any one of them the others can");
    int shown = 0;
    cli_families fs = {0};
    for (int i = 0; i < bnb_num_rows(m); i++) {
        if (!keep[i])
            continue;
        int k = cli_family_of(&fs, bnb_row_name(m, i));
        if (k >= 0)
            fs.f[k].count++;
        if (shown++ < CLI_EXPLAIN_SHOW)
            fprintf(out, "#   %s\n", bnb_row_name(m, i));
    }
    if (shown > CLI_EXPLAIN_SHOW)
        fprintf(out, "#   ... and %d more\n", shown - CLI_EXPLAIN_SHOW);
    fprintf(out, "# by family:");
    for (int k = 0; k < fs.count; k++)
        fprintf(out, "%s %.*s %d", k ? "," : "", fs.f[k].len, fs.f[k].name,
                fs.f[k].count);
    fprintf(out, "\n");
    cli_families_free(&fs);
}

void cli_explain(FILE *out, const bnb_model *m, const bnb_params *par)
{
    bnb_params p = *par;
    p.enumerate_all = 0;
    p.lp_only = 0;
    p.node_limit = fmin(p.node_limit, CLI_EXPLAIN_NODES);
    bnb_model *c = feasibility_copy(m);
    char *keep = calloc((size_t)bnb_num_rows(m) + 1, 1);
    int unsure = 0, count = 0;
    if (!c || !keep || !infeasible(c, &p, &unsure)) {
        fprintf(out, "# --explain: %s\n", c && keep
                                              ? "the rows alone do not show "
                                                "why (no proof found)"
                                              : "out of memory");
        goto done;
    }
    for (int i = 0; i < bnb_num_rows(m); i++) {
        bnb_set_row_bounds(c, i, -BNB_INF, BNB_INF);
        if (!infeasible(c, &p, &unsure)) {
            bnb_set_row_bounds(c, i, bnb_row_lo(m, i), bnb_row_up(m, i));
            keep[i] = 1;
            count++;
        }
    }
    print_set(out, m, keep, count, unsure);
done:
    free(keep);
    bnb_model_free(c);
}
