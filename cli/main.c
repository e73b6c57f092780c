/*
 * main.c -- the bnb program: load a puzzle or model file, write it out if
 * asked, solve, print the header, solution block and summary of
 * FORMATS.md, and exit with its status.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>

#include "cli.h"
#include "io.h"
#include "teach.h"

static void print_summary(const bnb_result *r);

/* time_limit at its default and largest value: no limit. */
#define CLI_NO_TIME_LIMIT 1e15

typedef struct input {
    bnb_model *owned;          /* a model file's model                    */
    bnb_puzzle *puzzle;         /* or a puzzle and its model               */
    const bnb_model *model;
    char describe[300];
    cli_outline outline;       /* the puzzle's regions, for --trace=grid */
} input;

/* Solutions collected for --all: only the best objective's are kept. */
typedef struct solutions {
    double **x;
    int count, cap, n;
    double objective;
    long dropped;              /* found but not stored (cap reached)      */
    int out_of_memory;         /* a copy failed: the search was stopped   */
} solutions;

#define CLI_MAX_STORED_SOLUTIONS 10000

/* Who listens to the engine: the --all collector and the teaching
 * output; all NULL means no observer at all, so no cost. */
typedef struct listeners {
    solutions *all;
    cli_trace *trace;
    cli_tree *tree;
    cli_progress *progress;
    cli_events *events;
    cli_html *html;
    char *picture;             /* the puzzle's picture (--html, --events) */
    FILE *events_out;          /* --events                                */
    FILE *trace_out;           /* --trace-file, or stdout                */
    int start_given;           /* --mip-start: watch for its incumbent    */
    int start_taken;
} listeners;

/* The readers and writers say "out of memory" in their message when an
 * allocation failed; that is exit 7, not bad input. */
static int input_failure(const char *err)
{
    return strstr(err, "out of memory") ? CLI_EXIT_NOMEM : CLI_EXIT_USAGE;
}

/* The summary of a run that ended before the search gave a result
 * (a limit or signal while reading, no memory for the solve): the
 * status, nothing found. */
static void print_empty_summary(bnb_status status, double seconds)
{
    bnb_result r;
    memset(&r, 0, sizeof r);
    r.status = status;
    r.bound = NAN;
    r.seconds = seconds;
    print_summary(&r);
}

static int report_early_stop(const cli_options *o, const bnb_stop *stop,
                             double started)
{
    if (!o->quiet)
        print_empty_summary(stop->why, bnb_clock() - started);
    return CLI_EXIT_LIMIT;
}

/* The input's format: --format, the file's name, or standard input's
 * first line; CLI_FORMAT_GUESS or -1 (stopped) after a message. */
static int input_format(const cli_options *o, bnb_stop *stop)
{
    if (o->format != CLI_FORMAT_GUESS)
        return o->format;
    if (!cli_is_stdio(o->file))
        return cli_format_of_name(o->file);
    return cli_sniff_stdin(stop);
}

/* --permute: the model read is replaced by its shuffled copy. */
static int permute_input(const cli_options *o, input *in)
{
    bnb_model *p = cli_permute(in->owned, o->permute_seed);
    bnb_model_free(in->owned);
    in->owned = p;
    if (!p)
        fprintf(stderr, "bnb: out of memory\n");
    return p ? 0 : -1;
}

