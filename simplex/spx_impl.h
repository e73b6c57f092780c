/*
 * spx_impl.h -- the simplex's working struct and the basis operations
 * shared by the primal and dual drivers. Private to simplex/.
 */
#ifndef SPX_IMPL_H
#define SPX_IMPL_H

#include "spx.h"
#include "spx_factor.h"

#include <math.h>
#include <stdint.h>

/* A candidate of the dual ratio test with its ratio t (the bound
 * flipping test sorts them when it passes a breakpoint). */
typedef struct {
    double t;        /* |d_k| / |alpha_rk|                              */
    double relaxed;  /* t with d_k allowed past zero by tol_dual        */
    double reach;    /* least relaxed ratio from here on, once sorted   */
    int k, pos;      /* the variable; its place among the candidates    */
} spx_breakpoint;

struct spx {
    int m, n, nt;                 /* nt = n + m                           */
    int *colptr, *rowind;         /* A by columns: [n+1], [nnz]           */
    double *colval;               /* [nnz]                                */
    int *rowptr, *colind;         /* A by rows: [m+1], [nnz]              */
    double *rowval;               /* [nnz]                                */
    /* Each row lists its entries in columns with lo < up first, up to
     * rowend[i] (the pivot row skips the rest); rowpos[e] is where
     * column entry e sits in the row copy, rowent the inverse. */
    int *rowend;                  /* [m]                                  */
    /* The partition follows the bounds lazily: a column whose fixing
     * changed is listed in stale (once, by stale_mark) and its entries
     * are moved when a pivot row is next summed, so that probing and
     * dives, which fix and free columns by the thousand between two
     * solves, pay only for the net change. in_front[k]: column k's
     * entries lie before rowend. */
    int *stale;                   /* [n]                                  */
    int nstale;
    signed char *stale_mark;      /* [n]                                  */
    signed char *in_front;        /* [n]                                  */
    int *rowpos, *rowent;         /* [nnz] each                           */
    double *cost;                 /* [nt], 0 on slacks                    */
    int zero_objective;           /* cost is a perturbation of c = 0      */
    /* The LP's own objective (as given, unscaled) and zero_objective
     * while spx_set_cost has put another in place; NULL otherwise. */
    double *own_cost;
    int own_zero;
    double *lo, *up;              /* [nt]                                 */
    /* A key of each variable from the LP's structure (spx_keys.c), the
     * same whatever the order of columns and rows: pricing and ratio
     * ties go to the smaller key, not the lower index. */
    uint64_t *key;                /* [nt]                                 */
    double *x;                    /* [nt] values of every variable        */
    double *d;                    /* [nt] reduced costs, 0 when basic     */
    /* Nonbasic moves not yet applied to x_B: pend = -(sum of a_k dx_k)
     * (spx_move_nonbasic; negated, as spx_ftran_negated takes it);
     * spx_flush_moves applies them by one FTRAN. */
    double *pend;                 /* [m]                                  */
    int pend_any;
    /* Updates since x_B and d were last computed from scratch (-1: d is
     * not the reduced costs of this basis and lp->cost). */
    int x_drift, d_drift;
    /* The largest change of a basic value by those updates (each leaves
     * rounding of about 1e-16 of the change, times what the basis
     * amplifies), 0 when x_B was computed from scratch. */
    double x_moved;
    double *pcost;                /* [nt] phase-1 costs                   */
    int *head;                    /* [m] basic variable of each row       */
    int *pos;                     /* [nt] basis row of a variable, or -1  */
    signed char *stat;            /* [nt] SPX_BASIC / AT_LO / AT_UP / ... */
    spx_factor *factor;           /* the basis inverse (spx_factor.h)     */
    double *weight;               /* [m] dual pricing weights (spx_dual.c) */
    int weights_valid;            /* 0 after primal pivots                */
    int steepest_edge;            /* weights by steepest edge, not Devex  */
    int dual_phase1;              /* the dual solves the auxiliary LP     */
    int fresh_optimum;            /* an optimum stands on d computed      */
                                  /* afresh (spx_solve's verdicts)        */
    int broken;                   /* out of memory for the factor         */
    const char *why;              /* what failed, for SPX_NUMERIC         */
    double *col;                  /* [m] work: B^-1 a_q                   */
    /* The rows where col is nonzero, ascending, as its FTRAN listed
     * them, for the loops that only change those rows. */
    int *colnz;                   /* [m]                                  */
    int ncolnz;
    /* The dual's pricing list: every basic row that is primal infeasible
     * is in it (it may hold feasible ones too, dropped when pricing looks
     * at them); valid only within one spx_run_dual, where every change of
     * x_B goes through spx_track_row or spx_compute_xb (which clears
     * infeas_valid: the list is then rebuilt by one scan). */
    int *infeas;                  /* [m] rows, in no particular order     */
    signed char *in_infeas;       /* [m] row i is in the list             */
    int ninfeas, infeas_valid;
    double *rho;                  /* [m] work: row r of B^-1 or y         */
    /* The rows where rho is nonzero, ascending, as the last pivot row
     * (spx_pivot_row, spx_tableau_row) left them; the dual's weight
     * update then puts its own vector in rho and its rows here. */
    int *rhonz;                   /* [m]                                  */
    int nrhonz;
    /* rho is zero but in the rows of rhonz (the pivot row's BTRAN or
     * the weight update wrote it last): the next pivot row clears those
     * rows only. Whoever writes rho otherwise sets this to 0. */
    int rho_listed;
    /* The certificate y of the last SPX_INFEASIBLE verdict, in the
     * scaled LP (farkas_ok: the last solve ended with one). */
    double *farkas;               /* [m]                                  */
    int farkas_ok;
    /* The enclosures of its alphas as the check took them, and its row
     * once asked for (spx_proof.c), so that the readers need not sum
     * them again; valid while farkas_alphas_ok (a bound change, which
     * moves what the projection clears and the row's range, unsets it),
     * the row while farkas_row_ok too. */
    double *farkas_alphas;
    int farkas_alphas_ok, farkas_row_ok, farkas_projected;
    double *row;                  /* [nt] work: tableau row r             */
    double *tmp;                  /* [m] work                             */
    double *wvar;                 /* [nt] work: weights by variable       */
    int *hwork;                   /* [m] work: the head a rebuild returns */
    int *cand;                    /* [nt] work: ratio-test candidates     */
    spx_breakpoint *brk;          /* [nt] work: candidates by dual ratio  */
    /* The variables with lo < up, rebuilt when a bound change fixes or
     * frees one: the dual's loops over nonbasic variables skip the many
     * columns branching and propagation fix (a fixed column's reduced
     * cost is then left stale). */
    int *movable;                 /* [nt]                                 */
    int nmovable, movable_dirty;
    signed char *in_movable;      /* [nt] k is in movable                 */
    /* The nonbasic columns whose pivot-row entry may be nonzero,
     * ascending: those of the rows where rho is nonzero (spx_pivot_row).
     * The dual's loops over the row take these, not all movable ones. */
    int *rownz;                   /* [nt]                                 */
    int nrownz;
    /* The rows whose slack the pivot row's last entries were written to
     * (rho's nonzero rows then), for clearing them. */
    int *row_slacks;              /* [m]                                  */
    int nrow_slacks;
    int row_dense;                /* the row met most columns: no list,   */
                                  /* the loops take the movable ones      */
    signed char *rowmark;         /* [n] work, 0 between uses             */
    /* Scaling (spx_scale.c): variable k of the LP as given is sc[k]
     * times variable k here, so a'_ik = a_ik sc[k] / sc[n+i], c'_k =
     * c_k sc[k], bounds and values divided by sc[k], reduced costs
     * multiplied; powers of 2, so converting loses no digit. The
     * arrays above are the scaled LP; these hold the LP as given. */
    double *sc;                   /* [nt] scale factors, 1 when unscaled  */
    int scaled;                   /* some sc[k] != 1                      */
    double *ulo, *uup;            /* [nt] bounds as given                 */
    double *ux, *ud;              /* [nt] x and d as given (spx_publish)  */
    double *urowval;              /* [nnz] the row copy as given          */
    spx_params par;
    int since_refactor;
    double refactor_secs;         /* the last spx_refactor took           */
    long iters;
    long budget_start;            /* iters when this solve began          */
    int budget_spent;             /* its budget ended a run: no recovery  */
    int presolved_rows;           /* rows spx_presolve took out, or 0     */
    long presolve_iters;          /* the reduced LP's iterations          */
    spx_pivot_observer observer;
    void *observer_ctx;
};

