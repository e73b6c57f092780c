/*
 * submip.h -- sub-MIPs: searches a solve runs inside itself (submip.c).
 */
#ifndef SUBMIP_H
#define SUBMIP_H

#include "mip.h"

/* Solves m under p (no observer) with what is left of s's time limit
 * (p->time_limit is set here); the result in r, to be freed with
 * bnb_result_free. When no time is left, r says BNB_TIME_LIMIT without
 * a solve. Returns bnb_solve's code. */
int mip_submip_solve(mip_state *s, const bnb_model *m, bnb_params *p,
                     bnb_result *r);
/* The sub-MIP of RINS and of a MIP start: the columns with a value in
 * fix[n] (NAN: free) are fixed at it, and a search of at most `nodes`
 * nodes over the others, asking for an objective (minimised, the
 * search's sense) at most cutoff (INFINITY: any), fills them in x[n].
 * Returns 1 when it found a solution. */
int mip_submip(mip_state *s, const double *fix, double cutoff,
               double nodes, double *x);

#endif
