/*
 * branch.c -- the branching rules: which fractional column a node
 * branches on (most or least fractional, the first, pseudocost with
 * inferences and penalties, strong branching), and the pseudocosts and
 * inference counts they learn from each node (Achterberg 2007, ch. 5).
 */
#include "mip.h"
#include "presolve.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* The means of the columns' pseudocosts and inferences per side, over
 * the columns with history on that side (1 when none has any), brought
 * up to date once per change of history: a candidate without history
 * takes them, and scanning every column for each such candidate made a
 * node of a model with thousands of columns O(n) per candidate. */
static void update_means(mip_state *s)
{
    if (s->branch.pc_means_at == s->branch.pc_changes)
        return;
    for (int side = 0; side < 2; side++) {
        double sum = 0, isum = 0;
        int cnt = 0, icnt = 0;
        for (int k = 0; k < s->n; k++) {
            const mip_pseudocost *p = &s->branch.pc[k];
            if (p->count[side] > 0) {
                sum += p->sum[side] / p->count[side];
                cnt++;
            }
            if (p->inferences[side] > 0) {
                isum += p->inferred[side] / p->inferences[side];
                icnt++;
            }
        }
        s->branch.pc_mean[side] = cnt ? sum / cnt : 1.0;
        s->branch.inference_mean[side] = icnt ? isum / icnt : 1.0;
    }
    s->branch.pc_means_at = s->branch.pc_changes;
}

static double pc_average(mip_state *s, int j, int side)
{
    const mip_pseudocost *p = &s->branch.pc[j];
    if (p->count[side] > 0)
        return p->sum[side] / p->count[side];
    update_means(s);
    return s->branch.pc_mean[side];
}

/* Driebeck-Tomlin penalties of fractional column j: [0] down, [1] up. */
static void penalties(mip_state *s, int j, double v, double pen[2])
{
    int r = spx_basis_row(s->lp, j);
    pen[0] = pen[1] = 0;
    /* without objective d is a perturbation only */
    if (r >= 0 && s->has_objective && s->par.penalties)
        spx_penalties(s->lp, r, floor(v), ceil(v), &pen[0], &pen[1]);
    /* a child closed within the rows' tolerances is left to its LP */
    double margin = isinf(pen[0]) || isinf(pen[1])
                        ? mip_penalty_margin(s, r) : 0;
    if (isinf(pen[0]) && !(v - floor(v) > margin))
        pen[0] = 0;
    if (isinf(pen[1]) && !(ceil(v) - v > margin))
        pen[1] = 0;
}

/* Scoring column j needs its penalties: a side has no history yet. */
static int needs_penalties(const mip_state *s, int j)
{
    return s->branch.pc[j].count[0] == 0 || s->branch.pc[j].count[1] == 0;
}

/* Estimated objective increase of one side: the pseudocost estimate
 * once j has history on that side; before, the penalty (a proven
 * bound), or when that is 0 a small share of the average pseudocost.
 * Pseudocosts alone, once known, as in reliability branching
 * (Achterberg 2007, sec. 5.4; Linderoth and Savelsbergh 1999 found
 * penalties not worth their cost beside them): taking the larger of
 * the two made bell5 take 280,000 nodes instead of 17,000. */
static double side_estimate(mip_state *s, int j, int side, double dist,
                            double pen)
{
    if (s->branch.pc[j].count[side] > 0)
        return pc_average(s, j, side) * dist;
    if (pen > 0)
        return pen;
    return pc_average(s, j, side) * dist * MIP_PC_UNKNOWN_SHARE;
}

/* Bounds tightened by propagation after branching j to side, on average
 * (all columns' average while j has no history). */
static double inference_average(mip_state *s, int j, int side)
{
    const mip_pseudocost *p = &s->branch.pc[j];
    if (p->inferences[side] > 0)
        return p->inferred[side] / p->inferences[side];
    update_means(s);
    return s->branch.inference_mean[side];
}

static double product(double a, double b)
{
    const double eps = MIP_PC_PRODUCT_MIN;
    return (a > eps ? a : eps) * (b > eps ? b : eps);
}

/* Both scores of candidate j at value v: the objective estimate (product
 * of the sides' penalties or pseudocosts, Achterberg 2007, sec. 5.1) and
 * the inference estimate, which is all a model without an objective has
 * to go by. */