/* min and max for hot loops: fmin and fmax are library calls (their
 * NaN rule keeps the compiler from inlining them). A NaN in b leaves
 * acc as it was, as fmin and fmax would. */
static inline double spx_min(double acc, double b)
{
    return b < acc ? b : acc;
}

static inline double spx_max(double acc, double b)
{
    return b > acc ? b : acc;
}

/* The seed as it enters every pseudo-random start (spx_params.seed). */
static inline unsigned spx_seed_mix(const spx *lp)
{
    return lp->par.seed * SPX_SEED_MIX;
}

/* The start of a sequence of spx_shift_factor: the same each solve
 * under one seed, so runs repeat. */
static inline unsigned spx_shift_start(const spx *lp)
{
    return SPX_HASH_MULT ^ spx_seed_mix(lp);
}

/* A pseudo-random factor in [1, 2) for bound shifting (primal) and cost
 * perturbation (dual), from a linear congruential sequence (the C
 * standard's example rand()). */
static inline double spx_shift_factor(unsigned *h)
{
    *h = *h * SPX_LCG_MULT + SPX_LCG_ADD;
    return 1.0 + ((*h >> 8) & 0xffff) / SPX_LCG_FRACTION;
}

/* Does score a of variable ka beat score b of variable kb (kb < 0: no
 * one yet)? When a > b (1 + SPX_TIE_REL), or within that of each other
 * and ka is a structural column and kb a slack (as the lower index put
 * them: keys alone made the MIPLIB searches longer, dcmulti 123 nodes
 * against 81), or both of one kind and ka has the
 * smaller key (lp->key; the lower index only between variables the LP's
 * structure cannot tell apart). */
