/*
 * bnb.h -- the public API of the bnb integer-programming library.
 * A model (named columns and sparse rows), parameters, one solve call,
 * a result, and an event callback through which the engine reports
 * what it does (the engine itself never prints).
 */
#ifndef BNB_H
#define BNB_H

#include <math.h>
#include <signal.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's interface; the library is
 * built with -fvisibility=hidden, so only these names are exported. */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

#define BNB_VERSION "0.1.0"

/* The library's version ("0.1.0"), which may differ from the header's
 * BNB_VERSION when the program was linked against another build. */
const char *bnb_version(void);

/* Infinite bounds are +-BNB_INF; readers map |v| >= 1e30 to infinity. */
#define BNB_INF INFINITY

/* Error codes returned by model and I/O functions (never a solve status). */
enum {
    BNB_OK = 0,
    BNB_ERR_NOMEM = -1,   /* allocation failed or a size limit was hit */
    BNB_ERR_DUP = -2,     /* a column or row of that name exists */
    BNB_ERR_ARG = -3,     /* an index out of range, lo > up, NaN, ... */
    BNB_ERR_IO = -4,      /* a file could not be read or written */
    BNB_ERR_TOO_LARGE = -5, /* a model cap (BNB_MAX_ITEMS) was reached */
    BNB_ERR_STOPPED = -6  /* a bnb_stop stopped it (interrupt, deadline) */
};

/* The caps of a model: columns, rows and nonzeros each (a larger model
 * is refused with BNB_ERR_TOO_LARGE, not taken as out of memory), and
 * the largest file the readers take (an endless input such as a device
 * is refused there, not read until memory runs out). */
#define BNB_MAX_ITEMS 10000000
#define BNB_MAX_FILE_BYTES (1L << 30)

/* ------------------------------------------------------------------ */
/* Model: columns x[j] with lo[j] <= x[j] <= up[j], rows                */
/*     lo[i] <= sum_j a[i][j] x[j] <= up[i],                            */
/* objective  min or max  offset + sum_j c[j] x[j].                     */
/* A row's sense follows from its bounds: up only "<=", lo only ">=",   */
/* lo == up "=", both finite and different a range.                     */
/* ------------------------------------------------------------------ */

typedef struct bnb_model bnb_model;

typedef enum { BNB_MINIMIZE = 1, BNB_MAXIMIZE = -1 } bnb_sense;

bnb_model *bnb_model_new(const char *name);
void bnb_model_free(bnb_model *m);

/* Returns the new column's index (0-based) or a negative BNB_ERR_*. */
int bnb_add_col(bnb_model *m, const char *name, double lo, double up,
                double obj, int is_int);
/* Returns the new row's index or a negative BNB_ERR_*. The coefficients
 * are copied; a column listed twice has its coefficients added. */
int bnb_add_row(bnb_model *m, const char *name, int len, const int *cols,
                const double *vals, double lo, double up);
/* a[row][col] += val, for readers that get coefficients by column: a
 * repeat of the row's last column is summed; the caller avoids others. */
int bnb_add_coef(bnb_model *m, int row, int col, double val);

int bnb_set_col_bounds(bnb_model *m, int col, double lo, double up);
int bnb_set_col_int(bnb_model *m, int col, int is_int);
int bnb_set_obj_coef(bnb_model *m, int col, double c);
int bnb_set_row_bounds(bnb_model *m, int row, double lo, double up);
void bnb_set_sense(bnb_model *m, bnb_sense sense);
void bnb_set_obj_offset(bnb_model *m, double offset);
int bnb_set_obj_name(bnb_model *m, const char *name);

const char *bnb_model_name(const bnb_model *m);
const char *bnb_obj_name(const bnb_model *m);   /* "obj" unless set */
bnb_sense bnb_model_sense(const bnb_model *m);
double bnb_obj_offset(const bnb_model *m);
int bnb_num_cols(const bnb_model *m);
int bnb_num_rows(const bnb_model *m);
long bnb_num_nonzeros(const bnb_model *m);
int bnb_num_int_cols(const bnb_model *m);

const char *bnb_col_name(const bnb_model *m, int col);
double bnb_col_lo(const bnb_model *m, int col);
double bnb_col_up(const bnb_model *m, int col);
double bnb_col_obj(const bnb_model *m, int col);
int bnb_col_is_int(const bnb_model *m, int col);

const char *bnb_row_name(const bnb_model *m, int row);
double bnb_row_lo(const bnb_model *m, int row);
double bnb_row_up(const bnb_model *m, int row);
int bnb_row_len(const bnb_model *m, int row);
const int *bnb_row_cols(const bnb_model *m, int row);     /* [len] */
const double *bnb_row_vals(const bnb_model *m, int row);  /* [len] */

/* Index of the column/row with that name, or -1. */
int bnb_find_col(const bnb_model *m, const char *name);
int bnb_find_row(const bnb_model *m, const char *name);

/* ------------------------------------------------------------------ */
/* Model files. Errors are written to err as "file:line:col: message"; */
/* a model read holds a warning there ("file:line:col: warning: ...",  */
/* a coefficient too small to keep, FORMATS.md) or "". The path "-"   */
/* is standard input to a reader ("-:line:col: ...") and standard     */
/* output to a writer (flushed, not closed).                          */
/* ------------------------------------------------------------------ */