/* Returns -1 when loaded, else the exit status. */
static int load_input(const cli_options *o, input *in, bnb_stop *stop,
                      double started)
{
    char err[512] = "";
    memset(in, 0, sizeof *in);
    int format = input_format(o, stop);
    if (format < 0 && stop->why)
        return report_early_stop(o, stop, started);
    if (format == CLI_FORMAT_GUESS || format < 0)
        return CLI_EXIT_USAGE;
    if (format != CLI_FORMAT_PUZZLE) {
        if (o->variant) {
            fprintf(stderr, "bnb: --variant is for puzzle files; %s is a "
                    "model file\n", o->file);
            return CLI_EXIT_USAGE;
        }
        in->owned = format == CLI_FORMAT_MPS
                        ? bnb_read_mps_until(o->file, stop, err, sizeof err)
                        : bnb_read_lp_until(o->file, stop, err, sizeof err);
        if (in->owned && err[0])   /* a reader's warning */
            fprintf(stderr, "%s\n", err);
        if (in->owned && o->permute && permute_input(o, in) != 0)
            return CLI_EXIT_NOMEM;
        in->model = in->owned;
        if (in->model)
            snprintf(in->describe, sizeof in->describe, "model %s",
                     bnb_model_name(in->model));
    } else if (o->permute) {
        fprintf(stderr, "bnb: --permute is for model files; %s is a "
                "puzzle file\n", o->file);
        return CLI_EXIT_USAGE;
    } else {
        in->puzzle = bnb_puzzle_read_until(o->file, o->variant, stop, err,
                                           sizeof err);
        if (in->puzzle) {
            in->model = bnb_puzzle_model(in->puzzle);
            snprintf(in->describe, sizeof in->describe, "%s",
                     bnb_puzzle_describe(in->puzzle));
            in->outline.region = bnb_puzzle_regions(in->puzzle,
                                                    &in->outline.rows,
                                                    &in->outline.cols);
        }
    }
    if (!in->model) {
        fprintf(stderr, "%s\n", err[0] ? err : "cannot read the input");
        return stop->why ? report_early_stop(o, stop, started)
                         : input_failure(err);
    }
    return -1;
}

static void free_input(input *in)
{
    bnb_model_free(in->owned);
    bnb_puzzle_free(in->puzzle);
}

/* Returns -1 when written, else the exit status. */
static int write_models(const cli_options *o, const bnb_model *m)
{
    char err[512] = "";
    int rc = BNB_OK;
    if (o->write_lp)
        rc = bnb_write_lp(m, o->write_lp, err, sizeof err);
    if (rc == BNB_OK && o->write_mps) {
        rc = bnb_write_mps(m, o->write_mps, err, sizeof err);
        if (rc == BNB_OK && bnb_model_sense(m) == BNB_MAXIMIZE)
            fprintf(stderr, "bnb: note: %s maximises (OBJSENSE MAX, read by "
                    "CPLEX, HiGHS, lp_solve and bnb); glpsol 5.0 rejects the "
                    "section and cbc 2.10 ignores it: delete it and run "
                    "glpsol --max or cbc -max\n", o->write_mps);
    }
    if (rc == BNB_OK)
        return -1;
    fprintf(stderr, "%s\n", err);
    return rc == BNB_ERR_NOMEM ? CLI_EXIT_NOMEM : CLI_EXIT_USAGE;
}

static void print_header(const input *in)
{
    const bnb_model *m = in->model;
    int rows = bnb_num_rows(m), cols = bnb_num_cols(m);
    long nonzeros = bnb_num_nonzeros(m);
    printf("# %s, %d row%s x %d col%s, %ld nonzero%s", in->describe, rows,
           rows == 1 ? "" : "s", cols, cols == 1 ? "" : "s", nonzeros,
           nonzeros == 1 ? "" : "s");
    if (!in->puzzle)
        printf(", %d integer", bnb_num_int_cols(m));
    printf("\n");
}

/* A model file's solution block: `name value`, nonzeros in column order. */
/* A column's value is listed when |x| passes this: the LP's leftovers
 * of size 1e-12 are zeros, not values (FORMATS.md: nonzero columns). */
#define CLI_PRINT_ZERO 1e-9

static void print_columns(const bnb_model *m, const double *x)
{
    for (int j = 0; j < bnb_num_cols(m); j++)
        if (fabs(x[j]) > CLI_PRINT_ZERO)
            printf("%s %.15g\n", bnb_col_name(m, j), x[j]);
}

/* Returns 0, -1 when the puzzle's rules reject the solution, or -2 when
 * out of memory. */
