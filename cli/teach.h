/*
 * teach.h -- the teaching output of the bnb program: the search told as a
 * story in the model's names (--trace, --trace=lp, --tableau), the tree as
 * a picture (--tree) and the model's families (--model-stats).
 */
#ifndef TEACH_H
#define TEACH_H

#include <stdio.h>

#include "bnb.h"

/* ---- trace.c: --trace, --trace=lp and --tableau ------------------- */

typedef struct cli_trace cli_trace;
typedef struct cli_why cli_why;   /* why.c */

/* level: CLI_TRACE_*; tableau: also print tableaus (when small enough;
 * every number then as a fraction). par: tol_int (fractional columns)
 * and tol_verify (tight rows). NULL when out of memory. */
typedef struct cli_outline cli_outline;   /* grid.c */
cli_trace *cli_trace_new(FILE *out, const bnb_model *m, int level,
                         int tableau, const bnb_params *par,
                         const cli_outline *outline);
/* What every line of the trace, the tableau and the tree means
 * (--legend, --help). */
void cli_print_legend(FILE *out);
/* The observer's share: never asks to stop. */
int cli_trace_event(cli_trace *t, const bnb_event *ev);
/* The closing summary: nodes, depth, iterations, time, tight rows. */
void cli_trace_finish(cli_trace *t, const bnb_result *r);
void cli_trace_free(cli_trace *t);
/* One column's bounds before and after a node's propagation. */
typedef struct cli_bound_change {
    int col;
    double was_lo, was_up, lo, up;
} cli_bound_change;
/* The model's column bounds into lo/up: what a node's changes are told
 * against until the root's NODE_START snapshots the LP's (a refutation
 * before the root LP comes first). */
void cli_model_bounds(const bnb_model *m, double *lo, double *up);
/* The columns whose bounds differ between lo/up and the view v, up to
 * cap of them into ch; returns how many differ in all. */
int cli_bound_changes(const bnb_model *m, const double *lo, const double *up,
                      const bnb_lp_view *v, cli_bound_change *ch, int cap);
/* The propagation line of a node: count changes, the first len of them
 * in ch (a replay of --events calls it for its PROPAGATED events). */
void cli_trace_propagation(cli_trace *t, int propagated, int count,
                           const cli_bound_change *ch, int len);
/* The why line of an infeasible node (a replay calls it for the "why"
 * of its NODE and PROPAGATED events). */
void cli_trace_why(cli_trace *t, const cli_why *w);

/* ---- events.c: --events FILE.jsonl -------------------------------- */

typedef struct cli_events cli_events;

/* Writes the stream's first line (the model) to out; pivots: also write
 * every simplex pivot; picture: a puzzle's picture (one JSON object, as
 * --html carries it) for the model line, with the columns' names in
 * order so that a live viewer can draw the puzzle, or NULL. NULL when
 * out of memory. */
cli_events *cli_events_new(FILE *out, const bnb_model *m, int pivots,
                           const char *picture);
/* The observer's share: one line per event; never asks to stop. */
int cli_events_event(cli_events *e, const bnb_event *ev);
/* The stream's last line: the result. */
void cli_events_finish(cli_events *e, const bnb_result *r);
void cli_events_free(cli_events *e);

/* ---- html.c: --html FILE.html ------------------------------------ */

typedef struct cli_html cli_html;

/* tol_int: as --trace=grid, for the grid's drawing per node of a model
 * whose columns form a grid; picture: a puzzle's picture (one JSON
 * object, bnb_puzzle_write_picture's), drawn instead, or NULL. */
cli_html *cli_html_new(const bnb_model *m, double tol_int,
                       const char *picture);
/* The observer's share: asks to stop only when out of memory. */
int cli_html_event(cli_html *h, const bnb_event *ev);
/* Writes the page (title: what was solved); 0, or with a message -1
 * (the file could not be written) or -2 (out of memory). */
int cli_html_write(const cli_html *h, const char *path, const bnb_result *r,
                   const char *title);
void cli_html_free(cli_html *h);

/* ---- replay.c: --replay FILE.jsonl -------------------------------- */

