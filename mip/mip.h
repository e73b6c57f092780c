/*
 * mip.h -- private to mip/: the state of one solve (the model turned into
 * a simplex LP, the search tree's trail and stack, the incumbent) and the
 * pieces bnb_solve is made of.
 */
#ifndef MIP_H
#define MIP_H

#include "bnb.h"
#include <math.h>
#include "spx.h"
#include "mip_tune.h"

/* A bound change, undone when the search backtracks above `depth`. The
 * serial names the change: a resumed node's path that replays it keeps
 * it, so a later resume can tell which changes it shares with the trail. */
typedef struct {
    int col, depth;
    long serial;
    double lo, up;           /* the bounds before the change */
    double new_lo, new_up;   /* and after it                 */
    int reason;              /* 1 + the row that implied it (mip_row);
                                0: a branching or a replayed change   */
    int branched;            /* a branching's change, also replayed: the
                                symmetry handling (mip/sym) tells the
                                decisions from what they imply by it   */
} mip_trail_entry;

/* One bound change on a node's path: col's bounds after it, at the
 * depth it was made, and whether it was a decision (no reason). */
typedef struct {
    int col, branched;
    long serial;
    double lo, up;
    int depth, decision;
} mip_bound_set;

/* A node's path of bound changes from the root, shared: a record holds
 * only the changes after those of `up` (the path of a node pushed
 * earlier in the same dive), so a dive of depth d costs O(d) entries,
 * not O(d^2); and of those only each column's last, so a record costs
 * at most one entry per column however often propagation moved it.
 * Reference counted: open nodes and later records hold it. */
typedef struct mip_path {
    struct mip_path *up;
    int refs, len, total;    /* own entries; with up's                 */
    int at;                  /* for s->last_path and its ups: the trail
                                entries above the root after which the
                                bounds are this path's (tree.c)        */
    mip_bound_set e[];           /* [len]                                  */
} mip_path;

/* An open node's basis (node_basis.c): a shared full basis (keyframe)
 * and the node's differences from it; entry `at` < m sets head[at], else
 * stat[at - m]. The scalars name the factor's state (spx_basis). */
typedef struct mip_keyframe mip_keyframe;
typedef struct {
    int at, value;
} mip_basis_change;
typedef struct {
    mip_keyframe *key;
    mip_basis_change *change;    /* [changes], room for cap             */
    int changes, cap;
    int neta, age;
    long serial;
} mip_node_basis;

/* An open node: a child waiting to be solved, with every bound change on
 * its path from the root and its parent's final basis. */
typedef struct {
    long parent, seq;        /* seq: order of creation (depth first)   */
    int at, heap_at;         /* its places in open and in heap         */
    int depth, col, dir;     /* dir -1: col <= bound, +1: col >= bound */
    double bound, value;     /* value: col's LP value at the parent    */
    double parent_obj;       /* spx objective of the parent            */
    double lower;            /* parent_obj + penalty: a bound on its LP */
    int learned;             /* learned rows when it was made          */
    mip_path *path;          /* the ancestors' changes                 */
    mip_node_basis basis;    /* the parent's final basis                */
} mip_pending;

/* A column's branching history, [0] down and [1] up. */
typedef struct {
    double sum[2];           /* objective gain per unit change         */
    int count[2];
    double inferred[2];      /* bounds tightened by propagation after  */
    int inferences[2];       /* a branching on it (inference history)  */
} mip_pseudocost;

/* Rows as arrays, for the presolve to change (the model stays as is). */
typedef struct {
    int m;
    int *start;              /* [m+1] row i: start[i] .. start[i+1]-1  */
    int *col;                /* [nnz]                                  */
    double *val;             /* [nnz]                                  */
    double *lo, *up;         /* [m] row bounds                         */
} mip_row_form;

/* A branching candidate: its column, scores and penalties. */
typedef struct {
    int col;
    double pc, inference, pen[2];
} mip_branch_cand;

/* The no-goods learned from failed propagation (conflict.c): row k is
 * sum val x <= up over binary columns; occ lists each column's rows. */
