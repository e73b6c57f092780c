/*
 * trace.c -- --trace, --trace=lp and --tableau: the search told node by
 * node in the model's own names (the bound changes propagation made, the
 * LP point, why a column was chosen, every prune with its numbers, the
 * search's global state after each node), each node's simplex pivots
 * (and tableaus) inside its block, and a closing summary with the tight
 * rows. Events arrive in the order printed, so nothing is buffered.
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Fractional columns named per node (--trace) before "... and K more". */
#define CLI_TRACE_FRACTIONAL 6
/* Bound changes of one propagation named before "... and K more". */
#define CLI_TRACE_BOUNDS 8
/* A nonbasic variable whose value changed by more than this, relative
 * to 1 + its size, moved (a bound flip). */
#define CLI_TRACE_MOVED 1e-9
/* Row families listed in the closing summary. */
#define CLI_TRACE_FAMILIES 40

struct cli_trace {
    FILE *out;
    const bnb_model *m;
    int level;               /* CLI_TRACE_*                              */
    int tableau;             /* print tableaus (asked, and small enough) */
    int fractions;           /* numbers as exact fractions (--tableau)   */
    int has_objective;       /* else no bound, gap or incumbent to show  */
    int integral_objective;  /* every solution's value is a whole number */
    double tol_tight;        /* rows: see is_tight                       */
    double tol_int;          /* columns: |x - round(x)| above is frac.   */
    double *lo, *up;         /* [n] column bounds at the node's start    */
    cli_grid *grid;          /* --trace=grid: the puzzle's grid, or NULL */
    double *grid_x;          /* [n] the node's LP point, drawn once the
                                node's column to branch on is known      */
    int grid_due;            /* grid_x waits to be drawn                 */
    long last_node;          /* the node printed last, -1 none           */
    long node_parent;        /* its parent, -1 for a root                */
    int node_done;           /* its LP result came (a NODE event)        */
    bnb_event node;          /* the current node's NODE event (no x)     */
    int has_incumbent;
    double incumbent;
    /* pivots: each simplex variable's value after the last view (NAN:
     * basic), to name the columns a pivot's bound flips moved */
    double *side;            /* [side_cap]                               */
    int side_len, side_cap;  /* variables recorded (0: none)             */
    int starts;              /* LP_START events of the root LP so far    */
    int start_phase;         /* the last one's phase                     */
    int has_probed;          /* probing fixed columns before the root LP */
};

/* ---- numbers -------------------------------------------------------- */

/* One format per output: exact fractions with --tableau, else decimals
 * (%.10g); never "-0"; infinities as "inf". */
static const char *num(const cli_trace *t, char *buf, size_t len, double v)
{
    if (isinf(v))
        snprintf(buf, len, "%sinf", v < 0 ? "-" : "");
    else if (t->fractions)
        cli_fraction(buf, len, v);
    else
        snprintf(buf, len, "%.10g", v == 0 ? 0.0 : v);
    return buf;
}

/* A number for the trace: N(t, v) is valid until the next 8 uses. */
static const char *N(const cli_trace *t, double v)
{
    static char ring[8][48];
    static int at;
    at = (at + 1) % 8;
    return num(t, ring[at], sizeof ring[at], v);
}

/* ---- the legend (--legend, --help) ---------------------------------- */

