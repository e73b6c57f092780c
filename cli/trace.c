/*
 * trace.c -- --trace, --trace=lp and --tableau: the search told node by
 * node in the model's own names, each node's simplex pivots (and
 * tableaus) inside its block, and a closing summary with the tight rows.
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Fractional columns named per node before "... and K more". */
#define CLI_TRACE_FRACTIONAL 6
/* Row families listed in the closing summary. */
#define CLI_TRACE_FAMILIES 40

struct cli_trace {
    FILE *out;
    const bnb_model *m;
    int level;               /* CLI_TRACE_*                              */
    int tableau;             /* print tableaus (asked, and small enough) */
    double tol_tight;        /* rows: see is_tight                       */
    double tol_int;          /* columns: |x - round(x)| above is frac.   */
    /* Pivots come before their node's NODE event: they wait here and are
     * printed inside the node's block. */
    FILE *pending;
    char *pending_buf;
    size_t pending_len;
    long pivot_node;         /* tableau without trace: node of the last  */
    double node_obj;         /* the current node's LP objective          */
    bnb_lp_status node_status;
    int node_unsolved;       /* pruned on its parent's bound, LP unsolved */
    int has_incumbent;
    double incumbent;
};

static const char *const legend_nodes[] = {
    "probing: K binary columns fixed   before the root LP of a model",
    "      without objective, each binary is tried at 1 and at 0; a value",
    "      the rows refute by propagation fixes it at the other one",
    "node N (parent P, depth D): COL >= B",
    "      a node of the search tree, in the order solved, and the bound",
    "      change that made it from its parent P (COL is a column's name)",
    "  propagation: K bounds tightened by the rows   before its LP, the",
    "      node's bound changes are pushed through the rows (or prove at",
    "      once that the rows cannot all hold)",
    "  LP optimal: z = Z, K iterations",
    "      the node's LP relaxation: status, objective in the model's own",
    "      sense, simplex iterations (the root: from scratch, primal, or",
    "      dual for a model without objective; other nodes: dual simplex",
    "      from the parent's final basis). 'stopped",
    "      early': the dual simplex quit once z could not beat the incumbent",
    "  fractional (F): COL=V ...   integer columns with a fractional value",
    "  reduced-cost fixing: K bounds tightened   a column at a bound with",
    "      reduced cost d cannot move by more than (incumbent - z) / d",
    "      without its subtree losing to the incumbent",
    "  => branch on COL = V: ... first, ... later   two children; the",
    "      other waits until the search comes back to it (best bound)",
    "  => pruned: infeasible | by bound: Z cannot beat incumbent I |",
    "     integral   the node is closed; with integer objective",
    "     coefficients a bound must beat the incumbent by a whole 1",
    "  ***** new incumbent *****   the best solution so far improved",
    "  learned: ROW <= B   (without objective) the branchings and",
    "      propagations that made the node fail, traced back to the first",
    "      unique implication point: no solution has them all, so the row",
    "      is kept and propagated in the rest of the search",
    "restart R after N nodes   the search starts again at the root,",
    "      keeping the learned rows; ties between branching columns are",
    "      broken anew",
    "dive: K columns fixed   before branching, columns are fixed one by",
    "      one to their rounded LP value and propagated, looking for a",
    "      solution",
    NULL};

static const char *const legend_pivots[] = {
    "  pivot K (primal phase 1|2 | dual): IN enters (d = D), OUT leaves,",
    "      step T, z = Z   one simplex iteration, numbered over the solve;",
    "      phase 1 seeks a feasible basis; d: the entering variable's",
    "      reduced cost; step: its ratio-test step (dual: its change);",
    "      a bound flip moves a nonbasic variable to its other bound;",
    "      s_ROW: the slack of row ROW (rhs - activity, or activity -",
    "      rhs for a >= row)",
    NULL};