typedef struct {
    int count, cap;          /* rows, and room for rows                */
    int *start;              /* [cap+1]                                */
    int *col;                /* [nnz_cap]                              */
    double *val;
    double *up;              /* [cap]                                  */
    int nnz_cap;
    int **occ, *occ_len, *occ_cap;   /* [n] learned rows per column   */
    double *activity;        /* [n] conflict activity (VSIDS)          */
    double bump;             /* what a conflict adds; grows each time  */
    double *tie;             /* [n] tie-break key, redrawn at restarts */
    unsigned long long rng;
    int failed_row;          /* the row propagation failed on, or -1   */
    int quiet;               /* learn, but neither bump nor count (dive) */
    int *prev, *last, *stack;    /* analysis scratch: [trail], [n]     */
    char *seen;
    /* An infeasible LP's proof row (mip_conflict_analyze_lp): dense
     * [n], and packed [n]. */
    double *coef, *pval;
    int *pcol;
    int scratch_cap;
    long conflicts, restarts, next_restart;
    spx_basis root_basis;    /* for restarts                           */
    int has_root_basis;
} mip_learned;

typedef struct mip_tree_cuts mip_tree_cuts;
typedef struct mip_orbitope mip_orbitope;

/* The techniques that strengthen branch and bound, one folder each under
 * mip/ (cuts/, heur/, presolve/, sym/), each behind the one switch of BNB_PARAMS
 * the textbook column turns off; their descriptors are techniques.c's
 * table, in this order. */
typedef enum {
    MIP_TECH_ROW_ROUNDING, MIP_TECH_PRESOLVE, MIP_TECH_PROPAGATION,
    MIP_TECH_PROBING, MIP_TECH_CONFLICTS, MIP_TECH_CONFLICT_BRANCHING,
    MIP_TECH_RESTARTS, MIP_TECH_CUTS, MIP_TECH_HEURISTICS, MIP_TECH_DIVING,
    MIP_TECH_PUMP, MIP_TECH_RINS, MIP_TECH_SYMMETRY, MIP_TECH_LIFTED_COVERS,
    MIP_TECH_ROOT_RC_FIXING,
    MIP_TECHNIQUES
} mip_technique_id;

/* One technique, as SCIP describes a plug-in: its name, the folder it
 * lives in, its switch (a parameter of BNB_PARAMS) and the switch's
 * textbook value, the entry points the core calls (the functions that
 * run it: each counts its calls in mip_state.technique_runs with its
 * first statement, and the core calls it only when its switch and its
 * due predicate say so) and those predicates. */
typedef struct mip_technique {
    const char *name;
    const char *folder;
    const char *param;
    double textbook;
    const char *entries;     /* "mip_cuts_root mip_cuts_node"           */
    const char *schedule;    /* "mip_cuts_wanted", or ""                */
} mip_technique;

extern const mip_technique mip_techniques[MIP_TECHNIQUES];

/* The integer parts of the solutions an enumeration counted (count.c):
 * a hash set of keys of key_bytes each, a bit per binary column. */
typedef struct {
    int width, bits;         /* integer columns; binary ones (first)   */
    int *cols;               /* [width] their indices                  */
    size_t key_bytes;
    unsigned char *keys;     /* [cap * key_bytes] the counted points   */
    int len, cap;
    int *slot;               /* [slots] 1 + key index, 0: empty        */
    int slots;
} mip_count_set;

/* The state of a solve is made of parts that each have an owner: the
 * tree (tree.c, node_basis.c), the branching (search.c, strong.c), the
 * propagation (propagate.c, prop_proof.c), the incumbent (solve.c,
 * search.c, count.c) and the techniques' schedule; the rest is the
 * model, the LP and what the whole solve shares. */