static const char *const legend_text[] = {
    "the trace (--trace, --trace=lp):",
    "propagation: K columns tightened by the rows before the root LP",
    "      every row's activity bounds tighten the bounds of its integer",
    "      columns (x + y <= 1 with x fixed at 1 fixes y at 0), and again",
    "      through the rows those columns are in",
    "probing: K binary columns fixed   before the root LP of a model",
    "      without objective, each binary is tried at 1 and at 0; a value",
    "      the rows refute by propagation fixes it at the other one",
    "root reduced-cost fixing: ... tighten K bounds in the whole tree",
    "      a better incumbent came: a column at a bound of the root LP",
    "      with reduced cost d cannot move by more than (incumbent - z) / d",
    "      (z the root's bound) anywhere in the tree; open nodes take the",
    "      new bounds as they are resumed",
    "backtrack to node N, bound B   the search leaves the current dive and",
    "      resumes an open node (B: the bound it inherited)",
    "node N (parent P, depth D): COL >= B",
    "      a node of the search tree, in the order solved, and the bound",
    "      change that made it from its parent P (COL is a column's name)",
    "  propagation: K columns tightened by the rows: COL <= V, ...",
    "      before its LP,",
    "      the node's bound changes are pushed through the rows (or prove",
    "      at once that the rows cannot all hold)",
    "  LP optimal: z = Z, K iterations",
    "      the node's LP relaxation: status, objective in the model's own",
    "      sense, simplex iterations (the root: from scratch, dual or",
    "      primal, whichever the model suits; other nodes: dual simplex",
    "      from the parent's final basis). 'stopped early': the dual",
    "      simplex quit once z could not beat the incumbent",
    "  LP point: COL=V ...   (--trace=lp) every nonzero column value",
    "  (--trace=grid) the LP values on the puzzle's grid: * a 1, . a 0,",
    "      a digit the tenths of a fraction (5: a half); with a digit per",
    "      cell, the digits the LP keeps above 0 ({19}: 1 and 9 share it);",
    "      rows and columns numbered, + - | round the grid and its",
    "      regions (cages, thermometers), [ ] the cell branched on",
    "  fractional (F): COL=V ...   integer columns with a fractional value",
    "  reduced-cost fixing: K bounds tightened   a column at a bound with",
    "      reduced cost d cannot move by more than (incumbent - z) / d",
    "      without its subtree losing to the incumbent",
    "  => branch on COL = V: ... first, ... later   two children; the",
    "      other waits until the search comes back to it",
    "     why: the rule's score of COL and of the runner-up; most",
    "      fractional scores the distance to the nearest integer,",
    "      pseudocost the product of the children's estimated bound",
    "      changes (relative to the mean) plus a tenth of the inferences;",
    "      strong branching tried N columns: their children's LPs solved",
    "      once to give them first pseudocosts (those pivots not shown)",
    "    why: the rows R1 + 2 R2 add up to SUM <= B, which cannot hold:",
    "      ... at least A   an infeasible node's proof, in the model's",
    "      names: the rows its LP's Farkas certificate combines (or the",
    "      row propagation found violated), the row they add up to and",
    "      the bound the node's column bounds put on its left side",
    "    why: row R says SUM = B, which ... leaves COL values between",
    "      L and U, none of them whole   propagation's proof by",
    "      integrality: the other columns' bounds reach the row, but",
    "      only with the integer column COL between L and U",
    "  => pruned: infeasible | by bound: Z cannot beat incumbent I |",
    "     integral   the node is closed; 'child bound B (parent P - penalty",
    "     D)': the node was closed before its LP, on the bound its parent",
    "     and the Driebeck-Tomlin penalty promise; with integer objective",
    "     coefficients a bound must beat the incumbent by a whole 1",
    "  ***** new incumbent *****   the best solution so far improved",
    "  [open K | best bound B | incumbent I | gap G%]   after each node:",
    "      nodes left to solve, the best bound any of them (or the",
    "      incumbent) can reach, the incumbent, and |I - B| / |I|",
    "cut round R: K cuts (G Gomory, M MIR, C cover, Q clique), bound A -> B",
    "      before the search, valid inequalities that the root LP point",
    "      breaks are added to it as rows (each round re-solved by the dual",
    "      simplex): the bound they raise holds in the whole tree",
    "cuts at node N: K cuts (...), bound A -> B   in the tree, at depths",
    "      that are multiples of cut_freq: MIR, cover and clique cuts",
    "      derived from the global bounds, so they too hold in the whole",
    "      tree; they stay in the LP of every later node",
    "  cut (FAMILY, from ...): SUM <= RHS   (--trace=cuts) one cut, in",
    "      column names, with the row or tableau row it came from",
    "simple rounding | fractional diving | coefficient diving at the",
    "      root:   a heuristic found the incumbent that follows, before",
    "      the search (rounding in a coefficient dive: the LP point of",
    "      one of that dive's steps, rounded in directions no row",
    "      forbids)",
    "strong branching at node N:   a trial LP of strong branching (one",
    "      side of a candidate, solved to choose the branching) had an",
    "      integral point: the incumbent that follows",
    "MIP start at the root:   --mip-start's solution is the incumbent",
    "      that follows (MIP start, completed: its integer columns fixed,",
    "      the columns it left out found by a search of their own)",
    "RINS at node N:   a sub-MIP that fixed the integer columns where",
    "      node N's LP point and the incumbent agree found the better",
    "      incumbent that follows",
    "guided diving at node N:   a dive from node N's LP point, fixing",
    "      the fractional column nearest its value in the incumbent",
    "      toward it (fractional diving: the least fractional at its",
    "      nearest integer, before any incumbent), found the incumbent",
    "      that follows; the node then branches as before",
    "    the tableau row: X + A s_ROW ... = B   (--trace=cuts) a Gomory",
    "      cut's source in the first round: with f = frac(B), a nonbasic",
    "      integral term gives frac(A)/f if frac(A) <= f, else",
    "      (1-frac(A))/(1-f), a continuous one A/f or -A/(1-f); their sum",
    "      is >= 1",
    "  learned: ROW <= B   (without objective) the branchings and",
    "      propagations that made the node fail (a row propagation",
    "      refuted, or the rows an infeasible LP's Farkas certificate",
    "      sums), traced back to the first unique implication point: no",
    "      solution has them all, so the row is kept and propagated in",
    "      the rest of the search",
    "restart R after N nodes   the search starts again at the root,",
    "      keeping the learned rows; ties between branching columns are",
    "      broken anew",
    "dive: K columns fixed   before branching, columns are fixed one by",
    "      one to their rounded LP value and propagated, looking for a",
    "      solution",
    "feasibility pump: K rounds   when the dive fails: each round rounds",
    "      the LP point (fixing and propagating, as the dive does), then",
    "      solves the LP for its point nearest that rounding",
    "pivots (--trace=lp, --tableau):",
    "  pivot K (primal phase 1|2 | dual phase 1 | dual): IN enters",
    "      (d = D), OUT leaves, step T, z = Z   one simplex iteration,",
    "      numbered over the solve; primal phase 1 seeks a feasible",
    "      basis, dual phase 1 a dual feasible one (it solves the LP with",
    "      every bound 0 and each missing bound a box of width 1, in",
    "      the simplex's scaled units: no reduced cost then asks for a",
    "      bound the LP lacks); d: the",
    "      entering variable's reduced cost; step: its ratio-test step",
    "      (dual: its change); a bound flip moves a nonbasic variable to",
    "      its other bound (the dual's ratio test names those it moved);",
    "      s_ROW: the slack of row ROW (rhs - activity, or activity - rhs",
    "      for a >= row)",
    "  ... starts from the slack basis | a crash basis | dual phase 1's",
    "      last basis   (--tableau) the basis a simplex run",
    "      of the root LP starts from, before its first pivot",
    "the tableau (--tableau):",
    "  one line per basic variable (basis), the coefficients of every",
    "      variable and its value; d: the reduced costs of the simplex,",
    "      which minimises (for a max model: minimises -z), so the basis",
    "      is optimal when no d < 0 at a lower bound; z = the objective;",
    "      with --tableau every number of the output is an exact fraction",
    "      where it is one (9/4), else a decimal",
    "  nonbasic away from 0: X = V (its upper bound)   the values column",
    "      holds with these in place; a column at its upper bound u is",
    "      the textbook's x' = u - x at 0",
    "  the LP's rows as the simplex has them ... (the file: ...)   rows",
    "      that presolve tightened: the tableau is of the LP solved",
    NULL};

void cli_print_legend(FILE *out)
{
    for (int k = 0; legend_text[k]; k++)
        fprintf(out, "  %s\n", legend_text[k]);
    cli_tree_legend(out);
}

/* ---- life cycle ------------------------------------------------------ */

static int model_has_objective(const bnb_model *m)
{
    for (int j = 0; j < bnb_num_cols(m); j++)
        if (bnb_col_obj(m, j) != 0)
            return 1;
    return 0;
}

/* Integer coefficients on integer columns only (and an integer offset):
 * a better solution must then be better by a whole 1, as the engine
 * prunes. */
static int model_integral_objective(const bnb_model *m)
{
    for (int j = 0; j < bnb_num_cols(m); j++) {
        double c = bnb_col_obj(m, j);
        if (c != 0 && (!bnb_col_is_int(m, j) || c != round(c)))
            return 0;
    }
    return bnb_obj_offset(m) == round(bnb_obj_offset(m));
}

