/*
 * conflict.c -- learning from failure, for models without objective
 * (where a node either holds a solution or fails). When propagation
 * proves a node infeasible, the bound changes that the failed row used
 * are traced back through the reasons on the trail (each propagated
 * change remembers the row that implied it) to the first unique
 * implication point of the node's depth, as a SAT solver's first-UIP
 * clause (Marques-Silva and Sakallah 1999; SCIP's conflict analysis,
 * Achterberg 2007, ch. 11). The changes left, all on binary columns,
 * cannot hold together in any solution: their negation is a no-good
 * row, propagated like the model's rows from then on. Learned rows are
 * implied by the model's rows and bounds, so they never cut off a
 * solution.
 *
 * An infeasible LP is analysed the same way. Its Farkas certificate y
 * sums the LP's rows into one row, sum_i y_i a_i x in
 * sum_i y_i [lo_i, up_i], valid for every solution (the simplex hands
 * it over as its check read it, rounding residue taken out); the column
 * bounds of the node miss it, and the bound changes behind those bounds
 * are traced back as above (Achterberg 2007, sec. 11.4).
 *
 * The columns of each no-good gain activity (decaying, VSIDS as in
 * Chaff) that steers branching, and the search restarts from the root
 * after a Luby sequence of conflicts, keeping the learned rows, with
 * ties among branching columns broken afresh.
 */
#include "presolve.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int grow_int(int **p, int *cap, int need)
{
    if (need <= *cap)
        return 1;
    int c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    int *q = realloc(*p, (size_t)c * sizeof *q);
    if (!q)
        return 0;
    *p = q;
    *cap = c;
    return 1;
}

int mip_conflict_init(mip_state *s)
{
    mip_learned *l = &s->learned;
    size_t n = (size_t)(s->n ? s->n : 1);
    l->failed_row = -1;
    l->bump = 1;
    l->rng = mip_rng_start(s);
    l->activity = calloc(n, sizeof *l->activity);
    l->tie = calloc(n, sizeof *l->tie);
    l->last = malloc(n * sizeof *l->last);
    l->occ = calloc(n, sizeof *l->occ);
    l->occ_len = calloc(n, sizeof *l->occ_len);
    l->occ_cap = calloc(n, sizeof *l->occ_cap);
    l->start = calloc(1, sizeof *l->start);
    l->coef = calloc(n, sizeof *l->coef);
    l->pval = malloc(n * sizeof *l->pval);
    l->pcol = malloc(n * sizeof *l->pcol);
    if (!l->activity || !l->tie || !l->last || !l->occ || !l->occ_len ||
        !l->occ_cap || !l->start || !l->coef ||
        !l->pval || !l->pcol)
        return 0;
    for (int j = 0; j < s->n; j++) {
        l->last[j] = -1;
        l->tie[j] = j;   /* column order until the first restart */
    }
    return 1;
}

void mip_conflict_free(mip_state *s)
{
    mip_learned *l = &s->learned;
    if (l->occ)
        for (int j = 0; j < s->n; j++)
            free(l->occ[j]);
    free(l->occ);
    free(l->occ_len);
    free(l->occ_cap);
    free(l->start);
    free(l->col);
    free(l->val);
    free(l->up);
    free(l->activity);
    free(l->tie);
    free(l->prev);
    free(l->last);
    free(l->stack);
    free(l->seen);
    free(l->coef);
    free(l->pval);
    free(l->pcol);
    if (l->has_root_basis)
        spx_basis_free(&l->root_basis);
}

/* ---- the trail as the analysis sees it ------------------------------ */

/* Bottom of the trail above the root's changes (depth 0: global). */
static int trail_base(const mip_state *s)
{
    int b = 0;
    while (b < s->tree.trail_len && s->tree.trail[b].depth < 1)
        b++;
    return b;
}