/* The open nodes and the trail of bound changes (tree.c). */
typedef struct {
    mip_trail_entry *trail;
    int trail_len, trail_cap;
    long trail_serial;       /* the last serial given to a change      */
    /* The open nodes, oldest first, with NULL where one was taken out
     * of order (open_top places used, open_len nodes), and the same
     * nodes as a heap on (lower, seq): the best bound at heap[0]. */
    mip_pending **open;          /* [open_top]                             */
    int open_len, open_top, open_cap;
    int open_first;              /* open[k] is NULL for every k below   */
    mip_pending **heap;          /* [open_len]                             */
    int heap_cap;
    mip_pending **spare;         /* [spare_len] released, for reuse         */
    int spare_len, spare_cap;
    mip_path *last_path;     /* the path the trail holds, to share       */
    char *path_seen;             /* [n] scratch of a path's columns         */
    mip_keyframe *last_key;  /* the newest keyframe, to describe bases  */
    spx_basis basis_buf;     /* a basis spelt out (node_basis.c)        */
    int *key_row;            /* [nt] a keyframe's row of each variable  */
    int key_row_cap;
    mip_bound_set *path_buf;     /* [path_buf_cap] a path spelt out         */
    int path_buf_cap;
    long seq;
    double tree_bytes;       /* held by open and spare nodes             */
    int restore_failed;      /* the node restored last holds nothing:  */
                             /* MIP_REFUTED, its path's decisions,      */
                             /* propagated again, refute it            */
                             /* (replay_path); MIP_CUT_OFF, its path    */
                             /* leaves a column no value within the     */
                             /* root's fixings (rootfix.c)             */
} mip_tree_state;
enum { MIP_REFUTED = 1, MIP_CUT_OFF };

/* Branching: pseudocosts, inferences and strong branching (search.c,
 * strong.c). */
typedef struct {
    mip_pseudocost *pc;          /* [n]                                    */
    /* The means over the columns with history (pc_average and
     * inference_average for a column without), cached: recounted only
     * after pc_changes moved (every pseudocost update counts one). */
    long pc_changes, pc_means_at;
    double pc_mean[2], inference_mean[2];
    long strong_iters;           /* simplex iterations of strong branching */
    long node_lp_iters, node_lps;   /* the node LPs' (their mean bounds   */
                                    /* a trial LP's, strong.c)           */
    int strong_active;           /* its trial LPs run: pivots not shown    */
    long strong_node;            /* the node whose candidates it tries     */
    int strong_stop;             /* the observer asked to stop on a find   */
    mip_branch_cand *cands;      /* [n] work                               */
    int *frac_cols;              /* [n] work: a node's fractional columns  */
    /* The columns by their structural keys (spx_key), the order the rules
     * consider them in: the same in any order of the model. Sorted on
     * first use (col_ordered). */
    int *col_order;              /* [n]                                    */
    int col_ordered;
} mip_branch_state;

/* Propagation (propagate.c) and the replay of its refutations
 * (prop_proof.c). */
typedef struct {
    int *col_start, *col_rows;   /* rows of each column: [n+1], [nnz]  */
    int *row_order;              /* [m] the rows by key (mip_prop_order) */
    char *row_dirty;             /* [m] queued                         */
    int *row_queue;              /* [m + learned.cap] circular         */
    /* the replay of a refutation: a column's bounds are proof_lo/up[j]
     * where proof_mark[j] == proof_stamp */
    long double *proof_lo, *proof_up;   /* [n]                          */
    unsigned *proof_mark;               /* [n]                          */
    unsigned proof_stamp;
    char *proof_exact;           /* [m] rows of integers                */
    int proof_failed_col;        /* whose bounds crossed, -1: the range */
} mip_prop_state;

/* The incumbent, in spx terms (minimisation, no offset), and the
 * solutions counted when enumerating. */
typedef struct {
    int has_incumbent;
    double incumbent;
    double *best_x;          /* [n]                                    */
    const double *start_x;   /* [n] the caller's MIP start (NAN: not
                                given), NULL none                      */
    long solutions;          /* enumerating: counted.len            */
    mip_count_set counted;   /* enumerating: the solutions counted  */
} mip_incumbent_state;

/* When the techniques run next, and how often they ran. */
typedef struct {
    long rins_next, rins_gap;    /* RINS: next try at this node count    */
    long dive_next, dive_gap;    /* tree dives: next at this node count  */
    long dive_iters;             /* their simplex iterations so far      */
    /* Calls of each technique's entry points (mip_technique_id), for
     * the statistics: a textbook solve makes none. */
    long technique_runs[MIP_TECHNIQUES];
} mip_schedule_state;