cli_trace *cli_trace_new(FILE *out, const bnb_model *m, int level,
                         int tableau, const bnb_params *par,
                         const cli_outline *outline)
{
    cli_trace *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    size_t n = (size_t)(bnb_num_cols(m) ? bnb_num_cols(m) : 1);
    *t = (cli_trace){.out = out, .m = m, .level = level,
                     .tol_tight = par->tol_verify, .tol_int = par->tol_int,
                     .has_objective = model_has_objective(m),
                     .integral_objective = model_integral_objective(m),
                     .lo = malloc(n * sizeof(double)),
                     .up = malloc(n * sizeof(double)), .last_node = -1};
    if (!t->lo || !t->up) {
        cli_trace_free(t);
        return NULL;
    }
    cli_model_bounds(m, t->lo, t->up);
    t->tableau = tableau && cli_tableau_fits(out, m);
    if (level == CLI_TRACE_GRID &&
        (t->grid = cli_grid_new(m, t->tol_int, outline)) &&
        !(t->grid_x = malloc(n * sizeof(double)))) {
        cli_trace_free(t);
        return NULL;
    }
    if (level == CLI_TRACE_GRID && !t->grid)
        fprintf(out, "# --trace=grid: no grid of cells x[r,c] or x[r,c,d] "
                "(up to 30 x 30) among this model's columns\n");
    t->fractions = t->tableau;
    return t;
}

void cli_trace_free(cli_trace *t)
{
    if (!t)
        return;
    free(t->lo);
    free(t->up);
    free(t->side);
    cli_grid_free(t->grid);
    free(t->grid_x);
    free(t);
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

/* Records each variable of view v: its value, NAN when basic (nothing
 * when out of memory: the flips are then counted, not named). */
static void snapshot_sides(cli_trace *t, const bnb_lp_view *v)
{
    int rows = bnb_view_rows(v), nt = bnb_view_cols(v) + rows;
    t->side_len = 0;
    if (nt > t->side_cap) {
        double *p = realloc(t->side, (size_t)nt * sizeof *p);
        if (!p)
            return;
        t->side = p;
        t->side_cap = nt;
    }
    for (int k = 0; k < nt; k++)
        t->side[k] = bnb_view_value(v, k);
    for (int r = 0; r < rows; r++)
        t->side[bnb_view_head(v, r)] = NAN;
    t->side_len = nt;
}

/* Did nonbasic variable k (value x now) move since the last view? In a
 * pivot only bound flips move a variable that stays nonbasic. */
static int moved(const cli_trace *t, int k, double x)
{
    double was = t->side[k];
    return !isnan(was) && fabs(x - was) > CLI_TRACE_MOVED * (1 + fabs(was));
}

/* The variables a pivot moved from one bound to the other without a
 * basis change (ev->flips of them), named when the views before and
 * after show exactly that many, else only counted. */
static void print_flips(cli_trace *t, const bnb_event *ev)
{
    const bnb_lp_view *v = ev->view;
    int rows = bnb_view_rows(v), nt = bnb_view_cols(v) + rows, found = 0;
    char *basic = calloc((size_t)(nt ? nt : 1), 1);
    if (basic && t->side_len == nt) {
        for (int r = 0; r < rows; r++)
            basic[bnb_view_head(v, r)] = 1;
        for (int k = 0; k < nt; k++)
            found += !basic[k] && moved(t, k, bnb_view_value(v, k));
    }
    fprintf(t->out, ", %d bound flip%s", ev->flips, ev->flips > 1 ? "s" : "");
    if (basic && found == ev->flips) {
        fprintf(t->out, " (");
        for (int k = 0, said = 0; k < nt; k++) {
            double x = bnb_view_value(v, k);
            if (basic[k] || !moved(t, k, x))
                continue;
            char name[256];
            cli_var_name(t->m, k, name, sizeof name);
            fprintf(t->out, "%s%s to %s%s", said++ ? ", " : "", name,
                    bnb_view_auxiliary(v)   ? ""
                    : cli_at_upper(v, k)    ? "its upper bound "
                    : cli_at_lower(v, k)    ? "its lower bound " : "",
                    N(t, x));
        }
        fprintf(t->out, ")");
    }
    free(basic);
}

static void print_pivot(cli_trace *t, const bnb_event *ev)
{
    char in[256], out[256];
    FILE *f = t->out;
    cli_var_name(t->m, ev->entering, in, sizeof in);
    const char *d = N(t, textbook_dj(t->m, ev->entering, ev->dj));
    const char *step = N(t, ev->phase >= 3 ? textbook_dj(t->m, ev->entering,
                                                         ev->ratio)
                                           : ev->ratio);
    const char *z = N(t, ev->objective);
    fprintf(f, "#   pivot %ld (", ev->iteration);
    if (ev->phase >= 3)
        fprintf(f, ev->phase == 4 ? "dual phase 1" : "dual");
    else
        fprintf(f, "primal phase %d", ev->phase);
    if (ev->leaving < 0 && ev->view && t->tableau) {
        fprintf(f, "): %s flips to its %s bound %s without a basis change "
                "(d = %s), step %s, z = %s\n", in,
                cli_at_upper(ev->view, ev->entering) ? "upper" : "lower",
                N(t, bnb_view_value(ev->view, ev->entering)), d, step, z);
        return;
    }
    if (ev->leaving < 0) {   /* as a replay tells it: no view */
        fprintf(f, "): %s flips to its other bound without a basis change "
                "(d = %s), step %s, z = %s\n", in, d, step, z);
        return;
    }
    cli_var_name(t->m, ev->leaving, out, sizeof out);
    fprintf(f, "): %s enters (d = %s), %s leaves, step %s", in, d, out,
            step);
    if (ev->flips > 0 && ev->view && t->tableau)
        print_flips(t, ev);
    else if (ev->flips > 0)
        fprintf(f, ", %d bound flip%s", ev->flips, ev->flips > 1 ? "s" : "");
    fprintf(f, ", z = %s\n", z);
}

static void on_pivot(cli_trace *t, const bnb_event *ev)
{
    if (t->level != CLI_TRACE_LP && !t->tableau)
        return;
    print_pivot(t, ev);
    if (t->tableau && ev->view)
        cli_tableau_print(t->out, t->m, ev->view, "#     ");
    else if (t->tableau)
        fprintf(t->out, "#     (a pivot of the LP presolve's smaller LP: "
                "this LP's tableau has not moved)\n");
    if (ev->view)
        snapshot_sides(t, ev->view);
}

/* The structural columns basic at a start: none in the slack basis. */
static int basic_columns(const bnb_lp_view *v)
{
    int count = 0;
    for (int r = 0; r < bnb_view_rows(v); r++)
        count += bnb_view_head(v, r) < bnb_view_cols(v);
    return count;
}

/* "y1 for s_r1, ...": a crash basis, row by row. */
static void print_crash(const cli_trace *t, const bnb_lp_view *v)
{
    int n = bnb_view_cols(v), said = 0;
    for (int r = 0; r < bnb_view_rows(v); r++) {
        int k = bnb_view_head(v, r);
        if (k >= n)
            continue;
        char in[256], out[256];
        cli_var_name(t->m, k, in, sizeof in);
        cli_var_name(t->m, n + r, out, sizeof out);
        fprintf(t->out, "%s%s for %s", said++ ? ", " : "", in, out);
    }
}

/* How the basis of a start was reached, in words. */
static void print_start_basis(cli_trace *t, const bnb_event *ev)
{
    const bnb_lp_view *v = ev->view;
    int presolved = bnb_view_presolved_rows(v);
    const char *run = ev->phase == 4   ? "dual phase 1"
                      : ev->phase >= 3 ? "the dual simplex"
                                       : "the primal simplex";
    if (t->starts > 1 && t->start_phase == 4 && ev->phase != 4)
        fprintf(t->out, "#   %s starts from dual phase 1's last basis, "
                "with the LP's own bounds back", run);
    else if (t->starts > 1)
        fprintf(t->out, "#   %s starts from the basis reached so far",
                run);
    else if (presolved > 0)
        fprintf(t->out, "#   %s starts from the basis of the LP presolve "
                "(%d row%s taken out, the smaller LP solved first)", run,
                presolved, presolved == 1 ? "" : "s");
    else if (basic_columns(v) == 0)
        fprintf(t->out, "#   %s starts from the slack basis", run);
    else {
        fprintf(t->out, "#   %s starts from a crash basis (each equality "
                "row's fixed slack swapped for a column, no pivot): ", run);
        print_crash(t, v);
    }
    if (ev->phase >= 3 && !bnb_view_auxiliary(v))
        fprintf(t->out, "; each nonbasic column at the bound its reduced "
                "cost asks for");
    fprintf(t->out, "\n");
}

/* The start of a simplex run of the root LP: with --tableau the basis
 * and its tableau (a replay has neither); the first start says when
 * every column is fixed already (ev->len: the free ones). */
static void on_lp_start(cli_trace *t, const bnb_event *ev)
{
    t->starts++;
    if (t->starts == 1 && t->level != CLI_TRACE_OFF && ev->len == 0 &&
        bnb_num_cols(t->m) > 0)
        fprintf(t->out, "#   every column is fixed before the LP (by its "
                "bounds%s): the LP has nothing left to choose\n",
                t->has_probed ? ", probing and propagation" : "");
    if (!ev->view || !t->tableau)
        return;
    print_start_basis(t, ev);
    t->start_phase = ev->phase;
    fprintf(t->out, "#   starting tableau:\n");
    cli_tableau_print(t->out, t->m, ev->view, "#     ");
    snapshot_sides(t, ev->view);
}

/* ---- nodes --------------------------------------------------------- */

static void print_bound_change(const cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "%s %s %s", bnb_col_name(t->m, ev->col),
            ev->dir < 0 ? "<=" : ">=", N(t, ev->bound));
}