static int scratch(mip_state *s)
{
    mip_learned *l = &s->learned;
    if (s->tree.trail_len <= l->scratch_cap)
        return 1;
    int cap = 2 * s->tree.trail_len;
    int *prev = realloc(l->prev, (size_t)cap * sizeof *prev);
    if (prev)
        l->prev = prev;
    int *stack = realloc(l->stack, (size_t)cap * sizeof *stack);
    if (stack)
        l->stack = stack;
    char *seen = realloc(l->seen, (size_t)cap);
    if (seen)
        l->seen = seen;
    if (!prev || !stack || !seen) {
        s->out_of_memory = 1;   /* never a silently weaker mip_state */
        return 0;
    }
    l->scratch_cap = cap;
    return 1;
}

/* Links each change on the trail to the column's change before it. */
static void link_trail(mip_state *s, int base)
{
    mip_learned *l = &s->learned;
    for (int p = base; p < s->tree.trail_len; p++) {
        int j = s->tree.trail[p].col;
        l->prev[p] = l->last[j];
        l->last[j] = p;
        l->seen[p] = 0;
    }
}

static void unlink_trail(mip_state *s, int base)
{
    for (int p = base; p < s->tree.trail_len; p++)
        s->learned.last[s->tree.trail[p].col] = -1;
}

/* The change before trail position `before` that set column j's lower
 * (lower 1) or upper bound, or -1 when it is the root's. */
static int setter(const mip_state *s, int j, int lower, int before)
{
    int q = s->learned.last[j];
    for (; q >= 0; q = s->learned.prev[q]) {
        const mip_trail_entry *t = &s->tree.trail[q];
        if (q < before && (lower ? t->new_lo > t->lo : t->new_up < t->up))
            return q;
    }
    return -1;
}

typedef struct {
    int level, at_level;     /* the failing depth; marked changes there */
} analysis;

static void mark(mip_state *s, analysis *a, int q)
{
    if (q < 0 || s->learned.seen[q])
        return;
    s->learned.seen[q] = 1;
    a->at_level += s->tree.trail[q].depth == a->level;
}

/*
 * Marks the changes behind the bounds row r used: its minimum activity
 * (min side: lower bounds of positive terms, upper of negative) or its
 * maximum, as of trail position `before`, skipping column `skip`.
 */
static void mark_side(mip_state *s, analysis *a, const mip_row *r, int min_side,
                      int before, int skip)
{
    for (int k = 0; k < r->len; k++) {
        int j = r->cols[k];
        if (j == skip || r->vals[k] == 0.0)
            continue;
        int lower = (r->vals[k] > 0) == min_side;
        mark(s, a, setter(s, j, lower, before));
    }
}

/* The reason of propagated change p: the side of its row that bounded
 * each of the bounds it moved. */
static void mark_reason(mip_state *s, analysis *a, int p)
{
    const mip_trail_entry *t = &s->tree.trail[p];
    mip_row r = mip_row_get(s, t->reason - 1);
    double c = 0;
    for (int k = 0; k < r.len; k++)
        if (r.cols[k] == t->col)
            c = r.vals[k];
    if (t->new_up < t->up)          /* from rup and the min side (c > 0) */
        mark_side(s, a, &r, c > 0, p, t->col);
    if (t->new_lo > t->lo)
        mark_side(s, a, &r, c < 0, p, t->col);
}

/* Which side of the failed row is out of [lo, up] with today's bounds:
 * 1 the minimum activity, 0 the maximum, -1 neither (tolerances). */
static int failed_side(const mip_state *s, const mip_row *r)
{
    mip_activity act = {0, 0, 0, 0};
    for (int k = 0; k < r->len; k++)
        mip_activity_add(&act, r->vals[k], spx_lo(s->lp, r->cols[k]),
                         spx_up(s->lp, r->cols[k]));
    if (!act.min_inf && act.min > r->up)
        return 1;
    if (!act.max_inf && act.max < r->lo)
        return 0;
    return -1;
}

/*
 * A fix of a column that is binary at the root: its first change above
 * the root found through the column's links (link_trail) starts from
 * bounds within [0, 1]. A general integer narrowed to [0, 1] on the path
 * is not binary: x5 in [0, 2] branched to x5 <= 1 and then fixed at 1
 * gave the no-good x5 + x2 <= 1, which cut off the solution x5 = 2,
 * x2 = 0 while counting.
 */