bnb_model *bnb_read_mps(const char *path, char *err, size_t errlen);
bnb_model *bnb_read_lp(const char *path, char *err, size_t errlen);
int bnb_write_mps(const bnb_model *m, const char *path, char *err,
                  size_t errlen);
int bnb_write_lp(const bnb_model *m, const char *path, char *err,
                 size_t errlen);

/* ------------------------------------------------------------------ */
/* Parameters: X(type, name, default, min, max, textbook, help) is the */
/* one place every tolerance, limit and technique switch lives; the     */
/* CLI's --help is made from it. The textbook column is the value under */
/* --textbook (bnb_params_textbook): plain LP-based branch and bound on */
/* the model as written, every technique that changes the model, its LP */
/* or the search beyond that switched off; BNB_AS_DEFAULT keeps the     */
/* default (tolerances, limits, and the simplex's scaling, pricing and  */
/* cost perturbation, which change its path, never the LP it solves nor */
/* a value shown).                                                      */
/* The ranges exclude values that cannot work (tests/e2e/t_params.sh    */
/* sweeps them): a zero primal or dual tolerance lets rounding noise    */
/* decide feasibility (wrong optima, endless pivoting), a pivot         */
/* tolerance above 1e-5 skips genuine pivots ("unbounded" p0033), a     */
/* zero tol_int makes propagation round noise up (egout 587.7 for      */
/* 568.1), a zero tol_verify rejects every computed LP solution, a     */
/* mip_gap above 1 would let a better incumbent bring back a node given */
/* up (z - mip_gap |z| must grow with z).                               */
/* ------------------------------------------------------------------ */

/* AUTO: for a model without objective (every coefficient zero, e.g. a
 * puzzle) the first fractional column in column order with its up branch
 * first: it walks a puzzle cell by cell, committing to a value as a
 * person would, with propagation doing the rest; otherwise pseudocosts
 * and the nearer child. */
/* LEAST_FRACTIONAL: the column nearest an integer (ties as for the
 * most fractional: the larger |objective coefficient|, then column
 * order). STRONG: full strong branching, both children's LPs of every
 * fractional column solved from the node's basis, the largest product of
 * the two objective gains wins (a child its LP closes counts as an
 * infinite gain); its LPs are reported in BRANCH's strong and
 * strong_iters, their pivots not as PIVOT events. */
enum { BNB_BRANCH_MOST_FRACTIONAL, BNB_BRANCH_FIRST_FRACTIONAL,
       BNB_BRANCH_PSEUDOCOST, BNB_BRANCH_AUTO, BNB_BRANCH_LEAST_FRACTIONAL,
       BNB_BRANCH_STRONG };
enum { BNB_CHILD_DOWN, BNB_CHILD_UP, BNB_CHILD_NEAREST, BNB_CHILD_AUTO };
/* Dual simplex pricing (lp_pricing). */
enum { BNB_PRICING_DEVEX, BNB_PRICING_ROOT_STEEPEST, BNB_PRICING_STEEPEST,
       BNB_PRICING_AUTO };
/* Node selection (node_select): the newest open node (LIFO), that with
 * backtracking to the best bound once a solution is known, always the
 * best bound, the oldest (FIFO). */
enum { BNB_SELECT_DEPTH_FIRST, BNB_SELECT_BEST_BACKTRACK,
       BNB_SELECT_BEST_FIRST, BNB_SELECT_BREADTH_FIRST };

/* The textbook column's marker: under bnb_params_textbook the parameter
 * keeps its default (see the BNB_PARAMS table). */
#define BNB_AS_DEFAULT NAN

