/*
 * cuts.h -- private to the cut loops (cuts*.c), at the root and at tree
 * nodes: the work the separators share and the candidate cuts of a
 * round. Every cut is
 *     sum_j val_j x_j <= rhs
 * over the columns, valid for every integer solution of the model
 * (derived from the LP's rows and the global bounds: w->lo and w->up).
 */
#ifndef CUTS_H
#define CUTS_H

#include "mip.h"

typedef struct {
    int start, len;          /* its entries in mip_cut_work col/val        */
    int kind, row, col;      /* bnb_cut_kind, source row, tableau col  */
    double rhs, eff;         /* efficacy: violation / ||val|| at x*    */
    uint64_t key;            /* spx_terms_key (cut_select sets it):
                                orders equal efficacies             */
} mip_cut_info;

typedef struct mip_cut_work {
    mip_state *s;
    spx *lp;
    int n, m, nt;            /* the LP now: model rows, then cuts      */
    const double *x, *lo, *up;   /* [nt] the LP point and bounds       */
    char *row_int;           /* [m] the row's activity is integral     */
    double *alpha;           /* [nt] work: a tableau row               */
    /* the cut being built, dense over the columns */
    double *dense;           /* [n]                                    */
    int *nz, nnz;            /* [n] columns with dense != 0 (maybe 0)  */
    char *in;                /* [n] listed in nz                       */
    double *mag;             /* [n] sum of the |terms| added to dense  */
    /* a variable upper bound x_j <= vub_val[j] * x_vub_col[j], or -1  */
    int *vub_col;            /* [n]                                    */
    double *vub_val;         /* [n]                                    */
    int *vub_row;            /* [n] the model row that says so         */
    /* how far a point the solution check accepts may miss each model
     * row (mip_row_tolerance over lo and up; cut_separate sets it) */
    double *row_tol;         /* [model rows]                           */
    /* the conflict graph of the binaries, built once (cuts_clique.c) */
    struct conflict_graph *conflicts;
    /* the round's candidates */
    mip_cut_info *cut;
    int ncut, cut_cap;
    int *col;
    double *val;
    int used, room;
    double rebuild_secs;         /* the last round's LP rebuild took    */
} mip_cut_work;

/* An allocation failed: the solve ends as out of memory. Skipping the
 * cuts instead would make the answer depend on how much memory was
 * free; returns 0 for the caller to pass on. */
static inline int cut_nomem(const mip_cut_work *w)
{
    w->s->out_of_memory = 1;
    return 0;
}

/* dense += v e_j, and dense += mult * (row i of the LP). */
void cut_dense_add(mip_cut_work *w, int j, double v);
void cut_dense_add_row(mip_cut_work *w, int i, double mult);
void cut_dense_clear(mip_cut_work *w);
/* How far a point that the solution check accepts (its model rows
 * within their tolerances, contract.c) may put variable k (a column or
 * an LP row's slack) beyond the bound it sits at. */
double cut_var_tolerance(const mip_cut_work *w, int k);
/* Can a cut rest on a row whose fractional part f0 is known only to
 * within `shift` (the rounding of its terms, and how far a point the
 * solution check accepts may move it)? Not when the shift takes
 * CUT_MAX_UNCERTAIN of the nearer side's fraction min(f0, 1 - f0): the
 * cut's coefficients would rest on digits the row does not resolve
 * (Achterberg 2007, ch. 8; Cook, Dash, Fukasawa and Goycoolea 2009). */
int cut_row_reliable(double shift, double f0);
/* Efficacy of dense <= rhs at the LP point: (a x* - rhs) / ||a||. */
double cut_efficacy(const mip_cut_work *w, double rhs);
/* Makes dense <= rhs numerically safe (tiny entries relaxed away with
 * their bounds, cancellation residues dropped as the zeros they are,
 * dynamism and size limits), scales it, and keeps it as a
 * candidate if it cuts the LP point off enough; clears dense. Returns 1
 * when kept. */
int cut_commit(mip_cut_work *w, double rhs, int kind, int row, int col);