static int is_binary_fix(const mip_state *s, int p)
{
    const mip_trail_entry *t = &s->tree.trail[p];
    if (!s->is_int[t->col] || t->new_lo != t->new_up)
        return 0;
    int first = p;
    while (s->learned.prev[first] >= 0)
        first = s->learned.prev[first];
    const mip_trail_entry *f = &s->tree.trail[first];
    return f->lo >= 0 && f->up <= 1;
}

/*
 * Resolves marked changes, newest first, by their reasons: every one on
 * a column that is not binary, and those of the failing depth while
 * more than one is left there (first UIP). Returns 0 when a change
 * that cannot be resolved is not binary (nothing to learn).
 */
static int resolve(mip_state *s, analysis *a, int base)
{
    mip_learned *l = &s->learned;
    for (int p = s->tree.trail_len - 1; p >= base; p--) {
        if (!l->seen[p])
            continue;
        const mip_trail_entry *t = &s->tree.trail[p];
        int binary = is_binary_fix(s, p);
        int deep = t->depth == a->level && a->at_level > 1;
        if (t->reason > 0 && (!binary || deep)) {
            l->seen[p] = 0;
            a->at_level -= t->depth == a->level;
            mark_reason(s, a, p);
        } else if (!binary) {
            return 0;
        }
    }
    return 1;
}

/* ---- the learned rows ---------------------------------------------- */

static int row_room(mip_state *s, int len)
{
    mip_learned *l = &s->learned;
    int nnz = l->start[l->count] + len;
    if (nnz > l->nnz_cap) {
        int cap = 2 * nnz;
        int *col = realloc(l->col, (size_t)cap * sizeof *col);
        if (col)
            l->col = col;
        double *val = realloc(l->val, (size_t)cap * sizeof *val);
        if (val)
            l->val = val;
        if (!col || !val) {
            s->out_of_memory = 1;
            return 0;
        }
        l->nnz_cap = cap;
    }
    if (l->count < l->cap)
        return 1;
    int cap = l->cap ? 2 * l->cap : 64, q = s->m + cap;
    int *start = realloc(l->start, ((size_t)cap + 1) * sizeof *start);
    if (start)
        l->start = start;
    double *up = realloc(l->up, (size_t)cap * sizeof *up);
    if (up)
        l->up = up;
    char *dirty = realloc(s->prop.row_dirty, (size_t)q);
    if (dirty)
        s->prop.row_dirty = dirty;
    int *queue = realloc(s->prop.row_queue, (size_t)q * sizeof *queue);
    if (queue)
        s->prop.row_queue = queue;
    if (!start || !up || !dirty || !queue) {
        s->out_of_memory = 1;
        return 0;
    }
    memset(s->prop.row_dirty + s->m + l->cap, 0, (size_t)(cap - l->cap));
    l->cap = cap;
    return 1;
}

/* Appends the no-good of the marked changes: sum over columns fixed at
 * 1 of x - sum over those fixed at 0 of x <= (number at 1) - 1. */
static int add_nogood(mip_state *s, int base, int len)
{
    mip_learned *l = &s->learned;
    if (l->count >= CONFLICT_ROWS_PER_ROW * s->m + CONFLICT_ROWS_MIN ||
        !row_room(s, len))
        return -1;
    int at = l->start[l->count], ones = 0;
    for (int p = base; p < s->tree.trail_len; p++) {
        if (!l->seen[p])
            continue;
        const mip_trail_entry *t = &s->tree.trail[p];
        int j = t->col, one = t->new_lo > 0;
        if (!grow_int(&l->occ[j], &l->occ_cap[j], l->occ_len[j] + 1)) {
            s->out_of_memory = 1;
            return -1;
        }
        l->occ[j][l->occ_len[j]++] = l->count;
        l->col[at] = j;
        l->val[at++] = one ? 1 : -1;
        ones += one;
    }
    l->up[l->count] = ones - 1;
    l->start[++l->count] = at;
    return s->m + l->count - 1;
}

/* Drops the rows from `from` on that are longer than CONFLICT_MAX_LEN
 * (the dive's own). Their entries are the last of each column's list,
 * as rows are appended in order; the trail must hold no change they
 * implied. */
