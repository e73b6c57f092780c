/*
 * access.c -- the structs of bnb.h through functions, for programs that
 * cannot lay a C struct out (Python's ctypes, other languages' foreign
 * function calls): parameters and results allocated here, and their
 * fields, and those of an event, read by name.
 */
#include "mip.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bnb_params *bnb_params_new(void)
{
    bnb_params *p = malloc(sizeof *p);
    if (p)
        bnb_params_default(p);
    return p;
}

void bnb_params_delete(bnb_params *p)
{
    free(p);
}

bnb_result *bnb_result_new(void)
{
    return calloc(1, sizeof(bnb_result));
}

void bnb_result_delete(bnb_result *r)
{
    bnb_result_free(r);
    free(r);
}

/* The scalar fields of a result and of an event, by name. */
#define BNB_RESULT_NUMBERS(X)                                               \
    X(status) X(has_solution) X(objective) X(max_violation) X(nodes)       \
    X(iterations) X(solutions) X(max_depth) X(seconds) X(bound)
#define BNB_RESULT_ARRAYS(X)                                                \
    X(x) X(row_activity) X(duals) X(reduced_costs) X(cost_lo) X(cost_up)   \
    X(rhs_lo) X(rhs_up)
#define BNB_EVENT_NUMBERS(X)                                                \
    X(type) X(node) X(parent) X(depth) X(col) X(dir) X(bound) X(value)     \
    X(lp_status) X(lp_obj) X(lp_iters) X(by_dual) X(propagated) X(nfrac)   \
    X(probed) X(rc_fixed) X(n) X(reason) X(incumbent) X(improved)          \
    X(phase) X(entering) X(leaving) X(flips) X(dj) X(ratio) X(objective)   \
    X(iteration) X(len) X(restarts) X(cut_kind) X(cut_len) X(cut_row)      \
    X(cut_col) X(cut_rhs) X(round) X(bound_before) X(parent_obj)           \
    X(node_bound) X(open) X(best_bound) X(rule) X(score) X(runner)         \
    X(runner_score) X(strong) X(strong_iters) X(change) X(row) X(divisor)  \
    X(old_coef) X(new_coef) X(old_rhs) X(new_rhs) X(blocks) X(block_cols) \
    X(packing_rows)

double bnb_result_number(const bnb_result *r, const char *field)
{
#define BNB_FIELD(f)                                                         \
    if (strcmp(field, #f) == 0)                                              \
        return (double)r->f;
    BNB_RESULT_NUMBERS(BNB_FIELD)
#undef BNB_FIELD
    return NAN;
}

const double *bnb_result_array(const bnb_result *r, const char *field)
{
#define BNB_FIELD(f)                                                         \
    if (strcmp(field, #f) == 0)                                              \
        return r->f;
    BNB_RESULT_ARRAYS(BNB_FIELD)
#undef BNB_FIELD
    return NULL;
}

const char *bnb_result_message(const bnb_result *r)
{
    return r->message;
}

int bnb_result_col_status(const bnb_result *r, int col)
{
    return r->col_status ? (int)r->col_status[col] : -1;
}

int bnb_result_row_status(const bnb_result *r, int row)
{
    return r->row_status ? (int)r->row_status[row] : -1;
}

double bnb_event_number(const bnb_event *ev, const char *field)
{
#define BNB_FIELD(f)                                                         \
    if (strcmp(field, #f) == 0)                                              \
        return (double)ev->f;
    BNB_EVENT_NUMBERS(BNB_FIELD)
#undef BNB_FIELD
    return NAN;
}

const double *bnb_event_x(const bnb_event *ev)
{
    return ev->x;
}

const char *bnb_event_found_by(const bnb_event *ev)
{
    return ev->found_by;
}

const char *bnb_event_name(int type)
{
    /* indexed by bnb_event_type; the --events stream's "type" names */
    static const char *const names[] = {
        "node", "branch", "pruned", "incumbent", "solution", "pivot",
        "finish", "lp_start", "node_start", "propagated", "cut", "cut_round",
        "learned", "restart", "dive", "pump", "model_change",
        "symmetry"};
    return type >= 0 && (size_t)type < sizeof names / sizeof *names
               ? names[type] : "?";
}
