/*
 * events.c -- --events FILE.jsonl: every engine event as one JSON object
 * per line, in the model's names, the machine-readable twin of --trace
 * (docs/FORMATS.md "The event stream", docs/events.schema.json). Numbers are
 * written with 17 significant digits so that a replay (replay.c) reads
 * back the very doubles the engine reported; infinities are the strings
 * "inf" and "-inf", a NaN is null.
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct cli_events {
    FILE *out;
    const bnb_model *m;
    int pivots;              /* write PIVOT events too                   */
    double *lo, *up;         /* [n] column bounds at the node's start    */
    cli_bound_change *ch;    /* [n] one propagation's changes            */
    long node;               /* the node started last (solutions carry
                                no node id of their own)                */
};

static const char *const lp_status_names[] = {
    "optimal", "infeasible", "unbounded", "cutoff", "limit", "numeric"};
static const char *const prune_names[] = {"infeasible", "bound",
                                          "integral", "unbounded"};
static const char *const cut_names[BNB_CUT_KINDS] = {"gomory", "mir",
                                                     "cover", "clique"};

/* ---- JSON values ---------------------------------------------------- */

static void put_num(FILE *f, double v)
{
    if (isnan(v))
        fputs("null", f);
    else if (isinf(v))
        fputs(v < 0 ? "\"-inf\"" : "\"inf\"", f);
    else
        fprintf(f, "%.17g", v);
}

/* ,"key":value for the common shapes. */
static void key(FILE *f, const char *k)
{
    fprintf(f, ",\"%s\":", k);
}

static void kv_num(FILE *f, const char *k, double v)
{
    key(f, k);
    put_num(f, v);
}

static void kv_int(FILE *f, const char *k, long v)
{
    fprintf(f, ",\"%s\":%ld", k, v);
}

static void kv_col(const cli_events *e, const char *k, int j)
{
    key(e->out, k);
    if (j < 0)
        fputs("null", e->out);
    else
        cli_json_string(e->out, bnb_col_name(e->m, j));
}

/* A variable of the simplex: a column's name or s_ROW, and its index
 * (k_index: the cuts' slacks have no row in the model). */
static void kv_var(const cli_events *e, const char *k, int v)
{
    char name[256];
    fprintf(e->out, ",\"%s_index\":%d", k, v);
    key(e->out, k);
    if (v < 0) {
        fputs("null", e->out);
        return;
    }
    cli_var_name(e->m, v, name, sizeof name);
    cli_json_string(e->out, name);
}

/* "x":[["name",value],...] for every nonzero x[j]. */
static void kv_point(const cli_events *e, const double *x, int n)
{
    key(e->out, "x");
    fputc('[', e->out);
    for (int j = 0, any = 0; x && j < n; j++)
        if (x[j] != 0) {
            fputs(any++ ? ",[" : "[", e->out);
            cli_json_string(e->out, bnb_col_name(e->m, j));
            fputc(',', e->out);
            put_num(e->out, x[j]);
            fputc(']', e->out);
        }
    fputc(']', e->out);
}

/* ---- life cycle ------------------------------------------------------ */

/* ,"names":[...],"picture":{...}: what a viewer reading the stream
 * needs to draw a puzzle (its picture refers to columns by index). */
static void kv_picture(FILE *out, const bnb_model *m, const char *picture)
{
    key(out, "names");
    fputc('[', out);
    for (int j = 0; j < bnb_num_cols(m); j++) {
        if (j)
            fputc(',', out);
        cli_json_string(out, bnb_col_name(m, j));
    }
    fputc(']', out);
    key(out, "picture");
    fputs(picture, out);
}

cli_events *cli_events_new(FILE *out, const bnb_model *m, int pivots,
                           const char *picture)
{
    cli_events *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    size_t n = (size_t)(bnb_num_cols(m) ? bnb_num_cols(m) : 1);
    *e = (cli_events){.out = out, .m = m, .pivots = pivots,
                      .lo = malloc(n * sizeof(double)),
                      .up = malloc(n * sizeof(double)),
                      .ch = malloc(n * sizeof(cli_bound_change))};
    if (!e->lo || !e->up || !e->ch) {
        cli_events_free(e);
        return NULL;
    }
    cli_model_bounds(m, e->lo, e->up);
    fprintf(out, "{\"ev\":\"model\",\"name\":");
    cli_json_string(out, bnb_model_name(m));
    fprintf(out, ",\"sense\":\"%s\"", bnb_model_sense(m) == BNB_MAXIMIZE
                                          ? "max" : "min");
    kv_int(out, "cols", bnb_num_cols(m));
    kv_int(out, "rows", bnb_num_rows(m));
    kv_int(out, "int_cols", bnb_num_int_cols(m));
    if (picture)
        kv_picture(out, m, picture);
    fputs("}\n", out);
    return e;
}