typedef struct mip_state {
    const bnb_model *model;
    bnb_params par;
    bnb_observer observer;
    void *ctx;
    spx *lp;
    int m, n;
    double sense;            /* +1 min, -1 max: spx minimises sense*c  */
    char *is_int;            /* [n]                                    */
    double granularity;      /* objective step of integer solutions, 0 */
    int has_objective;       /* some objective coefficient is nonzero   */
    int tightened;           /* coefficients the presolve tightened     */
    int propagate_continuous; /* continuous columns too (no objective) */
    double *x;               /* [n] work: values for events            */
    mip_tree_state tree;
    mip_branch_state branch;
    mip_prop_state prop;
    mip_incumbent_state inc;
    mip_schedule_state sched;
    mip_learned learned;         /* conflict.c                         */
    mip_tree_cuts *tree_cuts;    /* cuts_tree.c                        */
    mip_orbitope *orbitope;      /* sym/orbitope.c, NULL: none found    */
    int root_starting;           /* the root LP's first solve runs: each
                                    start of a simplex run is LP_START    */
    int root_probed;             /* binary columns probing fixed (LP_START) */
    long root_lp_iters;          /* simplex iterations of the root LP's
                                    solve: the unit of the root's
                                    heuristic budgets (mip_tune.h)     */
    double root_lp_obj;          /* the root LP's objective before its  */
    double root_cut_obj;         /* cuts, and after them                */
    int learning;                /* conflict analysis is on            */
    long nodes, next_id;
    int max_depth;
    int numeric_failures;
    int out_of_memory;       /* an allocation failed: no verdict stands */
    double pruned_bound;     /* least bound of the regions pruned against
                                the cutoff (the gap lets it fall below
                                the incumbent)                          */
    double bound;            /* proven bound when the search ended      */
    double memory_limit;     /* bytes (memory_limit resolved)            */
    char message[256];
    double start;
    bnb_status stop;         /* a limit hit, or BNB_OPTIMAL            */
    int root_by_dual;        /* the root LP was solved by the dual     */
    double *row_share;       /* [m] share of its tolerance each row's
                                LP sides moved out by (contract.c)    */
    int widen_rounds;        /* widenings so far (contract.c)          */
    /* The model rows that keep each column from going down, and up (its
     * locks, heur.c); NULL until a heuristic first asks. */
    int *down_locks, *up_locks;
    /* The root LP's reduced costs, its proven bound and its columns'
     * bounds, kept for fixing columns in the whole tree whenever a
     * better incumbent arrives (presolve/rootfix.c); fixed_for is the
     * cutoff the fixings were last made for, fixed their count (told
     * with the next node). */
    struct {
        double *d, *lo, *up;
        double bound, fixed_for;
        int fixed;
    } root_rc;
} mip_state;

/* Counts one call of an entry point of technique t (its first
 * statement). */
static inline void mip_technique_ran(mip_state *s, mip_technique_id t)
{
    s->sched.technique_runs[t]++;
}

/* The simplex of a solve as events show it (view.c: bnb_view_*). */
struct bnb_lp_view {
    const mip_state *s;
};

/* solve.c */
/* A search set up to its root LP (built, not solved), and its release:
 * for the unit tests of propagation, probing and the tree. BNB_ERR_ARG
 * when a column's bounds cross after presolve. */
int mip_search_begin(mip_state *s, const bnb_model *m, const bnb_params *p);
void mip_search_end(mip_state *s);
/* bnb_solve_start keeping its state for the caller to read (the
 * techniques' statistics) and release with mip_search_end. */
int mip_solve_kept(mip_state *s, const bnb_model *m, const bnb_params *params,
                   const double *start, bnb_observer observer, void *ctx,
                   bnb_result *res);

/* count.c: the set of counted solutions (integer parts). init: 0 when
 * out of memory; add: 1 when x's integer part is new (now counted), 0
 * when counted already, -1 when out of memory (s->out_of_memory set);
 * clear: empties it (a better objective value was found). */
