/*
 * tree.c -- the search tree's memory: the trail of bound changes (undone
 * on backtracking) and the open nodes, each holding its path of bound
 * changes and its parent's final basis (node_basis.c) so that it can be
 * resumed from anywhere. Which open node comes next is decided here.
 */
#include "mip.h"
#include "presolve.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int trail_set(mip_state *s, int col, double lo, double up, int depth,
                     long serial)
{
    assert(col >= 0 && col < s->n && depth >= 0);
    if (s->tree.trail_len == s->tree.trail_cap) {
        int cap = s->tree.trail_cap ? 2 * s->tree.trail_cap : 64;
        mip_trail_entry *t = realloc(s->tree.trail, (size_t)cap * sizeof *t);
        if (!t) {
            s->out_of_memory = 1;
            return 0;
        }
        s->tree.trail = t;
        s->tree.trail_cap = cap;
    }
    s->tree.trail[s->tree.trail_len++] = (mip_trail_entry){col, depth, serial,
                                             spx_lo(s->lp, col),
                                             spx_up(s->lp, col), lo, up, 0, 0};
    spx_set_bounds(s->lp, col, lo, up);
    return 1;
}

int mip_trail_set(mip_state *s, int col, double lo, double up, int depth)
{
    return trail_set(s, col, lo, up, depth, ++s->tree.trail_serial);
}

static int path_base(const mip_state *s);
static void path_hold(mip_state *s, mip_path **slot, mip_path *r);

void mip_trail_cut(mip_state *s, int len)
{
    if (s->tree.trail_len <= len)
        return;
    /* the paths whose bounds the cut takes back no longer describe it */
    int base = path_base(s);
    while (s->tree.last_path && base + s->tree.last_path->at > len)
        path_hold(s, &s->tree.last_path, s->tree.last_path->up);
    assert(len >= 0);
    while (s->tree.trail_len > len) {
        mip_trail_entry *t = &s->tree.trail[--s->tree.trail_len];
        /* undone newest first, each change finds the bounds it set */
        assert(spx_lo(s->lp, t->col) == t->new_lo &&
               spx_up(s->lp, t->col) == t->new_up);
        spx_set_bounds(s->lp, t->col, t->lo, t->up);
    }
}

int mip_apply_branch(mip_state *s, int col, int dir, double bound, int depth)
{
    double lo = spx_lo(s->lp, col), up = spx_up(s->lp, col);
    if (dir < 0)   /* (a root fixing may have gone beyond the branching) */
        up = fmin(up, bound);
    else
        lo = fmax(lo, bound);
    if (!mip_trail_set(s, col, lo, up, depth))
        return 0;
    s->tree.trail[s->tree.trail_len - 1].branched = 1;
    return 1;
}

static int grow(void *pp, int *cap, size_t elem, int need)
{
    if (need <= *cap)
        return 1;
    int c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *p = realloc(*(void **)pp, (size_t)c * elem);
    if (!p)
        return 0;
    *(void **)pp = p;
    *cap = c;
    return 1;
}

static void path_release(mip_state *s, mip_path *r)
{
    while (r && --r->refs == 0) {
        mip_path *up = r->up;
        s->tree.tree_bytes -= sizeof *r + (double)r->len * sizeof *r->e;
        free(r);
        r = up;
    }
}

static void path_hold(mip_state *s, mip_path **slot, mip_path *r)
{
    if (r)
        r->refs++;
    path_release(s, *slot);
    *slot = r;
}

/* Index of the first trail entry below the root (depth >= 1). */
static int path_base(const mip_state *s)
{
    int base = 0;
    while (base < s->tree.trail_len && s->tree.trail[base].depth < 1)
        base++;
    return base;
}

/* The last change of each column among trail entries [from, to) (in
 * trail order) into e, or only counted when e is NULL; returns how
 * many. A later change sets both bounds anew, so the earlier ones of
 * the same column need not be kept: a path's size is bounded by the
 * columns it moves, not by how often propagation moved them (a general
 * integer column of range 10^8 can be tightened at every node). */