static int print_block(const input *in, const double *x)
{
    if (!in->puzzle) {
        print_columns(in->model, x);
        return 0;
    }
    char err[512] = "";
    int rc = bnb_puzzle_print_solution(in->puzzle, x, stdout, err,
                                       sizeof err);
    if (rc != 0)
        fprintf(stderr, "bnb: %s\n", err);
    return rc;
}

static void print_duals(const bnb_model *m, const bnb_result *r)
{
    printf("# row duals:\n");
    for (int i = 0; i < bnb_num_rows(m); i++)
        printf("# dual %s %.15g\n", bnb_row_name(m, i), r->duals[i]);
    printf("# reduced costs:\n");
    for (int j = 0; j < bnb_num_cols(m); j++)
        printf("# redcost %s %.15g\n", bnb_col_name(m, j),
               r->reduced_costs[j]);
}

/* A limit, an interrupt or the gap asked for: the bound and, with a
 * solution, the relative gap to it (bnb_relative_gap, as HiGHS and CPLEX
 * define it). */
static void print_bound(const bnb_result *r)
{
    printf(", bound %.15g", r->bound);
    if (r->has_solution && isfinite(r->bound))
        printf(", gap %.4g%%", 100 * bnb_relative_gap(r->objective,
                                                      r->bound));
}

/* The process's peak resident memory (Linux reports kilobytes). */
static double peak_megabytes(void)
{
    struct rusage u;
    return getrusage(RUSAGE_SELF, &u) == 0 ? (double)u.ru_maxrss / 1024 : 0;
}

static void print_summary(const bnb_result *r)
{
    printf("# %s", bnb_status_name(r->status));
    if (r->has_solution)
        printf(", objective %.15g", r->objective);
    /* an answer cut short says how far from proven it may be */
    if (((r->status >= BNB_NODE_LIMIT && r->status <= BNB_STOPPED) ||
         r->status == BNB_GAP_LIMIT) && !isnan(r->bound))
        print_bound(r);
    printf(", %ld node%s, %ld simplex iteration%s, peak %.1f MB, %.3f s\n",
           r->nodes, r->nodes == 1 ? "" : "s", r->iterations,
           r->iterations == 1 ? "" : "s", peak_megabytes(), r->seconds);
}

/* --all's count, and whether the search proved it complete. A model
 * with continuous columns counts the distinct values of its integer
 * columns that reach the optimum (a puzzle's continuous columns are its
 * own bookkeeping, fixed by the cells). */
static void print_count(const cli_options *o, const input *in,
                        const bnb_result *r)
{
    int capped = r->solutions >= o->par.solution_limit;
    int proven = r->status == BNB_OPTIMAL || r->status == BNB_INFEASIBLE;
    int parts = !in->puzzle &&
                bnb_num_int_cols(in->model) < bnb_num_cols(in->model);
    if (o->unique && proven)
        printf("# %s%s\n", r->solutions == 1
                               ? "unique: the search proved no other optimal "
                                 "solution exists"
                               : r->solutions == 0
                                     ? "no solution: the model is infeasible"
                                     : "not unique: two optimal solutions "
                                       "shown",
               r->solutions == 1 && parts ? " (in the integer columns)" : "");
    printf("# solutions: %ld\n", r->solutions);
    if (parts)
        printf("# (solutions are counted by the values of the integer "
               "columns; the continuous columns are not enumerated)\n");
    if (!proven)
        printf("# the search stopped early: the count is not proven\n");
    else if (capped)
        printf("# the enumeration stopped at %ld; each is optimal, there "
               "may be more\n", r->solutions);
    else if (r->status == BNB_INFEASIBLE)
        printf("# the count is proven: the model has no solution\n");
    else
        printf("# the count is proven: no other solution has the optimal "
               "value\n");
}