#define BNB_PARAMS(X)                                                       \
    X(double, tol_primal, 1e-9, 1e-12, 1e-3, BNB_AS_DEFAULT,                \
      "bound violation allowed in a simplex basis (scaled by 1+|bound|)")   \
    X(double, tol_dual, 1e-9, 1e-12, 1e-3, BNB_AS_DEFAULT,                  \
      "reduced-cost sign violation allowed at an optimum")                  \
    X(double, tol_pivot, 1e-7, 1e-12, 1e-5, BNB_AS_DEFAULT,                 \
      "smallest |pivot| the ratio tests accept")                            \
    X(double, tol_singular, 1e-11, 1e-16, 1e-3, BNB_AS_DEFAULT,             \
      "smallest |pivot| the refactorization of the basis accepts")          \
    X(double, tol_int, 1e-6, 1e-9, 0.5, BNB_AS_DEFAULT,                     \
      "|x - round(x)| at which a value counts as integral")                 \
    X(double, tol_verify, 1e-6, 1e-9, 1e-2, BNB_AS_DEFAULT,                 \
      "violation of a row or bound a reported solution may have: "          \
      "absolute, times 1+|rhs| only as far as continuous terms reach")      \
    X(double, mip_gap, 0, 0, 1, BNB_AS_DEFAULT,                             \
      "relative gap: the search may stop once |best - bound| <= mip_gap "   \
      "* max(|best|, 1e-10) (bnb_relative_gap), status 'optimal within "    \
      "gap'; 0: proven optimal")                                            \
    X(double, abs_gap, 0, 0, 1e15, BNB_AS_DEFAULT,                          \
      "absolute gap: the search may stop once |best - bound| <= abs_gap, "  \
      "status 'optimal within gap'; 0: proven optimal")                     \
    X(int, seed, 0, 0, 1000000000, BNB_AS_DEFAULT,                          \
      "drives every pseudo-random choice of the engine (the simplex's "     \
      "cost and bound perturbations, the feasibility pump, conflict "       \
      "branching's ties): the same seed gives the same search")            \
    X(double, node_limit, 1e15, 1, 1e15, BNB_AS_DEFAULT,                    \
      "stop after this many branch-and-bound nodes")                        \
    X(double, time_limit, 1e15, 0, 1e15, BNB_AS_DEFAULT,                    \
      "stop after this many seconds")                                       \
    X(double, iter_limit, 1e15, 1, 1e15, BNB_AS_DEFAULT,                    \
      "stop after this many simplex iterations in all")                     \
    X(double, cost_perturbation, 1e-3, 0, 1, BNB_AS_DEFAULT,                \
      "largest random cost the simplex gives the columns of a model "       \
      "without objective, against dual degeneracy (0: none)")               \
    X(int, refactor_every, 100, 1, 100000, BNB_AS_DEFAULT,                  \
      "most simplex pivots between refactorizations of the basis inverse") \
    X(int, node_select, BNB_SELECT_BEST_BACKTRACK, 0, 3,                    \
      BNB_SELECT_DEPTH_FIRST,                                               \
      "0 pure depth first, 1 depth first with backtracking to the best "    \
      "bound once a solution is known, 2 best bound first, 3 breadth "      \
      "first (the oldest open node)")                                       \
    X(int, branch_rule, BNB_BRANCH_AUTO, 0, 5, BNB_BRANCH_MOST_FRACTIONAL,  \
      "0 most fractional, 1 first fractional, 2 pseudocost, 3 auto, "       \
      "4 least fractional, 5 strong (both children's LPs of every "         \
      "candidate solved, the best product of gains wins)")                  \
    X(int, child_first, BNB_CHILD_AUTO, 0, 3, BNB_CHILD_DOWN,               \
      "0 down branch first, 1 up first, 2 the nearer integer first, "       \
      "3 auto")                                                             \
    X(int, probing, 1, 0, 1, 0,                                             \
      "1: before the root LP of a model without objective, fix each "       \
      "binary column whose 0 or 1 the rows refute by propagation")          \
    X(int, lp_algorithm, 0, 0, 2, 1,                                        \
      "root LP: 0 auto (the dual simplex, after a dual phase 1 when the "  \
      "slack basis is not dual feasible; the primal when no basis is), "   \
      "1 primal (the textbooks' simplex from the slack basis, phase 1 "    \
      "when it is infeasible), 2 dual (as auto)")                           \
    X(int, lp_pricing, BNB_PRICING_AUTO, 0, 3, BNB_AS_DEFAULT,              \
      "dual simplex pricing: 0 Devex, 1 steepest edge for the root LP and " \
      "Devex in the tree, 2 steepest edge everywhere, 3 auto (2 with an "   \
      "objective, else 1)")                                                 \
    X(int, lp_recovery, 1, 0, 1, BNB_AS_DEFAULT,                            \
      "1: a verdict whose certificate fails its check is retried (smaller " \
      "pivots, the other algorithm) before it is a numerical failure")      \
    X(int, lp_scaling, 1, 0, 1, BNB_AS_DEFAULT,                             \
      "1: the simplex scales rows and columns by powers of 2 (geometric "   \
      "mean, then equilibration) unless all |a_ij| are in [0.1, 10]; "     \
      "every value shown is of the model as given; 0: no scaling")          \
    X(int, lp_crash, 1, 0, 1, 0,                                            \
      "1: when every column has two bounds, the root LP starts from a "     \
      "triangular crash basis (structural columns instead of the fixed "    \
      "slacks of equality rows) rather than the slack basis")               \
    X(int, lp_budget, 100, 0, 1000000, BNB_AS_DEFAULT,                      \
      "one LP solve, with all its recoveries, may take this many simplex " \
      "iterations per row and column before it ends as a numerical "       \
      "failure that names the stall (0: no such limit)")                   \
    X(int, lp_structural_ties, 1, 0, 1, 0,                                  \
      "1: ties of the dual simplex's pricing and ratio test, and of the "   \
      "order of cuts and propagation, go by a key of the LP's structure, " \
      "so the search is the same in any order of the model's columns and " \
      "rows; 0: by the lower index, as the textbooks break them")          \
    X(int, lp_presolve, 1000, 0, 1000000000, 0,                             \
      "the root LP of a model of at least this many rows starts from the "  \
      "optimal basis of a reduced LP (fixed columns, empty, singleton and " \
      "repeated rows and doubleton equations taken out); 0: never")        \
    X(int, conflict_learning, 1, 0, 1, 0,                                   \
      "1: a model without objective learns a no-good row from each node "   \
      "that propagation or its LP refutes (first-UIP conflict analysis)")   \
    X(int, conflict_branching, 1, 0, 1, 0,                                  \
      "1: without objective, branch on the fractional column most "         \
      "active in recent conflicts (decaying, as VSIDS); 0: column order")  \
    X(int, restart_base, 100, 0, 1000000, 0,                                \
      "without objective, restart from the root after this many "           \
      "conflicts times the Luby sequence, keeping the learned rows "        \
      "(0: never)")                                                         \
    X(int, diving, 1, 0, 1, 0,                                              \
      "1: without objective, a dive that fixes and propagates columns "     \
      "looks for a solution before the search branches")                    \
    X(int, pump, 1, 0, 1, 0,                                                \
      "1: when the dive finds no solution, the feasibility pump looks for "  \
      "one (rounding by propagation, then the LP point nearest that "       \
      "rounding, and again)")                                               \
    X(int, enumerate_all, 0, 0, 1, BNB_AS_DEFAULT,                          \
      "1: report every optimal solution, not just one")                     \
    X(int, lp_only, 0, 0, 1, BNB_AS_DEFAULT,                                \
      "1: solve the LP relaxation only")                                    \
    X(int, ranging, 0, 0, 1, BNB_AS_DEFAULT,                                \
      "1: with lp_only, the result holds the optimal basis's ranges: "      \
      "each objective coefficient's and each row side's (bnb_result)")     \
    X(int, presolve, 1, 0, 1, 0,                                            \
      "1: tighten coefficients of binary columns in one-sided rows "        \
      "before the root LP")                                                 \
    X(int, row_rounding, 1, 0, 1, 0,                                        \
      "1: a row of integer columns with integer coefficients is divided "   \
      "by their greatest common divisor and its sides rounded to whole "    \
      "numbers before the root LP (a Chvatal-Gomory rounding), and an "     \
      "integer column's fractional bounds rounded inward")                  \
    X(int, integral_objective, 1, 0, 1, 0,                                  \
      "1: when every solution's objective is a whole number (integer "      \
      "coefficients on integer columns only), a node must promise a "      \
      "whole 1 better than the incumbent to be explored; 0: any better"     \
      " bound")                                                             \
    X(int, propagation, 1, 0, 1, 0,                                         \
      "1: push each node's bound changes through the rows before its LP")  \
    X(int, root_propagation, 1, 0, 1, 0,                                    \
      "1: with propagation, push every row once before the root LP, as "    \
      "presolve does (continuous columns too)")                             \
    X(int, penalties, 1, 0, 1, 0,                                           \
      "1: Driebeck-Tomlin penalties bound each child before its LP and "   \
      "score the branching candidates")                                     \
    X(int, rc_fixing, 1, 0, 1, 0,                                           \
      "1: reduced-cost fixing tightens columns that cannot move without "  \
      "losing to the incumbent")                                            \
    X(int, root_rc_fixing, 1, 0, 1, 0,                                      \
      "1: with each better solution, the root LP's reduced costs fix "     \
      "columns in the whole tree (not only below a node)")                 \
    X(int, lp_cutoff, 1, 0, 1, 0,                                           \
      "1: close a node as soon as its bound cannot beat the incumbent "    \
      "(before its LP, or when the dual simplex passes it); 0: solve "     \
      "every node's LP to the end")                                         \
    X(double, solution_limit, 1e15, 1, 1e15, BNB_AS_DEFAULT,                \
      "with enumerate_all: stop enumerating after this many solutions "    \
      "of the best value (the rest of the search proves them optimal)")  \
    X(int, basis, 0, 0, 1, BNB_AS_DEFAULT,                                  \
      "basis inverse: 0 (lu) sparse L/U factors, 1 (dense) the explicit "   \
      "m x m inverse of the textbooks, up to 5000 rows")                    \
    X(int, cuts, 15, 0, 15, 0,                                              \
      "cutting planes at the root of a model with an objective, the sum "   \
      "of 1 Gomory, 2 MIR (with flow covers), 4 knapsack cover, 8 clique; " \
      "0 none")                                                             \
    X(int, cover_lifting, 1, 0, 1, 0,                                       \
      "1: with the cover cuts, covers of a knapsack row's fractional "     \
      "binaries with its ones fixed, lifted exactly (Gu, Nemhauser and "   \
      "Savelsbergh); 0: only the covers lifted as Balas does")            \
    X(int, cut_rounds, 30, 1, 1000, BNB_AS_DEFAULT,                         \
      "most rounds of cuts at the root (they stop earlier once the "        \
      "bound stalls)")                                                      \
    X(int, cut_freq, 10, 0, 1000, BNB_AS_DEFAULT,                           \
      "cuts in the tree too, at nodes whose depth is a multiple of this, "  \
      "when the root's cuts closed half the gap to the incumbent (MIR, "    \
      "cover and clique cuts valid in the whole tree); 0: root only")       \
    X(int, strong_init, 100, 0, 1000, 0,                                    \
      "columns per node whose pseudocosts strong branching initialises "    \
      "(their sides' LPs solved once, within half the search's simplex "    \
      "iterations; 0: none)")                                               \
    X(int, heuristics, 1, 0, 1, 0,                                          \
      "1: simple rounding, a fractional and a coefficient dive at the "     \
      "root of a model with an objective, and now and then a dive in the "  \
      "tree (guided by the incumbent once there is one)")                   \
    X(int, rins, 1, 0, 1, 0,                                                \
      "1: once a solution is known, now and then a node fixes the integer " \
      "columns where its LP point and the solution agree and searches "     \
      "the rest for a better one (RINS, 500 nodes)")                        \
    X(int, symmetry, 1, 0, 1, 0,                                            \
      "1: find interchangeable blocks of binary columns from the model "    \
      "(column permutations that map it to itself, such as the bins of a " \
      "bin packing) and fix columns by orbitopal fixing at the root; off "  \
      "when enumerating (it keeps one solution of each symmetric set)")   \
    X(double, memory_limit, 0, 0, 1e9, BNB_AS_DEFAULT,                      \
      "megabytes the open nodes may hold (0: a quarter of physical "        \
      "memory); past 90% the search goes depth first, past 100% it stops")