static int last_changes(mip_state *s, int from, int to, mip_bound_set *e)
{
    int count = 0;
    for (int k = to - 1; k >= from; k--) {
        const mip_trail_entry *t = &s->tree.trail[k];
        if (s->tree.path_seen[t->col])
            continue;
        s->tree.path_seen[t->col] = 1;
        count++;
    }
    int at = count;
    for (int k = to - 1; k >= from; k--) {
        const mip_trail_entry *t = &s->tree.trail[k];
        if (!s->tree.path_seen[t->col])
            continue;
        s->tree.path_seen[t->col] = 0;
        if (e)
            e[--at] = (mip_bound_set){t->col, t->branched, t->serial,
                                      t->new_lo, t->new_up, t->depth,
                                      t->reason == 0};
    }
    return count;
}

/*
 * The path: every change below the root, as each column's last change.
 * It shares s->tree.last_path, the path whose bounds the trail's first
 * last_path->at entries above the root give (the trail was captured or
 * restored from it since, and never cut below: mip_trail_cut lets go
 * of what a cut takes back), and holds only the changes after those.
 */
static int capture_path(mip_state *s, mip_pending *p)
{
    int base = path_base(s), len = s->tree.trail_len - base;
    if (len == 0) {
        path_hold(s, &p->path, NULL);
        return 1;
    }
    if (!s->tree.path_seen &&
        !(s->tree.path_seen = calloc((size_t)s->n + 1, 1))) {
        s->out_of_memory = 1;
        return 0;
    }
    mip_path *r = s->tree.last_path;
    int shared = r ? r->at : 0;
    if (shared < len) {
        int own = last_changes(s, base + shared, base + len, NULL);
        mip_path *q = malloc(sizeof *q + (size_t)own * sizeof *q->e);
        if (!q) {
            s->out_of_memory = 1;
            return 0;
        }
        *q = (mip_path){NULL, 0, own, (r ? r->total : 0) + own, len};
        last_changes(s, base + shared, base + len, q->e);
        path_hold(s, &q->up, r);
        s->tree.tree_bytes += sizeof *q + (double)own * sizeof *q->e;
        r = q;
    }
    path_hold(s, &p->path, r);
    path_hold(s, &s->tree.last_path, r);
    return 1;
}

/* The path r (not empty) spelt out in s->tree.path_buf; NULL when out of
 * memory. */
static const mip_bound_set *path_spell(mip_state *s, const mip_path *r)
{
    mip_tree_state *t = &s->tree;
    if (!grow(&t->path_buf, &t->path_buf_cap, sizeof *t->path_buf,
              r->total)) {
        s->out_of_memory = 1;
        return NULL;
    }
    for (; r; r = r->up)
        memcpy(&s->tree.path_buf[r->total - r->len], r->e,
               (size_t)r->len * sizeof *r->e);
    return s->tree.path_buf;
}

static mip_pending *new_pending(mip_state *s)
{
    if (s->tree.spare_len > 0)
        return s->tree.spare[--s->tree.spare_len];
    mip_pending *p = calloc(1, sizeof *p);
    if (p)
        s->tree.tree_bytes += sizeof *p;
    return p;
}

/* ---- the heap of open nodes on (lower, seq) ------------------------ */

static int heap_before(const mip_pending *a, const mip_pending *b)
{
    return a->lower < b->lower || (a->lower == b->lower && a->seq < b->seq);
}

static void heap_put(mip_state *s, int k, mip_pending *p)
{
    assert(k >= 0 && k < s->tree.heap_cap);
    s->tree.heap[k] = p;
    p->heap_at = k;
}

static void sift_up(mip_state *s, int k)
{
    mip_pending *p = s->tree.heap[k];
    while (k > 0 && heap_before(p, s->tree.heap[(k - 1) / 2])) {
        heap_put(s, k, s->tree.heap[(k - 1) / 2]);
        k = (k - 1) / 2;
    }
    heap_put(s, k, p);
    assert(k == 0 || !heap_before(p, s->tree.heap[(k - 1) / 2]));
}

static void sift_down(mip_state *s, int k, int len)
{
    mip_pending *p = s->tree.heap[k];
    for (;;) {
        int c = 2 * k + 1;
        if (c >= len)
            break;
        if (c + 1 < len && heap_before(s->tree.heap[c + 1], s->tree.heap[c]))
            c++;
        if (!heap_before(s->tree.heap[c], p))
            break;
        heap_put(s, k, s->tree.heap[c]);
        k = c;
    }
    heap_put(s, k, p);
    /* the heap order holds at k: no child comes before its parent */
    assert(2 * k + 1 >= len || !heap_before(s->tree.heap[2 * k + 1], p));
    assert(2 * k + 2 >= len || !heap_before(s->tree.heap[2 * k + 2], p));
}

