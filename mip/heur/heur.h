/*
 * heur.h -- primal heuristics at the root and dives in the tree (heur.c).
 */
#ifndef HEUR_H
#define HEUR_H

#include "mip.h"

/* Simple rounding, a fractional and a coefficient dive (each rounding
 * its LP points on the way) and, when they find nothing, the
 * feasibility pump from the solved root LP; a find
 * becomes the incumbent (BNB_EV_INCUMBENT names it). The root LP is
 * solved again from its saved basis afterwards: returns its status. */
spx_status mip_heuristics_root(mip_state *s);
/* Is that worth a try: heuristics on, an integer model with an
 * objective whose root LP point is fractional (an integral one is the
 * root's own solution), not enumerating (the search counts each
 * solution at its leaf)? The caller asks before mip_heuristics_root. */
int mip_heuristics_wanted(const mip_state *s);
/* x (integer columns rounded) becomes the incumbent, found by `name`
 * at node `node`, if it passes verification and beats the incumbent.
 * Returns nonzero when the observer asks to stop. */
int mip_offer(mip_state *s, double *x, const char *name, long node);
/* start.c: the caller's MIP start (s->inc.start_x, NULL none) becomes the
 * incumbent as given or completed (BNB_EV_INCUMBENT found by "MIP
 * start"), if it can. Returns nonzero when the observer asks to stop. */
int mip_try_start(mip_state *s);
/* A dive from a tree node's solved LP is due: the search has passed
 * the node count set after the last one, and the dives have used less
 * than their share of the simplex iterations. */
int mip_dive_due(const mip_state *s);
/* Dives from node `node` (at depth), guided by the incumbent when there
 * is one, else by fractionality; a find becomes the incumbent. The
 * node's bounds and basis are put back and its LP solved again, with
 * that status in *st. Returns nonzero when the observer asks to stop
 * (or memory ran out). */
int mip_dive_node(mip_state *s, int depth, long node, spx_status *st);

/* dive.c: fixes the integer columns at their rounded values x, each
 * propagated (*fixed: how many, the others by propagation); returns 0
 * when both values of a column fail. The caller cuts the trail. */
int mip_dive(mip_state *s, const double *x, int *fixed);

#endif