static void snapshot_bounds(cli_trace *t, const bnb_lp_view *v)
{
    for (int j = 0; j < bnb_num_cols(t->m); j++) {
        t->lo[j] = bnb_view_lo(v, j);
        t->up[j] = bnb_view_up(v, j);
    }
}

/* At the root: the rows the LP holds changed from the file's. */
static void print_lp_rows(const cli_trace *t, const bnb_event *ev)
{
    if (ev->parent < 0 && ev->view && t->tableau)
        cli_tableau_lp_rows(t->out, t->m, ev->view, "#   ");
}

static void on_node_start(cli_trace *t, const bnb_event *ev)
{
    t->has_probed |= ev->probed > 0;
    if (ev->parent < 0 && ev->propagated > 0 && t->level != CLI_TRACE_OFF)
        fprintf(t->out, "# propagation: %d column%s tightened by the rows "
                "before the root LP\n", ev->propagated,
                ev->propagated == 1 ? "" : "s");
    if (ev->probed > 0 && t->level != CLI_TRACE_OFF)
        fprintf(t->out, "# probing: %d binary column%s fixed before the "
                "root LP (the rows refute the other value)\n", ev->probed,
                ev->probed == 1 ? "" : "s");
    if (ev->view)
        snapshot_sides(t, ev->view);
    if (t->level == CLI_TRACE_OFF) {   /* --tableau alone */
        fprintf(t->out, "# -- node %ld\n", ev->node);
        print_lp_rows(t, ev);
        return;
    }
    if (ev->rc_fixed > 0)
        fprintf(t->out, "# root reduced-cost fixing: with the better "
                "incumbent, the root LP's reduced costs tighten %d bound%s "
                "in the whole tree\n", ev->rc_fixed,
                ev->rc_fixed == 1 ? "" : "s");
    if (ev->parent >= 0 && ev->parent != t->last_node && t->has_objective)
        fprintf(t->out, "# backtrack to node %ld, bound %s\n", ev->node,
                isinf(ev->node_bound) ? "none (infinite penalty)"
                                      : N(t, ev->node_bound));
    else if (ev->parent >= 0 && ev->parent != t->last_node)
        fprintf(t->out, "# backtrack to node %ld\n", ev->node);
    t->last_node = ev->node;
    t->node_parent = ev->parent;   /* NODE events carry none in a stream */
    t->node_done = 0;
    fprintf(t->out, "# node %ld (", ev->node);
    if (ev->parent < 0)
        fprintf(t->out, "root, depth 0): the LP relaxation\n");
    else {
        fprintf(t->out, "parent %ld, depth %d): ", ev->parent, ev->depth);
        print_bound_change(t, ev);
        fprintf(t->out, "\n");
    }
    if (ev->view)   /* a replay brings the changes with their old bounds */
        snapshot_bounds(t, ev->view);
    print_lp_rows(t, ev);
}

