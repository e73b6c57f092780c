/*
 * rins.c -- Relaxation Induced Neighbourhood Search (Danna, Rothberg
 * and Le Pape 2005) in the tree: at a node whose LP point is fractional,
 * every integer column whose LP value equals its value in the incumbent
 * is fixed there, and the much smaller MIP over the other columns, with
 * a row asking for a better objective than the incumbent's, is solved
 * by a search of its own with a node limit. Its solution, verified
 * against the whole model, becomes the incumbent (found by "RINS").
 */
#include "rins.h"

#include "heur.h"
#include "submip.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Fixes the integer columns where lp and the incumbent agree at the
 * incumbent's value (fix[j]; NAN: free); returns how many it fixed.
 * *moved gets how many integer columns lp holds at another whole value
 * than the incumbent's. */
static int fix_agreeing(const mip_state *s, const double *lp, double *fix,
                        int *moved)
{
    int fixed = 0;
    *moved = 0;
    for (int j = 0; j < s->n; j++) {
        fix[j] = NAN;
        if (!s->is_int[j])
            continue;
        if (fabs(lp[j] - s->inc.best_x[j]) <= s->par.tol_int) {
            fix[j] = s->inc.best_x[j];
            fixed++;
        } else if (fabs(lp[j] - round(lp[j])) <= s->par.tol_int) {
            (*moved)++;
        }
    }
    return fixed;
}

int mip_rins_due(const mip_state *s)
{
    return s->par.rins && s->inc.has_incumbent && s->has_objective &&
           s->nodes >= s->sched.rins_next;
}

/* The try itself: the sub-MIP over the free columns; 1 when it found a
 * better solution (*stop: the observer asked to stop). */
static int rins_try(mip_state *s, const double *fix, double cutoff, long node,
                    double *x, int *stop)
{
    if (!mip_submip(s, fix, cutoff, RINS_NODES, x))
        return 0;
    double before = s->inc.incumbent;
    *stop = mip_offer(s, x, "RINS", node);
    return s->inc.incumbent < before;
}

/*
 * RINS learns from an LP point and an incumbent that were found apart
 * (Danna, Rothberg and Le Pape): where they agree, the columns are
 * likely right. The root's heuristics round and dive from the root's
 * own point, so their incumbent agrees with it by construction and the
 * neighbourhood is little more than the roundings they just tried (on
 * pp08a such a root try failed and put the next one hundreds of nodes
 * off, and RINS found its solutions late). RINS then starts in the
 * tree, at the root's first child.
 */
void mip_rins_after_root_find(mip_state *s)
{
    s->sched.rins_next = s->nodes + 2;   /* the root counts one */
}

/*
 * Likewise where the LP point holds every integral column at the
 * incumbent's value, the neighbourhood is only its fractional columns:
 * the roundings of this point, which cannot lead far from the
 * incumbent. That is no try: the next node's point, on another path,
 * is asked again.
 */
int mip_rins(mip_state *s, const double *lp, double cutoff, long node)
{
    mip_technique_ran(s, MIP_TECH_RINS);
    size_t n = (size_t)s->n + 1;
    double *fix = malloc(n * sizeof *fix), *x = malloc(n * sizeof *x);
    int stop = 0;
    if (!fix || !x) {
        s->out_of_memory = 1;   /* which ends the solve */
        free(fix);
        free(x);
        return 0;
    }
    int moved, fixed = fix_agreeing(s, lp, fix, &moved), found = 0;
    if (moved == 0) {   /* no try: the next node is asked */
        s->sched.rins_next = s->nodes + 1;
    } else {
        if (fixed >= RINS_MIN_FIXED * bnb_num_int_cols(s->model))
            found = rins_try(s, fix, cutoff, node, x, &stop);
        if (!s->sched.rins_gap)
            s->sched.rins_gap = RINS_FIRST_GAP;
        if (!found)
            s->sched.rins_gap *= 2;
        s->sched.rins_next = s->nodes + s->sched.rins_gap;
    }
    free(fix);
    free(x);
    return stop;
}