/* Reads an --events stream of model m from in (name: for messages) and
 * tells it to out as --trace at level would have. Returns 0, -1 (a
 * message on stderr) when a line is not an event of m's stream, -2 when
 * out of memory. */
int cli_replay(FILE *in, const char *name, FILE *out, const bnb_model *m,
               int level, const bnb_params *par, const cli_outline *outline);

/* ---- grid.c: --trace=grid ----------------------------------------- */

typedef struct cli_grid cli_grid;

/* A puzzle's regions (cages, thermometers) for the grid's outlines:
 * region[rows*cols] ids, -1 for none. */
typedef struct cli_outline {
    int rows, cols;
    const int *region;
} cli_outline;

/* The puzzle grid of m's first family of binaries named x[r,c] or
 * x[r,c,d] (d a digit); NULL when m has none (or no memory). tol: a
 * value within tol of 0 or 1 counts as that. o (may be NULL): regions
 * outlined when their grid is the names' grid. */
cli_grid *cli_grid_new(const bnb_model *m, double tol, const cli_outline *o);
/* The LP values x[n] drawn on the grid, with row and column numbers and
 * a frame, each line after indent; the cell of column mark (-1: none)
 * is marked [ ]. */
void cli_grid_print(const cli_grid *g, FILE *out, const double *x,
                    int mark, const char *indent);
void cli_grid_free(cli_grid *g);

/* ---- tableau.c: the textbook tableau ------------------------------ */

/* A variable's name as the trace and tableau print it: the column's
 * name, or s_ROW for the slack of row ROW. */
void cli_var_name(const bnb_model *m, int k, char *buf, size_t len);
/* The textbook slack of row i is t = sign * (ref - activity): sign +1
 * with ref = up for a row with an upper bound, else -1 with ref = lo. */
double cli_slack_sign(const bnb_model *m, int i);
/* 1 if the tableau of m is small enough to read; else writes a one-line
 * refusal to out and returns 0. */
int cli_tableau_fits(FILE *out, const bnb_model *m);
/* Prints the tableau of view v with each line prefixed by indent. */
void cli_tableau_print(FILE *out, const bnb_model *m, const bnb_lp_view *v,
                       const char *indent);
/* The tableau row of basic column col as the equation a textbook
 * derives a Gomory cut from ("x1 + 9/4 s_c1 - 1/4 s_c2 = 9/4": basic
 * variable, nonbasic terms, constant), prefixed by indent; nothing when
 * col is not basic or the LP has cut rows. */
void cli_tableau_equation(FILE *out, const bnb_model *m,
                          const bnb_lp_view *v, int col, const char *indent);
/* The model's rows that the LP of v holds changed (coefficient
 * tightening, rounding), each beside the file's, prefixed by indent;
 * returns how many. */
int cli_tableau_lp_rows(FILE *out, const bnb_model *m, const bnb_lp_view *v,
                        const char *indent);
/* 1 when variable k of v sits at its upper (lower) bound and can move
 * from it; the caller knows k is nonbasic. */
int cli_at_upper(const bnb_lp_view *v, int k);
int cli_at_lower(const bnb_lp_view *v, int k);
/* v as an exact small fraction ("1/3", "-4") when it is one, else %.4g. */
void cli_fraction(char *buf, size_t len, double v);

/* ---- why.c: why a node is infeasible ------------------------------ */

/* Why a node is infeasible: rows (named, with multipliers) that add up
 * to a row sum coef x <= rhs (le) or >= rhs whose left side the
 * columns' bounds keep at least (at most) reach. The first
 * CLI_WHY_ROWS rows and CLI_WHY_TERMS terms are kept, the rest
 * counted. */
#define CLI_WHY_ROWS 6
#define CLI_WHY_TERMS 8
struct cli_why {
    int nrows, more_rows;
    char row[CLI_WHY_ROWS][128];
    int first_row;           /* the first row's index in the LP, -1 none */
    double mult[CLI_WHY_ROWS];
    int nterms, more_terms;
    int col[CLI_WHY_TERMS];
    double coef[CLI_WHY_TERMS];
    int le;
    double rhs, reach;
    /* A row propagation refuted by integrality (cli_why_row): the
     * integer column it leaves no whole value, -1 none; the values
     * [int_lo, int_up] its sides and the other columns' bounds leave
     * that column, and the row's sides. */
    int int_col;
    double int_lo, int_up;
    double row_lo, row_up;
};
/* From an infeasible LP's certificate (a NODE event's view): 1, or 0
 * without one. */