/* One column's bounds [lo, up] after propagation, as the change made. */
static void print_new_bounds(const cli_trace *t, int j, double lo,
                             double up)
{
    const char *name = bnb_col_name(t->m, j);
    if (lo == up)
        fprintf(t->out, "%s = %s", name, N(t, lo));
    else if (lo != t->lo[j] && up != t->up[j])
        fprintf(t->out, "%s <= %s <= %s", N(t, lo), name, N(t, up));
    else if (lo != t->lo[j])
        fprintf(t->out, "%s >= %s", name, N(t, lo));
    else
        fprintf(t->out, "%s <= %s", name, N(t, up));
}

void cli_trace_propagation(cli_trace *t, int propagated, int count,
                           const cli_bound_change *ch, int len)
{
    if (propagated < 0)
        fprintf(t->out, "#   propagation: the rows cannot all hold with "
                "these bounds; LP not needed");
    else
        fprintf(t->out, "#   propagation: %d column%s tightened by the "
                "rows", count, count == 1 ? "" : "s");
    if (count > 0)
        fprintf(t->out, "%s", propagated < 0 ? " (after " : ":");
    int shown = 0;
    for (; shown < len && shown < CLI_TRACE_BOUNDS; shown++) {
        fprintf(t->out, "%s", shown ? ", " : propagated < 0 ? "" : " ");
        t->lo[ch[shown].col] = ch[shown].was_lo;
        t->up[ch[shown].col] = ch[shown].was_up;
        print_new_bounds(t, ch[shown].col, ch[shown].lo, ch[shown].up);
    }
    if (count > shown)
        fprintf(t->out, " ... and %d more", count - shown);
    fprintf(t->out, "%s\n", propagated < 0 && count > 0 ? ")" : "");
}

void cli_model_bounds(const bnb_model *m, double *lo, double *up)
{
    for (int j = 0; j < bnb_num_cols(m); j++) {
        lo[j] = bnb_col_lo(m, j);
        up[j] = bnb_col_up(m, j);
    }
}

/* The columns whose bounds differ between lo/up and the view v, up to
 * cap of them into ch; returns how many differ in all. */
int cli_bound_changes(const bnb_model *m, const double *lo, const double *up,
                      const bnb_lp_view *v, cli_bound_change *ch, int cap)
{
    int k = 0;
    for (int j = 0; j < bnb_num_cols(m); j++) {
        double l = bnb_view_lo(v, j), u = bnb_view_up(v, j);
        if (l == lo[j] && u == up[j])
            continue;
        if (k < cap)
            ch[k] = (cli_bound_change){j, lo[j], up[j], l, u};
        k++;
    }
    return k;
}

/* The columns propagation tightened, each with its new bounds. */
static void on_propagated(cli_trace *t, const bnb_event *ev)
{
    cli_bound_change ch[CLI_TRACE_BOUNDS];
    int count = cli_bound_changes(t->m, t->lo, t->up, ev->view, ch,
                                  CLI_TRACE_BOUNDS);
    cli_trace_propagation(t, ev->propagated, count, ch,
                          count < CLI_TRACE_BOUNDS ? count
                                                   : CLI_TRACE_BOUNDS);
    cli_why w;
    if (ev->propagated < 0 &&
        cli_why_row(t->m, ev->view, bnb_view_failed_row(ev->view), &w))
        cli_trace_why(t, &w);
}

void cli_trace_why(cli_trace *t, const cli_why *w)
{
    cli_why_print(t->out, t->m, w, "#     ");
}

static const char *lp_status_text(bnb_lp_status s)
{
    static const char *const names[] = {"optimal", "infeasible",
                                        "unbounded", "stopped early at",
                                        "limit", "numerical failure"};
    return (unsigned)s < sizeof names / sizeof *names ? names[s] : "?";
}

/* A node closed on the bound its parent and penalty promise, its LP not
 * run. (The root's LP always runs: a cutoff there without a pivot is its
 * re-solve after the heuristics, stopped at once.) */
static int unsolved(const cli_trace *t, const bnb_event *ev)
{
    return ev->lp_status == BNB_LP_CUTOFF && ev->lp_iters == 0 &&
           t->node_parent >= 0;
}

static void print_lp_line(const cli_trace *t, const bnb_event *ev)
{
    if (ev->propagated < 0)
        return;   /* said by the propagation line */
    if (unsolved(t, ev)) {
        fprintf(t->out, "#   LP not solved: the bound it inherits cannot "
                "beat the incumbent\n");
        return;
    }
    fprintf(t->out, "#   LP %s", lp_status_text(ev->lp_status));
    if (ev->lp_status == BNB_LP_INFEASIBLE && t->node_parent < 0)
        fprintf(t->out, ": no point satisfies the rows, integer or not");
    if (ev->lp_status == BNB_LP_OPTIMAL)
        fprintf(t->out, ": z = %s", N(t, ev->lp_obj));
    else if (ev->lp_status == BNB_LP_CUTOFF)
        fprintf(t->out, " z = %s", N(t, ev->lp_obj));
    fprintf(t->out, ", %ld %s iteration%s\n", ev->lp_iters,
            ev->by_dual ? "dual" : "primal", ev->lp_iters == 1 ? "" : "s");
}

/* --trace=lp: every nonzero column value of the node's LP. */
static void print_point(const cli_trace *t, const bnb_event *ev)
{
    if (t->level != CLI_TRACE_LP || ev->lp_status != BNB_LP_OPTIMAL)
        return;
    fprintf(t->out, "#   LP point:");
    int any = 0;
    for (int j = 0; j < ev->n; j++)
        if (fabs(ev->x[j]) > t->tol_int) {
            fprintf(t->out, " %s=%s", bnb_col_name(t->m, j), N(t, ev->x[j]));
            any = 1;
        }
    fprintf(t->out, "%s\n", any ? "" : " every column 0");
}

static void print_fractional(const cli_trace *t, const bnb_event *ev)
{
    if (ev->nfrac == 0 || ev->lp_status != BNB_LP_OPTIMAL)
        return;
    int cap = t->level == CLI_TRACE_LP ? ev->nfrac : CLI_TRACE_FRACTIONAL;
    fprintf(t->out, "#   fractional (%d):", ev->nfrac);
    int shown = 0;
    for (int j = 0; j < ev->n && shown < cap; j++) {
        double v = ev->x[j];
        if (!bnb_col_is_int(t->m, j) || fabs(v - round(v)) <= t->tol_int)
            continue;
        fprintf(t->out, " %s=%s", bnb_col_name(t->m, j), N(t, v));
        shown++;
    }
    if (ev->nfrac > shown)
        fprintf(t->out, " ... and %d more", ev->nfrac - shown);
    fprintf(t->out, "\n");
}