static int exit_status(const bnb_result *r)
{
    switch (r->status) {
    case BNB_OPTIMAL: return CLI_EXIT_SOLVED;
    case BNB_GAP_LIMIT: return CLI_EXIT_SOLVED;   /* the gap asked for */
    case BNB_INFEASIBLE: return CLI_EXIT_INFEASIBLE;
    case BNB_UNBOUNDED: return CLI_EXIT_UNBOUNDED;
    case BNB_NUMERIC: return CLI_EXIT_NUMERIC;
    case BNB_OUT_OF_MEMORY: return CLI_EXIT_NOMEM;
    default: return CLI_EXIT_LIMIT;
    }
}

static void solutions_clear(solutions *s)
{
    for (int k = 0; k < s->count; k++)
        free(s->x[k]);
    s->count = 0;
    s->dropped = 0;
}

/* Observer for --all: keeps copies of the solutions of best objective. */
static int collect_solution(void *ctx, const bnb_event *ev)
{
    solutions *s = ctx;
    if (ev->type != BNB_EV_SOLUTION)
        return 0;
    if (s->count + s->dropped == 0 || ev->lp_obj != s->objective) {
        solutions_clear(s);
        s->objective = ev->lp_obj;
    }
    if (s->count == CLI_MAX_STORED_SOLUTIONS) {
        s->dropped++;
        return 0;
    }
    if (s->count == s->cap) {
        int cap = s->cap ? 2 * s->cap : 16;
        double **p = realloc(s->x, (size_t)cap * sizeof *p);
        if (!p)
            return s->out_of_memory = 1;
        s->x = p;
        s->cap = cap;
    }
    double *x = malloc((size_t)(s->n ? s->n : 1) * sizeof *x);
    if (!x)
        return s->out_of_memory = 1;
    memcpy(x, ev->x, (size_t)s->n * sizeof *x);
    s->x[s->count++] = x;
    return 0;
}

static int observe(void *ctx, const bnb_event *ev)
{
    listeners *l = ctx;
    int stop = 0;
    if (l->all)
        stop |= collect_solution(l->all, ev);
    if (l->trace)
        stop |= cli_trace_event(l->trace, ev);
    if (l->tree)
        stop |= cli_tree_event(l->tree, ev);
    if (l->progress)
        stop |= cli_progress_event(l->progress, ev);
    if (l->events)
        stop |= cli_events_event(l->events, ev);
    if (l->html)
        stop |= cli_html_event(l->html, ev);
    if (l->start_given && ev->type == BNB_EV_INCUMBENT && ev->found_by &&
        strncmp(ev->found_by, "MIP start", strlen("MIP start")) == 0)
        l->start_taken = 1;
    return stop;
}

/* The puzzle's picture for --html and --events (one JSON object), or
 * NULL when out of memory. */
static char *picture_of(const bnb_puzzle *p)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    bnb_puzzle_write_picture(p, f);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Opens what --trace, --tableau, --tree and --model-stats ask for.
 * With --quiet only a --trace-file is written. Returns 0, -1 when a file
 * cannot be opened or -2 when out of memory. */
static int start_listening(const cli_options *o, const input *in,
                           listeners *l)
{
    const bnb_model *m = in->model;
    l->trace_out = o->quiet ? NULL : stdout;
    if (o->trace_file && !(l->trace_out = cli_open_write(o->trace_file))) {
        fprintf(stderr, "bnb: cannot write the trace to %s\n",
                o->trace_file);
        return -1;
    }
    if (o->model_stats && !o->quiet)
        cli_model_stats(stdout, m);
    if ((o->trace || o->tableau) && l->trace_out &&
        !(l->trace = cli_trace_new(l->trace_out, m, o->trace, o->tableau,
                                   &o->par, &in->outline)))
        return -2;
    if (o->tree_file && !(l->tree = cli_tree_new(m)))
        return -2;
    if ((o->html_file || o->events_file) && in->puzzle &&
        !(l->picture = picture_of(in->puzzle)))
        return -2;
    if (o->html_file &&
        !(l->html = cli_html_new(m, o->par.tol_int, l->picture)))
        return -2;
    if (o->events_file &&
        !(l->events_out = cli_open_write(o->events_file))) {
        fprintf(stderr, "bnb: cannot write the events to %s\n",
                o->events_file);
        return -1;
    }
    if (o->events_file &&
        !(l->events = cli_events_new(l->events_out, m, o->events_pivots,
                                     l->picture)))
        return -2;
    if ((o->progress == CLI_PROGRESS_ON ||
         (o->progress == CLI_PROGRESS_AUTO && isatty(STDERR_FILENO))) &&
        !(l->progress = cli_progress_new(stderr, m)))
        return -2;
    return 0;
}