typedef struct bnb_params {
#define BNB_PARAM_FIELD(type, name, def, lo, hi, tb, help) type name;
    BNB_PARAMS(BNB_PARAM_FIELD)
#undef BNB_PARAM_FIELD
    /* A flag the caller may raise (e.g. from a signal handler) to stop
     * the solve at its next check, inside the LP too: status BNB_STOPPED
     * with the best solution so far. NULL (the default): none. */
    volatile sig_atomic_t *interrupt;
} bnb_params;

void bnb_params_default(bnb_params *p);
/* The textbook column of the table: depth first, most fractional, the
 * down child first (Taha's example 9.2-1 takes x1 <= 3 before x1 >= 4),
 * no presolve, row rounding, propagation, probing, cuts, heuristics,
 * conflict learning, strong branching, penalties or cutoffs. */
void bnb_params_textbook(bnb_params *p);
/* Returns 0, or the name of the first parameter out of its range. */
const char *bnb_params_check(const bnb_params *p);

/* ------------------------------------------------------------------ */
/* Events. The engine calls the observer at each step; a nonzero       */
/* return asks the engine to stop (status BNB_STOPPED).                */
/* Variable indices in events: j < n a column, n + i the slack of row  */
/* i (slack = row activity).                                           */
/* ------------------------------------------------------------------ */