static void score_candidate(mip_state *s, int j, double v, mip_branch_cand *c)
{
    double f = v - floor(v);
    c->col = j;
    c->pen[0] = c->pen[1] = 0;   /* only a side without history uses one */
    if (needs_penalties(s, j))
        penalties(s, j, v, c->pen);
    c->pc = product(side_estimate(s, j, 0, f, c->pen[0]),
                    side_estimate(s, j, 1, 1 - f, c->pen[1]));
    c->inference = product(inference_average(s, j, 0),
                           inference_average(s, j, 1));
}

typedef struct {
    uint64_t key;
    int col;
} keyed_col;

static int by_col_key(const void *pa, const void *pb)
{
    const keyed_col *a = pa, *b = pb;
    if (a->key != b->key)
        return (a->key > b->key) - (a->key < b->key);
    return (a->col > b->col) - (a->col < b->col);
}

/* The columns by their structural keys, then index (the columns the LP
 * cannot tell apart, and every column under --textbook, whose keys are
 * all 0): the order the rules consider the candidates in, so that the
 * same model in another order scores, strong-branches and breaks ties
 * alike (the first strong_init candidates of the model's order got the
 * strong branching). Sorted once: cuts leave the columns' keys. */
static const int *column_order(mip_state *s)
{
    int *order = s->branch.col_order;
    if (s->branch.col_ordered)
        return order;
    keyed_col *work = malloc(((size_t)s->n + 1) * sizeof *work);
    for (int j = 0; j < s->n; j++)
        order[j] = j;
    if (!work) {
        s->out_of_memory = 1;   /* the model's order: the search differs */
        return order;
    }
    for (int j = 0; j < s->n; j++)
        work[j] = (keyed_col){spx_key(s->lp, j), j};
    qsort(work, (size_t)s->n, sizeof *work, by_col_key);
    for (int j = 0; j < s->n; j++)
        order[j] = work[j].col;
    free(work);
    s->branch.col_ordered = 1;
    return order;
}

/* Does column a come before column b by key, then index? */
static int key_before(const mip_state *s, int a, int b)
{
    uint64_t ka = spx_key(s->lp, a), kb = spx_key(s->lp, b);
    return ka != kb ? ka < kb : a < b;
}

int mip_score_beats(const mip_state *s, double a, int ja, double b, int jb)
{
    if (jb < 0)
        return 1;
    double tol = MIP_SCORE_TIE_REL * fmin(fabs(a), fabs(b));
    if (a != b && !(fabs(a - b) <= tol))   /* an infinite one is no tie */
        return a > b;
    return key_before(s, ja, jb);
}

/* Hybrid rule: each score relative to its mean over the candidates, the
 * objective's weighing ten times the inferences'; ties go to the more
 * fractional column. */
/* a / mean, 0 when every candidate has 0 (no history yet). */
static double relative(double a, double mean)
{
    return mean > 0 ? a / mean : 0;
}

static int best_hybrid(mip_state *s, int count, const double *x, double pen[2],
                       mip_branch_why *why)
{
    /* An infinite estimate (a child whose LP the penalties prove
     * infeasible) wins outright: that branching fixes the column for
     * free. The means are over the finite ones, so the others still
     * compare (an infinite mean made every score NaN). */
    double mean_pc = 0, mean_inf = 0, best_score = -1;
    int finite = 0;
    for (int k = 0; k < count; k++) {
        if (isfinite(s->branch.cands[k].pc)) {
            mean_pc += s->branch.cands[k].pc;
            finite++;
        }
        mean_inf += s->branch.cands[k].inference / count;
    }
    mean_pc = finite ? mean_pc / finite : 0;
    int best = 0;
    for (int k = 0; k < count; k++) {
        const mip_branch_cand *c = &s->branch.cands[k];
        double v = x[c->col], f = v - floor(v), mid = f < 1 - f ? f : 1 - f;
        double inf = relative(c->inference, mean_inf);
        double score = isfinite(c->pc)
                           ? relative(c->pc, mean_pc) +
                                 MIP_INFERENCE_WEIGHT * inf +
                                 MIP_FRACTION_TIEBREAK * mid
                           : INFINITY;
        if (mip_score_beats(s, score, c->col, best_score,
                            k ? s->branch.cands[best].col : -1)) {
            if (k > 0) {
                why->runner = s->branch.cands[best].col;
                why->runner_score = best_score;
            }
            best_score = score;
            best = k;
        } else if (mip_score_beats(s, score, c->col, why->runner_score,
                                   why->runner)) {
            why->runner = c->col;
            why->runner_score = score;
        }
    }
    why->score = best_score;
    /* the children's bounds, unless scoring computed them already */
    int j = s->branch.cands[best].col;
    if (needs_penalties(s, j)) {
        pen[0] = s->branch.cands[best].pen[0];
        pen[1] = s->branch.cands[best].pen[1];
    } else {
        penalties(s, j, x[j], pen);
    }
    return j;
}