int cli_why_lp(const bnb_model *m, const bnb_lp_view *v, cli_why *w);
/* From row i, which propagation found violated (a PROPAGATED view);
 * with the column it leaves no whole value when that was the proof. */
int cli_why_row(const bnb_model *m, const bnb_lp_view *v, int i, cli_why *w);
/* "why: the rows c1 + 2 c2 add up to x + 3 y <= 4, which cannot hold:
 * under the node's bounds its left side is at least 5", or for a row
 * refuted by integrality "why: row r says 3 x + 6 y = 4, which under
 * the node's bounds of the other columns leaves y only 1/6, not
 * whole". */
void cli_why_print(FILE *out, const bnb_model *m, const cli_why *w,
                   const char *indent);

/* ---- tree.c: --tree FILE.dot (Graphviz) or FILE.bak (BAK log) ----- */

typedef struct cli_tree cli_tree;

cli_tree *cli_tree_new(const bnb_model *m);
/* The observer's share: asks to stop only when out of memory. */
int cli_tree_event(cli_tree *t, const bnb_event *ev);
/* Writes DOT, BAK when path ends in ".bak", or an SVG or PNG picture
 * drawn by Graphviz's dot for ".svg" and ".png" (refused when dot is
 * not installed). Returns 0, or -1 with a message on stderr. */
int cli_tree_write(const cli_tree *t, const char *path);
void cli_tree_free(cli_tree *t);
/* What the tree's colours and shapes mean. */
void cli_tree_legend(FILE *out);
/* 1 when path asks for a picture (.svg, .png) and dot can draw it; else
 * a message on stderr and 0. 1 for every other path. */
int cli_tree_can_write(const char *path);

/* ---- spawn.c: other programs (Graphviz's dot) -------------------- */
/* Where no program can be started (the WebAssembly build links
 * web/spawn.c instead), both say no. */

/* 1 when an executable called name is on the PATH. */
int cli_have_program(const char *name);
/* Runs argv[0] (looked up on the PATH) with argv and waits: 0 when it
 * exited with status 0, else -1. */
int cli_run_program(char *const argv[]);

/* ---- progress.c: --progress ---------------------------------------- */

typedef struct cli_progress cli_progress;

/* Status lines to out, the first after 2 s of search. NULL: no memory. */
cli_progress *cli_progress_new(FILE *out, const bnb_model *m);
/* The observer's share: never asks to stop. */
int cli_progress_event(cli_progress *p, const bnb_event *ev);
void cli_progress_free(cli_progress *p);

/* ---- explain.c: --explain ------------------------------------------ */

/* For an infeasible model: a set of rows that cannot all hold and each
 * of which is needed (deletion filter), named by family, to out. */
void cli_explain(FILE *out, const bnb_model *m, const bnb_params *par);

/* ---- stats.c: --model-stats and row/column families ---------------- */

/* Rows or columns whose names agree up to the first '[' form a family:
 * `(12)row[3]` is of family `(12)row`, the paper's equation (12). */
typedef struct cli_family {
    const char *name;        /* the first member's name                  */
    int len;                 /* the family's part of it                  */
    int count;               /* members                                  */
    int tally[4];            /* a caller's counts by kind of member      */
    long nonzeros;           /* of the family's rows                     */
} cli_family;

typedef struct cli_families {
    cli_family *f;           /* [count] in order of first appearance     */
    int count, cap;
} cli_families;

/* The index of name's family, created when new; -1 when out of memory. */
int cli_family_of(cli_families *fs, const char *name);
void cli_families_free(cli_families *fs);

void cli_model_stats(FILE *out, const bnb_model *m);

/* json.c: s as a JSON string, for the event stream; _html also escapes
 * '<', '>' and '&' (a string inside the viewer page's script). */
void cli_json_string(FILE *f, const char *s);
void cli_json_string_html(FILE *f, const char *s);

#endif
