/*
 * cuts_tree.c -- cuts at tree nodes. At a node whose depth is a multiple
 * of cut_freq, one round of MIR, cover and clique cuts separates the
 * node's LP point. The cuts are derived from the global bounds (the
 * columns' bounds when the search began), not the node's, so each holds
 * in the whole tree and joins the LP for good as a row; the stored bases
 * of open nodes gain the new rows with their slacks basic (node_basis.c).
 * Gomory cuts are left out: their tableau row's nonbasic columns sit at
 * the node's bounds, which would make them local.
 *
 * Every row makes each later node's LP dearer, so the tree gets cuts
 * only where cuts paid at the root, as Cbc keeps a cut generator in the
 * tree only when it was effective there: the root's rounds must have
 * closed CUT_TREE_MIN_CLOSED of the gap between the root LP and the
 * incumbent. The tree adds at most CUT_TREE_ROWS times the LP's rows at
 * the search's start, and a round that finds nothing or only stalls
 * (CUT_STALL) doubles the number of due nodes skipped before the next.
 */
#include "cuts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct mip_tree_cuts {
    mip_cut_work w;
    double *lo, *up;         /* [nt] the columns' global bounds, then the
                                LP's bounds of the rows                  */
    int nt_room;             /* lo and up hold this many                 */
    int room;                /* rows the tree may still add              */
    int fails, wait;         /* fruitless rounds in a row; due nodes to
                                skip before the next round               */
};

/* The separators' bounds as they are now: the LP gains rows, whose
 * bounds follow the columns'. */
static int tree_bounds(mip_tree_cuts *t)
{
    mip_cut_work *w = &t->w;
    int m = spx_rows(w->lp), nt = w->n + m;
    if (t->nt_room < nt) {
        double *lo = realloc(t->lo, (size_t)nt * sizeof *lo);
        if (lo)
            t->lo = lo;
        double *up = realloc(t->up, (size_t)nt * sizeof *up);
        if (up)
            t->up = up;
        if (!lo || !up)
            return cut_nomem(w);
        t->nt_room = nt;
    }
    memcpy(t->lo + w->n, spx_lower(w->lp) + w->n, (size_t)m * sizeof *t->lo);
    memcpy(t->up + w->n, spx_upper(w->lp) + w->n, (size_t)m * sizeof *t->up);
    w->lo = t->lo;
    w->up = t->up;
    return 1;
}

static void tree_free(mip_tree_cuts *t)
{
    cut_work_free(&t->w);
    free(t->lo);
    free(t->up);
    free(t);
}

void mip_cuts_tree_begin(mip_state *s)
{
    if (!s->par.cut_freq || !mip_cuts_wanted(s))
        return;
    mip_tree_cuts *t = calloc(1, sizeof *t);
    if (!t || !cut_work_init(&t->w, s) || !tree_bounds(t)) {
        if (t)
            tree_free(t);
        s->out_of_memory = 1;
        return;
    }
    memcpy(t->lo, spx_lower(s->lp), (size_t)s->n * sizeof *t->lo);
    memcpy(t->up, spx_upper(s->lp), (size_t)s->n * sizeof *t->up);
    cut_find_vubs(&t->w);
    t->room = (int)(CUT_TREE_ROWS * spx_rows(s->lp));
    s->tree_cuts = t;
}

void mip_cuts_tree_end(mip_state *s)
{
    if (s->tree_cuts)
        tree_free(s->tree_cuts);
    s->tree_cuts = NULL;
}

/* Did the root's cuts close enough of the gap to the incumbent? */
static int paid_at_root(const mip_state *s)
{
    double gap = s->inc.incumbent - s->root_lp_obj;
    return s->inc.has_incumbent && gap > 0 &&
           s->root_cut_obj - s->root_lp_obj >= CUT_TREE_MIN_CLOSED * gap;
}

int mip_cuts_node_due(mip_state *s, int depth)
{
    mip_tree_cuts *t = s->tree_cuts;
    if (!t || depth == 0 || depth % s->par.cut_freq != 0 || t->room <= 0 ||
        !paid_at_root(s))
        return 0;
    if (t->wait > 0) {
        t->wait--;
        return 0;
    }
    return 1;
}

static void fruitless(mip_tree_cuts *t)
{
    t->fails++;
    t->wait = t->fails < CUT_TREE_WAIT_DOUBLINGS ? (1 << t->fails) - 1
                                                : CUT_TREE_MAX_WAIT;
}

int mip_cuts_node(mip_state *s, long node, double cutoff, spx_status *st)
{
    mip_technique_ran(s, MIP_TECH_CUTS);
    mip_tree_cuts *t = s->tree_cuts;
    mip_cut_work *w = &t->w;
    if (!cut_work_refresh(w) || !tree_bounds(t))
        return 0;
    /* no Gomory cuts: the node's bounds would make them local */
    cut_separate(w, s->par.cuts & ~(1 << BNB_CUT_GOMORY));
    int count = cut_select(w, t->room < CUT_TREE_PER_NODE ? t->room
                                                          : CUT_TREE_PER_NODE);
    if (count == 0) {
        fruitless(t);
        return 0;
    }
    if (mip_out_of_time(s))
        return 0;
    double z = spx_objective(s->lp);
    bnb_event ev = cut_round_announce(s, w, count, node, 1);
    if (!cut_add_rows(w, count))
        return 0;
    t->room -= count;
    *st = spx_dual(s->lp, cutoff);
    if (*st == SPX_OPTIMAL &&
        spx_objective(s->lp) - z < CUT_STALL * (1 + fabs(z)))
        fruitless(t);
    else
        t->fails = 0;
    cut_round_done(s, &ev);
    return count;
}