/* Writes the tree and closes the trace; returns 0 or -1. */
static int stop_listening(const cli_options *o, listeners *l)
{
    int rc = 0;
    if (l->tree && cli_tree_write(l->tree, o->tree_file) != 0)
        rc = -1;
    cli_tree_free(l->tree);
    cli_trace_free(l->trace);
    cli_progress_free(l->progress);
    cli_events_free(l->events);
    cli_html_free(l->html);
    free(l->picture);
    if (l->events_out && cli_close_write(l->events_out)) {
        fprintf(stderr, "bnb: cannot write the events to %s\n",
                o->events_file);
        rc = -1;
    }
    if (o->trace_file && l->trace_out && cli_close_write(l->trace_out)) {
        fprintf(stderr, "bnb: cannot write the trace to %s\n",
                o->trace_file);
        rc = -1;
    }
    return rc;
}

static int print_all(const input *in, const cli_options *o,
                     const solutions *s)
{
    for (int k = 0; k < s->count; k++) {
        if (!o->quiet)
            printf("# solution %d\n", k + 1);
        int rc = print_block(in, s->x[k]);
        if (rc != 0)
            return rc;
    }
    if (s->dropped && !o->quiet)
        printf("# %ld more solution%s not printed\n", s->dropped,
               s->dropped == 1 ? "" : "s");
    return 0;
}

static int report(const input *in, const cli_options *o, bnb_result *r,
                  const solutions *all)
{
    int bad = 0;
    if (all->out_of_memory && r->status == BNB_STOPPED)
        r->status = BNB_OUT_OF_MEMORY;
    if (o->all)
        bad = print_all(in, o, all);
    else if (r->has_solution && o->par.lp_only && in->puzzle) {
        /* the relaxation's values are not a filled grid: shown as the
         * model's columns, as for a model file */
        if (!o->quiet)
            printf("# the LP relaxation of the puzzle's model: column "
                   "values, not a solution of the puzzle\n");
        print_columns(in->model, r->x);
    } else if (r->has_solution)
        bad = print_block(in, r->x);
    if (bad == -2)
        r->status = BNB_OUT_OF_MEMORY;
    if (bad == -1)
        snprintf(r->message, sizeof r->message,
                 "the model's answer breaks the puzzle's rules (why: on stderr)");
    int exit_rc = bad == -1 ? CLI_EXIT_RULES : exit_status(r);
    if (r->status == BNB_OUT_OF_MEMORY)
        fprintf(stderr, "bnb: out of memory: the search was cut short\n");
    if (!r->has_solution && r->status == BNB_INFEASIBLE && in->puzzle)
        printf("# no solution\n");
    if (r->status == BNB_INFEASIBLE && o->explain)
        cli_explain(stdout, in->model, &o->par);
    if (o->quiet)
        return exit_rc;
    if (r->has_solution && o->par.lp_only)
        print_duals(in->model, r);
    cli_print_ranges(stdout, in->model, r);
    if (r->message[0])
        printf("# warning: %s\n", r->message);
    if (o->all)
        print_count(o, in, r);
    print_summary(r);
    return exit_rc;
}

/* --solution: the result in the form asked for; 0, or -1 (reported). */
static int write_solution(const cli_options *o, const input *in,
                          const bnb_result *r)
{
    FILE *f = cli_open_write(o->solution_file);
    if (f)
        cli_solution_write(f, o->solution_form, in->model, r);
    if (!f || cli_close_write(f)) {
        fprintf(stderr, "bnb: cannot write the solution to %s\n",
                o->solution_file);
        return -1;
    }
    return 0;
}