/* Takes heap entry k out (open_len counts it still). */
static void heap_remove(mip_state *s, int k)
{
    int last = s->tree.open_len - 1;
    if (k == last)
        return;
    heap_put(s, k, s->tree.heap[last]);
    sift_down(s, k, last);
    sift_up(s, k);
}

mip_pending *mip_open_push(mip_state *s, double lower)
{
    mip_pending *p = NULL;
    mip_tree_state *t = &s->tree;
    if (!grow(&t->open, &t->open_cap, sizeof *t->open, t->open_top + 1) ||
        !grow(&t->heap, &t->heap_cap, sizeof *t->heap, t->open_len + 1) ||
        !(p = new_pending(s)) || !capture_path(s, p) ||
        !mip_node_basis_save(s, &p->basis)) {
        if (p)
            mip_open_release(s, p);
        s->out_of_memory = 1;
        return NULL;
    }
    p->seq = s->tree.seq++;
    p->lower = lower;
    p->at = s->tree.open_top;
    s->tree.open[s->tree.open_top++] = p;
    heap_put(s, s->tree.open_len++, p);
    sift_up(s, s->tree.open_len - 1);
    return p;
}

/* Closes the holes of the open array once they outnumber its nodes, so
 * that its length stays within twice the nodes'. */
static void compact_open(mip_state *s)
{
    if (s->tree.open_top - s->tree.open_len <= s->tree.open_len + 64)
        return;
    int kept = 0;
    for (int k = 0; k < s->tree.open_top; k++)
        if (s->tree.open[k]) {
            s->tree.open[kept] = s->tree.open[k];
            s->tree.open[kept]->at = kept;
            kept++;
        }
    s->tree.open_top = kept;
    s->tree.open_first = 0;
}

static mip_pending *take_open(mip_state *s, mip_pending *p)
{
    assert(s->tree.open_len > 0 && s->tree.heap[p->heap_at] == p &&
           s->tree.open[p->at] == p);
    s->tree.open[p->at] = NULL;
    heap_remove(s, p->heap_at);
    s->tree.open_len--;
    while (s->tree.open_top > 0 && !s->tree.open[s->tree.open_top - 1])
        s->tree.open_top--;
    if (s->tree.open_first > s->tree.open_top)
        s->tree.open_first = s->tree.open_top;
    compact_open(s);
    return p;
}

int mip_select_dives(const mip_state *s)
{
    return s->par.node_select == BNB_SELECT_DEPTH_FIRST ||
           s->par.node_select == BNB_SELECT_BEST_BACKTRACK ||
           mip_memory_tight(s);
}

/* The oldest open node (breadth first): the holes below open_first
 * are not scanned again. */
static mip_pending *oldest_open(mip_state *s)
{
    while (!s->tree.open[s->tree.open_first])
        s->tree.open_first++;
    return s->tree.open[s->tree.open_first];
}

mip_pending *mip_open_select(mip_state *s)
{
    if (s->tree.open_len == 0)
        return NULL;
    /* the newest: depth first */
    mip_pending *p = s->tree.open[s->tree.open_top - 1];
    if (mip_memory_tight(s))
        return take_open(s, p);
    if (s->par.node_select == BNB_SELECT_BEST_FIRST)
        p = s->tree.heap[0];
    else if (s->par.node_select == BNB_SELECT_BREADTH_FIRST)
        p = oldest_open(s);
    else if (mip_too_deep(s, p->depth))
        p = s->tree.heap[0];
    else if (s->par.node_select == BNB_SELECT_BEST_BACKTRACK &&
             s->inc.has_incumbent) {
        double lb = s->tree.heap[0]->lower;
        if (p->lower > lb + MIP_PLUNGE_SHARE * (s->inc.incumbent - lb))
            p = s->tree.heap[0];
    }
    return take_open(s, p);
}