/* The work's life: init once (0 when out of memory), refresh before
 * each round (the LP's rows, point and bounds as they are now, and the
 * round's candidates emptied), free. */
int cut_work_init(mip_cut_work *w, mip_state *s);
int cut_work_refresh(mip_cut_work *w);
void cut_work_free(mip_cut_work *w);
/* Finds the variable upper bounds x_j <= u y among the model's rows,
 * under the bounds w->lo and w->up. */
void cut_find_vubs(mip_cut_work *w);
/* Keeps at most `most` candidates, the most efficacious not too
 * parallel to one kept before (first in w->cut); returns how many. */
int cut_select(mip_cut_work *w, int most);
/* Runs the separators of the families in the mask `kinds` (bits
 * 1 << bnb_cut_kind): each adds its candidates to w. */
void cut_separate(mip_cut_work *w, int kinds);
/* A round of `count` chosen cuts at `node` (0: the root's loop): the
 * CUT_ROUND event with the bound before and the cuts by family, each
 * cut's CUT event emitted (an observer that asks sets s->stop); after
 * the re-solve, done fills in the LP's result and emits the event. */
bnb_event cut_round_announce(mip_state *s, const mip_cut_work *w, int count,
                             long node, int round);
void cut_round_done(mip_state *s, bnb_event *ev);
/* The first `count` candidates as new LP rows; 0 when out of memory. */
int cut_add_rows(mip_cut_work *w, int count);

/* A binary of a knapsack row (cuts_cover.c, cuts_lifted.c). */
typedef struct {
    int col, comp;           /* comp: z = 1 - x                       */
    double a, z;             /* weight and LP value of z              */
    uint64_t key;            /* spx_key: orders ties in any column order */
} cover_item;
/* Row i times sign (+1: a x <= up, -1: -a x <= -lo) as a knapsack
 * sum a_j z_j <= *b, a > 0, over its binaries (the others at the bound
 * that relaxes it, binaries of negative coefficient complemented; b
 * widened by the row's tolerance, w->row_tol); returns the item count,
 * or -1 when it cannot be relaxed to one. */
int cover_knapsack(const mip_cut_work *w, int i, double sign, cover_item *it,
                   double *b);
/* The greedy cover of it[0..count) for capacity b (items with z near 1
 * first, per unit of weight) trimmed to a minimal one and moved to the
 * front; returns its size, or 0 when the LP point satisfies its
 * inequality anyway. */
int cover_greedy(cover_item *it, int count, double b);

/* The separators: each adds its candidates to w. */
void cuts_gomory(mip_cut_work *w);
void cuts_mir(mip_cut_work *w);
void cuts_cover(mip_cut_work *w);
void cuts_clique(mip_cut_work *w);
void cuts_clique_free(mip_cut_work *w);
/* cuts_lifted.c: covers over the LP's fractional binaries of a knapsack
 * row, its ones fixed, then lifted exactly (with the cover family, when
 * cover_lifting is on). */
void mip_lifted_covers(mip_state *s, mip_cut_work *w);

/* cuts.c: the root loop, called once the root LP is optimal and only
 * when mip_cuts_wanted. Returns
 * the LP status after the cuts (SPX_OPTIMAL unless the LP failed). */
spx_status mip_cuts_root(mip_state *s);
/* Does the model get cuts (an objective, integer columns, cuts on)? */
int mip_cuts_wanted(const mip_state *s);

/* cuts_tree.c: cuts at tree nodes. begin is called when the search
 * starts (it notes the global bounds), end when it is over. node runs a
 * round at a node that is due and re-solves its LP by the dual simplex
 * (*st, against cutoff); returns the number of cuts added. */
void mip_cuts_tree_begin(mip_state *s);
/* Are tree cuts due at a node of this depth (every cut_freq levels,
 * room left, paid for at the root, not waiting after a useless round;
 * a wait is counted down here)? The caller asks before mip_cuts_node. */
int mip_cuts_node_due(mip_state *s, int depth);
int mip_cuts_node(mip_state *s, long node, double cutoff, spx_status *st);
void mip_cuts_tree_end(mip_state *s);

#endif