void cli_events_free(cli_events *e)
{
    if (!e)
        return;
    free(e->lo);
    free(e->up);
    free(e->ch);
    free(e);
}

/* ---- one line per event --------------------------------------------- */

static void node_start(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    kv_int(f, "parent", ev->parent);
    kv_int(f, "depth", ev->depth);
    kv_col(e, "col", ev->parent < 0 ? -1 : ev->col);
    kv_int(f, "dir", ev->dir);
    kv_num(f, "bound", ev->bound);
    kv_num(f, "parent_obj", ev->parent_obj);
    kv_num(f, "node_bound", ev->node_bound);
    kv_int(f, "probed", ev->probed);
    if (ev->parent < 0 && ev->propagated > 0)   /* before the root LP */
        kv_int(f, "propagated", ev->propagated);
    if (ev->rc_fixed > 0)   /* root reduced-cost fixing, for the tree */
        kv_int(f, "rc_fixed", ev->rc_fixed);
    e->node = ev->node;
    for (int j = 0; j < bnb_num_cols(e->m); j++) {
        e->lo[j] = bnb_view_lo(ev->view, j);
        e->up[j] = bnb_view_up(ev->view, j);
    }
}

/* "why":{...}: the rows that prove a node infeasible (see cli_why). */
static void kv_why(const cli_events *e, const cli_why *w)
{
    FILE *f = e->out;
    fputs(",\"why\":{\"rows\":[", f);
    for (int k = 0; k < w->nrows; k++) {
        fputs(k ? ",[" : "[", f);
        cli_json_string(f, w->row[k]);
        fputc(',', f);
        put_num(f, w->mult[k]);
        fputc(']', f);
    }
    fprintf(f, "],\"more_rows\":%d,\"terms\":[", w->more_rows);
    for (int k = 0; k < w->nterms; k++) {
        fputs(k ? ",[" : "[", f);
        cli_json_string(f, bnb_col_name(e->m, w->col[k]));
        fputc(',', f);
        put_num(f, w->coef[k]);
        fputc(']', f);
    }
    fprintf(f, "],\"more_terms\":%d,\"le\":%d", w->more_terms, w->le);
    kv_num(f, "rhs", w->rhs);
    kv_num(f, "reach", w->reach);
    if (w->int_col >= 0) {
        kv_col(e, "int_col", w->int_col);
        kv_num(f, "int_lo", w->int_lo);
        kv_num(f, "int_up", w->int_up);
        kv_num(f, "row_lo", w->row_lo);
        kv_num(f, "row_up", w->row_up);
    }
    fputc('}', f);
}

static void propagated(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    int n = bnb_num_cols(e->m);
    int count = cli_bound_changes(e->m, e->lo, e->up, ev->view, e->ch, n);
    kv_int(f, "propagated", ev->propagated);
    key(f, "changes");
    fputc('[', f);
    for (int k = 0; k < count; k++) {
        const cli_bound_change *c = &e->ch[k];
        fputs(k ? ",[" : "[", f);
        cli_json_string(f, bnb_col_name(e->m, c->col));
        double v[4] = {c->was_lo, c->was_up, c->lo, c->up};
        for (int i = 0; i < 4; i++) {
            fputc(',', f);
            put_num(f, v[i]);
        }
        fputc(']', f);
    }
    fputc(']', f);
    cli_why w;
    if (ev->propagated < 0 &&
        cli_why_row(e->m, ev->view, bnb_view_failed_row(ev->view), &w))
        kv_why(e, &w);
}

static void node(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    fprintf(f, ",\"status\":\"%s\"", lp_status_names[ev->lp_status]);
    kv_num(f, "obj", ev->lp_obj);
    kv_int(f, "iters", ev->lp_iters);
    kv_int(f, "by_dual", ev->by_dual);
    kv_int(f, "propagated", ev->propagated);
    kv_int(f, "nfrac", ev->nfrac);
    kv_num(f, "parent_obj", ev->parent_obj);
    kv_num(f, "node_bound", ev->node_bound);
    kv_point(e, ev->x, ev->n);
    cli_why w;
    if (ev->lp_status == BNB_LP_INFEASIBLE && ev->view &&
        ev->propagated >= 0 &&
        cli_why_lp(e->m, ev->view, &w))
        kv_why(e, &w);
}