typedef enum {
    BNB_EV_NODE,        /* a node's LP was solved                          */
    BNB_EV_BRANCH,      /* the node branches on col                        */
    BNB_EV_PRUNED,      /* the node is closed: see reason                  */
    BNB_EV_INCUMBENT,   /* a new best solution (x)                         */
    BNB_EV_SOLUTION,    /* with enumerate_all: each solution found (x)     */
    BNB_EV_PIVOT,       /* one simplex iteration                           */
    BNB_EV_FINISH,      /* the search ended                                */
    BNB_EV_LP_START,    /* a simplex run of the root LP starts (view)      */
    BNB_EV_NODE_START,  /* a node is about to be propagated and solved     */
    BNB_EV_PROPAGATED,  /* propagation ran at a node, before its LP (view)  */
    BNB_EV_CUT,         /* a cut joins the root LP (cut_*)                 */
    BNB_EV_CUT_ROUND,   /* a round of cuts was added and the LP re-solved  */
    BNB_EV_LEARNED,     /* a no-good row learned from node's failure       */
    BNB_EV_RESTART,     /* the search starts over from the root            */
    BNB_EV_DIVE,        /* the diving heuristic ended                      */
    BNB_EV_PUMP,        /* the feasibility pump ended                      */
    BNB_EV_MODEL_CHANGE, /* presolve changed a row before the root LP      */
    BNB_EV_SYMMETRY     /* interchangeable blocks found, columns fixed     */
} bnb_event_type;

/* What a MODEL_CHANGE did to its row (row_rounding, presolve). */
typedef enum {
    BNB_CHANGE_ROW_ROUNDED,     /* divided by the gcd, a side rounded      */
    BNB_CHANGE_COEF_TIGHTENED   /* a binary column's coefficient shrunk    */
} bnb_change_kind;

/* Families of cutting planes. */
typedef enum {
    BNB_CUT_GOMORY, BNB_CUT_MIR, BNB_CUT_COVER, BNB_CUT_CLIQUE,
    BNB_CUT_KINDS
} bnb_cut_kind;

typedef enum {
    BNB_PRUNE_INFEASIBLE, BNB_PRUNE_BOUND, BNB_PRUNE_INTEGRAL,
    BNB_PRUNE_UNBOUNDED
} bnb_prune_reason;

typedef enum {
    BNB_LP_OPTIMAL, BNB_LP_INFEASIBLE, BNB_LP_UNBOUNDED, BNB_LP_CUTOFF,
    BNB_LP_LIMIT, BNB_LP_NUMERIC
} bnb_lp_status;

typedef struct bnb_lp_view bnb_lp_view;