static const char *const legend_tableau[] = {
    "  tableau: one line per basic variable (basis), the coefficients of",
    "      every variable and its value; d: the reduced costs of the",
    "      simplex, which minimises (for a max model: minimises -z), so",
    "      the basis is optimal when no d < 0 at a lower bound; z = the",
    "      objective; fractions are exact, e.g. 9/4",
    NULL};

static void print_lines(FILE *out, const char *const *lines)
{
    for (int k = 0; lines[k]; k++)
        fprintf(out, "# %s\n", lines[k]);
}

static void print_legend(const cli_trace *t)
{
    fprintf(t->out, "# ---- trace legend -----------------------------------"
                    "--------------\n");
    if (t->level != CLI_TRACE_OFF)
        print_lines(t->out, legend_nodes);
    if (t->level == CLI_TRACE_LP || t->tableau)
        print_lines(t->out, legend_pivots);
    if (t->tableau)
        print_lines(t->out, legend_tableau);
    fprintf(t->out, "# ---------------------------------------------------"
                    "----------------\n");
}

cli_trace *cli_trace_new(FILE *out, const bnb_model *m, int level,
                         int tableau, const bnb_params *par)
{
    cli_trace *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    *t = (cli_trace){.out = out, .m = m, .level = level,
                     .tol_tight = par->tol_verify, .tol_int = par->tol_int,
                     .pivot_node = -1};
    t->tableau = tableau && cli_tableau_fits(out, m);
    if (level != CLI_TRACE_OFF) {
        t->pending = open_memstream(&t->pending_buf, &t->pending_len);
        if (!t->pending) {
            free(t);
            return NULL;
        }
    }
    if (level != CLI_TRACE_OFF || t->tableau)
        print_legend(t);
    return t;
}

void cli_trace_free(cli_trace *t)
{
    if (!t)
        return;
    if (t->pending)
        fclose(t->pending);
    free(t->pending_buf);
    free(t);
}

/* Where pivot lines go: into the node's block, or straight out when
 * only tableaus were asked for. */
static FILE *pivot_sink(cli_trace *t, long node)
{
    if (t->pending)
        return t->pending;
    if (node != t->pivot_node)
        fprintf(t->out, "# -- node %ld\n", node);
    t->pivot_node = node;
    return t->out;
}

static void flush_pending(cli_trace *t)
{
    fflush(t->pending);
    long used = ftell(t->pending);
    if (used > 0)
        fwrite(t->pending_buf, 1, (size_t)used, t->out);
    rewind(t->pending);
}

/* ---- pivots -------------------------------------------------------- */

/* A slack's reduced cost, or change of value, in textbook terms: the
 * slack t = sign * (ref - s) moves by -sign per unit of the activity s
 * (see tableau.c). */
static double textbook_dj(const bnb_model *m, int k, double dj)
{
    int n = bnb_num_cols(m);
    return k < n ? dj : -cli_slack_sign(m, k - n) * dj;
}

static void print_pivot(cli_trace *t, FILE *f, const bnb_event *ev)
{
    char in[256], out[256], d[40], step[40], z[40];
    cli_var_name(t->m, ev->entering, in, sizeof in);
    cli_fraction(d, sizeof d, textbook_dj(t->m, ev->entering, ev->dj));
    cli_fraction(step, sizeof step, ev->phase == 3
                                        ? textbook_dj(t->m, ev->entering,
                                                      ev->ratio)
                                        : ev->ratio);
    cli_fraction(z, sizeof z, ev->objective);
    fprintf(f, "#   pivot %ld (", ev->iteration);
    if (ev->phase == 3)
        fprintf(f, "dual");
    else
        fprintf(f, "primal phase %d", ev->phase);
    if (ev->leaving < 0) {
        fprintf(f, "): %s flips to its other bound (d = %s), step %s, "
                "z = %s\n", in, d, step, z);
        return;
    }
    cli_var_name(t->m, ev->leaving, out, sizeof out);
    fprintf(f, "): %s enters (d = %s), %s leaves, step %s", in, d, out,
            step);
    if (ev->flips > 0)
        fprintf(f, ", %d bound flip%s", ev->flips, ev->flips > 1 ? "s" : "");
    fprintf(f, ", z = %s\n", z);
}