static void on_node(cli_trace *t, const bnb_event *ev)
{
    t->node_done = 1;
    print_lp_line(t, ev);
    cli_why w;
    if (ev->lp_status == BNB_LP_INFEASIBLE && ev->view &&
        ev->propagated >= 0 &&
        cli_why_lp(t->m, ev->view, &w))
        cli_trace_why(t, &w);
    print_point(t, ev);
    print_fractional(t, ev);
    if (t->grid && ev->lp_status == BNB_LP_OPTIMAL && ev->x) {
        memcpy(t->grid_x, ev->x, (size_t)ev->n * sizeof *ev->x);
        t->grid_due = 1;
    }
    t->node = *ev;
    t->node.x = NULL;
    t->node.view = NULL;
}

/* ---- the search's state after a node -------------------------------- */

static void print_status(const cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "#   [open %ld", ev->open);
    if (!t->has_objective) {
        fprintf(t->out, "]\n");
        return;
    }
    if (!isinf(ev->best_bound))
        fprintf(t->out, " | best bound %s", N(t, ev->best_bound));
    if (!t->has_incumbent) {
        fprintf(t->out, " | no incumbent]\n");
        return;
    }
    fprintf(t->out, " | incumbent %s", N(t, t->incumbent));
    if (isinf(ev->best_bound)) {
        fprintf(t->out, "]\n");
        return;
    }
    double diff = fabs(t->incumbent - ev->best_bound);
    if (diff <= 1e-9 * (1 + fabs(t->incumbent)))
        fprintf(t->out, " | gap 0%%]\n");
    else if (t->incumbent == 0)
        fprintf(t->out, " | gap inf]\n");
    else
        fprintf(t->out, " | gap %.1f%%]\n", 100 * diff / fabs(t->incumbent));
}

/* ---- branching ------------------------------------------------------ */

static void print_why(const cli_trace *t, const bnb_event *ev)
{
    if (ev->rule == BNB_BRANCH_FIRST_FRACTIONAL) {
        fprintf(t->out, "#      why: the first fractional column in "
                "column order\n");
        return;
    }
    if (ev->rule != BNB_BRANCH_MOST_FRACTIONAL &&
        ev->rule != BNB_BRANCH_PSEUDOCOST)
        return;
    int most = ev->rule == BNB_BRANCH_MOST_FRACTIONAL;
    fprintf(t->out, "#      why: %s", most ? "most fractional," :
                                          "pseudocost score");
    if (isfinite(ev->score))
        fprintf(t->out, " %.4g%s", ev->score, most ? " from an integer" : "");
    else
        fprintf(t->out, " infinite (a child's LP is infeasible: the "
                        "column is fixed for free)");
    if (ev->runner >= 0 && isfinite(ev->runner_score))
        fprintf(t->out, "; runner-up %s, %.4g",
                bnb_col_name(t->m, ev->runner), ev->runner_score);
    else if (ev->runner >= 0)
        fprintf(t->out, "; runner-up %s", bnb_col_name(t->m, ev->runner));
    else
        fprintf(t->out, "; the only candidate");
    if (most && ev->runner >= 0 && fabs(ev->score - ev->runner_score) <= 1e-9)
        fprintf(t->out, " (a tie, to the %s)",
                fabs(bnb_col_obj(t->m, ev->col)) >
                        fabs(bnb_col_obj(t->m, ev->runner))
                    ? "larger |objective coefficient|"
                    : "first in column order");
    if (ev->penalty[0] > 0 || ev->penalty[1] > 0)
        fprintf(t->out, "; penalties (the bound lost) down %s, up %s",
                N(t, ev->penalty[0]), N(t, ev->penalty[1]));
    if (ev->strong > 0)
        fprintf(t->out, "; strong branching tried %d column%s (%ld simplex "
                "iteration%s)", ev->strong, ev->strong > 1 ? "s" : "",
                ev->strong_iters, ev->strong_iters == 1 ? "" : "s");
    fprintf(t->out, "\n");
}

/* --trace=grid: the node's LP point, drawn when the node ends, with
 * the column it branches on (mark; -1 none) marked. */
static void draw_grid(cli_trace *t, int mark)
{
    if (!t->grid_due)
        return;
    t->grid_due = 0;
    cli_grid_print(t->grid, t->out, t->grid_x, mark, "#      ");
}

/* The second child's bound change: the complement of the first's. */
static void on_branch(cli_trace *t, const bnb_event *ev)
{
    draw_grid(t, ev->col);
    const char *name = bnb_col_name(t->m, ev->col);
    double other = ev->dir < 0 ? ev->bound + 1 : ev->bound - 1;
    if (ev->rc_fixed > 0)
        fprintf(t->out, "#   reduced-cost fixing: %d bound%s tightened\n",
                ev->rc_fixed, ev->rc_fixed == 1 ? "" : "s");
    fprintf(t->out, "#   => branch on %s = %s: ", name, N(t, ev->value));
    fprintf(t->out, "%s %s %s first, %s %s %s later\n", name,
            ev->dir < 0 ? "<=" : ">=", N(t, ev->bound), name,
            ev->dir < 0 ? ">=" : "<=", N(t, other));
    print_why(t, ev);
    print_status(t, ev);
}

/* ---- prunes ---------------------------------------------------------- */

/* Ends a prune line: with an integral objective a bound z a fraction
 * better than the incumbent is not enough, which the line then says. */
static void end_prune(const cli_trace *t, double z, double inc)
{
    int max = bnb_model_sense(t->m) == BNB_MAXIMIZE;
    if (t->integral_objective && (max ? z > inc : z < inc))
        fprintf(t->out, " (the objective takes whole values: a better "
                "solution needs z %s %s)", max ? ">=" : "<=",
                N(t, max ? inc + 1 : inc - 1));
    fprintf(t->out, "\n");
}

/* A node closed before its LP: the bound its parent and the penalty
 * promised. */
static void print_inherited(const cli_trace *t, const bnb_event *ev)
{
    const bnb_event *nd = &t->node;
    double pen = fabs(nd->node_bound - nd->parent_obj);
    if (isinf(nd->node_bound)) {
        fprintf(t->out, "#   => pruned: infeasible, by an infinite "
                "penalty (no dual pivot can repair its parent's basis)\n");
        return;
    }
    fprintf(t->out, "#   => pruned by bound: child bound %s ",
            N(t, nd->node_bound));
    if (pen > 0)
        fprintf(t->out, "(parent %s %s penalty %s) ", N(t, nd->parent_obj),
                bnb_model_sense(t->m) == BNB_MAXIMIZE ? "-" : "+",
                N(t, pen));
    else
        fprintf(t->out, "(its parent's) ");
    fprintf(t->out, "cannot beat %s", N(t, ev->incumbent));
    end_prune(t, nd->node_bound, ev->incumbent);
}

static void on_pruned(cli_trace *t, const bnb_event *ev)
{
    draw_grid(t, -1);
    const bnb_event *nd = &t->node;
    const char *rel = bnb_model_sense(t->m) == BNB_MAXIMIZE ? "<=" : ">=";
    switch (ev->reason) {
    case BNB_PRUNE_INFEASIBLE:
        fprintf(t->out, "#   => pruned: infeasible\n");
        break;
    case BNB_PRUNE_BOUND:
        if (unsolved(t, nd))
            print_inherited(t, ev);
        else if (nd->lp_status == BNB_LP_CUTOFF) {
            fprintf(t->out, "#   => pruned by bound: z %s %s cannot beat "
                    "incumbent %s", rel, N(t, nd->lp_obj),
                    N(t, ev->incumbent));
            end_prune(t, nd->lp_obj, ev->incumbent);
        }
        else {
            fprintf(t->out, "#   => pruned by bound: z = %s cannot beat "
                    "incumbent %s", N(t, nd->lp_obj), N(t, ev->incumbent));
            end_prune(t, nd->lp_obj, ev->incumbent);
        }
        break;
    case BNB_PRUNE_INTEGRAL:
        if (ev->improved)
            fprintf(t->out, "#   => integral: the new incumbent\n");
        else
            fprintf(t->out, "#   => integral, z = %s: not better than "
                    "incumbent %s\n", N(t, nd->lp_obj), N(t, ev->incumbent));
        break;
    default:
        fprintf(t->out, "#   => LP unbounded: the search stops\n");
    }
    print_status(t, ev);
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
    fprintf(t->out, "# restart %ld after %ld node%s (%d learned row%s "
            "kept)\n", ev->restarts, ev->node, ev->node == 1 ? "" : "s",
            ev->len, ev->len == 1 ? "" : "s");
}

static void on_dive(cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "# dive: %d column%s fixed, %s\n", ev->len,
            ev->len == 1 ? "" : "s",
            ev->improved ? "a solution found"
                         : "then no solution (the search branches)");
}

static void on_pump(cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "# feasibility pump: %d round%s, %s\n", ev->len,
            ev->len == 1 ? "" : "s",
            ev->improved ? "a solution found"
                         : "then no solution (the search branches)");
}

static void on_incumbent(cli_trace *t, const bnb_event *ev)
{
    if (!ev->found_by && !t->node_done && t->last_node == 0)
        fprintf(t->out, "# dive at the root:\n");   /* it names none */
    else if (ev->found_by && ev->node > 0)
        fprintf(t->out, "# %s at node %ld:\n", ev->found_by, ev->node);
    else if (ev->found_by)
        fprintf(t->out, "# %s at the root:\n", ev->found_by);
    fprintf(t->out, "#   ***** new incumbent: z = %s", N(t, ev->lp_obj));
    if (t->has_incumbent)
        fprintf(t->out, " (was %s)", N(t, t->incumbent));
    fprintf(t->out, " *****\n");
    t->has_incumbent = 1;
    t->incumbent = ev->lp_obj;
}

/* ---- cuts ---------------------------------------------------------- */

static const char *const cut_family[BNB_CUT_KINDS] = {"Gomory", "MIR",
                                                      "cover", "clique"};

/* --trace=cuts, and --tableau (whose next tableaus have the cut's row,
 * its slack basic). */
static void on_cut(cli_trace *t, const bnb_event *ev)
{
    if (t->level != CLI_TRACE_CUTS && !t->tableau)
        return;
    fprintf(t->out, "#   cut (%s", cut_family[ev->cut_kind]);
    if (ev->cut_row >= 0)
        fprintf(t->out, ", from row %s", bnb_row_name(t->m, ev->cut_row));
    else if (ev->cut_col >= 0)
        fprintf(t->out, ", from the tableau row of %s",
                bnb_col_name(t->m, ev->cut_col));
    fprintf(t->out, "):");
    for (int k = 0; k < ev->cut_len; k++) {
        double v = ev->cut_vals[k];
        char num[40];
        cli_fraction(num, sizeof num, fabs(v));
        int one = strcmp(num, "1") == 0;
        fprintf(t->out, " %s%s%s%s", v < 0 ? "- " : k ? "+ " : "",
                one ? "" : num, one ? "" : " ",
                bnb_col_name(t->m, ev->cut_cols[k]));
    }
    char rhs[40];
    cli_fraction(rhs, sizeof rhs, ev->cut_rhs);
    fprintf(t->out, " <= %s\n", rhs);
    if (ev->cut_kind == BNB_CUT_GOMORY && ev->view && ev->cut_col >= 0)
        cli_tableau_equation(t->out, t->m, ev->view, ev->cut_col,
                             "#     the tableau row: ");
}

static void on_cut_round(cli_trace *t, const bnb_event *ev)
{
    int total = 0, any = 0;
    for (int k = 0; k < BNB_CUT_KINDS; k++)
        total += ev->cut_count[k];
    if (ev->node > 0)   /* a round at a tree node */
        fprintf(t->out, "# cuts at node %ld: %d cut%s (", ev->node, total,
                total == 1 ? "" : "s");
    else
        fprintf(t->out, "# cut round %d: %d cut%s (", ev->round, total,
                total == 1 ? "" : "s");
    for (int k = 0; k < BNB_CUT_KINDS; k++)
        if (ev->cut_count[k] > 0)
            fprintf(t->out, "%s%d %s", any++ ? ", " : "", ev->cut_count[k],
                    cut_family[k]);
    fprintf(t->out, "), bound %s -> %s\n", N(t, ev->bound_before),
            N(t, ev->lp_obj));
}

/* ---- changes to the model before the root LP ---------------------- */

/* Terms of a rounded row shown before "+ ... (K more terms)". */
#define CLI_TRACE_ROW_TERMS 10

/* "c2: 10 x1 + 6 x2 <= 45 divided by 2, right side 22.5 rounded down to
 * 22" and "c3: coefficient of y tightened from 100 to 6, right side from
 * 100 to 6": a row as the file has it, then what presolve made of it. */
static void on_model_change(cli_trace *t, const bnb_event *ev)
{
    const char *side = ev->dir < 0 ? "<=" : ">=";
    fprintf(t->out, "# %s:", bnb_row_name(t->m, ev->row));
    if (ev->change == BNB_CHANGE_COEF_TIGHTENED) {
        fprintf(t->out, " coefficient of %s tightened from %s to %s",
                bnb_col_name(t->m, ev->col), N(t, ev->old_coef),
                N(t, ev->new_coef));
        if (ev->new_rhs != ev->old_rhs)
            fprintf(t->out, ", right side from %s to %s", N(t, ev->old_rhs),
                    N(t, ev->new_rhs));
        fprintf(t->out, "\n");
        return;
    }
    const int *cols = bnb_row_cols(t->m, ev->row);
    const double *vals = bnb_row_vals(t->m, ev->row);
    int len = bnb_row_len(t->m, ev->row);
    for (int k = 0; k < len && k < CLI_TRACE_ROW_TERMS; k++) {
        double a = fabs(vals[k]);
        fprintf(t->out, " %s%s%s%s", vals[k] < 0 ? "- " : k ? "+ " : "",
                a == 1 ? "" : N(t, a), a == 1 ? "" : " ",
                bnb_col_name(t->m, cols[k]));
    }
    if (len > CLI_TRACE_ROW_TERMS)
        fprintf(t->out, " + ... (%d more terms)", len - CLI_TRACE_ROW_TERMS);
    fprintf(t->out, " %s %s", side, N(t, ev->old_rhs));
    if (ev->divisor != 1)
        fprintf(t->out, " divided by %s, right side %s", N(t, ev->divisor),
                N(t, ev->old_rhs / ev->divisor));
    else
        fprintf(t->out, ": its columns and coefficients are whole, so the "
                "right side");
    fprintf(t->out, " rounded %s to %s\n", ev->dir < 0 ? "down" : "up",
            N(t, ev->new_rhs / ev->divisor));
}

/* "symmetry: 13 interchangeable blocks of 31 binary columns found in the
 * model; orbitopal fixing on its 30 rows with at most one 1 fixed 78
 * columns to 0": the engine's one word on the symmetry it used. */
static void on_symmetry(cli_trace *t, const bnb_event *ev)
{
    fprintf(t->out, "# symmetry: %d interchangeable blocks of %d binary "
            "columns found in the model (%d swaps of blocks, each checked to "
            "map every row to a row); orbitopal fixing on its %d rows with "
            "at most one 1 fixed %d columns to 0\n", ev->blocks,
            ev->block_cols, ev->blocks - 1, ev->packing_rows, ev->len);
}

int cli_trace_event(cli_trace *t, const bnb_event *ev)
{
    if (ev->type == BNB_EV_PIVOT)
        on_pivot(t, ev);
    else if (ev->type == BNB_EV_LP_START)
        on_lp_start(t, ev);
    else if (ev->type == BNB_EV_NODE_START)
        on_node_start(t, ev);
    else if (t->level == CLI_TRACE_OFF && ev->type == BNB_EV_CUT)
        on_cut(t, ev);   /* the tableaus change shape: say why */
    else if (t->level == CLI_TRACE_OFF)
        return 0;
    else if (ev->type == BNB_EV_PROPAGATED)
        on_propagated(t, ev);
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
    else if (ev->type == BNB_EV_PUMP)
        on_pump(t, ev);
    else if (ev->type == BNB_EV_SOLUTION)
        fprintf(t->out, "#   solution found, z = %s\n", N(t, ev->lp_obj));
    else if (ev->type == BNB_EV_CUT)
        on_cut(t, ev);
    else if (ev->type == BNB_EV_CUT_ROUND)
        on_cut_round(t, ev);
    else if (ev->type == BNB_EV_MODEL_CHANGE)
        on_model_change(t, ev);
    else if (ev->type == BNB_EV_SYMMETRY)
        on_symmetry(t, ev);
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
        fprintf(t->out, "#   ... and %d more famil%s\n",
                fs.count - CLI_TRACE_FAMILIES,
                fs.count - CLI_TRACE_FAMILIES == 1 ? "y" : "ies");
    cli_families_free(&fs);
}

/* The root LP decides alone (--lp-only, or an LP without solution):
 * no NODE event tells its result, so the summary does. */
static void print_root_only(const cli_trace *t, const bnb_result *r)
{
    if (r->status == BNB_INFEASIBLE)
        fprintf(t->out, "#   LP infeasible: no point satisfies the rows, "
                "integer or not\n");
    else if (r->status == BNB_UNBOUNDED)
        fprintf(t->out, "#   LP unbounded: the objective improves without "
                "end\n");
    else if (r->has_solution)
        fprintf(t->out, "#   LP optimal: z = %s\n", N(t, r->objective));
}

void cli_trace_finish(cli_trace *t, const bnb_result *r)
{
    if (t->level == CLI_TRACE_OFF)
        return;
    draw_grid(t, -1);   /* a node a limit ended */
    if (t->last_node == 0 && !t->node_done)
        print_root_only(t, r);
    fprintf(t->out, "# ---- search finished: %s\n",
            bnb_status_name(r->status));
    fprintf(t->out, "# %ld node%s, maximum depth %d, %ld simplex "
            "iteration%s, %.3f s\n", r->nodes, r->nodes == 1 ? "" : "s",
            r->max_depth, r->iterations, r->iterations == 1 ? "" : "s",
            r->seconds);
    if (r->has_solution)
        print_tight_rows(t, r);
    else
        fprintf(t->out, "# no solution, so no tight rows to show\n");
    if (r->status == BNB_INFEASIBLE && t->last_node < 0)   /* no root */
        fprintf(t->out, "# the rows contradict each other before any LP "
                "(bounds that cross, or propagation and probing at the "
                "root)\n");
    if (r->status == BNB_INFEASIBLE)
        fprintf(t->out, "# (--explain names a set of rows that cannot all "
                "hold)\n");
}