typedef struct bnb_event {
    bnb_event_type type;
    long node, parent;          /* node ids from 0 (root); parent -1      */
    int depth;
    /* the bound change that created the node / the branching column:    */
    int col, dir;               /* dir -1: col <= bound, +1: col >= bound */
    double bound, value;        /* value: the column's LP value           */
    /* NODE: */
    bnb_lp_status lp_status;
    double lp_obj;              /* in the model's sense, with offset      */
    long lp_iters;
    int by_dual;                /* the LP was solved by the dual simplex  */
    int propagated;             /* bounds propagation tightened before the
                                   LP; -1: it proved the node infeasible
                                   (also on the root's NODE_START: the
                                   bounds every row's propagation
                                   tightened before the root LP) */
    int nfrac;                  /* fractional integer columns             */
    /* LP_START: the basis in view is the one the run starts from (the
     * slack basis, a crash basis, the LP presolve's, or dual phase 1's
     * end when the dual simplex follows it), nonbasic columns at the
     * bounds the run puts them; phase as PIVOT's. None when the LP
     * presolve decides the LP alone. len: the columns whose bounds
     * still leave a choice (0: probing and propagation fixed them all). */
    int probed;                 /* binary columns probing fixed           */
    /* BRANCH: bounds reduced-cost fixing tightened at the node before
     * it branched; NODE_START: bounds root reduced-cost fixing
     * tightened in the whole tree as the node was resumed (a better
     * incumbent came since the last fixings) */
    int rc_fixed;
    const double *x;            /* [n] column values, NODE and solutions  */
    int n;
    /* INCUMBENT: the heuristic that found it, or NULL (a node's LP)     */
    const char *found_by;
    /* PRUNED: */
    bnb_prune_reason reason;
    double incumbent;           /* best objective so far (or +-inf)       */
    int improved;               /* PRUNED integral: became the incumbent  */
    /* PIVOT: */
    int phase;                  /* 1, 2 primal; 3 dual; 4 dual phase 1    */
    int entering, leaving;      /* variable indices (see above); -1 none  */
    int flips;                  /* bound flips in this iteration          */
    double dj, ratio, objective;
    long iteration;
    /* LEARNED: the row  sum_k vals[k] x[cols[k]] <= bound (over len);   */
    /* RESTART: restarts so far, after `node` nodes, len rows learned;   */
    /* DIVE: len columns fixed, improved 1 when it found a solution.     */
    int len;
    const int *cols;
    const double *vals;
    long restarts;
    /* CUT: sum cut_vals[k] x[cut_cols[k]] <= cut_rhs, from the model's   */
    /* row cut_row (-1: several rows, or the tableau row of a column,    */
    /* cut_col).                                                          */
    int cut_kind, cut_len, cut_row, cut_col;
    const int *cut_cols;        /* [cut_len]                              */
    const double *cut_vals;     /* [cut_len]                              */
    double cut_rhs;
    /* CUT_ROUND: cuts of each kind; the bound before (lp_obj after).    */
    int round, cut_count[BNB_CUT_KINDS];
    double bound_before;
    /* PIVOT (after the pivot; NULL for a pivot of the LP presolve's    */
    /* smaller LP), LP_START and CUT (the LP the cut is                 */
    /* derived from): the simplex, read-only.                            */
    const bnb_lp_view *view;   /* see bnb_view_* below               */
    /* NODE_START and PROPAGATED also carry view: the bounds before and
     * after the node's propagation; NODE: an infeasible LP's
     * certificate (bnb_view_farkas; not when propagation closed the
     * node, propagated -1: no LP ran). NODE_START, NODE: */
    double parent_obj;          /* the parent's LP objective (model sense) */
    double node_bound;          /* the bound known before the node's LP:
                                   parent_obj worsened by the penalty   */
    /* BRANCH and PRUNED: the search's state once the node is done */
    long open;                  /* open nodes (not yet solved)            */
    double best_bound;          /* best bound over them (model sense,
                                   never past the incumbent), +-inf none */
    /* BRANCH: why this column (branch_rule, as resolved) */
    int rule;
    double score;               /* the rule's score of col               */
    int runner;                 /* the runner-up column, -1 none         */
    double runner_score;
    double penalty[2];          /* the children's penalties: down, up    */
    int strong;                 /* columns whose pseudocosts strong
                                   branching initialised at this node    */
    long strong_iters;          /* its simplex iterations (their pivots
                                   are not reported as PIVOT events)     */
    /* MODEL_CHANGE: the model's row `row` as the LP will have it. dir is
     * the side that changed (-1 its <= side, +1 its >= side), from
     * old_rhs to new_rhs. ROW_ROUNDED: the row, every coefficient a
     * multiple of divisor, divided by it: old_rhs / divisor rounded to
     * new_rhs / divisor. COEF_TIGHTENED: col's coefficient from old_coef
     * to new_coef (old_rhs == new_rhs when the side stayed). The model
     * itself is never changed: solutions are verified against it. */
    int change, row;
    double divisor, old_coef, new_coef, old_rhs, new_rhs;
    /* SYMMETRY: `blocks` interchangeable blocks of `block_cols` binary
     * columns each (every permutation of the blocks maps the model to
     * itself: blocks - 1 swaps were found and checked exact), of whose
     * rows packing_rows hold at most one 1; len columns fixed to 0. */
    int blocks, block_cols, packing_rows;
} bnb_event;

typedef int (*bnb_observer)(void *ctx, const bnb_event *ev);

/* ------------------------------------------------------------------ */
/* A read-only view of the simplex, for teaching output (a tableau).   */
/* Valid only during the observer call that received it. The LP is    */
/*     minimise  sense * c^T x   subject to   A x - s = 0,             */
/*     lo <= (x, s) <= up,                                             */
/* with sense +1 (min) or -1 (max): the simplex always minimises.      */
/* Variable k < n is column k, n + i the activity s_i of row i.        */
/* Reading the view does not change the search.                        */
/* ------------------------------------------------------------------ */