static void search_state(FILE *f, const bnb_event *ev)
{
    kv_int(f, "open", ev->open);
    kv_num(f, "best_bound", ev->best_bound);
}

static void branch(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    kv_col(e, "col", ev->col);
    kv_num(f, "value", ev->value);
    kv_int(f, "dir", ev->dir);
    kv_num(f, "bound", ev->bound);
    kv_int(f, "rc_fixed", ev->rc_fixed);
    kv_int(f, "rule", ev->rule);
    kv_num(f, "score", ev->score);
    kv_col(e, "runner", ev->runner);
    kv_num(f, "runner_score", ev->runner_score);
    key(f, "penalty");
    fputc('[', f);
    put_num(f, ev->penalty[0]);
    fputc(',', f);
    put_num(f, ev->penalty[1]);
    fputc(']', f);
    if (ev->strong > 0) {
        kv_int(f, "strong", ev->strong);
        kv_int(f, "strong_iters", ev->strong_iters);
    }
    search_state(f, ev);
}

static void pruned(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    fprintf(f, ",\"reason\":\"%s\"", prune_names[ev->reason]);
    kv_num(f, "incumbent", ev->incumbent);
    kv_int(f, "improved", ev->improved);
    search_state(f, ev);
}

static void solution(cli_events *e, const bnb_event *ev)
{
    kv_num(e->out, "obj", ev->lp_obj);
    key(e->out, "found_by");
    if (ev->found_by)
        cli_json_string(e->out, ev->found_by);
    else
        fputs("null", e->out);
    kv_point(e, ev->x, ev->n);
}

static void pivot(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    kv_int(f, "iteration", ev->iteration);
    kv_int(f, "phase", ev->phase);
    kv_var(e, "entering", ev->entering);
    kv_var(e, "leaving", ev->leaving);
    kv_int(f, "flips", ev->flips);
    kv_num(f, "dj", ev->dj);
    kv_num(f, "ratio", ev->ratio);
    kv_num(f, "objective", ev->objective);
}

static void cut(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    fprintf(f, ",\"kind\":\"%s\"", cut_names[ev->cut_kind]);
    key(f, "row");
    if (ev->cut_row >= 0)
        cli_json_string(f, bnb_row_name(e->m, ev->cut_row));
    else
        fputs("null", f);
    kv_col(e, "col", ev->cut_row >= 0 ? -1 : ev->cut_col);
    key(f, "terms");
    fputc('[', f);
    for (int k = 0; k < ev->cut_len; k++) {
        fputs(k ? ",[" : "[", f);
        cli_json_string(f, bnb_col_name(e->m, ev->cut_cols[k]));
        fputc(',', f);
        put_num(f, ev->cut_vals[k]);
        fputc(']', f);
    }
    fputc(']', f);
    kv_num(f, "rhs", ev->cut_rhs);
}

static void cut_round(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    kv_int(f, "round", ev->round);
    key(f, "counts");
    for (int k = 0; k < BNB_CUT_KINDS; k++)
        fprintf(f, "%c%d", k ? ',' : '[', ev->cut_count[k]);
    fputc(']', f);
    kv_num(f, "before", ev->bound_before);
    kv_num(f, "obj", ev->lp_obj);
}

/* A learned no-good: sum of terms <= bound (models without objective). */
static void learned(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    key(f, "terms");
    fputc('[', f);
    for (int k = 0; k < ev->len; k++) {
        fputs(k ? ",[" : "[", f);
        cli_json_string(f, bnb_col_name(e->m, ev->cols[k]));
        fputc(',', f);
        put_num(f, ev->vals[k]);
        fputc(']', f);
    }
    fputc(']', f);
    kv_num(f, "bound", ev->bound);
}

static void restarted(cli_events *e, const bnb_event *ev)
{
    kv_int(e->out, "restarts", ev->restarts);
    kv_int(e->out, "kept", ev->len);
}

static void dived(cli_events *e, const bnb_event *ev)
{
    kv_int(e->out, "fixed", ev->len);
    kv_int(e->out, "improved", ev->improved);
}

static void pumped(cli_events *e, const bnb_event *ev)
{
    kv_int(e->out, "rounds", ev->len);
    kv_int(e->out, "improved", ev->improved);
}