void mip_conflict_forget_long(mip_state *s, int from)
{
    mip_learned *l = &s->learned;
    int kept = from, at = l->start[from];
    for (int k = from; k < l->count; k++)
        for (int e = l->start[k]; e < l->start[k + 1]; e++)
            l->occ_len[l->col[e]]--;
    for (int k = from; k < l->count; k++) {
        int b = l->start[k], len = l->start[k + 1] - b;
        if (len > CONFLICT_MAX_LEN)
            continue;
        for (int e = 0; e < len; e++) {
            int j = l->col[b + e];
            l->col[at + e] = j;
            l->val[at + e] = l->val[b + e];
            l->occ[j][l->occ_len[j]++] = kept;   /* room: was there */
        }
        l->up[kept] = l->up[k];
        l->start[kept] = at;
        at += len;
        l->start[++kept] = at;
    }
    l->count = kept;
}

/* VSIDS: the no-good's columns gain the current bump, which grows so
 * that older conflicts count less. */
static void bump_columns(mip_state *s, int base)
{
    mip_learned *l = &s->learned;
    for (int p = base; p < s->tree.trail_len; p++)
        if (l->seen[p])
            l->activity[s->tree.trail[p].col] += l->bump;
    l->bump /= CONFLICT_DECAY;
    if (l->bump > CONFLICT_RESCALE) {
        for (int j = 0; j < s->n; j++)
            l->activity[j] /= CONFLICT_RESCALE;
        l->bump /= CONFLICT_RESCALE;
    }
}

/* Learns from row r, which the node's bounds violate; see
 * mip_conflict_analyze. */
static int analyze_row(mip_state *s, int depth, const mip_row *rp)
{
    mip_learned *l = &s->learned;
    if (!scratch(s))
        return -1;
    l->conflicts += !l->quiet;
    mip_row r = *rp;
    int side = failed_side(s, &r), base = trail_base(s), row = -1;
    if (side < 0)
        return -1;
    analysis a = {depth, 0};
    link_trail(s, base);
    mark_side(s, &a, &r, side, s->tree.trail_len, -1);
    if (resolve(s, &a, base)) {
        int len = 0;
        for (int p = base; p < s->tree.trail_len; p++)
            len += l->seen[p];
        if (!l->quiet)
            bump_columns(s, base);
        if (len > 0 && len <= (l->quiet ? CONFLICT_MAX_LEN_DIVE
                                        : CONFLICT_MAX_LEN))
            row = add_nogood(s, base, len);

    }
    unlink_trail(s, base);
    return row;
}

int mip_conflict_analyze(mip_state *s, int depth)
{
    mip_technique_ran(s, MIP_TECH_CONFLICTS);
    if (s->learned.failed_row < 0)
        return -1;
    mip_row r = mip_row_get(s, s->learned.failed_row);
    return analyze_row(s, depth, &r);
}

/* Packs sign * coef (clearing coef) into the row pcol/pval; returns its
 * length. */
static int pack_row(mip_state *s, double sign)
{
    mip_learned *l = &s->learned;
    int len = 0;
    for (int j = 0; j < s->n; j++) {
        double c = sign * l->coef[j];
        l->coef[j] = 0;
        if (c == 0.0)
            continue;
        l->pcol[len] = j;
        l->pval[len++] = c;
    }
    return len;
}

/* The least activity of a packed row over the node's bounds, and the
 * size of its terms there. */
static double least_activity(const mip_state *s, int len, double *size)
{
    const mip_learned *l = &s->learned;
    double sum = 0;
    *size = 0;
    for (int k = 0; k < len; k++) {
        int j = l->pcol[k];
        double c = l->pval[k];
        double t = c > 0 ? c * spx_lo(s->lp, j) : c * spx_up(s->lp, j);
        sum += t;
        *size += fabs(t);
    }
    return sum;
}

/* Which side of [lo, up] the proof row's range over the node's bounds
 * misses: +1 above up (the row is coef x <= up), -1 below lo (-coef x
 * <= -lo), 0 neither. */