int mip_count_init(mip_state *s);
void mip_count_free(mip_state *s);
void mip_count_clear(mip_state *s);
int mip_count_add(mip_state *s, const double *x);
/* x (objective z, spx terms) becomes the incumbent: every heuristic and
 * the search report a better solution here. Enumerating, the count
 * starts again; else it counts the incumbents found. */
void mip_take_incumbent(mip_state *s, const double *x, double z);

/* sort.c: sorts n elements of `size` bytes as qsort does, keeping equal
 * elements in their order, whatever the C library. */
void mip_sort(void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *));
/* state.c */
double mip_clock(void);
int mip_emit(mip_state *s, bnb_event *ev);
/* Why the simplex or the search stopped: the interrupt flag, else the
 * time limit, else the observer. */
bnb_status mip_stop_reason(const mip_state *s);
/* Has the interrupt flag been raised or the time limit passed? */
int mip_out_of_time(const mip_state *s);
double mip_model_objective(const mip_state *s, double spx_obj);

/* search.c: depth-first branch and bound from the solved root LP; sets
 * s->bound. */
void mip_search(mip_state *s);
/* Is the incumbent proven optimal by the bound b (spx terms)? Within
 * MIP_OPTIMAL_GAP relative, or within one objective step when every
 * solution's objective is a multiple of s->granularity. */
int mip_bound_proves(const mip_state *s, double b);
/* Does a solution of objective z (spx terms) improve on the incumbent,
 * by more than MIP_OPTIMAL_GAP relative? */
int mip_improves(const mip_state *s, double z);

/* ranging.c: frees res's basis statuses and ranges (NULL after). */
void mip_ranges_free(bnb_result *res);
/* ranging.c: fills res's basis and ranges (bnb_result) from the
 * optimal root LP; 0 when out of memory. */
int mip_ranging(mip_state *s, bnb_result *res);

/* Why a column was chosen, for the BRANCH event: its score under the
 * rule and the runner-up's. */
typedef struct {
    double score, runner_score;
    int runner;
    int strong;              /* columns strong branching tried here */
    long strong_iters;       /* and its simplex iterations          */
} mip_branch_why;

/* search.c: the helpers the branching rules share with the search. Is
 * x_j (moved into its bounds) fractional, for an integer column j? How
 * many columns of x are? Below what objective (spx terms) a node is
 * worth solving: the incumbent less the gap the proof or the user
 * allows. */
int mip_frac_of(const mip_state *s, int j, double v);
/* |v - round(v)| without a call into libm (every node tests every
 * column): v - trunc(v) is exact, and so is 1 minus it where it is the
 * smaller; past 2^52 every double is an integer (NaN and infinities
 * count as integral, as the difference with round() makes them). */
static inline double mip_integer_distance(double v)
{
    if (!(fabs(v) < (double)(1LL << 52)))
        return 0;
    double f = fabs(v - (double)(long long)v);
    return f < 1 - f ? f : 1 - f;
}
/* v, an integer column's value, off an integer once moved into its
 * bounds [lo, up]? Tested with an absolute tolerance, so a branch on it
 * always cuts its bounds. (Comparisons, not fmin and fmax: libm's calls
 * cost as much as the test, made for every column at every node.) */
static inline int mip_fractional_within(double v, double lo, double up,
                                        double tol)
{
    if ((v == 0.0 || v == 1.0) && lo <= v && v <= up)
        return 0;   /* a binary at a bound, most columns at most nodes */
    return mip_integer_distance(v < lo ? lo : v > up ? up : v) > tol;
}
/* The bound the LP's duals prove for every point within the LP's
 * bounds, whatever their accuracy (weak duality; search.c). Recomputes
 * the reduced costs. */
double mip_proven_bound(mip_state *s);
/* The farthest whole value a column at its bound `at`, reduced cost d,
 * can take before the bound its move costs passes the cutoff, gap
 * above the bound the duals prove: at + floor(gap / d), mirrored for
 * d < 0 (reduced-cost fixing, search.c and rootfix.c). */
double mip_rc_reach(const mip_state *s, double at, double d, double gap);
/* A region whose bound b passed the cutoff is given up: the search's
 * final bound keeps the least of them. */
void mip_note_pruned(mip_state *s, double b);
int mip_count_fractional(const mip_state *s, const double *x);
/* The same count, stopped once it reaches `most`. */
int mip_count_fractional_upto(const mip_state *s, const double *x, int most);
double mip_cutoff(const mip_state *s);

/* branch.c: does score a of column ja beat score b of column jb (jb < 0:
 * none yet)? When larger by more than MIP_SCORE_TIE_REL, or within that
 * (a tie, up to the rounding another order of the model sums in) and ja
 * comes first by the columns' structural keys (spx_key, then index):
 * ties of the branching rules and the heuristics go to the same column
 * in any order of the model. */
int mip_score_beats(const mip_state *s, double a, int ja, double b, int jb);
/* branch.c: the column a node at LP point x branches on, under
 * par.branch_rule (pen: its penalties, why: its score and the
 * runner-up's); the pseudocost and inference counts a child updates from
 * its LP objective obj (its parent branched on col, dir -1 down, +1 up,
 * from value) and from the bounds its propagation fixed. */
int mip_choose_branch_col(mip_state *s, const double *x, double pen[2],
                          mip_branch_why *why);
void mip_update_pseudocost(mip_state *s, int col, int dir, double value,
                           double parent_obj, double obj);
void mip_record_inference(mip_state *s, int col, int dir, int fixed);

/* rng.c: the start of a pseudo-random stream under s->par.seed, and a
 * draw in [0, 1) from a stream. */
unsigned long long mip_rng_start(const mip_state *s);
double mip_rng_uniform(unsigned long long *rng);

/* A row of the model (i < m) or a learned one (i >= m). */
typedef struct {
    int len;
    const int *cols;
    const double *vals;
    double lo, up;
} mip_row;
mip_row mip_row_get(const mip_state *s, int i);
int mip_num_rows(const mip_state *s);   /* model and learned */

/* unbounded.c: the verdict for an integer model whose LP relaxation is
 * unbounded: BNB_UNBOUNDED when it has an integer point, BNB_INFEASIBLE
 * when it has none, or the limit that stopped the search for one. */
bnb_status mip_unbounded_verdict(mip_state *s);

/* tree.c: the trail of bound changes and the open nodes. Every
 * allocation failure sets s->out_of_memory, which ends the search with
 * BNB_OUT_OF_MEMORY: a change that could not be recorded is never taken
 * for "no more nodes" or "infeasible". */
/* Sets col's bounds, on the trail at depth; 0 when out of memory. */
int mip_trail_set(mip_state *s, int col, double lo, double up, int depth);
/* Undoes the trail's changes above its first len. */
void mip_trail_cut(mip_state *s, int len);
/* col <= bound (dir -1) or col >= bound (dir +1), recorded at depth. */
int mip_apply_branch(mip_state *s, int col, int dir, double bound, int depth);
/* A new open node holding the current path and basis; the caller fills
 * in the rest. NULL when out of memory. */
/* node_basis.c: the current basis into nb, nb's basis into the LP, and
 * nb's keyframe let go of (drop) or everything (free); 0: out of memory. */
int mip_node_basis_save(mip_state *s, mip_node_basis *nb);
int mip_node_basis_restore(mip_state *s, const mip_node_basis *nb);
void mip_node_basis_drop(mip_state *s, mip_node_basis *nb);
void mip_node_basis_free(mip_state *s, mip_node_basis *nb);
void mip_node_basis_end(mip_state *s);

/* polish.c: x's continuous columns solved again with its (rounded)
 * integer columns fixed; 0 when that LP has no optimum. */
int mip_polish(mip_state *s, double *x);
/* x: `from` with its integer columns rounded. When that rounding moved
 * a row out of the LP's own tolerance where `from` kept it (7.5e-7 of an
 * integer under a coefficient 40: 3e-5, inside tol_verify of a side of
 * 82, and a point that takes its objective from the miss: x6 = 0 where
 * the row asks 5020), x is polished and 1 returned if the polished point
 * verifies; else 0 with x as it was. */