int bnb_view_rows(const bnb_lp_view *v);                 /* m          */
int bnb_view_cols(const bnb_lp_view *v);                 /* n          */
int bnb_view_head(const bnb_lp_view *v, int r);  /* basic var of row r */
double bnb_view_value(const bnb_lp_view *v, int k);
/* 1 in dual phase 1: the values are those of its auxiliary LP (every
 * bound 0, each missing bound a box of width 1). */
int bnb_view_auxiliary(const bnb_lp_view *v);
double bnb_view_lo(const bnb_lp_view *v, int k); /* bounds now, with   */
double bnb_view_up(const bnb_lp_view *v, int k); /* branching's        */
/* alpha[n+m] = row r of B^-1 [A | -I]; alpha[head(r)] = 1. */
void bnb_view_tableau_row(const bnb_lp_view *v, int r, double *alpha);
/* d[n+m] = sense*c - (sense*c_B)^T B^-1 [A | -I], 0 on basic variables.
 * Returns BNB_OK or BNB_ERR_NOMEM. */
int bnb_view_reduced_costs(const bnb_lp_view *v, double *d);
/* Row i of the LP's A as the simplex has it (coefficient tightening and
 * rounding may have changed the model's row; cuts are rows m, m+1, ...),
 * unscaled: len entries cols/vals, read-only. Its bounds are
 * bnb_view_lo/up(v, n + i). */
void bnb_view_row(const bnb_lp_view *v, int i, int *len, const int **cols,
                  const double **vals);
/* Rows the LP presolve took out before the first solve, 0 none. */
int bnb_view_presolved_rows(const bnb_lp_view *v);
/* After an infeasible LP: its Farkas certificate y over the rows (y[m]
 * for the view's m rows), y^T (A x) in [*lo, *up] being a row implied
 * by the rows that no x within the column bounds meets: coef[n] =
 * y^T A. Returns 1, or 0 when there is none. */
int bnb_view_farkas(const bnb_lp_view *v, double *y, double *coef,
                    double *lo, double *up);
/* After a PROPAGATED event that proved the node infeasible: the row
 * propagation found violated (view row index), or -1 when it was a
 * learned row. */
int bnb_view_failed_row(const bnb_lp_view *v);
/* With bnb_view_failed_row: the integer column that row leaves no whole
 * value (the bounds the row and the others' bounds imply for it hold
 * only fractions), or -1 when the row's activity range missed a side. */
int bnb_view_failed_col(const bnb_lp_view *v);

/* ------------------------------------------------------------------ */
/* Solving                                                             */
/* ------------------------------------------------------------------ */

typedef enum {
    BNB_OPTIMAL,        /* proven optimal (or all solutions enumerated)   */
    BNB_INFEASIBLE,
    BNB_UNBOUNDED,
    BNB_NODE_LIMIT, BNB_TIME_LIMIT, BNB_ITER_LIMIT,
    BNB_STOPPED,        /* the observer asked to stop                     */
    BNB_NUMERIC,        /* numerical failure: no answer can be trusted    */
    BNB_OUT_OF_MEMORY,  /* an allocation failed: the search was cut short */
    BNB_GAP_LIMIT,      /* "optimal within gap": a solution within
                           mip_gap or abs_gap of the bound, the search
                           stopped there (bound in the result)           */
    BNB_MEMORY_LIMIT    /* the open nodes reached memory_limit            */
} bnb_status;

/* A variable's place in an optimal basis (the codes glpsol prints):
 * basic, nonbasic at its lower or upper bound, nonbasic free (at 0),
 * nonbasic fixed (lower == upper). */
typedef enum {
    BNB_BASIC, BNB_AT_LOWER, BNB_AT_UPPER, BNB_AT_FREE, BNB_AT_FIXED
} bnb_basis_status;

typedef struct bnb_result {
    bnb_status status;
    int has_solution;        /* x holds a verified solution               */
    double objective;        /* of x, model's sense, with offset          */
    double *x;               /* [n]                                       */
    double *row_activity;    /* [m]                                       */
    double *duals;           /* [m] of the LP that gave x (LP only)       */
    double *reduced_costs;   /* [n] likewise                              */
    double max_violation;    /* of x in the verification (absolute)       */
    long nodes, iterations, solutions;
    int max_depth;
    double seconds;
    char message[256];       /* why, for BNB_NUMERIC                      */
    double bound;            /* best bound when the search ended (model's
                                sense): the objective once optimal, the
                                open nodes' best at a limit or interrupt
                                (-inf / +inf for a minimisation /
                                maximisation whose root LP was not
                                solved); NAN without objective          */
    /* With lp_only and ranging, of an optimal LP (else NULL): the basis,
     * and the ranges over which it stays optimal when one number moves
     * (Chvatal 1983 ch. 10, Hillier-Lieberman 4.7). Column j's objective
     * coefficient may move within [cost_lo[j], cost_up[j]]; row i's right
     * side within [rhs_lo[i], rhs_up[i]]: the side its status names (at
     * lower: the >= side, at upper: the <= side, fixed: both), for a
     * basic row its <= side if it has one, else its >= side (the side
     * may move from the row's activity away from it, without end).
     * Beyond an end a variable leaves the basis; +-inf: no end. */
    bnb_basis_status *col_status;   /* [n]                               */
    bnb_basis_status *row_status;   /* [m]                               */
    double *cost_lo, *cost_up;      /* [n]                               */
    double *rhs_lo, *rhs_up;        /* [m]                               */
} bnb_result;