static inline int spx_beats(const spx *lp, double a, int ka, double b,
                            int kb)
{
    if (kb < 0)
        return a > b;
    double tol = SPX_TIE_REL * fabs(b);
    if (a != b && (a > b + tol || a < b - tol))
        return a > b;
    if ((ka < lp->n) != (kb < lp->n))
        return ka < lp->n;
    if (lp->key[ka] != lp->key[kb])
        return lp->key[ka] < lp->key[kb];
    return ka < kb;
}

/* Is variable k's value below its lower / above its upper bound by more
 * than tol_primal * (1 + |bound|)? */
static inline int spx_below(const spx *lp, int k)
{
    double lo = lp->lo[k];
    return lp->x[k] < lo - lp->par.tol_primal * (1 + fabs(lo));
}

static inline int spx_above(const spx *lp, int k)
{
    double up = lp->up[k];
    return lp->x[k] > up + lp->par.tol_primal * (1 + fabs(up));
}

/* Is basic row i primal infeasible (spx_below or spx_above)? */
static inline int spx_row_infeasible(const spx *lp, int i)
{
    int v = lp->head[i];
    return spx_below(lp, v) || spx_above(lp, v);
}

/* After x_B[i] changed: row i joins the pricing list if it became
 * infeasible (one that became feasible leaves at the next pricing). */
static inline void spx_track_row(spx *lp, int i)
{
    if (lp->infeas_valid && !lp->in_infeas[i] && spx_row_infeasible(lp, i)) {
        lp->in_infeas[i] = 1;
        lp->infeas[lp->ninfeas++] = i;
    }
}