int mip_polish_if_moved(mip_state *s, double *x, const double *from);

/* A new open node whose LP is bounded by `lower` (the caller fills in
 * the rest); NULL when out of memory. */
mip_pending *mip_open_push(mip_state *s, double lower);
/* Removes and returns the node to solve next, or NULL when none is left:
 * the newest (depth first), unless node_select asks to backtrack to the
 * best bound once the newest falls too far behind it, or for the best
 * bound (best first) or the oldest (breadth first) always. */
mip_pending *mip_open_select(mip_state *s);
/* Does the search go on into a node's first child at once (depth first,
 * with or without backtracking, or memory running short)? Else both
 * children join the open nodes and mip_open_select chooses. */
int mip_select_dives(const mip_state *s);
/* Gives the node's bounds to the LP, and its basis unless `basis` is 0. */
int mip_open_restore(mip_state *s, mip_pending *p, int basis);

void mip_open_release(mip_state *s, mip_pending *p);
/* The best (lowest) bound of the open nodes, INFINITY when none. */
double mip_open_best(const mip_state *s);
/* The open nodes hold more than MIP_MEMORY_SOFT of the memory limit:
 * the search should only finish the dives it has begun. */
int mip_memory_tight(const mip_state *s);
/* A node this deep lies on a dive along an unbounded direction: it goes
 * back to the open list, and the node of best bound comes next. */
int mip_too_deep(const mip_state *s, int depth);
void mip_tree_free(mip_state *s);

/* strong.c: solves the LP of each side of column j (value v) that has
 * no pseudocost yet and records the gain as its first; the LP is left
 * as found. Returns 0 when it could not be restored. */
int mip_strong_init(mip_state *s, int j, double v, double cutoff);
/* Full strong branching: gain[0] and gain[1] the objective gains of
 * the down and up sides of column j (value v), infinite for a side its
 * LP proves infeasible or past cutoff; the LP is left as found. Returns
 * 0 when it could not be restored. */
int mip_strong_gains(mip_state *s, int j, double v, double cutoff,
                     double gain[2]);
/* Strong branching has spent less than its share of the search's
 * simplex iterations, so it may run again. */
int mip_strong_affordable(const mip_state *s);

/* verify.c: checks x against every bound and row of the model and the
 * integrality of the columns flagged in is_int[n] (the model's integer
 * columns, unless solving the LP only); returns 1 if it holds, with the
 * largest violation found. */
/* contract.c: after an LP solve that ended st, 1 when st is an
 * "infeasible" whose certificate does not refute every point the
 * solution check accepts: the sides of the rows it combines have then
 * been moved out (toward the check's tolerance, for good), and the LP
 * must be solved again. */
int mip_lp_widen_needed(mip_state *s, spx_status st);
/* Counting: the margin the LP's duals make of the model rows'
 * tolerances (a bound passes the cutoff only beyond it), and whether a
 * node cut off within it widened those rows to be solved again. */
double mip_count_margin(mip_state *s);
int mip_count_widen_needed(mip_state *s, spx_status st, double cutoff);
/* How far a point the LP calls infeasible may miss model row i's sides
 * and still be refuted (contract.c). */
double mip_row_tolerance(const mip_state *s, int i);
/* The same over the column bounds cl[n], cu[n] instead of the LP's (a
 * cut valid in the whole tree takes the global bounds). */
double mip_row_tolerance_over(const mip_state *s, int i, const double *cl,
                              const double *cu);
/* An infinite penalty of column j's basis row r, which leaves x_j a gap
 * short of a child's bound, refutes every point within the rows'
 * tolerances when that gap exceeds this margin. */
double mip_penalty_margin(mip_state *s, int r);

/* A row of integer columns only that x, integral on its integer
 * columns, breaks beyond tol (as mip_verify judges rows) and beyond the
 * rounding of the row's data to doubles, or -1. */
int mip_broken_integer_row(const bnb_model *m, const double *x,
                           const char *is_int, double tol);
int mip_verify(const bnb_model *m, const double *x, const char *is_int,
               double tol, double tol_int, double *max_violation,
               char *why, size_t whylen);

#endif
