/*
 * rins.h -- RINS sub-MIPs in the tree (rins.c).
 */
#ifndef RINS_H
#define RINS_H

#include "mip.h"

/* Is a RINS try due at this node (a solution known, rins on, enough
 * nodes since the last try)? */
int mip_rins_due(const mip_state *s);
/* Tries RINS around the LP point lp of node `node`, asking for an
 * objective (minimised, the search's sense) at most cutoff; a find
 * becomes the incumbent. Returns nonzero when the observer asks to
 * stop. */
int mip_rins(mip_state *s, const double *lp, double cutoff, long node);
/* The root's heuristics found the incumbent from the root's LP point:
 * RINS waits for the tree. */
void mip_rins_after_root_find(mip_state *s);

#endif