/* Nonbasic value implied by stat: lo, up, or 0 for a free variable. */
double spx_nonbasic_value(const spx *lp, int k);

/* The columns the dual's loops over the pivot row visit, ascending: the
 * list of a sparse row, else every movable one (call after
 * spx_update_movable). */
static inline const int *spx_pivot_list(const spx *lp, int *len)
{
    *len = lp->row_dense ? lp->nmovable : lp->nrownz;
    return lp->row_dense ? lp->movable : lp->rownz;
}

/* lp->movable, rebuilt if a bound change made it out of date. */
void spx_update_movable(spx *lp);

/* Nonbasic k takes status stat and the value it implies; x_B follows at
 * the next spx_flush_moves (or spx_compute_xb). */
void spx_move_nonbasic(spx *lp, int k, int stat);
void spx_flush_moves(spx *lp);

/* The status a nonbasic variable takes by default: its finite bound
 * nearest zero, or zero when free. */
int spx_default_status(const spx *lp, int k);

/* Rebuilds the basis inverse from head (repairing a singular basis with
 * slacks), then x_B. Returns the number of repaired columns. */
int spx_refactor(spx *lp);
/* Is a refactorization due? After refactor_every pivots, or when the
 * factor says a rebuild costs less than its updates (spx_factor_due). */
int spx_refactor_due(const spx *lp);
/* The rebuild behind spx_refactor, without x_B: -1 when out of memory. */
int spx_reinvert(spx *lp);
/* Updates the factor for column x = B^-1 a_q entering at row p. */
int spx_eta_push(spx *lp, int p, const double *x);
/* v := B^-1 v  and  u^T := u^T B^-1 (dense vectors of length m). */
void spx_ftran_dense(const spx *lp, double *v);
/* v := B^-1 (-v) (spx_factor_ftran_negated). */
void spx_ftran_negated(const spx *lp, double *v);
void spx_btran_dense(const spx *lp, double *u);
/* Dual pricing weights set to the squared row norms of B^-1 (the
 * steepest-edge values): one BTRAN per row. */
void spx_exact_weights(spx *lp);
/* Is every row's basic variable its own slack? */
int spx_is_slack_basis(const spx *lp);
/* spx_keys.c: lp->key from the LP as given (before scaling). */
/* A pseudo-random key of variable index k, for hashing a set of
 * variables (a basis) by the sum or exclusive or of its members'. */
uint64_t spx_index_key(int k);
void spx_compute_keys(spx *lp);
/* The keys of lp, rebuilt from old with rows dropped and added
 * (newrow[i]: old row i's place in lp, or -1): the columns' and the
 * kept rows' as they were, the added rows' from their columns', so
 * that a cut changes no column's key. */
void spx_carry_keys(const spx *old, spx *lp, const int *newrow);
/* The pseudo-random factor in [1, 2) of variable k in a sweep over the
 * variables that began at *h (spx_shift_start): when ties go by the
 * structure, from k's key alone, so that each variable moves by the same
 * amount in any order of the LP; else the next of the sequence. */
double spx_shift_factor_of(const spx *lp, int k, unsigned *h);
/* Does variable a come before b by key (then index)? */
int spx_key_before(const spx *lp, int a, int b);
/* order[0..m-1]: the rows by their keys (then index); 0 without memory
 * for the sort. */
int spx_rows_by_key(const spx *lp, int *order);
/* spx_presolve.c: solves a reduced LP (rows and columns that others
 * determine taken out) and starts this one from its basis carried back.
 * Returns 1 when it did, 0 when it did not (too small, too little to
 * take out, the reduced LP without optimum: the caller starts as
 * usual), -1 when a limit stopped the reduced solve (*st says which). */
int spx_presolve(spx *lp, spx_status *st);
/* spx_crash.c: swaps fixed slacks of the slack basis for structural
 * columns (a triangular crash); returns how many. */