/* Returns BNB_OK (the outcome is in res->status) or BNB_ERR_*.
 * params may be NULL (defaults), observer may be NULL. */
int bnb_solve(const bnb_model *m, const bnb_params *params,
              bnb_observer observer, void *ctx, bnb_result *res);
void bnb_result_free(bnb_result *res);
/* bnb_solve from a MIP start: start[n] holds a value for each column,
 * NAN where none is given (NULL: no start, as bnb_solve). After the
 * root LP, the start as given becomes the incumbent when it passes
 * verification; else its integer columns' values (rounded) are fixed
 * and a search over the other columns completes it. A start that
 * becomes the incumbent is told by BNB_EV_INCUMBENT, found_by "MIP
 * start"; one that is infeasible (or not completed) changes nothing. */
int bnb_solve_start(const bnb_model *m, const bnb_params *params,
                    const double *start, bnb_observer observer, void *ctx,
                    bnb_result *res);

const char *bnb_status_name(bnb_status s);

/* The relative gap between a solution's objective and a bound, as
 * HiGHS (mip_rel_gap: |ub - lb| / |ub|), CPLEX and Gurobi define it
 * (cbc's ratioGap divides by the larger of the two, SCIP's gap by the
 * smaller):
 *     |objective - bound| / max(|objective|, BNB_GAP_TINY),
 * +inf when either is infinite, NAN when either is. */
#define BNB_GAP_TINY 1e-10
double bnb_relative_gap(double objective, double bound);

/* A sentence for a BNB_OK or BNB_ERR_* code ("out of memory or a size
 * limit", ...); "unknown error" for any other value. */
const char *bnb_error_string(int code);

/* Sets the parameter of the BNB_PARAMS table called name from the text
 * value, written in decimal ("1e-6", "100", "1e6"; no hex, inf or nan;
 * an integer parameter's value integral).
 * Returns BNB_OK, or BNB_ERR_ARG for an unknown name, a value that is not
 * a number of the parameter's type, or one outside its range. */
int bnb_params_set(bnb_params *p, const char *name, const char *value);
/* The value of the parameter called name, or NAN for an unknown name. */
double bnb_params_get(const bnb_params *p, const char *name);

/* ------------------------------------------------------------------ */
/* The structs above through functions, for programs that cannot lay a */
/* C struct out (Python's ctypes: python/bnb.py). Fields are read by   */
/* their names in this header; an unknown name gives NAN or NULL.      */
/* ------------------------------------------------------------------ */

/* Parameters at their defaults (NULL when out of memory); delete frees. */
bnb_params *bnb_params_new(void);
void bnb_params_delete(bnb_params *p);
/* An empty result for bnb_solve; delete frees its arrays and itself. */
bnb_result *bnb_result_new(void);
void bnb_result_delete(bnb_result *r);
/* A number of the result ("status", "objective", "bound", "nodes", ...),
 * an array ("x", "row_activity", "duals", "cost_lo", ...; NULL when the
 * solve did not fill it) and the message. */
double bnb_result_number(const bnb_result *r, const char *field);
const double *bnb_result_array(const bnb_result *r, const char *field);
const char *bnb_result_message(const bnb_result *r);
/* With ranging: a column's or row's bnb_basis_status, else -1. */
int bnb_result_col_status(const bnb_result *r, int col);
int bnb_result_row_status(const bnb_result *r, int row);
/* A number of the event ("type", "node", "lp_obj", "col", ...), its x
 * ([n], or NULL), found_by (or NULL), and the name of an event type
 * as the --events stream writes it ("node", "branch", ...). */
double bnb_event_number(const bnb_event *ev, const char *field);
const double *bnb_event_x(const bnb_event *ev);
const char *bnb_event_found_by(const bnb_event *ev);
const char *bnb_event_name(int type);

/* ------------------------------------------------------------------ */
/* Stopping a long read or model setup: the readers and model builders */
/* that take a bnb_stop look at it every few thousand lines or items.  */
/* ------------------------------------------------------------------ */

typedef struct bnb_stop {
    volatile sig_atomic_t *interrupt;  /* raised: stop (NULL: none)       */
    double deadline;                   /* bnb_clock() past it: stop
                                          (0: none)                       */
    bnb_status why;                    /* set when stopped: BNB_STOPPED
                                          or BNB_TIME_LIMIT               */
} bnb_stop;

/* Seconds on a monotonic clock (the one the solver's limits use). */
double bnb_clock(void);
/* Returns 1 and sets stop->why when it should stop (stop NULL: 0). */
int bnb_stop_now(bnb_stop *stop);

/* bnb_read_mps and bnb_read_lp that stop: NULL with stop->why set and
 * err "file:line: stopped (...)" when stopped. */
bnb_model *bnb_read_mps_until(const char *path, bnb_stop *stop, char *err,
                              size_t errlen);
bnb_model *bnb_read_lp_until(const char *path, bnb_stop *stop, char *err,
                             size_t errlen);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif
