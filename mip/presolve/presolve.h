/*
 * presolve.h -- the techniques of mip/presolve: the MIP presolve
 * (coefficient tightening, row rounding), bound propagation (activity.c,
 * propagate.c, prop_proof.c), probing, root reduced-cost fixing and
 * conflict learning with its restarts. The core and the heuristics' dives call them; their types
 * (mip_learned, mip_row) are the core's, in mip.h.
 */
#ifndef MIP_PRESOLVE_H
#define MIP_PRESOLVE_H

#include "mip.h"

/* activity.c: a row's activity range, the finite parts and the number
 * of infinite contributions on each side. */
typedef struct {
    double min, max;
    int min_inf, max_inf;
} mip_activity;
/* Adds (sign +1) or takes back (sign -1) the term c x, x in [lo, up]
 * (a zero c adds nothing, and no 0 * inf). Inline: propagation sums
 * every term of a row at each visit. */
static inline void mip_activity_term(mip_activity *a, double c, double lo,
                                     double up, int sign)
{
    if (c == 0.0)
        return;
    double cmin = c > 0 ? c * lo : c * up, cmax = c > 0 ? c * up : c * lo;
    if (isfinite(cmin))
        a->min += sign * cmin;
    else
        a->min_inf += sign;
    if (isfinite(cmax))
        a->max += sign * cmax;
    else
        a->max_inf += sign;
}
/* Adds the term c x, x in [lo, up]. */
static inline void mip_activity_add(mip_activity *a, double c, double lo,
                                    double up)
{
    mip_activity_term(a, c, lo, up, 1);
}
/* Takes back a term mip_activity_add added (when its bounds change). */
static inline void mip_activity_sub(mip_activity *a, double c, double lo,
                                    double up)
{
    mip_activity_term(a, c, lo, up, -1);
}
/* The range without that term's own contribution. */
void mip_residual(const mip_activity *a, double c, double lo, double up,
                  double *rmin, double *rmax);
/* The bounds a row [rlo, rup] implies for a column with coefficient c
 * when the other terms lie in [rmin, rmax]:
 *     c > 0:  (rlo - rmax) / c <= x <= (rup - rmin) / c
 * mirrored for c < 0; infinite where a side is unknown. */
void mip_implied(double c, double rmin, double rmax, double rlo, double rup,
                 double *ilo, double *iup);

/* Propagation's numerical safety (activity.c). A row side b may be
 * missed by mip_side_slack (cont: the largest sum of the row's |terms|
 * on continuous columns, 0 on a row of integers); an activity of len
 * terms summing |terms| to mag is off by at most mip_rounding_error; a
 * quotient v is rounded to an integer by mip_round_down / mip_round_up
 * with tol and the ulps of v itself, an implied integer bound by
 * mip_integer_bound, which tries the integers within those ulps
 * exactly. MIP_PROP_ROUNDING_ULPS is the safety factor on the textbook
 * error bound. */
double mip_side_slack(const bnb_params *p, double b, double cont);
double mip_rounding_error(int len, double mag);
double mip_round_down(double v, double tol);
double mip_round_up(double v, double tol);
/* The integer bound (a - b) / c + tol (up) or (a - b) / c - tol. */
double mip_integer_bound(double c, double a, double b, double tol, int up);

/* propagate.c: tightens integer bounds from the rows touched by a change
 * of column col, recording changes at depth; -1 proves infeasibility,
 * else the number of bounds tightened. */
int mip_prop_init(mip_state *s);
void mip_prop_free(mip_state *s);
/* Once the root LP is built: each column's rows (col_rows) and the rows
 * that every-row propagation queues (row_order) in the order of the
 * rows' keys in the LP (spx_key), not the model's. The queue's budget
 * of visits may end propagation before its fixpoint (general integers
 * creep along chains of rows), so what it reaches depends on the order
 * the rows come in; this way, not on the order of the model's rows.
 * 0 when out of memory. */
int mip_prop_order(mip_state *s);
int mip_propagate(mip_state *s, int col, int depth);
/* The same, also queueing the learned rows from `first_learned` on
 * (learned since the node was made; its parent never saw them). */
int mip_propagate_node(mip_state *s, int col, int first_learned, int depth);
/* The same over every row, at the root (depth 0, never undone). */
int mip_propagate_all(mip_state *s);
/* Every row once, recording changes at depth. */
int mip_propagate_every(mip_state *s, int depth);
/* prop_proof.c: does the chain of propagated changes on the trail from
 * position `from` on, replayed in long double from the bounds before it,
 * still refute learned.failed_row? 1 yes, 0 no (the caller then undoes
 * the chain and carries on as if propagation had found nothing). */
int mip_proof_init(mip_state *s);
void mip_proof_free(mip_state *s);
int mip_proof_confirms(mip_state *s, int from);
/* probe.c: fixes, at the root, the binary columns one of whose values
 * propagation refutes; returns how many, or -1 when it refutes both
 * values of one (the model is infeasible). It gives up after
 * PROBE_USELESS probes in a row that fixed nothing (SCIP's default,
 * maxuseless). */
int mip_probe(mip_state *s);

/* conflict.c: conflict analysis, activity branching, restarts. */
int mip_conflict_init(mip_state *s);
void mip_conflict_free(mip_state *s);
/* Both analyses are called only while s->learning. After propagation
 * failed at depth: learns a no-good from the failed
 * row and the reasons on the trail (first UIP); returns the new row's
 * index (>= m) or -1 when nothing was learned. */
int mip_conflict_analyze(mip_state *s, int depth);
/* After the LP at depth was proved infeasible: the same from the row
 * its Farkas certificate sums (sum_i y_i a_i x within sum_i y_i times
 * the rows' bounds), when the column bounds miss it clearly. */
int mip_conflict_analyze_lp(mip_state *s, int depth);
/* The branching column among the fractional ones: highest activity,
 * ties by the tie-break key; -1 when no column has activity yet. */
int mip_conflict_branch_col(mip_state *s, const double *x);
/* Is it time to restart? (Luby sequence of conflicts) */
int mip_restart_due(const mip_state *s);
/* Starts over from the root, keeping what was learned; 0 when the
 * learned rows refute the root (the model is infeasible). */
int mip_restart(mip_state *s);
/* Drops the learned rows from `from` on that are too long for the
 * search to propagate cheaply (the dive keeps longer ones). */
void mip_conflict_forget_long(mip_state *s, int from);
/* Keeps the root's basis (restarts, the dive) and schedules the first
 * restart. */
void mip_conflict_save_root(mip_state *s);
void mip_restart_schedule(mip_state *s);
/* presolve.c: tightens coefficients of binary columns in one-sided rows
 * (column bounds col_lo/col_up, work [2n]); r has the model's pattern,
 * which s->prop.col_rows indexes by column. Each change is told as a
 * MODEL_CHANGE event. Returns how many. */
int mip_tighten_coefficients(mip_state *s, mip_row_form *r,
                             const double *col_lo, const double *col_up,
                             double *work);

/* presolve.c: in a row of integer columns with integer coefficients the
 * activity is a multiple of their gcd g, so its bounds round to multiples
 * of g (2x + 2y <= -3 becomes 2x + 2y <= -4; 2x - 2y = 1 crosses, which
 * proves the model infeasible before a search that could never end);
 * each side rounded is told as a MODEL_CHANGE event; returns the number
 * of rows changed. */
int mip_round_integer_rows(mip_state *s, mip_row_form *r);

/* rootfix.c: root reduced-cost fixing. Is it on for this search (an
 * objective, rc_fixing and root_rc_fixing, no learning)? */
int mip_root_fixing_wanted(const mip_state *s);
/* Keeps the root LP's reduced costs, proven bound and bounds. */
void mip_root_duals_keep(mip_state *s);
/* A better incumbent came since the fixings were last made. */
int mip_root_fixing_due(const mip_state *s);
/* With the trail at the root's changes: fixes at depth 0, for the whole
 * tree, what the kept reduced costs and the cutoff allow. Returns how
 * many bounds it tightened, -1 when out of memory. */
int mip_root_fixing(mip_state *s);
void mip_root_fixing_free(mip_state *s);

#endif