/* A row presolve changed: what (bnb_change_kind), the row and column,
 * the side, and the numbers before and after. */
static void model_change(cli_events *e, const bnb_event *ev)
{
    FILE *f = e->out;
    fprintf(f, ",\"change\":\"%s\"",
            ev->change == BNB_CHANGE_ROW_ROUNDED ? "row_rounded"
                                                 : "coef_tightened");
    key(f, "row");
    cli_json_string(f, bnb_row_name(e->m, ev->row));
    kv_col(e, "col", ev->col);
    kv_int(f, "dir", ev->dir);
    kv_num(f, "divisor", ev->divisor);
    kv_num(f, "old_coef", ev->old_coef);
    kv_num(f, "new_coef", ev->new_coef);
    kv_num(f, "old_rhs", ev->old_rhs);
    kv_num(f, "new_rhs", ev->new_rhs);
}

/* Interchangeable blocks the engine found, and the columns it fixed. */
static void symmetry(cli_events *e, const bnb_event *ev)
{
    kv_int(e->out, "blocks", ev->blocks);
    kv_int(e->out, "block_cols", ev->block_cols);
    kv_int(e->out, "packing_rows", ev->packing_rows);
    kv_int(e->out, "fixed", ev->len);
}

int cli_events_event(cli_events *e, const bnb_event *ev)
{
    if (ev->type == BNB_EV_PIVOT && !e->pivots)
        return 0;
    fprintf(e->out, "{\"ev\":\"%s\"", bnb_event_name(ev->type));
    if (ev->type != BNB_EV_PIVOT && ev->type != BNB_EV_CUT)
        kv_int(e->out, "node", ev->type == BNB_EV_INCUMBENT ||
                                       ev->type == BNB_EV_SOLUTION
                                   ? e->node : ev->node);
    switch (ev->type) {
    case BNB_EV_NODE_START: node_start(e, ev); break;
    case BNB_EV_PROPAGATED: propagated(e, ev); break;
    case BNB_EV_NODE: node(e, ev); break;
    case BNB_EV_BRANCH: branch(e, ev); break;
    case BNB_EV_PRUNED: pruned(e, ev); break;
    case BNB_EV_INCUMBENT:
    case BNB_EV_SOLUTION: solution(e, ev); break;
    case BNB_EV_PIVOT: pivot(e, ev); break;
    case BNB_EV_CUT: cut(e, ev); break;
    case BNB_EV_CUT_ROUND: cut_round(e, ev); break;
    case BNB_EV_LEARNED: learned(e, ev); break;
    case BNB_EV_RESTART: restarted(e, ev); break;
    case BNB_EV_DIVE: dived(e, ev); break;
    case BNB_EV_PUMP: pumped(e, ev); break;
    case BNB_EV_MODEL_CHANGE: model_change(e, ev); break;
    case BNB_EV_SYMMETRY: symmetry(e, ev); break;
    case BNB_EV_LP_START:
        kv_int(e->out, "phase", ev->phase);
        kv_int(e->out, "free_cols", ev->len);
        break;
    default: break;   /* finish: the type and node alone */
    }
    fputs("}\n", e->out);
    return 0;
}

void cli_events_finish(cli_events *e, const bnb_result *r)
{
    FILE *f = e->out;
    fprintf(f, "{\"ev\":\"result\",\"status\":");
    cli_json_string(f, bnb_status_name(r->status));
    kv_int(f, "has_solution", r->has_solution);
    /* absent rather than null: no solution, no objective; a model
     * without objective has no bound */
    if (r->has_solution)
        kv_num(f, "objective", r->objective);
    if (!isnan(r->bound))
        kv_num(f, "bound", r->bound);
    kv_int(f, "nodes", r->nodes);
    kv_int(f, "max_depth", r->max_depth);
    kv_int(f, "iterations", r->iterations);
    kv_num(f, "seconds", r->seconds);
    kv_point(e, r->has_solution ? r->x : NULL, bnb_num_cols(e->m));
    key(f, "rows");
    fputc('[', f);
    for (int i = 0, any = 0; r->has_solution && i < bnb_num_rows(e->m); i++)
        if (r->row_activity[i] != 0) {
            fputs(any++ ? ",[" : "[", f);
            cli_json_string(f, bnb_row_name(e->m, i));
            fputc(',', f);
            put_num(f, r->row_activity[i]);
            fputc(']', f);
        }
    fputs("]}\n", f);
}
