/*
 * rootfix.c -- root reduced-cost fixing (SCIP's rootredcost propagator;
 * Achterberg 2007, sec. 7.7). The root LP's duals prove, for every point
 * of the root's region,
 *     c x  >=  L + d_j (x_j - lo_j)      (d_j > 0; mirrored at up_j)
 * with L the bound they prove (mip_proven_bound). So each better
 * incumbent, with cutoff z, bounds x_j <= lo_j + floor((z - L) / d_j) in
 * the whole tree. The node's own reduced-cost fixing (search.c) holds
 * below the node only, and every subtree makes it again; these fixings
 * join the root's changes at the bottom of the trail instead, and the
 * open nodes take them when they are resumed (tree.c: a node whose path
 * leaves a column no value is cut off).
 */
#include "presolve.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int mip_root_fixing_wanted(const mip_state *s)
{
    return s->par.root_rc_fixing && s->par.rc_fixing && s->has_objective &&
           !s->learning && !s->par.lp_only;
}

void mip_root_duals_keep(mip_state *s)
{
    mip_technique_ran(s, MIP_TECH_ROOT_RC_FIXING);
    size_t n = (size_t)(s->n ? s->n : 1);
    if (!s->root_rc.d) {
        s->root_rc.d = malloc(n * sizeof(double));
        s->root_rc.lo = malloc(n * sizeof(double));
        s->root_rc.up = malloc(n * sizeof(double));
        if (!s->root_rc.d || !s->root_rc.lo || !s->root_rc.up) {
            mip_root_fixing_free(s);
            s->out_of_memory = 1;
            return;
        }
    }
    s->root_rc.bound = mip_proven_bound(s);
    memcpy(s->root_rc.d, spx_reduced_costs(s->lp), n * sizeof(double));
    memcpy(s->root_rc.lo, spx_lower(s->lp), n * sizeof(double));
    memcpy(s->root_rc.up, spx_upper(s->lp), n * sizeof(double));
    s->root_rc.fixed_for = INFINITY;
}

int mip_root_fixing_due(const mip_state *s)
{
    return s->root_rc.d && isfinite(s->root_rc.bound) &&
           mip_cutoff(s) < s->root_rc.fixed_for;
}

/* Column j's bounds [*lo, *up] as the kept reduced cost d and the gap
 * allow; 1 when they are tighter than before. */
static int fixed_by_root(const mip_state *s, int j, double gap, double *lo,
                         double *up)
{
    double d = s->root_rc.d[j];
    if (d > s->par.tol_dual && isfinite(s->root_rc.lo[j])) {
        double most = mip_rc_reach(s, s->root_rc.lo[j], d, gap);
        if (!(most < *up))
            return 0;
        *up = fmax(most, *lo);
        return 1;
    }
    if (d < -s->par.tol_dual && isfinite(s->root_rc.up[j])) {
        double least = mip_rc_reach(s, s->root_rc.up[j], d, gap);
        if (!(least > *lo))
            return 0;
        *lo = fmin(least, *up);
        return 1;
    }
    return 0;
}

int mip_root_fixing(mip_state *s)
{
    mip_technique_ran(s, MIP_TECH_ROOT_RC_FIXING);
    double cutoff = mip_cutoff(s), gap = cutoff - s->root_rc.bound;
    s->root_rc.fixed_for = cutoff;
    if (!(gap >= 0))
        return 0;
    int count = 0;
    for (int j = 0; j < s->n; j++) {
        double lo = spx_lo(s->lp, j), up = spx_up(s->lp, j);
        if (!s->is_int[j] || lo == up || !fixed_by_root(s, j, gap, &lo, &up))
            continue;
        if (!mip_trail_set(s, j, lo, up, 0))
            return -1;
        count++;
    }
    if (count)
        mip_note_pruned(s, cutoff);   /* the part cut away lies past it */
    s->root_rc.fixed += count;
    return count;
}

void mip_root_fixing_free(mip_state *s)
{
    free(s->root_rc.d);
    free(s->root_rc.lo);
    free(s->root_rc.up);
    s->root_rc.d = s->root_rc.lo = s->root_rc.up = NULL;
}
