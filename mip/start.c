/*
 * start.c -- a MIP start (bnb_solve_start): the caller's point becomes
 * the first incumbent, once the root LP is solved. As given when it
 * passes verification; else completed as SCIP's completesol heuristic
 * does (CBC fixes the integers and solves the LP of the rest): the
 * integer columns it gives are fixed at their values, rounded, and a
 * search with a node limit over the other columns fills them in. A
 * start that is infeasible, or that the search cannot complete, leaves
 * the solve as it would have been without it.
 */
#include "heur.h"
#include "submip.h"

#include <math.h>
#include <stdlib.h>

/* Offers x as the start; 1 in *taken when it became the incumbent. */
static int offer_start(mip_state *s, double *x, const char *name,
                       int *taken)
{
    int had = s->inc.has_incumbent;
    double before = s->inc.incumbent;
    int stop = mip_offer(s, x, name, 0);
    *taken = s->inc.has_incumbent && (!had || s->inc.incumbent < before);
    return stop;
}

/* The start as given, when it gives every column. */
static int offer_whole(mip_state *s, double *x, int *taken)
{
    *taken = 0;
    for (int j = 0; j < s->n; j++) {
        if (isnan(s->inc.start_x[j]))
            return 0;
        x[j] = s->inc.start_x[j];
    }
    return offer_start(s, x, "MIP start", taken);
}

/* The given integer columns fixed, the rest searched. */
static int offer_completed(mip_state *s, double *fix, double *x)
{
    int fixed = 0, taken;
    for (int j = 0; j < s->n; j++) {
        fix[j] = NAN;
        if (s->is_int[j] && !isnan(s->inc.start_x[j])) {
            fix[j] = round(s->inc.start_x[j]);
            fixed++;
        }
    }
    /* with no integer column given, the completion would be the whole
     * search again */
    if (fixed == 0 || !mip_submip(s, fix, INFINITY, MIP_START_NODES, x))
        return 0;
    return offer_start(s, x, "MIP start, completed", &taken);
}

int mip_try_start(mip_state *s)
{
    if (!s->inc.start_x)
        return 0;
    size_t n = (size_t)s->n + 1;
    double *x = malloc(n * sizeof *x), *fix = malloc(n * sizeof *fix);
    int stop = 0, taken = 0;
    if (!x || !fix)
        s->out_of_memory = 1;
    else if (!(stop = offer_whole(s, x, &taken)) && !taken)
        stop = offer_completed(s, fix, x);
    free(x);
    free(fix);
    return stop;
}
