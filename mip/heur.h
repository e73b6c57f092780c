/*
 * heur.h -- primal heuristics at the root (heur.c).
 */
#ifndef HEUR_H
#define HEUR_H

#include "mip.h"

/* Simple rounding, a fractional dive and, when they find nothing, the
 * feasibility pump from the solved root LP; a find
 * becomes the incumbent (BNB_EV_INCUMBENT names it). The root LP is
 * solved again from its saved basis afterwards: returns its status. */
spx_status mip_heuristics_root(mip_state *s);
/* x (integer columns rounded) becomes the incumbent, found by `name`
 * at node `node`, if it passes verification and beats the incumbent.
 * Returns nonzero when the observer asks to stop. */
int mip_offer(mip_state *s, double *x, const char *name, long node);

#endif