int mip_too_deep(const mip_state *s, int depth)
{
    return depth > MIP_DEPTH_GUARD_PER_COL *
                       (long)bnb_num_int_cols(s->model) +
                   MIP_DEPTH_GUARD_BASE;
}

int mip_memory_tight(const mip_state *s)
{
    return s->tree.tree_bytes > MIP_MEMORY_SOFT * s->memory_limit;
}

/* Tightens column j to [lo, up] within its bounds at `depth` (a
 * decision, no reason); 0 when out of memory, -1 when they cross. */
static int tighten_to(mip_state *s, int j, double lo, double up, int depth,
                      int branched)
{
    double nlo = fmax(lo, spx_lo(s->lp, j)), nup = fmin(up, spx_up(s->lp, j));
    if (nlo > nup) {
        s->learned.failed_row = -1;   /* no row to analyse */
        return -1;
    }
    if (nlo == spx_lo(s->lp, j) && nup == spx_up(s->lp, j))
        return 1;
    if (!mip_trail_set(s, j, nlo, nup, depth))
        return 0;
    s->tree.trail[s->tree.trail_len - 1].branched = branched;
    return 1;
}

/*
 * Learning (a model without objective) replays path[from..len) as the
 * dive made it: each decision at its own depth, propagated, so that
 * every implied change has its reason again and a conflict at the node
 * is analysed down to its first unique implication point, as at a node
 * the dive reached directly. A path set out bound by bound (the other
 * way) leaves every change at the node's depth without a reason: the
 * analysis cannot resolve a continuous column's, and learns nothing, or
 * keeps every change of the path in a no-good too long to keep.
 * Changes of integer columns the propagation does not find again (its
 * budget, or a refutation its proof replay did not confirm) are set as
 * decisions at the node's depth; a continuous column keeps what the
 * propagation finds (which may differ from before by its rounding
 * slack): a bound set without a reason there would end the analysis,
 * and leaving it out only relaxes the node. Returns 0 when out of
 * memory, -1 when the decisions, propagated with the rows learned
 * since, refute the node.
 */
static int replay_path(mip_state *s, const mip_bound_set *path, int from,
                       int len, int depth)
{
    for (int k = from; k < len; k++) {
        const mip_bound_set *b = &path[k];
        if (!b->decision)
            continue;
        int r = tighten_to(s, b->col, b->lo, b->up, b->depth, b->branched);
        if (r <= 0)
            return r;
        if (mip_propagate(s, b->col, b->depth) < 0)
            return -1;
    }
    for (int k = from; k < len; k++) {
        if (!s->is_int[path[k].col])
            continue;
        int r = tighten_to(s, path[k].col, path[k].lo, path[k].up, depth, 0);
        if (r <= 0)
            return r;
    }
    return 1;
}

/* The path's entries from `from` set out bound by bound under their own
 * serials above the trail's first `kept` entries (which give the bounds
 * of its first `from`): the trail then holds them entry for entry, and
 * the next node pushed shares p's path. */
static int set_path(mip_state *s, mip_pending *p, const mip_bound_set *path,
                    int from, int len, int kept)
{
    for (int k = from; k < len; k++) {
        const mip_bound_set *b = &path[k];
        /* within the bounds the root's fixings left (the path's came
         * before them); none left: the node holds no better solution */
        double lo = fmax(b->lo, spx_lo(s->lp, b->col));
        double up = fmin(b->up, spx_up(s->lp, b->col));
        if (lo > up) {
            path_hold(s, &s->tree.last_path, NULL);   /* cut short */
            return -1;
        }
        if (!trail_set(s, b->col, lo, up, p->depth, b->serial))
            return 0;
        s->tree.trail[s->tree.trail_len - 1].branched = b->branched;
    }
    for (mip_path *r = p->path; r && r->total > from; r = r->up)
        r->at = kept + r->total - from;
    path_hold(s, &s->tree.last_path, p->path);
    return 1;
}

/*
 * The deepest record of path r whose bounds the trail still holds: one
 * of s->tree.last_path's chain (their `at` says up to where). A record's
 * total exceeds its up's, so the two chains are walked up, the deeper
 * first, to where they meet. Comparing the path with the trail entry by
 * entry stopped at the first column the trail changed twice (a path
 * keeps each column's last change): a model whose propagation moves a
 * column twice replayed 30 decisions of each node's path, not one.
 */
static const mip_path *held_record(const mip_state *s, const mip_path *r)
{
    const mip_path *q = s->tree.last_path;
    while (r && q && r != q) {
        if (r->total >= q->total)
            r = r->up;
        else
            q = q->up;
    }
    return r == q ? r : NULL;
}

/* p's branching bound on top of its path; -1 when the replayed path's
 * propagation fixed the column the other way. */
static int apply_branch_of(mip_state *s, const mip_pending *p)
{
    double lo = spx_lo(s->lp, p->col), up = spx_up(s->lp, p->col);
    if (p->dir < 0 ? p->bound < lo : p->bound > up) {
        s->learned.failed_row = -1;   /* no row to analyse */
        return -1;
    }
    return mip_apply_branch(s, p->col, p->dir, p->bound, p->depth);
}

/*
 * The root's changes (depth 0) lie at the bottom of the trail. Above
 * them, the changes the trail shares with p's path (same serials, so the
 * same bounds in the same order) stay; the rest of the trail is undone
 * and the rest of the path replayed (replay_path) or set out (set_path).
 * A better incumbent since the root's fixings were made first takes the
 * trail down to the root's changes and makes them again (rootfix.c).
 * s->tree.restore_failed tells whether the node holds nothing.
 */
int mip_open_restore(mip_state *s, mip_pending *p, int basis)
{
    int base = path_base(s);
    int path_len = p->path ? p->path->total : 0;
    const mip_bound_set *path = path_len ? path_spell(s, p->path) : NULL;
    if (path_len && !path)
        return 0;
    int fixing = mip_root_fixing_due(s);
    const mip_path *held = fixing ? NULL : held_record(s, p->path);
    int shared = held ? held->total : 0, kept = held ? held->at : 0;
    assert(base + kept <= s->tree.trail_len);
    /* (last_path is then `held`: the records past it are let go) */
    mip_trail_cut(s, base + kept);
    if (fixing && mip_root_fixing(s) < 0)
        return 0;
    int r = 1;
    int replayed = s->learning && s->par.propagation && shared < path_len;
    s->tree.restore_failed = 0;
    if (replayed) {
        /* the trail's entries past `held` are not the path's: the next
         * node pushed records them anew */
        r = replay_path(s, path, shared, path_len, p->depth);
    } else if ((r = set_path(s, p, path, shared, path_len, kept)) == 0) {
        return 0;
    }
    if (r > 0)
        r = apply_branch_of(s, p);
    if (r == 0)
        return 0;
    /* set out, a path (and its branching) fails only on the root's
     * fixings, made after it */
    s->tree.restore_failed = r >= 0 ? 0 : replayed ? MIP_REFUTED : MIP_CUT_OFF;
    if (basis && !mip_node_basis_restore(s, &p->basis)) {
        s->out_of_memory = 1;
        return 0;
    }
    return 1;
}

double mip_open_best(const mip_state *s)
{
    return s->tree.open_len > 0 ? s->tree.heap[0]->lower : INFINITY;
}

static void free_pending(mip_state *s, mip_pending *p)
{
    s->tree.tree_bytes -= sizeof *p;
    path_release(s, p->path);
    mip_node_basis_free(s, &p->basis);
    free(p);
}

void mip_open_release(mip_state *s, mip_pending *p)
{
    path_hold(s, &p->path, NULL);
    mip_node_basis_drop(s, &p->basis);
    mip_tree_state *t = &s->tree;
    if (grow(&t->spare, &t->spare_cap, sizeof *t->spare, t->spare_len + 1)) {
        s->tree.spare[s->tree.spare_len++] = p;
        return;
    }
    free_pending(s, p);
}

void mip_tree_free(mip_state *s)
{
    for (int k = 0; k < s->tree.open_top; k++)
        if (s->tree.open[k])
            free_pending(s, s->tree.open[k]);
    for (int k = 0; k < s->tree.spare_len; k++)
        free_pending(s, s->tree.spare[k]);
    path_hold(s, &s->tree.last_path, NULL);
    free(s->tree.path_seen);
    mip_node_basis_end(s);
    free(s->tree.path_buf);
    free(s->tree.open);
    free(s->tree.heap);
    free(s->tree.spare);
    free(s->tree.trail);
}
