/*
 * heur.h -- primal heuristics at the root (heur.c).
 */
#ifndef HEUR_H
#define HEUR_H

#include "mip.h"

/* Simple rounding and a fractional dive from the solved root LP; a find
 * becomes the incumbent (BNB_EV_INCUMBENT names it). The root LP is
 * solved again from its saved basis afterwards: returns its status. */
spx_status mip_heuristics_root(mip_state *s);

#endif