/* Most fractional: the larger distance to an integer; a tie goes to the
 * larger |objective coefficient| (more at stake), then to column order. */
static int more_fractional(const mip_state *s, int j, double mid, int best,
                           double best_mid)
{
    if (best < 0 || mid > best_mid + s->par.tol_int)
        return 1;
    return mid >= best_mid - s->par.tol_int &&
           fabs(bnb_col_obj(s->model, j)) > fabs(bnb_col_obj(s->model, best));
}

/* Least fractional: the smaller distance to an integer; ties as for the
 * most fractional. */
static int less_fractional(const mip_state *s, int j, double mid, int best,
                           double best_mid)
{
    if (best < 0 || mid < best_mid - s->par.tol_int)
        return 1;
    return mid <= best_mid + s->par.tol_int &&
           fabs(bnb_col_obj(s->model, j)) > fabs(bnb_col_obj(s->model, best));
}

/* Does distance mid beat the runner-up's under the rule? */
static int better_runner(const mip_state *s, double mid,
                         const mip_branch_why *why)
{
    if (why->runner < 0)
        return 1;
    return s->par.branch_rule == BNB_BRANCH_LEAST_FRACTIONAL
               ? mid < why->runner_score
               : mid > why->runner_score;
}

/* Full strong branching: both children's LPs of every fractional column
 * solved, the largest product of the two gains wins (Achterberg 2007,
 * sec. 5.1; a side closed at once counts as an infinite gain). */
static int choose_strong(mip_state *s, const double *x, double pen[2],
                         mip_branch_why *why)
{
    int best = -1;
    long iters0 = s->branch.strong_iters;
    double cut = s->par.lp_cutoff ? mip_cutoff(s) : INFINITY;
    *why = (mip_branch_why){-1, 0, -1, 0, 0};
    const int *order = column_order(s);
    for (int t = 0; t < s->n; t++) {
        int j = order[t];
        double gain[2];
        if (!mip_frac_of(s, j, x[j]))
            continue;
        if (!mip_strong_gains(s, j, x[j], cut, gain) && best >= 0)
            break;   /* the LP could not be put back: keep the best so far */
        double score = product(gain[0], gain[1]);
        why->strong++;
        if (mip_score_beats(s, score, j, why->score, best)) {
            if (best >= 0) {
                why->runner = best;
                why->runner_score = why->score;
            }
            why->score = score;
            best = j;
        } else if (mip_score_beats(s, score, j, why->runner_score,
                                   why->runner)) {
            why->runner = j;
            why->runner_score = score;
        }
    }
    why->strong_iters = s->branch.strong_iters - iters0;
    penalties(s, best, x[best], pen);
    return best;
}

/* The lookahead of reliability branching (Achterberg 2007, sec. 5.4):
 * 1 once STRONG_LOOKAHEAD trials in a row found no candidate better
 * than the best tried before them (pc: the last one's score). */
static int trials_stalled(double pc, double *best_tried, int *since_best)
{
    if (pc > *best_tried) {
        *best_tried = pc;
        *since_best = 0;
        return 0;
    }
    return ++*since_best >= STRONG_LOOKAHEAD;
}

/* The fractional columns of x in `order` (NULL: the model's) into
 * s->branch.frac_cols, one pass over the columns for the whole choice;
 * returns how many. Strong branching's trials leave the bounds as they
 * found them, so the list holds through them. */
static int fractional_columns(mip_state *s, const double *x, const int *order)
{
    const double *lo = spx_lower(s->lp), *up = spx_upper(s->lp);
    int count = 0;
    for (int t = 0; t < s->n; t++) {
        int j = order ? order[t] : t;
        if (s->is_int[j] &&
            mip_fractional_within(x[j], lo[j], up[j], s->par.tol_int))
            s->branch.frac_cols[count++] = j;
    }
    return count;
}