static void on_pivot(cli_trace *t, const bnb_event *ev)
{
    if (t->level != CLI_TRACE_LP && !t->tableau)
        return;
    FILE *f = pivot_sink(t, ev->node < 0 ? 0 : ev->node);
    print_pivot(t, f, ev);
    if (t->tableau)
        cli_tableau_print(f, t->m, ev->view, "#     ");
}

static void on_lp_start(cli_trace *t, const bnb_event *ev)
{
    if (t->level != CLI_TRACE_OFF && ev->probed > 0)
        fprintf(t->out, "# probing: %d binary column%s fixed before the "
                "root LP (the rows refute the other value)\n", ev->probed,
                ev->probed == 1 ? "" : "s");
    if (!t->tableau)
        return;
    FILE *f = pivot_sink(t, 0);
    fprintf(f, "#   starting tableau (the slack basis):\n");
    cli_tableau_print(f, t->m, ev->view, "#     ");
}

/* ---- nodes --------------------------------------------------------- */

static void print_bound_change(const cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "%s %s %.15g", bnb_col_name(t->m, ev->col),
            ev->dir < 0 ? "<=" : ">=", ev->bound);
}

static const char *lp_status_text(bnb_lp_status s)
{
    static const char *const names[] = {"optimal", "infeasible",
                                        "unbounded", "stopped early at",
                                        "limit",
                                        "numerical failure"};
    return (unsigned)s < sizeof names / sizeof *names ? names[s] : "?";
}

static void print_lp_line(const cli_trace *t, const bnb_event *ev)
{
    if (ev->propagated < 0) {
        fprintf(t->out, "#   propagation: the rows cannot all hold with "
                "these bounds; LP not needed\n");
        return;
    }
    if (ev->propagated > 0)
        fprintf(t->out, "#   propagation: %d bound%s tightened by the "
                "rows\n", ev->propagated, ev->propagated == 1 ? "" : "s");
    fprintf(t->out, "#   LP ");
    if (!(ev->lp_status == BNB_LP_CUTOFF && ev->lp_iters == 0))
        fprintf(t->out, "%s", lp_status_text(ev->lp_status));
    if (ev->lp_status == BNB_LP_CUTOFF && ev->lp_iters == 0) {
        fprintf(t->out, "not solved: the bound it inherits cannot beat "
                "the incumbent\n");
        return;
    }
    if (ev->lp_status == BNB_LP_OPTIMAL)
        fprintf(t->out, ": z = %.10g", ev->lp_obj);
    else if (ev->lp_status == BNB_LP_CUTOFF)
        fprintf(t->out, " z = %.10g", ev->lp_obj);
    fprintf(t->out, ", %ld %s iteration%s\n", ev->lp_iters,
            ev->by_dual ? "dual" : "primal", ev->lp_iters == 1 ? "" : "s");
}

static void print_fractional(const cli_trace *t, const bnb_event *ev)
{
    if (ev->nfrac == 0 || ev->lp_status != BNB_LP_OPTIMAL)
        return;
    fprintf(t->out, "#   fractional (%d):", ev->nfrac);
    int shown = 0;
    for (int j = 0; j < ev->n && shown < CLI_TRACE_FRACTIONAL; j++) {
        double v = ev->x[j];
        if (!bnb_col_is_int(t->m, j) || fabs(v - round(v)) <= t->tol_int)
            continue;
        fprintf(t->out, " %s=%.4g", bnb_col_name(t->m, j), v);
        shown++;
    }
    if (ev->nfrac > shown)
        fprintf(t->out, " ... and %d more", ev->nfrac - shown);
    fprintf(t->out, "\n");
}