int spx_crash(spx *lp);
/* x_B = -B^-1 (sum over nonbasic k of a_k x_k), a_k of slack n+i = -e_i;
 * drops pending moves (it includes them). */
void spx_compute_xb(spx *lp);
/* d_k = cost_k - y^T a_k with y^T = cost_B^T B^-1, for the given costs. */
void spx_compute_duals(spx *lp, const double *cost);
/* lp->col = B^-1 a_k, its nonzero rows in lp->colnz, ascending. */
void spx_ftran(spx *lp, int k);
/* row[k] = rho^T a_k for every nonbasic k that is not fixed (0 on the
 * others), rho = row r of B^-1 (copied into lp->rho). */
void spx_pivot_row(spx *lp, int r);
/* Replaces head[r] by q given col = B^-1 a_q; updates B^-1 (not the
 * weights: the dual keeps those). The leaving variable gets leave_stat. */
void spx_pivot(spx *lp, int r, int q, const double *col, int leave_stat);
/* Objective cost^T x. */
double spx_current_objective(const spx *lp);
/* Tells the observer; returns nonzero when it asks to stop. */
int spx_notify(spx *lp, int phase, int entering, int leaving, int flips,
               double dj, double ratio);
/* Tells the observer that a run of phase starts from the current basis
 * (x_B and d computed); nonzero when it asks to stop. */
int spx_notify_start(spx *lp, int phase);

/* spx_solve.c and the drivers: the algorithms on the scaled LP; the
 * public spx_primal, spx_dual and spx_solve add the final check on the
 * LP as given. */
spx_status spx_run_primal(spx *lp);
spx_status spx_run_dual(spx *lp, double cutoff);
/* spx_refine.c: col = B^-1 a_q refined in double-double, its residue
 * set to 0; -1 without memory (col as it was). */
int spx_refine_column(const spx *lp, int q, double *col);
/* spx_far.c: at a first solve's optimum, columns whose reduced cost,
 * within tol_dual, asks for a side without bound and stays real on
 * refined duals go on by the primal simplex: 1 with its status in *st,
 * else 0 with the LP as it was (its d_k as the solve left them). */
int spx_beyond_far_columns(spx *lp, spx_status *st);

/* spx_lp.c: the constructor behind spx_new and spx_change_rows; scale
 * [n+m] gives the scale factors, or NULL to compute them. */
spx *spx_build(int m, int n, const int *colptr, const int *rowind,
               const double *val, const double *c, const double *lo,
               const double *up, const spx_params *par, const double *scale);
/* The same; keys 0 leaves lp->key for the caller to fill
 * (spx_change_rows: spx_carry_keys). */
spx *spx_build_keyed(int m, int n, const int *colptr, const int *rowind,
                     const double *val, const double *c, const double *lo,
                     const double *up, const spx_params *par,
                     const double *scale, int keys);

/* spx_scale.c. Scale factors for the LP's matrix as given (in colval,
 * before spx_scale_apply), all 1 unless par.scaling asks and the
 * matrix is not well scaled already. */
void spx_scale_compute(spx *lp);
/* The scale factor of a new row with entries val[e] in columns idx[e]
 * (e in [0, len)) under the LP's column scales: 1 if it is unscaled. */
double spx_scale_row(const spx *lp, int len, const int *idx,
                     const double *val);
/* Scales colval, rowval (from urowval), cost, lo and up by sc. */
void spx_scale_apply(spx *lp);
/* Back to the LP as given (sc = 1), keeping the basis; refactorizes. */
void spx_unscale(spx *lp);
/* ux and ud from x and d. */
void spx_publish(spx *lp);
/* Does the basis meet tol_primal and tol_dual on the LP as given? */
int spx_unscaled_optimal(const spx *lp);
/* The coefficient of column j in row i as given, for entry e of the
 * column copy. */
static inline double spx_model_coef(const spx *lp, int e, int j)
{
    return lp->colval[e] * (lp->sc[lp->n + lp->rowind[e]] / lp->sc[j]);
}

#endif