/* The parameters of the solve: glpk's form of an LP's solution has its
 * duals, which the LP alone gives (the same optimum). */
static bnb_params solve_params(const cli_options *o, const bnb_model *m)
{
    bnb_params p = o->par;
    if (o->solution_file && o->solution_form == CLI_SOL_GLPK &&
        bnb_num_int_cols(m) == 0)
        p.lp_only = 1;
    return p;
}

/* Solves with the listeners asked for and reports; returns the exit
 * status. start: --mip-start's values (NULL none). */
static int run(const cli_options *o, const input *in, const double *start)
{
    solutions all = {.n = bnb_num_cols(in->model)};
    listeners l = {.all = o->all ? &all : NULL, .start_given = !!start};
    bnb_result r;
    bnb_params par = solve_params(o, in->model);
    int rc = start_listening(o, in, &l), solve_rc = BNB_OK;
    int html_failed = 0, html_nomem = 0, solution_failed = 0;
    double started = bnb_clock();
    int reported = 0;
    if (rc == -2)
        fprintf(stderr, "bnb: out of memory\n");
    if (rc != 0)
        rc = rc == -2 ? CLI_EXIT_NOMEM : CLI_EXIT_USAGE;
    else if ((solve_rc = bnb_solve_start(in->model, &par, start,
                                         l.all || l.trace || l.tree ||
                                                 l.progress || l.events ||
                                                 l.html || l.start_given
                                             ? observe
                                             : NULL,
                                         &l, &r)) != BNB_OK) {
        fprintf(stderr, "bnb: %s\n", solve_rc == BNB_ERR_NOMEM
                                          ? "out of memory"
                                          : "invalid parameters");
        rc = solve_rc == BNB_ERR_NOMEM ? CLI_EXIT_NOMEM : CLI_EXIT_USAGE;
    } else {
        if (l.trace)
            cli_trace_finish(l.trace, &r);
        if (l.events)
            cli_events_finish(l.events, &r);
        int html_rc = l.html ? cli_html_write(l.html, o->html_file, &r,
                                              in->describe)
                             : 0;
        html_failed = html_rc == -1;
        html_nomem = html_rc == -2;
        if (start && !l.start_taken)
            fprintf(stderr, "bnb: note: the MIP start from %s was not used "
                    "(infeasible, or the search found no completion of "
                    "it)\n", o->mip_start);
        rc = report(in, o, &r, &all);
        if (html_nomem)   /* the page's records stopped the search */
            rc = CLI_EXIT_NOMEM;
        reported = 1;
        if (o->solution_file && write_solution(o, in, &r) != 0)
            solution_failed = 1;
        bnb_result_free(&r);
    }
    /* the header is out: a run that found no memory for the solve still
     * ends with its summary line (report() prints the others) */
    if (rc == CLI_EXIT_NOMEM && !reported && !o->quiet)
        print_empty_summary(BNB_OUT_OF_MEMORY, bnb_clock() - started);
    if (stop_listening(o, &l) != 0 || html_failed || solution_failed)
        rc = CLI_EXIT_USAGE;   /* a file asked for was not written */
    solutions_clear(&all);
    free(all.x);
    return rc;
}

/* --replay: the stream told as the trace, to --trace-file or stdout. */
static int replay(const cli_options *o, const input *in)
{
    FILE *f = cli_is_stdio(o->replay_file) ? stdin
                                           : fopen(o->replay_file, "r");
    if (!f) {
        fprintf(stderr, "bnb: cannot read %s\n", o->replay_file);
        return CLI_EXIT_USAGE;
    }
    FILE *out = o->trace_file ? cli_open_write(o->trace_file) : stdout;
    int rc = out ? cli_replay(f, o->replay_file, out, in->model,
                              o->trace ? o->trace : CLI_TRACE_NODES, &o->par,
                              &in->outline)
                 : -1;
    if (f != stdin)
        fclose(f);
    if (!out)
        fprintf(stderr, "bnb: cannot write the trace to %s\n",
                o->trace_file);
    if (out && o->trace_file && cli_close_write(out))
        rc = -1;
    if (rc == -2)
        fprintf(stderr, "bnb: out of memory\n");
    return rc == 0 ? CLI_EXIT_SOLVED
                   : rc == -2 ? CLI_EXIT_NOMEM : CLI_EXIT_USAGE;
}