/* The branching column; pen gets its penalties (the children's bounds),
 * why its score and the runner-up's. */
int mip_choose_branch_col(mip_state *s, const double *x, double pen[2],
                             mip_branch_why *why)
{
    if (s->par.branch_rule == BNB_BRANCH_STRONG)
        return choose_strong(s, x, pen, why);
    int best = -1, count = 0, strong = 0;
    /* the first fractional column is the model's order's first */
    const int *order = s->par.branch_rule == BNB_BRANCH_FIRST_FRACTIONAL
                           ? NULL
                           : column_order(s);
    int nfrac = fractional_columns(s, x, order);
    /* one candidate leaves no choice for strong branching to inform */
    int strong_room = nfrac > 1 ? s->par.strong_init : 0;
    double best_mid = -1, best_tried = -1;
    int since_best = 0;
    *why = (mip_branch_why){0, 0, -1, 0, 0};
    long iters0 = s->branch.strong_iters;
    if (s->par.branch_rule == BNB_BRANCH_FIRST_FRACTIONAL &&
        s->learning && s->par.conflict_branching &&
        (best = mip_conflict_branch_col(s, x)) >= 0) {
        penalties(s, best, x[best], pen);
        return best;
    }
    for (int t = 0; t < nfrac; t++) {
        int j = s->branch.frac_cols[t];
        int tried = 0;
        if (s->par.branch_rule == BNB_BRANCH_PSEUDOCOST && s->has_objective &&
            strong < strong_room &&
            (s->branch.pc[j].count[0] == 0 || s->branch.pc[j].count[1] == 0) &&
            mip_strong_affordable(s)) {
            strong++;
            tried = 1;
            mip_strong_init(s, j, x[j], mip_cutoff(s));
        }
        if (s->par.branch_rule == BNB_BRANCH_PSEUDOCOST) {
            mip_branch_cand *c = &s->branch.cands[count++];
            score_candidate(s, j, x[j], c);
            if (tried && trials_stalled(c->pc, &best_tried, &since_best))
                strong_room = strong;   /* the trials stopped paying */
            continue;
        }
        double f = x[j] - floor(x[j]), mid = f < 1 - f ? f : 1 - f;
        int better = s->par.branch_rule == BNB_BRANCH_LEAST_FRACTIONAL
                         ? less_fractional(s, j, mid, best, best_mid)
                         : more_fractional(s, j, mid, best, best_mid);
        if (better) {
            if (best >= 0)
                *why = (mip_branch_why){0, best_mid, best, 0, 0};
            best_mid = mid;
            best = j;
        } else if (better_runner(s, mid, why)) {
            *why = (mip_branch_why){0, mid, j, 0, 0};
        }
        if (s->par.branch_rule == BNB_BRANCH_FIRST_FRACTIONAL)
            break;
    }
    if (s->par.branch_rule == BNB_BRANCH_PSEUDOCOST) {
        why->strong = strong;
        why->strong_iters = s->branch.strong_iters - iters0;
        return best_hybrid(s, count, x, pen, why);
    }
    why->score = best_mid;
    penalties(s, best, x[best], pen);
    return best;
}

/* An infeasible side counts as fixing every column: the best outcome. */
void mip_record_inference(mip_state *s, int col, int dir, int fixed)
{
    if (col < 0)
        return;
    mip_pseudocost *p = &s->branch.pc[col];
    int side = dir < 0 ? 0 : 1;
    p->inferred[side] += fixed;
    p->inferences[side]++;
    s->branch.pc_changes++;
}

void mip_update_pseudocost(mip_state *s, int col, int dir, double value,
                           double parent_obj, double obj)
{
    if (col < 0 || !s->is_int[col])
        return;
    double f = value - floor(value);
    double dist = dir < 0 ? f : 1 - f;
    if (dist <= s->par.tol_int)
        return;
    mip_pseudocost *p = &s->branch.pc[col];
    int side = dir < 0 ? 0 : 1;
    double gain = obj - parent_obj;
    p->sum[side] += (gain > 0 ? gain : 0) / dist;
    p->count[side]++;
    s->branch.pc_changes++;
}