static double missed_side(const mip_state *s, double lo, double up)
{
    const mip_learned *l = &s->learned;
    mip_activity a = {0, 0, 0, 0};
    for (int j = 0; j < s->n; j++)
        mip_activity_add(&a, l->coef[j], spx_lo(s->lp, j), spx_up(s->lp, j));
    if (isfinite(up) && !a.min_inf && a.min > up)
        return 1;
    if (isfinite(lo) && !a.max_inf && a.max < lo)
        return -1;
    return 0;
}

int mip_conflict_analyze_lp(mip_state *s, int depth)
{
    mip_technique_ran(s, MIP_TECH_CONFLICTS);
    mip_learned *l = &s->learned;
    double lo, up;
    if (spx_rows(s->lp) != s->m || !spx_farkas_row(s->lp, l->coef, &lo, &up))
        return -1;
    double sign = missed_side(s, lo, up), rhs = sign > 0 ? up : -lo;
    int len = pack_row(s, sign);   /* sign 0 only clears */
    if (len <= 0)
        return -1;
    double size, least = least_activity(s, len, &size);
    if (!(least > rhs + CONFLICT_LP_MARGIN * (1 + size + fabs(rhs))))
        return -1;
    mip_row r = {len, l->pcol, l->pval, -INFINITY, rhs};
    return analyze_row(s, depth, &r);
}

/* ---- branching ------------------------------------------------------ */

int mip_conflict_branch_col(mip_state *s, const double *x)
{
    mip_technique_ran(s, MIP_TECH_CONFLICT_BRANCHING);
    const mip_learned *l = &s->learned;
    int best = -1;
    for (int j = 0; j < s->n; j++) {
        if (!s->is_int[j] || fabs(x[j] - round(x[j])) <= s->par.tol_int)
            continue;
        if (best < 0 || l->activity[j] > l->activity[best] ||
            (l->activity[j] == l->activity[best] &&
             l->tie[j] < l->tie[best]))
            best = j;
    }
    return best >= 0 && l->activity[best] > 0 ? best : -1;
}

/* ---- restarts ------------------------------------------------------- */

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (Luby, Sinclair and
 * Zuckerman 1993): restarts that stay short yet keep the search
 * complete, since the runs grow without bound. */
static long luby(long i)
{
    long size = 1, seq = 0;
    while (size < i + 1) {
        seq++;
        size = 2 * size + 1;
    }
    while (size - 1 != i) {
        size = (size - 1) / 2;
        seq--;
        i %= size;
    }
    return 1L << seq;
}

int mip_restart_due(const mip_state *s)
{
    const mip_learned *l = &s->learned;
    return s->learning && s->par.restart_base > 0 &&
           !s->par.enumerate_all && !s->inc.has_incumbent &&
           l->conflicts >= l->next_restart;
}

/* Restarts are counted from 1 (the first run); `next_restart` is the
 * conflict count at which the current run ends. */
void mip_restart_schedule(mip_state *s)
{
    mip_learned *l = &s->learned;
    l->next_restart = l->conflicts +
                      s->par.restart_base * luby(l->restarts);
}

int mip_restart(mip_state *s)
{
    mip_technique_ran(s, MIP_TECH_RESTARTS);
    mip_learned *l = &s->learned;
    mip_pending *p;
    while ((p = mip_open_select(s)) != NULL)
        mip_open_release(s, p);
    mip_trail_cut(s, trail_base(s));
    l->restarts++;
    mip_restart_schedule(s);
    for (int j = 0; j < s->n; j++)
        l->tie[j] = mip_rng_uniform(&l->rng);
    if (l->has_root_basis)
        spx_basis_restore(s->lp, &l->root_basis);
    return mip_propagate_node(s, -1, 0, 0) >= 0;
}

void mip_conflict_save_root(mip_state *s)
{
    mip_learned *l = &s->learned;
    if (!s->learning)
        return;
    if (spx_basis_init(&l->root_basis, s->m, s->m + s->n) != 0) {
        s->out_of_memory = 1;
        return;
    }
    l->has_root_basis = 1;
    spx_basis_save(s->lp, &l->root_basis);
    mip_restart_schedule(s);
}