/* --mip-start: the values read into *start (NULL when the file gives
 * none); returns -1, or the exit status after a message. */
static int read_start(const cli_options *o, const bnb_model *m,
                      double **start)
{
    if (!o->mip_start)
        return -1;
    int n = bnb_num_cols(m);
    double *x = malloc((size_t)(n ? n : 1) * sizeof *x);
    if (!x) {
        fprintf(stderr, "bnb: out of memory\n");
        return CLI_EXIT_NOMEM;
    }
    int given = cli_solution_read(o->mip_start, m, x);
    if (given < 0) {
        free(x);
        return CLI_EXIT_USAGE;
    }
    if (given == 0) {
        fprintf(stderr, "bnb: note: %s gives no values: no MIP start\n",
                o->mip_start);
        free(x);
        x = NULL;
    }
    *start = x;
    return -1;
}

/* Once the models are written: the replay, or the solve from the MIP
 * start; a file written to stdout moves the rest to stderr first.
 * Returns the exit status. */
static int solve_or_replay(const cli_options *o, const input *in)
{
    if (cli_writes_stdout(o) && cli_stdout_to_data() != 0)
        return CLI_EXIT_USAGE;
    if (o->replay_file)
        return replay(o, in);
    double *start = NULL;
    int rc = read_start(o, in->model, &start);
    if (rc < 0) {
        if (!o->quiet) {
            print_header(in);
            fflush(stdout);   /* shown even if a second signal kills */
        }
        rc = run(o, in, start);
    }
    free(start);
    return rc;
}

/* Raised by SIGINT or SIGTERM: the engine stops at its next check and
 * the best solution, bound and gap are printed as for a limit. */
static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* SA_RESETHAND: a second signal of the same kind kills at once. */
static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* Whatever was printed must have reached stdout: a full disk or a closed
 * pipe is exit 2 with a message, never a silent success. */
static int finish_output(int rc)
{
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        /* an earlier write may have failed with errno since reset: then
         * no reason is known ("Success" would be false) */
        fprintf(stderr, "bnb: cannot write the output%s%s\n",
                errno ? ": " : " (a write failed)",
                errno == ENOMEM ? "out of memory"
                                : errno ? strerror(errno) : "");
        return errno == ENOMEM ? CLI_EXIT_NOMEM : CLI_EXIT_USAGE;
    }
    return rc;
}

int main(int argc, char **argv)
{
    cli_options o;
    int rc = cli_parse(argc, argv, &o);
    if (rc >= 0)
        return finish_output(rc);
    catch_signals();
    o.par.interrupt = &interrupted;
    if (o.generate)
        return finish_output(cli_generate(&o));
    /* the time limit counts from here: reading and building the model
     * are part of it, and stop at it or at a signal as the search does */
    double started = bnb_clock();
    bnb_stop stop = {.interrupt = &interrupted,
                     .deadline = o.par.time_limit < CLI_NO_TIME_LIMIT
                                     ? started + o.par.time_limit : 0};
    input in;
    if ((rc = load_input(&o, &in, &stop, started)) >= 0)
        return finish_output(rc);
    if ((rc = cli_ranges_check(&o, in.model)) >= 0) {
        free_input(&in);
        return finish_output(rc);
    }
    o.par.time_limit = fmax(0, o.par.time_limit - (bnb_clock() - started));
    rc = write_models(&o, in.model);
    if (rc < 0)
        rc = o.no_solve ? CLI_EXIT_SOLVED : solve_or_replay(&o, &in);
    free_input(&in);
    return finish_output(rc);
}