static void on_node(cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "# node %ld (", ev->node);
    if (ev->parent < 0)
        fprintf(t->out, "root, depth 0): the LP relaxation\n");
    else {
        fprintf(t->out, "parent %ld, depth %d): ", ev->parent, ev->depth);
        print_bound_change(t, ev);
        fprintf(t->out, "\n");
    }
    flush_pending(t);
    print_lp_line(t, ev);
    print_fractional(t, ev);
    t->node_obj = ev->lp_obj;
    t->node_status = ev->lp_status;
    t->node_unsolved = ev->lp_status == BNB_LP_CUTOFF && ev->lp_iters == 0;
}

/* The second child's bound change: the complement of the first's. */
static void on_branch(cli_trace *t, const bnb_event *ev)
{
    const char *name = bnb_col_name(t->m, ev->col);
    double other = ev->dir < 0 ? ev->bound + 1 : ev->bound - 1;
    if (ev->rc_fixed > 0)
        fprintf(t->out, "#   reduced-cost fixing: %d bound%s tightened\n",
                ev->rc_fixed, ev->rc_fixed == 1 ? "" : "s");
    fprintf(t->out, "#   => branch on %s = %.4g: ", name, ev->value);
    fprintf(t->out, "%s %s %.15g first, %s %s %.15g later\n", name,
            ev->dir < 0 ? "<=" : ">=", ev->bound, name,
            ev->dir < 0 ? ">=" : "<=", other);
}

/* A node's LP stopped early (cutoff) only bounds its optimum: z <= Z
 * when maximising. */
static const char *bound_text(const cli_trace *t)
{
    if (t->node_status != BNB_LP_CUTOFF)
        return "";
    return bnb_model_sense(t->m) == BNB_MAXIMIZE ? "z <= " : "z >= ";
}

static void on_pruned(cli_trace *t, const bnb_event *ev)
{
    switch (ev->reason) {
    case BNB_PRUNE_INFEASIBLE:
        fprintf(t->out, "#   => pruned: infeasible\n");
        break;
    case BNB_PRUNE_BOUND:
        if (t->node_unsolved)
            fprintf(t->out, "#   => pruned by bound: cannot beat "
                    "incumbent %.10g\n", ev->incumbent);
        else
            fprintf(t->out, "#   => pruned by bound: %s%.10g cannot beat "
                    "incumbent %.10g\n", bound_text(t), t->node_obj,
                    ev->incumbent);
        break;
    case BNB_PRUNE_INTEGRAL:
        if (ev->improved)
            fprintf(t->out, "#   => integral: the new incumbent\n");
        else
            fprintf(t->out, "#   => integral, z = %.10g: not better than "
                    "incumbent %.10g\n", t->node_obj, ev->incumbent);
        break;
    default:
        fprintf(t->out, "#   => LP unbounded: the search stops\n");
    }
}

/* A learned no-good: "x[1,2] - x[3,4] <= 0". */
static void on_learned(cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "#   learned:");
    for (int k = 0; k < ev->len; k++) {
        const char *name = bnb_col_name(t->m, ev->cols[k]);
        if (k == 0)
            fprintf(t->out, " %s%s", ev->vals[k] < 0 ? "-" : "", name);
        else
            fprintf(t->out, " %s %s", ev->vals[k] < 0 ? "-" : "+", name);
    }
    fprintf(t->out, " <= %.15g\n", ev->bound);
}

static void on_restart(cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "# restart %ld after %ld nodes (%d learned row%s "
            "kept)\n", ev->restarts, ev->node, ev->len,
            ev->len == 1 ? "" : "s");
}

static void on_dive(cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "# dive: %d column%s fixed, %s\n", ev->len,
            ev->len == 1 ? "" : "s",
            ev->improved ? "a solution found"
                         : "then no solution (the search branches)");
}

static void on_incumbent(cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "#   ***** new incumbent: z = %.10g", ev->lp_obj);
    if (t->has_incumbent)
        fprintf(t->out, " (was %.10g)", t->incumbent);
    fprintf(t->out, " *****\n");
    t->has_incumbent = 1;
    t->incumbent = ev->lp_obj;
}

int cli_trace_event(cli_trace *t, const bnb_event *ev)
{
    if (ev->type == BNB_EV_PIVOT)
        on_pivot(t, ev);
    else if (ev->type == BNB_EV_LP_START)
        on_lp_start(t, ev);
    else if (t->level == CLI_TRACE_OFF)
        return 0;
    else if (ev->type == BNB_EV_NODE)
        on_node(t, ev);
    else if (ev->type == BNB_EV_BRANCH)
        on_branch(t, ev);
    else if (ev->type == BNB_EV_PRUNED)
        on_pruned(t, ev);
    else if (ev->type == BNB_EV_INCUMBENT)
        on_incumbent(t, ev);
    else if (ev->type == BNB_EV_LEARNED)
        on_learned(t, ev);
    else if (ev->type == BNB_EV_RESTART)
        on_restart(t, ev);
    else if (ev->type == BNB_EV_DIVE)
        on_dive(t, ev);
    else if (ev->type == BNB_EV_SOLUTION)
        fprintf(t->out, "#   solution found, z = %.10g\n", ev->lp_obj);
    return 0;
}

/* ---- the closing summary ------------------------------------------- */

/* |a - bound| <= tol * (1 + |bound|): the row holds with equality. */
static int is_tight(double a, double bound, double tol)
{
    return isfinite(bound) && fabs(a - bound) <= tol * (1 + fabs(bound));
}

/* tally[0]: tight rows, tally[1]: equalities. */
static int tight_families(const cli_trace *t, const bnb_result *r,
                          cli_families *fs)
{
    for (int i = 0; i < bnb_num_rows(t->m); i++) {
        int k = cli_family_of(fs, bnb_row_name(t->m, i));
        if (k < 0)
            return -1;
        double lo = bnb_row_lo(t->m, i), up = bnb_row_up(t->m, i);
        double a = r->row_activity[i];
        fs->f[k].count++;
        fs->f[k].tally[0] += is_tight(a, lo, t->tol_tight) ||
                             is_tight(a, up, t->tol_tight);
        fs->f[k].tally[1] += lo == up;
    }
    return 0;
}

static void print_tight_rows(const cli_trace *t, const bnb_result *r)
{
    cli_families fs = {0};
    if (tight_families(t, r, &fs) != 0) {
        fprintf(t->out, "# (tight rows: out of memory)\n");
        cli_families_free(&fs);
        return;
    }
    fprintf(t->out, "# tight rows at the solution, by family:\n");
    for (int k = 0; k < fs.count && k < CLI_TRACE_FAMILIES; k++) {
        const cli_family *f = &fs.f[k];
        fprintf(t->out, "#   %-20.*s %6d of %d%s\n", f->len, f->name,
                f->tally[0], f->count,
                f->tally[1] == f->count ? " (equalities)" : "");
    }
    if (fs.count > CLI_TRACE_FAMILIES)
        fprintf(t->out, "#   ... and %d more families\n",
                fs.count - CLI_TRACE_FAMILIES);
    cli_families_free(&fs);
}

void cli_trace_finish(cli_trace *t, const bnb_result *r)
{
    if (t->level == CLI_TRACE_OFF)
        return;
    fprintf(t->out, "# ---- search finished: %s\n",
            bnb_status_name(r->status));
    fprintf(t->out, "# %ld node%s, maximum depth %d, %ld simplex iterations, "
            "%.3f s\n", r->nodes, r->nodes == 1 ? "" : "s", r->max_depth,
            r->iterations, r->seconds);
    if (r->has_solution)
        print_tight_rows(t, r);
    else
        fprintf(t->out, "# no solution, so no tight rows to show\n");
}
